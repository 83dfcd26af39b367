"""The game engine: full games of Dioses!, the expansion, the solo mode and the
scenarios, run from the card files' definitions.

Nothing a card file can say is hard-coded here: the turn rules read the
settings of the rule options in play (R17, R20, R21, R22), events and Power
effects are the effect nodes of their definitions, and a scenario's setup,
rule changes and victory come from its ``scenario`` definition.

:class:`Game` is assembled from one mixin per rule family: decks
(``decks``), effects and scenario triggers (``effects``), Power (``power``),
held patterns (``pattern_rules``), turns and the end (``turns``) and
decisions, asked and logged (``decisions``); this
module holds what they share: the area and the moves that put cards in,
turn them and swap them.

Every choice goes through :meth:`Game.decide` (or :meth:`Game.pick`, by
index), which asks the seat's agent to pick one of a list of :class:`Choice`
values; the log records each pick, so a game replays exactly from its seed
and its log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ..language import model as m
from ..pool.registry import Registry
from ..scoring.area import SIZE, Area, Placed, cell_name
from ..scoring.board import Board
from ..scoring.score import score_board
from .core import NO_CARDS, Checked
from .decisions import DecisionRules, uniform_bits, uniform_pick
from .decks import DeckRules
from .effects import EffectRules
from .pattern_rules import PatternRules
from .patterns import PatternChecker
from .power import PowerRules
from .rules import rules_of
from .state import Agent, Choice, GameResult, GameState, Slot, copy_state
from .tables import tables_of
from .turns import TurnRules
from .view import board_of

CELL_NAMES = tuple(cell_name(index) for index in range(SIZE))  # "front 1", ... (logged)
ALL_CELLS = list(range(SIZE))  # copied, never changed


def pair_indexes(count: int) -> tuple[tuple[int, int], ...]:
    """Every pair (i, j), i < j < count, in the order of the swaps offered."""
    pairs = _PAIRS.get(count)
    if pairs is None:
        pairs = _PAIRS[count] = tuple((i, j) for i in range(count) for j in range(i + 1, count))
    return pairs


_PAIRS: dict[int, tuple[tuple[int, int], ...]] = {}


class Game(TurnRules, PowerRules, EffectRules, DeckRules, PatternRules, DecisionRules):
    """A game in progress. ``state`` is plain data (saved with cattrs)."""

    def __init__(
        self,
        registry: Registry,
        state: GameState,
        agents: Sequence[Agent],
        rng: random.Random,
        log: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.registry = registry
        self.state = state
        self.agents = list(agents)
        self.rng = rng
        self.tables = tables = tables_of(registry)  # shared by the registry's games
        self.cards = dict(tables.cards)
        self.scenario = registry.get("scenario", state.scenario) if state.scenario else None
        self.patterns = PatternChecker(self.cards, tables)  # R14
        # (scenario, its locked cards)
        self._locked: tuple[m.Scenario | None, frozenset[str]] = (None, NO_CARDS)
        self._pattern_depth = 0
        self._checked: list[Checked] = [None] * len(state.areas)  # see _check_moved
        self._final_logged = False  # the final record is logged once
        # For a planning agent (one whose ``plans`` is true), and only then:
        # the state at the start of the current turn and the picks (seat,
        # kind, index) agents made since, from which it replays the turn.
        self.turn_start: GameState | None = None
        self.turn_picks: list[tuple[int, str, int]] | None = None
        self._plans = any(getattr(agent, "plans", False) for agent in self.agents)
        # Per seat, how an agent that picks uniformly (``uniform``: it answers
        # ``rng.randrange(len(choices))`` and reads nothing else, as
        # RandomAgent does) picks among n options: the game picks for it,
        # without making the Decision or the options it would not read. Else None.
        self._uniform: list[Callable[[int], int] | None] = [
            uniform_pick(agent) for agent in self.agents
        ]
        self._uniform_bits = [uniform_bits(agent) for agent in self.agents]
        self.log = log  # and the picks a hot loop may make itself (quick_picks)

    @property
    def log(self) -> Callable[[dict[str, Any]], None]:
        """Where the game's records go; without one they are not even made
        (``_log`` is None)."""
        return self._log if self._log is not None else _no_log

    @log.setter
    def log(self, log: Callable[[dict[str, Any]], None] | None) -> None:
        self._log = log or None
        self.quick_picks()

    # ------------------------------------------------------------------ helpers
    def card(self, card_id: str) -> m.MythCard:
        return self.cards[card_id]

    def area_model(self, index: int, reveal: bool = False) -> Area:
        cells: list[Placed | None] = []
        for slot in self.state.areas[index].cells:
            if slot is None:
                cells.append(None)
            else:
                cells.append(Placed(self.cards[slot.card], True if reveal else slot.face_up))
        return Area(tuple(cells))

    def rules_since(self, revision: int) -> bool:
        """Whether the game is played under rules revision ``revision`` or a
        later one (:data:`state.RULES`): a game logged or saved before a
        revision goes on under the rules it was played with."""
        return self.state.rules >= revision

    def event(self, kind: str, **data: object) -> None:
        if self._log is not None:
            self._log({"type": "event", "event": kind, "turn": self.state.turn, **data})

    def keep_turn_start(self) -> None:
        """At the start of a turn, when an agent plans (``plans``): keep a
        copy of the state and record the picks made from now on; else
        keep nothing (no cost to the other agents)."""
        if self._plans:
            self.turn_start, self.turn_picks = copy_state(self.state), []
        else:
            self.turn_start = self.turn_picks = None

    def seats_of_area(self, area: int) -> list[int]:
        return [seat for seat, a in enumerate(self.state.seat_area) if a == area]

    def deciding_seat(self, area: int) -> int:
        """The seat that decides for an area: the active seat if it plays
        there (cooperative play), else the area's first seat."""
        if self.state.seat_area[self.state.active] == area:
            return self.state.active
        return self.seats_of_area(area)[0]

    def areas_from_active(self) -> list[int]:
        """R18: every player's area, from the active player clockwise."""
        order, seen = [], set()
        for step in range(self.state.seats):
            area = self.state.seat_area[(self.state.active + step) % self.state.seats]
            if area not in seen:
                seen.add(area)
                order.append(area)
        return order

    def locked(self) -> frozenset[str]:
        """R33: the cards the scenario locks (worked out once per scenario)."""
        scenario = self.scenario
        if scenario is None:
            return NO_CARDS
        known, cards = self._locked
        if known is not scenario:
            cards = frozenset(card for _, rule in rules_of(scenario, m.Lock) for card in rule.cards)
            self._locked = (scenario, cards)
        return cards

    def movable_cells(self, area: int) -> list[int]:
        # R33: locked cards stay; only a scenario locks any (locked(), not called without one)
        locked = NO_CARDS if self.scenario is None else self.locked()
        if not locked:
            cells = self.state.areas[area].cells
            if all(cells):  # every cell holds a card (a Slot is true): the common case
                return list(range(len(cells))) if len(cells) != SIZE else ALL_CELLS.copy()
            return [i for i, slot in enumerate(cells) if slot is not None]
        return [
            i
            for i, slot in enumerate(self.state.areas[area].cells)
            if slot is not None and slot.card not in locked
        ]

    def cell_label(self, area: int, cell: int) -> str:
        slot = self.state.areas[area].cells[cell]
        what = "empty" if slot is None else (slot.card if slot.face_up else "face-down card")
        return f"{CELL_NAMES[cell]} ({what})"

    def swap_label(self, area: int, first: int, second: int) -> str:
        return f"{self.cell_label(area, first)} <-> {self.cell_label(area, second)}"

    # ------------------------------------------------------------------ area changes
    def place(
        self, area: int, cell: int, card_id: str, face_up: bool, played: bool = False
    ) -> str | None:
        """Put a card in a cell and discard the card it replaced (returned),
        before any trigger or event fires (R18: "As in a normal game, the card
        that is replaced goes to the discard pile" comes before Hercules's
        event in the expansion's example)."""
        cells = self.state.areas[area].cells
        old = cells[cell]
        cells[cell] = Slot(card_id, face_up)
        checked = self._checked  # its patterns are checked again (moved(area))
        if area < len(checked):
            checked[area] = None
        if self._log is not None:
            self._log_changed(area, "placed", cell, card_id, face_up)
        if old is not None:
            self.discard(old.card, area)
        if played and self.scenario is not None:
            self.run_triggers(m.TriggerKind.PLACED, area, card_id)
        if face_up:
            self.became_face_up(area, cell)
        return old.card if old is not None else None

    def reveal(self, area: int, cell: int) -> None:
        """Turn a face-down card face up: at setup, by the turn, by an effect,
        and again after it was turned face down (R29: its event fires each
        time)."""
        slot = self.state.areas[area].cells[cell]
        if slot is None or slot.face_up:
            return
        slot.face_up = True
        checked = self._checked  # its patterns are checked again (moved(area))
        if area < len(checked):
            checked[area] = None
        if self._log is not None:
            self._log_changed(area, "revealed", cell, slot.card)
        self.became_face_up(area, cell)

    def _log_changed(
        self, area: int, kind: str, cell: int, card_id: str, face_up: bool | None = None
    ) -> None:
        """The record ``event()`` makes of a card put or turned in an area (a
        placed card's face last)."""
        assert self._log is not None  # asked only while a log is kept
        record: dict[str, Any] = {
            "type": "event",
            "event": kind,
            "turn": self.state.turn,
            "area": area,
            "cell": CELL_NAMES[cell],
            "card": card_id,
        }
        if face_up is not None:
            record["face_up"] = face_up
        self._log(record)

    def swap(self, area: int, first: int, second: int) -> None:
        """R17: a swapped card keeps its face state."""
        cells = self.state.areas[area].cells
        cells[first], cells[second] = cells[second], cells[first]
        self.moved(area)
        if self._log is not None:
            self.event("swapped", area=area, cells=[CELL_NAMES[first], CELL_NAMES[second]])
        self._check_moved()

    def became_face_up(self, area: int, cell: int) -> None:
        slot = self.state.areas[area].cells[cell]
        assert slot is not None, "a card was placed or turned face up there"
        card = self.cards[slot.card]
        if self.scenario is not None:
            self.run_triggers(m.TriggerKind.REVEALED, area, card.id)
        if card.event:  # R18, R29: fires for every player from the active one
            self.event("event", card=card.id)
            for target in self.areas_from_active():
                for effect in card.event:
                    self.run_effect(effect, target, source=card.id)
        self._check_moved()

    def choose_swap(self, seat: int, area: int, prompt: str) -> None:
        cells = self.movable_cells(area)
        pairs = pair_indexes(len(cells))
        count = len(pairs)
        if count:
            quick = self._quick[seat]
            if quick is not None and count > 1:  # see pick()
                index = quick(count)
            else:
                make = partial(self._swap_choice, area, cells, pairs)
                options = partial(_swap_option, cells, pairs)
                index = self.pick(seat, "swap", prompt, count, make, None, options)
            first, second = pairs[index]
            self.swap(area, cells[first], cells[second])

    def _swap_choice(
        self, area: int, cells: list[int], pairs: tuple[tuple[int, int], ...], index: int
    ) -> Choice:
        first, second = pairs[index]
        a, b = cells[first], cells[second]
        return Choice("swap", (a, b), partial(self.swap_label, area, a, b))

    def choose_reveal(self, seat: int, area: int, prompt: str) -> bool:
        cells = [
            i
            for i, slot in enumerate(self.state.areas[area].cells)
            if slot is not None and not slot.face_up
        ]
        count = len(cells)
        if not count:
            return False
        quick = self._quick[seat]
        if quick is not None and count > 1:  # see pick()
            index = quick(count)
        else:
            index = self.pick(seat, "reveal", prompt, count, partial(_reveal_choice, cells))
        self.reveal(area, cells[index])
        return True

    # ------------------------------------------------------------------ scoring
    def board(self, area: int) -> Board:
        return board_of(self.registry, self.state, area)

    def result(self) -> GameResult:
        # R12, R30: scoring reveals every card but completes no pattern: the
        # board counts only the patterns completed during the game (view.py).
        reports = []
        always = self.state.settings.all_face_up_at_end == "always"  # R21
        for index in range(len(self.state.areas)):
            reports.append(
                score_board(self.board(index), all_face_up_at_end=True if always else None)
            )
        # R16: most points, then most gods; a remaining tie is shared.
        best = max((r.total, r.gods) for r in reports)
        winners = [i for i, r in enumerate(reports) if (r.total, r.gods) == best]
        result = GameResult(
            tuple(reports), tuple(winners), self.state.turn, self.state.turn_limit_reached
        )
        log = self._log
        if not self._final_logged:
            self._final_logged = True
            if log is not None:
                scenario = reports[0].scenario
                log(
                    {
                        "type": "final",
                        "turns": self.state.turn,
                        "winners": list(winners),
                        "totals": [r.total for r in reports],
                        "scenario": None
                        if scenario is None
                        else {
                            "victory": scenario.victory,
                            "challenge": scenario.challenge,
                            "beaten": scenario.beaten,
                        },
                    }
                )
        return result


def _no_log(record: dict[str, Any]) -> None:
    """The log of a game that keeps none."""


def _swap_option(
    cells: list[int], pairs: tuple[tuple[int, int], ...], index: int
) -> tuple[str, tuple[int, int]]:
    """The kind and arguments of ``Game._swap_choice``'s option."""
    first, second = pairs[index]
    return "swap", (cells[first], cells[second])


def _reveal_choice(cells: list[int], index: int) -> Choice:
    return Choice("cell", (cells[index],), CELL_NAMES[cells[index]])
