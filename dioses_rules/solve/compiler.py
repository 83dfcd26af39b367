"""Predicate trees compiled into a CP-SAT model: one more back end on the
shared dispatcher (``language.walk``), beside the reference evaluator.

The model places cards: ``x[d][j]`` holds when card ``d`` of the hand is in
cell ``j``. Every card is face up (the final scoring reveals them all, R12),
so what a selector asks of a card (its type, mythologies, id, tags) is known
for each card before solving: a selector becomes, for each cell, the sum of
the placement variables of the cards it accepts. A condition is judged from
an anchor that is a known cell *and* a known card (``(cell, d)``): a card's
lines are compiled once for each cell it may stand in, and a subject or a
count's ``where`` that moves the anchor enumerates the cells and the cards
that may stand there. So every condition becomes an exact reified test over
sums of placement variables, and every scoring line an integer expression.

A node this back end cannot express (a leader, the largest group) raises
:class:`Unsupported`, which names the definition being compiled: the solver
answers nothing rather than a wrong optimum.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from functools import lru_cache

from ..errors import diagnostic_at
from ..language import model as m
from ..language.lower import (
    LOWERING,
    AroundCard,
    FixedCells,
    LargestGroup,
    LawLine,
    Scoping,
    iter_core,
    lowered,
)
from ..language.walk import Dispatch
from ..language.walk import total as total_table
from ..scoring import area as g
from ..scoring.area import Area, Placed
from ..scoring.evaluator import (
    FACT_FIELDS,
    RELATION_CELLS,
    Evaluator,
    card_weight,
    cells_in,
    values_of,
    weighed_as,
)
from ..unsupported import Unsupported
from .cpsat import ZERO, Builder, Lin, Lit, lit_lin, total
from .selectors import READS, Anchor, PlacementSelectors


@lru_cache(maxsize=1)
def connected_sets() -> tuple[tuple[int, ...], ...]:
    """Every orthogonally connected set of cells of the area (1126 of them)."""
    found = []
    for mask in range(1, 1 << g.SIZE):
        cells = [cell for cell in g.ALL_CELLS if mask >> cell & 1]
        if len(g.groups(cells)) == 1:
            found.append(tuple(cells))
    return tuple(found)


_SERIALS = itertools.count()

# Each comparison as a literal over a bounded expression (Comparison.operator
# as the model says it), checked total at import.
_COMPARE: Mapping[m.Comparison, Callable[[Builder, Lin, int], Lit]] = total_table(
    m.Comparison,
    {
        m.Comparison.AT_LEAST: lambda b, value, amount: b.at_least(value, amount),
        m.Comparison.AT_MOST: lambda b, value, amount: b.at_most(value, amount),
        m.Comparison.EXACTLY: lambda b, value, amount: b.equal(value, amount),
        m.Comparison.MORE_THAN: lambda b, value, amount: b.at_least(value, amount + 1),
        m.Comparison.FEWER_THAN: lambda b, value, amount: b.at_most(value, amount - 1),
    },
    "solve.compiler._COMPARE",
)


class Context:
    """What conditions may know beyond the placements (the evaluator's
    ``Facts``), as model expressions where they depend on the layout."""

    def __init__(self, scenario_state: dict[str, object], all_face_up_at_end: bool = True):
        # what compiled expressions are kept under: never an id(), which a
        # later context may reuse once this one is gone
        self.serial = next(_SERIALS)
        self.scenario_state = scenario_state
        self.all_face_up_at_end = all_face_up_at_end
        self.element: m.Selector | None = None
        self.law_line: tuple[int, ...] | None = None
        self.patterns_completed: Lin = ZERO
        self.laws_met: Lin = ZERO
        self.total: Lin = ZERO
        self.card_points: list[Lin] | None = None  # per card index

    def judging(
        self, element: m.Selector | None = None, law_line: tuple[int, ...] | None = None
    ) -> Context:
        """The same facts for one law (its line) or one objective (its element)."""
        other = Context(self.scenario_state, self.all_face_up_at_end)
        other.patterns_completed, other.laws_met = self.patterns_completed, self.laws_met
        other.element, other.law_line = element, law_line
        return other


class TreeCompiler(PlacementSelectors):
    """Compiles lines and conditions of one hand on one :class:`Builder`."""

    context: Context  # all of it; the selectors read a part (selectors.SelectorContext)

    def __init__(
        self,
        builder: Builder,
        cards: list[m.MythCard],
        placed: list[list[Lit]],
        context: Context,
        hand_fixed: bool = True,
    ):
        """``hand_fixed``: every card of ``cards`` is in the area (a board's
        best layout); else the solver chooses which are (a scenario)."""
        self.hand_fixed = hand_fixed
        self._most_lits = {}  # these three typed in PlacementSelectors
        self._holders = {}
        self._reads_anchor = {}
        # (lines, cell, anchor when they read its card, the context's serial)
        self._lines: dict[tuple[tuple[m.ScoringLine, ...], int | None, Anchor, int], Lin] = {}
        self._reads_card: dict[object, bool] = {}
        self.b = builder
        self.cards = cards
        self.x = placed  # x[d][j]
        self.context = context
        self.where = "a definition"
        self._most = {}
        if hand_fixed:  # R24 as the reference judges an area of the hand, all face up
            hand = Evaluator(Area(tuple(map(Placed, cards)) + (None,) * (g.SIZE - len(cards))))
            self._most = {attribute: hand.most_common(attribute) for attribute in m.Attribute}

    def unsupported(self, what: str, node: object) -> Unsupported:
        """The shared :class:`Unsupported` (E300), naming the definition."""
        return Unsupported(
            diagnostic_at(
                "E300",
                f"{self.where}: the solver cannot express {what} yet",
                node,
                "",
                help="'dioses score' scores this board; only the search for its best layout "
                "is out of reach",
            )
        )

    # ------------------------------------------------------------ scopes, counts
    scope_cells = Dispatch(Scoping, lowering=LOWERING)

    @scope_cells.on(AroundCard)
    def _around(self, scope: AroundCard, anchor: Anchor) -> tuple[int, ...]:
        return () if anchor is None else g.ANCHORED_CELLS[scope.kind][anchor[0]]

    @scope_cells.on(FixedCells)
    def _fixed_cells(self, scope: FixedCells, anchor: Anchor) -> tuple[int, ...]:
        return cells_in(scope.row, scope.column)

    @scope_cells.on(LawLine)
    def _law_line(self, scope: LawLine, anchor: Anchor) -> tuple[int, ...]:
        return self.context.law_line or ()  # R13

    @scope_cells.on(LargestGroup)
    def _largest_group(self, scope: LargestGroup, anchor: Anchor) -> tuple[int, ...]:
        """Only a count of the group's own cards is expressed (:meth:`count`)."""
        raise self.unsupported("the largest group (R6) here", scope)

    def weight(self, d: int, selector: m.Selector) -> int:
        return card_weight(self.cards[d], weighed_as(selector, self.context.element))

    def largest_group(self, selector: m.Selector, anchor: Anchor) -> Lin:
        """R6: the weight of the heaviest orthogonally connected group of
        matching cards: the heaviest connected set of cells all holding one
        (weights are positive, so a whole group is the heaviest of its sets)."""
        weights, lits = [], []
        matching: set[int] = set()  # the cards (their indices) that may match
        for cell in g.ALL_CELLS:
            holders = self.holders(selector, cell, anchor)
            matching.update(d for d, _ in holders)
            lits.append(self.b.any_of(lit for _, lit in holders))
            weights.append(total(lit_lin(lit, self.weight(d, selector)) for d, lit in holders))
        # each cell of a group holds its own card: no group is larger than the
        # cards that may match
        most = len(matching)
        sizes = []
        for cells in connected_sets():
            if len(cells) > most:
                continue
            held = self.b.all_of(lits[cell] for cell in cells)
            if held is not False:  # one integer per set: multiplied out, the
                # 1126 sets made thousands of products (an example board's
                # optimum went from 4 s to not found in 60 s)
                sizes.append(
                    self.b.when(held, total(weights[cell] for cell in cells), multiply=False)
                )
        return self.b.maximum(sizes)

    countable = Dispatch(m.Countable, lowering=LOWERING)

    @countable.on(m.Count)
    def count(self, count: m.Count, anchor: Anchor) -> Lin:
        if isinstance(lowered(count.scope), LargestGroup):
            if count.where is not None or count.selector != count.scope.group:
                raise self.unsupported("a count in the largest group of other cards (R6)", count)
            return self.largest_group(count.selector, anchor)
        terms, most, cards = [], 0, {}
        for cell in self.scope_cells(count.scope, anchor):
            by_weight: dict[int, list[Lit]] = {}  # one card per cell: one literal per weight
            for d, placed in self.holders(count.selector, cell, anchor):
                if count.where is not None:
                    placed = self.b.all_of((placed, self.holds(count.where, (cell, d))))
                if placed is not False:
                    weight = cards[d] = self.weight(d, count.selector)
                    by_weight.setdefault(weight, []).append(placed)
            terms += [lit_lin(self.b.any_of(lits), weight) for weight, lits in by_weight.items()]
            most += max(by_weight, default=0)
        # and one cell per card: no more than the cards that may match weigh
        return total(terms).within(0, min(most, sum(cards.values())))

    @countable.on(m.Distinct)
    def _distinct(self, distinct: m.Distinct, anchor: Anchor) -> Lin:
        shown: dict[str, list[Lit]] = {}
        for cell in self.scope_cells(distinct.scope, anchor):
            for d, lit in self.holders(distinct.selector, cell, anchor):
                for value in values_of(self.cards[d], distinct.attribute):
                    shown.setdefault(value, []).append(lit)
        return total(lit_lin(self.b.any_of(lits)) for lits in shown.values())

    @countable.on(m.FactCount)
    def _fact(self, countable: m.FactCount, anchor: Anchor) -> Lin:
        found: Lin = getattr(self.context, FACT_FIELDS[countable.fact])
        return found

    # ------------------------------------------------------------ conditions
    def holds(self, condition: m.Condition, anchor: Anchor) -> Lit:
        held: Lit = self.judge(condition, anchor)
        return held

    judge = Dispatch(m.Condition, lowering=LOWERING)

    @judge.on(m.Relation)
    def _relation(self, c: m.Relation, anchor: Anchor) -> Lit:
        if anchor is None:
            return False
        cells = RELATION_CELLS[c.kind](anchor[0])
        return self.b.any_of(self.has(c.target, cell, anchor) for cell in cells)

    @judge.on(m.InRow)
    def _in_row(self, c: m.InRow, anchor: Anchor) -> Lit:
        return anchor is not None and g.cell_row(anchor[0]) is c.row

    @judge.on(m.InColumn)
    def _in_column(self, c: m.InColumn, anchor: Anchor) -> Lit:
        return anchor is not None and g.cell_column(anchor[0]) == c.column

    @judge.on(m.Present)
    def _present(self, c: m.Present, anchor: Anchor) -> Lit:
        return anchor is not None  # the anchor's card is known to stand there

    @judge.on(m.Scores)
    def _scores(self, c: m.Scores, anchor: Anchor) -> Lit:
        points = self.context.card_points
        if anchor is None or points is None:
            return (c.at_least <= 0) if c.at_least is not None else False
        own = points[anchor[1]]
        return self.b.at_least(own, c.at_least if c.at_least is not None else 1)

    @judge.on(m.Subject)
    def _subject(self, c: m.Subject, anchor: Anchor) -> Lit:
        return SUBJECT_MODES[c.mode](self, c, anchor)

    def subject_cards(
        self, selectors: tuple[m.Selector, ...], anchor: Anchor
    ) -> dict[tuple[int, int], Lit]:
        """(cell, card) -> it stands there and is one of the subjects."""
        found: dict[tuple[int, int], list[Lit]] = {}
        for selector in selectors:
            for cell in g.ALL_CELLS:
                for d, lit in self.holders(selector, cell, anchor):
                    found.setdefault((cell, d), []).append(lit)
        return {pair: self.b.any_of(lits) for pair, lits in sorted(found.items())}

    def holding(self, c: m.Subject, pairs: dict[tuple[int, int], Lit]) -> list[Lit]:
        """Each candidate that is one and meets the subject's condition."""
        return [self.b.all_of((lit, self.holds(c.condition, pair))) for pair, lit in pairs.items()]

    def some_subject(
        self, c: m.Subject, anchor: Anchor
    ) -> Lit:  # each subject has a card that holds
        return self.b.all_of(
            self.b.any_of(self.holding(c, self.subject_cards((selector,), anchor)))
            for selector in c.subjects
        )

    def every_subject(self, c: m.Subject, anchor: Anchor) -> Lit:  # every subject's card holds
        return self.b.all_of(
            self.b.any_of((self.b.negate(lit), self.holds(c.condition, pair)))
            for pair, lit in self.subject_cards(c.subjects, anchor).items()
        )

    def no_subject(self, c: m.Subject, anchor: Anchor) -> Lit:  # no subject's card holds
        return self.b.negate(self.b.any_of(self.holding(c, self.subject_cards(c.subjects, anchor))))

    @judge.on(m.Quantity)
    def _quantity(self, c: m.Quantity, anchor: Anchor) -> Lit:
        value = self.countable(c.count, anchor)
        return _COMPARE[c.comparison](self.b, value, c.amount)

    @judge.on(m.MoreThan)
    def _more_than(self, c: m.MoreThan, anchor: Anchor) -> Lit:
        return self.b.greater(self.count(c.more, anchor), self.count(c.less, anchor))

    @judge.on(m.AllFaceUpAtEnd)
    def _all_face_up(self, c: m.AllFaceUpAtEnd, anchor: Anchor) -> Lit:
        return self.context.all_face_up_at_end

    @judge.on(m.CondNot)
    def _cond_not(self, c: m.CondNot, anchor: Anchor) -> Lit:
        return self.b.negate(self.holds(c.item, anchor))

    @judge.on(m.CondAnd)
    def _cond_and(self, c: m.CondAnd, anchor: Anchor) -> Lit:
        return self.b.all_of(self.holds(item, anchor) for item in c.items)

    @judge.on(m.CondOr)
    def _cond_or(self, c: m.CondOr, anchor: Anchor) -> Lit:
        return self.b.any_of(self.holds(item, anchor) for item in c.items)

    # ------------------------------------------------------------ scoring lines
    line_points = Dispatch(m.ScoringLine, lowering=LOWERING)

    @line_points.on(m.Fixed)
    def _fixed(self, line: m.Fixed, anchor: Anchor) -> Lin:  # R8
        if line.condition is None:
            return Lin.const(line.points)
        return lit_lin(self.holds(line.condition, anchor), line.points)

    @line_points.on(m.PerCount)
    def _per_count(self, line: m.PerCount, anchor: Anchor) -> Lin:  # R9
        if line.per <= 0:
            return ZERO
        return self.b.floor_div(self.countable(line.count, anchor), line.per).scaled(line.points)

    @line_points.on(m.Capped)
    def _capped(self, line: m.Capped, anchor: Anchor) -> Lin:
        return self.b.clamp(self.line_points(line.line, anchor), line.limit)

    @line_points.on(m.Bounded)
    def _bounded(self, line: m.Bounded, anchor: Anchor) -> Lin:
        return self.b.bounded(self.lines_points(line.lines, anchor), line.floor, line.ceiling)

    def card_points(self, d: int) -> Lin:
        """The points of card ``d`` of the hand: its lines judged from each
        cell it may stand in, when it stands there (R8-R11)."""
        card = self.cards[d]
        self.where = f"card '{card.id}'"
        return total(
            self.b.when(self.x[d][cell], self.lines_points(card.lines, (cell, d)))
            for cell in g.ALL_CELLS
            if self.x[d][cell] is not False
        )

    def judged(
        self,
        lines: tuple[m.ScoringLine, ...],
        where: str,
        law_line: tuple[int, ...] | None = None,
        element: m.Selector | None = None,
    ) -> Lin:
        """The points of a law's or an objective's ``lines`` (named ``where``
        in what the solver cannot express), judged with its line (R13) or
        its element (R15), from no anchor."""
        self.where, context = where, self.context
        self.context = context.judging(element, law_line)
        try:
            return self.lines_points(lines, None)
        finally:
            self.context = context

    def every_card_points(self) -> list[Lin]:
        """:meth:`card_points` of each card of the hand, in order."""
        return [self.card_points(d) for d in range(len(self.cards))]

    def lines_points(self, lines: tuple[m.ScoringLine, ...], anchor: Anchor) -> Lin:
        """Kept per lines, cell and facts: cards whose lines read only the
        cells around the anchor share one expression per cell."""
        key = (
            lines,
            None if anchor is None else anchor[0],
            anchor if self.reads_card(lines) else None,
            self.context.serial,
        )
        found = self._lines.get(key)
        if found is None:
            found = self._lines[key] = total(self.line_points(line, anchor) for line in lines)
        return found

    def reads_card(self, node: object) -> bool:
        """Whether a tree reads the anchor's card, not only its cell."""
        found = self._reads_card.get(node)
        if found is None:
            found = self._reads_card[node] = any(READS[type(n)][1](n) for n in iter_core(node))
        return found


# What each subject mode asks of the subjects' cards: checked total at import,
# so a new mode fails here, never as a missing key while solving.
SUBJECT_MODES: Mapping[m.SubjectMode, Callable[[TreeCompiler, m.Subject, Anchor], Lit]] = (
    total_table(
        m.SubjectMode,
        {
            m.SubjectMode.SOME: TreeCompiler.some_subject,
            m.SubjectMode.EVERY: TreeCompiler.every_subject,
            m.SubjectMode.NONE: TreeCompiler.no_subject,
        },
        "solve.compiler.SUBJECT_MODES",
    )
)
