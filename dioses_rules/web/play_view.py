"""What a game's page shows, as plain data made in the game's thread (a
snapshot): the areas as anyone sees them, the decision with the cells of the
board it can be made on, the scenario (what happened is told by play_story).

Pages only ever read these snapshots, never the live game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from attrs import evolve

from ..engine.choice_cells import choice_cells
from ..engine.game import Game, GameResult
from ..engine.state import Decision
from ..pool.registry import Registry
from ..scoring.area import SIZE, Area, cell_column, cell_name, cell_row
from ..scoring.score import ScoreReport, score_board
from ..wording import choices, moves
from ..wording import names as wording
from ..wording.scenario import scenario_verdict
from .catalog import Catalog


class TableLike(Protocol):
    """What a snapshot reads of its game on the table (:class:`.play.TableGame`)."""

    catalog: Catalog
    seats: list[str]
    save_path: Path
    log_path: Path
    records: list[dict[str, Any]]
    numbering: int


# a card's page and picture by id, as a page links it (None: no such card)
CardLink = Callable[[str], dict[str, str] | None]

# The verb a cell's button says, by the decision's kind (a choice of kind
# "play" says "play the drawn card at"; a swap "swap").
CELL_VERBS = {
    "reveal": "turn face up",
    "hide": "turn face down",
    "exchange": "replace",
    "swap": "swap",
    "drawn": "play the drawn card at",
}


CELL_NAMES = {cell_name(i): i for i in range(SIZE)}  # 'front 1': 0, as logs name cells


def cell_place(cell: int, lang: str = "en") -> str:
    """A cell as a player says it: 'front row, column 1' (R1)."""
    return wording.cell_place(cell, lang)


LINE_KINDS = {"row": "rows", "column": "columns"}  # a law's choices (R13): a row's name, a column


def decision_view(
    game: Game, decision: Decision, card: CardLink, lang: str = "en"
) -> dict[str, Any]:
    """The decision as the page offers it: every choice (the list kept under
    'all choices'), the ones not about cells as buttons, and for each cell of
    the deciding seat's area what choosing it does: one choice, or the first
    of two cells (a swap: its possible second cells)."""
    registry = game.registry
    labels = [choices.choice_text(game, c, lang) for c in decision.choices]
    cells: list[dict[str, Any] | None] = [None] * len(game.state.areas[0].cells)
    others = []
    lines: dict[str, dict[int | str, Any]] = {
        "rows": {},
        "columns": {},
    }  # a law's line (R13): on the board
    for index, choice in enumerate(decision.choices):
        named = choice_cells(choice)
        if choice.kind in LINE_KINDS and choice.args:
            lines[LINE_KINDS[choice.kind]][choice.args[0]] = index
        elif len(named) == 1:
            cells[named[0]] = {"choice": index}
        elif len(named) == 2:
            for one, other in (named, named[::-1]):
                entry = cells[one] or {"partners": {}}
                entry.setdefault("partners", {})[other] = index
                cells[one] = entry
        else:
            others.append(index)
    verb = (
        "swap"
        if any(c and "partners" in c for c in cells)
        else CELL_VERBS.get(decision.kind, "choose")
    )
    return {
        "seat": decision.seat,
        "kind": decision.kind,
        "prompt": choices.prompt_text(registry, decision.prompt, lang),
        "subject": card(decision.subject or ""),
        "choices": labels,
        "others": others,
        "area": game.state.seat_area[decision.seat],
        "cells": cells,
        "verb": verb,
        "lines": lines if lines["rows"] or lines["columns"] else None,
    }


def area_view(
    game: Game,
    index: int,
    card: CardLink,
    report: ScoreReport | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """An area as anyone sees it: face-down cards unknown, scored as far as
    can be seen (face-up cards, laws, patterns); at the end, every card and
    the final score (R12). Its Power cards are counted, never shown (R22)."""
    area = game.state.areas[index]
    finished = report is not None
    if report is None:
        board = game.board(index)
        report = score_board(
            evolve(
                board,
                area=Area(
                    tuple(p if p is not None and p.face_up else None for p in board.area.cells)
                ),
            ),
            all_face_up_at_end=False,
        )
    points = {c.cell: c.points for c in report.cards}
    cells = []
    for cell, slot in enumerate(area.cells):
        where: dict[str, object] = {
            "row": cell_row(cell).value,
            "column": cell_column(cell),
            "place": cell_place(cell, lang),
        }
        if slot is None:
            cells.append({**where, "card": None})
        elif not slot.face_up and not finished:
            cells.append({**where, "card": None, "face_down": True})
        else:
            cells.append(
                {
                    **where,
                    "card": card(slot.card),
                    "face_down": not slot.face_up,
                    "points": points.get(cell),
                }
            )
    laws = [
        {
            "name": wording.named(game.registry, "law", law.law.id, lang),
            "card": card(law.law.id),
            "row": law.row.value if law.row else None,
            "column": law.column,
            "line": wording.line_name(lang, row=law.row, column=law.column),
            "points": law.points,
            "met": law.points > 0,
        }
        for law in report.laws
    ]
    patterns = [
        {
            "name": wording.named(game.registry, "pattern", p.pattern.id, lang),
            "card": card(p.pattern.id),
            "completed": p.completed,
            "points": p.points,
        }
        for p in report.patterns
    ]
    return {
        "cells": cells,
        "laws": laws,
        "patterns": patterns,
        "total": report.total,
        "face_down": sum(1 for s in area.cells if s is not None and not s.face_up),
        "power": len(area.power),
        "seats": [s + 1 for s, a in enumerate(game.state.seat_area) if a == index],
    }


def scenario_view(
    game: Game, result: GameResult | None = None, lang: str = "en"
) -> dict[str, Any] | None:
    """A scenario game's goal (its victory conditions, challenge, points to
    beat, its full text, in ``lang``) and, at the end, whether it was won: the
    same result ``dioses play`` prints (``ScenarioResult``)."""
    scenario = game.scenario
    if scenario is None:
        return None
    texts = wording.texts(game.registry, lang)
    view = {
        "number": scenario.number,
        "name": wording.name_of(scenario, lang),
        "text": texts.text(scenario),
        "challenge": game.state.challenge,
        "threshold": scenario.threshold,
        "victory": [texts.condition(c) for c in scenario.victory],
        "challenge_conditions": [texts.condition(c) for c in scenario.challenge],
    }
    judged = result.reports[0].scenario if result is not None else None
    if judged is not None:  # each condition as the view above writes it
        view["result"] = {
            "victory": judged.victory,
            "challenge": judged.challenge,
            "beaten": judged.beaten,
            "victory_conditions": [
                (texts.condition(c), r.met)
                for c, r in zip(scenario.victory, judged.victory_conditions, strict=True)
            ],
            "challenge_conditions": [
                (texts.condition(c), r.met)
                for c, r in zip(scenario.challenge, judged.challenge_conditions, strict=True)
            ],
            "notes": list(judged.notes),
            # the line dioses play prints at the end, word for word
            "summary": scenario_verdict(judged, game.state.challenge, lang),
        }
    return view


def _phrases(registry: Registry, lang: str = "en") -> Callable[[dict[str, Any]], str]:
    """What each event of a log did, in ``lang``: the terminal's phrases
    (:mod:`dioses_rules.wording.moves`), with a page's own: a drawn card is
    not named (another seat's page sees the line), an Event card says what
    it does, cells as a player says them."""
    name = lambda ident: wording.named(registry, "myth", ident, lang)
    namers = moves.Namers(
        lang,
        name,
        lambda family, ident: wording.named(registry, family, ident, lang),
        cell=lambda cell: cell_place(CELL_NAMES[cell], lang) if cell in CELL_NAMES else str(cell),
        hidden_draws=True,
    )
    writer = wording.texts(registry, lang).writer

    def event_text(card_id: str) -> str:
        card = registry.get("myth", card_id)
        effects = (
            "; ".join(writer.effect(e, every_player=True) for e in card.event)
            if card is not None
            else ""
        )
        said = moves.event_phrase({"type": "event", "event": "event", "card": card_id}, namers)
        return f"{said}" + (f": {effects}" if effects else "")

    def phrase(record: dict[str, Any]) -> str:
        if record.get("event") == "event" and "card" in record:
            return event_text(record["card"])
        said = moves.event_phrase(record, namers)
        if said is not None:
            return said
        what = ", ".join(
            f"{k} {v}" for k, v in record.items() if k not in ("type", "event", "turn")
        )
        return str(record.get("event", "")).replace("-", " ") + (f": {what}" if what else "")

    return phrase


def game_view(
    table: TableLike,
    game: Game,
    decision: Decision | None,
    result: GameResult | None,
    lang: str = "en",
) -> dict[str, Any]:
    """The snapshot of a web game (:class:`.play.TableGame`) its page shows:
    the game as it stands, the decision it waits for, or its result."""
    state = game.state
    reports = result.reports if result is not None else [None] * len(state.areas)
    card = _catalog_card(table.catalog, lang)
    view = {
        "state": "finished" if result is not None else "deciding",
        "turn": result.turns if result is not None else state.turn + 1,  # over: the last one
        "active": state.active,
        "seats": table.seats,
        "deck": len(state.deck),
        "areas": [area_view(game, i, card, report, lang) for i, report in enumerate(reports)],
        "save": table.save_path.name,
        "log": table.log_path.name,
        "options": [wording.named(game.registry, "rule-option", o, lang) for o in state.options],
        "power": bool(state.settings.power_cards) or game.scenario is not None,
        "scenario": scenario_view(game, result, lang),
    }
    if decision is not None:
        view["decision"] = decision_view(game, decision, card, lang)
    if result is not None:
        view["result"] = {
            "totals": [r.total for r in result.reports],
            "gods": [r.gods for r in result.reports],
            "winners": list(result.winners),
            "turns": result.turns,
        }
    return view


def _catalog_card(catalog: Catalog, lang: str = "en") -> CardLink:
    """A Myth card's page and picture by id; for a decision's subject that
    is no Myth card, the law or pattern it is about."""

    def card(card_id: str) -> dict[str, Any] | None:
        for family in ("myth", "law", "pattern"):
            entry = catalog.in_play(family, card_id)
            if entry is not None:
                return {
                    "id": entry.definition.id,
                    "name": wording.name_of(entry.definition, lang),
                    "url": entry.url,
                }
        return None

    return card
