"""Earlier versions of the bundled sets, kept so that an old game replays.

When a bundled set's cards change (R27 moved Geb y Nut to the expansion in
version 1.1), a game played with the earlier version is another game with
the new cards: a log would diverge, a save would hold cards that moved. The
texts each earlier version shipped are kept, byte for byte, in
``history/<set id>-<version>.dioses``; a replay or a resume that finds a
recorded bundled set in an earlier version loads that text in its place.

A log or save that records no sets was written by dioses-rules 0.1.0, whose
bundled sets were all version 1.0 (:data:`FIRST_VERSION`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from ..errors import DiosesError
from .identity import HISTORY_DIR, PoolSet, pool_sets
from .load import load_registry
from .registry import Registry

FIRST_VERSION = "1.0"  # every bundled set's version in dioses-rules 0.1.0


def kept_texts() -> dict[tuple[str, str], Path]:
    """(set id, version) -> the kept text, from the folder's own listing."""
    kept = {}
    for path in HISTORY_DIR.glob("*.dioses"):
        set_id, _, version = path.stem.rpartition("-")
        kept[(set_id, version)] = path
    return kept


def earlier_text(set_id: str, version: str | None) -> Path | None:
    """The kept text of bundled set ``set_id`` in ``version``, if any. The
    version a save or log records only selects among the kept files; it is
    never made into a path (a file must not say which files we read)."""
    return kept_texts().get((set_id, version)) if version else None


@frozen
class EarlierSets:
    """The kept texts to load in place of today's bundled sets, and a note each."""

    paths: tuple[Path, ...] = ()
    notes: tuple[str, ...] = ()


def earlier_sets(recorded: Sequence[PoolSet] | None, loaded: Sequence[PoolSet]) -> EarlierSets:
    """Which bundled sets of ``loaded`` (today's pool) a game recorded with
    ``recorded`` (None: a 0.1.0 file, which records no sets) played in an
    earlier version that is kept. A set the player replaced with ``--cards``
    is theirs and left alone."""
    played = (
        {s.id: s.version for s in recorded}
        if recorded is not None
        else {s.id: FIRST_VERSION for s in loaded if s.bundled}
    )
    paths, notes = [], []
    for now in loaded:
        then = played.get(now.id)
        if not now.bundled or then is None or then == now.version:
            continue
        path = earlier_text(now.id, then)
        if path is not None:
            paths.append(path)
            notes.append(
                f"the game was played with the bundled set '{now.id}' version {then}; "
                f"it goes on with that version's cards, kept in dioses-rules "
                f"(the set is version {now.version or '-'} today)"
            )
    return EarlierSets(tuple(paths), tuple(notes))


def load_played_pool(
    recorded: Sequence[PoolSet] | None, extra: Sequence[Path] = ()
) -> tuple[Registry, list[str]]:
    """The pool a recorded game goes on with: of the bundled sets plus
    ``extra``, those it recorded in play (all for a 0.1.0 file), with each
    bundled set the game played in a kept earlier version loaded
    in that version; returns it and a note for each set so replaced."""
    registry, _ = load_registry(list(extra))
    if recorded is not None:  # the sets in play then (R25: the base game alone)
        active = [s.id for s in recorded if s.id in registry.sets]
        if active and len(active) < len(registry.sets):
            registry, _ = load_registry(list(extra), active)
    else:
        active = None
    earlier = earlier_sets(recorded, pool_sets(registry))
    if not earlier.paths:
        return registry, []
    try:
        then, _ = load_registry([*earlier.paths, *extra], active)
    except DiosesError as error:  # a player's own copy of another set clashes
        names = ", ".join(f"'{p.stem}'" for p in earlier.paths)
        return registry, [
            f"the game was played with earlier versions of bundled sets "
            f"({names}, kept in dioses-rules), which cannot be loaded beside "
            f"the --cards given ({error.diagnostics[0].message}); it goes on "
            f"with today's cards and may not replay the same"
        ]
    return then, list(earlier.notes)
