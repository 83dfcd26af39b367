"""What happened, told in one line a turn: :class:`Narrator` collects the
log records of a turn and says them in the terminal's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text

from dioses_rules.engine.game import Game

from .choice_words import N_, card_name, label_text
from .i18n import _, ngettext
from .names import named, on_line, row_word
from .table import seat_label

if TYPE_CHECKING:
    from .output import Console  # the console() factory's, which only output.py imports

# A log record (engine.log): JSON, values of every kind.
Record = dict[str, Any]
Namer = Callable[[str], str]  # a Myth card's name on screen, by its id
FamilyNamer = Callable[[str, str], str]  # any card's, by (family, id)

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
    record: Record,
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


def _cell(cell: object) -> str:
    """A cell as a log record names it ("front 1"), in the terminal's words."""
    row, _space, column = str(cell).partition(" ")
    return f"{row_word(row)} {column}".strip()


def _line(line: object) -> str:
    """Where a law went, from the line a log record names ("front row",
    "column 4"): "on the front row", "on column 4"."""
    text = str(line)
    if text.startswith("column "):
        return on_line(column=text.split()[-1])
    return on_line(row=text.split()[0]) if text.endswith(" row") else text


def _event_phrase(record: Record, name: Namer, names: FamilyNamer) -> str | None:
    event = record.get("event")
    area = (
        _("area {number}").format(number=record["area"] + 1)
        if isinstance(record.get("area"), int)
        else ""
    )
    phrases: dict[str, Callable[[Record], str]] = {
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
    maker = phrases.get(event) if isinstance(event, str) else None
    if maker is None:
        return None
    try:
        return maker(record)
    except (KeyError, TypeError, IndexError):
        return None


class Narrator:
    """Collects the records of a turn and tells what happened in one line."""

    def __init__(self, out: Console) -> None:
        self.out = out
        self.pending: list[Record] = []
        self.seat: int | None = None  # whose turn it is (None: the setup)
        self.last_seat: int | None = None  # the human seat asked last
        self.turn = 0
        self.dirty = True  # the board changed since it was drawn

    def record(self, record: Record) -> None:
        if record["type"] == "event" and record.get("event") == "turn":
            self.seat = record.get("seat")
            self.turn = record.get("turn", 0)
        elif record["type"] in ("decision", "event"):
            self.pending.append(record)
        if record["type"] == "event" and record.get("event") != "drew":
            self.dirty = True  # (a drawn card is in the prompt, not on the board)

    def flush(self, game: Game, heading: str | None = None) -> None:
        def names(family: str, ident: str) -> str:
            return named(game.registry, family, ident)

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
