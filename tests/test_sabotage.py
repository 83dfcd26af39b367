"""Nothing hides a broken back end (#26): sabotage one method, a test fails.

For every method of the reference evaluator's and the compiled evaluator's
dispatch tables, in turn: make it raise, and the error must come out of
scoring (no fallback masks it: only ``Unsupported`` falls back); make it
return a wrong value, and the two evaluators must disagree on a small fixed
set of lines, areas and facts. A method this cannot catch fails here,
named. The lines below hold every core node kind (and the sugar, lowered);
each sabotage judges only the lines that hold its node kind, so the whole
file costs about a second.
"""

from __future__ import annotations

import random

import pytest
from test_properties import bundled

from dioses_rules.language import model as m
from dioses_rules.language.walk import DISPATCHES, iter_nodes
from dioses_rules.scoring import compiled
from dioses_rules.scoring.area import ROW_CELLS, SIZE, Area, Placed
from dioses_rules.scoring.closures import Sel
from dioses_rules.scoring.compiled import CompiledPool
from dioses_rules.scoring.compiler import Compiler, Cond
from dioses_rules.scoring.evaluator import Evaluator, Facts
from dioses_rules.scoring.masks import FULL
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
    )


def areas() -> list[Area]:
    """Six areas of the bundled cards: two full and face up, the others with
    gaps and face-down cards."""
    rng = random.Random(26)
    cards = bundled("myth")
    made = []
    for index in range(6):
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
    found = [line for line in LINES if any(type(n) is kind for n in iter_nodes(line))]
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


def _wrong(owner: type, method):
    """The method, returning a wrong value of the right type."""
    if owner is Evaluator:

        def wrong(*args, **kwargs):
            value = method(*args, **kwargs)
            return not value if isinstance(value, bool) else value + 1

        return wrong

    def wrong_compiled(*args, **kwargs):
        value = method(*args, **kwargs)
        if isinstance(value, Cond):
            fn = value.fn
            return Cond(lambda s, a: not fn(s, a))
        if isinstance(value, Sel):
            fn = value.fn
            return Sel(lambda s, a: fn(s, a) ^ FULL, True)
        return lambda s, a: value(s, a) + 1

    return wrong_compiled


@pytest.mark.parametrize("owner,name,kind", ENTRIES, ids=IDS)
def test_a_method_that_returns_a_wrong_value_is_caught(owner, name, kind, monkeypatch, fresh_pool):
    table = _table(owner, name)
    monkeypatch.setitem(table, kind, _wrong(owner, table[kind]))
    assert disagreement(holding(kind)) is not None, (
        f"{owner.__name__}.{name}[{kind.__name__}] returned a wrong value and no "
        "differential check noticed"
    )
