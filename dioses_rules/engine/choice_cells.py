"""Which cells of an area a decision's choices name, for every front end
that lets a player choose a choice by its cells: ``dioses play``'s typed
words ("swap f1 b4") and the browser's board, whose cells are the buttons.

A choice names cells when its kind is one of :data:`CELL_KINDS` and its
arguments are cell indexes (0-11, front row first, R1) of the area of the
seat deciding (the engine asks the seat that decides for an area,
``Game.deciding_seat``). "Swap two cards or turn one face up?" offers a
``swap`` with no cells: it names none.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..scoring.area import cell_column, cell_row
from .state import Choice

CELL_KINDS = frozenset({"cell", "play", "swap"})  # choices whose args are cells


def short_cell(cell: int) -> str:
    """A cell as players type it: 'f1' .. 'b4'."""
    return f"{cell_row(cell).value[0]}{cell_column(cell)}"


def choice_cells(choice: Choice) -> tuple[int, ...]:
    """The cells ``choice`` names, in its order; () for a choice that names none."""
    if choice.kind not in CELL_KINDS or not choice.args:
        return ()
    return tuple(choice.args)


def cell_choices(choices: Sequence[Choice]) -> dict[tuple[int, ...], int]:
    """Every choice that names cells, by its cells sorted (a swap of b4 and f1
    is the swap of f1 and b4): the index of the choice."""
    found: dict[tuple[int, ...], int] = {}
    for index, choice in enumerate(choices):
        cells = choice_cells(choice)
        if cells:
            found.setdefault(tuple(sorted(cells)), index)
    return found
