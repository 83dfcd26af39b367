"""The game engine: full games of Dioses!, the expansion, the solo mode and the
scenarios, run from the card files' definitions.

Nothing a card file can say is hard-coded here: the turn rules read the
settings of the rule options in play (R17, R20, R21, R22), events and Power
effects are the effect nodes of their definitions, and a scenario's setup,
rule changes and victory come from its ``scenario`` definition.

Every choice goes through :meth:`Game.decide`, which asks the seat's agent to
pick one of a list of :class:`Choice` values; the log records each pick, so a
game replays exactly from its seed and its log.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Optional, Protocol, Sequence

from attrs import define, field, frozen

from ..language import model as m
from ..scoring.area import SIZE, Area, Placed, cell_index, cell_name, cell_row, offset
from ..scoring.board import Board, HeldPattern, LawPlacement
from ..errors import DiosesError, Diagnostic
from ..scoring.evaluator import Evaluator, Facts, pattern_matches
from ..pool.registry import Registry
from ..scoring.score import ScoreReport, score_board

MAX_TURNS_PER_SEAT = 200  # a safeguard: every game terminates


# --------------------------------------------------------------------------- state


@define
class Slot:
    """A Myth card in a cell of an area."""

    card: str
    face_up: bool = False


@define
class LawSlot:
    law: str
    row: Optional[str] = None
    column: Optional[int] = None


@define
class PatternSlot:
    pattern: str
    completed: bool = False


@define
class AreaState:
    cells: list[Optional[Slot]] = field(factory=lambda: [None] * SIZE)
    laws: list[LawSlot] = field(factory=list)
    patterns: list[PatternSlot] = field(factory=list)
    power: list[str] = field(factory=list)  # R22: face-down Myth cards
    used_abilities: list[int] = field(factory=list)

    def face_up_count(self) -> int:
        return sum(1 for slot in self.cells if slot is not None and slot.face_up)

    def all_face_up(self) -> bool:
        return all(slot is None or slot.face_up for slot in self.cells)

    def find(self, card_id: str) -> Optional[int]:
        for index, slot in enumerate(self.cells):
            if slot is not None and slot.card == card_id:
                return index
        return None


@define
class Settings:
    """Engine parameters; defaults are the base game, rule options change them."""

    end_rule: str = "base"  # R20: base | equal-turns | twelfth-reveal (R21)
    discard_piles: int = 1
    initial_reveals: int = 2
    deck_discard: str = "swap-then-reveal"  # R17 | swap-or-reveal
    turn_must_reveal: bool = False  # R21
    power_cards: bool = False  # R22
    objectives: bool = False
    all_face_up_at_end: str = "as-played"  # R21: always
    extra_power_cards: int = 0  # R23


# The engine parameters a rule option may set (``set NAME VALUE``): the
# Settings field each one fills and the values it takes (int: a number;
# on/off: a switch). The linter checks rule options against this table.
ON_OFF = ("on", "off")
SETTINGS: dict[str, tuple[str, tuple[str, ...] | type]] = {
    "end-rule": ("end_rule", ("base", "equal-turns", "twelfth-reveal")),  # R20, R21
    "discard-piles": ("discard_piles", int),
    "initial-reveals": ("initial_reveals", int),
    "deck-discard": ("deck_discard", ("swap-then-reveal", "swap-or-reveal")),  # R17
    "turn-must-reveal": ("turn_must_reveal", ON_OFF),  # R21
    "power-cards": ("power_cards", ON_OFF),  # R22
    "objectives": ("objectives", ON_OFF),
    "all-face-up-at-end": ("all_face_up_at_end", ("as-played", "always")),  # R21
    "extra-power-cards": ("extra_power_cards", int),  # R23
}


@define
class GameState:
    seats: int
    seat_area: list[int]
    areas: list[AreaState]
    settings: Settings
    options: list[str] = field(factory=list)
    scenario: Optional[str] = None
    challenge: bool = False
    deck: list[str] = field(factory=list)  # the top card is the last one
    discards: list[list[str]] = field(factory=list)
    law_deck: list[str] = field(factory=list)
    pattern_deck: list[str] = field(factory=list)
    removed: list[str] = field(factory=list)  # out of the game (R18)
    side_decks: dict[str, list[str]] = field(factory=dict)
    state: dict[str, str] = field(factory=dict)  # scenario state, e.g. fairest
    objectives: list[list[str]] = field(factory=list)
    start_player: int = 0
    active: int = 0
    turn: int = 0
    ending_seat: Optional[int] = None
    turns_left: Optional[int] = None
    finished: bool = False
    turn_limit_reached: bool = False

    def all_card_places(self) -> list[tuple[str, str]]:
        """(place, card) for every Myth card: each must be in exactly one place."""
        places = [("deck", c) for c in self.deck]
        for index, pile in enumerate(self.discards):
            places += [(f"discard {index}", c) for c in pile]
        for index, area in enumerate(self.areas):
            places += [(f"area {index}", s.card) for s in area.cells if s is not None]
            places += [(f"power {index}", c) for c in area.power]
        for name, pile in self.side_decks.items():
            places += [(f"deck {name}", c) for c in pile]
        places += [("removed", c) for c in self.removed]
        return places


# --------------------------------------------------------------------------- choices


@frozen
class Choice:
    """One option of a decision: a kind and plain arguments, and a label."""

    kind: str
    args: tuple = ()
    label: str = ""

    def to_json(self) -> dict:
        return {"kind": self.kind, "args": list(self.args), "label": self.label}


@frozen
class Decision:
    seat: int
    kind: str
    prompt: str
    choices: tuple[Choice, ...]
    subject: Optional[str] = None  # the card or law the decision is about


class Agent(Protocol):
    name: str

    def choose(self, game: "Game", decision: Decision) -> int:
        """The index of the chosen option."""


class GameError(DiosesError):
    """A game that cannot be set up or continued as asked."""


def _fail(message: str, help: Optional[str] = None) -> GameError:
    return GameError(Diagnostic("G001", message, "", help=help))


# --------------------------------------------------------------------------- the game


class Game:
    """A game in progress. ``state`` is plain data (saved with cattrs)."""

    def __init__(self, registry: Registry, state: GameState, agents: Sequence[Agent],
                 rng: random.Random, log: Optional[Callable[[dict], None]] = None):
        self.registry = registry
        self.state = state
        self.agents = list(agents)
        self.rng = rng
        self.log = log or (lambda record: None)
        self.cards = {c.id: c for c in registry.myth_cards()}
        self.scenario = registry.get("scenario", state.scenario) if state.scenario else None
        self._pattern_guard = 0
        self._final_logged = False  # the final record is logged once

    # ------------------------------------------------------------------ helpers
    def card(self, card_id: str) -> m.MythCard:
        return self.cards[card_id]

    def area_model(self, index: int, reveal: bool = False) -> Area:
        cells = []
        for slot in self.state.areas[index].cells:
            if slot is None:
                cells.append(None)
            else:
                cells.append(Placed(self.cards[slot.card], True if reveal else slot.face_up))
        return Area(tuple(cells))

    def event(self, kind: str, **data) -> None:
        self.log({"type": "event", "event": kind, "turn": self.state.turn, **data})

    def decide(self, seat: int, kind: str, prompt: str, choices: Sequence[Choice],
               subject: Optional[str] = None) -> Choice:
        if not choices:
            raise _fail(f"no legal choice for '{kind}'")
        decision = Decision(seat, kind, prompt, tuple(choices), subject)
        if len(choices) == 1:
            index = 0
        else:
            index = self.agents[seat].choose(self, decision)
            if not 0 <= index < len(choices):
                raise _fail(f"agent '{self.agents[seat].name}' chose option {index} of "
                            f"{len(choices)}")
        choice = choices[index]
        self.log({"type": "decision", "turn": self.state.turn, "seat": seat, "kind": kind,
                  "index": index, "options": len(choices), "choice": choice.label})
        return choice

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

    def locked(self) -> set[str]:
        if self.scenario is None:
            return set()
        return {card for rule in self.scenario.rules if isinstance(rule, m.Lock)
                for card in rule.cards}

    def movable_cells(self, area: int) -> list[int]:
        locked = self.locked()
        return [i for i, slot in enumerate(self.state.areas[area].cells)
                if slot is not None and slot.card not in locked]

    # ------------------------------------------------------------------ decks
    def draw(self) -> Optional[str]:
        """The top card of the deck; an empty deck is refilled from the
        discard piles (all but their top cards), shuffled."""
        state = self.state
        if not state.deck:
            refill = []
            for pile in state.discards:
                refill.extend(pile[:-1])
                del pile[:-1]
            self.rng.shuffle(refill)
            state.deck = refill
            if refill:
                self.event("deck-refilled", cards=len(refill))
        return state.deck.pop() if state.deck else None

    def discard(self, card_id: str, area: int, pile: Optional[int] = None) -> None:
        """Put a card on a discard pile; an Event card leaves the game (R18)."""
        if self.card(card_id).event:
            self.state.removed.append(card_id)
            self.event("removed", card=card_id)
            return
        piles = self.state.discards
        if pile is None:
            pile = self.choose_pile(area, "discard")
        piles[pile].append(card_id)
        self.event("discarded", card=card_id, pile=pile)

    def choose_pile(self, area: int, why: str) -> int:
        piles = self.state.discards
        if len(piles) == 1:
            return 0
        empty = [i for i, p in enumerate(piles) if not p]
        if empty:  # an empty pile must take the card (double discard)
            return empty[0]
        choices = [Choice("pile", (i,), f"discard pile {i + 1} (top: {piles[i][-1]})")
                   for i in range(len(piles))]
        return self.decide(self.deciding_seat(area), "discard-pile",
                           f"Which discard pile ({why})?", choices).args[0]

    # ------------------------------------------------------------------ area changes
    def place(self, area: int, cell: int, card_id: str, face_up: bool,
              played: bool = False) -> Optional[str]:
        """Put a card in a cell and discard the card it replaced (returned),
        before any trigger or event fires (R18: "As in a normal game, the card
        that is replaced goes to the discard pile" comes before Hercules's
        event in the expansion's example)."""
        cells = self.state.areas[area].cells
        old = cells[cell]
        cells[cell] = Slot(card_id, face_up)
        self.event("placed", area=area, cell=cell_name(cell), card=card_id, face_up=face_up)
        if old is not None:
            self.discard(old.card, area)
        if played:
            self.run_triggers(m.TriggerKind.PLACED, area, card_id)
        if face_up:
            self.became_face_up(area, cell)
        return old.card if old is not None else None

    def reveal(self, area: int, cell: int) -> None:
        slot = self.state.areas[area].cells[cell]
        if slot is None or slot.face_up:
            return
        slot.face_up = True
        self.event("revealed", area=area, cell=cell_name(cell), card=slot.card)
        self.became_face_up(area, cell)

    def swap(self, area: int, first: int, second: int) -> None:
        """R17: a swapped card keeps its face state."""
        cells = self.state.areas[area].cells
        cells[first], cells[second] = cells[second], cells[first]
        self.event("swapped", area=area, cells=[cell_name(first), cell_name(second)])
        self.check_patterns()

    def became_face_up(self, area: int, cell: int) -> None:
        card = self.card(self.state.areas[area].cells[cell].card)
        self.run_triggers(m.TriggerKind.REVEALED, area, card.id)
        if card.event:  # R18: fires for every player from the active one
            self.event("event", card=card.id)
            for target in self.areas_from_active():
                for effect in card.event:
                    self.run_effect(effect, target, source=card.id)
        self.check_patterns()

    # ------------------------------------------------------------------ patterns (R14)
    def check_patterns(self) -> None:
        self._pattern_guard += 1
        try:
            if self._pattern_guard > 50:
                return
            for index, area in enumerate(self.state.areas):
                model = None
                for held in area.patterns:
                    if held.completed:
                        continue
                    model = model or self.area_model(index)
                    pattern = self.registry.get("pattern", held.pattern)
                    if pattern_matches(model, pattern) is not None:
                        held.completed = True
                        self.event("pattern-completed", area=index, pattern=pattern.id)
                        if self.state.settings.power_cards:  # R22
                            self.gain_power(index, self.registry.pattern_points(pattern))
                        self.run_triggers(m.TriggerKind.PATTERN_COMPLETED, index, None)
                        model = None
        finally:
            self._pattern_guard -= 1

    def gain_power(self, area: int, count: int) -> None:
        pile = self.state.areas[area].power
        for _ in range(count):
            card = self.draw()
            if card is None:
                break
            pile.append(card)
        self.event("power-gained", area=area, count=count, total=len(pile))

    # ------------------------------------------------------------------ scenario rules
    def run_triggers(self, kind: m.TriggerKind, area: int, card_id: Optional[str]) -> None:
        if self.scenario is None:
            return
        for rule in self.scenario.rules:
            if not isinstance(rule, m.Trigger) or rule.kind is not kind:
                continue
            if rule.selector is not None:
                if card_id is None or not self._card_matches(rule.selector, area, card_id):
                    continue
            for effect in rule.effects:
                self.run_effect(effect, area, source=f"scenario rule '{kind.value}'")

    def _card_matches(self, selector: m.Selector, area: int, card_id: str) -> bool:
        cell = self.state.areas[area].find(card_id)
        if cell is None:
            return False
        return Evaluator(self.area_model(area, reveal=True)).matches(selector, cell, cell)

    def cell_of(self, ref: m.CellRef, area: int) -> Optional[int]:
        model = self.area_model(area, reveal=True)
        evaluator = Evaluator(model, Facts(state=dict(self.state.state)))
        cells = [c for c in model.occupied() if evaluator.matches(ref.card, c, None)]
        if not cells:
            return None
        cell = cells[0]
        if ref.direction is not None:
            cell = offset(cell, *ref.direction.offset)
        return cell

    # ------------------------------------------------------------------ effects
    def run_effect(self, effect: m.Effect, area: int, source: str = "") -> None:
        seat = self.deciding_seat(area)
        if isinstance(effect, m.SwapAny):
            self.choose_swap(seat, area, f"Swap {effect.count} cards ({source})")
        elif isinstance(effect, m.SwapCards):
            first, second = self.cell_of(effect.first, area), self.cell_of(effect.second, area)
            if first is not None and second is not None and first != second:
                self.swap(area, first, second)
        elif isinstance(effect, m.DrawLaw):
            for _ in range(effect.count):
                self.draw_law(area)
        elif isinstance(effect, m.DrawPattern):
            self.draw_patterns(area, effect.count, effect.difficulty, effect.keep)
        elif isinstance(effect, m.Reveal):
            for _ in range(effect.count):
                self.choose_reveal(seat, area, f"Turn a card face up ({source})")
        elif isinstance(effect, m.TurnFaceDown):
            cells = [i for i in self.movable_cells(area) if self.state.areas[area].cells[i].face_up]
            if cells:
                choice = self.decide(seat, "hide", "Turn which card face down?",
                                     [Choice("cell", (i,), self._cell_label(area, i))
                                      for i in cells])
                self.state.areas[area].cells[choice.args[0]].face_up = False
                self.event("hidden", area=area, cell=cell_name(choice.args[0]))
        elif isinstance(effect, m.RecoverDiscard):
            self.recover_discard(seat, area)
        elif isinstance(effect, m.SeekDeck):
            self.seek(seat, area)
        elif isinstance(effect, m.DiscardTop):
            pile = self.state.side_decks.get(effect.deck, [])
            if pile:
                card = pile.pop()
                self.discard(card, area)  # either pile; an empty one must take it
                if effect.remember:
                    self.state.state[effect.remember] = card
                    self.event("state", name=effect.remember, card=card)

    def _cell_label(self, area: int, cell: int) -> str:
        slot = self.state.areas[area].cells[cell]
        what = "empty" if slot is None else (slot.card if slot.face_up else "face-down card")
        return f"{cell_name(cell)} ({what})"

    def choose_swap(self, seat: int, area: int, prompt: str) -> None:
        cells = self.movable_cells(area)
        pairs = [Choice("swap", (a, b), f"{self._cell_label(area, a)} <-> "
                                        f"{self._cell_label(area, b)}")
                 for i, a in enumerate(cells) for b in cells[i + 1:]]
        if pairs:
            choice = self.decide(seat, "swap", prompt, pairs)
            self.swap(area, *choice.args)

    def choose_reveal(self, seat: int, area: int, prompt: str) -> bool:
        cells = [i for i, slot in enumerate(self.state.areas[area].cells)
                 if slot is not None and not slot.face_up]
        if not cells:
            return False
        choice = self.decide(seat, "reveal", prompt,
                             [Choice("cell", (i,), cell_name(i)) for i in cells])
        self.reveal(area, choice.args[0])
        return True

    def free_lines(self, area: int) -> list[Choice]:
        taken_rows = {slot.row for slot in self.state.areas[area].laws if slot.row}
        taken_columns = {slot.column for slot in self.state.areas[area].laws if slot.column}
        choices = [Choice("row", (row.value,), f"{row.value} row") for row in m.ROWS
                   if row.value not in taken_rows]
        choices += [Choice("column", (c,), f"column {c}") for c in m.COLUMNS
                    if c not in taken_columns]
        return choices

    def draw_law(self, area: int) -> None:
        """R13: place the top Law on a free row or column; never moved again."""
        if not self.state.law_deck:
            return
        law = self.state.law_deck.pop()
        lines = self.free_lines(area)
        if not lines:  # all 7 lines hold a law: it goes under the Law deck
            self.state.law_deck.insert(0, law)
            return
        choice = self.decide(self.deciding_seat(area), "law",
                             f"Place the law '{law}' on which row or column?", lines, law)
        slot = LawSlot(law, row=choice.args[0]) if choice.kind == "row" else \
            LawSlot(law, column=choice.args[0])
        self.state.areas[area].laws.append(slot)
        self.event("law-placed", area=area, law=law, line=choice.label)

    def draw_patterns(self, area: int, count: int, difficulty: Optional[m.Difficulty],
                      keep: Optional[int]) -> None:
        deck = self.state.pattern_deck
        drawn = []
        for _ in range(count):
            if difficulty is None:
                if deck:
                    drawn.append(deck.pop())
                continue
            # Draw until one of that difficulty; the rest go to the bottom.
            passed = []
            while deck:
                top = deck.pop()
                if self.registry.get("pattern", top).difficulty is difficulty:
                    drawn.append(top)
                    break
                passed.append(top)
            deck[:0] = passed
        if keep is not None and len(drawn) > keep:
            kept = []
            for _ in range(keep):
                choice = self.decide(self.deciding_seat(area), "pattern", "Keep which pattern?",
                                     [Choice("pattern", (p,), p) for p in drawn])
                kept.append(choice.args[0])
                drawn.remove(choice.args[0])
            deck[:0] = drawn
            drawn = kept
        for pattern in drawn:
            self.state.areas[area].patterns.append(PatternSlot(pattern))
            self.event("pattern-drawn", area=area, pattern=pattern)
        self.check_patterns()

    def recover_discard(self, seat: int, area: int) -> None:
        options = [Choice("card", (p, i), f"{card} from discard pile {p + 1}")
                   for p, pile in enumerate(self.state.discards) for i, card in enumerate(pile)
                   if i < len(pile) - 1 or len(self.state.discards) > 1]
        if not options:
            return
        choice = self.decide(seat, "recover", "Take which card from the discards?", options)
        pile, index = choice.args
        card = self.state.discards[pile].pop(index)
        target = self.decide(seat, "discard-pile", "Put it on top of which pile?",
                             [Choice("pile", (i,), f"discard pile {i + 1}")
                              for i in range(len(self.state.discards))]).args[0]
        self.state.discards[target].append(card)
        self.event("recovered", card=card, pile=target)

    def seek(self, seat: int, area: int) -> None:
        names = [Choice("mythology", (x.value,), x.value) for x in m.Mythology]
        names += [Choice("type", (x.value,), x.value) for x in m.CardType]
        wanted = self.decide(seat, "seek", "Name a mythology or a card type", names)
        passed, match = [], None
        while True:
            card = self.draw()
            if card is None:
                break
            definition = self.card(card)
            value = definition.mythology.value if wanted.kind == "mythology" else \
                definition.type.value
            if value == wanted.args[0]:
                match = card
                break
            passed.append(card)
        # The rest go to the bottom first, so that no revealed card is in
        # limbo while the player chooses a discard pile for the match.
        self.state.deck[:0] = passed
        if match is not None:
            self.discard(match, area)

    # ------------------------------------------------------------------ power (R22)
    def power_choices(self, area: int) -> list[Choice]:
        pile = len(self.state.areas[area].power)
        choices = []
        if self.state.settings.power_cards:
            for power in self.registry.definitions("power"):
                if power.cost <= pile:
                    choices.append(Choice("power", (power.id,),
                                          f"{power.name} ({power.cost} Power cards)"))
        if self.scenario is not None:
            used = self.state.areas[area].used_abilities
            for index, rule in enumerate(self.scenario.rules):
                if not isinstance(rule, m.Ability) or rule.cost > pile:
                    continue
                if rule.once and index in used:
                    continue
                if rule.condition is not None:  # R12: face-down cards show nothing
                    evaluator = Evaluator(self.area_model(area),
                                          Facts(state=dict(self.state.state)))
                    if not evaluator.holds(rule.condition, None):
                        continue
                choices.append(Choice("ability", (index,),
                                      f"scenario: {_ability_label(rule)} ({rule.cost} Power cards)"))
        return choices

    def spend_power(self, area: int, cost: int) -> None:
        pile = self.state.areas[area].power
        for _ in range(cost):  # returned to the top of the deck unseen
            self.state.deck.append(pile.pop())

    def power_phase(self, seat: int, area: int) -> None:
        for _ in range(20):
            options = self.power_choices(area)
            if not options:
                return
            choice = self.decide(seat, "power", "Use a Power effect before your action?",
                                 [Choice("pass", (), "no")] + options)
            if choice.kind == "pass":
                return
            if choice.kind == "power":
                power = self.registry.get("power", choice.args[0])
                self.spend_power(area, power.cost)
                self.event("power-used", area=area, power=power.id)
                for effect in power.effects:
                    self.run_effect(effect, area, source=power.id)
            else:
                rule = self.scenario.rules[choice.args[0]]
                self.spend_power(area, rule.cost)
                self.state.areas[area].used_abilities.append(choice.args[0])
                self.event("ability-used", area=area, ability=_ability_label(rule))
                self.run_effect(rule.effect, area, source="scenario ability")

    # ------------------------------------------------------------------ a turn
    def legal_actions(self, area: int) -> list[Choice]:
        state = self.state
        locked = self.locked()
        cells_ok = any(slot is not None and slot.card not in locked
                       for slot in state.areas[area].cells)
        choices = []
        if cells_ok:
            for index, pile in enumerate(state.discards):
                if pile:
                    choices.append(Choice("take-discard", (index,),
                                          f"take {pile[-1]} from discard pile {index + 1}"))
            if state.deck or any(len(p) > 1 for p in state.discards):
                choices.append(Choice("draw", (), "draw from the deck"))
        return choices

    def play_turn(self) -> None:
        state = self.state
        seat = state.active
        area = state.seat_area[seat]
        start_face_up = state.areas[area].face_up_count()
        self.event("turn", seat=seat)
        self.power_phase(seat, area)
        actions = self.legal_actions(area)
        if actions:
            action = self.decide(seat, "action", "Your action", actions)
            if action.kind == "take-discard":
                card = state.discards[action.args[0]].pop()
                self.exchange(seat, area, card, f"Exchange {card} with which card?")
            else:
                self.draw_action(seat, area)
        elif not self.choose_reveal(seat, area, "No action is possible: turn a card face up"):
            self.event("pass", seat=seat)
        # R21: a solo turn ends with more face-up cards than it began with
        # (after a Power card turned one face down, that may take two reveals).
        while (state.settings.turn_must_reveal and not self.finished_by_reveal(area)
                and state.areas[area].face_up_count() <= start_face_up):
            if not self.choose_reveal(seat, area, "Turn a card face up (more face-up cards "
                                                  "than at the start of the turn)"):
                break
        self.end_turn(seat, area)

    def exchange(self, seat: int, area: int, card: str, prompt: str) -> None:
        cells = self.movable_cells(area)
        choice = self.decide(seat, "exchange", prompt,
                             [Choice("cell", (i,), self._cell_label(area, i)) for i in cells],
                             card)
        self.place(area, choice.args[0], card, True, played=True)

    def draw_action(self, seat: int, area: int) -> None:
        card = self.draw()
        if card is None:
            return
        self.event("drew", seat=seat, card=card)
        cells = self.movable_cells(area)
        options = [Choice("play", (i,), f"play it at {self._cell_label(area, i)}")
                   for i in cells]
        options.append(Choice("discard", (), f"discard {card}"))
        choice = self.decide(seat, "drawn", f"You drew {card}: play it or discard it?", options,
                             card)
        if choice.kind == "play":
            self.place(area, choice.args[0], card, True, played=True)
            return
        self.discard(card, area)
        # R17: then swap two cards and turn one face up (or, with the Help
        # Card alternative, do one of the two).
        if self.state.settings.deck_discard == "swap-or-reveal":
            which = self.decide(seat, "after-discard", "Swap two cards or turn one face up?",
                                [Choice("swap", (), "swap two cards"),
                                 Choice("reveal", (), "turn a card face up")])
            if which.kind == "swap":
                self.choose_swap(seat, area, "Swap which two cards?")
            else:
                self.choose_reveal(seat, area, "Turn which card face up?")
        else:
            self.choose_swap(seat, area, "Swap which two cards? (you must)")
            self.choose_reveal(seat, area, "Turn which card face up?")

    def finished_by_reveal(self, area: int) -> bool:
        return (self.state.settings.end_rule == "twelfth-reveal"
                and self.state.areas[area].all_face_up())

    def end_turn(self, seat: int, area: int) -> None:
        state = self.state
        rule = state.settings.end_rule
        if rule == "twelfth-reveal":
            if state.areas[area].all_face_up():
                state.finished = True
        elif state.ending_seat is None:
            if state.areas[area].all_face_up():
                state.ending_seat = seat
                if rule == "equal-turns":  # R20 with the Lightning Token
                    last = (state.start_player - 1) % state.seats
                    state.turns_left = (last - seat) % state.seats
                else:  # R20: every other player plays one more turn
                    state.turns_left = state.seats - 1
                self.event("game-ending", seat=seat, turns_left=state.turns_left)
                if state.turns_left == 0:
                    state.finished = True
        else:
            state.turns_left -= 1
            if state.turns_left <= 0:
                state.finished = True
        state.turn += 1
        if state.turn >= MAX_TURNS_PER_SEAT * state.seats and not state.finished:
            state.finished = True
            state.turn_limit_reached = True
            self.event("turn-limit", turns=state.turn)
        state.active = (seat + 1) % state.seats

    def play(self, on_turn: Optional[Callable[["Game"], None]] = None) -> "GameResult":
        while not self.state.finished:
            self.play_turn()
            if on_turn is not None:
                on_turn(self)
        return self.result()

    # ------------------------------------------------------------------ scoring
    def board(self, area: int) -> Board:
        state = self.state
        areas = state.areas[area]
        laws = tuple(LawPlacement(self.registry.get("law", s.law),
                                  m.Row(s.row) if s.row else None, s.column) for s in areas.laws)
        patterns = tuple(HeldPattern(pattern, s.completed, self.registry.pattern_points(pattern))
                         for s in areas.patterns
                         for pattern in (self.registry.get("pattern", s.pattern),))
        objectives = tuple((self.registry.get("objective-goal", g),
                            self.registry.get("objective-element", e))
                           for g, e in state.objectives)
        return Board(self.area_model(area), laws, patterns, objectives, self.scenario,
                     tuple(sorted(state.state.items())))

    def result(self) -> "GameResult":
        reports = []
        for index in range(len(self.state.areas)):
            always = self.state.settings.all_face_up_at_end == "always"  # R21
            reports.append(score_board(self.board(index),
                                       all_face_up_at_end=True if always else None))
        # R16: most points, then most gods; a remaining tie is shared.
        best = max((r.total, r.gods) for r in reports)
        winners = [i for i, r in enumerate(reports) if (r.total, r.gods) == best]
        result = GameResult(tuple(reports), tuple(winners), self.state.turn,
                            self.state.turn_limit_reached)
        if self._final_logged:
            return result
        self._final_logged = True
        self.log({"type": "final", "turns": self.state.turn, "winners": list(winners),
                  "totals": [r.total for r in reports],
                  "scenario": None if reports[0].scenario is None else {
                      "victory": reports[0].scenario.victory,
                      "challenge": reports[0].scenario.challenge,
                      "beaten": reports[0].scenario.beaten}})
        return result


def _ability_label(rule: m.Ability) -> str:
    from ..language.source import effect_text

    return effect_text(rule.effect)


@frozen
class GameResult:
    reports: tuple[ScoreReport, ...]  # one per area
    winners: tuple[int, ...]  # area indexes (R16)
    turns: int
    turn_limit_reached: bool = False


# --------------------------------------------------------------------------- setup


def settings_for(registry: Registry, options: Iterable[str]) -> Settings:
    settings = Settings()
    for option_id in options:
        option = registry.get("rule-option", option_id)
        if option is None:
            pool = [d.id for d in registry.definitions("rule-option")]
            from ..errors import did_you_mean

            raise _fail(f"unknown rule option '{option_id}'",
                        did_you_mean(option_id, pool) or f"rule options: {', '.join(pool)}")
        for setting in option.settings:
            name, allowed = SETTINGS[setting.name]
            value = setting.value
            if allowed == ON_OFF:
                value = value == "on"
            setattr(settings, name, value)
    return settings


def new_game(registry: Registry, agents: Sequence[Agent], scenario: Optional[str] = None,
             options: Sequence[str] = (), seed: int = 0, challenge: bool = False,
             log: Optional[Callable[[dict], None]] = None) -> Game:
    """Set up a game: the base game for 2-6 seats, or a scenario for 1+ seats
    sharing one area (solo and cooperative mode)."""
    seats = len(agents)
    rng = random.Random(seed)
    scenario_def = None
    option_ids = list(options)
    if scenario is not None:
        scenario_def = registry.get("scenario", scenario)
        if scenario_def is None:
            from ..errors import did_you_mean

            pool = [d.id for d in registry.definitions("scenario")]
            raise _fail(f"unknown scenario '{scenario}'",
                        did_you_mean(scenario, pool) or f"scenarios: {', '.join(pool)}")
        # "All the rules of play and setup explained in each scenario take
        # precedence": the scenario's own mode is applied last.
        option_ids = [o for o in option_ids if o not in scenario_def.options] + \
            list(scenario_def.options)
        seat_area = [0] * seats
        areas = 1
    else:
        if not 2 <= seats <= 6:
            raise _fail(f"the base game is for 2 to 6 players, not {seats}",
                        "use --scenario for the solo and cooperative mode")
        seat_area = list(range(seats))
        areas = seats
    settings = settings_for(registry, option_ids)
    state = GameState(seats=seats, seat_area=seat_area,
                      areas=[AreaState() for _ in range(areas)], settings=settings,
                      options=option_ids, scenario=scenario, challenge=challenge)
    game = Game(registry, state, agents, rng, log)
    game.log({"type": "setup", "seed": seed, "seats": seats, "scenario": scenario,
              "options": option_ids, "challenge": challenge,
              "agents": [a.name for a in agents]})
    _setup(game, scenario_def)
    return game


def _setup(game: Game, scenario: Optional[m.Scenario]) -> None:
    state, rng, registry = game.state, game.rng, game.registry
    deck = sorted(game.cards)
    rng.shuffle(deck)
    state.law_deck = sorted(d.id for d in registry.definitions("law"))
    rng.shuffle(state.law_deck)
    state.pattern_deck = sorted(d.id for d in registry.definitions("pattern"))
    rng.shuffle(state.pattern_deck)
    state.discards = [[] for _ in range(max(1, state.settings.discard_piles))]
    state.start_player = rng.randrange(state.seats)
    state.active = state.start_player

    needed = SIZE * len(state.areas) + len(state.discards)
    if len(deck) < needed:
        raise _fail(f"the loaded sets have {len(deck)} Myth cards; this game needs at least "
                    f"{needed}", "play with fewer players or load more sets")
    if scenario is None:
        state.deck = deck
        for area in state.areas:  # 12 face down each, 3 rows of 4
            area.cells = [Slot(game.draw(), False) for _ in range(SIZE)]
        _start_discards(game)
        if state.settings.objectives and registry.definitions("objective-goal"):
            goal = rng.choice(sorted(d.id for d in registry.definitions("objective-goal")))
            element = rng.choice(sorted(d.id for d in registry.definitions("objective-element")))
            state.objectives = [[goal, element]]
            game.event("objective", goal=goal, element=element)
        for step in range(state.seats):  # each player reveals 2 of their choice
            seat = (state.start_player + step) % state.seats
            for _ in range(state.settings.initial_reveals):
                state.active = seat
                game.choose_reveal(seat, state.seat_area[seat], "Setup: turn a card face up")
        state.active = state.start_player
        _start_effects(game)
        if state.settings.power_cards and state.settings.extra_power_cards:
            for area in range(len(state.areas)):
                game.gain_power(area, state.settings.extra_power_cards)
        return

    # Solo and cooperative mode, rulebook setup steps 1-8 (scenario rules first).
    steps = list(scenario.setup)
    if state.challenge and scenario.challenge_setup:
        steps = [s for s in steps if not isinstance(s, m.SetupDraw)] + list(scenario.challenge_setup)
    named = {card for step in steps for card in getattr(step, "cards", ())}
    missing = sorted(card for card in named if card not in game.cards)
    if missing:
        raise _fail(f"scenario '{scenario.id}' needs cards no loaded set defines: "
                    f"{', '.join(missing)}")
    deck = [card for card in deck if card not in named]  # step 2: set them aside
    state.deck = deck
    area = state.areas[0]
    for step in steps:  # cards placed in the area before dealing
        if isinstance(step, m.Place):
            for card in step.cards:
                free = [i for i in range(SIZE) if area.cells[i] is None
                        and (step.row is None or cell_row(i) is step.row)]
                if step.column is not None:
                    free = [cell_index(step.row, step.column)]
                cell = free[0] if step.column is not None else rng.choice(free)
                area.cells[cell] = Slot(card, step.face_up)
        elif isinstance(step, m.SetAside):
            pile = list(step.cards)
            rng.shuffle(pile)
            state.side_decks[step.deck] = pile
    for cell in range(SIZE):  # step 4: the rest face down
        if area.cells[cell] is None:
            area.cells[cell] = Slot(game.draw(), False)
    power = sum(s.count for s in steps if isinstance(s, m.PowerCards))
    power += state.settings.extra_power_cards
    if power:
        game.gain_power(0, power)  # step 5
    for step in steps:  # step 6: separated cards + N random ones on top
        if isinstance(step, m.Separate):
            top = list(step.cards) + [game.draw() for _ in range(step.random)]
            top = [c for c in top if c is not None]
            rng.shuffle(top)
            state.deck.extend(top)
    _start_discards(game)
    for step in steps:  # step 7: the scenario's Pattern and Law draws
        if isinstance(step, m.SetupDraw):
            game.run_effect(step.effect, 0, source="setup")
    _start_effects(game)
    game.check_patterns()


def _start_discards(game: Game) -> None:
    """Reveal the top card(s) to start the discard pile(s); an Event card
    leaves the game instead (R18)."""
    for pile in game.state.discards:
        while not pile:
            card = game.draw()
            if card is None:
                return
            if game.card(card).event:
                game.state.removed.append(card)
                continue
            pile.append(card)


def _start_effects(game: Game) -> None:
    """The rule options' "at start" effects (initial patterns, initial laws)."""
    for option_id in game.state.options:
        option = game.registry.get("rule-option", option_id)
        for effect in option.start:
            for area in game.areas_from_active():
                game.run_effect(effect, area, source=option.id)


# --------------------------------------------------------------------------- saves


SAVE_VERSION = 1


def _rng_state(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _set_rng_state(rng: random.Random, data: list) -> None:
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))


def save_data(game: Game) -> dict:
    """A game as plain data, through the board converter: state, random
    generators (game and agents), and the agents' names."""
    from ..scoring.board import CONVERTER

    return {
        "kind": "dioses-game",
        "version": SAVE_VERSION,
        "state": CONVERTER.unstructure(game.state),
        "rng": _rng_state(game.rng),
        "agents": [
            {"name": agent.name,
             "rng": _rng_state(agent.rng) if hasattr(agent, "rng") else None}
            for agent in game.agents
        ],
    }


def load_game(registry: Registry, data: dict, agents: Sequence[Agent],
              log: Optional[Callable[[dict], None]] = None) -> Game:
    """Rebuild a saved game; ``agents`` are fresh agents whose random
    generators are restored from the save."""
    from cattrs.errors import ClassValidationError

    from ..scoring.board import CONVERTER

    if not isinstance(data, dict) or data.get("kind") != "dioses-game":
        raise _fail("not a saved Dioses! game", "saves are written by 'dioses play'")
    if data.get("version") != SAVE_VERSION:
        raise _fail(f"saved by another version of the save format ({data.get('version')})")
    try:
        state = CONVERTER.structure(data["state"], GameState)
    except (ClassValidationError, KeyError, TypeError, ValueError) as error:
        raise _fail(f"the saved game is damaged: {error}")
    rng = random.Random()
    _set_rng_state(rng, data["rng"])
    for agent, saved in zip(agents, data.get("agents", [])):
        if saved.get("rng") is not None and hasattr(agent, "rng"):
            _set_rng_state(agent.rng, saved["rng"])
    return Game(registry, state, agents, rng, log)
