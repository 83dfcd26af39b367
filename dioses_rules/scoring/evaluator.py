"""The reference evaluator: judges predicate trees on a play area.

(About 400 lines: one short method per node kind of four node unions.)

It reads the trees of ``model`` and nothing else; it knows nothing of Lark.
One method per node kind, gathered by the shared dispatcher (``walk``). It
is the oracle: any faster way of scoring must agree with it.

The *anchor* is the cell a condition is judged from: the scoring card's own
cell for a Myth card's lines, each subject's cell inside ``hades above
persephone``, each counted card inside ``gods that are next to ...``, none for
laws, objectives and scenario checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from typing import cast

from attrs import field, frozen

from ..language import model as m
from ..language.lower import LOWERING, AroundCard, FixedCells, LargestGroup, LawLine, Scoping
from ..language.walk import Dispatch, UnhandledNode, total
from . import area as g
from .area import Area, Placed


def strictly_most(tally: Mapping[str, int]) -> str | None:
    """R24: the value counted strictly most often; None on a tie or none."""
    ranked = sorted(tally.values(), reverse=True)
    if ranked and (len(ranked) == 1 or ranked[0] > ranked[1]):
        return next(v for v, n in tally.items() if n == ranked[0])
    return None


# Each game fact a line counts: the field of :class:`Facts` (and of the
# solver's ``Context``) that holds it; every back end reads this one table.
FACT_FIELDS: Mapping[m.Fact, str] = total(
    m.Fact,
    {
        m.Fact.PATTERNS_COMPLETED: "patterns_completed",  # R14
        m.Fact.LAWS_MET: "laws_met",  # R13
        m.Fact.TOTAL: "total",
    },
    "evaluator.FACT_FIELDS",
)


@frozen
class Facts:
    """What a condition may know beyond the area (all optional)."""

    law_line: tuple[int, ...] | None = None  # R13: the cells a law judges
    element: m.Selector | None = None  # R15: the objective's element
    card_points: Mapping[int, int] | None = None  # R24: each cell's own points
    patterns_completed: int = 0
    laws_met: int = 0
    total: int = 0
    scenario_state: Mapping[str, str] = field(factory=dict)  # name -> card id
    all_face_up_at_end: bool = False  # R21


@lru_cache(maxsize=4096)
def implied_type(selector: m.Selector) -> str | None:
    """The word whose R11 weight counts for ``selector``: the card type every
    matching card has, else the mythology every one has (``counts as 2
    aztecs``), else None. A type wins over a mythology ("Egyptian gods"
    weigh Geb y Nut as gods)."""
    return implied_words(selector)[0] or implied_words(selector)[1]


@lru_cache(maxsize=4096)
def implied_words(selector: m.Selector) -> tuple[str | None, str | None]:
    """(the type, else None; the mythology when no type is implied, else None):
    :func:`implied_type` split, for a back end that weighs the two apart."""
    found = _implied(selector, m.TypeIs, "type")
    return (
        (found, None)
        if found is not None
        else (None, _implied(selector, m.MythologyIs, "mythology"))
    )


def _implied(selector: m.Selector, kind: type, field: str) -> str | None:
    if isinstance(selector, kind):
        return cast("str | None", getattr(selector, field))  # TypeIs.type, MythologyIs.mythology
    if isinstance(selector, m.SelAnd):
        for item in selector.items:
            found = _implied(item, kind, field)
            if found is not None:
                return found
    return None


def weighed_as(selector: m.Selector, element: m.Selector | None) -> m.Selector:
    """R11, R15: the selector whose word a count weighs its cards by: an
    objective's ``element`` is weighed as the selector it stands for."""
    if isinstance(selector, m.ElementRef) and element is not None:
        return element
    return selector


def card_weight(card: m.MythCard, selector: m.Selector) -> int:
    """R11: a card counts as N of a type wherever that type is counted."""
    if card.weights:
        wanted = implied_type(selector)
        if wanted is not None:
            for weight in card.weights:
                if weight.word == wanted:
                    return weight.amount
    return 1


def values_of(card: m.MythCard, attribute: m.Attribute) -> tuple[str, ...]:
    """A card's mythologies (it may have several), or its one type."""
    return card.mythologies if attribute is m.Attribute.MYTHOLOGY else (card.type,)


# R2-R5, R7: the cells where a relation's target must be, from the anchor,
# and the cells of each anchored scope: area.py's one geometry table.
RELATION_CELLS = {kind: cells.__getitem__ for kind, cells in g.RELATION_CELLS.items()}


@cache
def cells_in(row: m.Row | None, column: int | None) -> tuple[int, ...]:
    """The cells of ``row`` and of ``column`` (None: any), front-left first:
    a core scope's :class:`~..language.lower.FixedCells`. A row or column
    off the grid (an unlinted tree) is a KeyError, never no cells."""
    cells = g.ALL_CELLS if row is None else g.ROW_CELLS[row]
    if column is None:
        return cells
    return tuple(cell for cell in cells if cell in g.COLUMN_CELLS[column])


class Evaluator:
    """Judges conditions and scoring lines on one area with one set of facts.

    With ``explain=True`` it records, for every relation, count and subject it
    judges, the cells that matched (``self.witnesses``).
    """

    def __init__(self, area: Area, facts: Facts = Facts(), explain: bool = False) -> None:
        self.area = area
        self.facts = facts
        self.witnesses: set[int] | None = set() if explain else None
        # R24's winners, worked out once per area: the most common value of
        # each attribute, the leading cell of each Leader seen from an anchor
        self._commonest: dict[m.Attribute, str | None] = {}
        self._leaders: dict[tuple[m.Leader, int | None], int | None] = {}

    def _saw(self, cells: Iterable[int]) -> None:
        if self.witnesses is not None:
            self.witnesses.update(cells)

    # ------------------------------------------------------------ selectors
    def matches(self, selector: m.Selector, cell: int, anchor: int | None) -> bool:
        placed = self.area.cells[cell]
        if placed is None:
            return False
        return _MATCH[type(selector)](self, selector, placed, cell, anchor)

    match = Dispatch(m.Selector, lowering=LOWERING)
    # R12: during the game only face-up cards show what they are, so every
    # property test below fails on a face-down card.

    @match.on(m.TypeIs)
    def _type(self, sel: m.TypeIs, placed: Placed, cell: int, anchor: int | None) -> bool:
        return placed.face_up and placed.card.type == sel.type

    @match.on(m.MythologyIs)
    def _mythology(self, sel: m.MythologyIs, placed: Placed, cell: int, anchor: int | None) -> bool:
        return placed.face_up and sel.mythology in placed.card.mythologies

    @match.on(m.FaceIs)
    def _face(self, sel: m.FaceIs, placed: Placed, cell: int, anchor: int | None) -> bool:
        return placed.face_up is sel.face_up

    @match.on(m.Named)
    def _named(self, sel: m.Named, placed: Placed, cell: int, anchor: int | None) -> bool:
        return placed.face_up and (placed.card.id == sel.name or sel.name in placed.card.tags)

    @match.on(m.SelfCard)
    def _self(self, sel: m.SelfCard, placed: Placed, cell: int, anchor: int | None) -> bool:
        return cell == anchor

    @match.on(m.SameAs)
    def _same(self, sel: m.SameAs, placed: Placed, cell: int, anchor: int | None) -> bool:
        if anchor is None or not placed.face_up:
            return False
        other = self.area.cells[anchor]
        if other is None:
            return False
        return not set(values_of(placed.card, sel.attribute)).isdisjoint(
            values_of(other.card, sel.attribute)
        )

    @match.on(m.MostCommon)
    def _most_common(
        self, sel: m.MostCommon, placed: Placed, cell: int, anchor: int | None
    ) -> bool:
        return placed.face_up and self.most_common(sel.attribute) in values_of(
            placed.card, sel.attribute
        )

    @match.on(m.StateRef)
    def _state(self, sel: m.StateRef, placed: Placed, cell: int, anchor: int | None) -> bool:
        wanted = self.facts.scenario_state.get(sel.name)
        return placed.face_up and wanted is not None and placed.card.id == wanted

    @match.on(m.ElementRef)
    def _element(self, sel: m.ElementRef, placed: Placed, cell: int, anchor: int | None) -> bool:
        element = self.facts.element
        return element is not None and self.matches(element, cell, anchor)

    @match.on(m.SelNot)
    def _not(self, sel: m.SelNot, placed: Placed, cell: int, anchor: int | None) -> bool:
        return not self.matches(sel.item, cell, anchor)

    @match.on(m.SelAnd)
    def _and(self, sel: m.SelAnd, placed: Placed, cell: int, anchor: int | None) -> bool:
        return all(self.matches(item, cell, anchor) for item in sel.items)

    @match.on(m.SelOr)
    def _or(self, sel: m.SelOr, placed: Placed, cell: int, anchor: int | None) -> bool:
        return any(self.matches(item, cell, anchor) for item in sel.items)

    @match.on(m.Leader)
    def _leader(self, sel: m.Leader, placed: Placed, cell: int, anchor: int | None) -> bool:
        return self.leader(sel, anchor) == cell

    def most_common(self, attribute: m.Attribute) -> str | None:
        """R24: the mythology (or type) with strictly the most face-up cards
        (a card of several mythologies counts for each); None on a tie."""
        if attribute not in self._commonest:
            tally: dict[str, int] = {}
            for placed in self.area.cells:
                if placed is not None and placed.face_up:
                    for value in values_of(placed.card, attribute):
                        tally[value] = tally.get(value, 0) + 1
            self._commonest[attribute] = strictly_most(tally)
        return self._commonest[attribute]

    def leader(self, selector: m.Leader, anchor: int | None) -> int | None:
        """R24: the candidate with strictly the highest count; None on a tie."""
        key = (selector, anchor)
        if key not in self._leaders:
            best, best_cell, tied = -1, None, False
            for cell in self.area.occupied():
                if not self.matches(selector.candidates, cell, anchor):
                    continue
                value = self.count(selector.count, cell)
                if value > best:
                    best, best_cell, tied = value, cell, False
                elif value == best:
                    tied = True
            self._leaders[key] = None if tied else best_cell
        return self._leaders[key]

    # ------------------------------------------------------------ scopes, counts
    scope_cells = Dispatch(Scoping, lowering=LOWERING)

    @scope_cells.on(AroundCard)
    def _around(self, scope: AroundCard, anchor: int | None) -> tuple[int, ...]:
        return () if anchor is None else g.ANCHORED_CELLS[scope.kind][anchor]

    @scope_cells.on(FixedCells)
    def _fixed_cells(self, scope: FixedCells, anchor: int | None) -> tuple[int, ...]:
        return cells_in(scope.row, scope.column)

    @scope_cells.on(LawLine)
    def _law_line(self, scope: LawLine, anchor: int | None) -> tuple[int, ...]:
        return self.facts.law_line or ()  # R13

    @scope_cells.on(LargestGroup)
    def _largest_group(self, scope: LargestGroup, anchor: int | None) -> tuple[int, ...]:
        return self.largest_group(scope.group, anchor)

    def weight(self, card: m.MythCard, selector: m.Selector) -> int:
        """R11 weight (:func:`weighed_as`)."""
        return card_weight(card, weighed_as(selector, self.facts.element))

    def largest_group(self, selector: m.Selector, anchor: int | None) -> tuple[int, ...]:
        """R6: the orthogonally connected group of matching cards that counts most."""
        weights = {
            c: self.weight(placed.card, selector)
            for c, placed in enumerate(self.area.cells)
            if placed is not None and self.matches(selector, c, anchor)
        }
        best: tuple[int, ...] = ()
        best_size = 0
        for group in g.groups(weights):
            size = sum(weights[c] for c in group)
            if size > best_size:
                best, best_size = tuple(group), size
        return best

    countable = Dispatch(m.Countable, lowering=LOWERING)

    @countable.on(m.Count)
    def count(self, count: m.Count, anchor: int | None) -> int:
        total = 0
        seen = []
        cells = self.area.cells
        for cell in self.scope_cells(count.scope, anchor):
            placed = cells[cell]
            if placed is None or not self.matches(count.selector, cell, anchor):
                continue
            if count.where is not None and not self.holds(count.where, cell):
                continue
            total += self.weight(placed.card, count.selector)
            seen.append(cell)
        self._saw(seen)
        return total

    @countable.on(m.Distinct)
    def _distinct(self, distinct: m.Distinct, anchor: int | None) -> int:
        seen: list[int] = []
        values: set[str] = set()
        for cell in self.scope_cells(distinct.scope, anchor):
            placed = self.area.cells[cell]
            if (
                placed is not None
                and placed.face_up
                and self.matches(distinct.selector, cell, anchor)
            ):
                values.update(values_of(placed.card, distinct.attribute))
                seen.append(cell)
        self._saw(seen)
        return len(values)

    @countable.on(m.FactCount)
    def _fact(self, countable: m.FactCount, anchor: int | None) -> int:
        return cast(int, getattr(self.facts, FACT_FIELDS[countable.fact]))  # an int field of Facts

    # ------------------------------------------------------------ conditions
    def holds(self, condition: m.Condition, anchor: int | None) -> bool:
        return _JUDGE[type(condition)](self, condition, anchor)

    judge = Dispatch(m.Condition, lowering=LOWERING)

    def _target_in(
        self, cells: Iterable[int | None], target: m.Selector, anchor: int | None
    ) -> bool:
        found = [c for c in cells if c is not None and self.matches(target, c, anchor)]
        self._saw(found)
        return bool(found)

    @judge.on(m.Relation)
    def _relation(self, c: m.Relation, anchor: int | None) -> bool:
        if anchor is None:
            return False
        return self._target_in(RELATION_CELLS[c.kind](anchor), c.target, anchor)

    @judge.on(m.InRow)
    def _in_row(self, c: m.InRow, anchor: int | None) -> bool:
        return anchor is not None and g.cell_row(anchor) is c.row

    @judge.on(m.InColumn)
    def _in_column(self, c: m.InColumn, anchor: int | None) -> bool:
        return anchor is not None and g.cell_column(anchor) == c.column

    @judge.on(m.Present)
    def _present(self, c: m.Present, anchor: int | None) -> bool:
        return anchor is not None and self.area.cells[anchor] is not None

    @judge.on(m.Scores)
    def _scores(self, c: m.Scores, anchor: int | None) -> bool:
        points = (self.facts.card_points or {}).get(anchor, 0) if anchor is not None else 0
        return points >= c.at_least if c.at_least is not None else points > 0

    @judge.on(m.Subject)
    def _subject(self, c: m.Subject, anchor: int | None) -> bool:
        def candidates(selector: m.Selector) -> list[int]:
            return [cell for cell in self.area.occupied() if self.matches(selector, cell, anchor)]

        if c.mode is m.SubjectMode.SOME:
            ok = True
            for selector in c.subjects:
                holding = [cell for cell in candidates(selector) if self.holds(c.condition, cell)]
                self._saw(holding)
                ok = ok and bool(holding)
            return ok
        cells = {cell for selector in c.subjects for cell in candidates(selector)}
        results = [self.holds(c.condition, cell) for cell in sorted(cells)]
        self._saw(cells)
        if c.mode is m.SubjectMode.EVERY:
            return all(results)
        if c.mode is m.SubjectMode.NONE:
            return not any(results)
        raise UnhandledNode(f"Evaluator has no meaning for the subject mode {c.mode.name}")

    @judge.on(m.Quantity)
    def _quantity(self, c: m.Quantity, anchor: int | None) -> bool:
        return c.comparison.test(self.countable(c.count, anchor), c.amount)

    @judge.on(m.MoreThan)
    def _more_than(self, c: m.MoreThan, anchor: int | None) -> bool:
        return self.count(c.more, anchor) > self.count(c.less, anchor)

    @judge.on(m.AllFaceUpAtEnd)
    def _all_face_up(self, c: m.AllFaceUpAtEnd, anchor: int | None) -> bool:
        return self.facts.all_face_up_at_end

    @judge.on(m.CondNot)
    def _cond_not(self, c: m.CondNot, anchor: int | None) -> bool:
        return not self.holds(c.item, anchor)

    @judge.on(m.CondAnd)
    def _cond_and(self, c: m.CondAnd, anchor: int | None) -> bool:
        return all(self.holds(item, anchor) for item in c.items)

    @judge.on(m.CondOr)
    def _cond_or(self, c: m.CondOr, anchor: int | None) -> bool:
        return any(self.holds(item, anchor) for item in c.items)

    # ------------------------------------------------------------ scoring lines
    line_points = Dispatch(m.ScoringLine, lowering=LOWERING)

    @line_points.on(m.Fixed)
    def _fixed(self, line: m.Fixed, anchor: int | None) -> int:  # R8
        if line.condition is None or self.holds(line.condition, anchor):
            return line.points
        return 0

    @line_points.on(m.PerCount)
    def _per_count(self, line: m.PerCount, anchor: int | None) -> int:  # R9
        if line.per <= 0:  # DL602; never divide by zero on an unlinted tree
            return 0
        return line.points * (cast(int, self.countable(line.count, anchor)) // line.per)

    @line_points.on(m.Capped)
    def _capped(self, line: m.Capped, anchor: int | None) -> int:
        points: int = self.line_points(line.line, anchor)
        return max(min(points, line.limit), -line.limit)

    @line_points.on(m.Bounded)
    def _bounded(self, line: m.Bounded, anchor: int | None) -> int:
        return line.clamp(self.lines_points(line.lines, anchor))

    def lines_points(self, lines: Iterable[m.ScoringLine], anchor: int | None) -> int:
        return sum(self.line_points(line, anchor) for line in lines)


# The evaluator's hot paths index its tables directly (one call less per node).
# By now each class attribute is the dispatching function, holding its table
# as ``.dispatch`` (walk.Dispatch._install); the type checker sees the Dispatch.
_MATCH: Mapping[type, Callable[..., bool]] = Evaluator.match.dispatch.handlers  # type: ignore[attr-defined]  # see above
_JUDGE: Mapping[type, Callable[..., bool]] = Evaluator.judge.dispatch.handlers  # type: ignore[attr-defined]  # see above
