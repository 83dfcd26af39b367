"""What the rule-family mixins of :class:`~.game.Game` read of one another.

:class:`Game` is assembled from one mixin per rule family (decks, effects,
Power, held patterns, turns); each calls methods and reads attributes that
:class:`Game` or another mixin defines. :class:`GameCore`, their shared
base, declares those for the type checker: the attributes as class-level
annotations (no value, so nothing at run time) and the methods under
``TYPE_CHECKING`` (so the real ones, later in the method resolution order,
are the only ones that exist). The checker then also holds each definition
to its declaration here, through :class:`Game`'s bases.

And it defines the two every family asks its choices through, once:
:meth:`GameCore.decide` asks among a list of options (or
:class:`~.state.LazyChoices`) and answers the option chosen;
:meth:`GameCore.pick` asks among options made by index and answers the
index, the common path of a move, which needs nothing else. Both ask the
seat's agent and log its pick; an agent that picks uniformly is picked for
(``decisions``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..language import model as m
from ..pool.registry import Registry
from ..scoring.board import Board, PatternEntry
from .patterns import PatternChecker
from .state import (
    Agent,
    Choice,
    Decision,
    GameResult,
    GameState,
    LazyChoices,
    Options,
    Slot,
    game_error,
)
from .tables import RegistryTables

if TYPE_CHECKING:
    from ..scoring.area import Area

# Per area, what its last pattern check saw: its cells, its held patterns and
# how many (pattern_rules.py), or None when it must be checked again.
Checked = tuple[list[Slot | None], list[PatternEntry], int] | None
NO_CARDS: frozenset[str] = frozenset()  # what a game without a scenario locks (R33)


class GameCore:
    """The attributes and methods of :class:`~.game.Game` that its mixins
    use, and the decisions they ask (module doc)."""

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

    def decide(
        self,
        seat: int,
        kind: str,
        prompt: str,
        choices: Sequence[Choice],
        subject: str | None = None,
    ) -> Choice:
        """The agent's pick among ``choices`` (a list, or :class:`LazyChoices`);
        the only option is taken without asking."""
        make: Callable[[int], Choice] | None = None
        if type(choices) is LazyChoices:  # then read through its own fields
            count, make = choices._count, choices._make
        else:
            count = len(choices)
        if count > 1 and self._uniform[seat] is None and make is None:
            choices = tuple(choices)  # what the agent reads
        index = self._index(seat, kind, prompt, count, choices, subject)
        choice = choices[index] if make is None else make(index)
        if self._log is not None:
            self._log_decision(seat, kind, index, count, choice.label)
        return choice

    def pick(
        self,
        seat: int,
        kind: str,
        prompt: str,
        count: int,
        make: Callable[[int], Choice],
        subject: str | None = None,
        options: Options | None = None,
    ) -> int:
        """:meth:`decide` among ``count`` options made by ``make(index)``,
        answering the index: an option is made only for an agent that reads
        them or for the log (the common path of a move: the index is all the
        caller needs); ``options(index)``, when given, says the kind and
        arguments of the option ``make(index)`` makes (``state.options_of``). A caller in a hot loop may first ask ``_quick[seat]``
        (:meth:`quick_picks`) itself, and call this only when it is None or
        there is no choice to make."""
        asked = count > 1 and self._uniform[seat] is None
        choices = LazyChoices(count, make, options) if asked else _UNREAD
        index = self._index(seat, kind, prompt, count, choices, subject)
        if self._log is not None:
            self._log_decision(seat, kind, index, count, make(index).label)
        return index

    def _index(
        self,
        seat: int,
        kind: str,
        prompt: str,
        count: int,
        choices: Sequence[Choice],
        subject: str | None,
    ) -> int:
        """The index the seat's agent picks among ``count`` options (the only
        one without asking; a uniform agent's draw without a Decision),
        recorded for a planning agent's replay of the turn."""
        if count == 1:
            index = 0
        elif count:
            uniform = self._uniform[seat]
            if uniform is not None:
                index = uniform(count)  # what the agent's choose() answers
            else:
                agent = self.agents[seat]
                index = agent.choose(self, Decision(seat, kind, prompt, choices, subject))
                if not 0 <= index < count:
                    raise game_error(f"agent '{agent.name}' chose option {index} of {count}")
            if self.turn_picks is not None:
                self.turn_picks.append((seat, kind, index))
        else:
            raise game_error(f"no legal choice for '{kind}'")
        return index

    def _log_decision(self, seat: int, kind: str, index: int, count: int, label: str) -> None:
        """The log's record of a decision (decide and pick write the same)."""
        assert self._log is not None  # asked only while a log is kept
        self._log(
            {
                "type": "decision",
                "turn": self.state.turn,
                "seat": seat,
                "kind": kind,
                "index": index,
                "options": count,
                "choice": label,
            }
        )

    if TYPE_CHECKING:
        # game.Game
        def card(self, card_id: str) -> m.MythCard: ...
        def area_model(self, index: int, reveal: bool = False) -> Area: ...
        def board(self, area: int) -> Board: ...
        def rules_since(self, revision: int) -> bool: ...
        def event(self, kind: str, **data: object) -> None: ...
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


_UNREAD: Sequence[Choice] = ()  # the options of a pick no agent reads (a uniform one's)
