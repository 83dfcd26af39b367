"""What the solver reads of a scenario's setup and rules: one method per
setup step, rule change and effect, and where the cards it locks can end.

``solve.scenario`` models a scenario's winning final areas from the few
things read here: where its setup places cards, the side decks it sets
aside, the laws and patterns drawn (at setup, surely; by a rule, perhaps),
the cards its rules lock, the swaps its rules make, and the cards a trigger
remembers as a scenario state. They are read by
:class:`~..language.walk.Dispatch` tables like every other back end's, so a
new kind of step, rule or effect fails the coverage test (tests/test_walk.py)
until the solver says what it means for a final area, instead of being
filtered out by an ``isinstance`` and silently ignored.

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

from collections.abc import Callable, Mapping, Sequence

from attrs import frozen

from ..language import model as m
from ..language.walk import Dispatch, total
from ..scoring import area as g
from ..scoring.evaluator import cells_in

UNBOUNDED = g.SIZE  # more moves than the area has cells change nothing


@frozen
class Occasion:
    """When an effect happens: at setup (once, surely), or by a rule (a
    trigger or an ability), ``times`` at most, moving a card a swap of it
    swaps the way ``direction(swap, card)`` says (None: a way the text does
    not say)."""

    at_setup: bool
    times: int = 1
    direction: Callable[[m.SwapCards, str], m.Direction | None] = lambda swap, card: None


SETUP = Occasion(at_setup=True)


class ScenarioReading:
    """A scenario's setup steps and rules, as the solver reads them."""

    step = Dispatch(m.SetupStep)
    rule = Dispatch(m.RuleChange)
    effect = Dispatch(m.Effect)

    def __init__(self, scenario: m.Scenario, steps: Sequence[m.SetupStep]):
        self.starts: dict[str, frozenset[int]] = {}  # card -> the cells it may start in
        self.decks: dict[str, tuple[str, ...]] = {}  # side deck -> its cards
        self.law_slots: list[bool] = []  # one per law that may be in play: surely?
        self.pattern_draws: list[m.DrawPattern] = []  # the setup's
        self.locked: set[str] = set()
        self.swaps: list[tuple[m.SwapCards, Occasion]] = []  # a rule's swap, and when
        self.remembered: list[m.DiscardTop] = []  # discards a scenario state names
        for step in steps:  # first: a trigger's count reads the patterns drawn
            self.step(step)
        for rule in scenario.rules:
            self.rule(rule)

    @property
    def patterns_drawn(self) -> int:
        return sum(draw.count for draw in self.pattern_draws)

    def locked_cells(self) -> dict[str, frozenset[int]]:
        """For each card the setup places and the rules lock, the cells it
        may end in: where it starts, and every cell the rules' swaps of it
        reach, each up to its count (any cell for a swap whose direction
        the text does not say)."""
        return {card: self._reach(card) for card in sorted(self.locked & self.starts.keys())}

    def _reach(self, card: str) -> frozenset[int]:
        cells = set(self.starts[card])
        for swap, occasion in self.swaps:
            if not involves(swap, card) or occasion.times <= 0:
                continue
            direction = occasion.direction(swap, card)
            if direction is None:
                return frozenset(g.ALL_CELLS)
            d_row, d_column = direction.offset
            for _ in range(min(occasion.times, UNBOUNDED)):
                cells |= {n for n in (g.offset(c, d_row, d_column) for c in cells) if n is not None}
        return frozenset(cells)

    # ------------------------------------------------------------ setup steps
    @step.on(m.Place)
    def _place(self, step: m.Place) -> None:
        """The cells each placed card may start in: the cell, any cell of the
        row or the column, or any cell."""
        for card in step.cards:
            self.starts[card] = frozenset(cells_in(step.row, step.column))

    @step.on(m.SetAside)
    def _set_aside(self, step: m.SetAside) -> None:
        self.decks[step.deck] = step.cards

    @step.on(m.SetupDraw)
    def _setup_draw(self, step: m.SetupDraw) -> None:
        self.effect(step.effect, SETUP)

    @step.on(m.Separate, m.PowerCards)
    def _no_final_area(self, step: m.Separate | m.PowerCards) -> None:
        """Cards on top of the deck, Power cards: the final area may hold any
        card of the pool whatever the deck's order, and Power is spent."""

    # ------------------------------------------------------------ rule changes
    @rule.on(m.Lock)
    def _lock(self, rule: m.Lock) -> None:
        self.locked.update(rule.cards)

    @rule.on(m.Trigger)
    def _trigger(self, rule: m.Trigger) -> None:
        """Once per pattern drawn at setup for "when pattern completed", else
        any number of times."""
        times = self.patterns_drawn if rule.kind is m.TriggerKind.PATTERN_COMPLETED else UNBOUNDED
        for effect in rule.effects:
            self.effect(effect, Occasion(False, times, _trigger_direction))

    @rule.on(m.Ability)
    def _ability(self, rule: m.Ability) -> None:
        """Once for an ability used once, else any number of times."""

        def direction(swap: m.SwapCards, card: str) -> m.Direction | None:
            return _ability_direction(rule, card)

        self.effect(rule.effect, Occasion(False, 1 if rule.once else UNBOUNDED, direction))

    # ------------------------------------------------------------ effects
    @effect.on(m.SwapCards)
    def _swap_cards(self, effect: m.SwapCards, occasion: Occasion) -> None:
        if not occasion.at_setup:
            self.swaps.append((effect, occasion))

    @effect.on(m.DrawLaw)
    def _draw_law(self, effect: m.DrawLaw, occasion: Occasion) -> None:
        """R13: a law drawn at setup is in play; one a rule draws may be."""
        self.law_slots += [occasion.at_setup] * effect.count

    @effect.on(m.DrawPattern)
    def _draw_pattern(self, effect: m.DrawPattern, occasion: Occasion) -> None:
        """R14: the setup's patterns are held (one a rule draws is not modelled:
        the answer may then miss a winning area, never claim a false one)."""
        if occasion.at_setup:
            self.pattern_draws.append(effect)

    @effect.on(m.DiscardTop)
    def _discard_top(self, effect: m.DiscardTop, occasion: Occasion) -> None:
        if effect.remember:  # the card discarded is a scenario state (scenario 6)
            self.remembered.append(effect)

    @effect.on(m.SwapAny, m.Reveal, m.TurnFaceDown, m.RecoverDiscard, m.SeekDeck)
    def _no_final_choice(self, effect: m.Effect, occasion: Occasion) -> None:
        """A player's swap, a card turned, the deck searched or refilled: the
        final area is any arrangement of any cards of the pool, all face up
        (R12), already."""


def _names(ref: m.CellRef) -> str | None:
    return ref.card.name if isinstance(ref.card, m.Named) else None


def involves(effect: m.SwapCards, card: str) -> bool:
    return card in (_names(effect.first), _names(effect.second))


def _trigger_direction(effect: m.SwapCards, card: str) -> m.Direction | None:
    """``swap CARD with the card DIRECTION of CARD``: CARD moves that way."""
    first, second = effect.first, effect.second
    for mine, other in ((first, second), (second, first)):
        if _names(mine) == card and mine.direction is None and _names(other) == card:
            return other.direction
    return None


# "X below CARD": CARD swapped with X moves below, and so on; a relation with
# no one direction moves it no known way
_TOWARDS: Mapping[m.RelationKind, m.Direction] = total(
    m.RelationKind,
    {
        m.RelationKind.BELOW: m.Direction.BELOW,
        m.RelationKind.ABOVE: m.Direction.ABOVE,
        m.RelationKind.LEFT_OF: m.Direction.LEFT,
        m.RelationKind.RIGHT_OF: m.Direction.RIGHT,
        **dict.fromkeys(
            (
                m.RelationKind.NEXT_TO,
                m.RelationKind.CLOSE_TO,
                m.RelationKind.DIAGONAL_TO,
                m.RelationKind.SAME_ROW,
                m.RelationKind.SAME_COLUMN,
                m.RelationKind.OPPOSITE_CORNER,
            )
        ),
    },
    "reading._TOWARDS",
)


def _ability_direction(rule: m.Ability, card: str) -> m.Direction | None:
    """``swap CARD with X if X below CARD``: CARD moves below."""
    condition = rule.condition
    if isinstance(condition, m.Subject) and isinstance(condition.condition, m.Relation):
        relation = condition.condition
        if isinstance(relation.target, m.Named) and relation.target.name == card:
            return _TOWARDS[relation.kind]
    return None
