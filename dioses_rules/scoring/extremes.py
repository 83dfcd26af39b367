"""How many points a definition can make at best and at worst, without a
solver: a bound read from its lines, and a seeded search of final areas
(``dioses test``; ``solve/ranges.py`` answers exactly with CP-SAT).

A final area is full (R1: a game ends with 12 cards), of the pool's Myth
cards, all face up (R12); the facts a line may read beyond the area are
searched too, within what a game can give (laws met 0 to min(7, the laws in
play), R13; patterns completed 0 to the patterns in play, R14; ended all
face up or not, R21). A law may sit on any row or column (R13).

:func:`line_bounds` bounds what lines can give from their shape alone
(``2 points if ...``: 0 or 2; ``1 point per god in row``: 0 to 4 with R11
weights; a cap); when the search reaches the bound, the answer is exact.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence

from attrs import evolve, frozen

from ..language import model as m
from ..language.lower import LOWERING
from ..language.walk import Dispatch, iter_nodes, total
from ..pool.registry import Registry
from .area import SIZE, Area, Placed
from .board import LAW_LINES, LawLine, line_cells
from .evaluator import Evaluator, Facts, card_weight, values_of
from .score import card_points

# The most each game fact can count (the total score has no bound of its own).
_FACT_MOST: Mapping[m.Fact, Callable[[PoolLimits], int]] = total(
    m.Fact,
    {
        m.Fact.PATTERNS_COMPLETED: lambda limits: limits.patterns_most,
        m.Fact.LAWS_MET: lambda limits: limits.laws_most,
        m.Fact.TOTAL: lambda limits: 1000,
    },
    "extremes._FACT_MOST",
)


@frozen
class PoolLimits:
    """What a final area of a pool may hold and know."""

    cards: tuple[m.MythCard, ...]
    laws_most: int  # laws met at most (R13: one a row and a column)
    patterns_most: int  # patterns completed at most (R14)

    @classmethod
    def of(cls, registry: Registry) -> PoolLimits:
        cards = tuple(sorted(registry.myth_cards(), key=lambda card: card.id))
        return cls(
            cards, min(7, len(registry.definitions("law"))), len(registry.definitions("pattern"))
        )


@frozen
class Found:
    """The most (or least) points the search found, where."""

    points: int
    area: Area
    facts: Facts
    line: tuple[str, object] | None = None  # a law's row or column
    exact: bool = False  # the bound of its lines is reached: no area does better
    tries: int = 0


def line_bounds(lines: Sequence[m.ScoringLine], limits: PoolLimits) -> tuple[int, int]:
    """The least and the most ``lines`` can give, from their shape alone."""
    lo = hi = 0
    for line in lines:
        low, high = _BOUNDS.bounds(line, limits)
        lo, hi = lo + low, hi + high
    return lo, hi


class LineBounds:
    """One line's least and most points, one method per kind of line (a new
    kind fails tests/test_walk.py until it has one)."""

    bounds = Dispatch(m.ScoringLine, lowering=LOWERING)

    @bounds.on(m.Fixed)
    def _fixed(self, line: m.Fixed, limits: PoolLimits) -> tuple[int, int]:
        if line.condition is None:
            return line.points, line.points
        return min(0, line.points), max(0, line.points)

    @bounds.on(m.PerCount)
    def _per_count(self, line: m.PerCount, limits: PoolLimits) -> tuple[int, int]:
        most = line.points * (self.most(line.count, limits) // max(line.per, 1))
        return min(0, most), max(0, most)

    @bounds.on(m.Capped)
    def _capped(self, line: m.Capped, limits: PoolLimits) -> tuple[int, int]:
        low, high = line_bounds((line.line,), limits)
        return max(low, -line.limit), min(high, line.limit)

    @bounds.on(m.Bounded)
    def _bounded(self, line: m.Bounded, limits: PoolLimits) -> tuple[int, int]:
        low, high = line_bounds(line.lines, limits)
        return line.clamp(low), line.clamp(high)

    most = Dispatch(m.Countable, lowering=LOWERING)

    @most.on(m.Count)
    def _count(self, count: m.Count, limits: PoolLimits) -> int:
        """R11: the heaviest cards the scope can hold."""
        cells = count.scope.kind.most_cells
        weights = sorted((card_weight(card, count.selector) for card in limits.cards), reverse=True)
        return sum(weights[:cells]) + max(0, cells - len(weights))

    @most.on(m.Distinct)
    def _distinct(self, count: m.Distinct, limits: PoolLimits) -> int:
        """The values the pool shows, at most those the scope's cards can show."""
        cells = count.scope.kind.most_cells
        shown = {value for card in limits.cards for value in values_of(card, count.attribute)}
        return min(
            len(shown),
            cells * max((len(values_of(c, count.attribute)) for c in limits.cards), default=1),
        )

    @most.on(m.FactCount)
    def _fact(self, count: m.FactCount, limits: PoolLimits) -> int:
        return _FACT_MOST[count.fact](limits)


_BOUNDS = LineBounds()


# What has a range of points: a Myth card, a law, an objective's goal.
Ranged = m.MythCard | m.Law | m.ObjectiveGoal
# An area as the search moves its cards, cell by cell (None: empty).
Cells = list[m.MythCard | None]


def mentions(lines: Sequence[m.ScoringLine], *kinds: type) -> bool:
    """Whether ``lines`` hold a node of one of ``kinds`` (``Scores``: they
    read other cards' points, R24; ``AllFaceUpAtEnd``: R21)."""
    return any(isinstance(node, kinds) for node in iter_nodes(lines))


def face_up_values(lines: Sequence[m.ScoringLine]) -> tuple[bool, ...]:
    """R21: the area ended all face up, and not, only where a line asks."""
    return (True, False) if mentions(lines, m.AllFaceUpAtEnd) else (True,)


class Judge:
    """The points of one definition in one area with some facts, as the
    reference evaluator gives them (the search's measure, and the check of
    the solver's answers)."""

    def __init__(self, what: Ranged, element: m.ObjectiveElement | None) -> None:
        self.what, self.element = what, element
        self.reads_scores = mentions(what.lines, m.Scores)

    def __call__(self, cells: Cells, facts: Facts, line: LawLine | None) -> int:
        return self.points(_area(cells), facts, line)

    def points(self, area: Area, facts: Facts, line: LawLine | None) -> int:
        what = self.what
        if isinstance(what, m.MythCard):
            cell = next(c for c, p in enumerate(area.cells) if p is not None and p.card is what)
            if self.reads_scores:  # R24: a line reads the other cards' points
                facts = evolve(facts, card_points=card_points(area, facts, "reference"))
            return Evaluator(area, facts).lines_points(what.lines, cell)
        if isinstance(what, m.Law):
            assert line is not None  # a law is judged on a line
            return Evaluator(area, evolve(facts, law_line=line_cells(line))).lines_points(
                what.lines, None
            )
        assert self.element is not None  # a goal is judged with its element
        return Evaluator(area, evolve(facts, element=self.element.selector)).lines_points(
            what.lines, None
        )


def search_extreme(
    limits: PoolLimits,
    what: Ranged,
    maximize: bool,
    element: m.ObjectiveElement | None = None,
    seed: int = 0,
    seconds: float = 0.5,
    restarts: int = 4,
    steps: int = 150,
) -> Found:
    """The most (``maximize``) or least points ``what`` (a Myth card, a law,
    or a goal with ``element``) makes in the final areas a seeded hill climb
    visits: ``restarts`` random areas, each improved ``steps`` times (a card
    swapped for one of the pool, two cells swapped, a fact changed), within
    ``seconds``. Stops early once the bound of its lines is reached."""
    rng = random.Random(seed)
    judge = Judge(what, element)
    wanted = _wanted(what, element, limits.cards)
    facts_read = mentions(what.lines, m.FactCount, m.AllFaceUpAtEnd)
    low, high = line_bounds(what.lines, limits)
    bound = high if maximize else low
    better = (lambda a, b: a > b) if maximize else (lambda a, b: a < b)
    deadline = time.perf_counter() + seconds
    best: Found | None = None
    tries = 0
    pool = list(limits.cards)
    unwanted = [card for card in pool if card not in wanted] if wanted else pool
    least = 4 * restarts * 10  # tries made whatever the time: the search is never empty
    for restart in range(restarts):
        # towards the cards its lines name, away from them, or neither
        bias = (wanted, unwanted, pool)[restart % 3] or pool
        cells, facts, line = _random_start(rng, bias, what, limits, facts_read, pool)
        points = judge(cells, facts, line)
        tries += 1
        for _ in range(steps):
            if (
                (best is not None and best.points == bound)
                or points == bound
                or (tries > least and time.perf_counter() > deadline)
            ):
                break
            moved = _move(rng, pool, bias, what, cells, facts, line, limits, facts_read)
            value = judge(*moved)
            tries += 1
            if not better(points, value):  # as good or better: go there
                (cells, facts, line), points = moved, value
        if best is None or better(points, best.points):
            best = Found(points, _area(cells), facts, line)
        if best.points == bound or (tries > least and time.perf_counter() > deadline):
            break
    assert best is not None  # every restart sets it
    return Found(best.points, best.area, best.facts, best.line, best.points == bound, tries)


def _area(cells: Cells) -> Area:
    return Area(tuple(Placed(card, True) if card is not None else None for card in cells))


def _wanted(
    what: Ranged, element: m.ObjectiveElement | None, cards: Sequence[m.MythCard]
) -> list[m.MythCard]:
    """The pool's cards its lines name by type, mythology, id or tag: the
    search brings them into the area more often than the others."""
    named = (what.lines, () if element is None else element.selector)
    atoms = [n for n in iter_nodes(named) if isinstance(n, (m.TypeIs, m.MythologyIs, m.Named))]

    def fits(card: m.MythCard, atom: m.TypeIs | m.MythologyIs | m.Named) -> bool:
        if isinstance(atom, m.TypeIs):
            return card.type == atom.type
        if isinstance(atom, m.MythologyIs):
            return atom.mythology in card.mythologies
        return card.id == atom.name or atom.name in card.tags

    return [card for card in cards if card is not what and any(fits(card, a) for a in atoms)]


def _facts(rng: random.Random, limits: PoolLimits, read: bool) -> Facts:
    if not read:  # the lines read no fact of the game's end: one value shown
        return Facts(all_face_up_at_end=True)
    return Facts(
        laws_met=rng.randint(0, limits.laws_most),
        patterns_completed=rng.randint(0, limits.patterns_most),
        all_face_up_at_end=rng.random() < 0.5,
    )


def _random_start(
    rng: random.Random,
    bias: list[m.MythCard],
    what: Ranged,
    limits: PoolLimits,
    facts_read: bool,
    pool: list[m.MythCard],
) -> tuple[Cells, Facts, LawLine | None]:
    others = [card for card in bias if card is not what]
    chosen = rng.sample(others, min(len(others), SIZE))
    if len(chosen) < SIZE:  # too few of the biased cards: the rest from the whole pool
        rest = [card for card in pool if card is not what and card not in chosen]
        chosen += rng.sample(rest, min(len(rest), SIZE - len(chosen)))
    cells: Cells = [*chosen, *[None] * (SIZE - len(chosen))]
    if isinstance(what, m.MythCard):
        cells[rng.randrange(SIZE)] = what
    facts = _facts(rng, limits, facts_read)
    line = rng.choice(LAW_LINES) if isinstance(what, m.Law) else None
    return cells, facts, line


def _move(
    rng: random.Random,
    pool: list[m.MythCard],
    wanted: list[m.MythCard],
    what: Ranged,
    cells: Cells,
    facts: Facts,
    line: LawLine | None,
    limits: PoolLimits,
    facts_read: bool,
) -> tuple[Cells, Facts, LawLine | None]:
    cells = list(cells)
    kind = rng.random()
    if kind < 0.45:  # a card of the pool for one of the area (often one its lines name)
        source = wanted if wanted and rng.random() < 0.6 else pool
        unused = [card for card in source if card not in cells]
        spots = [i for i, card in enumerate(cells) if card is not what]
        if unused and spots:
            cells[rng.choice(spots)] = rng.choice(unused)
    elif kind < 0.85:  # two cells swapped
        a, b = rng.sample(range(SIZE), 2)
        cells[a], cells[b] = cells[b], cells[a]
    elif line is not None and (kind < 0.93 or not facts_read):
        line = rng.choice(LAW_LINES)
    elif facts_read:  # a fact of the game's end
        facts = _facts(rng, limits, True)
    return cells, facts, line


__all__ = ["Found", "Judge", "PoolLimits", "Ranged", "line_bounds", "search_extreme"]
