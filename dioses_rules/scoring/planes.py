"""Many areas side by side, one bit per area: the batch's arithmetic.

For a batch of B full, face-up areas (``balance`` deals millions), a *plane*
is a B-bit integer whose bit ``b`` says something of area ``b``: "cell 5
holds a Greek card", "Hera's condition holds". A number per area (a count, a
card's points) is a :class:`Num`, a list of planes, least significant first
(bit-sliced): adding two counts for every area at once is a ripple-carry adder
of a few ``&``, ``|`` and ``^`` on B-bit integers.

:class:`Planes` holds one batch: each cell's card codes (indices into the
pool), as 8 planes of their bits, from which "cell c holds card X" and "cell
c holds one of these cards" are a few ``&`` and ``|``, computed when first
asked and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import area as g


class Num:
    """A non-negative number per area: ``planes[i]`` holds bit i; ``top`` is
    the largest value it can take."""

    __slots__ = ("planes", "top")

    def __init__(self, planes: list[int], top: int) -> None:
        self.planes = planes
        self.top = top


class Planes:
    """One batch of B areas: per cell, the code of its card in each area."""

    def __init__(self, codes: Sequence[bytes], cards: int) -> None:
        self.size = len(codes[0])
        self.ones = (1 << self.size) - 1
        self.bits = max(1, (cards - 1).bit_length())
        # bit i of each cell's codes, as a plane (area b at bit b: the text is reversed)
        self._code_bits = [
            [int(cell.translate(_bit_text(i))[::-1], 2) for i in range(self.bits)] for cell in codes
        ]
        self._holds: list[dict[int, int]] = [{} for _ in range(g.SIZE)]
        self._sets: dict[tuple[int, frozenset[int]], int] = {}
        self.memo: dict[object, Any] = {}  # a closure's key -> its result (wide._shared)

    # ------------------------------------------------------------ cards in cells
    def holds(self, cell: int, code: int) -> int:
        """The areas whose cell ``cell`` holds the card of this code."""
        known = self._holds[cell]
        if not known:
            known = self._holds[cell] = self._split(cell)
        return known.get(code, 0)

    def _split(self, cell: int) -> dict[int, int]:
        """Every code's plane at once, by halving on its bits (2 per code)."""
        level = {0: self.ones}
        for i in reversed(range(self.bits)):
            bit, rest = self._code_bits[cell][i], self.ones ^ self._code_bits[cell][i]
            level = {
                (code << 1) | one: plane & (bit if one else rest)
                for code, plane in level.items()
                for one in (0, 1)
            }
        return level

    def holds_any(self, cell: int, codes: frozenset[int]) -> int:
        """The areas whose cell ``cell`` holds one of these cards."""
        key = (cell, codes)
        found = self._sets.get(key)
        if found is None:
            found = 0
            for code in codes:
                found |= self.holds(cell, code)
            self._sets[key] = found
        return found

    # ------------------------------------------------------------ numbers
    def const(self, value: int) -> Num:
        return Num([self.ones if value >> i & 1 else 0 for i in range(value.bit_length())], value)

    def add(self, x: Num, y: Num) -> Num:
        if not y.top:
            return x
        if not x.top:
            return y
        out, carry = [], 0
        for i in range(max(len(x.planes), len(y.planes))):
            a = x.planes[i] if i < len(x.planes) else 0
            b = y.planes[i] if i < len(y.planes) else 0
            half = a ^ b
            out.append(half ^ carry)
            carry = (a & b) | (carry & half)
        top = x.top + y.top
        if carry:
            out.append(carry)
        return Num(out[: top.bit_length()], top)

    def total(self, numbers: Iterable[Num]) -> Num:
        found = self.const(0)
        for number in numbers:
            found = self.add(found, number)
        return found

    def equals(self, x: Num, value: int) -> int:
        """The areas where ``x`` is ``value``."""
        if value < 0 or value > x.top:
            return 0
        found = self.ones
        for i, plane in enumerate(x.planes):
            found &= plane if value >> i & 1 else self.ones ^ plane
        return found if value.bit_length() <= len(x.planes) else 0

    def apply(self, x: Num, function: Callable[[int], int]) -> Num:
        """``function`` of each area's value (it must give 0 or more)."""
        values = [function(value) for value in range(x.top + 1)]
        top = max(values)
        if min(values) < 0:
            raise ValueError("a batch number is never negative")
        if len(set(values)) == 1:
            return self.const(top)
        out = [0] * top.bit_length()
        for value, result in enumerate(values):
            if result:
                where = self.equals(x, value)
                for i in range(result.bit_length()):
                    if result >> i & 1:
                        out[i] |= where
        return Num(out, top)

    def greater(self, x: Num, y: Num) -> int:
        """The areas where ``x`` is more than ``y``."""
        more, same = 0, self.ones
        for i in reversed(range(max(len(x.planes), len(y.planes)))):
            a = x.planes[i] if i < len(x.planes) else 0
            b = y.planes[i] if i < len(y.planes) else 0
            more |= same & a & (self.ones ^ b)
            same &= self.ones ^ (a ^ b)
        return more

    def mask(self, x: Num, plane: int) -> Num:
        """``x`` where the plane is set, 0 elsewhere."""
        return Num([p & plane for p in x.planes], x.top)

    def merge(self, x: Num, y: Num) -> Num:
        """Two numbers set in different areas, as one."""
        size = max(len(x.planes), len(y.planes))
        return Num(
            [
                (x.planes[i] if i < len(x.planes) else 0)
                | (y.planes[i] if i < len(y.planes) else 0)
                for i in range(size)
            ],
            max(x.top, y.top),
        )

    def counts(self, x: Num, among: int) -> dict[int, int]:
        """How many of the areas ``among`` have each value of ``x``."""
        found = {}
        for value in range(x.top + 1):
            count = (self.equals(x, value) & among).bit_count()
            if count:
                found[value] = count
        return found


_TEXTS: dict[int, bytes] = {}


def _bit_text(bit: int) -> bytes:
    """A translate table writing a code as "1" when it has this bit, else "0"."""
    if bit not in _TEXTS:
        _TEXTS[bit] = bytes(ord("1") if code >> bit & 1 else ord("0") for code in range(256))
    return _TEXTS[bit]
