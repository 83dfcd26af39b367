"""The board builder's side of the server: a board as the page holds it
(the board file's shape as JSON), checked, scored with explanations, and
turned into the TOML ``dioses score`` reads, and back.

Every mistake is a :class:`BoardError` whose diagnostics name the key that
holds it (``$.area.front[2]: unknown card ...``), as ``dioses score`` says
it; the page shows those messages, never a stack trace.
"""

from __future__ import annotations

from typing import Any

from ..convert import CONVERTER, StructureError, structure
from ..errors import BoardError, Diagnostic, DiosesError
from ..language import model as m
from ..language.texts import Texts
from ..scoring.area import cell_column, cell_row
from ..scoring.board import Board, BoardFile, board_file_text, board_to_file, read_board_bytes
from ..scoring.resolve import board_registry, resolve_board
from ..scoring.score import ScoreReport, score_board
from ..wording.errors import diagnostic_text
from ..wording.leaders import leader_sentences, report_facts
from ..wording.names import name_of
from .catalog import Catalog

MAX_BOARD_BYTES = 64 * 1024  # a board file is a few hundred bytes; this is plenty


def board_file_of(data: object, shown: str = "<page>") -> BoardFile:
    """The board the page sent (JSON of a board file's shape)."""
    if not isinstance(data, dict):
        raise BoardError(Diagnostic("E203", "$: a board is a table (a JSON object)", shown))
    try:
        return structure(data, BoardFile)
    except StructureError as error:
        raise BoardError(
            [Diagnostic("E203", f"{key}: {message}", shown) for key, message in error.mistakes]
        ) from None


def resolved(catalog: Catalog, board_file: BoardFile, shown: str = "<page>") -> Board:
    """Checked against the loaded cards, as ``dioses score`` checks a file."""
    if board_file.sets is None:
        registry = catalog.registry
    else:
        registry = board_registry(board_file, catalog.sources, shown)
    return resolve_board(board_file, registry, shown)


def board_json(board_file: BoardFile) -> dict[str, Any]:
    """A board file as the page holds it (every key present)."""
    data: dict[str, Any] = CONVERTER.unstructure(board_file)
    data.setdefault("sets", None)
    data.setdefault("scenario", None)
    for key in ("objectives", "laws", "patterns"):
        data.setdefault(key, [])
    for law in data["laws"]:
        law.setdefault("row", None)
        law.setdefault("column", None)
    for pattern in data["patterns"]:
        pattern.setdefault("completed", None)
    if data["scenario"] is not None:
        data["scenario"].setdefault("state", {})
    return data


def imported(catalog: Catalog, raw: bytes, shown: str) -> dict[str, Any]:
    """An uploaded board file, checked whole as ``dioses score`` checks it,
    as the page holds it: every card named by its id."""
    board_file = read_board_bytes(raw, shown)
    board = resolved(catalog, board_file, shown)
    return board_json(board_to_file(board, board_file.sets))


def exported(catalog: Catalog, data: object) -> str:
    """The page's board as TOML, after checking it as ``dioses score`` would."""
    board_file = board_file_of(data)
    resolved(catalog, board_file)
    return board_file_text(board_file)


def scored(catalog: Catalog, data: object, lang: str = "en") -> dict[str, Any]:
    """The page's board scored, with each card's points and explanation
    (each scoring line as the card text of ``lang`` says it)."""
    board = resolved(catalog, board_file_of(data))
    texts = catalog.registry.texts(lang)
    report = score_board(board, explain=True)
    answer = report_json(report, texts, lang)
    scenario = answer["scenario"]
    if scenario is not None and board.scenario is not None:  # said in the page's words
        written = board.scenario
        for key, conditions in (
            ("victory_conditions", written.victory),
            ("challenge_conditions", written.challenge),
        ):
            for shown, condition in zip(scenario.get(key, []), conditions, strict=False):
                shown["text"] = texts.condition(condition)
        facts = report_facts(report, dict(board.scenario_state))
        scenario["notes"] = leader_sentences(
            texts, report.area, written.victory + written.challenge, facts, lang
        )
    return answer


BEST_TIME_LIMIT = 5.0  # seconds; then the best found so far, marked not proven


class SolverMissing(Exception):
    """The [solver] extra (OR-Tools) is not installed."""


def best(catalog: Catalog, data: object, time_limit: float = BEST_TIME_LIMIT) -> dict[str, Any]:
    """``dioses solve`` on the page's board: the arrangement of its cards
    with the highest total (laws on their lines, patterns, objectives and
    scenario as given), and what the board as it stands leaves on the table."""
    board = resolved(catalog, board_file_of(data))
    try:
        from ..solve.layout import best_layout
    except ImportError as error:
        raise SolverMissing(
            f"the best layout needs OR-Tools ({error.name}), which is not "
            "installed; pip install 'dioses-rules[solver]'"
        ) from None
    layout = best_layout(board, time_limit=time_limit)  # E300: a line it cannot express
    arranged = board_json(board_to_file(layout.board, board_file_of(data).sets))
    return {**layout.to_json(), "board": arranged}


def _where(cell: int) -> dict[str, Any]:
    return {"cell": cell, "row": cell_row(cell).value, "column": cell_column(cell)}


def _line_text(card: m.MythCard, index: int, written: str, texts: Texts | None) -> str:
    """A scoring line as explained: the engine's English, or the line as the
    card text writer of another language says it (as ``dioses score --lang``)."""
    if texts is None or index >= len(card.lines):
        return written
    return texts.line(card.lines[index], card)


def report_json(
    report: ScoreReport, texts: Texts | None = None, lang: str = "en"
) -> dict[str, Any]:
    """A report for the page: cells as indices 0-11 (front row first), its
    lines in the language of ``texts`` (None: the engine's English), its
    names in ``lang``."""
    scenario: dict[str, Any] | None = report.to_json()["scenario"]
    return {
        "total": report.total,
        "gods": report.gods,
        "cards": [
            {
                "id": c.card.id,
                "name": name_of(c.card, lang),
                **_where(c.cell),
                "points": c.points,
                "lines": [
                    {
                        "text": _line_text(c.card, index, line.text, texts),
                        "points": line.points,
                        "cells": list(line.cells),
                    }
                    for index, line in enumerate(c.lines)
                ],
            }
            for c in report.cards
        ],
        "laws": [
            {
                "id": law.law.id,
                "name": name_of(law.law, lang),
                "row": law.row.value if law.row else None,
                "column": law.column,
                "points": law.points,
                "cells": list(law.cells),
            }
            for law in report.laws
        ],
        "patterns": [
            {
                "id": p.pattern.id,
                "name": name_of(p.pattern, lang),
                "completed": p.completed,
                "judged": p.judged,
                "points": p.points,
                "cells": list(p.cells),
            }
            for p in report.patterns
        ],
        "objectives": [
            {
                "goal": o.goal.id,
                "element": o.element.id,
                "name": f"{name_of(o.goal, lang)}: {name_of(o.element, lang)}",
                "points": o.points,
                "cells": list(o.cells),
            }
            for o in report.objectives
        ],
        "scenario": scenario,
    }


def error_json(error: DiosesError, lang: str = "en", source: str | None = None) -> dict[str, Any]:
    """The located messages of a bad board in ``lang`` (the keys and the
    names the board wrote as it wrote them), with the source line and a
    caret under the column when the text is at hand."""
    return {
        "errors": [
            {
                "code": d.code,
                "message": diagnostic_text(d, lang, source),
                "line": d.line,
                "column": d.column,
            }
            for d in error.diagnostics
        ]
    }
