"""Resolving a board file: names checked against the loaded cards, every
mistake named at its key (``$.area.front[2]``), into the definitions scoring
reads (:class:`~.board.Board`).

The shapes themselves (entries by id, resolved definitions) and reading and
writing the file are in :mod:`.board`; this module is what stands between
the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal, overload

from ..errors import BoardError, Diagnostic, did_you_mean
from ..language import model as m
from ..pool.registry import NotInPlay, Registry, assemble
from ..pool.sources import SourceFile
from .area import Area, Placed
from .board import (
    EMPTY,
    FACE_DOWN,
    AreaFile,
    Board,
    BoardFile,
    HeldPattern,
    LawEntry,
    LawPlacement,
    PatternEntry,
    ScenarioFile,
    read_board_file,
)


def _error(path: str, key: str, message: str, help: str | None = None) -> Diagnostic:
    return Diagnostic("E201", f"{key}: {message}", path, help=help)


def read_board(path: str | Path, sources: Sequence[SourceFile]) -> Board:
    """A board file resolved against the loaded card files (``sources``): the
    sets it names in ``sets``, or every loaded set."""
    board_file = read_board_file(path)
    registry = board_registry(board_file, sources, str(path))
    return resolve_board(board_file, registry, str(path))


def board_registry(
    board_file: BoardFile, sources: Sequence[SourceFile], path: str = "<board>"
) -> Registry:
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

    def __init__(self, registry: Registry, path: str) -> None:
        self.registry = registry
        self.path = path
        self.errors: list[Diagnostic] = []

    def fail(self, key: str, message: str, help: str | None = None) -> None:
        self.errors.append(_error(self.path, key, message, help))

    # What ``resolve`` finds for each family a board names, as the type
    # checker sees it (the registry's ``get`` the same).
    @overload
    def resolve(self, family: Literal["myth"], name: str, key: str) -> m.MythCard | None: ...
    @overload
    def resolve(self, family: Literal["law"], name: str, key: str) -> m.Law | None: ...
    @overload
    def resolve(self, family: Literal["pattern"], name: str, key: str) -> m.Pattern | None: ...
    @overload
    def resolve(
        self, family: Literal["objective-goal"], name: str, key: str
    ) -> m.ObjectiveGoal | None: ...
    @overload
    def resolve(
        self, family: Literal["objective-element"], name: str, key: str
    ) -> m.ObjectiveElement | None: ...
    @overload
    def resolve(self, family: Literal["scenario"], name: str, key: str) -> m.Scenario | None: ...

    def resolve(self, family: str, name: str, key: str) -> m.Definition | None:
        """The definition ``name`` names, or None (the mistake reported at ``key``)."""
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
                    'write "." for an empty cell (3 rows x 4 columns)',
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
                    f"two laws on {where} ('{taken[line]}' and '{law.id}')",
                    "at most one law per row and per column",
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
                "columns are 1 to 4",
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

    def objectives(
        self, pairs: list[list[str]]
    ) -> tuple[tuple[m.ObjectiveGoal, m.ObjectiveElement], ...]:
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
            if goal is None:
                continue
            element = self.resolve("objective-element", pair[1], f"{key}[1]")
            if element is None:
                continue
            if (goal.id, element.id) in seen:
                self.fail(
                    key,
                    f"objective [{goal.id}, {element.id}] is already at "
                    f"{seen[goal.id, element.id]}",
                    "each objective is scored once",
                )
                continue
            seen[goal.id, element.id] = key
            objectives.append((goal, element))
        return tuple(objectives)

    def scenario(
        self, scenario_file: ScenarioFile | None
    ) -> tuple[m.Scenario | None, tuple[tuple[str, str], ...]]:
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
