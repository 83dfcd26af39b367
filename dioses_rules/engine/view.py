"""The one way from a game's state to the board scoring reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import evolve

from ..language import model as m
from ..pool.registry import Registry, required
from ..scoring.area import Area, Placed
from ..scoring.board import Board, BoardFile, HeldPattern, LawEntry, LawPlacement, board_to_file
from .state import GameState, Slot
from .tables import tables_of

if TYPE_CHECKING:
    from .core import GameCore


def board_of(
    registry: Registry,
    state: GameState,
    area: int,
    *,
    cells: Sequence[Slot | None] | None = None,
    laws: Sequence[LawEntry] | None = None,
    seen_only: bool = False,
) -> Board:
    """Area ``area`` of the game as a :class:`Board`.

    ``cells`` and ``laws`` replace the area's own (an agent trying a move).
    ``seen_only`` is what a player can see during the game: face-down cards
    are left out and a pattern not completed yet is judged on the board;
    otherwise every card is there with its face state and a pattern counts
    only if it was completed during the game (R30).
    """
    own = state.areas[area]
    tables = tables_of(registry)  # the registry's answers, worked out once
    # card id -> Placed face up, face down: frozen values, shared
    face_up, face_down = tables.placed
    placed: list[Placed | None] = []
    for slot in own.cells if cells is None else cells:
        if slot is None:
            placed.append(None)
            continue
        up = slot.face_up
        if seen_only and not up:
            placed.append(None)
            continue
        made = face_up if up else face_down
        card = made.get(slot.card)
        if card is None:
            # every id of a game's state is a card in play (dealt from the
            # tables, or checked in a save: integrity.check_state)
            card = made[slot.card] = Placed(tables.cards[slot.card], up)
        placed.append(card)
    entries = own.laws if laws is None else laws
    law_placements = (
        tuple(
            LawPlacement(
                tables.laws[entry.card], m.Row(entry.row) if entry.row else None, entry.column
            )
            for entry in entries
        )
        if entries
        else ()
    )
    patterns = []
    for entry in own.patterns:
        pattern = tables.patterns.get(entry.card)
        if pattern is None:  # not in play: as the registry answers it
            pattern = required(registry.get("pattern", entry.card), "pattern", entry.card)
            points = registry.pattern_points(pattern)
        else:
            points = tables.pattern_points[entry.card]
        completed = (entry.completed or None) if seen_only else bool(entry.completed)
        patterns.append(HeldPattern(pattern, completed, points))
    objectives = (
        tuple((tables.goals[goal], tables.elements[element]) for goal, element in state.objectives)
        if state.objectives
        else ()
    )
    scenario = registry.get("scenario", state.scenario) if state.scenario else None
    remembered = tuple(sorted(state.scenario_state.items())) if state.scenario_state else ()
    return Board(
        Area(tuple(placed)), law_placements, tuple(patterns), objectives, scenario, remembered
    )


def final_boards(game: GameCore) -> list[Board]:
    """Each area of ``game`` at its end as a board, which ``score_board``
    scores as the game scored it."""
    always = game.state.settings.all_face_up_at_end == "always"
    boards = []
    for index in range(len(game.state.areas)):
        board = game.board(index)
        if always:  # R21: the game scores it as all face up; say so in the board
            board = evolve(board, area=board.area.revealed())
        boards.append(board)
    return boards


def final_board_files(game: GameCore) -> list[BoardFile]:
    """The board file of each area at the end of ``game``, which ``dioses
    score`` scores as the game scored it."""
    return [board_to_file(board, sets=list(game.registry.active)) for board in final_boards(game)]
