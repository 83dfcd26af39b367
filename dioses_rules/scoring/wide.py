"""The compiled evaluator across a batch of areas at once (``balance``'s path).

``compiler`` turns a card's lines into code judged on one area. Here a
card's lines, judged from one cell, become closures judged on a whole batch
of full, face-up areas (:class:`~.planes.Planes`): a condition gives the
plane of the areas where it holds, a count or a line a bit-sliced
:class:`~.planes.Num`. Batch and card are fixed by the caller: the card's
value counts only in the areas where that card is in that cell.

What is vectorised: selectors that look only at the card they match (types,
mythologies, names, faces, ``and``/``or``/``not`` of those; which cards
match is asked of the per-area compiled evaluator, once per card), relations,
positions, counts over fixed scopes, comparisons, fixed and multiplier lines
with no negative points. Anything else (subjects, ``that is`` clauses,
leaders, the largest group, different values, a selector that looks at the
anchor, a penalty) raises :class:`Unsupported`: the caller then scores the
areas holding that card one by one, with the per-area evaluator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ..language import model as m
from ..language.lower import (
    LOWERING,
    AroundCard,
    FixedCells,
    LargestGroup,
    LawLine,
    Scoping,
    core_kinds,
    iter_core,
)
from ..language.walk import Dispatch, total
from ..unsupported import Unsupported
from . import area as g
from . import masks as k
from .evaluator import FACT_FIELDS, Facts, cells_in, implied_type, weighed_as
from .planes import Num, Planes

# Whether a selector looks at more than the card it matches (the anchor, the
# other cards): the batch asks which cards match once per card, so it cannot
# compute one that does. Total over the core's selectors, checked at import.
_LOOKS_BEYOND = total(
    core_kinds(m.Selector),
    {
        **dict.fromkeys((m.SelfCard, m.SameAs, m.MostCommon, m.Leader), True),
        **dict.fromkeys(
            (m.TypeIs, m.MythologyIs, m.FaceIs, m.Named, m.StateRef, m.ElementRef), False
        ),
        **dict.fromkeys((m.SelNot, m.SelAnd, m.SelOr), False),  # their items are asked
    },
    "wide._LOOKS_BEYOND",
)

T = TypeVar("T")  # what a closure over a batch gives (Num, a bit per area)
Judged = Callable[[Planes], int]  # a condition: the plane of the areas where it holds
Counted = Callable[[Planes], Num]  # a count or a line: a number per area


def _cannot(what: str, node: object) -> Unsupported:
    """A node the batch does not compute; its card is scored area by area."""
    return Unsupported.at("the batch evaluator", what, node)


def _cells(mask: int) -> tuple[int, ...]:
    return tuple(cell for cell in range(g.SIZE) if mask >> cell & 1)


def _shared(fn: Callable[[Planes], T]) -> Callable[[Planes], T]:
    """The closure, its result kept in the batch (equal nodes share it)."""
    key = object()

    def run(planes: Planes) -> T:
        memo = planes.memo
        if key not in memo:
            memo[key] = fn(planes)
        found: T = memo[key]
        return found

    return run


class WideCompiler:
    """Compiles cards' lines from a fixed cell into closures over a batch.

    A card's code is its index in ``cards``. ``matches(selector, card)``:
    whether the card alone matches; ``alone(condition, anchor)``: whether a
    condition on the anchor's place and the facts holds. Both are asked of
    the per-area evaluator, with the same facts.
    """

    def __init__(
        self,
        cards: list[m.MythCard],
        facts: Facts,
        matches: Callable[[m.Selector, m.MythCard], bool],
        alone: Callable[[m.Condition, int], bool],
    ) -> None:
        self.cards = cards
        self.facts = facts
        self.matches = matches
        self.alone = alone
        # closures of conditions (a bit per area) and of counts (Num) alike
        self._closures: dict[tuple[type, object, int], Callable[[Planes], Any]] = {}
        self._members: dict[m.Selector, frozenset[int]] = {}

    def card(self, card: m.MythCard, anchor: int) -> Callable[[Planes], Num]:
        """The card's points judged from ``anchor``, in every area of a batch."""
        return self.lines(card.lines, anchor)

    def lines(self, lines: Iterable[m.ScoringLine], anchor: int) -> Callable[[Planes], Num]:
        parts: list[Counted] = [self.line(line, anchor) for line in lines]
        if len(parts) == 1:
            return parts[0]
        return lambda planes: planes.total(part(planes) for part in parts)

    def _once(
        self, node: object, anchor: int, build: Callable[[], Callable[[Planes], T]]
    ) -> Callable[[Planes], T]:
        """One closure per equal node and cell (so a batch computes it once)."""
        key = (type(node), node, anchor)
        if key not in self._closures:
            self._closures[key] = _shared(build())
        return self._closures[key]

    # ------------------------------------------------------------ selectors
    def members(self, selector: m.Selector) -> frozenset[int]:
        """The codes of the cards the selector matches, alone in a cell."""
        if selector not in self._members:
            looked_at = [selector] + ([self.facts.element] if self.facts.element else [])
            if any(
                _LOOKS_BEYOND[type(node)]
                for node in iter_core(tuple(looked_at))
                if type(node) in _LOOKS_BEYOND  # a count or condition: only under a leader
            ):
                raise _cannot("a selector that looks beyond its card", selector)
            self._members[selector] = frozenset(
                code for code, card in enumerate(self.cards) if self.matches(selector, card)
            )
        return self._members[selector]

    def weighed(self, selector: m.Selector) -> dict[int, int]:
        """R11: each matching card's weight for the selector's type (code -> weight)."""
        wanted = implied_type(weighed_as(selector, self.facts.element))
        weights = {}
        for code in self.members(selector):
            weight = 1
            if wanted is not None:
                weight = next((w.amount for w in self.cards[code].weights if w.word == wanted), 1)
            if weight < 0:
                raise _cannot("a negative weight", selector)
            if weight:
                weights[code] = weight
        return weights

    scope = Dispatch(Scoping, lowering=LOWERING)

    @scope.on(AroundCard)
    def _around(self, scope: AroundCard, anchor: int) -> tuple[int, ...]:
        return _cells(k.ANCHORED_SCOPES[scope.kind][anchor])

    @scope.on(FixedCells)
    def _fixed_cells(self, scope: FixedCells, anchor: int) -> tuple[int, ...]:
        return cells_in(scope.row, scope.column)

    @scope.on(LawLine)
    def _law_line(self, scope: LawLine, anchor: int) -> tuple[int, ...]:  # R13
        return tuple(self.facts.law_line or ())

    @scope.on(LargestGroup)
    def _largest_group(self, scope: LargestGroup, anchor: int) -> tuple[int, ...]:
        raise _cannot("the largest group", scope)

    # ------------------------------------------------------------ conditions
    condition = Dispatch(m.Condition, lowering=LOWERING)

    @condition.on(m.Relation)
    def _relation(self, c: m.Relation, anchor: int) -> Judged:
        cells, codes = _cells(k.RELATION[c.kind][anchor]), self.members(c.target)

        def relation(planes: Planes) -> int:
            found = 0
            for cell in cells:
                found |= planes.holds_any(cell, codes)
            return found

        return relation

    @condition.on(m.InRow, m.InColumn, m.Present, m.Scores, m.AllFaceUpAtEnd)
    def _fixed_for_the_batch(
        self,
        c: m.InRow | m.InColumn | m.Present | m.Scores | m.AllFaceUpAtEnd,
        anchor: int,
    ) -> Judged:
        """Where the anchor is, and the facts: the same in every area (all
        full, so the anchor's cell is occupied). The per-area evaluator says
        which, on any area (this one has nothing but ``anchor`` filled)."""
        holds = self.alone(c, anchor)
        return lambda planes: planes.ones if holds else 0

    @condition.on(m.Subject)
    def _subject(self, c: m.Subject, anchor: int) -> Judged:
        raise _cannot("a subject", c)

    @condition.on(m.Quantity)
    def _quantity(self, c: m.Quantity, anchor: int) -> Judged:
        count, test, amount = self.countable(c.count, anchor), c.comparison.operator, c.amount

        def quantity(planes: Planes) -> int:
            holds = planes.apply(count(planes), lambda value: int(test(value, amount)))
            return holds.planes[0] if holds.planes else 0

        return quantity

    @condition.on(m.MoreThan)
    def _more_than(self, c: m.MoreThan, anchor: int) -> Judged:
        more, less = self.countable(c.more, anchor), self.countable(c.less, anchor)
        return lambda planes: planes.greater(more(planes), less(planes))

    @condition.on(m.CondNot)
    def _cond_not(self, c: m.CondNot, anchor: int) -> Judged:
        inner = self.judge(c.item, anchor)
        return lambda planes: planes.ones ^ inner(planes)

    @condition.on(m.CondAnd)
    def _cond_and(self, c: m.CondAnd, anchor: int) -> Judged:
        items = [self.judge(item, anchor) for item in c.items]

        def all_of(planes: Planes) -> int:
            found = planes.ones
            for item in items:
                found &= item(planes)
            return found

        return all_of

    @condition.on(m.CondOr)
    def _cond_or(self, c: m.CondOr, anchor: int) -> Judged:
        items = [self.judge(item, anchor) for item in c.items]

        def any_of(planes: Planes) -> int:
            found = 0
            for item in items:
                found |= item(planes)
            return found

        return any_of

    def judge(self, c: m.Condition, anchor: int) -> Callable[[Planes], int]:
        return self._once(c, anchor, lambda: self.condition(c, anchor))

    # ------------------------------------------------------------ counts
    countable = Dispatch(m.Countable, lowering=LOWERING)

    @countable.on(m.Count)
    def _count(self, c: m.Count, anchor: int) -> Counted:
        if c.where is not None:
            raise _cannot('a count\'s "that is" clause', c)
        cells, weights = self.scope(c.scope, anchor), self.weighed(c.selector)
        by_bit = [
            frozenset(code for code, weight in weights.items() if weight >> bit & 1)
            for bit in range(max(weights.values(), default=0).bit_length())
        ]
        top = max(weights.values(), default=0)

        def count(planes: Planes) -> Num:
            return planes.total(
                Num([planes.holds_any(cell, codes) for codes in by_bit], top) for cell in cells
            )

        return self._once(c, anchor, lambda: count)

    @countable.on(m.FactCount)
    def _fact(self, c: m.FactCount, anchor: int) -> Counted:
        value = getattr(self.facts, FACT_FIELDS[c.fact])
        if value < 0:
            raise _cannot("a negative fact", c)
        return lambda planes: planes.const(value)

    @countable.on(m.Distinct)
    def _distinct(self, c: m.Distinct, anchor: int) -> Counted:
        raise _cannot("different values", c)

    # ------------------------------------------------------------ lines
    line = Dispatch(m.ScoringLine, lowering=LOWERING)

    @line.on(m.Fixed)
    def _fixed(self, line: m.Fixed, anchor: int) -> Counted:  # R8
        points = line.points
        if points < 0:
            raise _cannot("negative points", line)
        if line.condition is None:
            return lambda planes: planes.const(points)
        holds = self.judge(line.condition, anchor)
        return lambda planes: planes.mask(planes.const(points), holds(planes))

    @line.on(m.PerCount)
    def _per_count(self, line: m.PerCount, anchor: int) -> Counted:  # R9
        points, per = line.points, line.per
        if per <= 0:  # DL602: no points, as the reference gives
            return lambda planes: planes.const(0)
        if points < 0:
            raise _cannot("negative points", line)
        count = self.countable(line.count, anchor)
        return lambda planes: planes.apply(count(planes), lambda value: points * (value // per))

    @line.on(m.Capped)
    def _capped(self, line: m.Capped, anchor: int) -> Counted:
        inner, limit = self.line(line.line, anchor), line.limit  # 0 or more: so is this
        return lambda planes: planes.apply(
            inner(planes), lambda value: max(min(value, limit), -limit)
        )

    @line.on(m.Bounded)
    def _bounded(self, line: m.Bounded, anchor: int) -> Counted:
        if any(bound is not None and bound < 0 for bound in (line.floor, line.ceiling)):
            # a batch number is never negative: the card falls back, one by one
            raise Unsupported(f"a negative bound in {line!r}")
        if not line.lines:
            return lambda planes: planes.const(line.clamp(0))
        if line.floor is None and line.ceiling is None:  # 'scores like', lowered
            return self.lines(line.lines, anchor)
        inner, clamp = self.lines(line.lines, anchor), line.clamp
        return lambda planes: planes.apply(inner(planes), clamp)
