"""What a move did, in a few words of the reader's language: one phrase
per log record (a decision or an event), cards by their printed names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import N_, words
from .names import on_line, row_word, state_name

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


class Namers:
    """How a phrase names things: ``name`` a Myth card by its id, ``names``
    (family, id) any card, ``label`` an engine choice label, ``cell`` a cell
    as a log record names it ("front 1"). ``hidden_draws``: a drawn card is
    not named (a page other seats see: it is the drawer's alone until played
    or discarded, both told next)."""

    def __init__(
        self,
        lang: str,
        name: Callable[[str], str] = str,
        names: Callable[[str, str], str] | None = None,
        label: Callable[[str], str] = str,
        cell: Callable[[str], str] | None = None,
        hidden_draws: bool = False,
    ) -> None:
        self.lang = lang
        self.name = name
        self.names = names or (lambda family, ident: str(ident))
        self.label = label
        self.cell = cell or (lambda text: short_cell(text, lang))
        self.hidden_draws = hidden_draws


def record_phrase(record: dict[str, Any], namers: Namers) -> str | None:
    """A few words for one log record, or None for records not worth a word."""
    if record["type"] == "decision":
        kind, chosen = record.get("kind"), namers.label(record.get("choice") or "")
        if kind in DECISION_WORDS:
            said = DECISION_WORDS[kind]
            return words(namers.lang)._(said).format(chosen) if said else None
        return chosen or None
    return event_phrase(record, namers)


def short_cell(cell: object, lang: str) -> str:
    """A cell as a log record names it ("front 1"), in ``lang``'s words."""
    row, _space, column = str(cell).partition(" ")
    return f"{row_word(row, lang)} {column}".strip()


def _line(line: object, lang: str) -> str:
    """Where a law went, from the line a log record names ("front row",
    "column 4"): "on the front row", "on column 4"."""
    text = str(line)
    if text.startswith("column "):
        return on_line(lang, column=text.split()[-1])
    return on_line(lang, row=text.split()[0]) if text.endswith(" row") else text


def _phrases(namers: Namers, area: str) -> dict[str, Any]:
    _, ngettext = words(namers.lang)._, words(namers.lang).ngettext
    name, names, cell, lang = namers.name, namers.names, namers.cell, namers.lang
    return {
        "drew": lambda r: (
            _("seat {seat} drew a card from the deck").format(seat=r["seat"] + 1)
            if namers.hidden_draws
            else _("drew {card}").format(card=name(r["card"]))
        ),
        "discarded": lambda r: _("discarded {card} (pile {pile})").format(
            card=name(r["card"]), pile=r["pile"] + 1
        ),
        "removed": lambda r: _("{card} leaves the game").format(card=name(r["card"])),
        "revealed": lambda r: _("{area}: revealed {card} at {cell}").format(
            area=area, card=name(r["card"]), cell=cell(r["cell"])
        ),
        "placed": lambda r: (
            _("{area}: {card} placed at {cell}").format(
                area=area, card=name(r["card"]), cell=cell(r["cell"])
            )
            if r.get("face_up")
            else _("{area}: a face-down card placed at {cell}").format(
                area=area, cell=cell(r["cell"])
            )
        ),
        "swapped": lambda r: _("{area}: swapped {first} and {second}").format(
            area=area, first=cell(r["cells"][0]), second=cell(r["cells"][1])
        ),
        "hidden": lambda r: _("{area}: turned {cell} face down").format(
            area=area, cell=cell(r["cell"])
        ),
        "event": lambda r: _("EVENT {card}").format(card=name(r["card"])),
        "pattern-drawn": lambda r: _("{area} drew pattern {pattern}").format(
            area=area, pattern=names("pattern", r["pattern"])
        ),
        "pattern-completed": lambda r: _("{area} COMPLETED pattern {pattern}").format(
            area=area, pattern=names("pattern", r["pattern"])
        ),
        "law-placed": lambda r: _("{area}: law {law} {line}").format(
            area=area, law=names("law", r["law"]), line=_line(r["line"], lang)
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
            area=area, ability=names("ability", r["ability"])
        ),
        "recovered": lambda r: _("moved {card} onto discard pile {pile}").format(
            card=name(r["card"]), pile=r["pile"] + 1
        ),
        "deck-refilled": lambda r: _("the deck was refilled with {count} cards").format(
            count=r["cards"]
        ),
        "game-ending": lambda r: (
            ngettext(
                "seat {seat} has every card face up: {count} more turn",
                "seat {seat} has every card face up: {count} more turns",
                r["turns_left"],
            )
            if r["turns_left"]
            # R20 with the Lightning Token: the seat before the first player ends it
            else _("seat {seat} has every card face up: the game ends")
        ).format(seat=r["seat"] + 1, count=r["turns_left"]),
        "turn-limit": lambda r: _("turn limit reached after {count} turns").format(
            count=r["turns"]
        ),
        "pass": lambda r: _("passes"),
        "objective": lambda r: _("objective {goal} + {element}").format(
            goal=names("objective-goal", r["goal"]),
            element=names("objective-element", r["element"]),
        ),
        "state": lambda r: f"{state_name(r['name'], lang)}: {name(r['card'])}",
    }


def event_phrase(record: dict[str, Any], namers: Namers) -> str | None:
    """A few words for one event record, or None for an event not told."""
    area = (
        words(namers.lang)._("area {number}").format(number=record["area"] + 1)
        if isinstance(record.get("area"), int)
        else ""
    )
    maker = _phrases(namers, area).get(str(record.get("event")))
    if maker is None:
        return None
    try:
        said: str | None = maker(record)
        return said
    except (KeyError, TypeError, IndexError):
        return None
