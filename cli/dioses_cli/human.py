"""The player at the keyboard: :class:`HumanAgent` draws the table, lists the
legal choices of each decision and reads a number; :class:`Narrator` tells in
one line what happened since the player last decided."""

from __future__ import annotations

from typing import Callable, Optional

from rich.columns import Columns
from rich.text import Text

from dioses_rules.engine.game import Game
from dioses_rules.engine.state import Decision
from dioses_rules.errors import whole_number
from dioses_rules.language import model as m

from .best import suggestion
from .faces import CELL_KINDS, named_choice, printed_names, short_cell
from .output import console, counted
from .table import draw_board, seat_label

HUMAN = "human"


class InputClosed(Exception):
    """The player's input ended (EOF) or they asked to stop ('q')."""


def read_line(prompt: str) -> str:
    """One line of the player's input (tests replace this)."""
    return input(prompt)


def card_name(game: Game) -> Callable[[str], str]:
    """A Myth card's printed name by its id (the id itself for anything else)."""
    def name(card_id: str) -> str:
        card = game.registry.get("myth", card_id) if isinstance(card_id, str) else None
        return card.name if card is not None else str(card_id)
    return name


# Decisions whose outcome an event tells anyway say nothing themselves.
DECISION_WORDS = {
    "reveal": None, "swap": None, "law": None, "pattern": None, "discard-pile": None,
    "after-discard": None, "hide": None, "recover": None, "power": None,
    "power-after": None, "exchange": None, "drawn": None, "seek": "named {}",
    "seek-order": "put {} under the deck",
}


def record_phrase(record: dict, name: Callable[[str], str] = str) -> Optional[str]:
    """A few words for one log record, or None for records not worth a word."""
    if record["type"] == "decision":
        kind, label = record.get("kind"), record.get("choice") or ""
        if kind in DECISION_WORDS:
            return DECISION_WORDS[kind].format(label) if DECISION_WORDS[kind] else None
        return label or None
    event = record.get("event")
    area = f"area {record['area'] + 1}" if isinstance(record.get("area"), int) else ""
    phrases = {
        "drew": lambda r: f"drew {name(r['card'])}",
        "discarded": lambda r: f"discarded {name(r['card'])} (pile {r['pile'] + 1})",
        "removed": lambda r: f"{name(r['card'])} leaves the game",
        "revealed": lambda r: f"{area}: revealed {name(r['card'])} at {r['cell']}",
        "placed": lambda r: (f"{area}: {name(r['card'])} placed at {r['cell']}" if r.get("face_up")
                             else f"{area}: a face-down card placed at {r['cell']}"),
        "swapped": lambda r: f"{area}: swapped {r['cells'][0]} and {r['cells'][1]}",
        "hidden": lambda r: f"{area}: turned {r['cell']} face down",
        "event": lambda r: f"EVENT {name(r['card'])}",
        "pattern-drawn": lambda r: f"{area} drew pattern {r['pattern']}",
        "pattern-completed": lambda r: f"{area} COMPLETED pattern {r['pattern']}",
        "law-placed": lambda r: f"{area}: law {r['law']} on {r['line']}",
        "power-gained": lambda r: (f"{area} gained {counted(r['count'], 'Power card')}, "
                                   f"now {r['total']}"),
        "power-used": lambda r: f"{area} used Power: {r['power']}",
        "ability-used": lambda r: f"{area} used the scenario ability: {r['ability']}",
        "recovered": lambda r: f"moved {name(r['card'])} onto discard pile {r['pile'] + 1}",
        "deck-refilled": lambda r: f"the deck was refilled with {r['cards']} cards",
        "game-ending": lambda r: f"seat {r['seat'] + 1} has every card face up: "
                                 f"{counted(r['turns_left'], 'more turn')}",
        "turn-limit": lambda r: f"turn limit reached after {r['turns']} turns",
        "pass": lambda r: "passes",
        "objective": lambda r: f"objective {r['goal']} + {r['element']}",
        "state": lambda r: f"{r['name']}: {name(r['card'])}",
    }
    maker = phrases.get(event)
    if maker is None:
        return None
    try:
        return maker(record)
    except (KeyError, TypeError, IndexError):
        return None


class Narrator:
    """Collects the records of a turn and tells what happened in one line."""

    def __init__(self, out):
        self.out = out
        self.pending: list[dict] = []
        self.seat: Optional[int] = None  # whose turn it is (None: the setup)
        self.last_seat: Optional[int] = None  # the human seat asked last
        self.turn = 0
        self.dirty = True  # the board changed since it was drawn

    def record(self, record: dict) -> None:
        if record["type"] == "event" and record.get("event") == "turn":
            self.seat = record.get("seat")
            self.turn = record.get("turn", 0)
        elif record["type"] in ("decision", "event"):
            self.pending.append(record)
        if record["type"] == "event" and record.get("event") != "drew":
            self.dirty = True  # (a drawn card is in the prompt, not on the board)

    def flush(self, game: Game, heading: Optional[str] = None) -> None:
        phrases = [p for p in (record_phrase(r, card_name(game)) for r in self.pending) if p]
        self.pending = []
        if not phrases:
            return
        if heading is None:
            heading = (f"turn {self.turn + 1}, {seat_label(game, self.seat)}"
                       if self.seat is not None else "setup")
        line = Text(f"{heading}: ", style="bold")
        line.append("; ".join(phrases))
        self.out.print(line)


MAX_LISTED = 24  # more choices than this (the 66 swaps) are named, not listed


def _example(decision: Decision) -> str:
    """How to name one of this decision's choices, from its first choice."""
    first = decision.choices[0]
    if first.kind in CELL_KINDS:
        cells = " ".join(short_cell(c) for c in first.args)
        verb = {"swap": "swap", "play": "play"}.get(first.kind, decision.kind)
        return f"'{verb} {cells}'"
    return f"'{first.kind}'"


class HumanAgent:
    """A player at the keyboard: draws the board, lists the legal choices,
    reads a number until it is a valid one."""

    name = HUMAN
    plans = True  # the game keeps each turn's start, so that 'h' asks the planner

    def __init__(self, out=None, narrator: Optional[Narrator] = None,
                 read: Optional[Callable[[str], str]] = None, lang: str = "en"):
        self.out = out or console()
        self.lang = lang  # of card text: "en" or "es" (dioses play --lang)
        self.narrator = narrator
        self.read = read
        self._last_seat: Optional[int] = None  # used without a narrator

    @property
    def last_seat(self) -> Optional[int]:
        """The seat asked last, by any human at this table (hot-seat)."""
        return self.narrator.last_seat if self.narrator is not None else self._last_seat

    @last_seat.setter
    def last_seat(self, seat: int) -> None:
        if self.narrator is not None:
            self.narrator.last_seat = seat
        self._last_seat = seat

    def _read(self, prompt: str) -> str:
        reader = self.read or read_line  # looked up at call time (tests patch it)
        try:
            return reader(prompt)
        except EOFError:
            raise InputClosed("input closed") from None

    def choose(self, game: Game, decision: Decision) -> int:
        out = self.out
        narrator = self.narrator
        if narrator is not None and narrator.seat != decision.seat:
            narrator.flush(game)  # what the others did (one's own turn is told at its end)
        humans = sum(1 for agent in game.agents if agent.name == HUMAN)
        if humans > 1 and decision.seat != self.last_seat:
            out.print(Text(f"=== {seat_label(game, decision.seat)}: your turn "
                           f"(pass the keyboard) ===", style="bold yellow"))
        if narrator is None or narrator.dirty or decision.seat != self.last_seat:
            in_setup = narrator is not None and narrator.seat is None
            draw_board(out, game, decision.seat, setup=in_setup)
            if narrator is not None:
                narrator.dirty = False
        self.last_seat = decision.seat
        self._show_decision(game, decision)
        count = len(decision.choices)
        prompt = f"seat {decision.seat + 1}, choose 1-{count} (? for help): "
        while True:
            answer = self._read(prompt).strip()
            lowered = answer.lower()
            if lowered in ("q", "quit", "exit"):
                raise InputClosed("quit")
            if lowered in ("?", "help"):
                out.print("type the number of a choice, or name it: cells as f1..b4 (front, "
                          "central, back; columns 1-4), e.g. 'swap f1 b4', 'play c2', "
                          "'reveal b3', 'draw', 'discard'; 'h' suggests one; 'b' draws the "
                          "board again; 'l' lists all the choices; 'c NAME' shows a card's "
                          "text; 'q' saves and stops (continue later with --resume)",
                          markup=False)
                continue
            if lowered in ("h", "hint"):
                self._hint(game, decision)
                continue
            if lowered == "b":
                draw_board(out, game, decision.seat)
                continue
            if lowered == "l":
                self._show_decision(game, decision, everything=True)
                continue
            if lowered.startswith("c ") or lowered.startswith("card "):
                self._card_text(game, answer.split(None, 1)[1])
                continue
            number = whole_number(answer, 6)  # '١', '1_0', '+1' are not choice numbers
            if number is None:
                named = named_choice(answer, decision.choices, decision.kind)
                if named is not None:
                    return named
                out.print(f"'{answer}' is not a choice: type 1 to {count}, or name one "
                          f"(e.g. {_example(decision)}; ? for help)", markup=False)
                continue
            if not 1 <= number <= count:
                out.print(f"{number} is not a choice: type 1 to {count}", markup=False)
                continue
            return number - 1

    def _hint(self, game: Game, decision: Decision) -> None:
        index, who = suggestion(game, decision)
        choice = decision.choices[index]
        self.out.print(f"hint ({who} agent): {index + 1}. "
                       f"{printed_names(game, choice.label or choice.kind)}",
                       markup=False)

    def _show_decision(self, game: Game, decision: Decision, everything: bool = False) -> None:
        """The prompt and the numbered choices; a long list of swaps is not
        printed unless asked ('l'): they are typed by their cells."""
        out = self.out
        out.print(Text(printed_names(game, decision.prompt), style="bold"))
        if decision.subject:
            self._card_text(game, decision.subject, quiet=True)
        count = len(decision.choices)
        if count > MAX_LISTED and not everything:
            out.print(f"{count} choices: name one, e.g. {_example(decision)} "
                      f"('l' lists them all, numbered)", markup=False)
            return
        items = [f"{i + 1:>2}. {printed_names(game, c.label or c.kind)}"
                 for i, c in enumerate(decision.choices)]
        if len(items) > 12:
            out.print(Columns([Text(item) for item in items], padding=(0, 3)))
        else:
            for item in items:
                out.print(item, markup=False)

    def _card_text(self, game: Game, name: str, quiet: bool = False) -> None:
        texts = game.registry.texts(self.lang)
        for family in ("myth", "law", "pattern", "scenario", "power", "rule-option"):
            try:
                definition = game.registry.resolve(family, name.strip())
            except LookupError:
                continue
            head = definition.id if self.lang == "en" else f"{definition.id} - {definition.name}"
            if isinstance(definition, m.MythCard):
                head += f" ({texts.card_kind(definition)})"
            self.out.print(f"  {head}: " + texts.text(definition).replace("\n", "\n  "),
                           markup=False)
            return
        if not quiet:
            self.out.print(f"no card, law or pattern named '{name}'", markup=False)
