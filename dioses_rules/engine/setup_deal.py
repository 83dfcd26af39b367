"""What a scenario's setup steps take from the deck: one method per step kind.

The game refuses a setup the deck cannot deal before dealing anything
(``setup._check_scenario_deal``), and the determinizer deals hidden cards
again knowing which ones the setup put on top of the deck by name
(``determinize``). Both read the same few things of the steps: the cards the
steps name, the cards placed in the area, the Power cards, the cards
separated onto the deck. They are read here by a :class:`Dispatch` table, so a
new kind of step fails the coverage test (tests/test_walk.py) until it says
what it takes, instead of being filtered out by an ``isinstance`` and
silently ignored.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..language import model as m
from ..language.walk import Dispatch


class SetupDeal:
    """The cards one scenario's setup steps take, before the base deal."""

    step = Dispatch(m.SetupStep)

    def __init__(self, steps: Sequence[m.SetupStep]) -> None:
        self.named: set[str] = set()  # every card a step names
        self.places: list[m.Place] = []  # the steps that place cards in the area
        self.power = 0  # Power cards for every area
        self.separated: set[str] = set()  # cards put on top of the deck by name
        self.random = 0  # random cards put on top of the deck with them
        for step in steps:
            self.step(step)

    @step.on(m.Place)
    def _place(self, step: m.Place) -> None:
        self.named.update(step.cards)
        self.places.append(step)

    @step.on(m.SetAside)
    def _set_aside(self, step: m.SetAside) -> None:
        self.named.update(step.cards)

    @step.on(m.PowerCards)
    def _power_cards(self, step: m.PowerCards) -> None:
        self.power += step.count

    @step.on(m.Separate)
    def _separate(self, step: m.Separate) -> None:
        self.named.update(step.cards)
        self.separated.update(step.cards)
        self.random += step.random

    @step.on(m.SetupDraw)
    def _draw(self, step: m.SetupDraw) -> None:
        """Laws and Patterns come from their own decks: no card of the deck."""
