"""The player at the keyboard: :class:`HumanAgent` draws the table, lists the
legal choices of each decision and reads a number; :class:`Narrator` tells in
one line what happened since the player last decided."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.columns import Columns
from rich.text import Text

from dioses_rules.engine.game import Game
from dioses_rules.engine.state import Decision
from dioses_rules.errors import whole_number
from dioses_rules.language import model as m

from .best import suggestion
from .faces import CELL_KINDS, named_choice, printed_names, short_cell
from .i18n import _, ngettext
from .names import line_name, name_of, named, on_line, row_word
from .names import texts as screen_texts
from .output import console
from .table import draw_board, seat_label

HUMAN = "human"


class InputClosed(Exception):
    """The player's input ended (EOF) or they asked to stop ('q')."""


def read_line(prompt: str) -> str:
    """One line of the player's input (tests replace this)."""
    return input(prompt)


def card_name(game: Game, family: str = "myth") -> Callable[[str], str]:
    """A card's name on screen by its id (the id itself for anything else)."""
    return lambda ident: named(game.registry, family, ident)


def N_(message: str) -> str:
    """A message marked for the catalogue, looked up where it is shown."""
    return message


# Decisions whose outcome an event tells anyway say nothing themselves.
DECISION_WORDS = {
    "reveal": None,
    "swap": None,
    "law": None,
    "pattern": None,
    "discard-pile": None,
    "after-discard": None,
    "hide": None,
    "recover": None,
    "power": None,
    "power-after": None,
    "exchange": None,
    "drawn": None,
    "seek": N_("named {}"),
    "seek-order": N_("put {} under the deck"),
}


def record_phrase(
    record: dict,
    name: Callable[[str], str] = str,
    names: Callable[[str, str], str] | None = None,
    label: Callable[[str], str] = str,
) -> str | None:
    """A few words for one log record, or None for records not worth a word;
    ``name`` names a Myth card by its id, ``names`` (family, id) any card."""
    if record["type"] == "decision":
        kind, chosen = record.get("kind"), label(record.get("choice") or "")
        if kind in DECISION_WORDS:
            said = DECISION_WORDS[kind]
            return _(said).format(chosen) if said else None
        return chosen or None
    return _event_phrase(record, name, names or (lambda family, ident: str(ident)))


def _cell(cell) -> str:
    """A cell as a log record names it ("front 1"), in the terminal's words."""
    row, _space, column = str(cell).partition(" ")
    return f"{row_word(row)} {column}".strip()


def _line(line) -> str:
    """Where a law went, from the line a log record names ("front row",
    "column 4"): "on the front row", "on column 4"."""
    text = str(line)
    if text.startswith("column "):
        return on_line(column=text.split()[-1])
    return on_line(row=text.split()[0]) if text.endswith(" row") else text


def _event_phrase(record: dict, name, names) -> str | None:
    event = record.get("event")
    area = (
        _("area {number}").format(number=record["area"] + 1)
        if isinstance(record.get("area"), int)
        else ""
    )
    phrases = {
        "drew": lambda r: _("drew {card}").format(card=name(r["card"])),
        "discarded": lambda r: _("discarded {card} (pile {pile})").format(
            card=name(r["card"]), pile=r["pile"] + 1
        ),
        "removed": lambda r: _("{card} leaves the game").format(card=name(r["card"])),
        "revealed": lambda r: _("{area}: revealed {card} at {cell}").format(
            area=area, card=name(r["card"]), cell=_cell(r["cell"])
        ),
        "placed": lambda r: (
            _("{area}: {card} placed at {cell}").format(
                area=area, card=name(r["card"]), cell=_cell(r["cell"])
            )
            if r.get("face_up")
            else _("{area}: a face-down card placed at {cell}").format(
                area=area, cell=_cell(r["cell"])
            )
        ),
        "swapped": lambda r: _("{area}: swapped {first} and {second}").format(
            area=area, first=_cell(r["cells"][0]), second=_cell(r["cells"][1])
        ),
        "hidden": lambda r: _("{area}: turned {cell} face down").format(
            area=area, cell=_cell(r["cell"])
        ),
        "event": lambda r: _("EVENT {card}").format(card=name(r["card"])),
        "pattern-drawn": lambda r: _("{area} drew pattern {pattern}").format(
            area=area, pattern=names("pattern", r["pattern"])
        ),
        "pattern-completed": lambda r: _("{area} COMPLETED pattern {pattern}").format(
            area=area, pattern=names("pattern", r["pattern"])
        ),
        "law-placed": lambda r: _("{area}: law {law} {line}").format(
            area=area, law=names("law", r["law"]), line=_line(r["line"])
        ),
        "power-gained": lambda r: ngettext(
            "{area} gained {count} Power card, now {total}",
            "{area} gained {count} Power cards, now {total}",
            r["count"],
        ).format(area=area, count=r["count"], total=r["total"]),
        "power-used": lambda r: _("{area} used Power: {power}").format(
            area=area, power=names("power", r["power"])
        ),
        "ability-used": lambda r: _("{area} used the scenario ability: {ability}").format(
            area=area, ability=r["ability"]
        ),
        "recovered": lambda r: _("moved {card} onto discard pile {pile}").format(
            card=name(r["card"]), pile=r["pile"] + 1
        ),
        "deck-refilled": lambda r: _("the deck was refilled with {count} cards").format(
            count=r["cards"]
        ),
        "game-ending": lambda r: ngettext(
            "seat {seat} has every card face up: {count} more turn",
            "seat {seat} has every card face up: {count} more turns",
            r["turns_left"],
        ).format(seat=r["seat"] + 1, count=r["turns_left"]),
        "turn-limit": lambda r: _("turn limit reached after {count} turns").format(
            count=r["turns"]
        ),
        "pass": lambda r: _("passes"),
        "objective": lambda r: _("objective {goal} + {element}").format(
            goal=names("objective-goal", r["goal"]),
            element=names("objective-element", r["element"]),
        ),
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
        self.seat: int | None = None  # whose turn it is (None: the setup)
        self.last_seat: int | None = None  # the human seat asked last
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

    def flush(self, game: Game, heading: str | None = None) -> None:
        names = lambda family, ident: named(game.registry, family, ident)
        phrases = [
            p
            for p in (
                record_phrase(r, card_name(game), names, lambda text: label_text(game, text))
                for r in self.pending
            )
            if p
        ]
        self.pending = []
        if not phrases:
            return
        if heading is None:
            heading = (
                _("turn {number}, {seat}").format(
                    number=self.turn + 1, seat=seat_label(game, self.seat)
                )
                if self.seat is not None
                else _("setup")
            )
        line = Text(f"{heading}: ", style="bold")
        line.append("; ".join(phrases))
        self.out.print(line)


def choice_text(game: Game, choice) -> str:
    """A choice as the player reads it, in the terminal's language: the
    engine's label (which names cards by id) rebuilt for the choices whose
    words are the game's own, otherwise with every id written as its name."""
    args = choice.args
    kind = choice.kind
    if kind == "row" and args:
        return line_name(row=args[0])
    if kind == "column" and args:
        return line_name(column=args[0])
    fixed = {
        "draw": N_("draw"),
        "pass": N_("no"),
        "swap": N_("swap two cards"),
        "reveal": N_("turn a card face up"),
    }
    if kind in fixed and not args:
        return _(fixed[kind])
    if kind == "power" and args and screen_texts(game.registry).lang != "en":
        power = game.registry.get("power", args[0])
        if power is not None:  # its Spanish card text says what it does and costs
            return screen_texts(game.registry).text(power)
    if kind == "take-discard" and args:
        pile = game.state.discards[args[0]] if args[0] < len(game.state.discards) else []
        if pile:
            return _("take {card} from discard pile {number}").format(
                card=named(game.registry, "myth", pile[-1]), number=args[0] + 1
            )
    return label_text(game, choice.label or kind)


_LABELS = [
    (re.compile(pattern), message)
    for pattern, message in (
        (
            r"^take (?P<card>[\w-]+) from discard pile (?P<number>\d+)$",
            N_("take {card} from discard pile {number}"),
        ),
        (r"^discard (?P<card>[\w-]+)$", N_("discard {card}")),
        (r"^play it at (?P<cell>.+)$", N_("play it at {cell}")),
        (r"^draw$", N_("draw")),
    )
]
_CELL_WORDS = re.compile(r"\b(front|central|back) ([1-4])\b")
_WHAT = {"(face-down card)": N_("(face-down card)"), "(empty)": N_("(empty)")}


def label_text(game: Game, label: str) -> str:
    """An engine choice label ("take ship from discard pile 1", "front 2
    (face-down card)") in the terminal's language, its ids as names."""
    for pattern, message in _LABELS:
        found = pattern.match(label)
        if found:
            label = _(message).format(**found.groupdict())
            break
    label = _CELL_WORDS.sub(lambda hit: f"{row_word(hit.group(1))} {hit.group(2)}", label)
    for english, message in _WHAT.items():
        label = label.replace(english, _(message))
    return printed_names(game, label)


# The engine's prompts (English, naming cards by id) in the catalogue.
_PROMPTS = [
    (re.compile(pattern), message)
    for pattern, message in (
        (
            r"^Place the law '(?P<law>[\w-]+)' on which row or column\?$",
            N_("Place the law '{law}' on which row or column?"),
        ),
        (r"^Exchange (?P<card>[\w-]+) with which card\?$", N_("Exchange {card} with which card?")),
        (
            r"^You drew (?P<card>[\w-]+): play it or discard it\?$",
            N_("You drew {card}: play it or discard it?"),
        ),
        (r"^Swap two cards or turn one face up\?$", N_("Swap two cards or turn one face up?")),
        (r"^Swap which two cards\?$", N_("Swap which two cards?")),
        (r"^Turn which card face up\?$", N_("Turn which card face up?")),
        (
            r"^Use a Power effect before your action\?$",
            N_("Use a Power effect before your action?"),
        ),
        (r"^Use a Power effect after your action\?$", N_("Use a Power effect after your action?")),
        (r"^Your action$", N_("Your action")),
        (
            r"^Turn a card face up \(more face-up cards than at the start of the turn\)$",
            N_("Turn a card face up (more face-up cards than at the start of the turn)"),
        ),
    )
]


def prompt_text(game: Game, prompt: str) -> str:
    """An engine prompt in the terminal's language, its ids as names."""
    for pattern, message in _PROMPTS:
        found = pattern.match(prompt)
        if found:
            return printed_names(game, _(message).format(**found.groupdict()))
    return printed_names(game, prompt)


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

    def __init__(
        self,
        out=None,
        narrator: Narrator | None = None,
        read: Callable[[str], str] | None = None,
        lang: str = "en",
    ):
        self.out = out or console()
        self.lang = lang  # of card text: "en" or "es" (dioses play --lang)
        self.narrator = narrator
        self.read = read
        self._last_seat: int | None = None  # used without a narrator

    @property
    def last_seat(self) -> int | None:
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
            out.print(
                Text(
                    "=== "
                    + _("{seat}: your turn (pass the keyboard)").format(
                        seat=seat_label(game, decision.seat)
                    )
                    + " ===",
                    style="bold yellow",
                )
            )
        if narrator is None or narrator.dirty or decision.seat != self.last_seat:
            in_setup = narrator is not None and narrator.seat is None
            draw_board(out, game, decision.seat, setup=in_setup)
            if narrator is not None:
                narrator.dirty = False
        self.last_seat = decision.seat
        self._show_decision(game, decision)
        count = len(decision.choices)
        prompt = _("seat {seat}, choose 1-{count} (? for help): ").format(
            seat=decision.seat + 1, count=count
        )
        shown = [choice_text(game, c).lower() for c in decision.choices]
        while True:
            answer = self._read(prompt).strip()
            lowered = answer.lower()
            if lowered in ("q", "quit", "exit"):
                raise InputClosed("quit")
            if lowered in ("?", "help"):
                out.print(
                    _(
                        "type the number of a choice, or name it: cells as f1..b4 "
                        "(front, central, back; columns 1-4), e.g. 'swap f1 b4', "
                        "'play c2', 'reveal b3', 'exchange f1' (the card you took from "
                        "a discard pile goes there), 'draw', 'discard'; a choice as it "
                        "is shown, e.g. 'column 4', 'front row'; 'h' suggests one; 'b' "
                        "draws the board again; 'l' lists all the choices; 'c NAME' shows "
                        "a card's text; 'q' saves and stops (continue later with "
                        "--resume)"
                    ),
                    markup=False,
                )
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
            if shown.count(lowered) == 1:  # a choice typed as shown: 'column 4'
                return shown.index(lowered)
            number = whole_number(answer, 6)  # '١', '1_0', '+1' are not choice numbers
            if number is None:
                named = named_choice(answer, decision.choices, decision.kind)
                if named is not None:
                    return named
                out.print(
                    _(
                        "'{answer}' is not a choice: type 1 to {count}, or name one "
                        "(e.g. {example}; ? for help)"
                    ).format(answer=answer, count=count, example=_example(decision)),
                    markup=False,
                )
                continue
            if not 1 <= number <= count:
                out.print(
                    _("{number} is not a choice: type 1 to {count}").format(
                        number=number, count=count
                    ),
                    markup=False,
                )
                continue
            return number - 1

    def _hint(self, game: Game, decision: Decision) -> None:
        index, who = suggestion(game, decision)
        choice = decision.choices[index]
        self.out.print(
            _("hint ({agent} agent): {number}. {choice}").format(
                agent=who, number=index + 1, choice=choice_text(game, choice)
            ),
            markup=False,
        )

    def _show_decision(self, game: Game, decision: Decision, everything: bool = False) -> None:
        """The prompt and the numbered choices; a long list of swaps is not
        printed unless asked ('l'): they are typed by their cells."""
        out = self.out
        out.print(Text(prompt_text(game, decision.prompt), style="bold"))
        if decision.subject:
            self._card_text(game, decision.subject, quiet=True)
        count = len(decision.choices)
        if count > MAX_LISTED and not everything:
            out.print(
                _(
                    "{count} choices: name one, e.g. {example} ('l' lists them all, numbered)"
                ).format(count=count, example=_example(decision)),
                markup=False,
            )
            return
        items = [f"{i + 1:>2}. {choice_text(game, c)}" for i, c in enumerate(decision.choices)]
        if len(items) > 12:
            out.print(Columns([Text(item) for item in items], padding=(0, 3)))
        else:
            for item in items:
                out.print(item, markup=False)

    def _card_text(self, game: Game, name: str, quiet: bool = False) -> None:
        texts = screen_texts(game.registry)
        for family in ("myth", "law", "pattern", "scenario", "power", "rule-option"):
            try:
                definition = game.registry.resolve(family, name.strip())
            except LookupError:
                continue
            head = name_of(definition)
            if isinstance(definition, m.MythCard):
                head += f" ({texts.card_kind(definition)})"
            self.out.print(
                f"  {head}: " + texts.text(definition).replace("\n", "\n  "), markup=False
            )
            return
        if not quiet:
            self.out.print(
                _("no card, law or pattern named '{name}'").format(name=name), markup=False
            )
