"""The play area's geometry (R1-R7) as 12-bit masks, for the compiled evaluator.

Bit ``i`` of a mask stands for cell ``i`` of :mod:`area` (numbered row by row
from the front-left corner). Every table here is derived from the cell tuples
of :mod:`area`, never written out again, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from . import area as g

FULL = (1 << g.SIZE) - 1
BIT = tuple(1 << i for i in range(g.SIZE))


def mask_of(cells: Iterable[int | None]) -> int:
    """The mask of some cells (None, an offset off the grid, is left out)."""
    found = 0
    for cell in cells:
        if cell is not None:
            found |= 1 << cell
    return found


def _cells_of(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# The cells of every 12-bit mask, worked out once: the compiled evaluator asks
# for them over a million times in a planner's game, and a generator's every
# step is a call (#29).
# (mask m + 2**i, for m < 2**i, is m's cells and then i)
_CELLS_OF: list[tuple[int, ...]] = [()]
for _cell in range(g.SIZE):
    _CELLS_OF += [cells + (_cell,) for cells in _CELLS_OF]


def cells_of(mask: int) -> Iterable[int]:
    """The cells of a mask, lowest first (the order of ``Area.occupied``)."""
    if 0 <= mask <= FULL:
        return _CELLS_OF[mask]
    return _cells_of(mask)


# Per cell: R4 neighbours, R5 surroundings, the diagonal cells.
NEIGHBOURS = tuple(mask_of(g.NEIGHBOURS[i]) for i in range(g.SIZE))
SURROUNDINGS = tuple(mask_of(g.SURROUNDINGS[i]) for i in range(g.SIZE))
DIAGONALS = tuple(mask_of(g.DIAGONAL_CELLS[i]) for i in range(g.SIZE))
# The cells of each scope read from the card's own place, per anchor cell
# (area.ANCHORED_CELLS as masks).
ANCHORED_SCOPES = {
    kind: tuple(mask_of(cells) for cells in table) for kind, table in g.ANCHORED_CELLS.items()
}
ROWS = {row: mask_of(cells) for row, cells in g.ROW_CELLS.items()}
COLUMNS = {column: mask_of(cells) for column, cells in g.COLUMN_CELLS.items()}
CORNERS = mask_of(g.CORNERS)

# R2-R5, R7: where a relation's target must be, from each anchor
# (area.RELATION_CELLS, the one geometry table, as masks).
RELATION = {
    kind: tuple(mask_of(cells) for cells in table) for kind, table in g.RELATION_CELLS.items()
}
# R3 "on both sides": the cells directly left and right of each cell, or None.
SIDES = tuple((g.offset(i, 0, -1), g.offset(i, 0, 1)) for i in range(g.SIZE))


_NOT_LEFT = FULL & ~COLUMNS[1]  # a shift right by one moves a cell one column left
_NOT_RIGHT = FULL & ~COLUMNS[len(COLUMNS)]


def grow(mask: int) -> int:
    """A mask with every cell orthogonally next to one of its cells added (R4)."""
    return (
        mask
        | ((mask << g.WIDTH) & FULL)
        | (mask >> g.WIDTH)
        | ((mask & _NOT_RIGHT) << 1)
        | ((mask & _NOT_LEFT) >> 1)
    )


def groups(members: int) -> list[int]:
    """R6: the orthogonally connected groups of a mask, in the order of their
    lowest cell (the order of ``area.groups``)."""
    found = []
    while members:
        group = members & -members
        while True:
            wider = grow(group) & members
            if wider == group:
                break
            group = wider
        found.append(group)
        members &= ~group
    return found
