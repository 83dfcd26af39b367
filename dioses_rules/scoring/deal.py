"""Dealing random areas quickly, card for card as ``random.sample`` deals them.

``balance`` deals each area with ``rng.sample(pool, 12)``; a report must stay
the same for the same seed, so a faster deal must pick the very same cards.
``Random.sample`` (CPython 3.11) picks ``k`` of ``n`` as follows when ``n``
is larger than a small set (``n > 85`` for 12 cards): draw ``j`` below ``n``
with ``_randbelow`` (take the top ``n.bit_length()`` bits of one 32-bit word
of the Mersenne Twister, again while it is ``n`` or more), again while ``j``
was already picked. Here the words are drawn in blocks (``getrandbits`` of
many words gives them least significant first), the words too large are
dropped in one ``bytes.translate``, and each area takes the next values
until it has ``k`` different ones.

That reading of the standard library is checked before it is trusted: the
first areas are also dealt by ``random.sample`` itself on a copy of the
generator, and any difference (another Python, a changed algorithm) falls
back to ``random.sample`` for the whole deal. Small pools and pools of 256
cards or more use ``random.sample`` too.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from itertools import islice

BLOCK = 1 << 14  # words drawn at a time
CHECKED = 32  # areas dealt both ways before the fast way is trusted


def _set_size(k: int) -> int:
    """Random.sample picks from a set, not a list copy, for a population larger than this."""
    size = 21
    if k > 5:
        size += 4 ** math.ceil(math.log(k * 3, 4))
    return size


def sample_indices(rng: random.Random, n: int, k: int, count: int) -> Iterator[Sequence[int]]:
    """``count`` times, the indices ``rng.sample(range(n), k)`` would give, in
    order (so ``[pool[j] for j in them]`` is ``rng.sample(pool, k)``)."""
    if type(rng) is random.Random and _set_size(k) < n < 256 and k > 0 and _agrees(rng, n, k):
        return islice(_bulk(rng, n, k), count)
    return (rng.sample(range(n), k) for _ in range(count))


def _agrees(rng: random.Random, n: int, k: int) -> bool:
    """The fast deal gives what random.sample gives (on copies of ``rng``)."""
    slow, fast = random.Random(), random.Random()
    slow.setstate(rng.getstate())
    fast.setstate(rng.getstate())
    expected = [slow.sample(range(n), k) for _ in range(CHECKED)]
    return [list(picks) for picks in islice(_bulk(fast, n, k), CHECKED)] == expected


def _bulk(rng: random.Random, n: int, k: int) -> Iterator[bytes]:
    bits = n.bit_length()  # 8 at most: a value is the top bits of a word's top byte
    table = bytes(b >> (8 - bits) for b in range(256))
    too_large = bytes(b for b in range(256) if b >> (8 - bits) >= n)
    stream, pos = b"", 0

    def more() -> bytes:
        words = rng.getrandbits(32 * BLOCK).to_bytes(4 * BLOCK, "little")
        return words[3::4].translate(table, too_large)  # each word's top byte

    while True:
        if len(stream) - pos < 4 * k:
            stream, pos = stream[pos:] + more(), 0
        picks = stream[pos : pos + k]
        if len(set(picks)) == k:  # no value twice: the usual case
            pos += k
            yield picks
            continue
        # the first k different values, up to the first sight of the last one
        firsts = dict.fromkeys(stream[pos : pos + 3 * k])
        if len(firsts) >= k:
            picks = bytes(islice(firsts, k))
            pos = stream.index(picks[-1], pos) + 1
            yield picks
            continue
        chosen: list[int] = []  # a run of repeats longer than the look-ahead
        while len(chosen) < k:
            if pos == len(stream):
                stream, pos = more(), 0
            value = stream[pos]
            pos += 1
            if value not in chosen:
                chosen.append(value)
        yield bytes(chosen)
