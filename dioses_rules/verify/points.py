"""Each Myth card's best and worst points over every final area of the pool
in play, for an editor's inlay hints: :func:`..verify.ranges.side` (the
seeded search of ``scoring/extremes.py``, then CP-SAT where the ``[solver]``
extra is installed), in a background thread, cached by the card and the
pool, so that the editor never waits for it.

Without the solver the hint is the search's answer marked ``?`` (points an
area really gives, not proven the extreme): cheap, and what ``dioses test``
says without the extra too.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from attrs import frozen

from ..language import model as m
from ..language.walk import iter_nodes
from ..pool.registry import Registry
from ..scoring.extremes import PoolLimits
from .ranges import CP_SAT, Side, side, solver_available

SEARCH_SECONDS = 0.2  # a side's seeded search
SOLVER_SECONDS = 1.0  # then CP-SAT's, for what the search left open
CACHED = 2000  # cards' ranges kept
PoolKey = tuple[object, ...]  # _pool_key's: what a card's range depends on
Key = tuple[PoolLimits | PoolKey, m.MythCard]  # a range's, in the cache


@frozen
class Points:
    best: Side
    worst: Side

    def label(self) -> str:
        return f"best {self.best.shown()}, worst {self.worst.shown()}"

    def how(self) -> str:
        """Which found them, and whether they are proven."""
        sides = (self.best, self.worst)
        if all(s.exact for s in sides):
            solver = any(s.how == CP_SAT for s in sides)
            return "proven: " + (
                "CP-SAT" if solver else "the search reached the bound of its lines"
            )
        notes = "; ".join(dict.fromkeys(s.note for s in sides if s.note))
        return "found by a seeded search, not proven (marked ?)" + (f": {notes}" if notes else "")


class PointRanges:
    """Ranges computed one at a time in a daemon thread; ``done`` is called
    (in that thread) after each new one."""

    def __init__(self, done: Callable[[], None] = lambda: None) -> None:
        self.done = done
        self._cache: OrderedDict[Key, Points] = OrderedDict()
        # key -> (limits, registry, card), newest request only
        self._wanted: dict[Key, tuple[PoolLimits, Registry, m.MythCard]] = {}
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self.solver = solver_available()
        # (registry, its limits, their key)
        self._pool: tuple[Registry, PoolLimits, PoolKey] | None = None

    def get(self, registry: Registry, cards: list[m.MythCard]) -> dict[str, Points]:
        """The cards' ranges known now (by id); the others are computed next."""
        if self._pool is None or self._pool[0] is not registry:  # once per check
            limits = PoolLimits.of(registry)
            self._pool = (registry, limits, _pool_key(limits))
        _, limits, pool = self._pool
        known: dict[str, Points] = {}
        wanted: dict[Key, tuple[PoolLimits, Registry, m.MythCard]] = {}
        with self._lock:
            for card in cards:
                key: Key = (limits if _reads_other_lines(card) else pool, card)
                found = self._cache.get(key)
                if found is not None:
                    self._cache.move_to_end(key)
                    known[card.id] = found
                else:
                    wanted[key] = (limits, registry, card)
            self._wanted = wanted  # what an older request wanted is not needed now
            if wanted and (self._thread is None or not self._thread.is_alive()):
                self._thread = threading.Thread(target=self._work, daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return known

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._wanted:
                    return
                key, (limits, registry, card) = next(iter(self._wanted.items()))
                del self._wanted[key]
            found = self._compute(limits, registry, card)
            with self._lock:
                self._cache[key] = found
                while len(self._cache) > CACHED:
                    self._cache.popitem(last=False)
            self.done()

    def _compute(self, limits: PoolLimits, registry: Registry, card: m.MythCard) -> Points:
        seed = sum(card.id.encode())  # the same answer for the same card and pool
        solver = SOLVER_SECONDS if self.solver else 0.0
        best = side(registry, limits, card, True, None, seed, SEARCH_SECONDS, solver)
        worst = side(registry, limits, card, False, None, seed, SEARCH_SECONDS, solver)
        return Points(best, worst)


def _pool_key(limits: PoolLimits) -> PoolKey:
    """What a card's range depends on when it reads no other card's lines:
    the other cards as an area shows them (id, type, mythologies, tags,
    weights) and the facts a game may give. Typing inside one card then
    changes that card's range only."""
    shown = tuple((c.id, c.type, c.mythologies, c.tags, c.weights) for c in limits.cards)
    return shown, limits.laws_most, limits.patterns_most


def _reads_other_lines(card: m.MythCard) -> bool:
    """Whether the card's points follow other cards' lines ('scores like',
    'X scores at least N points')."""
    return any(isinstance(node, (m.Scores, m.ScoresLike)) for node in iter_nodes(card.lines))
