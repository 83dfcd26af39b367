"""What a game's page tells beside the board: what happened, turn by turn,
in printed names; the cells each area's last move touched (marked on the
board); the discard piles' top cards; and a panel per seat (its score, its
face-down cards, whose turn it is).

Plain data made in the game's thread, as the rest of the snapshot
(:mod:`.play_view`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..engine.game import Game, GameResult
from ..engine.log import from_file
from ..engine.state import Decision
from ..pool.registry import Registry
from ..scoring.area import SIZE
from ..wording import choices
from ..wording import names as wording
from ..wording.names import cell_word
from .language import LANGUAGES, N_, catalogue
from .play_view import CELL_NAMES, TableLike, _catalog_card, _phrases, cell_place, game_view

TURNS = 12  # the turns of what happened a page shows, the newest first
MOVES = ("placed", "revealed", "hidden", "swapped")  # the events that touch cells


def said_cells(text: str, lang: str = "en") -> str:
    """A choice label's cells ('front 1', 'delantera 1') written as a player
    says them: 'front row, column 1' (R1)."""
    short = {cell_word(i, lang): i for i in range(SIZE)}
    for name in sorted(short, key=len, reverse=True):
        if name in text:
            text = text.replace(name, cell_place(short[name], lang))
    return text


NO_POWER = N_("no Power effect")  # R26: the moment to spend Power, passed
SEAT_SAYS = N_("seat %(n)s: %(said)s")
# a card taken from a discard pile: no event tells it, so the history says it
# in a sentence of its own, as the events' ("Seat 2 drew a card from the deck")
TOOK = N_("Seat %(n)s took %(card)s from discard pile %(pile)s")
_TAKE = re.compile(r"^take (?P<card>[\w-]+) from discard pile (?P<pile>\d+)$")


def _decision_line(registry: Registry, record: dict[str, Any], lang: str) -> tuple[str, bool]:
    """A choice as the history tells it, and whether it names its seat."""
    say = catalogue(lang).gettext
    choice = record.get("choice") or ""
    if record.get("kind") in ("power", "power-after") and choice == "no":
        return say(NO_POWER), False
    took = _TAKE.match(choice)
    if took:
        card = wording.named(registry, "myth", took["card"], lang)
        return say(TOOK) % {"n": record["seat"] + 1, "card": card, "pile": took["pile"]}, True
    return said_cells(choices.label_text(registry, choice, lang), lang), False


def turns(
    registry: Registry,
    records: list[dict[str, Any]],
    numbering: int,
    seats: list[str],
    lang: str = "en",
) -> list[dict[str, Any]]:
    """What happened, grouped by turn, the newest turn first: each turn's
    seat and its lines (the events, cards by printed names, cells as a
    player says them, in ``lang``; a choice by its label only where no event
    tells it in a sentence, as a pass of Power). The setup is turn 0 (no seat)."""
    phrase = _phrases(registry, lang)
    say = catalogue(lang).gettext
    grouped: list[dict[str, Any]] = []
    untold = False  # the turn's last line is a choice no event has told yet
    begun = False  # a turn has begun: what comes before is the setup (its turn 0)
    for record in (from_file(r, numbering) for r in records):
        turn = record.get("turn")
        if record.get("type") == "event" and record.get("event") == "turn":
            grouped.append(
                {"turn": 0 if turn is None else turn + 1, "seat": record["seat"], "lines": []}
            )
            untold, begun = False, True
            continue
        told = 0 if turn is None or not begun else turn + 1
        if not grouped or grouped[-1]["turn"] != told:
            grouped.append({"turn": told, "seat": None, "lines": []})
            untold = False
        if record.get("type") == "decision":
            said, with_seat = _decision_line(registry, record, lang)
            seat = record["seat"]
            if seat != grouped[-1]["seat"] and not with_seat:
                said = say(SEAT_SAYS) % {"n": seat + 1, "said": said}
            grouped[-1]["lines"].append(said[:1].upper() + said[1:])
            untold = True
        elif record.get("type") == "event":
            said = phrase(record)
            if untold:  # the event tells the choice in a sentence: its label goes
                grouped[-1]["lines"].pop()
            grouped[-1]["lines"].append(said[:1].upper() + said[1:])
            untold = False
    for entry in grouped:
        seat = entry["seat"]
        entry["who"] = seats[seat] if seat is not None and seat < len(seats) else None
    return [g for g in grouped if g["lines"] or g["seat"] is not None][-TURNS:][::-1]


def last_moves(records: list[dict[str, Any]], numbering: int, areas: int) -> list[dict[str, Any]]:
    """For each area, the cells its latest turn with a move touched (a card
    placed, turned, swapped) and that turn's number and seat: the board
    marks them, as the last move."""
    found: list[dict[str, Any]] = [{"cells": [], "turn": None, "seat": None} for _ in range(areas)]
    seat_of_turn: dict[int, int] = {}
    for record in (from_file(r, numbering) for r in records):
        if record.get("type") != "event":
            continue
        turn = record.get("turn")
        if not isinstance(turn, int):  # the setup's events: no turn's move
            continue
        if record.get("event") == "turn":
            seat_of_turn[turn] = record["seat"]
            continue
        if not seat_of_turn:  # before the first turn: the setup's (its turn -1, told "setup")
            turn = -1
        area = record.get("area")
        if record.get("event") not in MOVES or not isinstance(area, int) or not 0 <= area < areas:
            continue
        named = record.get("cells") or [record.get("cell")]
        cells = [CELL_NAMES[c] for c in named if c in CELL_NAMES]
        mark = found[area]
        if mark["turn"] != turn:
            mark.update(cells=[], turn=turn, seat=seat_of_turn.get(turn))
        mark["cells"] = sorted(set(mark["cells"]) | set(cells))
    for mark in found:
        if mark["turn"] is not None:
            mark["turn"] += 1
    return found


def discards(game: Game, card: Callable[[str], dict[str, Any] | None]) -> list[dict[str, Any]]:
    """Each discard pile: its top card (the one a player may take), how many
    cards it holds."""
    return [
        {"top": card(pile[-1]) if pile else None, "count": len(pile)}
        for pile in game.state.discards
    ]


def panels(
    game: Game, areas: list[dict[str, Any]], seats: list[str], deciding: int | None
) -> list[dict[str, Any]]:
    """A panel per seat: who plays it, its area's score so far, its face-down
    cards, its Power cards (counted, R22), and whether it is its turn."""
    state = game.state
    shown = []
    for seat, kind in enumerate(seats):
        index = state.seat_area[seat]
        area = state.areas[index]
        shown.append(
            {
                "seat": seat,
                "kind": kind,
                "area": index,
                "total": areas[index]["total"],
                "face_down": sum(1 for s in area.cells if s is not None and not s.face_up),
                "power": len(area.power),
                "active": seat == state.active,
                "deciding": seat == deciding,
            }
        )
    return shown


def _told(
    view: dict[str, Any], table: TableLike, game: Game, decision: Decision | None, lang: str
) -> dict[str, Any]:
    """A snapshot of :func:`.play_view.game_view` in ``lang``, with what this
    module tells beside the board."""
    card = _catalog_card(table.catalog, lang)
    view["turns"] = turns(game.registry, table.records, table.numbering, table.seats, lang)
    view["moved"] = last_moves(table.records, table.numbering, len(game.state.areas))
    view["discards"] = discards(game, card)
    view["panels"] = panels(
        game, view["areas"], table.seats, decision.seat if decision is not None else None
    )
    view["setup"] = in_setup(table.records)
    return view


def in_setup(records: list[dict[str, Any]]) -> bool:
    """Whether the game is still in its setup (no turn has begun): the
    page's heading says "Setup", as the terminal's does, not "Turn 1"."""
    return not any(r.get("type") == "event" and r.get("event") == "turn" for r in records)


def table_views(
    table: TableLike, game: Game, decision: Decision | None, result: GameResult | None
) -> dict[str, Any]:
    """The snapshot of a web game's page in English, with the same in every
    other language of the pages under ``"in"`` (made together, in the game's
    thread: a page in any language reads it, never the live game)."""
    views = {
        lang: _told(game_view(table, game, decision, result, lang), table, game, decision, lang)
        for lang in LANGUAGES
    }
    view = views.pop("en")
    view["in"] = views
    return view


def in_language(snapshot: dict[str, Any], lang: str) -> dict[str, Any]:
    """A snapshot as a page in ``lang`` shows it (its version and state are
    the snapshot's own: a choice sent marks it as thinking)."""
    local = snapshot.get("in", {}).get(lang)
    if local is None:
        return snapshot
    return {**local, "version": snapshot.get("version"), "state": snapshot.get("state")}
