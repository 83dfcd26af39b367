"""A card pool by content: which sets, in which version, from which text.

A saved game or a log records the pool it was played with as a list of
:class:`PoolSet` (set id, version, whether the set was bundled, a SHA-256 of
the file's text and one of its cards' canonical source, as ``dioses fmt``
would print them without comments), never as paths: a file must not decide
which other files the program reads. A set is the same when either hash
matches: the very file, or the same cards laid out or commented otherwise. Resuming or replaying compares that record with the
pool loaded now (the bundled sets plus ``--cards``) and says what differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from attrs import define

from ..resources import cards_dir
from .registry import Registry


@define
class PoolSet:
    id: str
    sha256: str  # of the file's text
    bundled: bool = False
    version: str | None = None
    cards_sha256: str | None = None  # of its cards' canonical source

    def same_as(self, other: PoolSet) -> bool:
        return self.sha256 == other.sha256 or (
            self.cards_sha256 is not None and self.cards_sha256 == other.cards_sha256
        )


# The texts earlier versions of the bundled sets shipped (:mod:`.history`).
HISTORY_DIR = Path(__file__).resolve().parent / "history"


def _is_bundled(path: str) -> bool:
    """A file shipped with dioses-rules: a bundled set, or an earlier version
    of one kept for old games."""
    try:
        resolved = Path(path).resolve()
        return resolved.is_relative_to(cards_dir().resolve()) or resolved.parent == HISTORY_DIR
    except OSError:
        return False


def pool_sets(registry: Registry) -> list[PoolSet]:
    """The sets in play, by content, in the order they were loaded."""
    return [
        PoolSet(
            set_id,
            loaded.sha256,
            _is_bundled(loaded.path),
            loaded.card_set.version,
            loaded.cards_sha256,
        )
        for set_id, loaded in registry.sets.items()
        if set_id in registry.active
    ]


@define
class PoolDifference:
    """What differs between a recorded pool and the loaded one: ``errors``
    make the game another game; ``notes`` only say what changed (a bundled
    set updated with dioses-rules)."""

    errors: list[str]
    notes: list[str]


def _short(digest: str) -> str:
    return digest[:12]


def compare_pools(recorded: Sequence[PoolSet], loaded: Sequence[PoolSet]) -> PoolDifference:
    errors, notes = [], []
    now = {s.id: s for s in loaded}
    for then in recorded:
        current = now.get(then.id)
        if current is None:
            errors.append(
                f"the game was played with set '{then.id}' (text {_short(then.sha256)}), "
                f"which is not loaded: give its card file with --cards"
            )
        elif current.same_as(then):
            continue
        elif then.bundled and current.bundled:
            notes.append(
                f"the bundled set '{then.id}' has changed since the game was played "
                f"(version {then.version or '-'} -> {current.version or '-'})"
            )
        else:
            errors.append(
                f"set '{then.id}' does not hold the cards the game was played with "
                f"(text {_short(current.sha256)}, the game's {_short(then.sha256)}): "
                f"give the card file the game was played with"
            )
    played = {s.id for s in recorded}
    for extra in loaded:
        if extra.id in played:
            continue
        if extra.bundled:
            notes.append(f"the bundled set '{extra.id}' was not in the game's card pool")
        else:
            errors.append(f"set '{extra.id}' was not in the game's card pool: leave its file out")
    return PoolDifference(errors, notes)
