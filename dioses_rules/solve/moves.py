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

from collections.abc import Iterable

from ..language import model as m
from ..scoring import area as g

UNBOUNDED = g.SIZE  # more moves than the area has cells change nothing
# "X below CARD": CARD swapped with X moves below, and so on
_TOWARDS = {
    m.RelationKind.BELOW: m.Direction.BELOW,
    m.RelationKind.ABOVE: m.Direction.ABOVE,
    m.RelationKind.LEFT_OF: m.Direction.LEFT,
    m.RelationKind.RIGHT_OF: m.Direction.RIGHT,
}


def start_cells(steps: Iterable) -> dict[str, frozenset[int]]:
    """The cells each card placed by the setup may start in."""
    starts = {}
    for step in steps:
        if isinstance(step, m.Place):
            if step.row is not None and step.column is not None:
                cells = {g.cell_index(step.row, step.column)}
            elif step.row is not None:
                cells = set(g.ROW_CELLS[step.row])
            elif step.column is not None:
                cells = set(g.COLUMN_CELLS[step.column])
            else:
                cells = set(g.ALL_CELLS)
            for card in step.cards:
                starts[card] = frozenset(cells)
    return starts


def allowed_cells(scenario: m.Scenario, steps: list) -> dict[str, frozenset[int]]:
    """For each card the setup places and the rules lock, the cells it may
    end in."""
    starts = start_cells(steps)
    locked = {card for rule in scenario.rules if isinstance(rule, m.Lock) for card in rule.cards}
    patterns = sum(
        step.effect.count
        for step in steps
        if isinstance(step, m.SetupDraw) and isinstance(step.effect, m.DrawPattern)
    )
    return {
        card: reach(starts[card], moves(scenario, card, patterns))
        for card in sorted(locked & starts.keys())
    }


def moves(scenario: m.Scenario, card: str, patterns: int) -> list[tuple[m.Direction | None, int]]:
    """(direction, how many times) of each rule that can move ``card``;
    direction None: unknown."""
    found = []
    for rule in scenario.rules:
        if isinstance(rule, m.Trigger):
            times = patterns if rule.kind is m.TriggerKind.PATTERN_COMPLETED else UNBOUNDED
            for effect in rule.effects:
                if isinstance(effect, m.SwapCards) and _involves(effect, card):
                    found.append((_trigger_direction(effect, card), times))
        elif (
            isinstance(rule, m.Ability)
            and isinstance(rule.effect, m.SwapCards)
            and _involves(rule.effect, card)
        ):
            found.append((_ability_direction(rule, card), 1 if rule.once else UNBOUNDED))
    return found


def _names(ref: m.CellRef) -> str | None:
    return ref.card.name if isinstance(ref.card, m.Named) else None


def _involves(effect: m.SwapCards, card: str) -> bool:
    return card in (_names(effect.first), _names(effect.second))


def _trigger_direction(effect: m.SwapCards, card: str) -> m.Direction | None:
    """``swap CARD with the card DIRECTION of CARD``: CARD moves that way."""
    first, second = effect.first, effect.second
    for mine, other in ((first, second), (second, first)):
        if _names(mine) == card and mine.direction is None and _names(other) == card:
            return other.direction
    return None


def _ability_direction(rule: m.Ability, card: str) -> m.Direction | None:
    """``swap CARD with X if X below CARD``: CARD moves below."""
    condition = rule.condition
    if isinstance(condition, m.Subject) and isinstance(condition.condition, m.Relation):
        relation = condition.condition
        if isinstance(relation.target, m.Named) and relation.target.name == card:
            return _TOWARDS.get(relation.kind)
    return None


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
