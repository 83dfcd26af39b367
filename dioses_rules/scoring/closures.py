"""The building blocks of the compiled evaluator's closures.

A compiled selector is a :class:`Sel`, a compiled scope a :class:`ScopeMasks`, and
a count of "face-up cards with one or two features in a table of cells" a
:class:`LaneCount`, each with the fixed closure that computes it on a
:class:`~.scene.Scene` (see ``compile_counts`` and ``compiler``, which build
them from predicate trees).

Most selectors of real cards are "a face-up card with these features" or an
``or`` of such: those keep their *terms* (each a tuple of kinds lanes and a
tuple of names lanes, all required), so that ``and``/``or`` merge them into
one closure and relations and counts can test them with one ``&`` against a
table of masks shifted into the lanes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sized
from typing import Any

from ..language import model as m
from .evaluator import strictly_most
from .masks import FULL, cells_of
from .scene import MYTHOLOGY_HEAVY_LANE, LaneTable, Scene
from .unrolled import generated

Term = tuple[tuple[int, ...], tuple[int, ...]]  # kinds shifts, names shifts: all required
# What every compiled closure is called with: the scene, and the anchor (the
# cell judged from; None when there is none). A selector's and a scope's give
# a mask, a count's and a line's a number, a condition's a truth value (any
# object: often the mask that makes it true).
Fn = Callable[[Scene, int | None], Any]
Table = tuple[int, ...]  # a mask (or a number) per anchor cell
MAX_TERMS = 16  # an 'and' of 'or's multiplied out beyond this stays two closures


class Sel:
    """A compiled selector: ``fn(scene, anchor)`` gives the matching cells.

    ``terms``: set when the selector is an ``or`` of "face up with every one of
    these features" terms. ``anchored``: the result may depend on the anchor.
    """

    __slots__ = ("anchored", "fn", "terms")

    def __init__(self, fn: Fn, anchored: bool, terms: tuple[Term, ...] | None = None) -> None:
        self.fn = fn
        self.anchored = anchored
        self.terms = terms


def terms_fn(terms: tuple[Term, ...]) -> Fn:
    """The closure of an ``or`` of face-up-with-features terms."""
    if len(terms) == 1:
        kinds, names = terms[0]
        if not names:
            if not kinds:
                return lambda s, a: s.up
            if len(kinds) == 1:
                (one,) = kinds
                return lambda s, a: (s.kinds >> one) & FULL
            if len(kinds) == 2:
                one, two = kinds
                return lambda s, a: (s.kinds >> one) & (s.kinds >> two) & FULL
        elif not kinds and len(names) == 1:
            (one,) = names
            return lambda s, a: (s.names >> one) & FULL
    if all(len(kinds) == 1 and not names for kinds, names in terms):
        shifts = tuple(kinds[0] for kinds, _ in terms)

        def any_kind(s: Scene, a: int | None) -> int:
            found = 0
            for shift in shifts:
                found |= s.kinds >> shift
            return found & FULL

        return any_kind

    def match(s: Scene, a: int | None) -> int:
        found = 0
        for kinds, names in terms:
            term = s.up
            for shift in kinds:
                term &= s.kinds >> shift
            for shift in names:
                term &= s.names >> shift
            found |= term
        return found & FULL

    return match


def terms_sel(terms: tuple[Term, ...]) -> Sel:
    return Sel(terms_fn(terms), False, terms)


def single_lanes(selector: Sel) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(kinds shifts, names shifts) when every term of the selector is one
    lane: a card matches when it has any of them."""
    if selector.terms is None:
        return None
    if any(len(kinds) + len(names) != 1 for kinds, names in selector.terms):
        return None
    return (
        tuple(kinds[0] for kinds, _ in selector.terms if kinds),
        tuple(names[0] for _, names in selector.terms if names),
    )


def shifted(table: Iterable[int], shifts: tuple[int, ...]) -> Table | None:
    """Each mask of ``table`` copied into each of these lanes (None if none)."""
    if not shifts:
        return None
    return tuple(sum(mask << shift for shift in shifts) for mask in table)


class Memo:
    """A key for one node's cached result in ``scene.memo`` (leaders, groups)."""

    __slots__ = ()


class ScopeMasks:
    """A compiled scope: a table of masks per anchor (``none`` without an
    anchor), or ``fn(scene, anchor)``."""

    __slots__ = ("fn", "line", "none", "table")

    def __init__(
        self, table: Table | None = None, none: int = 0, fn: Fn | None = None, line: bool = False
    ) -> None:
        self.table = table
        self.none = none
        self.fn = fn
        self.line = line  # the law's line (R13): ``fn`` is the scene's ``line``

    def closure(self) -> Fn:
        if self.fn is not None:
            return self.fn
        table, none = self.table, self.none
        assert table is not None  # a scope is a table or a closure (compiling, not scoring)
        return lambda s, a: none if a is None else table[a]


class LaneCount:
    """A count of the face-up cards with every one of at most two kinds lanes
    in a scope table, with no ``where``: a few ``&`` and a ``bit_count``,
    plus R11 weights when the scene has heavy cards. With one lane the table
    is shifted into it: ``(scene.kinds & table[anchor]).bit_count()``."""

    __slots__ = ("anchored", "mythology", "none", "shifts", "table", "wanted")

    def __init__(
        self,
        scope: ScopeMasks,
        shifts: tuple[int, ...],
        wanted: str | None,
        mythology: str | None = None,
        anchored: bool = False,
    ) -> None:
        assert scope.table is not None  # a count of lanes has a table (compiling)
        self.table: Table = scope.table
        self.none = scope.none
        if len(shifts) == 1:
            self.table = tuple(mask << shifts[0] for mask in scope.table)
            self.none = scope.none << shifts[0]
        self.shifts = shifts
        self.wanted = wanted  # the type weighed (R11), or None
        self.mythology = mythology  # else the mythology weighed, or None
        self.anchored = anchored  # never counted without an anchor

    @property
    def unweighed(self) -> bool:
        """No weight can apply: the count is a plain ``bit_count``."""
        return self.wanted is None and self.mythology is None


# A one-lane count's body, by which R11 weight may apply: none, a mythology's
# (looked at only when the scene has a card weighed for one), or a type's;
# ``{plain}``, ``{weighed}`` and ``{found}`` are what a line makes of the count,
# ``{scope}`` the scope's cells (``_one_lane``).
_ONE_LANE = {
    "unweighed": ("return {plain}",),
    "mythology": (
        "found = s.kinds & {scope}",
        "if s.kinds & MYTHOLOGY_HEAVY_LANE and (found >> shift) & s.heavy:",
        "    return {weighed}",
        "return {found}",
    ),
    "type": (
        "found = s.kinds & {scope}",
        "if (found >> shift) & s.heavy:  # a heavy card counted (R11)",
        "    return {weighed}",
        "return {found}",
    ),
}
_MAKERS: dict[tuple[str, str, tuple[str, ...], bool], Callable[..., Fn]] = {}


def _one_lane(lane: LaneCount, result: str, **values: object) -> Fn:
    """The closure of a one-lane count made into ``result``, Python text of
    ours (``{}``: the count; ``values``: the other names it reads). Each form
    is generated once and compiled; a count's numbers are the closure's
    cells, never text."""
    weigh = "unweighed" if lane.unweighed else "type" if lane.mythology is None else "mythology"
    key = (weigh, result, tuple(sorted(values)), lane.anchored)
    maker = _MAKERS.get(key)
    if maker is None:
        scope = "table[a]" if lane.anchored else "(none if a is None else table[a])"
        counts = {
            "scope": scope,
            "plain": result.format(f"(s.kinds & {scope}).bit_count()"),
            "weighed": result.format("s.weighed((found >> shift) & FULL, wanted)"),
            "found": result.format("found.bit_count()"),
        }
        body = "".join(f"        {line.format(**counts)}\n" for line in _ONE_LANE[weigh])
        source = (
            f"def make(table, none, shift, wanted, {', '.join(key[2])}):\n"
            f"    def counted(s, a):\n{body}    return counted\n"
        )
        maker = _MAKERS[key] = generated("make", source, FULL, MYTHOLOGY_HEAVY_LANE)
    (shift,) = lane.shifts
    return maker(lane.table, lane.none, shift, lane.wanted or lane.mythology, **values)


_TESTS: dict[tuple[str, bool, tuple[str, ...]], Callable[..., tuple[Fn, Callable[[int], Fn]]]] = {}


def tested(test: str, anchored: bool, **values: object) -> tuple[Fn, Callable[[int], Fn]]:
    """A condition's closure, whether ``test`` (Python text of ours over
    ``s``, ``a`` and the names of ``values``) holds, false with no anchor
    (``anchored``: never judged without one), and its ``scored(points)``,
    the line "``points`` if it holds" as one closure. Generated once per
    form and compiled, as ``_one_lane``."""
    guard = "" if anchored else "a is not None and "
    key = (test, anchored, tuple(sorted(values)))
    maker = _TESTS.get(key)
    if maker is None:
        source = (
            f"def make({', '.join(key[2])}):\n"
            f"    def holds(s, a):\n        return {guard}{test}\n"
            "    def scored(p):\n"
            f"        def points(s, a):\n            return p if {guard}{test} else 0\n"
            "        return points\n"
            "    return holds, scored\n"
        )
        maker = _TESTS[key] = generated("make", source)
    return maker(**values)


def lane_count_fn(lane: LaneCount) -> Fn:
    table, none, shifts = lane.table, lane.none, lane.shifts
    if len(shifts) == 1:
        return _one_lane(lane, "{}")
    wanted = lane.wanted or lane.mythology
    if not shifts:  # any face-up card
        return lambda s, a: s.weighed(s.up & (none if a is None else table[a]), wanted)
    one, two = shifts

    def count_two(s: Scene, a: int | None) -> int:  # "greek gods"
        found = (s.kinds >> one) & (s.kinds >> two) & (none if a is None else table[a])
        if found & s.heavy:  # a heavy card counted (R11)
            return s.weighed(found, wanted)
        return found.bit_count()

    return count_two


def lane_scored_fn(
    lane: LaneCount, test: Callable[[int, int], bool], amount: int, points: int
) -> Fn | None:
    """The line "``points`` if the count ``test``s ``amount``" of a one-lane
    count, as one closure (what ``lane_count_fn`` counts, judged in place);
    None for another count."""
    if len(lane.shifts) != 1:
        return None
    result = "points if test({}, amount) else 0"
    return _one_lane(lane, result, test=test, amount=amount, points=points)


def lane_per_fn(lane: LaneCount, points: int, per: int) -> Fn | None:
    """The line "``points`` per ``per`` cards" of a one-lane count, as one
    closure; None for another count."""
    if len(lane.shifts) != 1:
        return None
    return _one_lane(lane, "points * ({} // per)", points=points, per=per)


def product_size(groups: Iterable[Sized]) -> int:
    size = 1
    for group in groups:
        size *= len(group)
    return size


def union(parts: Iterable[Iterable[int]]) -> tuple[int, ...]:
    return tuple(sorted({x for part in parts for x in part}))


def most_common(sc: Scene, attribute: m.Attribute, lanes: LaneTable) -> str | None:
    """R24: the value with strictly the most face-up cards (a card counts for
    each of its values, as often as it lists it); None on a tie. Counted
    from each value's lane, unless some card lists a value twice."""
    memo_key = ("most-common", attribute)
    if memo_key in sc.memo:
        known: str | None = sc.memo[memo_key]
        return known
    tally: dict[str, int] = {}
    if attribute.value in lanes.repeated:
        for cell in cells_of(sc.up):
            for value in sc.values(cell, attribute):
                tally[value] = tally.get(value, 0) + 1
    else:
        kinds = sc.kinds  # face-up cards only
        for value, shift in lanes.values.get(attribute.value, ()):
            count = ((kinds >> shift) & FULL).bit_count()
            if count:
                tally[value] = count
    return sc.remember(memo_key, strictly_most(tally))
