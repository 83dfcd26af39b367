"""Boards: one player's play area, as a TOML file and as resolved for scoring.

Two shapes, clearly apart:

- *entries* (``BoardFile``, ``AreaFile``, ``LawEntry``, ``PatternEntry``,
  ``ScenarioFile``) name cards by id, as a board file or a saved game writes
  them; they go through the one cattrs converter (``convert``);
- *resolved* (``Board``, ``LawPlacement``, ``HeldPattern``) hold the loaded
  definitions, as scoring reads them.

:func:`resolve_board` turns the first into the second, checking every rule of
the shape and naming the key of each mistake (``$.area.front[2]``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from ..convert import StructureError, structure
from ..errors import BoardError, Diagnostic, did_you_mean
from ..files import atomic_write_text, read_regular
from ..language import model as m
from ..pool.registry import NotInPlay, Registry, assemble
from ..structured import DataError, loads_toml
from .area import COLUMN_CELLS, ROW_CELLS, Area, Placed, cell_index
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


# ------------------------------------------------------------------ resolved (definitions)


@frozen
class LawPlacement:
    """R13: a law at the start of a row or above a column."""

    law: m.Law
    row: m.Row | None = None
    column: int | None = None

    def cells(self) -> tuple[int, ...]:
        if self.row is not None:
            return ROW_CELLS[self.row]
        assert self.column is not None  # a law is on a row or a column
        return COLUMN_CELLS[self.column]


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


def _error(path: str, key: str, message: str, help: str | None = None) -> Diagnostic:
    return Diagnostic("E201", f"{key}: {message}", path, help=help)


def read_board_file(path: str | Path) -> BoardFile:
    """Read and structure a board file; raise :class:`BoardError` if it is bad."""
    shown = str(path)
    try:
        raw = read_regular(path, MAX_BOARD_BYTES)
    except OSError as error:
        raise BoardError.one("E200", f"cannot read board: {error.strerror}", shown)
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
        )
    return parse_board_text(text, shown)


def parse_board_text(text: str, path: str = "<board>") -> BoardFile:
    try:
        data = loads_toml(text, path, code="E202")
    except DataError as error:
        raise BoardError(error.diagnostics)
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
        )


def read_board(path: str | Path, sources) -> Board:
    """A board file resolved against the loaded card files (``sources``): the
    sets it names in ``sets``, or every loaded set."""
    board_file = read_board_file(path)
    registry = board_registry(board_file, sources, str(path))
    return resolve_board(board_file, registry, str(path))


def board_registry(board_file: BoardFile, sources, path: str = "<board>") -> Registry:
    """The registry of the sets a board names (``sets``), or of every loaded
    set; an unknown set is reported at its key."""
    if board_file.sets is None:
        return assemble(sources)
    loaded = {s.card_file.card_set.id for s in sources if s.card_file.card_set is not None}
    if not board_file.sets:
        raise BoardError(
            [
                _error(
                    path,
                    "$.sets",
                    "names no set, so no card could be in play",
                    'name the sets in play (sets = ["base"]), or leave sets '
                    "out to play every loaded set",
                )
            ]
        )
    unknown = [
        _error(
            path,
            f"$.sets[{i}]",
            f"unknown set '{name}'",
            did_you_mean(name, loaded) or f"loaded sets: {', '.join(sorted(loaded))}",
        )
        for i, name in enumerate(board_file.sets)
        if name not in loaded
    ]
    if unknown:
        raise BoardError(unknown)
    return assemble(sources, board_file.sets)


class _Resolver:
    """Resolves one board file, collecting every mistake with its key."""

    def __init__(self, registry: Registry, path: str):
        self.registry = registry
        self.path = path
        self.errors: list[Diagnostic] = []

    def fail(self, key: str, message: str, help: str | None = None) -> None:
        self.errors.append(_error(self.path, key, message, help))

    def resolve(self, family: str, name: str, key: str):
        try:
            return self.registry.resolve(family, name)
        except NotInPlay as error:
            self.fail(
                key,
                str(error),
                f"add '{error.set_id}' to the board's sets "
                f"(sets = [...]), or leave sets out to play every loaded set",
            )
        except LookupError as error:
            close = "did you mean" in str(error)  # a misspelling, most likely
            self.fail(
                key,
                str(error),
                None
                if close
                else "a card of a modder's set? load its file or folder too (--cards PATH)",
            )
        return None

    def area(self, area_file: AreaFile) -> Area:
        cells: list[Placed | None] = []
        seen: dict[str, str] = {}
        for row in m.ROWS:
            entries = getattr(area_file, row.value)
            key = f"$.area.{row.value}"
            if len(entries) != 4:
                self.fail(
                    key,
                    f"a row holds 4 cards, this one has {len(entries)}",
                    'write "." for an empty cell (R1: 3 rows x 4 columns)',
                )
            for column in range(4):
                entry = entries[column].strip() if column < len(entries) else EMPTY
                where = f"{key}[{column}]"
                if entry in (EMPTY, ""):
                    cells.append(None)
                    continue
                face_up = not entry.startswith(FACE_DOWN)
                card = self.resolve("myth", entry if face_up else entry[1:].strip(), where)
                if card is not None:
                    if card.id in seen:
                        self.fail(
                            where,
                            f"'{card.id}' is already at {seen[card.id]}",
                            "each card exists once in the deck",
                        )
                    seen[card.id] = where
                cells.append(None if card is None else Placed(card, face_up))
        return Area(tuple(cells))

    def laws(self, entries: list[LawEntry]) -> tuple[LawPlacement, ...]:
        laws: list[LawPlacement] = []
        seen: dict[str, str] = {}
        taken: dict[object, str] = {}  # a row or a column -> the law on it
        for index, entry in enumerate(entries):
            key = f"$.laws[{index}]"
            law = self.resolve("law", entry.card, f"{key}.card")
            if law is None:
                continue
            if law.id in seen:
                self.fail(
                    f"{key}.card",
                    f"law '{law.id}' is already at {seen[law.id]}",
                    "each Law card exists once",
                )
                continue
            seen[law.id] = key
            placement = self.law_line(entry, law, key)
            if placement is None:
                continue
            line = placement.row or placement.column
            if line in taken:
                where = f"the {placement.row.value} row" if placement.row else f"column {line}"
                self.fail(
                    key,
                    f"two laws on {where} ({taken[line]} and {law.id})",
                    "at most one law per row and per column (R13)",
                )
                continue
            taken[line] = law.id
            laws.append(placement)
        return tuple(laws)

    def law_line(self, entry: LawEntry, law: m.Law, key: str) -> LawPlacement | None:
        if (entry.row is None) == (entry.column is None):
            self.fail(
                key, "a law sits on one row or one column", 'give row = "front" or column = 1..4'
            )
            return None
        if entry.row is not None:
            try:
                return LawPlacement(law, row=m.Row(entry.row))
            except ValueError:
                self.fail(f"{key}.row", f"unknown row '{entry.row}'", "rows: front, central, back")
                return None
        if entry.column not in m.COLUMNS:
            self.fail(
                f"{key}.column",
                f"column {entry.column} is outside the grid",
                "columns are 1 to 4 (R1)",
            )
            return None
        return LawPlacement(law, column=entry.column)

    def patterns(self, entries: list[PatternEntry]) -> tuple[HeldPattern, ...]:
        patterns = []
        seen: dict[str, str] = {}
        for index, entry in enumerate(entries):
            key = f"$.patterns[{index}].card"
            pattern = self.resolve("pattern", entry.card, key)
            if pattern is None:
                continue
            if pattern.id in seen:
                self.fail(
                    key,
                    f"pattern '{pattern.id}' is already at {seen[pattern.id]}",
                    "each Pattern card exists once",
                )
                continue
            seen[pattern.id] = key
            patterns.append(
                HeldPattern(pattern, entry.completed, self.registry.pattern_points(pattern))
            )
        return tuple(patterns)

    def objectives(self, pairs: list[list[str]]):
        """R15: each objective is a [goal, element] pair, scored once: the same
        pair twice is a mistake (a board may pair one goal with two elements,
        to compare them)."""
        objectives = []
        seen: dict[tuple[str, str], str] = {}
        for index, pair in enumerate(pairs):
            key = f"$.objectives[{index}]"
            if len(pair) != 2:
                self.fail(
                    key, "an objective is a [goal, element] pair", 'e.g. ["grouping", "egyptian"]'
                )
                continue
            goal = self.resolve("objective-goal", pair[0], f"{key}[0]")
            element = goal and self.resolve("objective-element", pair[1], f"{key}[1]")
            if element is None:
                continue
            if (goal.id, element.id) in seen:
                self.fail(
                    key,
                    f"objective [{goal.id}, {element.id}] is already at "
                    f"{seen[goal.id, element.id]}",
                    "each objective is scored once (R15)",
                )
                continue
            seen[goal.id, element.id] = key
            objectives.append((goal, element))
        return tuple(objectives)

    def scenario(self, scenario_file: ScenarioFile | None):
        if scenario_file is None:
            return None, ()
        scenario = self.resolve("scenario", scenario_file.id, "$.scenario.id")
        if scenario is None:
            return None, ()
        known = scenario.state_names
        state = []
        for name, value in scenario_file.state.items():
            key = f"$.scenario.state.{name}"
            if name not in known:
                self.fail(
                    key,
                    f"scenario '{scenario.id}' has no state '{name}'",
                    f"its state: {', '.join(sorted(known)) or 'none'}",
                )
                continue
            card = self.resolve("myth", value, key)
            if card is not None:
                state.append((name, card.id))
        return scenario, tuple(state)


def resolve_board(board_file: BoardFile, registry: Registry, path: str = "<board>") -> Board:
    """Resolve names against the loaded cards, checking every rule of the shape."""
    resolver = _Resolver(registry, path)
    area = resolver.area(board_file.area)
    laws = resolver.laws(board_file.laws)
    patterns = resolver.patterns(board_file.patterns)
    objectives = resolver.objectives(board_file.objectives)
    scenario, state = resolver.scenario(board_file.scenario)
    if resolver.errors:
        raise BoardError(resolver.errors)
    return Board(area, laws, patterns, objectives, scenario, state, registry.tie_break)


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
