"""Predicate trees -> card-language source text (what a ``.dioses`` file says).

Not to be confused with :mod:`english`, the card text a player reads.
``parse(source(tree)) == tree`` for every tree the builder can produce: that
is the round-trip property the tests check with Hypothesis. The pieces of a
definition are written by :class:`SourceWriter` (its effects, setup steps and
rule changes by :class:`source_effects.EffectWriter`); whole definitions and files
by :mod:`source_definitions`.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from . import model as m
from .headers import bundled_vocabulary
from .source_effects import TEMPLATES, EffectWriter, face_text, points_text, templated
from .source_effects import plural as plural  # what other layers import from here
from .sugar import own_most_common
from .vocabulary import PLURALS, Vocabulary
from .walk import Dispatch

INDENT = "  "


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# The order of the words of a selector like ``face-up greek god``.
_WORD_ORDER = (m.FaceIs, m.MythologyIs, m.TypeIs)
_SUFFIXES = (m.SameAs, m.MostCommon)


def is_words(selector: m.SelAnd) -> bool:
    """An ``and`` of face?, mythology?, type? in that order: ``face-up greek god``."""
    kinds = [type(item) for item in selector.items]
    if len(kinds) < 2 or len(set(kinds)) != len(kinds):
        return False
    if not all(kind in _WORD_ORDER for kind in kinds):
        return False
    return kinds == sorted(kinds, key=_WORD_ORDER.index)


def is_of_same(selector: m.SelAnd) -> bool:
    """``X of same mythology`` / ``X of most common mythology``."""
    return (
        len(selector.items) == 2
        and isinstance(selector.items[1], _SUFFIXES)
        and not isinstance(selector.items[0], _SUFFIXES)
    )


_OR, _AND, _NOT = 1, 2, 3  # condition precedence levels
_FACT_SINGULAR = {
    m.Fact.PATTERNS_COMPLETED: "pattern completed",
    m.Fact.LAWS_MET: "law met",
    m.Fact.TOTAL: "point",
}


# The source of each selector, condition and line that says its fields in a
# fixed order (as source_effects.TEMPLATES, whose entries these extend).
_TEMPLATES = {
    m.AnyCard: "card",
    m.FaceIs: "{face_up:face}",
    m.TypeIs: "{type}",
    m.MythologyIs: "{mythology}",
    m.Named: "{name}",
    m.SelfCard: "it",
    m.StateRef: "the {name}",
    m.ElementRef: "element",
    m.Leader: "the one of {candidates:selector} with most {count:counts}",
    # only reachable for hand-built trees; the grammar attaches these to a term
    m.SameAs: "card of same {attribute}",
    m.MostCommon: "card of most common {attribute}",
    m.Relation: "{kind} {target:selector}",
    m.Between: "between {first:selector} and {second:selector}",
    m.InRow: "in {row} row",
    m.InColumn: "in column {column}",
    m.AtCell: "at {row} {column}",
    m.InCorner: "in a corner",
    m.Present: "in area",
    m.NoneIn: "no {count:counts}",
    m.Only: "only {selector:many} in {scope:scope}",
    m.AllFaceUpAtEnd: "all face-up at end",
    m.Capped: "{line:line} up to {limit:points}",
    m.ScoresLike: "scores like {card}",
}


class SourceWriter(EffectWriter):
    """Writes each piece of a predicate tree as card-language source, with
    the plurals of a vocabulary (the bundled sets' when none is given; a word
    it does not know is written in the singular, which reads the same)."""

    def __init__(self, vocabulary: Vocabulary | None = None) -> None:
        self._vocabulary = vocabulary

    @property
    def vocabulary(self) -> Vocabulary:
        if self._vocabulary is None:
            self._vocabulary = bundled_vocabulary()
        return self._vocabulary

    def plural(self, word: str) -> str:
        found = self.vocabulary.kind_of(word)
        if found is not None:
            return self.vocabulary.plural(*found)
        return PLURALS.get(word, word)

    TEMPLATES = MappingProxyType({**TEMPLATES, **_TEMPLATES})
    selector_term = Dispatch(m.Selector)
    countable = Dispatch(m.Countable)
    condition = Dispatch(m.Condition)
    line = Dispatch(m.ScoringLine)

    @selector_term.on(*templated(_TEMPLATES, m.Selector))
    @condition.on(*templated(_TEMPLATES, m.Condition))
    @line.on(*templated(_TEMPLATES, m.ScoringLine))
    def _filled(self, node: object, *_: object) -> str:
        return self.filled(node)

    def many(self, selector: m.Selector) -> str:
        """A selector after a count: "gods"."""
        return self.selector(selector, True)

    def counts(self, count: m.Count) -> str:
        """A count after "no" or "most": "gods in area"."""
        return self.count(count, True)

    points, face = staticmethod(points_text), staticmethod(face_text)

    # ---------------------------------------------------------------- selectors
    def selector(self, selector: m.Selector, many: bool = False) -> str:
        """A selector as a term: safe anywhere a selector is expected.

        ``many`` reads better after a count ("only gods"); it parses the same.
        """
        if many and isinstance(selector, m.SelAnd) and is_of_same(selector):
            # "cards of same mythology": the head word takes the plural.
            head = self.selector(selector.items[0], many=True)
            if head != self.selector(selector.items[0]):
                whole: str = self.selector_term(selector)
                return head + whole[len(self.selector_term(selector.items[0])) :]
        text: str = self.selector_term(selector)
        if many and isinstance(selector, m.FaceIs):
            return text + " cards"  # "face-down cards" parses as "face-down"
        if many and (
            isinstance(selector, (m.AnyCard, m.TypeIs, m.MythologyIs))
            or (isinstance(selector, m.SelAnd) and is_words(selector))
        ):
            head, _, last = text.rpartition(" ")
            last = self.plural(last)
            text = f"{head} {last}" if head else last
        return text

    @selector_term.on(m.SelAnd)
    def _and(self, sel: m.SelAnd) -> str:
        if is_words(sel):
            return " ".join(self.selector(item) for item in sel.items)
        if is_of_same(sel):
            suffix = sel.items[1]
            assert isinstance(suffix, _SUFFIXES)  # what is_of_same checked
            words = "same" if isinstance(suffix, m.SameAs) else "most common"
            return f"{self.closed(sel.items[0])} of {words} {suffix.attribute.value}"
        return "(" + " and ".join(self.unary(item) for item in sel.items) + ")"

    @selector_term.on(m.SelOr)
    def _or(self, sel: m.SelOr) -> str:
        return "(" + " or ".join(self.and_items(item) for item in sel.items) + ")"

    @selector_term.on(m.SelNot)
    def _not(self, sel: m.SelNot) -> str:
        return "(" + self.unary(sel) + ")"

    def closed(self, selector: m.Selector, many: bool = False) -> str:
        """A selector that nothing after it can extend: a leader ends in a count,
        which would swallow a following "of same ..." or "that is ...", so it
        goes in parentheses where one of those may follow."""
        text = self.selector(selector, many)
        return f"({text})" if isinstance(selector, m.Leader) else text

    def unary(self, selector: m.Selector) -> str:
        if isinstance(selector, m.SelNot):
            return "not " + self.unary(selector.item)
        return self.selector(selector)

    def and_items(self, selector: m.Selector) -> str:
        if isinstance(selector, m.SelAnd) and not is_words(selector) and not is_of_same(selector):
            return " and ".join(self.unary(item) for item in selector.items)
        return self.unary(selector)

    # ---------------------------------------------------------------- scopes, counts
    def scope(self, scope: m.Scope) -> str:
        kind = scope.kind
        if kind is m.ScopeKind.NAMED_ROW:
            assert scope.row is not None  # the builder sets the row of a named row
            return f"{scope.row.value} row"
        if kind is m.ScopeKind.NAMED_COLUMN:
            return f"column {scope.column}"
        if kind is m.ScopeKind.LARGEST_GROUP:
            assert scope.group is not None  # and the selector of a largest group
            return f"largest group of {self.closed(scope.group)}"
        word: str = kind.value  # (mypy reads a narrowed enum's value as Any)
        return word

    @countable.on(m.Count)
    def count(self, count: m.Count, many: bool = False) -> str:
        text = f"{self.selector(count.selector, many)} in {self.scope(count.scope)}"
        if count.where is not None:
            text += f" that is {self.condition(count.where)}"
        return text

    @countable.on(m.FactCount)
    def _fact(self, fact: m.FactCount, many: bool = False) -> str:
        return fact.fact.value if many else _FACT_SINGULAR[fact.fact]

    @countable.on(m.Distinct)
    def _distinct(self, distinct: m.Distinct, many: bool = False) -> str:
        word = distinct.attribute.value
        text = "different " + (
            {"mythology": "mythologies", "type": "types"}[word] if many else word
        )
        if not isinstance(distinct.selector, m.AnyCard):
            # "among gods", as a modder writes it (the plural reads the same)
            text += f" among {self.closed(distinct.selector, many=True)}"
        return text + f" in {self.scope(distinct.scope)}"

    # ---------------------------------------------------------------- conditions
    @condition.on(m.CondOr, m.CondAnd)
    def _cond_list(self, c: m.CondOr | m.CondAnd, level: int = _OR) -> str:
        """Its items at the next level of precedence; in parentheses below its own."""
        word, own = (" or ", _OR) if isinstance(c, m.CondOr) else (" and ", _AND)
        text = word.join(self.condition(item, own + 1) for item in c.items)
        return f"({text})" if level > own else text

    @condition.on(m.CondNot)
    def _cond_not(self, c: m.CondNot, level: int = _OR) -> str:
        inner: str = self.condition(c.item, _NOT)
        return "not " + inner

    @condition.on(m.Scores)
    def _scores(self, c: m.Scores, level: int = _OR) -> str:
        if c.at_least is None:
            return "scores"
        return f"scores at least {points_text(c.at_least)}"

    @condition.on(m.Subject)
    def _subject(self, c: m.Subject, level: int = _OR) -> str:
        own = own_most_common(c)
        if own is not None:
            return f"its {own.value} is the most common"
        inner = self.condition(c.condition)
        subjects = [self.selector(s) for s in c.subjects]
        if (
            c.mode is not m.SubjectMode.NONE
            and inner.startswith("at ")
            and subjects[-1].endswith(("scores", "score"))
        ):
            # A count ending in a bare "that is scores", then "at front 1": LALR(1)
            # would read "scores at least N points" there. Close the subject.
            subjects[-1] = f"({subjects[-1]})"
        if c.mode is m.SubjectMode.EVERY:
            return f"every {subjects[0]} {inner}"
        names = ", ".join(subjects)
        if c.mode is m.SubjectMode.NONE:
            return f"{names} not {inner}"
        return f"{names} {inner}"

    @condition.on(m.Quantity)
    def _quantity(self, c: m.Quantity, level: int = _OR) -> str:
        return f"{c.comparison.value} {c.amount} {self.countable(c.count, c.amount != 1)}"

    @condition.on(m.MoreThan)
    def _more_than(self, c: m.MoreThan, level: int = _OR) -> str:
        more, less = c.more, c.less
        where = "" if more.scope == less.scope else f" in {self.scope(more.scope)}"
        return (
            f"more {self.many(more.selector)}{where} than "
            f"{self.many(less.selector)} in {self.scope(less.scope)}"
        )

    # ---------------------------------------------------------------- scoring lines
    @line.on(m.Fixed)
    def _fixed(self, line: m.Fixed) -> str:
        if line.condition is None:
            return points_text(line.points)
        return f"{points_text(line.points)} if {self.condition(line.condition)}"

    @line.on(m.PerCount)
    def _per_count(self, line: m.PerCount) -> str:
        per = f"{line.per} " if line.per != 1 else ""
        return f"{points_text(line.points)} per {per}{self.countable(line.count, line.per != 1)}"

    @line.on(m.Bounded)
    def _bounded(self, line: m.Bounded) -> str:
        """A bounded 'scores like' on one line; a card's bounded total as its
        lines and bounds, ';'-separated (a card file prints one a line)."""
        if line.scores_like is not None:
            text: str = self.line(line.scores_like)
            if line.ceiling is not None:
                text += f" up to {points_text(line.ceiling)}"
            if line.floor is not None:
                text += f", never below {points_text(line.floor)}"
            return text
        return "; ".join([self.line(inner) for inner in line.lines] + self.bounds(line))

    @staticmethod
    def bounds(line: m.Bounded) -> list[str]:
        """A card's ``never below`` and ``never above`` statements."""
        found = [("below", line.floor), ("above", line.ceiling)]
        return [f"never {word} {points_text(n)}" for word, n in found if n is not None]


WRITER = SourceWriter()
# The pieces other layers print (a condition in a report, a line in an
# explanation, an effect in a choice's label, a scope in a diagnostic).
# (the dispatching ones typed here: a Dispatch's call is untyped)
condition_text: Callable[[m.Condition], str] = WRITER.condition
line_text: Callable[[m.ScoringLine], str] = WRITER.line
effect_text: Callable[[m.Effect], str] = WRITER.effect
scope_text = WRITER.scope
