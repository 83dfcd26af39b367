"""R14 in the engine: whether a held pattern shows in an area, fast.

The engine asks after every card placed, turned or swapped, for every held
pattern of every area, although a move changes one area and most moves
change no pattern's answer. So:

- a pattern is compiled once into its placements (R14: never rotated or
  mirrored), each a tuple of (cell, type, mythology or None) to meet, and
  each of those into (cell, the ids of the cards that meet it);
- an area is read as its *face-up signature*, the card id of each face-up
  cell (None elsewhere): the only thing a pattern's answer depends on;
- an answer is remembered for its (pattern, signature), so an area that did
  not change is not matched again.

The reference is :func:`scoring.patterns.pattern_matches`, which scoring
uses and tests compare this with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..language import model as m
from ..scoring.patterns import shape_cells, shape_origins
from .state import Slot
from .tables import RegistryTables, Shape

Signature = tuple[str | None, ...]
Placement = tuple[tuple[int, m.PatternCell], ...]  # each cell, with what it wants


def face_up_signature(cells: Sequence[Slot | None]) -> Signature:
    """The id of the card in each face-up cell, None for the others."""
    return tuple([slot.card if slot is not None and slot.face_up else None for slot in cells])


def placements(pattern: m.Pattern) -> tuple[Placement, ...]:
    """Every placement of the shape inside the area, in the reference's order
    (top to bottom, then left to right); a shape without cells has none."""
    placed = (tuple(shape_cells(pattern, top, left)) for top, left in shape_origins(pattern))
    return tuple(wanted for wanted in placed if wanted)


class PatternChecker:
    """Answers "does this pattern show face up in these cells?" for one game."""

    def __init__(
        self, cards: Mapping[str, m.MythCard], shared: RegistryTables | None = None
    ) -> None:
        """``shared``: the registry's tables (tables.py), whose compiled
        shapes and card fits the games of one registry share (patterns by
        id, the same cards). The answers are the game's own: an area's
        layouts seldom come back in another game."""
        self.cards = cards
        self._placements: dict[str, tuple[Shape, ...]] = (
            {} if shared is None else shared.placements
        )  # pattern id -> _shapes()
        self._answers: dict[tuple[str, Signature], bool] = {}
        self._fits: dict[tuple[str | None, str | None], frozenset[str]] = (
            {} if shared is None else shared.fits
        )  # (type, mythology) -> card ids

    def matches(self, pattern: m.Pattern, cells: Sequence[Slot | None]) -> bool:
        return self.matches_signature(pattern, face_up_signature(cells))

    @property
    def answers(self) -> dict[tuple[str, Signature], bool]:
        """The remembered answers by (pattern id, signature): a hot path may
        read them itself, and ask :meth:`matches_signature` for the others."""
        return self._answers

    def matches_signature(self, pattern: m.Pattern, signature: Signature) -> bool:
        key = (pattern.id, signature)
        answer = self._answers.get(key)
        if answer is None:
            answer = self._answers[key] = self._match(pattern, signature)
        return answer

    def shows(self, pattern: m.Pattern, cells: Sequence[Slot | None]) -> bool:
        """:meth:`matches`, not remembered: read on the cells themselves."""
        for shape in self._shapes(pattern):
            for cell, fitting in shape:
                slot = cells[cell]
                if slot is None or not slot.face_up or slot.card not in fitting:
                    break
            else:
                return True
        return False

    def _match(self, pattern: m.Pattern, signature: Signature) -> bool:
        for shape in self._shapes(pattern):
            for cell, fitting in shape:
                if signature[cell] not in fitting:  # None (face down, empty) never fits
                    break
            else:
                return True
        return False

    def _shapes(self, pattern: m.Pattern) -> tuple[Shape, ...]:
        """The pattern's placements, each cell with the ids of the cards that
        fit it (:meth:`_fitting`)."""
        shapes = self._placements.get(pattern.id)
        if shapes is None:
            shapes = self._placements[pattern.id] = tuple(
                tuple((cell, self._fitting(want)) for cell, want in shape)
                for shape in placements(pattern)
            )
        return shapes

    def _fitting(self, want: m.PatternCell) -> frozenset[str]:
        """The ids of the cards that fit the cell (:meth:`m.PatternCell.fits`)."""
        key = (want.type, want.mythology)
        fitting = self._fits.get(key)
        if fitting is None:
            fitting = self._fits[key] = frozenset(
                card_id
                for card_id, card in self.cards.items()
                if want.fits(card.type, card.mythologies)
            )
        return fitting
