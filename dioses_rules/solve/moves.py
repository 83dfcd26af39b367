"""Where a scenario's locked cards can end: the cells its setup places them in,
and those its own rules can move them to (see ``solve.scenario``).

A locked card never moves by a player's swap (the lock), only by the
scenario's rules: a trigger that swaps it with its neighbour in a direction
(``swap freyja with the card left of freyja``) moves it one cell that way
each time it fires, at most once per pattern drawn for "when pattern
completed"; an ability that swaps it with a card standing beside it (``if
toth below portable-sarcophagus``) moves it one cell towards that card, once
for an ability used once. A move whose direction the text does not say lets
the card end anywhere (the answer stays an over-approximation: no winning
area is missed).
"""

from __future__ import annotations

from ..language import model as m
from ..scoring import area as g
from .reading import UNBOUNDED, ScenarioReading, involves


def allowed_cells(scenario: m.Scenario, steps: list[m.SetupStep]) -> dict[str, frozenset[int]]:
    """For each card the setup places and the rules lock, the cells it may
    end in."""
    return locked_cells(ScenarioReading(scenario, steps))


def locked_cells(reading: ScenarioReading) -> dict[str, frozenset[int]]:
    """:func:`allowed_cells` of a scenario already read."""
    return {
        card: reach(reading.starts[card], moves(reading, card))
        for card in sorted(reading.locked & reading.starts.keys())
    }


def moves(reading: ScenarioReading, card: str) -> list[tuple[m.Direction | None, int]]:
    """(direction, how many times) of each rule that can move ``card``;
    direction None: unknown."""
    return [
        (swap.direction(card), swap.occasion.times)
        for swap in reading.swaps
        if involves(swap.effect, card)
    ]


def reach(starts: frozenset[int], found: list[tuple[m.Direction | None, int]]) -> frozenset[int]:
    """Every cell reachable from ``starts`` by the moves, each up to its count."""
    cells = set(starts)
    for direction, times in found:
        if times <= 0:
            continue
        if direction is None:
            return frozenset(g.ALL_CELLS)
        for _ in range(min(times, UNBOUNDED)):
            d_row, d_column = direction.offset
            cells |= {n for n in (g.offset(c, d_row, d_column) for c in cells) if n is not None}
    return frozenset(cells)
