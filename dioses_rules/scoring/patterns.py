"""R14: whether a Pattern card's shape is completed in an area."""

from __future__ import annotations

from ..language import model as m
from . import area as g
from .area import Area


def pattern_matches(area: Area, pattern: m.Pattern) -> tuple[int, ...] | None:
    """The cells of the first placement of ``pattern`` whose every cell holds
    a matching face-up card, never rotated or mirrored (R14); else None."""
    for top, left in shape_origins(pattern):
        cells = _placement(area, pattern, top, left)
        if cells:
            return cells
    return None


def shape_origins(pattern: m.Pattern) -> list[tuple[int, int]]:
    """R14: every (top, left) where the shape fits in the area, never rotated
    or mirrored, in the order they are tried."""
    height = len(pattern.shape)
    width = max((len(row) for row in pattern.shape), default=0)
    if height == 0 or width == 0 or height > g.HEIGHT or width > g.WIDTH:
        return []
    return [
        (top, left) for top in range(g.HEIGHT - height + 1) for left in range(g.WIDTH - width + 1)
    ]


def shape_cells(pattern: m.Pattern, top: int, left: int) -> list[tuple[int, m.PatternCell]]:
    """Each cell the shape covers placed at (top, left), with what it wants,
    row by row (its gaps left out)."""
    return [
        ((top + dr) * g.WIDTH + left + dc, want)
        for dr, row in enumerate(pattern.shape)
        for dc, want in enumerate(row)
        if want is not None
    ]


def _placement(area: Area, pattern: m.Pattern, top: int, left: int) -> tuple[int, ...] | None:
    """The matched cells of the shape placed at (top, left), or None."""
    cells = []
    for index, want in shape_cells(pattern, top, left):
        placed = area.cells[index]
        if (
            placed is None
            or not placed.face_up
            or not want.fits(placed.card.type, placed.card.mythologies)
        ):
            return None
        cells.append(index)
    return tuple(cells)
