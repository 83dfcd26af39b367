"""Many full areas at once through the compiled evaluator (``balance``'s path).

``balance`` scores every card of a million dealt areas and keeps only how
often each card scored how much, and each area's total. An area here is just
the 12 pool indices the deal gives (every cell occupied and face up, as at
the final scoring, R12). Two ways, which give the same tallies
(tests/test_compiled.py):

* :func:`tally_areas`, one area at a time: its masks go into one reused
  :class:`~.scene.Scene`, every card's compiled lines are called, and the
  (pool index, points) pairs are counted in C;
* :func:`tally_batches`, thousands of areas at a time, one bit per area
  (``planes``, ``wide``): a card's lines judged from a cell are a few
  operations on integers as wide as the batch, shared by every area. The
  areas holding a card whose lines the batch cannot compute are scored one
  at a time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import islice
from operator import getitem
from typing import cast

from ..language import model as m
from ..unsupported import Unsupported, fell_back
from . import area as g
from . import compiled
from .area import Area, Placed
from .evaluator import Facts
from .masks import FULL, cells_of
from .planes import Planes
from .scene import ALWAYS, CELLS, Scene
from .wide import Counted, WideCompiler

try:  # the C helper behind Counter.update(iterable)
    from _collections import _count_elements  # type: ignore[import-not-found]  # C module, no stub
except ImportError:  # pragma: no cover - another Python
    from collections import _count_elements  # type: ignore[attr-defined]  # private, no stub

BATCH = 1 << 16  # areas side by side
Wide = tuple[Counted, ...]  # a card's points judged from each cell, over a batch


class Tallies:
    """How often each pool index scored how many points, and each total."""

    def __init__(self) -> None:
        self.points: Counter[tuple[int, int]] = Counter()  # (pool index, points) -> areas
        self.totals: Counter[int] = Counter()  # an area's total -> areas


class OneByOne:
    """Areas scored one at a time with the compiled evaluator."""

    def __init__(self, pool: Sequence[m.MythCard], facts: Facts) -> None:
        current = compiled.pool()
        self.infos = [current.info(card) for card in pool]
        # each cell's lanes of each pool card: an area's kinds are 12 look-ups
        self.lanes = [tuple(info.kind_lanes[cell] for info in self.infos) for cell in CELLS]
        self.scene = Scene([], FULL, FULL, ALWAYS, 0)
        self.scene.judge_with(
            facts, None if facts.element is None else current.selector(facts.element)
        )

    def tally(self, areas: Iterable[Sequence[int]], tallies: Tallies) -> None:
        infos, lanes, scene = self.infos, self.lanes, self.scene
        counted, totals = tallies.points, []
        for picks in areas:
            cards = [infos[index] for index in picks]
            scene.refill(cards, sum(map(getitem, lanes, picks), ALWAYS))
            values = [card.points(scene, cell) for cell, card in enumerate(cards)]
            _count_elements(counted, zip(picks, values, strict=True))
            totals.append(sum(values))
        _count_elements(tallies.totals, totals)


def tally_areas(
    pool: Sequence[m.MythCard], areas: Iterable[Sequence[int]], facts: Facts
) -> Tallies:
    """Score the areas (each 12 indices into ``pool``, cell by cell) one at a
    time with the compiled evaluator and these facts."""
    tallies = Tallies()
    OneByOne(pool, facts).tally(areas, tallies)
    return tallies


def tally_batches(
    pool: Sequence[m.MythCard], areas: Iterable[Sequence[int]], facts: Facts, size: int = BATCH
) -> Tallies:
    """As :func:`tally_areas`, ``size`` areas side by side at a time (a pool
    of at most 256 cards, so that an index is a byte)."""
    if len(pool) > 256:
        raise ValueError("a batch names the cards of a pool of 256 at most")
    cards = list(pool)
    one_by_one = OneByOne(cards, facts)
    wide = _compile_wide(cards, facts)
    narrow = [code for code, closures in enumerate(wide) if closures is None]
    tallies = Tallies()
    areas = iter(areas)
    while True:
        chunk = list(islice(areas, size))
        if not chunk:
            return tallies
        joined = (
            b"".join(cast("list[bytes]", chunk))  # the areas came as bytes
            if isinstance(chunk[0], bytes)
            else b"".join(map(bytes, chunk))
        )
        planes = Planes([joined[cell :: g.SIZE] for cell in CELLS], len(cards))
        alone = 0  # the areas holding a card the batch cannot judge
        for code in narrow:
            for cell in CELLS:
                alone |= planes.holds(cell, code)
        _tally_planes(planes, wide, planes.ones ^ alone, tallies)
        one_by_one.tally((chunk[index] for index in cells_of(alone)), tallies)


def _tally_planes(planes: Planes, wide: list[Wide | None], among: int, tallies: Tallies) -> None:
    """Every card's points in the areas ``among``, and their totals."""
    total = planes.const(0)
    for code, closures in enumerate(wide):
        if closures is None:
            continue
        value, dealt = None, 0
        for cell in CELLS:
            at = planes.holds(cell, code) & among
            if at:
                here = planes.mask(closures[cell](planes), at)
                value = here if value is None else planes.merge(value, here)
                dealt |= at
        if value is not None:
            for points, count in planes.counts(value, dealt).items():
                tallies.points[code, points] += count
            total = planes.add(total, value)
    for points, count in planes.counts(total, among).items():
        tallies.totals[points] += count


def _compile_wide(cards: list[m.MythCard], facts: Facts) -> list[Wide | None]:
    """Per card, its lines judged from each cell over a batch, or None when
    the batch cannot judge them (its areas are scored one by one)."""
    current = compiled.pool()
    element = None if facts.element is None else current.selector(facts.element)

    def scene_of(card: m.MythCard, cell: int) -> Scene:
        area = Area(tuple(Placed(card) if index == cell else None for index in CELLS))
        scene = current.scene(area)
        scene.judge_with(facts, element)
        return scene

    def matches(selector: m.Selector, card: m.MythCard) -> bool:
        return bool(current.selector(selector).fn(scene_of(card, 0), None))

    def alone(condition: m.Condition, cell: int) -> bool:
        return bool(current.condition(condition)(scene_of(cards[0], cell), cell))

    compiler = WideCompiler(cards, facts, matches, alone)
    wide: list[Wide | None] = []
    for card in cards:
        try:
            wide.append(tuple(compiler.card(card, cell) for cell in CELLS))
        except Unsupported:  # only that: any other error is a bug, and goes up
            fell_back("batch")
            wide.append(None)
    return wide
