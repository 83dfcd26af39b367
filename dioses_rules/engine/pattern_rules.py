"""Held patterns as a game goes (R14, R22, R30): which areas to check again
after a move, and what a completion sets off (a mixin of ``Game``).

:class:`PatternRules` keeps, per area, what its last check saw (its cells
and patterns), so that an area nothing touched since is not matched again;
the shapes themselves are matched by :class:`~.patterns.PatternChecker`.
"""

from __future__ import annotations

from ..language import model as m
from ..pool.registry import required
from .core import GameCore
from .state import AreaState

MAX_PATTERN_DEPTH = 50  # completions that trigger swaps that complete patterns...


class PatternRules(GameCore):
    """Methods of :class:`game.Game` for completing held patterns."""

    def check_patterns(self) -> None:
        """R14, R30: a held pattern whose shape shows face up is completed,
        once and for good; R22: it draws its points in Power cards. Every
        area is checked (its cells may have been set from outside)."""
        self._checked = [None] * len(self.state.areas)
        self._check_moved()

    def moved(self, area: int) -> None:
        """A card of ``area`` was put, turned or moved, or a pattern added:
        the next check looks at it again (place, reveal and swap do the same
        in place)."""
        checked = self._checked
        if area < len(checked):  # else the areas were replaced: all are checked
            checked[area] = None

    def _check_moved(self) -> None:
        """:meth:`check_patterns` for the areas that may have changed since
        they were last checked: an area checked with nothing to complete
        stays so until a card of it is put, turned or moved (:meth:`moved`),
        its cells or patterns are replaced, or a pattern added. What was
        found there is forgotten when a check is cut short (too deep): the
        areas it did not look at are checked next time, as before. While no
        area holds a pattern nothing is looked at, nor marked checked (so
        each is checked once one does)."""
        for area in self.state.areas:
            if area.patterns:
                break
        else:
            return
        self._pattern_depth += 1
        try:
            if self._pattern_depth > MAX_PATTERN_DEPTH:
                self._checked = [None] * len(self.state.areas)
                return
            checked = self._checked
            if len(checked) != len(self.state.areas):
                checked = self._checked = [None] * len(self.state.areas)
            for index, area in enumerate(self.state.areas):
                seen = checked[index]
                patterns = area.patterns
                if (
                    seen is not None
                    and seen[0] is area.cells
                    and seen[1] is patterns
                    and seen[2] == len(patterns)
                ):
                    continue
                checked[index] = (area.cells, patterns, len(patterns))  # before: see moved()
                if patterns:
                    self._check_area(index, area)
                checked = self._checked  # a cut-short check inside may have reset it
        finally:
            self._pattern_depth -= 1

    def _check_area(self, index: int, area: AreaState) -> None:
        """The held patterns of an area, in order, against its cells as they
        are then (a completion may set off moves there). Matched on the
        cells directly (:meth:`PatternChecker.shows`): the area changed
        since its last check, so a remembered answer would seldom serve."""
        shows = self.patterns.shows
        for held in area.patterns:
            if held.completed:
                continue
            pattern = self._pattern(held.card)
            if shows(pattern, area.cells):
                held.completed = True
                self.event("pattern-completed", area=index, pattern=pattern.id)
                if self.state.settings.power_cards:  # R22
                    self.gain_power(index, self.registry.pattern_points(pattern))
                self.run_triggers(m.TriggerKind.PATTERN_COMPLETED, index, None)

    def _pattern(self, pattern_id: str) -> m.Pattern:
        """The registry's pattern of that id (from the shared tables)."""
        pattern = self.tables.patterns.get(pattern_id)
        if pattern is None:  # not in the tables: as the registry answers it
            pattern = required(self.registry.get("pattern", pattern_id), "pattern", pattern_id)
        return pattern
