"""The compiled evaluator, second half: conditions and scoring lines.

A condition becomes ``fn(scene, anchor) -> bool`` and a scoring line
``fn(scene, anchor) -> int`` (see ``compile_counts`` for selectors and counts,
and ``scene`` for the masks they read). A condition that only asks where its
anchor is (rows, columns, corners, and ``not``/``and``/``or`` of those) is
also kept as a *static* mask of the anchors where it holds, so that a line
like Hela's "2 points if in front row" becomes a table of 12 numbers.

**Fallback.** A scoring line whose compiling raises the shared
:class:`~dioses_rules.unsupported.Unsupported` is judged by the reference
evaluator instead, on the same area and facts, and the fallback is counted
(``fallbacks``, and ``unsupported.FALLBACKS["compiled"]``). Nothing else
falls back: a node kind with no method, or any other error, is a bug and goes
up as itself. The bundled sets and the property tests' trees compile without
a fallback (tests/test_compiled.py, tests/test_backends.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..language import model as m
from ..language.lower import LOWERING
from ..language.walk import Dispatch, UnhandledNode
from ..unsupported import Unsupported, fell_back
from . import masks as k
from .closures import (
    Fn,
    Sel,
    Table,
    lane_count_fn,
    lane_per_fn,
    lane_scored_fn,
    shifted,
    single_lanes,
    tested,
)
from .compile_counts import CountCompiler
from .evaluator import Evaluator
from .masks import BIT, FULL, cells_of
from .scene import CELLS, Scene


class Cond:
    """A compiled condition: ``fn(scene, anchor)``, true when it holds.

    ``static``: (mask of the anchors where it holds, whether it holds with no
    anchor) when that is all it depends on. ``tables``: (kinds table, names
    table), either None, when it holds exactly where ``scene.kinds &
    kinds[anchor]`` or ``scene.names & names[anchor]`` is not 0 (never with no
    anchor): relations to "a face-up card with one of these features", and
    positions (through the always-full lane 0). ``scored``: when set,
    ``scored(points)`` is the line "``points`` if it holds" as one closure
    (the same answer in one call instead of two or three).
    """

    __slots__ = ("fn", "scored", "static", "tables")

    def __init__(
        self,
        fn: Fn,
        static: tuple[int, bool] | None = None,
        tables: tuple[Table | None, Table | None] | None = None,
        scored: Callable[[int], Fn] | None = None,
    ) -> None:
        self.fn = fn
        self.static = static
        self.tables = tables
        self.scored = scored


def static_cond(where: int, without: bool = False, anchored: bool = False) -> Cond:
    """The condition "the anchor is one of these cells" (``without``: what
    it is with no anchor; ``anchored``: never judged without one)."""
    holds = tuple(bool(where & BIT[cell]) for cell in CELLS)
    if anchored:
        fn: Fn = lambda s, a: holds[a]  # type: ignore[index]  # anchored: a is a cell
    elif without:
        fn = lambda s, a: True if a is None else holds[a]
    else:
        fn = lambda s, a: a is not None and holds[a]
    if without:
        return Cond(fn, (where, True))
    return Cond(fn, (where, False), (tuple(int(x) for x in holds), None))  # bit 0: lane 0


def table_cond(kinds: Table | None, names: Table | None, anchored: bool = False) -> Cond:
    """The condition "some of these lanes are set around the anchor"."""
    if names is None:
        test = "s.kinds & kinds[a]"
    elif kinds is None:
        test = "s.names & names[a]"
    else:
        test = "(s.kinds & kinds[a] or s.names & names[a])"
    fn, scored = tested(test, anchored, kinds=kinds, names=names)
    return Cond(fn, None, (kinds, names), scored)


def _merge(tables: Iterable[Table | None]) -> Table | None:
    tables = [t for t in tables if t is not None]
    if not tables:
        return None
    return tuple(sum_or(values) for values in zip(*tables, strict=True))


def sum_or(values: Iterable[int]) -> int:
    found = 0
    for value in values:
        found |= value
    return found


class Compiler(CountCompiler):
    """Walks predicate trees once into closures (one method per node kind)."""

    fallbacks = 0  # lines judged by the reference evaluator (see the module's text)
    counted: Compiler | None = None  # another compiler counting this one's fallbacks too

    # ------------------------------------------------------------ conditions
    condition = Dispatch(m.Condition, lowering=LOWERING)

    @condition.on(m.Relation)
    def _relation(self, c: m.Relation) -> Cond:
        cells = k.RELATION[c.kind]  # R2-R5, R7
        target: Sel = self.selector(c.target)
        lanes = single_lanes(target)
        if lanes is not None:
            return table_cond(shifted(cells, lanes[0]), shifted(cells, lanes[1]), self.anchored)
        if (
            target.terms is not None
            and len(target.terms) == 1
            and len(target.terms[0][0]) == 2
            and not target.terms[0][1]
        ):
            one, two = target.terms[0][0]  # "next to greek god"
            return Cond(
                lambda s, a: a is not None and cells[a] & (s.kinds >> one) & (s.kinds >> two),
                scored=lambda p: (
                    lambda s, a: (
                        p if a is not None and cells[a] & (s.kinds >> one) & (s.kinds >> two) else 0
                    )
                ),
            )
        fn = target.fn
        return Cond(lambda s, a: a is not None and cells[a] & fn(s, a))

    @condition.on(m.InRow)
    def _in_row(self, c: m.InRow) -> Cond:
        return static_cond(k.ROWS[c.row], anchored=self.anchored)

    @condition.on(m.InColumn)
    def _in_column(self, c: m.InColumn) -> Cond:
        # a column off the grid (an unlinted tree) holds no anchor, as the reference says
        return static_cond(k.COLUMNS.get(c.column, 0), anchored=self.anchored)

    @condition.on(m.Present)
    def _present(self, c: m.Present) -> Cond:
        return Cond(lambda s, a: a is not None and s.occ & BIT[a])

    @condition.on(m.Scores)
    def _scores(self, c: m.Scores) -> Cond:  # R24
        at_least = c.at_least

        def scores(s: Scene, a: int | None) -> bool:
            points = (s.facts.card_points or {}).get(a, 0) if a is not None else 0
            return points >= at_least if at_least is not None else points > 0

        return Cond(scores)

    @condition.on(m.Subject)
    def _subject(self, c: m.Subject) -> Cond:
        """Each subject's cards are matched from the anchor, then judged from
        themselves."""
        subjects = tuple(self.selector(selector).fn for selector in c.subjects)
        holds = self.condition(c.condition).fn
        if c.mode is m.SubjectMode.SOME:

            def some(s: Scene, a: int | None) -> bool:
                for subject in subjects:
                    for cell in cells_of(subject(s, a)):
                        if holds(s, cell):
                            break
                    else:  # no card of this subject holds it
                        return False
                return True

            return Cond(some)

        def candidates(s: Scene, a: int | None) -> Iterable[int]:
            found = 0
            for subject in subjects:
                found |= subject(s, a)
            return cells_of(found)

        if c.mode is m.SubjectMode.EVERY:

            def every(s: Scene, a: int | None) -> bool:
                for cell in candidates(s, a):  # noqa: SIM110 - a loop makes no generator (hot)
                    if not holds(s, cell):
                        return False
                return True

            return Cond(every)

        if c.mode is m.SubjectMode.NONE:

            def none_of(s: Scene, a: int | None) -> bool:
                for cell in candidates(s, a):  # noqa: SIM110 - a loop makes no generator (hot)
                    if holds(s, cell):
                        return False
                return True

            return Cond(none_of)
        raise UnhandledNode(f"Compiler has no meaning for the subject mode {c.mode.name}")

    @condition.on(m.Quantity)
    def _quantity(self, c: m.Quantity) -> Cond:
        test, amount = c.comparison.operator, c.amount
        lane = self.lane_count(c.count) if isinstance(c.count, m.Count) else None
        if lane is not None and len(lane.shifts) == 1:

            def scored(points: int) -> Fn:
                fused = lane_scored_fn(lane, test, amount, points)
                assert fused is not None  # a one-lane count (compiling, not scoring)
                return fused

            if lane.unweighed:
                table, none = lane.table, lane.none
                return Cond(
                    lambda s, a: test(
                        (s.kinds & (none if a is None else table[a])).bit_count(), amount
                    ),
                    scored=scored,
                )
            count: Fn = lane_count_fn(lane)
            return Cond(lambda s, a: test(count(s, a), amount), scored=scored)
        count = self.countable(c.count)
        return Cond(
            lambda s, a: test(count(s, a), amount),
            scored=lambda p: lambda s, a: p if test(count(s, a), amount) else 0,
        )

    @condition.on(m.MoreThan)
    def _more_than(self, c: m.MoreThan) -> Cond:
        more, less = self.count(c.more), self.count(c.less)
        return Cond(lambda s, a: more(s, a) > less(s, a))

    @condition.on(m.AllFaceUpAtEnd)
    def _all_face_up(self, c: m.AllFaceUpAtEnd) -> Cond:  # R21
        return Cond(
            lambda s, a: s.facts.all_face_up_at_end,
            scored=lambda p: lambda s, a: p if s.facts.all_face_up_at_end else 0,
        )

    @condition.on(m.CondNot)
    def _cond_not(self, c: m.CondNot) -> Cond:
        inner: Cond = self.condition(c.item)
        if inner.static is not None:
            where, without = inner.static
            return static_cond(FULL & ~where, not without, self.anchored)
        fn = inner.fn
        return Cond(lambda s, a: not fn(s, a))

    @condition.on(m.CondAnd)
    def _cond_and(self, c: m.CondAnd) -> Cond:
        items = [self.condition(item) for item in c.items]
        if all(item.static is not None for item in items):
            where, without = FULL, True
            for item in items:
                where, without = where & item.static[0], without and item.static[1]
            return static_cond(where, without, self.anchored)
        if len(items) == 2 and all(
            item.tables is not None and item.tables[1] is None for item in items
        ):
            one, two = items[0].tables[0], items[1].tables[0]
            return Cond(
                lambda s, a: a is not None and s.kinds & one[a] and s.kinds & two[a],
                scored=lambda p: (
                    lambda s, a: p if a is not None and s.kinds & one[a] and s.kinds & two[a] else 0
                ),
            )
        # the anchor-only parts first: they are a table lookup
        fns = tuple(item.fn for item in sorted(items, key=lambda item: item.static is None))
        if len(fns) == 2:
            first, second = fns
            return Cond(lambda s, a: first(s, a) and second(s, a))
        return Cond(lambda s, a: all(fn(s, a) for fn in fns))

    @condition.on(m.CondOr)
    def _cond_or(self, c: m.CondOr) -> Cond:
        items = [self.condition(item) for item in c.items]
        if all(item.static is not None for item in items):
            where, without = 0, False
            for item in items:
                where, without = where | item.static[0], without or item.static[1]
            return static_cond(where, without, self.anchored)
        if items and all(item.tables is not None for item in items):
            return table_cond(
                _merge(item.tables[0] for item in items),
                _merge(item.tables[1] for item in items),
                self.anchored,
            )
        fns = tuple(item.fn for item in sorted(items, key=lambda item: item.static is None))
        if len(fns) == 2:
            first, second = fns
            return Cond(lambda s, a: first(s, a) or second(s, a))
        return Cond(lambda s, a: any(fn(s, a) for fn in fns))

    # ------------------------------------------------------------ scoring lines
    line = Dispatch(m.ScoringLine, lowering=LOWERING)

    @line.on(m.Fixed)
    def _fixed(self, line: m.Fixed) -> Fn:  # R8
        points = line.points
        if line.condition is None:
            return lambda s, a: points
        condition: Cond = self.condition(line.condition)
        if condition.static is not None:
            where, without = condition.static
            table = tuple(points if where & BIT[cell] else 0 for cell in CELLS)
            none = points if without else 0
            if self.anchored:
                return lambda s, a: table[a]  # type: ignore[index]  # anchored: a cell
            return lambda s, a: none if a is None else table[a]
        if condition.scored is not None:
            return condition.scored(points)
        fn = condition.fn
        return lambda s, a: points if fn(s, a) else 0

    @line.on(m.PerCount)
    def _per_count(self, line: m.PerCount) -> Fn:  # R9
        points, per = line.points, line.per
        if per <= 0:  # DL602; never divide by zero on an unlinted tree
            return lambda s, a: 0
        count: Fn = self.countable(line.count)
        if per == 1 and points == 1:
            return count
        lane = self.lane_count(line.count) if isinstance(line.count, m.Count) else None
        fused = None if lane is None else lane_per_fn(lane, points, per)
        if fused is not None:
            return fused
        if per == 1:
            return lambda s, a: points * count(s, a)
        return lambda s, a: points * (count(s, a) // per)

    @line.on(m.Capped)
    def _capped(self, line: m.Capped) -> Fn:
        inner, limit = self.line(line.line), line.limit
        return lambda s, a: max(min(inner(s, a), limit), -limit)

    @line.on(m.Bounded)
    def _bounded(self, line: m.Bounded) -> Fn:
        inner, clamp = self.lines(line.lines), line.clamp
        if line.floor is None and line.ceiling is None:  # 'scores like', lowered
            return inner
        return lambda s, a: clamp(inner(s, a))

    def lines(self, lines: Iterable[m.ScoringLine]) -> Fn:
        """The sum of some lines, each compiled or else judged by the reference."""
        fns = tuple(self.compile_line(line) for line in lines)
        if not fns:
            return lambda s, a: 0
        if len(fns) == 1:
            return fns[0]
        if len(fns) == 2:
            one, two = fns
            return lambda s, a: one(s, a) + two(s, a)
        return lambda s, a: sum(fn(s, a) for fn in fns)

    def compile_line(self, line: m.ScoringLine) -> Fn:
        try:
            fn: Fn = self.line(line)
        except Unsupported:
            self.fallbacks += 1
            if self.counted is not None:
                self.counted.fallbacks += 1
            fell_back("compiled")
            return reference_line(line)
        return fn


def reference_line(line: m.ScoringLine) -> Fn:
    """The fallback: the reference evaluator judges this line on the scene's
    area and facts."""

    def judged(s: Scene, a: int | None) -> int:
        points: int = Evaluator(s.area_model(), s.facts).line_points(line, a)
        return points

    return judged
