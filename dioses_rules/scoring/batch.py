"""Many full areas at once through the compiled evaluator (``balance``'s path).

``balance`` scores every card of a million dealt areas and keeps only how
often each card scored how much. Doing that one ``card_points`` call at a
time builds an ``Area``, 12 ``Placed`` and a dict per area only to throw them
away. Here an area is just the 12 pool indices the deal gives (every cell
occupied and face up, as at the final scoring, R12): each is turned into the
masks of one reused :class:`~.scene.Scene`, every card's compiled lines are
called, and the points are tallied in C (``collections.Counter``) as
(pool index, points) pairs, with the areas' totals. The points are those
``card_points`` gives for the same area (tests/test_compiled.py).
"""

from __future__ import annotations

from collections import Counter
from operator import getitem
from typing import Iterable, Sequence

from ..language import model as m
from . import compiled
from .evaluator import Facts
from .masks import FULL
from .scene import ALWAYS, CELLS, KIND_LANES, Scene

try:  # the C helper behind Counter.update(iterable)
    from _collections import _count_elements
except ImportError:  # pragma: no cover - another Python
    from collections import _count_elements  # type: ignore[attr-defined, no-redef]


class Tallies:
    """How often each pool index scored how many points, and each total."""

    def __init__(self) -> None:
        self.points: Counter = Counter()  # (pool index, points) -> areas
        self.totals: Counter = Counter()  # an area's total -> areas


def tally_areas(pool: Sequence[m.MythCard], areas: Iterable[Sequence[int]],
                facts: Facts) -> Tallies:
    """Score the areas (each 12 indices into ``pool``, cell by cell) with the
    compiled evaluator and these facts."""
    current = compiled.pool()
    infos = [current.info(card) for card in pool]
    scene = Scene([], FULL, FULL, ALWAYS, 0)
    scene.judge_with(facts, None if facts.element is None else current.selector(facts.element))
    tallies = Tallies()
    counted, totals = tallies.points, []
    for picks in areas:
        cards = [infos[index] for index in picks]
        scene.refill(cards, sum(map(getitem, map(KIND_LANES, cards), CELLS), ALWAYS))
        values = [card.points(scene, cell) for cell, card in enumerate(cards)]
        _count_elements(counted, zip(picks, values))
        totals.append(sum(values))
    _count_elements(tallies.totals, totals)
    return tallies
