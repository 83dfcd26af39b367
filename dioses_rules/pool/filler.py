"""A generated set of plain Myth cards, for tests, benchmarks and games that
need more cards than the bundled pool has (6 players with every option)."""

from __future__ import annotations

from ..language.headers import bundled_vocabulary


def filler_set_text(count: int = 60, set_id: str = "filler") -> str:
    """Card-language text of a set ``set_id`` (requiring base) with ``count``
    plain Myth cards ``SET_ID-1`` ... (no events), marked reconstructed, made
    of the base game's first three types and mythologies."""
    vocabulary = bundled_vocabulary()
    types, myths = vocabulary.ids("type")[:3], vocabulary.ids("mythology")[:3]
    out = [f'set {set_id} "Filler cards" {{', '  version "0.1"', "  requires base", "}"]
    for i in range(count):
        kind, myth = types[i % 3], myths[(i // 3) % 3]
        line = (
            f"1 point per {myth} in row" if i % 2 else f"2 points if next to {types[(i + 1) % 3]}"
        )
        out += [
            f'{kind} {set_id}-{i + 1} "Filler {i + 1}" {myth} reconstructed {{',
            f"  {line}",
            "}",
        ]
    return "\n".join(out) + "\n"
