"""A scenario's setup steps, played by the game: one method per step kind.

The solo and cooperative setup (rulebook steps 1-8) acts in phases: cards
placed and decks set aside before dealing (step 2), Power cards (step 5),
separated cards on top of the deck (step 6), the scenario's draws (step 7).
Each step kind acts in one phase, registered with :class:`Dispatch` like
every other node: a new kind of step fails the coverage test
(tests/test_walk.py) until the game plays it, instead of being printed by the
writers and silently ignored here. Which phase each kind acts in is a table
checked total at import (:data:`PHASE_OF`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ..language import model as m
from ..language.walk import Dispatch, members, total
from ..scoring.area import SIZE, cell_index, cell_row
from .game import Game
from .state import Slot


class Phase(enum.Enum):
    """The rulebook's solo setup steps that a scenario's steps act in."""

    PLACE = 2  # cards placed in the area, side decks set aside
    POWER = 5  # Power cards for every area
    SEPARATE = 6  # named cards and random ones on top of the deck
    DRAW = 7  # the scenario's Pattern and Law draws


PHASE_OF = total(
    members(m.SetupStep),
    {
        m.Place: Phase.PLACE,
        m.SetAside: Phase.PLACE,
        m.PowerCards: Phase.POWER,
        m.Separate: Phase.SEPARATE,
        m.SetupDraw: Phase.DRAW,
    },
    "setup_steps.PHASE_OF",
)


class SetupRules:
    """Plays one scenario's setup steps into one game, a phase at a time,
    each step in the order the scenario writes them."""

    step = Dispatch(m.SetupStep)

    def __init__(self, game: Game, steps: Sequence[m.SetupStep]) -> None:
        self.game, self.steps = game, tuple(steps)
        self.power = 0  # step 5: Power cards for every area

    def play(self, phase: Phase) -> None:
        for step in self.steps:
            if PHASE_OF[type(step)] is phase:
                self.step(step)

    @step.on(m.Place)
    def _place(self, step: m.Place) -> None:
        """Cards placed in the area before dealing (one area: checked before)."""
        area = self.game.state.areas[0]
        for card in step.cards:
            free = [
                i
                for i in range(SIZE)
                if area.cells[i] is None and (step.row is None or cell_row(i) is step.row)
            ]
            if step.column is not None:
                # a cell is a row and a column: the grammar gives a column
                # only with its row (build_scenarios.place_at)
                assert step.row is not None, "a placed card's column comes with its row"
                free = [cell_index(step.row, step.column)]
            cell = free[0] if step.column is not None else self.game.rng.choice(free)
            area.cells[cell] = Slot(card, step.face_up)

    @step.on(m.SetAside)
    def _set_aside(self, step: m.SetAside) -> None:
        """A side deck, shared by every area."""
        pile = list(step.cards)
        self.game.rng.shuffle(pile)
        self.game.state.side_decks[step.deck] = pile

    @step.on(m.PowerCards)
    def _power_cards(self, step: m.PowerCards) -> None:
        self.power += step.count  # given to every area once all are counted

    @step.on(m.Separate)
    def _separate(self, step: m.Separate) -> None:
        """The separated cards and N random ones, shuffled onto the deck."""
        game = self.game
        drawn = [game.draw() for _ in range(step.random)]
        top = list(step.cards) + [c for c in drawn if c is not None]
        game.rng.shuffle(top)
        game.state.deck.extend(top)

    @step.on(m.SetupDraw)
    def _draw(self, step: m.SetupDraw) -> None:
        for area in self.game.areas_from_active():
            self.game.run_effect(step.effect, area, source="setup")
