"""How each Myth card scores in the best layouts of random hands
(``dioses balance --optimal``), beside what it scores in random layouts.

A random layout says how often a card's condition happens to hold; the best
layout of the same twelve cards says what the card is worth to a player who
arranges them well. Each hand is solved by :func:`.layout.best_layout` on one
CP-SAT worker with a deterministic effort per hand (CP-SAT's deterministic
time, not seconds), so the report is the same on any machine, under any
load and for any number of processes: the hands are dealt here from the one
seed and solved independently. A hand not proven optimal within the effort
counts with the best layout found, and the report says how many were proven.

When a hand has several best layouts, a card's points are those of the one
CP-SAT finds: the per-card figures describe *a* best play, the totals *the*
best play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from attrs import frozen

from ..language import model as m
from ..parallel import run_pieces
from ..scoring.area import SIZE, Area, Placed
from ..scoring.balance import counted_mean_spread, deal_areas, summarised
from ..scoring.board import Board
from ..scoring.evaluator import Facts
from ..scoring.score import card_points
from .layout import best_layout
from .limits import EFFORT, MAX_EFFORT


@frozen
class OptimalCard:
    """One card's points in the best layouts of the hands it was dealt in."""

    card_id: str
    dealt: int
    mean: float
    spread: float

    def to_json(self) -> dict[str, Any]:
        return {"dealt": self.dealt, "mean": round(self.mean, 3), "spread": round(self.spread, 3)}


@frozen
class OptimalReport:
    hands: int
    seed: int
    effort: float
    proven: int  # hands whose best layout was proven optimal
    mean_total: float
    spread_total: float
    cards: dict[str, OptimalCard]

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "seed": self.seed,
            "effort": self.effort,
            "proven": self.proven,
            "mean_total": round(self.mean_total, 3),
            "spread_total": round(self.spread_total, 3),
        }


def optimal_hands(pool: Sequence[m.MythCard], hands: int, seed: int) -> list[tuple[int, ...]]:
    """The hands to solve, as indexes into ``pool``: the first ``hands``
    areas the reference path of ``balance`` deals for this seed."""
    index = {id(card): i for i, card in enumerate(pool)}
    return [
        tuple(index[id(_card(area.cells, cell))] for cell in range(SIZE))
        for area in deal_areas(pool, hands, random.Random(seed))
    ]


def _solve_hand(
    shared: tuple[list[m.MythCard], bool, float], hand: tuple[int, ...]
) -> tuple[bool, int, tuple[tuple[int, int], ...]]:
    """One hand's best layout: proven or not, its total, and each card's
    points in it as (index into the pool, points)."""
    pool, face_up_end, effort = shared
    area = Area(tuple(Placed(pool[i], True) for i in hand))
    found = best_layout(Board(area), effort=effort, all_face_up_at_end=face_up_end)
    cells = found.board.area.cells
    where = {id(pool[i]): i for i in hand}
    points = card_points(found.board.area, Facts(all_face_up_at_end=face_up_end))
    return (
        found.optimal,
        found.best_total,
        tuple((where[id(_card(cells, cell))], value) for cell, value in sorted(points.items())),
    )


def optimal_balance(
    pool: Sequence[m.MythCard],
    hands: int = 100,
    seed: int = 1,
    face_up_end: bool = False,
    effort: float = EFFORT,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> OptimalReport:
    """Solve ``hands`` random hands of ``pool`` (see the module's docstring);
    ``progress(1)`` after each."""
    if not 0 < effort <= MAX_EFFORT:
        raise ValueError(f"effort must be more than 0 and at most {MAX_EFFORT}")
    work = optimal_hands(pool, hands, seed)

    def done(_hand: object, _result: object) -> None:
        if progress is not None:
            progress(1)

    results = run_pieces(
        _solve_hand, (list(pool), face_up_end, effort), work, workers, scheduler, done
    )
    per_card: dict[str, Counter[int]] = {card.id: Counter() for card in pool}
    for _, _, points in results:
        for index, value in points:
            per_card[pool[index].id][value] += 1
    cards = {
        card_id: OptimalCard(card_id, dealt, mean, spread)
        for card_id, (dealt, mean, spread, _) in summarised(per_card).items()
    }
    mean_total, spread_total = counted_mean_spread(Counter(total for _, total, _ in results), "")
    return OptimalReport(
        hands,
        seed,
        effort,
        sum(1 for proven, _, _ in results if proven),
        mean_total,
        spread_total,
        cards,
    )


def _card(cells: tuple[Placed | None, ...], cell: int) -> m.MythCard:
    placed = cells[cell]
    assert placed is not None  # a solved layout fills every cell it scores
    return placed.card
