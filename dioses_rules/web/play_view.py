"""What a game's page shows, as plain data made in the game's thread (a
snapshot): the areas as anyone sees them, the decision with the cells of the
board it can be made on, the scenario (what happened is told by play_story).

Pages only ever read these snapshots, never the live game.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from attrs import evolve

from ..engine.choice_cells import choice_cells
from ..engine.game import Game
from ..pool.registry import Registry
from ..scoring.area import Area, cell_column, cell_row
from ..scoring.score import score_board

# The verb a cell's button says, by the decision's kind (a choice of kind
# "play" says "play the drawn card at"; a swap "swap").
CELL_VERBS = {
    "reveal": "turn face up",
    "hide": "turn face down",
    "exchange": "replace",
    "swap": "swap",
    "drawn": "play the drawn card at",
}


def cell_place(cell: int) -> str:
    """A cell as a player says it: 'front row, column 1' (R1)."""
    return f"{cell_row(cell).value} row, column {cell_column(cell)}"


_PATTERNS: dict[int, tuple] = {}  # by id(registry): (registry, pattern, names)


def _ids_pattern(registry: Registry) -> tuple[re.Pattern | None, dict[str, str]]:
    known = _PATTERNS.get(id(registry))
    if known is not None and known[0] is registry:
        return known[1], known[2]
    names = {}
    for family in ("myth", "law", "pattern", "power"):
        for definition in registry.definitions(family):
            names.setdefault(definition.id, definition.name)
    ids = sorted(names, key=len, reverse=True)  # 'hera' never inside 'heracles'
    pattern = (
        re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else None
    )
    _PATTERNS[id(registry)] = (registry, pattern, names)  # one per catalog, made once
    return pattern, names


def printed_names(registry: Registry, text: str) -> str:
    """An engine prompt or label (which names cards by id) with each card's
    id written as its printed name."""
    pattern, names = _ids_pattern(registry)
    return text if pattern is None else pattern.sub(lambda m: names[m.group(1)], text)


LINE_KINDS = {"row": "rows", "column": "columns"}  # a law's choices (R13): a row's name, a column


def decision_view(game: Game, decision, card: Callable[[str], dict | None]) -> dict:
    """The decision as the page offers it: every choice (the list kept under
    'all choices'), the ones not about cells as buttons, and for each cell of
    the deciding seat's area what choosing it does: one choice, or the first
    of two cells (a swap: its possible second cells)."""
    registry = game.registry
    labels = [printed_names(registry, c.label or c.kind) for c in decision.choices]
    cells: list[dict | None] = [None] * len(game.state.areas[0].cells)
    others = []
    lines: dict[str, dict] = {"rows": {}, "columns": {}}  # a law's line (R13): on the board
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
        "prompt": printed_names(registry, decision.prompt),
        "subject": card(decision.subject or ""),
        "choices": labels,
        "others": others,
        "area": game.state.seat_area[decision.seat],
        "cells": cells,
        "verb": verb,
        "lines": lines if lines["rows"] or lines["columns"] else None,
    }


def area_view(game: Game, index: int, card: Callable[[str], dict | None], report=None) -> dict:
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
        where = {
            "row": cell_row(cell).value,
            "column": cell_column(cell),
            "place": cell_place(cell),
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
            "name": _name(game.registry, "law", law.law.id),
            "card": card(law.law.id),
            "row": law.row.value if law.row else None,
            "column": law.column,
            "line": f"{law.row.value} row" if law.row else f"column {law.column}",
            "points": law.points,
            "met": law.points > 0,
        }
        for law in report.laws
    ]
    patterns = [
        {
            "name": _name(game.registry, "pattern", p.pattern.id),
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


def _namer(registry: Registry) -> Callable[[str, str], str]:
    def name(family: str, card_id) -> str:
        found = registry.get(family, card_id) if isinstance(card_id, str) else None
        return found.name if found is not None else str(card_id)

    return name


def scenario_view(game: Game, result=None) -> dict | None:
    """A scenario game's goal (its victory conditions, challenge, points to
    beat, its full English text) and, at the end, whether it was won: the
    same result ``dioses play`` prints (``ScenarioResult``)."""
    scenario = game.scenario
    if scenario is None:
        return None
    texts = game.registry.texts("en")
    view = {
        "number": scenario.number,
        "name": scenario.name,
        "text": texts.text(scenario),
        "challenge": game.state.challenge,
        "threshold": scenario.threshold,
        "victory": [texts.condition(c) for c in scenario.victory],
        "challenge_conditions": [texts.condition(c) for c in scenario.challenge],
    }
    judged = result.reports[0].scenario if result is not None else None
    if judged is not None:  # each condition in English, as the view above writes it
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
            "summary": f"Scenario {scenario.number} {scenario.name}: "
            f"victory {'YES' if judged.victory else 'no'}; "
            f"challenge {'YES' if judged.challenge else 'no'}; "
            f"more than {judged.threshold} points: "
            f"{'BEATEN' if judged.beaten else 'not beaten'}",
        }
    return view


def _phrases(registry: Registry) -> Callable[[dict], str]:
    name = _namer(registry)
    writer = registry.texts("en").writer

    def event_text(card_id: str) -> str:
        card = registry.get("myth", card_id)
        effects = (
            "; ".join(writer.effect(e, every_player=True) for e in card.event)
            if card is not None
            else ""
        )
        return f"Event {name('myth', card_id)}" + (f": {effects}" if effects else "")

    def pattern(r: dict) -> str:
        found = registry.get("pattern", r["pattern"])
        level = f" ({found.difficulty.value})" if found is not None else ""
        return f"{name('pattern', r['pattern'])}{level}"

    made = {
        # the drawn card is the drawer's alone until played or discarded (both told next)
        "drew": lambda r: f"seat {r['seat'] + 1} drew a card from the deck",
        "discarded": lambda r: f"{name('myth', r['card'])} discarded on pile {r['pile'] + 1}",
        "removed": lambda r: f"{name('myth', r['card'])} leaves the game",
        "revealed": lambda r: (
            f"area {r['area'] + 1}: {name('myth', r['card'])} turned face up at {r['cell']}"
        ),
        "placed": lambda r: (
            f"area {r['area'] + 1}: {name('myth', r['card'])} placed at {r['cell']}"
            if r.get("face_up")
            else f"area {r['area'] + 1}: a face-down card placed at {r['cell']}"
        ),
        "swapped": lambda r: f"area {r['area'] + 1}: {r['cells'][0]} and {r['cells'][1]} swapped",
        "hidden": lambda r: f"area {r['area'] + 1}: {r['cell']} turned face down",
        "event": lambda r: event_text(r["card"]),
        "pattern-drawn": lambda r: f"area {r['area'] + 1} drew the pattern {pattern(r)}",
        "pattern-completed": lambda r: f"area {r['area'] + 1} completed the pattern {pattern(r)}",
        "law-placed": lambda r: (
            f"area {r['area'] + 1}: the law {name('law', r['law'])} placed on {r['line']}"
        ),
        "power-gained": lambda r: (
            f"area {r['area'] + 1} gained {r['count']} Power "
            f"card{'' if r['count'] == 1 else 's'} "
            f"(now {r['total']})"
        ),
        "power-used": lambda r: f"area {r['area'] + 1} spent Power: {name('power', r['power'])}",
        "ability-used": lambda r: (
            f"area {r['area'] + 1} used the scenario's ability: {r['ability']}"
        ),
        "recovered": lambda r: f"{name('myth', r['card'])} put on discard pile {r['pile'] + 1}",
        "deck-refilled": lambda r: f"the deck was refilled with {r['cards']} cards",
        "game-ending": lambda r: (
            f"seat {r['seat'] + 1} has every card face up: "
            f"{r['turns_left']} more turn"
            f"{'' if r['turns_left'] == 1 else 's'}"
        ),
        "turn-limit": lambda r: f"turn limit reached after {r['turns']} turns",
        "pass": lambda r: f"seat {r['seat'] + 1} could do nothing",
        "state": lambda r: f"{r['name']}: {name('myth', r['card'])}",
    }

    def phrase(record: dict) -> str:
        maker = made.get(record["event"])
        if maker is not None:
            try:
                return maker(record)
            except (KeyError, TypeError, IndexError):
                pass
        what = ", ".join(
            f"{k} {v}" for k, v in record.items() if k not in ("type", "event", "turn")
        )
        return record["event"].replace("-", " ") + (f": {what}" if what else "")

    return phrase


def game_view(table, game: Game, decision, result) -> dict:
    """The snapshot of a web game (:class:`.play.TableGame`) its page shows:
    the game as it stands, the decision it waits for, or its result."""
    state = game.state
    reports = result.reports if result is not None else [None] * len(state.areas)
    card = _catalog_card(table.catalog)
    view = {
        "state": "finished" if result is not None else "deciding",
        "turn": state.turn + 1,
        "active": state.active,
        "seats": table.seats,
        "deck": len(state.deck),
        "areas": [area_view(game, i, card, report) for i, report in enumerate(reports)],
        "save": table.save_path.name,
        "log": table.log_path.name,
        "options": [_name(game.registry, "rule-option", o) for o in state.options],
        "power": bool(state.settings.power_cards) or game.scenario is not None,
        "scenario": scenario_view(game, result),
    }
    if decision is not None:
        view["decision"] = decision_view(game, decision, card)
    if result is not None:
        view["result"] = {
            "totals": [r.total for r in result.reports],
            "gods": [r.gods for r in result.reports],
            "winners": list(result.winners),
            "turns": result.turns,
        }
    return view


def _catalog_card(catalog) -> Callable[[str], dict | None]:
    """A Myth card's page and picture by id; for a decision's subject that
    is no Myth card, the law or pattern it is about."""

    def card(card_id: str) -> dict | None:
        for family in ("myth", "law", "pattern"):
            entry = catalog.in_play(family, card_id)
            if entry is not None:
                return {"id": entry.definition.id, "name": entry.definition.name, "url": entry.url}
        return None

    return card


def _name(registry: Registry, family: str, card_id: str) -> str:
    found = registry.get(family, card_id)
    return found.name if found is not None else card_id
