"""Nothing hides a broken back end (#26): sabotage one method, a test fails.

For every method of the reference evaluator's and the compiled evaluator's
dispatch tables, in turn: make it raise, and the error must come out of
scoring (no fallback masks it: only ``Unsupported`` falls back); make it
return a wrong value, and the two evaluators must disagree on a small fixed
set of lines, areas and facts. The batch's methods likewise (raise: out of
its compiling; lie: balance's tallies change, unless the method declares
the node Unsupported), and the solver's (raise: out of building the model;
lie: its points on two full areas, each card where it stands, differ from
the reference's). A method this cannot catch fails here, named. The lines below hold every core node kind (and the sugar, lowered);
each sabotage judges only the lines that hold its node kind, so the whole
file costs about a second.
"""

from __future__ import annotations

import random

import attrs
import pytest
from test_properties import bundled

from dioses_rules.language import model as m
from dioses_rules.language.lower import iter_core
from dioses_rules.language.walk import DISPATCHES
from dioses_rules.scoring import compiled
from dioses_rules.scoring.area import ROW_CELLS, SIZE, Area, Placed
from dioses_rules.scoring.compiled import CompiledPool
from dioses_rules.scoring.compiler import Code, Compiler
from dioses_rules.scoring.evaluator import Evaluator, Facts
from dioses_rules.scoring.masks import FULL
from dioses_rules.scoring.scene import LANE
from dioses_rules.unsupported import FALLBACKS

GOD, PLACE, GREEK = m.TypeIs("god"), m.TypeIs("place"), m.MythologyIs("greek")
A = m.ScopeKind


def per(selector, kind=A.AREA, points=1):
    return m.PerCount(points, 1, m.Count(selector, m.Scope(kind)))


def fixed(condition, points=2):
    return m.Fixed(points, condition)


def lines() -> tuple:
    named = bundled("myth")[0].id
    return (
        per(m.AnyCard()),
        per(GOD, A.ROW, 2),
        per(GREEK, A.NEIGHBOURS),
        per(m.FaceIs(False)),
        per(m.Named(named)),
        per(m.SelfCard(), A.ROW, 3),
        per(m.SameAs(m.Attribute.MYTHOLOGY), A.SURROUNDINGS),
        per(m.MostCommon(m.Attribute.MYTHOLOGY)),
        per(m.MostCommon(m.Attribute.TYPE)),
        per(m.StateRef("fairest")),
        per(m.ElementRef(), A.COLUMN),
        per(m.SelNot(GOD)),
        per(m.SelAnd((GOD, GREEK))),
        per(m.SelOr((PLACE, m.MythologyIs("norse"))), A.DIAGONALS),
        per(m.Leader(m.AnyCard(), m.Count(GOD, m.Scope(A.SURROUNDINGS)))),
        per(GOD, A.LINE),
        m.PerCount(1, 1, m.Count(GOD, m.Scope(A.LARGEST_GROUP, group=GOD))),
        m.PerCount(1, 1, m.Count(m.AnyCard(), m.Scope(A.NAMED_ROW, row=m.Row.BACK))),
        m.PerCount(1, 1, m.Count(m.AnyCard(), m.Scope(A.NAMED_COLUMN, column=2))),
        m.PerCount(2, 1, m.FactCount(m.Fact.PATTERNS_COMPLETED)),
        m.PerCount(2, 1, m.FactCount(m.Fact.LAWS_MET)),
        m.PerCount(1, 2, m.FactCount(m.Fact.TOTAL)),
        m.PerCount(1, 1, m.Distinct(m.Attribute.MYTHOLOGY, m.Scope(A.AREA))),
        m.PerCount(1, 1, m.Distinct(m.Attribute.TYPE, m.Scope(A.LARGEST_GROUP, group=GREEK))),
        m.PerCount(1, 1, m.Count(GOD, m.Scope(A.AREA), m.Relation(m.RelationKind.NEXT_TO, PLACE))),
        fixed(m.Relation(m.RelationKind.ABOVE, GOD)),
        fixed(m.Relation(m.RelationKind.CLOSE_TO, GREEK)),
        fixed(m.InRow(m.Row.FRONT)),
        fixed(m.InColumn(2)),
        fixed(m.AtCell(m.Row.BACK, 4)),
        fixed(m.InCorner()),
        fixed(m.Subject(m.SubjectMode.SOME, (GOD,), m.Relation(m.RelationKind.NEXT_TO, PLACE))),
        fixed(m.Subject(m.SubjectMode.EVERY, (PLACE,), m.InRow(m.Row.CENTRAL))),
        fixed(m.Subject(m.SubjectMode.NONE, (GREEK,), m.InCorner())),
        fixed(m.Subject(m.SubjectMode.SOME, (m.AnyCard(),), m.Present())),
        fixed(m.CondAnd((m.Present(), m.InRow(m.Row.BACK)))),
        fixed(m.Scores(2)),
        fixed(m.Scores()),
        fixed(m.Quantity(m.Comparison.AT_LEAST, 2, m.Count(GOD, m.Scope(A.ROW)))),
        fixed(m.Only(GOD, m.Scope(A.ROW))),
        fixed(m.MoreThan(m.Count(GOD, m.Scope(A.AREA)), m.Count(PLACE, m.Scope(A.AREA)))),
        fixed(m.AllFaceUpAtEnd()),
        fixed(m.CondNot(m.InRow(m.Row.FRONT))),
        fixed(m.CondNot(m.Relation(m.RelationKind.NEXT_TO, GOD))),
        fixed(m.CondAnd((m.InRow(m.Row.FRONT), m.Relation(m.RelationKind.NEXT_TO, GOD)))),
        fixed(m.CondOr((m.InCorner(), m.Relation(m.RelationKind.BELOW, PLACE)))),
        fixed(m.NoneIn(m.Count(GREEK, m.Scope(A.ROW)))),
        fixed(m.Between(GOD, m.AnyCard())),
        m.Fixed(3),
        m.Capped(per(m.AnyCard()), 5),
        m.Capped(per(GOD, A.AREA, -2), 3),
        m.ScoresLike("hera", lines=(per(GOD, A.ROW), fixed(m.InCorner()))),
        # a card's bounded total, and a bounded 'scores like' (#26's floors and caps)
        m.Bounded((per(GOD, A.AREA, -2), per(m.AnyCard(), A.ROW)), 0, 4),
        m.Bounded((m.ScoresLike("hera", lines=(per(GOD, A.ROW, 2),)),), 1, 3),
    )


def areas() -> list[Area]:
    """Four areas of the bundled cards: two full and face up, two with gaps
    and face-down cards."""
    rng = random.Random(26)
    cards = bundled("myth")
    made = []
    for index in range(4):
        chosen = rng.sample(cards, SIZE)
        made.append(
            Area(
                tuple(
                    None
                    if index >= 2 and rng.random() < 0.25
                    else Placed(card, index < 2 or rng.random() < 0.8)
                    for card in chosen
                )
            )
        )
    return made


def facts_for(area: Area) -> list[Facts]:
    first = next(c for c in area.occupied())
    return [
        Facts(),
        Facts(
            law_line=ROW_CELLS[m.Row.CENTRAL],
            element=GOD,
            card_points={cell: cell % 4 for cell in area.occupied()},
            patterns_completed=2,
            laws_met=1,
            total=7,
            scenario_state={"fairest": area.cells[first].card.id},
            all_face_up_at_end=True,
        ),
    ]


LINES, AREAS = lines(), areas()
CASES = [(area, facts) for area in AREAS for facts in facts_for(area)]


def holding(kind: type) -> list:
    found = [line for line in LINES if any(type(n) is kind for n in iter_core(line))]
    assert found, f"no line of tests/test_sabotage.py holds a {kind.__name__}"
    return found


def disagreement(lines_) -> str | None:
    """The first line, area and anchor where the two evaluators disagree."""
    for line in lines_:
        for area, facts in CASES:
            for anchor in (*area.occupied(), None):
                reference = Evaluator(area, facts).lines_points((line,), anchor)
                fast = compiled.lines_points(area, facts, (line,), anchor)
                if reference != fast:
                    return f"{line!r} from {anchor}: reference {reference}, compiled {fast}"
    return None


def entries(owner: type) -> list:
    return [
        (owner, name, kind)
        for o, name, dispatch in DISPATCHES
        if o is owner
        for kind in sorted(dispatch.core(), key=lambda k: k.__name__)
    ]


ENTRIES = entries(Evaluator) + entries(Compiler)
IDS = [f"{o.__name__}.{n}[{k.__name__}]" for o, n, k in ENTRIES]


class Sabotaged(Exception):
    pass


def test_the_lines_agree_unsabotaged():
    before = sum(FALLBACKS.values())
    assert disagreement(LINES) is None
    assert sum(FALLBACKS.values()) == before  # and none fell back


@pytest.fixture
def fresh_pool(monkeypatch):
    monkeypatch.setattr(compiled, "_POOL", CompiledPool())


def _table(owner: type, name: str):
    return getattr(owner, name).dispatch.handlers


@pytest.mark.parametrize("owner,name,kind", ENTRIES, ids=IDS)
def test_a_method_that_raises_is_not_masked(owner, name, kind, monkeypatch, fresh_pool):
    def broken(*args, **kwargs):
        raise Sabotaged(f"{owner.__name__}.{name}[{kind.__name__}]")

    monkeypatch.setitem(_table(owner, name), kind, broken)
    with pytest.raises(Sabotaged):
        disagreement(holding(kind))


def wrong_cells(cells: tuple) -> tuple:
    """Some cells, wrong: the first left out, or cell 0 for none."""
    return cells[1:] if cells else (0,)


def _wrong(owner: type, name: str, method):
    """The method, returning a wrong value of the right type."""
    if owner is Evaluator:

        def wrong(*args, **kwargs):
            value = method(*args, **kwargs)
            if isinstance(value, tuple):  # a scope's cells
                return wrong_cells(value)
            return not value if isinstance(value, bool) else value + 1

        return wrong

    def wrong_compiled(self, node, *args, **kwargs):
        """A generator's wrong value: a wrong expression, with nothing to
        fold from (so that its parent reads the expression)."""
        text = method(self, node, *args, **kwargs).text
        if name == "condition":
            return Code(f"(not {text})")
        if name in ("selector", "scope"):
            return Code(f"(s.occ & ~{text})" if name == "selector" else f"({text} ^ {FULL})")
        return Code(f"({text} + 1)")

    return wrong_compiled


@pytest.mark.parametrize("owner,name,kind", ENTRIES, ids=IDS)
def test_a_method_that_returns_a_wrong_value_is_caught(owner, name, kind, monkeypatch, fresh_pool):
    table = _table(owner, name)
    monkeypatch.setitem(table, kind, _wrong(owner, name, table[kind]))
    assert disagreement(holding(kind)) is not None, (
        f"{owner.__name__}.{name}[{kind.__name__}] returned a wrong value and no "
        "differential check noticed"
    )


def wrong_folds(code: Code) -> Code | None:
    """The generator's code with its right text and every fold a parent
    reads instead of the text made wrong (None: it has none)."""
    if (code.kinds, code.static, code.table, code.cells) == (None, None, None, None):
        return None
    return attrs.evolve(
        code,
        kinds=None if code.kinds is None else tuple(x + LANE for x in code.kinds) or (LANE,),
        static=None if code.static is None else code.static ^ FULL,
        table=None if code.table is None else tuple(x ^ FULL for x in code.table),
        cells=None if code.cells is None else tuple(x ^ FULL for x in code.cells),
        none=code.none ^ FULL,
    )


@pytest.mark.parametrize("owner,name,kind", entries(Compiler), ids=IDS[len(entries(Evaluator)) :])
def test_a_generator_method_whose_folds_are_wrong_is_caught(
    owner, name, kind, monkeypatch, fresh_pool
):
    """What a parent folds from (a selector's lanes, a static condition's
    anchors, a relation's table, a scope's cells) is meaning too: made
    wrong behind a right expression, a differential check notices."""
    table, folded = _table(owner, name), []
    method = table[kind]

    def wrong(self, node, *args, **kwargs):
        code = wrong_folds(method(self, node, *args, **kwargs))
        folded.append(code is not None)
        return method(self, node, *args, **kwargs) if code is None else code

    monkeypatch.setitem(table, kind, wrong)
    assert disagreement(holding(kind)) is not None or not any(folded), (
        f"{owner.__name__}.{name}[{kind.__name__}] returned wrong folds and no "
        "differential check noticed"
    )


# ---------------------------------------------------------------- the batch and the solver
# The batch (scoring/wide.py) judges full, face-up areas many at a time; the
# solver (solve/compiler.py) compiles a hand into a CP-SAT model. Each of
# their methods, made to raise, must make its back end raise (no fallback but
# Unsupported's); a batch method made to lie must change balance's tallies.


def _card(code: int, line) -> m.MythCard:
    kinds = (("god", ("greek",)), ("place", ("norse",)), ("object", ("greek", "egyptian")))
    kind, mythologies = kinds[code % 3]
    return m.MythCard(f"sabotage-{code}", f"Sabotage {code}", (), kind, mythologies, lines=(line,))


FACTS = Facts(patterns_completed=1, laws_met=2, all_face_up_at_end=True)


def batch_cases(kind: type) -> tuple[list, list]:
    """A pool of one card per line holding ``kind`` and some bundled cards,
    and four deals that hold each of the former the batch computes
    (unsabotaged: an area holding one it cannot is scored one by one)."""
    from dioses_rules.scoring import batch

    own = [_card(code, line) for code, line in enumerate(holding(kind))]
    pool = own + bundled("myth")[: SIZE + 4]
    wide = batch._compile_wide(pool, FACTS)
    dealt = [code for code in range(len(own)) if wide[code] is not None][: SIZE // 2]
    rng = random.Random(kind.__name__)
    deals = []
    for _ in range(4):
        cells = rng.sample(range(len(own), len(pool)), SIZE - len(dealt)) + dealt
        rng.shuffle(cells)
        deals.append(bytes(cells))
    return pool, deals


def batch_disagreement(pool: list, deals: list) -> bool:
    from dioses_rules.scoring import batch

    one = batch.tally_areas(pool, deals, FACTS)
    wide = batch.tally_batches(pool, deals, FACTS, 8)
    return (one.points, one.totals) != (wide.points, wide.totals)


def _batch_entries() -> list:
    from dioses_rules.scoring.wide import WideCompiler

    return entries(WideCompiler)


BATCH_ENTRIES = _batch_entries()
BATCH_IDS = [f"{o.__name__}.{n}[{k.__name__}]" for o, n, k in BATCH_ENTRIES]


@pytest.mark.parametrize("owner,name,kind", BATCH_ENTRIES, ids=BATCH_IDS)
def test_a_batch_method_that_raises_is_not_masked(owner, name, kind, monkeypatch, fresh_pool):
    def broken(*args, **kwargs):
        raise Sabotaged(f"{owner.__name__}.{name}[{kind.__name__}]")

    from dioses_rules.scoring import batch

    own = [_card(code, line) for code, line in enumerate(holding(kind))]
    monkeypatch.setitem(_table(owner, name), kind, broken)
    with pytest.raises(Sabotaged):
        batch._compile_wide(own, FACTS)  # what tally_batches compiles first


@pytest.mark.parametrize("owner,name,kind", BATCH_ENTRIES, ids=BATCH_IDS)
def test_a_batch_method_that_lies_is_caught(owner, name, kind, monkeypatch, fresh_pool):
    from dioses_rules.scoring.planes import Num
    from dioses_rules.unsupported import Unsupported

    table = _table(owner, name)
    method = table[kind]
    cannot = []

    def lying(self, node, *args, **kwargs):
        try:
            fn = method(self, node, *args, **kwargs)
        except Unsupported:
            cannot.append(node)
            raise
        if isinstance(fn, tuple):  # a scope's cells
            return wrong_cells(fn)

        def lie(planes):
            value = fn(planes)
            if isinstance(value, Num):
                return planes.apply(value, lambda number: number + 1)
            return planes.ones ^ value

        return lie

    cases = batch_cases(kind)
    monkeypatch.setitem(table, kind, lying)
    if not batch_disagreement(*cases):
        assert cannot, (
            f"{owner.__name__}.{name}[{kind.__name__}] returned a wrong value and "
            "balance's tallies did not change"
        )


def _solver_entries() -> list:
    from dioses_rules.solve.compiler import TreeCompiler

    return entries(TreeCompiler)


SOLVER_ENTRIES = _solver_entries()


@pytest.mark.parametrize(
    "owner,name,kind",
    SOLVER_ENTRIES,
    ids=[f"{o.__name__}.{n}[{k.__name__}]" for o, n, k in SOLVER_ENTRIES],
)
def test_a_solver_method_that_raises_is_not_masked(owner, name, kind, monkeypatch):
    """Compiling the model (not solving it) of a small hand whose lines hold
    the node kind: the sabotage comes out (only Unsupported is E300)."""
    pytest.importorskip("ortools")
    from dioses_rules.scoring.board import Board
    from dioses_rules.solve.layout import _LayoutModel

    def broken(*args, **kwargs):
        raise Sabotaged(f"{owner.__name__}.{name}[{kind.__name__}]")

    monkeypatch.setitem(_table(owner, name), kind, broken)
    own = [_card(code, line) for code, line in enumerate(holding(kind))][:3]
    cards = own + bundled("myth")[: 4 - len(own)]
    area = Area(
        tuple(
            Placed(card) if i < len(cards) else None
            for i, card in enumerate([*cards] + [None] * (SIZE - len(cards)))
        )
    )
    with pytest.raises(Sabotaged):
        _LayoutModel(Board(area), frozenset(), True, True).build()


# ---------------------------------------------------------------- the solver's wrong values
# A solver method made to lie (a literal negated, an expression one more, a
# scope's cells changed) must make the solver's points differ from the
# reference's. Each card stands where the area has it, so the placements are
# constants: most expressions fold to numbers as the model is built, and
# CP-SAT solves only what does not (a few models in all).


def solver_points(trees, b, line, anchor) -> int:
    lin = trees.lines_points((line,), anchor)
    if lin.fixed:
        return lin.lo
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(b.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return int(solver.value(lin.expr))


def solver_disagreement(lines_, answered: list | None = None) -> str | None:
    """The first line, area, law line and anchor where the solver's points
    are not the reference's (each answer the solver gives counted in
    ``answered``; a line it cannot express, E300, is left out)."""
    from dioses_rules.solve.compiler import Context, TreeCompiler
    from dioses_rules.solve.cpsat import Builder
    from dioses_rules.unsupported import Unsupported

    for line in lines_:
        for area in AREAS[:2]:  # full and face up, as the solver's final areas
            cells = list(area.occupied())
            cards = [area.cells[cell].card for cell in cells]
            for law_line in (None, ROW_CELLS[m.Row.CENTRAL]):  # R13
                facts = Facts(law_line=law_line, all_face_up_at_end=True)
                b = Builder()
                placed = [[cell == own for cell in range(SIZE)] for own in cells]
                trees = TreeCompiler(b, cards, placed, Context({}).judging(law_line=law_line))
                for anchor in (*((cell, d) for d, cell in enumerate(cells)), None):
                    try:
                        points = solver_points(trees, b, line, anchor)
                    except Unsupported:
                        continue
                    if answered is not None:
                        answered.append(line)
                    cell = None if anchor is None else anchor[0]
                    reference = Evaluator(area, facts).lines_points((line,), cell)
                    if points != reference:
                        return f"{line!r} from {anchor}: reference {reference}, solver {points}"
    return None


def test_the_solver_agrees_with_the_reference_unsabotaged():
    pytest.importorskip("ortools")
    answered: list = []
    assert solver_disagreement(LINES, answered) is None
    assert len(set(map(id, answered))) >= len(LINES) - 4  # all but a leader, a group's, ...


def _lying_solver(method, returned: list):
    from dioses_rules.solve.cpsat import Lin

    def lying(self, *args, **kwargs):
        value = method(self, *args, **kwargs)  # Unsupported (E300) goes up as itself
        returned.append(value)
        if isinstance(value, Lin):
            return value + Lin.const(1)
        if isinstance(value, tuple):  # a scope's cells
            return wrong_cells(value)
        return self.b.negate(value)  # a literal: a Python bool or a CP-SAT one

    return lying


@pytest.mark.parametrize(
    "owner,name,kind",
    SOLVER_ENTRIES,
    ids=[f"{o.__name__}.{n}[{k.__name__}]" for o, n, k in SOLVER_ENTRIES],
)
def test_a_solver_method_that_returns_a_wrong_value_is_caught(owner, name, kind, monkeypatch):
    pytest.importorskip("ortools")
    table, returned = _table(owner, name), []
    monkeypatch.setitem(table, kind, _lying_solver(table[kind], returned))
    # a method that only ever says Unsupported (the largest group's cells) cannot lie
    assert solver_disagreement(holding(kind)) is not None or not returned, (
        f"{owner.__name__}.{name}[{kind.__name__}] returned a wrong value and the "
        "solver still scored every line as the reference does"
    )
