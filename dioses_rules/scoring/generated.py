"""What the compiled evaluator's generated code is made of, besides its text.

``compiler`` writes each tree as one expression over the scene ``s`` and
the anchor ``a``; :func:`function` compiles it into ``def fn(s, a)``, its
constants bound in the namespace by generated names: tables, words to weigh
by, and the closures below for what loops (a subject's cards, a count's
``where``, a leader, a group), each judging its inner tree's generated
function from each cell, as the reference does. tests/test_compiled_source.py
parses every generated source with ``ast``: nothing but ours is in it.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping
from types import CodeType, FunctionType
from typing import Any

from ..language import model as m
from ..language.lower import CORE, AroundCard, FixedCells, LargestGroup, LawLine, iter_core
from ..language.walk import total
from .evaluator import Evaluator, implied_type, strictly_most
from .masks import BIT, FULL, cells_of, groups
from .scene import LaneTable, Scene

Fn = Callable[[Scene, int | None], Any]  # a generated function: (scene, anchor) -> its value
Holds = Callable[[Scene, int], Any]  # a condition (or a count) judged from a cell
Looked = Callable[[Scene, int], Any]  # a closure over a mask: (scene, mask) -> its value

CODE: dict[str, CodeType] = {}  # a source -> its function's code, shared by equal trees
_LIMIT = 1 << 14


def function(expression: str, constants: dict[str, object]) -> Fn:
    """``def fn(s, a): return expression``, reading ``constants`` by name.
    Each function has its own copy of the shape's code, so that the
    interpreter's caches of its names are its own."""
    source = f"def fn(s, a):\n    return {expression}\n"
    code = CODE.get(source)
    if code is None:
        if len(CODE) >= _LIMIT:  # throwaway trees (the property tests)
            CODE.clear()
        code = CODE[source] = compile(source, "<scoring.generated>", "exec").co_consts[0]
    return FunctionType(code.replace(), {"__builtins__": builtins, **constants})


# Whether a node in a selector makes the selector's cells depend on the
# anchor (its result is then kept per anchor): the anchor's own card (``it``),
# its features (``of same mythology``), an element (which may stand for
# either). What a leader's count or a count's ``where`` holds is judged from
# each candidate card, not from the anchor. Every core kind says which,
# checked at import, so a new kind cannot be missed.
_ANCHORED = (m.SelfCard, m.SameAs, m.ElementRef)
_FROM_ITS_CARDS = (
    *(m.TypeIs, m.MythologyIs, m.FaceIs, m.Named, m.MostCommon, m.StateRef, m.Leader),
    *(m.SelNot, m.SelAnd, m.SelOr, m.Subject, m.Relation, m.InRow, m.InColumn, m.Present),
    *(m.Scores, m.Quantity, m.MoreThan, m.AllFaceUpAtEnd, m.CondNot, m.CondAnd, m.CondOr),
    *(m.Count, m.FactCount, m.Distinct, m.Fixed, m.PerCount, m.Capped, m.Bounded),
    *(AroundCard, FixedCells, LawLine, LargestGroup),
)
READS_ANCHOR: Mapping[type, bool] = total(
    CORE,
    {**dict.fromkeys(_ANCHORED, True), **dict.fromkeys(_FROM_ITS_CARDS, False)},
    "scoring.generated.READS_ANCHOR",
)


def reads_anchor(selector: m.Selector) -> bool:
    """Whether a selector's cells may depend on the anchor (a result kept per anchor)."""
    return any(READS_ANCHOR[type(n)] for n in iter_core(selector))


def some(holds: Holds) -> Looked:
    """(scene, mask): whether some card of the mask holds, judged from itself."""

    def holds_some(s: Scene, mask: int) -> bool:
        for cell in cells_of(mask):  # noqa: SIM110 - a loop makes no generator (hot)
            if holds(s, cell):
                return True
        return False

    return holds_some


def kept(holds: Holds) -> Looked:
    """(scene, mask): the cells of the mask whose card holds (a count's ``where``)."""

    def holding(s: Scene, mask: int) -> int:
        for cell in cells_of(mask):
            if not holds(s, cell):
                mask &= ~BIT[cell]
        return mask

    return holding


def _kept(compute: Fn, anchored: bool) -> Fn:
    """``compute`` kept per scene and facts (and per anchor when ``anchored``)."""

    def known(s: Scene, a: int | None) -> int:
        key = (known, a if anchored else None)
        if key in s.memo:
            found: int = s.memo[key]
            return found
        value: int = compute(s, a)
        return s.remember(key, value)

    return known


def leader(candidates: Fn, count: Holds, anchored: bool) -> Fn:
    """R24: the candidate with strictly the highest count, none on a tie; the
    candidates matched from the anchor, each counted from itself."""

    def leading(s: Scene, a: int | None) -> int:
        best, cell, tied = -1, None, False
        for candidate in cells_of(candidates(s, a)):
            value = count(s, candidate)
            if value > best:
                best, cell, tied = value, candidate, False
            elif value == best:
                tied = True
        return 0 if tied or cell is None else BIT[cell]

    return _kept(leading, anchored)


def largest(members: Fn, wanted: str | Callable[[Scene], str | None] | None, anchored: bool) -> Fn:
    """R6: the connected group of members that counts most (R11 weights; the
    first from the front-left on a tie)."""

    def group(s: Scene, a: int | None) -> int:
        weigh = wanted(s) if callable(wanted) else wanted
        best = best_size = 0
        for cells in groups(members(s, a)):
            size = s.weighed(cells, weigh)
            if size > best_size:
                best, best_size = cells, size
        return best

    return _kept(group, anchored)


def element_word(s: Scene) -> str | None:
    """R11, R15: the word an objective's element weighs its cards by."""
    return None if s.facts.element is None else implied_type(s.facts.element)


def same_as(attribute: m.Attribute) -> Fn:
    """The face-up cards sharing a value of ``attribute`` with the anchor's card."""

    def same(s: Scene, a: int | None) -> int:
        if a is None or s.infos[a] is None:
            return 0
        found = 0
        for shift in s.infos[a].value_shifts[attribute]:
            found |= s.kinds >> shift
        return found & FULL

    return same


def most_common(attribute: m.Attribute, lanes: LaneTable) -> Fn:
    """R24: the face-up cards of the value with strictly the most of them (a
    card counts for each of its values, as often as it lists it); none on a
    tie. Counted from each value's lane, unless some card lists one twice."""

    def commonest(s: Scene, a: int | None) -> int:
        tally: dict[str, int] = {}
        if attribute.value in lanes.repeated:
            for cell in cells_of(s.up):
                for value in s.values(cell, attribute):
                    tally[value] = tally.get(value, 0) + 1
        else:
            for value, shift in lanes.values.get(attribute.value, ()):
                if count := ((s.kinds >> shift) & FULL).bit_count():
                    tally[value] = count
        best = strictly_most(tally)
        return 0 if best is None else (s.kinds >> lanes.value_shift(attribute, best)) & FULL

    return _kept(commonest, False)


def distinct(attribute: m.Attribute) -> Looked:
    """(scene, mask): how many values of ``attribute`` the mask's cards show."""

    def values(s: Scene, mask: int) -> int:
        found: set[str] = set()
        for cell in cells_of(mask):
            found.update(s.values(cell, attribute))
        return len(found)

    return values


def reference_line(line: m.ScoringLine) -> Fn:
    """The fallback: the reference judges this line on the scene's area and facts."""

    def judged(s: Scene, a: int | None) -> int:
        points: int = Evaluator(s.area_model(), s.facts).line_points(line, a)
        return points

    return judged
