"""DL122: statements that can never change a score (warnings).

A scoring line whose cap is never reached, one that counts per more cards
than its scope can hold, and a condition that can never hold (a card next to
itself, in two rows at once, more cards than its scope holds) are accepted by
the language and do nothing: a modder meant something else. Each function
takes the :class:`lint.DefinitionChecker` that records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import Severity
from ..language import model as m
from ..language.source import condition_text, line_text
from ..language.walk import iter_nodes
from .lint_checker import Checker

Most = Callable[[m.Countable], int | None]  # the most a count can be, or None


def check_noops(checker: Checker, lines: Sequence[m.ScoringLine], anchored: bool) -> None:
    """Warn about each line of a card, law or goal that can never change a score."""
    bounds = checker.noop_bounds
    if bounds is None:  # once per run: the pool's heaviest weight, its declared words
        weight = max(
            (w.amount for card in checker.registry.myth_cards() for w in card.weights), default=1
        )
        kinds = {
            m.Attribute.MYTHOLOGY: len(checker.registry.vocabulary.ids("mythology")),
            m.Attribute.TYPE: len(checker.registry.vocabulary.ids("type")),
        }
        bounds = checker.noop_bounds = (weight, kinds)
    for line in lines:
        _line(checker, line, anchored, lambda c: _most(c, *bounds))


def _warn(checker: Checker, message: str, node: object, help: str) -> None:
    checker.add("DL122", message, node, help=help, severity=Severity.WARNING)


def _most(countable: m.Countable, weight: int, kinds: dict[m.Attribute, int]) -> int | None:
    """The most a count can ever be (R11: a card may count as several), or
    None when it has no such bound (points, patterns, laws met)."""
    if isinstance(countable, m.Count):
        weighed = any(isinstance(node, m.TypeIs) for node in iter_nodes(countable.selector))
        return countable.scope.kind.most_cells * (weight if weighed else 1)
    if isinstance(countable, m.Distinct):
        return kinds[countable.attribute] or None
    return None


def _line(checker: Checker, line: m.ScoringLine, anchored: bool, most: Most) -> None:
    cap = None
    if isinstance(line, m.Capped):
        cap, line = line, line.line
    if isinstance(line, m.PerCount):
        bound = most(line.count)
        if bound is not None and line.per > bound:
            _warn(
                checker,
                f"'per {line.per}' never scores: there are never {line.per} to count there "
                f"(at most {bound})",
                line,
                "count per fewer cards, or in a larger scope",
            )
        elif bound is not None and cap is not None:
            best = abs(line.points) * (bound // line.per)
            if cap.limit >= best:
                _warn(
                    checker,
                    f"'up to {cap.limit} points' never limits '{line_text(line)}', which "
                    f"gives at most {best}",
                    cap,
                    "remove the cap, or give one below what the line can give",
                )
    elif isinstance(line, m.Fixed) and line.condition is not None:
        _condition(checker, line.condition, anchored, most)


def _condition(checker: Checker, condition: m.Condition, anchored: bool, most: Most) -> None:
    """The parts of a line's condition that can never hold. A subject's
    relation, and a count's 'that' clause, are judged from other cards."""
    if isinstance(condition, (m.CondAnd, m.CondOr)):
        for item in condition.items:
            _condition(checker, item, anchored, most)
        if isinstance(condition, m.CondAnd):
            _contradiction(checker, condition)
    elif isinstance(condition, m.CondNot):
        _condition(checker, condition.item, anchored, most)
    elif anchored and _names_itself(condition):
        _warn(
            checker,
            f"'{condition_text(condition)}' never holds: a card is never there from itself",
            condition,
            "name another card or kind of card",
        )
    elif isinstance(condition, m.Quantity):
        bound = most(condition.count)
        if bound is not None and _beyond(condition.comparison, condition.amount, bound):
            _warn(
                checker,
                f"'{condition_text(condition)}' never holds: the count is at most {bound}",
                condition,
                "compare with a number the scope can reach",
            )


def _names_itself(condition: m.Condition) -> bool:
    if isinstance(condition, m.Relation):
        return isinstance(condition.target, m.SelfCard)
    if isinstance(condition, m.Between):
        return isinstance(condition.first, m.SelfCard) or isinstance(condition.second, m.SelfCard)
    return False


def _beyond(comparison: m.Comparison, amount: int, bound: int) -> bool:
    if comparison in (m.Comparison.AT_LEAST, m.Comparison.EXACTLY):
        return amount > bound
    if comparison is m.Comparison.MORE_THAN:
        return amount >= bound
    if comparison is m.Comparison.FEWER_THAN:
        return amount <= 0
    return False


def _contradiction(checker: Checker, condition: m.CondAnd) -> None:
    """'in front row and in back row': two places a card cannot be at once."""
    rows: dict[m.Row, m.Condition] = {}
    columns: dict[int, m.Condition] = {}
    for item in condition.items:
        if isinstance(item, (m.InRow, m.AtCell)):
            rows.setdefault(item.row, item)
        if isinstance(item, (m.InColumn, m.AtCell)):
            columns.setdefault(item.column, item)
    if len(rows) > 1 or len(columns) > 1:
        _warn(
            checker,
            f"'{condition_text(condition)}' never holds: a card is in one row and one column only",
            condition,
            "join the places with 'or', or keep one",
        )
