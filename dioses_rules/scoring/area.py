"""A play area: 3 rows x 4 columns of cells (R1), and its geometry.

Cells are numbered 0..11 row by row from the front-left corner; the
geometry tables below (R2-R7) are computed once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from attrs import evolve, field, frozen

from ..language.model import COLUMNS, ROWS, MythCard, RelationKind, Row, ScopeKind
from ..language.walk import total

WIDTH = 4
HEIGHT = 3
SIZE = WIDTH * HEIGHT


def cell_index(row: Row, column: int) -> int:
    return row.index * WIDTH + (column - 1)


def cell_row(index: int) -> Row:
    return Row.at(index // WIDTH)


def cell_column(index: int) -> int:
    return index % WIDTH + 1


def cell_name(index: int) -> str:
    return f"{cell_row(index).value} {cell_column(index)}"


def offset(index: int, d_row: int, d_column: int) -> int | None:
    """The cell ``d_row`` rows towards the back and ``d_column`` columns right of
    ``index``, or None off the grid."""
    r, c = divmod(index, WIDTH)
    r, c = r + d_row, c + d_column
    if 0 <= r < HEIGHT and 0 <= c < WIDTH:
        return r * WIDTH + c
    return None


# R4: orthogonal neighbours; R5: the up to 8 surrounding cells.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        n
        for n in (offset(i, -1, 0), offset(i, 1, 0), offset(i, 0, -1), offset(i, 0, 1))
        if n is not None
    )
    for i in range(SIZE)
)
SURROUNDINGS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        n
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0) and (n := offset(i, dr, dc)) is not None
    )
    for i in range(SIZE)
)
# The up to 4 cells that share only a corner.
DIAGONAL_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for dr in (-1, 1) for dc in (-1, 1) if (n := offset(i, dr, dc)) is not None)
    for i in range(SIZE)
)
ROW_CELLS = {row: tuple(cell_index(row, c) for c in COLUMNS) for row in ROWS}
COLUMN_CELLS = {c: tuple(cell_index(row, c) for row in ROWS) for c in COLUMNS}
# R7: corners and their diagonal opposites.
CORNERS = {
    cell_index(Row.FRONT, 1): cell_index(Row.BACK, 4),
    cell_index(Row.FRONT, 4): cell_index(Row.BACK, 1),
    cell_index(Row.BACK, 1): cell_index(Row.FRONT, 4),
    cell_index(Row.BACK, 4): cell_index(Row.FRONT, 1),
}
ALL_CELLS = tuple(range(SIZE))


def _per_cell(
    cells_of: Callable[[int], Iterable[int | None]],
) -> tuple[tuple[int | None, ...], ...]:
    return tuple(tuple(cells_of(i)) for i in range(SIZE))


# The one geometry table (R2-R7): per anchor cell, the cells where a
# relation's target must be (None: off the grid), and the cells of each scope
# read from the card's own place. The reference evaluator reads it, the
# compiled evaluator's masks (masks.py) and the solver are derived from it.
RELATION_CELLS = total(
    RelationKind,
    {
        RelationKind.NEXT_TO: NEIGHBOURS,
        RelationKind.CLOSE_TO: SURROUNDINGS,
        RelationKind.DIAGONAL_TO: DIAGONAL_CELLS,
        RelationKind.ABOVE: _per_cell(lambda a: (offset(a, 1, 0),)),  # the target is beneath
        RelationKind.BELOW: _per_cell(lambda a: (offset(a, -1, 0),)),
        RelationKind.LEFT_OF: _per_cell(lambda a: (offset(a, 0, 1),)),  # the target is right
        RelationKind.RIGHT_OF: _per_cell(lambda a: (offset(a, 0, -1),)),
        RelationKind.SAME_ROW: _per_cell(lambda a: (x for x in ROW_CELLS[cell_row(a)] if x != a)),
        RelationKind.SAME_COLUMN: _per_cell(
            lambda a: (x for x in COLUMN_CELLS[cell_column(a)] if x != a)
        ),
        RelationKind.OPPOSITE_CORNER: _per_cell(lambda a: (CORNERS.get(a),)),
    },
    "area.RELATION_CELLS",
)
ANCHORED_CELLS = total(
    [kind for kind in ScopeKind if kind.anchored],
    {
        ScopeKind.ROW: _per_cell(lambda a: ROW_CELLS[cell_row(a)]),
        ScopeKind.COLUMN: _per_cell(lambda a: COLUMN_CELLS[cell_column(a)]),
        ScopeKind.NEIGHBOURS: NEIGHBOURS,
        ScopeKind.DIAGONALS: DIAGONAL_CELLS,
        ScopeKind.SURROUNDINGS: SURROUNDINGS,
    },
    "area.ANCHORED_CELLS",
)


@frozen
class Placed:
    """A Myth card in a cell, face up or face down."""

    card: MythCard
    face_up: bool = True


@frozen
class Area:
    """One player's play area: 12 cells, each a :class:`Placed` or empty."""

    cells: tuple[Placed | None, ...] = field(default=(None,) * SIZE)

    def __attrs_post_init__(self) -> None:
        if len(self.cells) != SIZE:
            raise ValueError(f"an area has {SIZE} cells, not {len(self.cells)}")

    def __getitem__(self, index: int) -> Placed | None:
        return self.cells[index]

    def occupied(self) -> Iterator[int]:
        return (i for i, placed in enumerate(self.cells) if placed is not None)

    def revealed(self) -> Area:
        """R12: every card turned face up for the final scoring."""
        return Area(tuple(None if p is None else evolve(p, face_up=True) for p in self.cells))

    def all_face_up(self) -> bool:
        return all(p is None or p.face_up for p in self.cells)

    def find(self, card_id: str) -> int | None:
        for i, placed in enumerate(self.cells):
            if placed is not None and placed.card.id == card_id:
                return i
        return None

    def mirrored(self) -> Area:
        """Left-right mirror image (column c -> 5 - c)."""
        cells: list[Placed | None] = []
        for r in range(HEIGHT):
            cells.extend(reversed(self.cells[r * WIDTH : (r + 1) * WIDTH]))
        return Area(tuple(cells))


def groups(cells: Iterable[int]) -> list[list[int]]:
    """R6: orthogonally connected components of the given cells."""
    pending = set(cells)
    found = []
    while pending:
        start = min(pending)
        pending.discard(start)
        component, stack = [start], [start]
        while stack:
            current = stack.pop()
            for n in NEIGHBOURS[current]:
                if n in pending:
                    pending.discard(n)
                    component.append(n)
                    stack.append(n)
        found.append(sorted(component))
    return found
