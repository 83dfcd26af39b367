"""The compiled evaluator's code generator: each core node, a Python expression.

One method per core node kind (the shared dispatcher, ``language/walk``)
returns a :class:`Code`: the text of an expression over the scene ``s``
(:class:`~.scene.Scene`, the area as masks) and the anchor ``a``: a
selector's is the mask of the cells it matches (occupied cells only, as the
reference's), a scope's the mask of its cells, a count's and a line's a
number, a condition's a truth value. A tree's expressions nest into one,
compiled into ``def fn(s, a)`` (``generated``): inlining is the fusion.
The text is only operators, the scene's attributes and generated names:
constants ``k0``, ``k1``, ... (a tree's numbers, range-checked by the
language; masks, lanes and tables we computed; words to weigh by; the loops
of ``generated``) and walrus names ``v1``, ...; never a card's words. With
its numbers out of the text, trees of one shape share their compiled code.

What folds: a condition asking only where its anchor is (rows, columns, and
``not``/``and``/``or`` of those) is a table of 12 (Hela's "2 points if in
front row": 12 numbers); a selector of one feature lane is counted and
related through a table shifted into its lane. ``anchored``: judged from a
cell only (a card's lines): a table is a tuple, else a dict with no anchor's.

**Fallback.** A line whose generating raises the shared ``Unsupported`` is
judged by the reference instead, and counted (``fallbacks``,
``unsupported.FALLBACKS["compiled"]``); any other error goes up as itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import reduce
from operator import and_, or_
from types import MappingProxyType
from typing import Any

from attrs import define, field

from ..language import model as m
from ..language.lower import LOWERING, AroundCard, FixedCells, LargestGroup, LawLine, Scoping
from ..language.walk import Dispatch, total
from ..unsupported import Unsupported, fell_back
from . import generated as run
from . import masks as k
from .evaluator import FACT_FIELDS, cells_in, implied_type
from .masks import BIT, FULL
from .scene import CELLS, LaneTable

Table = tuple[int, ...]  # a value per anchor cell
NO_POINTS: Mapping[int, int] = MappingProxyType({})
NO_ANCHOR = 1 << len(CELLS)  # a static condition's bit for "with no anchor"

C = m.Comparison  # as Python's operators (the meaning of C.operator):
_OPERATORS = total(
    C,
    {C.AT_LEAST: ">=", C.AT_MOST: "<=", C.EXACTLY: "==", C.MORE_THAN: ">", C.FEWER_THAN: "<"},
    "compiler._OPERATORS",
)


@define
class Code:
    """An expression's text, and what a parent may fold from it: ``kinds``, a
    selector of the face-up cards with every one of these kinds lanes;
    ``static``, a condition that holds at the anchors of the mask (and with
    none if it has ``NO_ANCHOR``); ``table``, a condition that holds exactly where
    ``s.kinds & table[a]`` (never with no anchor); ``cells``, a scope that
    is these masks per anchor (``none`` with no anchor)."""

    text: str
    kinds: tuple[int, ...] | None = field(default=None, kw_only=True)
    static: int | None = field(default=None, kw_only=True)
    table: Table | None = field(default=None, kw_only=True)
    cells: Table | None = field(default=None, kw_only=True)
    none: int = field(default=0, kw_only=True)

    @property
    def lane(self) -> int | None:
        """A selector's one kinds lane, when it is one."""
        return self.kinds[0] if self.kinds is not None and len(self.kinds) == 1 else None


@define
class Sel:
    """A compiled selector as a scene and the batch hold it: ``fn(scene, anchor)``."""

    fn: run.Fn


def _join(joiner: str, texts: list[str], empty: str) -> str:
    return f"({joiner.join(texts)})" if texts else empty


# a subject's modes as "some card of a mask holds" (R24): (asked of the
# condition negated, of each subject apart, the answer negated)
_SUBJECTS: Mapping[m.SubjectMode, tuple[bool, bool, bool]] = total(
    m.SubjectMode,
    {
        m.SubjectMode.SOME: (False, True, False),  # each subject has a card that holds
        m.SubjectMode.EVERY: (True, False, True),  # no card fails it
        m.SubjectMode.NONE: (False, False, True),  # no card holds it
    },
    "compiler._SUBJECTS",
)


class Compiler:
    """Generates one function per tree; each is built by a fresh instance
    (:meth:`build`) binding its constants, ``root`` counting the fallbacks."""

    fallbacks = 0  # lines judged by the reference evaluator (see the module's text)

    def __init__(self, lanes: LaneTable, anchored: bool = False, root: Compiler | None = None):
        self.lanes = lanes
        self.anchored = anchored  # never judged without an anchor (see the module's text)
        self.root = self if root is None else root
        self._bound: dict[str, object] = {}  # generated name -> constant
        self._vars = 0

    def build(self, method: str, node: Any, anchored: bool | None = None) -> run.Fn:
        """The function of ``node`` as the method ``method`` writes it."""
        fresh = type(self)(self.lanes, self.anchored if anchored is None else anchored, self.root)
        code: Code = getattr(fresh, method)(node)
        return run.function(code.text, fresh._bound)

    def bind(self, value: object) -> str:
        """The generated name of a constant of ours in the function's namespace."""
        name = f"k{len(self._bound)}"  # one each, so that trees of one shape share code
        self._bound[name] = value
        return name

    def number(self, value: int | bool) -> str:
        """An int of a tree (range-checked) or of ours, as a constant, so that
        trees of one shape share their code; a bool as itself."""
        if type(value) not in (int, bool):
            raise TypeError(f"not a number: {value!r}")
        return str(value) if type(value) is bool else self.bind(value)

    def at(self, table: Iterable[int | bool], none: int | bool = 0) -> str:
        """``table[a]``: a value per anchor cell, ``none`` with no anchor."""
        values = tuple(table)
        if len(set(values)) == 1 and (self.anchored or none == values[0]):
            return self.number(values[0])
        if self.anchored:
            return f"{self.bind(values)}[a]"
        by_anchor: dict[int | None, int | bool] = {**dict(enumerate(values)), None: none}
        return f"{self.bind(by_anchor)}[a]"

    def static(self, where: int) -> Code:
        """The condition "the anchor is one of these cells" (``NO_ANCHOR``: or none)."""
        holds, without = [bool(where & BIT[cell]) for cell in CELLS], bool(where & NO_ANCHOR)
        lane0 = None if without else tuple(map(int, holds))  # lane 0 is always full
        return Code(self.at(holds, without), static=where, table=lane0)

    # ------------------------------------------------------------ selectors
    selector = Dispatch(m.Selector, lowering=LOWERING)

    def _lanes(self, kinds: Iterable[int]) -> Code:
        shifts = self.lanes.paired(tuple(sorted(set(kinds))))
        if not shifts:
            return Code("s.up", kinds=())
        text = " & ".join(f"(s.kinds >> {self.number(shift)})" for shift in shifts)
        return Code(f"({text} & {FULL})", kinds=shifts)

    @selector.on(m.TypeIs)
    def _type(self, sel: m.TypeIs) -> Code:
        return self._lanes((self.lanes.kind("type", sel.type),))

    @selector.on(m.MythologyIs)
    def _mythology(self, sel: m.MythologyIs) -> Code:
        return self._lanes((self.lanes.kind("mythology", sel.mythology),))

    @selector.on(m.FaceIs)
    def _face(self, sel: m.FaceIs) -> Code:
        return self._lanes(()) if sel.face_up else Code("(s.occ & ~s.up)")

    @selector.on(m.Named)
    def _named(self, sel: m.Named) -> Code:  # the card's id or one of its tags
        return Code(f"((s.names >> {self.number(self.lanes.name(sel.name))}) & {FULL})")

    @selector.on(m.SelfCard)
    def _self(self, sel: m.SelfCard) -> Code:
        return Code(f"(s.occ & {self.at(BIT)})")

    @selector.on(m.SameAs)
    def _same(self, sel: m.SameAs) -> Code:
        return Code(f"{self.bind(run.same_as(sel.attribute))}(s, a)")

    @selector.on(m.MostCommon)
    def _most_common(self, sel: m.MostCommon) -> Code:
        return Code(f"{self.bind(run.most_common(sel.attribute, self.lanes))}(s, a)")

    @selector.on(m.StateRef)
    def _state(self, sel: m.StateRef) -> Code:
        wanted = f"s.facts.scenario_state.get({self.bind(sel.name)})"  # R34
        return Code(f"(s.up & s.ids({wanted}))")

    @selector.on(m.ElementRef)
    def _element(self, sel: m.ElementRef) -> Code:
        return Code("(0 if s.element is None else s.element.fn(s, a))")

    @selector.on(m.SelNot)
    def _not(self, sel: m.SelNot) -> Code:
        return Code(f"(s.occ & ~{self.selector(sel.item).text})")

    @selector.on(m.SelAnd)
    def _and(self, sel: m.SelAnd) -> Code:
        items: list[Code] = [self.selector(item) for item in sel.items]
        plain = [item.kinds for item in items if item.kinds is not None]
        rest = [item.text for item in items if item.kinds is None]
        if plain:  # "greek god": one lane
            merged = self._lanes(shift for kinds in plain for shift in kinds)
            if not rest:
                return merged
            rest.insert(0, merged.text)
        return Code(_join(" & ", rest, "s.occ"))

    @selector.on(m.SelOr)
    def _or(self, sel: m.SelOr) -> Code:
        return Code(_join(" | ", [self.selector(item).text for item in sel.items], "0"))

    @selector.on(m.Leader)
    def _leader(self, sel: m.Leader) -> Code:
        """R24: the candidates matched from the anchor, each counted from itself."""
        candidates = self.build("selector", sel.candidates)
        count = self.build("countable", sel.count, anchored=True)
        leading = run.leader(candidates, count, run.reads_anchor(sel.candidates))
        return Code(f"{self.bind(leading)}(s, a)")

    # ------------------------------------------------------------ scopes, counts
    scope = Dispatch(Scoping, lowering=LOWERING)

    @scope.on(AroundCard)
    def _around(self, scope: AroundCard) -> Code:
        cells = k.ANCHORED_SCOPES[scope.kind]
        return Code(self.at(cells), cells=cells)

    @scope.on(FixedCells)
    def _fixed_cells(self, scope: FixedCells) -> Code:
        mask = k.mask_of(cells_in(scope.row, scope.column))
        text = str(FULL) if mask == FULL else self.number(mask)
        return Code(text, cells=(mask,) * len(CELLS), none=mask)

    @scope.on(LawLine)
    def _law_line(self, scope: LawLine) -> Code:  # R13
        return Code("s.line")

    @scope.on(LargestGroup)
    def _largest_group(self, scope: LargestGroup) -> Code:  # R6
        members = self.build("selector", scope.group)
        group = run.largest(members, self.word(scope.group), run.reads_anchor(scope.group))
        return Code(f"{self.bind(group)}(s, a)")

    def word(self, selector: m.Selector) -> str | Callable[[Any], str | None] | None:
        """R11: the word a selector's cards are weighed by (an objective's
        element's, when the scene is judged: a callable)."""
        return run.element_word if isinstance(selector, m.ElementRef) else implied_type(selector)

    def weighed(self, found: str, selector: m.Selector, lane: int = 0) -> str:
        """R11: the cards of a mask (shifted into ``lane``), each with its weight."""
        word = self.word(selector)
        if word is None:
            return f"({found}).bit_count()"
        if callable(word):
            return f"s.weighed({found}, {self.bind(word)}(s))"
        self._vars += 1
        v, shift, name = (
            f"v{self._vars}",
            f" >> {self.number(lane)}" if lane else "",
            self.bind(word),
        )
        return f"(s.weighed({v}{shift}, {name}) if ({v} := {found}){shift} & s.heavy else {v}.bit_count())"

    countable = Dispatch(m.Countable, lowering=LOWERING)

    @countable.on(m.Count)
    def count(self, c: m.Count) -> Code:
        """R11: the matching cards of the scope, each with its weight."""
        selector, scope = self.selector(c.selector), self.scope(c.scope)
        lane = selector.lane
        if c.where is None and scope.cells is not None and lane is not None:  # a shifted table
            found = f"s.kinds & {self.at((x << lane for x in scope.cells), scope.none << lane)}"
            return Code(self.weighed(found, c.selector, lane))
        found = selector.text if scope.text == str(FULL) else f"{scope.text} & {selector.text}"
        if c.where is not None:  # judged from each counted card
            holding = run.kept(self.build("condition", c.where, anchored=True))
            found = f"{self.bind(holding)}(s, {found})"
        return Code(self.weighed(found, c.selector))

    @countable.on(m.Distinct)
    def _distinct(self, c: m.Distinct) -> Code:
        found = f"({self.scope(c.scope).text} & {self.selector(c.selector).text} & s.up)"
        return Code(f"{self.bind(run.distinct(c.attribute))}(s, {found})")

    @countable.on(m.FactCount)
    def _fact(self, c: m.FactCount) -> Code:
        return Code(f"s.facts.{FACT_FIELDS[c.fact]}")

    # ------------------------------------------------------------ conditions
    condition = Dispatch(m.Condition, lowering=LOWERING)

    @condition.on(m.Relation)
    def _relation(self, c: m.Relation) -> Code:
        cells, target = k.RELATION[c.kind], self.selector(c.target)  # R2-R5, R7
        if target.lane is not None:
            table = tuple(mask << target.lane for mask in cells)
            return Code(f"(s.kinds & {self.at(table)})", table=table)
        return Code(f"({self.at(cells)} & {target.text})")

    @condition.on(m.InRow)
    def _in_row(self, c: m.InRow) -> Code:
        return self.static(k.ROWS[c.row])

    @condition.on(m.InColumn)
    def _in_column(self, c: m.InColumn) -> Code:
        # a column off the grid (an unlinted tree) holds no anchor, as the reference says
        return self.static(k.COLUMNS.get(c.column, 0))

    @condition.on(m.Present)
    def _present(self, c: m.Present) -> Code:
        return Code(f"(s.occ & {self.at(BIT)})")

    @condition.on(m.Scores)
    def _scores(self, c: m.Scores) -> Code:  # R24
        points = f"(s.facts.card_points or {self.bind(NO_POINTS)}).get(a, 0)"
        least = "> 0" if c.at_least is None else f">= {self.number(c.at_least)}"
        return Code(f"({points} {least})")

    @condition.on(m.Subject)
    def _subject(self, c: m.Subject) -> Code:
        """Each subject's cards are matched from the anchor, then judged from themselves."""
        negated, apart, denied = _SUBJECTS[c.mode]
        holds = m.CondNot(c.condition) if negated else c.condition
        some = self.bind(run.some(self.build("condition", holds, anchored=True)))
        masks = [self.selector(selector).text for selector in c.subjects]
        if not apart:
            masks = [_join(" | ", masks, "0")]
        text = _join(" and ", [f"{some}(s, {x})" for x in masks], "True")
        return Code(f"(not {text})" if denied else text)

    @condition.on(m.Quantity)
    def _quantity(self, c: m.Quantity) -> Code:
        count = self.countable(c.count).text
        return Code(f"({count} {_OPERATORS[c.comparison]} {self.number(c.amount)})")

    @condition.on(m.MoreThan)
    def _more_than(self, c: m.MoreThan) -> Code:
        return Code(f"({self.countable(c.more).text} > {self.countable(c.less).text})")

    @condition.on(m.AllFaceUpAtEnd)
    def _all_face_up(self, c: m.AllFaceUpAtEnd) -> Code:  # R21
        return Code("s.facts.all_face_up_at_end")

    @condition.on(m.CondNot)
    def _cond_not(self, c: m.CondNot) -> Code:
        inner: Code = self.condition(c.item)
        if inner.static is not None:
            return self.static((FULL | NO_ANCHOR) & ~inner.static)
        return Code(f"(not {inner.text})")

    @condition.on(m.CondAnd)
    def _cond_and(self, c: m.CondAnd) -> Code:
        items: list[Code] = [self.condition(item) for item in c.items]
        statics = [item.static for item in items if item.static is not None]
        if len(statics) == len(items):
            return self.static(reduce(and_, statics, FULL | NO_ANCHOR))
        # the anchor-only parts first: they are a table look-up
        ordered = sorted(items, key=lambda item: item.static is None)
        return Code(_join(" and ", [item.text for item in ordered], "True"))

    @condition.on(m.CondOr)
    def _cond_or(self, c: m.CondOr) -> Code:
        items: list[Code] = [self.condition(item) for item in c.items]
        statics = [item.static for item in items if item.static is not None]
        if len(statics) == len(items):
            return self.static(reduce(or_, statics, 0))
        tables = [item.table for item in items if item.table is not None]
        if len(tables) == len(items):  # one table of lanes
            table = tuple(reduce(or_, values, 0) for values in zip(*tables, strict=True))
            return Code(f"(s.kinds & {self.at(table)})", table=table)
        ordered = sorted(items, key=lambda item: item.static is None)
        return Code(_join(" or ", [item.text for item in ordered], "False"))

    # ------------------------------------------------------------ scoring lines
    line = Dispatch(m.ScoringLine, lowering=LOWERING)

    @line.on(m.Fixed)
    def _fixed(self, line: m.Fixed) -> Code:  # R8
        points = self.number(line.points)
        if line.condition is None:
            return Code(points)
        condition: Code = self.condition(line.condition)
        where = condition.static
        if where is not None:
            table = [line.points if where & BIT[cell] else 0 for cell in CELLS]
            return Code(self.at(table, line.points if where & NO_ANCHOR else 0))
        return Code(f"({points} if {condition.text} else 0)")

    @line.on(m.PerCount)
    def _per_count(self, line: m.PerCount) -> Code:  # R9
        if line.per <= 0:  # DL602; never divide by zero on an unlinted tree
            return Code("0")
        count = self.countable(line.count).text
        if line.per != 1:
            count = f"({count} // {self.number(line.per)})"
        return Code(count if line.points == 1 else f"({self.number(line.points)} * {count})")

    @line.on(m.Capped)
    def _capped(self, line: m.Capped) -> Code:
        limit = self.number(line.limit)
        return Code(f"max(min({self.line(line.line).text}, {limit}), -{limit})")

    @line.on(m.Bounded)
    def _bounded(self, line: m.Bounded) -> Code:
        inner = self.lines(line.lines)
        if line.floor is None and line.ceiling is None:  # 'scores like', lowered
            return inner
        return Code(f"{self.bind(line.clamp)}({inner.text})")

    def lines(self, lines: Iterable[m.ScoringLine]) -> Code:
        """The sum of some lines, each generated or else judged by the reference."""
        return Code(_join(" + ", [self.compile_line(line).text for line in lines], "0"))

    def compile_line(self, line: m.ScoringLine) -> Code:
        try:
            code: Code = self.line(line)
        except Unsupported:
            self.root.fallbacks += 1
            fell_back("compiled")
            return Code(f"{self.bind(run.reference_line(line))}(s, a)")
        return code
