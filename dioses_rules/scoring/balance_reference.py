"""What ``dioses balance`` judges a pool's cards against: the printed cards
of the bundled sets among them, or, for a pool with none (a modder's own
cards), the printed cards' means on random areas of the bundled pool. One
function, so that the command and the web app's card pages report the same
figures and flags for the same boards and seed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..language import model as m
from ..pool.load import load_registry
from ..pool.registry import Registry
from .balance import balance


def printed_reference(
    registry: Registry, pool: Sequence[m.MythCard], arguments: dict[str, Any]
) -> tuple[dict[str, Any], str]:
    """The keyword arguments of :func:`balance.balance` that name what the
    pool is judged against, and a note saying so when it is not the pool's
    own printed cards. A card counts as printed only in a bundled set and
    when its file says so (a modder's card that states no provenance is not
    printed). ``arguments``: the other arguments of the balance run."""
    bundled = load_registry()[0]
    in_bundled = {
        id(d)
        for set_id, loaded in registry.sets.items()
        if set_id in bundled.sets
        for d in loaded.definitions
    }
    printed = [
        c.id
        for c in pool
        if c.provenance is m.Provenance.PRINTED and c.provenance_stated and id(c) in in_bundled
    ]
    if printed:
        return {"printed": printed}, ""
    own = balance(bundled.myth_cards(), **arguments)
    return (
        {"printed": (), "reference": own.printed_range},
        " (the bundled sets' printed cards, on areas of the bundled pool)",
    )
