"""What every game of one registry reads from it, worked out once.

A game used to ask its registry again for its cards, its deck's order and
its patterns' worth: a walk over every definition, several times a game,
and a dictionary look-up each time a held pattern was checked. These tables
are made once per registry (the same answers: the registry's definitions do
not change while games are played from it) and shared by its games, with
the pattern checker's compiled shapes and card fits.

A registry whose definitions were changed after its tables were made (a
test may) gets new tables: they are keyed by the registry and checked
against its ``by_id`` table and the size of it.
"""

from __future__ import annotations

import weakref
from functools import partial

from ..language import model as m
from ..pool.registry import Registry
from ..scoring.area import Placed

# a pattern's placement as its checker keeps it (patterns.py): each cell of
# the placement, with the ids of the cards that fit it
Shape = tuple[tuple[int, frozenset[str]], ...]


class RegistryTables:
    """A registry's Myth cards, decks and patterns, as a game reads them."""

    def __init__(self, registry: Registry) -> None:
        self.by_id = registry.by_id
        self.size = len(registry.by_id)
        self.cards: dict[str, m.MythCard] = {c.id: c for c in registry.myth_cards()}
        self.card_ids = tuple(sorted(self.cards))  # the deck before its shuffle
        self.laws: dict[str, m.Law] = {d.id: d for d in registry.definitions("law")}
        self.law_ids = tuple(sorted(self.laws))
        self.goals: dict[str, m.ObjectiveGoal] = {
            d.id: d for d in registry.definitions("objective-goal")
        }
        self.elements: dict[str, m.ObjectiveElement] = {
            d.id: d for d in registry.definitions("objective-element")
        }
        patterns = registry.definitions("pattern")
        self.pattern_ids = tuple(sorted(d.id for d in patterns))
        self.patterns: dict[str, m.Pattern] = {p.id: p for p in patterns}
        self.pattern_points = {p.id: registry.pattern_points(p) for p in patterns}
        # board_of's values (view.py): card id -> Placed face up, face down
        self.placed: tuple[dict[str, Placed], dict[str, Placed]] = ({}, {})
        # PatternChecker's remembered work (patterns.py), shared by the games
        self.placements: dict[str, tuple[Shape, ...]] = {}  # pattern id -> its shapes
        self.fits: dict[tuple[str | None, str | None], frozenset[str]] = {}

    def fresh_for(self, registry: Registry) -> bool:
        return registry.by_id is self.by_id and len(registry.by_id) == self.size


_TABLES: dict[int, tuple[weakref.ref[Registry], RegistryTables]] = {}


def _forget(key: int, _registry: weakref.ref[Registry]) -> None:
    """The registry under ``key`` is gone: so are its tables."""
    _TABLES.pop(key, None)


def tables_of(registry: Registry) -> RegistryTables:
    """The tables of ``registry``, made on its first game."""
    key = id(registry)
    found = _TABLES.get(key)
    if found is not None and found[0]() is registry and found[1].fresh_for(registry):
        return found[1]
    tables = RegistryTables(registry)
    _TABLES[key] = (weakref.ref(registry, partial(_forget, key)), tables)
    return tables
