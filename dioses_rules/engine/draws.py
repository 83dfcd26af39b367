"""Draws of a plain ``random.Random``, made in the engine's hot loops as the
generator makes them, without the calls (#29).

``randrange(n)`` on a plain generator is its ``_randbelow``, which, where the
generator has ``getrandbits`` (CPython's has), is
``_randbelow_with_getrandbits``: k = n.bit_length() bits, drawn again while
they are not below n; ``shuffle`` swaps each item, from the last, with one
drawn so below its place. Drawn here from ``getrandbits`` directly, they are
the same draws of the same stream, so the same games, without a call per
draw (which cost more than the draw). Where the generator is not a plain
``random.Random``, or its ``_randbelow`` is not that function, the
generator's own methods are called. tests/test_plain_turn.py checks both
against the generator's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# Whether random.Random's randrange draws by getrandbits (see the module's text).
BELOW_BY_BITS: bool = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", False
)


def plain_bits(rng: Any) -> Callable[[int], int] | None:
    """``rng.getrandbits`` when ``rng`` is a plain ``random.Random`` that
    draws by it (:data:`BELOW_BY_BITS`), else None."""
    if type(rng) is random.Random and BELOW_BY_BITS:
        bits: Callable[[int], int] = rng.getrandbits
        return bits
    return None


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: the same order from the same draws."""
    bits = plain_bits(rng)
    if bits is None:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # randrange(i + 1), inline
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
