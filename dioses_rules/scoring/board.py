"""Saved boards: one player's play area in TOML.

The file is structured by one cattrs converter into the ``*File`` classes
(extra keys forbidden, errors naming the key path such as ``$.area.front[2]``),
then resolved against the loaded cards into a :class:`Board`. Writing a board
uses the same converter.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Optional

import cattrs
import tomli_w
from attrs import define, field, frozen
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError

from ..language import model as m
from .area import Area, Placed, cell_index, COLUMN_CELLS, ROW_CELLS
from ..errors import BoardError, Diagnostic
from ..files import atomic_write_text
from ..pool.registry import Registry

EMPTY = "."
FACE_DOWN = "?"


# ------------------------------------------------------------------ file shape


@define
class AreaFile:
    front: list[str]
    central: list[str]
    back: list[str]


@define
class LawFile:
    card: str
    row: Optional[str] = None
    column: Optional[int] = None


@define
class PatternFile:
    card: str
    completed: Optional[bool] = None


@define
class ScenarioFile:
    id: str
    state: dict[str, str] = field(factory=dict)


@define
class BoardFile:
    area: AreaFile
    sets: Optional[list[str]] = None
    objectives: list[list[str]] = field(factory=list)
    laws: list[LawFile] = field(factory=list)
    patterns: list[PatternFile] = field(factory=list)
    scenario: Optional[ScenarioFile] = None


def make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, omit_if_default=True)
    return converter


CONVERTER = make_converter()


# ------------------------------------------------------------------ resolved board


@frozen
class LawPlacement:
    """R13: a law at the start of a row or above a column."""

    law: m.Law
    row: Optional[m.Row] = None
    column: Optional[int] = None

    def cells(self) -> tuple[int, ...]:
        if self.row is not None:
            return ROW_CELLS[self.row]
        return COLUMN_CELLS[self.column]


@frozen
class HeldPattern:
    pattern: m.Pattern
    completed: Optional[bool] = None  # None: judge it on the board (R14)
    points: Optional[int] = None  # its set's points for its level; None: R14 default

    @property
    def worth(self) -> int:
        return self.points if self.points is not None else self.pattern.difficulty.points


@frozen
class Board:
    area: Area
    laws: tuple[LawPlacement, ...] = ()
    patterns: tuple[HeldPattern, ...] = ()
    objectives: tuple[tuple[m.ObjectiveGoal, m.ObjectiveElement], ...] = ()
    scenario: Optional[m.Scenario] = None
    state: tuple[tuple[str, str], ...] = ()  # scenario state: (name, card id)


# ------------------------------------------------------------------ reading


def _fail(path: str, key: str, message: str, help: Optional[str] = None) -> BoardError:
    return BoardError(Diagnostic("E201", f"{key}: {message}", path, help=help))


def read_board_file(path: str | Path) -> BoardFile:
    """Read and structure a board file; raise :class:`BoardError` if it is bad."""
    shown = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise BoardError(Diagnostic("E200", f"cannot read board: {error.strerror}", shown))
    return parse_board_text(raw.decode("utf-8", errors="replace"), shown)


def parse_board_text(text: str, path: str = "<board>") -> BoardFile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line = getattr(error, "lineno", 0) or 0
        column = getattr(error, "colno", 0) or 0
        raise BoardError(Diagnostic("E202", f"not valid TOML: {message}", path, line, column,
                                    help="see https://toml.io for the syntax"))
    try:
        return CONVERTER.structure(data, BoardFile)
    except (ClassValidationError, ForbiddenExtraKeysError, ValueError, TypeError) as error:
        if isinstance(error, (ClassValidationError, ForbiddenExtraKeysError)):
            messages = cattrs.transform_error(error, path="$")
        else:
            messages = [str(error)]
        raise BoardError([
            Diagnostic("E203", _friendly(message), path,
                       help="see examples/boards/ for the board format")
            for message in messages
        ])


def _friendly(message: str) -> str:
    # cattrs says "required field missing @ $.area.front"; put the key first.
    if " @ " in message:
        what, key = message.rsplit(" @ ", 1)
        return f"{key}: {what}"
    return message


def board_registry(board_file: BoardFile, sources, path: str = "<board>") -> Registry:
    """The registry of the sets a board names (``sets``), or of every loaded
    set; an unknown set is reported at its key."""
    from ..errors import did_you_mean
    from ..pool.registry import assemble

    if board_file.sets is None:
        return assemble(sources)
    loaded = {s.card_file.card_set.id for s in sources if s.card_file.card_set is not None}
    unknown = [
        _fail(path, f"$.sets[{i}]", f"unknown set '{name}'",
              did_you_mean(name, loaded) or f"loaded sets: {', '.join(sorted(loaded))}")
        for i, name in enumerate(board_file.sets) if name not in loaded
    ]
    if unknown:
        raise BoardError([d for error in unknown for d in error.diagnostics])
    return assemble(sources, board_file.sets)


def resolve_board(board_file: BoardFile, registry: Registry, path: str = "<board>") -> Board:
    """Resolve names against the loaded cards, checking every rule of the shape."""
    errors: list[BoardError] = []

    def fail(key, message, help=None):
        errors.append(_fail(path, key, message, help))

    cells: list[Optional[Placed]] = []
    seen: dict[str, str] = {}
    for row in m.ROWS:
        entries = getattr(board_file.area, row.value)
        key = f"$.area.{row.value}"
        if len(entries) != 4:
            fail(key, f"a row holds 4 cards, this one has {len(entries)}",
                 'write "." for an empty cell (R1: 3 rows x 4 columns)')
        for column in range(4):
            entry = entries[column].strip() if column < len(entries) else EMPTY
            if entry == EMPTY or entry == "":
                cells.append(None)
                continue
            face_up = not entry.startswith(FACE_DOWN)
            name = entry[1:].strip() if not face_up else entry
            try:
                card = registry.resolve("myth", name)
            except LookupError as error:
                fail(f"{key}[{column}]", str(error))
                cells.append(None)
                continue
            where = f"{key}[{column}]"
            if card.id in seen:
                fail(where, f"'{card.id}' is already at {seen[card.id]}",
                     "each card exists once in the deck")
            seen[card.id] = where
            cells.append(Placed(card, face_up))

    laws = []
    laws_seen: dict[str, str] = {}
    rows_taken: dict[m.Row, str] = {}
    columns_taken: dict[int, str] = {}
    for index, entry in enumerate(board_file.laws):
        key = f"$.laws[{index}]"
        try:
            law = registry.resolve("law", entry.card)
        except LookupError as error:
            fail(f"{key}.card", str(error))
            continue
        if law.id in laws_seen:
            fail(f"{key}.card", f"law '{law.id}' is already at {laws_seen[law.id]}",
                 "each Law card exists once")
            continue
        laws_seen[law.id] = key
        if (entry.row is None) == (entry.column is None):
            fail(key, "a law sits on one row or one column", 'give row = "front" or column = 1..4')
            continue
        if entry.row is not None:
            try:
                row = m.Row(entry.row)
            except ValueError:
                fail(f"{key}.row", f"unknown row '{entry.row}'", "rows: front, central, back")
                continue
            if row in rows_taken:
                fail(key, f"two laws on the {row.value} row ({rows_taken[row]} and {law.id})",
                     "at most one law per row and per column (R13)")
                continue
            rows_taken[row] = law.id
            laws.append(LawPlacement(law, row=row))
        else:
            if entry.column not in m.COLUMNS:
                fail(f"{key}.column", f"column {entry.column} is outside the grid",
                     "columns are 1 to 4 (R1)")
                continue
            if entry.column in columns_taken:
                fail(key, f"two laws on column {entry.column} "
                     f"({columns_taken[entry.column]} and {law.id})",
                     "at most one law per row and per column (R13)")
                continue
            columns_taken[entry.column] = law.id
            laws.append(LawPlacement(law, column=entry.column))

    patterns = []
    patterns_seen: dict[str, str] = {}
    for index, entry in enumerate(board_file.patterns):
        key = f"$.patterns[{index}].card"
        try:
            pattern = registry.resolve("pattern", entry.card)
        except LookupError as error:
            fail(key, str(error))
            continue
        if pattern.id in patterns_seen:
            fail(key, f"pattern '{pattern.id}' is already at {patterns_seen[pattern.id]}",
                 "each Pattern card exists once")
            continue
        patterns_seen[pattern.id] = key
        patterns.append(HeldPattern(pattern, entry.completed, registry.pattern_points(pattern)))

    objectives = []
    for index, pair in enumerate(board_file.objectives):
        key = f"$.objectives[{index}]"
        if len(pair) != 2:
            fail(key, "an objective is a [goal, element] pair", 'e.g. ["grouping", "egyptian"]')
            continue
        try:
            goal = registry.resolve("objective-goal", pair[0])
            element = registry.resolve("objective-element", pair[1])
        except LookupError as error:
            fail(key, str(error))
            continue
        objectives.append((goal, element))

    scenario = None
    state: list[tuple[str, str]] = []
    if board_file.scenario is not None:
        try:
            scenario = registry.resolve("scenario", board_file.scenario.id)
        except LookupError as error:
            fail("$.scenario.id", str(error))
        if scenario is not None:
            known = scenario_state_names(scenario)
            for name, value in board_file.scenario.state.items():
                if name not in known:
                    fail(f"$.scenario.state.{name}",
                         f"scenario '{scenario.id}' has no state '{name}'",
                         f"its state: {', '.join(sorted(known)) or 'none'}")
                    continue
                try:
                    state.append((name, registry.resolve("myth", value).id))
                except LookupError as error:
                    fail(f"$.scenario.state.{name}", str(error))

    if errors:
        raise BoardError([d for error in errors for d in error.diagnostics])
    return Board(Area(tuple(cells)), tuple(laws), tuple(patterns), tuple(objectives),
                 scenario, tuple(state))


def scenario_state_names(scenario: m.Scenario) -> set[str]:
    return {effect.remember for rule in scenario.rules if isinstance(rule, m.Trigger)
            for effect in rule.effects if isinstance(effect, m.DiscardTop) and effect.remember}


# ------------------------------------------------------------------ writing


def board_to_file(board: Board, sets: Optional[list[str]] = None) -> BoardFile:
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
        laws=[LawFile(p.law.id, p.row.value if p.row else None, p.column) for p in board.laws],
        patterns=[PatternFile(h.pattern.id, h.completed) for h in board.patterns],
        scenario=ScenarioFile(board.scenario.id, dict(board.state)) if board.scenario else None,
    )


def board_file_text(board_file: BoardFile) -> str:
    data = CONVERTER.unstructure(board_file)
    data = {key: value for key, value in data.items() if value not in (None, [], {})}
    return tomli_w.dumps(data)


def write_board(board_file: BoardFile, path: str | Path, overwrite: bool = False) -> None:
    """Write atomically; refuse to replace an existing file unless asked."""
    target = Path(path)
    if target.exists() and not overwrite:
        raise BoardError(Diagnostic("E204", "file exists; not overwriting it", str(target)))
    atomic_write_text(target, board_file_text(board_file))
