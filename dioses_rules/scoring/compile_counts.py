"""The compiled evaluator, first half: selectors, scopes and counts as closures.

Each predicate tree is walked once (one method per node kind, through the
shared dispatcher of ``language/walk``) and becomes a Python closure over a
:class:`~.scene.Scene`: a selector becomes ``fn(scene, anchor) -> mask`` of
the cells it matches, a count ``fn(scene, anchor) -> int``. No text of a tree
is ever generated or executed: the closures are the fixed ones below and in
``closures``, holding only integers, enums and strings taken from the tree.

Every closure computes what the reference evaluator (``evaluator``) computes
for the same node; the differential tests (tests/test_compiled.py) hold them
to it. Every mask a selector returns is a subset of the occupied cells, as
the reference matches nothing in an empty cell.

The compiled forms and their fixed closures are in ``closures``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from operator import attrgetter

from ..language import model as m
from ..language.lower import LOWERING, AroundCard, FixedCells, LargestGroup, LawLine, Scoping
from ..language.walk import Dispatch
from . import area as g
from . import masks as k
from .closures import (
    MAX_TERMS,
    Fn,
    LaneCount,
    Memo,
    ScopeMasks,
    Sel,
    lane_count_fn,
    most_common,
    product_size,
    terms_sel,
    union,
)
from .evaluator import FACT_FIELDS, cells_in, implied_type, implied_words
from .masks import BIT, FULL, cells_of
from .scene import LaneTable, Scene


class CountCompiler:
    """Compiles selectors and countables; ``Compiler`` adds conditions and
    lines (a count's ``where`` is a condition)."""

    def __init__(self, lanes: LaneTable, anchored: bool = False) -> None:
        self.lanes = lanes
        # never judged without an anchor (a card's lines, from its cell): the
        # closures need not ask whether there is one
        self.anchored = anchored

    # ------------------------------------------------------------ selectors
    selector = Dispatch(m.Selector, lowering=LOWERING)

    @selector.on(m.TypeIs)
    def _type(self, sel: m.TypeIs) -> Sel:
        return terms_sel((((self.lanes.kind("type", sel.type),), ()),))

    @selector.on(m.MythologyIs)
    def _mythology(self, sel: m.MythologyIs) -> Sel:
        return terms_sel((((self.lanes.kind("mythology", sel.mythology),), ()),))

    @selector.on(m.FaceIs)
    def _face(self, sel: m.FaceIs) -> Sel:
        if sel.face_up:
            return terms_sel((((), ()),))
        return Sel(lambda sc, a: sc.occ & ~sc.up, False)

    @selector.on(m.Named)
    def _named(self, sel: m.Named) -> Sel:  # the card's id or one of its tags
        return terms_sel((((), (self.lanes.name(sel.name),)),))

    @selector.on(m.SelfCard)
    def _self(self, sel: m.SelfCard) -> Sel:
        return Sel(lambda sc, a: 0 if a is None else sc.occ & BIT[a], True)

    @selector.on(m.SameAs)
    def _same(self, sel: m.SameAs) -> Sel:
        """A face-up card sharing a value with the anchor's card (any face)."""
        attribute = sel.attribute

        def same(sc: Scene, a: int | None) -> int:
            if a is None or sc.infos[a] is None:
                return 0
            found = 0
            for shift in sc.infos[a].value_shifts[attribute]:
                found |= sc.kinds >> shift
            return found & FULL

        return Sel(same, True)

    @selector.on(m.MostCommon)
    def _most_common(self, sel: m.MostCommon) -> Sel:
        attribute, lanes = sel.attribute, self.lanes

        def commonest(sc: Scene, a: int | None) -> int:
            best = most_common(sc, attribute, lanes)
            if best is None:
                return 0
            return (sc.kinds >> lanes.value_shift(attribute, best)) & FULL

        return Sel(commonest, False)

    @selector.on(m.StateRef)
    def _state(self, sel: m.StateRef) -> Sel:
        name = sel.name

        def state(sc: Scene, a: int | None) -> int:
            wanted = sc.facts.scenario_state.get(name)
            return 0 if wanted is None else sc.up & sc.ids(wanted)

        return Sel(state, False)

    @selector.on(m.ElementRef)
    def _element(self, sel: m.ElementRef) -> Sel:
        def element(sc: Scene, a: int | None) -> int:
            return 0 if sc.element is None else sc.element.fn(sc, a)

        return Sel(element, True)

    @selector.on(m.SelNot)
    def _not(self, sel: m.SelNot) -> Sel:
        inner: Sel = self.selector(sel.item)
        fn = inner.fn
        return Sel(lambda sc, a: sc.occ & ~fn(sc, a), inner.anchored)

    @selector.on(m.SelAnd)
    def _and(self, sel: m.SelAnd) -> Sel:
        items: list[Sel] = [self.selector(item) for item in sel.items]
        plain = [item.terms for item in items if item.terms is not None]
        rest = [item for item in items if item.terms is None]
        if plain and product_size(plain) <= MAX_TERMS:  # "greek god": one closure
            merged = terms_sel(
                tuple(
                    dict.fromkeys(
                        (
                            self.lanes.paired(union(x[0] for x in combo)),
                            union(x[1] for x in combo),
                        )
                        for combo in product(*plain)
                    )
                )
            )
            if not rest:
                return merged
            rest.insert(0, merged)
        else:
            rest = items
        fns = tuple(item.fn for item in rest)
        anchored = any(item.anchored for item in rest)
        if len(fns) == 2:
            one, two = fns
            return Sel(lambda sc, a: one(sc, a) & two(sc, a), anchored)

        def all_of(sc: Scene, a: int | None) -> int:
            found = sc.occ  # 'and' of nothing: every card
            for fn in fns:
                found &= fn(sc, a)
            return found

        return Sel(all_of, anchored)

    @selector.on(m.SelOr)
    def _or(self, sel: m.SelOr) -> Sel:
        items = [self.selector(item) for item in sel.items]
        if items and all(item.terms is not None for item in items):
            return terms_sel(tuple(dict.fromkeys(t for item in items for t in item.terms)))
        fns = tuple(item.fn for item in items)

        def any_of(sc: Scene, a: int | None) -> int:
            found = 0
            for fn in fns:
                found |= fn(sc, a)
            return found

        return Sel(any_of, any(item.anchored for item in items))

    @selector.on(m.Leader)
    def _leader(self, sel: m.Leader) -> Sel:
        """R24: the candidate with strictly the highest count; none on a tie.
        The candidates are matched from the anchor, each counts from itself."""
        candidates: Sel = self.selector(sel.candidates)
        matching, count = candidates.fn, self.count(sel.count)
        key, anchored = Memo(), candidates.anchored

        def leader(sc: Scene, a: int | None) -> int:
            memo_key = (key, a if anchored else None)
            memo = sc.memo
            if memo_key in memo:
                cell = memo[memo_key]
            else:
                best, cell, tied = -1, None, False
                for candidate in cells_of(matching(sc, a)):
                    value = count(sc, candidate)
                    if value > best:
                        best, cell, tied = value, candidate, False
                    elif value == best:
                        tied = True
                if tied:
                    cell = None
                sc.remember(memo_key, cell)
            return 0 if cell is None else BIT[cell]

        return Sel(leader, True)

    # ------------------------------------------------------------ scopes, counts
    def weight_type(self, selector: m.Selector) -> str | Callable[[Scene], str | None] | None:
        """R11: the type a selector's cards are weighed as; ``element`` stands
        for the objective's element (Evaluator.weight): a callable then."""
        if isinstance(selector, m.ElementRef):
            return lambda sc: None if sc.facts.element is None else implied_type(sc.facts.element)
        return implied_type(selector)

    scope = Dispatch(Scoping, lowering=LOWERING)

    @scope.on(AroundCard)
    def _around(self, scope: AroundCard) -> ScopeMasks:
        return ScopeMasks(k.ANCHORED_SCOPES[scope.kind], 0)

    @scope.on(FixedCells)
    def _fixed_cells(self, scope: FixedCells) -> ScopeMasks:
        mask = k.mask_of(cells_in(scope.row, scope.column))
        return ScopeMasks((mask,) * g.SIZE, mask)

    @scope.on(LawLine)
    def _law_line(self, scope: LawLine) -> ScopeMasks:  # R13
        return ScopeMasks(fn=lambda sc, a: sc.line, line=True)

    @scope.on(LargestGroup)
    def _largest_group(self, scope: LargestGroup) -> ScopeMasks:
        return ScopeMasks(fn=self.largest_group(scope.group))

    def largest_group(self, selector: m.Selector) -> Fn:
        """R6: the connected group of matching cards that counts most (the
        first, from the front-left, on a tie)."""
        members, wanted = self.selector(selector), self.weight_type(selector)
        matching, key, anchored = members.fn, Memo(), members.anchored

        def largest(sc: Scene, a: int | None) -> int:
            memo_key = (key, a if anchored else None)
            memo = sc.memo
            if memo_key in memo:
                found: int = memo[memo_key]
                return found
            weigh = wanted(sc) if callable(wanted) else wanted
            best = best_size = 0
            for group in k.groups(matching(sc, a)):
                size = sc.weighed(group, weigh)
                if size > best_size:
                    best, best_size = group, size
            return sc.remember(memo_key, best)

        return largest

    def lane_count(self, c: m.Count) -> LaneCount | None:
        """The count as a :class:`LaneCount` when it is one, else None."""
        if c.where is not None or isinstance(c.selector, m.ElementRef):
            return None
        selector, scope = self.selector(c.selector), self.scope(c.scope)
        if scope.fn is not None or selector.terms is None or len(selector.terms) != 1:
            return None
        kinds, names = selector.terms[0]
        if len(kinds) > 2 or names:
            return None
        return LaneCount(scope, kinds, *implied_words(c.selector), anchored=self.anchored)

    def line_count(self, c: m.Count) -> Fn | None:
        """A count of the face-up cards with one or two kinds lanes on a
        law's line (R13; every law counts so), as one closure; else None."""
        if c.where is not None or isinstance(c.selector, m.ElementRef):
            return None
        if not self.scope(c.scope).line:  # asked of the scope's own method
            return None
        selector: Sel = self.selector(c.selector)
        if selector.terms is None or len(selector.terms) != 1:
            return None
        kinds, names = selector.terms[0]
        wanted = implied_type(c.selector)  # R11, as count_cells weighs
        if names or len(kinds) not in (1, 2):
            return None
        one, two = kinds[0], kinds[-1]  # the same lane twice for one kind

        def on_line(sc: Scene, a: int | None) -> int:
            found = (sc.kinds >> one) & (sc.kinds >> two) & sc.line
            if found & sc.heavy:  # a heavy card counted
                return sc.weighed(found, wanted)
            return found.bit_count()

        return on_line

    countable = Dispatch(m.Countable, lowering=LOWERING)

    @countable.on(m.Count)
    def count(self, c: m.Count) -> Fn:
        """R11: the matching cards of the scope, each with its weight."""
        lane = self.lane_count(c)
        if lane is not None:
            return lane_count_fn(lane)
        on_line = self.line_count(c)
        if on_line is not None:
            return on_line
        selector, scope = self.selector(c.selector), self.scope(c.scope)
        wanted = self.weight_type(c.selector)
        where = None if c.where is None else self.condition(c.where).fn
        matching, within = selector.fn, scope.closure()

        def count_cells(sc: Scene, a: int | None) -> int:
            found = within(sc, a) & matching(sc, a)
            if where is not None:
                for cell in cells_of(found):
                    if not where(sc, cell):  # judged from the counted card
                        found &= ~BIT[cell]
            return sc.weighed(found, wanted(sc) if callable(wanted) else wanted)

        return count_cells

    @countable.on(m.Distinct)
    def _distinct(self, c: m.Distinct) -> Fn:
        within, matching = self.scope(c.scope).closure(), self.selector(c.selector).fn
        attribute = c.attribute

        def distinct(sc: Scene, a: int | None) -> int:
            found = within(sc, a) & matching(sc, a) & sc.up
            values: set[str] = set()
            for cell in cells_of(found):
                values.update(sc.values(cell, attribute))
            return len(values)

        return distinct

    @countable.on(m.FactCount)
    def _fact(self, c: m.FactCount) -> Fn:
        fact = attrgetter(FACT_FIELDS[c.fact])
        return lambda sc, a: fact(sc.facts)

    condition: Dispatch  # Compiler's: a count's ``where`` is a condition
