"""What the rule-family mixins of :class:`~.game.Game` read of one another.

:class:`Game` is assembled from one mixin per rule family (decks, effects,
Power, held patterns, turns); each calls methods and reads attributes that
:class:`Game` or another mixin defines. :class:`GameCore`, their shared
base, declares those for the type checker: the attributes as class-level
annotations (no value, so nothing at run time) and the methods under
``TYPE_CHECKING`` (so the real ones, later in the method resolution order,
are the only ones that exist). The checker then also holds each definition
to its declaration here, through :class:`Game`'s bases.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..language import model as m
from ..pool.registry import Registry
from ..scoring.board import Board, PatternEntry
from .patterns import PatternChecker
from .state import Agent, GameResult, GameState, Slot
from .tables import RegistryTables

if TYPE_CHECKING:
    from ..scoring.area import Area
    from .state import Choice

# Per area, what its last pattern check saw: its cells, its held patterns and
# how many (pattern_rules.py), or None when it must be checked again.
Checked = tuple[list[Slot | None], list[PatternEntry], int] | None
NO_CARDS: frozenset[str] = frozenset()  # what a game without a scenario locks (R33)


class GameCore:
    """The attributes and methods of :class:`~.game.Game` that its mixins use."""

    registry: Registry
    state: GameState
    agents: list[Agent]
    rng: random.Random
    tables: RegistryTables
    cards: dict[str, m.MythCard]
    scenario: m.Scenario | None
    patterns: PatternChecker
    _log: Callable[[dict[str, Any]], None] | None
    _uniform: list[Callable[[int], int] | None]  # decisions.uniform_pick, per seat
    _quick: list[Callable[[int], int] | None]  # DecisionRules.quick_picks, per seat
    _uniform_bits: list[Callable[[int], int] | None]  # decisions.uniform_bits, per seat
    _bits: list[Callable[[int], int] | None]  # DecisionRules.quick_picks, per seat
    _plans: bool  # an agent plans: the turn's start and picks are kept
    turn_start: GameState | None
    turn_picks: list[tuple[int, str, int]] | None
    _pattern_depth: int
    _checked: list[Checked]

    if TYPE_CHECKING:
        # game.Game
        def card(self, card_id: str) -> m.MythCard: ...
        def area_model(self, index: int, reveal: bool = False) -> Area: ...
        def board(self, area: int) -> Board: ...
        def rules_since(self, revision: int) -> bool: ...
        def event(self, kind: str, **data: object) -> None: ...
        def decide(
            self,
            seat: int,
            kind: str,
            prompt: str,
            choices: Sequence[Choice],
            subject: str | None = None,
        ) -> Choice: ...
        def pick(
            self,
            seat: int,
            kind: str,
            prompt: str,
            count: int,
            make: Callable[[int], Choice],
            subject: str | None = None,
        ) -> int: ...
        def keep_turn_start(self) -> None: ...
        def deciding_seat(self, area: int) -> int: ...
        def locked(self) -> frozenset[str]: ...
        def movable_cells(self, area: int) -> list[int]: ...
        def cell_label(self, area: int, cell: int) -> str: ...
        def place(
            self, area: int, cell: int, card_id: str, face_up: bool, played: bool = False
        ) -> str | None: ...
        def swap(self, area: int, first: int, second: int) -> None: ...
        def choose_swap(self, seat: int, area: int, prompt: str) -> None: ...
        def choose_reveal(self, seat: int, area: int, prompt: str) -> bool: ...
        def result(self) -> GameResult: ...

        # decks.DeckRules
        def draw(self) -> str | None: ...
        def discard(self, card_id: str, area: int, pile: int | None = None) -> None: ...
        def draw_law(self, area: int) -> None: ...
        def draw_patterns(
            self, area: int, count: int, difficulty: m.Difficulty | None, keep: int | None
        ) -> None: ...
        def recover_discard(self, seat: int, area: int) -> None: ...
        def seek(self, seat: int, area: int) -> None: ...

        # effects.EffectRules
        def run_effect(self, effect: m.Effect, area: int, source: str = "") -> None: ...
        def run_triggers(self, kind: m.TriggerKind, area: int, card_id: str | None) -> None: ...

        # power.PowerRules
        def gain_power(self, area: int, count: int) -> None: ...
        def may_use_power(self) -> bool: ...
        def power_phase(self, seat: int, area: int, after: bool = False) -> None: ...

        # pattern_rules.PatternRules
        def check_patterns(self) -> None: ...
        def moved(self, area: int) -> None: ...
        def _check_moved(self) -> None: ...
