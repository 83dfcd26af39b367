"""Sugar is lowered into the core once, and no back end reads it (#26).

language/lower.py rewrites each surface kind of its RULES into core kinds;
the back ends that judge trees (reference, compiled, batch, solver) have
methods for the core only. Checked here: every rule gives core kinds only,
every back end lowers every sugar kind of the unions it reads and has a
method for each core kind, and a back end cannot register a method for a
lowered kind. The lowered forms judge as the surface did: the differential
tests (test_compiled.py, test_solve.py) and the rulings (R3) run on them.
"""

from __future__ import annotations

import attrs
import pytest

from dioses_rules.language import lower
from dioses_rules.language import model as m
from dioses_rules.language.walk import DISPATCHES, Dispatch, iter_nodes
from dioses_rules.scoring.compiler import Compiler
from dioses_rules.scoring.evaluator import Evaluator
from dioses_rules.scoring.wide import WideCompiler
from dioses_rules.solve.compiler import TreeCompiler
from dioses_rules.solve.selectors import PlacementSelectors

# the back ends that judge trees: they read the core only
BACK_ENDS = (Evaluator, Compiler, WideCompiler, PlacementSelectors, TreeCompiler)

GOD, PLACE = m.TypeIs("god"), m.TypeIs("place")
SAMPLES = {
    m.NoneIn: m.NoneIn(m.Count(m.MythologyIs("greek"), m.Scope(m.ScopeKind.LINE))),
    m.Between: m.Between(GOD, PLACE),
    m.AtCell: m.AtCell(m.Row.BACK, 3),
    m.AnyCard: m.AnyCard(),
    m.InCorner: m.InCorner(),
    m.Only: m.Only(GOD, m.Scope(m.ScopeKind.LINE)),
    m.ScoresLike: m.ScoresLike("hera", lines=(m.Fixed(2, m.InRow(m.Row.FRONT)),)),
    m.Scope: m.Scope(m.ScopeKind.DIAGONALS),
}


def test_every_rule_has_a_sample():
    assert set(SAMPLES) == set(lower.RULES)


@pytest.mark.parametrize("kind", sorted(lower.RULES, key=lambda k: k.__name__))
def test_a_rule_gives_core_kinds_only_and_keeps_the_span(kind):
    node = SAMPLES[kind]
    node = attrs.evolve(node, span=SPAN)
    core = lower.lowered(node)
    # the nodes the rule made are core; the surface node's own children are
    # kept as they are, and lowered when a back end reaches them
    kept = {id(n) for n in iter_nodes(node) if n is not node}
    assert not lower.SUGAR & {type(n) for n in iter_nodes(core) if id(n) not in kept}
    assert core.span == SPAN
    assert lower.lowered(node) is core  # lowered once per node object


SPAN = m.Span("cards/mod.dioses", 3, 9)


def backend_dispatches():
    return [(o, n, d) for o, n, d in DISPATCHES if o in BACK_ENDS]


@pytest.mark.parametrize(
    "owner,name,dispatch",
    backend_dispatches(),
    ids=[f"{o.__name__}.{n}" for o, n, _ in backend_dispatches()],
)
def test_a_back_end_reads_the_core_only(owner, name, dispatch):
    sugar = dispatch.kinds & lower.SUGAR
    assert set(dispatch.lowering) == sugar, f"{owner.__name__}.{name} does not lower {sugar}"
    assert not sugar & set(dispatch.own), f"{owner.__name__}.{name} has a method for sugar"
    assert dispatch.core() == lower.core_kinds(dispatch.union)


def test_a_back_end_cannot_have_a_method_for_a_lowered_kind():
    table = Dispatch(m.Condition, lowering=lower.LOWERING)
    with pytest.raises(TypeError, match="lowered into the core"):
        table.on(m.Between)(lambda self, node: None)


def test_the_reference_judges_a_lowered_kind_through_its_core_form():
    """R3: between a god and a place, either way round."""
    from dioses_rules.scoring.area import Area, Placed, cell_index

    god = m.MythCard("zeus", "Zeus", (), "god", ("greek",), m.Provenance.RECONSTRUCTED)
    place = m.MythCard("olympus", "Olympus", (), "place", ("greek",), m.Provenance.RECONSTRUCTED)
    middle = m.MythCard("hera", "Hera", (), "god", ("greek",), m.Provenance.RECONSTRUCTED)
    cells = [None] * 12
    row = m.Row.FRONT
    for column, card in ((1, place), (2, middle), (3, god)):
        cells[cell_index(row, column)] = Placed(card)
    area = Area(tuple(cells))
    between = m.Between(GOD, PLACE)
    assert Evaluator(area).holds(between, cell_index(row, 2))
    assert not Evaluator(area).holds(between, cell_index(row, 3))


def _areas():
    """Eight areas of the bundled cards, with gaps and face-down cards."""
    import random

    from test_properties import bundled

    from dioses_rules.scoring.area import SIZE, Area, Placed

    rng = random.Random(26)
    cards = bundled("myth")
    return [
        Area(
            tuple(
                None if rng.random() < 0.2 else Placed(card, rng.random() < 0.8)
                for card in rng.sample(cards, SIZE)
            )
        )
        for _ in range(8)
    ]


def test_each_rule_means_what_the_surface_kind_meant():
    """The lowered forms against the meaning the back ends gave the surface
    kinds before they were lowered (both evaluators now judge the lowered
    form, so the differential tests cannot see a wrong rule; this can)."""
    from dioses_rules.scoring.area import CORNERS, ROW_CELLS, SIZE, cell_index, offset
    from dioses_rules.scoring.evaluator import Facts

    def scopes(anchor):
        """Each scope but the largest group (R6) with the cells it meant: the
        geometry table's from the card's place (R4, R5, R10), the area, a
        named row or column, the law's line (R13)."""
        from dioses_rules.scoring import area as g

        for kind in m.ScopeKind:
            if kind.anchored:
                yield m.Scope(kind), () if anchor is None else g.ANCHORED_CELLS[kind][anchor]
        yield m.Scope(m.ScopeKind.AREA), g.ALL_CELLS
        for row in m.Row:
            yield m.Scope(m.ScopeKind.NAMED_ROW, row=row), g.ROW_CELLS[row]
        for column in m.COLUMNS:
            yield m.Scope(m.ScopeKind.NAMED_COLUMN, column=column), g.COLUMN_CELLS[column]
        yield m.Scope(m.ScopeKind.LINE), line

    none_in = m.NoneIn(m.Count(GOD, m.Scope(m.ScopeKind.ROW)))
    betweens = [m.Between(GOD, m.AnyCard()), m.Between(m.MythologyIs("greek"), PLACE)]
    at_cells = [m.AtCell(row, column) for row in m.Row for column in (1, 4)]
    onlies = [m.Only(GOD, m.Scope(m.ScopeKind.ROW)), m.Only(m.AnyCard(), m.Scope(m.ScopeKind.AREA))]
    onlies.append(m.Only(m.MythologyIs("greek"), m.Scope(m.ScopeKind.LINE)))
    likes = [
        m.ScoresLike("x", lines=(m.PerCount(1, 1, m.Count(GOD, m.Scope(m.ScopeKind.ROW))),)),
        m.ScoresLike("y", lines=(m.Fixed(2, m.InCorner()), m.Fixed(-1))),
        m.ScoresLike("z"),  # not filled (a missing card, DL117): no points
    ]
    line = ROW_CELLS[m.Row.CENTRAL]
    for area in _areas():
        judge = Evaluator(area, Facts(law_line=line))
        for anchor in (*range(SIZE), None):
            assert judge.holds(none_in, anchor) == (judge.count(none_in.count, anchor) == 0)
            for cell in range(SIZE):
                placed = area.cells[cell]
                assert judge.matches(m.AnyCard(), cell, anchor) == bool(placed and placed.face_up)
            assert judge.holds(m.InCorner(), anchor) == (anchor in CORNERS)  # R7
            for at in at_cells:
                assert judge.holds(at, anchor) == (anchor == cell_index(at.row, at.column))
            for only in onlies:  # every present card of the scope matches
                cells = [x for x in judge.scope_cells(only.scope, anchor) if area.cells[x]]
                meant = all(judge.matches(only.selector, x, anchor) for x in cells)
                assert judge.holds(only, anchor) == meant, (only, anchor)
            for like in likes:  # the other card's lines, from this card
                assert judge.line_points(like, anchor) == judge.lines_points(like.lines, anchor)
            for scope, cells in scopes(anchor):
                assert judge.scope_cells(scope, anchor) == cells, (scope, anchor)
            for between in betweens:  # R3
                left = right = None
                if anchor is not None:
                    left, right = offset(anchor, 0, -1), offset(anchor, 0, 1)
                meant = (
                    left is not None
                    and right is not None
                    and (
                        (
                            judge.matches(between.first, left, anchor)
                            and judge.matches(between.second, right, anchor)
                        )
                        or (
                            judge.matches(between.second, left, anchor)
                            and judge.matches(between.first, right, anchor)
                        )
                    )
                )
                assert judge.holds(between, anchor) == meant, (between, anchor)


def test_a_chain_of_scores_like_filled_at_pool_load_scores_as_its_last_card(tmp_path):
    """'scores like' needs the pool: pool load fills each line (a chain end
    first), the rule lowers the filled line; the reference, the compiled
    evaluator and the solver then give the chain's first card the last one's
    points from its own place."""
    pytest.importorskip("ortools")
    from dioses_rules.pool.load import load_registry
    from dioses_rules.scoring import compiled
    from dioses_rules.scoring.area import Area, Placed, cell_index
    from dioses_rules.scoring.evaluator import Facts
    from dioses_rules.solve.compiler import Context, TreeCompiler
    from dioses_rules.solve.cpsat import Builder

    path = tmp_path / "chain.dioses"
    path.write_text(
        'set chain "Chain" {\n  requires base\n}\n'
        'god first "A" greek {\n  scores like second\n}\n'
        'god second "B" greek {\n  scores like third up to 3 points\n}\n'
        'god third "C" greek {\n  2 points per god in row\n  1 point if in front row\n}\n',
        encoding="utf-8",
    )
    registry, _ = load_registry([path])
    a, c = registry.get("myth", "first"), registry.get("myth", "third")
    cells = [None] * 12
    for column, card in enumerate((a, c, registry.get("myth", "zeus")), start=1):
        cells[cell_index(m.Row.FRONT, column)] = Placed(card)
    area = Area(tuple(cells))
    anchor = cell_index(m.Row.FRONT, 1)
    meant = min(Evaluator(area).lines_points(c.lines, anchor), 3)  # 2 x 3 gods + 1, capped
    assert meant == 3
    assert Evaluator(area).lines_points(a.lines, anchor) == meant
    assert compiled.lines_points(area, Facts(all_face_up_at_end=True), a.lines, anchor) == meant
    hand = [placed.card for placed in area.cells if placed is not None]
    placed = [[cell == where for cell in range(12)] for where in area.occupied()]
    trees = TreeCompiler(Builder(), hand, placed, Context({}))
    assert trees.lines_points(a.lines, (anchor, 0)).lo == meant  # folded: every card placed
