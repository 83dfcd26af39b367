"""Boards: one player's play area, as a TOML file and as resolved for scoring.

Two shapes, clearly apart:

- *entries* (``BoardFile``, ``AreaFile``, ``LawEntry``, ``PatternEntry``,
  ``ScenarioFile``) name cards by id, as a board file or a saved game writes
  them; they go through the one cattrs converter (``convert``);
- *resolved* (``Board``, ``LawPlacement``, ``HeldPattern``) hold the loaded
  definitions, as scoring reads them.

:func:`.resolve.resolve_board` turns the first into the second, checking every
rule of the shape and naming the key of each mistake (``$.area.front[2]``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from ..convert import StructureError, structure
from ..errors import BoardError, Diagnostic
from ..files import atomic_write_text, read_regular
from ..language import model as m
from ..structured import DataError, loads_toml
from .area import COLUMN_CELLS, ROW_CELLS, Area, cell_index
from .expect import ExpectFile

#: A board is one play area, a few hundred bytes: far past that is no board.
MAX_BOARD_BYTES = 1024 * 1024
EMPTY = "."
FACE_DOWN = "?"


# ------------------------------------------------------------------ entries (ids)


@define
class AreaFile:
    front: list[str]
    central: list[str]
    back: list[str]


@define
class LawEntry:
    """A Law card on a row or a column (R13), by id."""

    card: str
    row: str | None = None
    column: int | None = None


@define
class PatternEntry:
    """A Pattern card held, by id; ``completed`` None: judge it on the board."""

    card: str
    completed: bool | None = None


@define
class ScenarioFile:
    id: str
    state: dict[str, str] = field(factory=dict)


@define
class BoardFile:
    area: AreaFile
    sets: list[str] | None = None
    objectives: list[list[str]] = field(factory=list)
    laws: list[LawEntry] = field(factory=list)
    patterns: list[PatternEntry] = field(factory=list)
    scenario: ScenarioFile | None = None
    expect: ExpectFile | None = None  # what it should score (scoring/expect.py)
    name: str | None = None  # what pictures call it; None: the file's name without .toml


# ------------------------------------------------------------------ resolved (definitions)


@frozen
class LawPlacement:
    """R13: a law at the start of a row or above a column."""

    law: m.Law
    row: m.Row | None = None
    column: int | None = None

    def cells(self) -> tuple[int, ...]:
        """The cells of its row or column."""
        return line_cells(("row", self.row) if self.row is not None else ("column", self.column))


# A law's line as the solvers and searches name it: ("row", a Row) or
# ("column", 1 to 4); every line of the area, rows first (R13).
LawLine = tuple[str, Any]
LAW_LINES: tuple[LawLine, ...] = tuple(
    [("row", row) for row in m.ROWS] + [("column", column) for column in m.COLUMNS]
)


def line_cells(line: LawLine) -> tuple[int, ...]:
    """The cells of a law's line."""
    kind, where = line
    return ROW_CELLS[where] if kind == "row" else COLUMN_CELLS[where]


def law_on(law: m.Law, line: LawLine) -> LawPlacement:
    """``law`` placed on ``line``."""
    kind, where = line
    return LawPlacement(law, row=where) if kind == "row" else LawPlacement(law, column=where)


@frozen
class HeldPattern:
    pattern: m.Pattern
    completed: bool | None = None  # None: judge it on the board (R14)
    points: int | None = None  # its set's points for its level; None: R14 default

    @property
    def worth(self) -> int:
        return self.points if self.points is not None else self.pattern.difficulty.points


@frozen
class Board:
    area: Area
    laws: tuple[LawPlacement, ...] = ()
    patterns: tuple[HeldPattern, ...] = ()
    objectives: tuple[tuple[m.ObjectiveGoal, m.ObjectiveElement], ...] = ()
    scenario: m.Scenario | None = None
    scenario_state: tuple[tuple[str, str], ...] = ()  # (name, card id)
    tie_break: str | None = None  # R16: the type counted for ties; None: the bundled one


# ------------------------------------------------------------------ reading


def read_board_file(path: str | Path) -> BoardFile:
    """Read and structure a board file; raise :class:`BoardError` if it is bad."""
    shown = str(path)
    try:
        raw = read_regular(path, MAX_BOARD_BYTES)
    except OSError as error:
        raise BoardError.one("E200", f"cannot read board: {error.strerror}", shown) from None
    if len(raw) > MAX_BOARD_BYTES:
        raise BoardError.one(
            "E200",
            f"larger than any board ({MAX_BOARD_BYTES // 2**20} MB)",
            shown,
            "a board is one play area: a few hundred bytes",
        )
    return read_board_bytes(raw, shown)


def read_board_bytes(raw: bytes, shown: str = "<board>") -> BoardFile:
    """A board from its bytes (a file's, or standard input's), named ``shown``
    in messages; raise :class:`BoardError` if it is bad."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise BoardError(
            Diagnostic(
                "E202", "not UTF-8 text", shown, line, column, help="save the board as UTF-8"
            )
        ) from None
    return parse_board_text(text, shown)


def parse_board_text(text: str, path: str = "<board>") -> BoardFile:
    try:
        data = loads_toml(text, path, code="E202")
    except DataError as error:
        raise BoardError(error.diagnostics) from None
    try:
        return structure(data, BoardFile)
    except StructureError as error:
        raise BoardError(
            [
                Diagnostic(
                    "E203",
                    f"{key}: {message}",
                    path,
                    help="see examples/boards/ for the board format",
                )
                for key, message in error.mistakes
            ]
        ) from None


# ------------------------------------------------------------------ writing


def board_to_file(board: Board, sets: list[str] | None = None) -> BoardFile:
    rows = {}
    for row in m.ROWS:
        entries = []
        for column in m.COLUMNS:
            placed = board.area.cells[cell_index(row, column)]
            if placed is None:
                entries.append(EMPTY)
            else:
                entries.append(placed.card.id if placed.face_up else FACE_DOWN + placed.card.id)
        rows[row.value] = entries
    return BoardFile(
        area=AreaFile(**rows),
        sets=sets,
        objectives=[[goal.id, element.id] for goal, element in board.objectives],
        laws=[LawEntry(p.law.id, p.row.value if p.row else None, p.column) for p in board.laws],
        patterns=[PatternEntry(h.pattern.id, h.completed) for h in board.patterns],
        scenario=ScenarioFile(board.scenario.id, dict(board.scenario_state))
        if board.scenario
        else None,
    )


def board_file_text(board_file: BoardFile) -> str:
    import tomli_w  # only writing a board needs these

    from ..convert import CONVERTER

    data = CONVERTER.unstructure(board_file)
    data = {key: value for key, value in data.items() if value not in (None, [], {})}
    return tomli_w.dumps(data)


def write_board(board_file: BoardFile, path: str | Path, overwrite: bool = False) -> None:
    """Write atomically; refuse to replace an existing file unless asked."""
    target = Path(path)
    if target.exists() and not overwrite:
        raise BoardError.one("E204", "file exists; not overwriting it", str(target))
    atomic_write_text(target, board_file_text(board_file))
