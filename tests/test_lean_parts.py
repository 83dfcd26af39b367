"""The one-pass compiled scoring (``scoring/lean.py``, #29) where its scene
is made before every tree it judges is compiled: a name given a lane after
the revealed scene summed its cards' lanes, and a pool whose kinds outgrow
the lanes a revealed scene holds its names above (``scene.NAMES_AT``); and
R24's most common value, counted from lanes. All against the reference
evaluator."""

from __future__ import annotations

import random

import attrs
import pytest
from test_properties import bundled

from dioses_rules.language import model as m
from dioses_rules.scoring import compiled
from dioses_rules.scoring.area import SIZE, Area, Placed
from dioses_rules.scoring.board import Board, HeldPattern, LawPlacement
from dioses_rules.scoring.evaluator import Evaluator, Facts
from dioses_rules.scoring.scene import LANE, NAMES_AT
from dioses_rules.scoring.score import score_board, score_total


@pytest.fixture
def fresh_pool(monkeypatch):
    """A process pool that has compiled nothing yet (the shared one is left
    as it was)."""
    monkeypatch.setattr(compiled, "_POOL", None)
    return compiled.pool()


def _same(board: Board) -> None:
    expected = score_board(board, evaluator="reference")
    assert score_board(board) == expected
    assert score_total(board) == expected.total


def test_a_name_asked_after_the_scene_is_made_is_still_seen(fresh_pool):
    """R34: 'hades above persephone' is compiled (its names given lanes)
    only after the revealed scene of the cards is made; the scene must see
    both names: the condition is the reference's, met one way and not the other."""
    cards = {card.id: card for card in bundled("myth")}
    scenario = next(s for s in bundled("scenario") if s.id == "abduction-of-persephone")
    others = [c for c in bundled("myth") if c.id not in ("hades", "persephone")][: SIZE - 2]
    met = []
    for hades, persephone in ((0, 4), (4, 0)):  # front 1 and central 1, both ways
        rest = iter(others)
        chosen = [
            cards["hades"]
            if cell == hades
            else cards["persephone"]
            if cell == persephone
            else next(rest)
            for cell in range(SIZE)
        ]
        board = Board(Area(tuple(Placed(card, True) for card in chosen)), scenario=scenario)
        compiled._POOL = None  # each board on a pool that has not compiled the scenario
        _same(board)
        report = score_board(board)
        assert report.scenario is not None
        met.append(report.scenario.victory_conditions[0].met)
    assert sorted(met) == [False, True]


def test_a_pool_with_more_kinds_than_names_at_allows_scores_alike(fresh_pool):
    """Past 32 kinds lanes a revealed scene sums its kinds and names apart:
    random full boards with laws, patterns and a scenario score as the
    reference's (R12-R16, R34)."""
    for extra in range(NAMES_AT // LANE):
        fresh_pool.lanes.kind("mythology", f"invented-{extra}")
    assert not fresh_pool.lanes.both
    rng = random.Random(29)
    myths, laws = bundled("myth"), bundled("law")
    patterns, scenarios = bundled("pattern"), bundled("scenario")
    for _ in range(40):
        area = Area(tuple(Placed(card, rng.random() < 0.5) for card in rng.sample(myths, SIZE)))
        board = Board(
            area,
            (LawPlacement(rng.choice(laws), column=rng.randint(1, 4)),),
            (HeldPattern(rng.choice(patterns)),),
            scenario=rng.choice(scenarios),
        )
        _same(board)
        _same(Board(area))


@pytest.mark.parametrize("twice", [False, True])
def test_the_most_common_mythology_is_counted_as_the_reference_counts_it(fresh_pool, twice):
    """R24: the most common mythology of the face-up cards, counted from the
    mythologies' lanes, or card by card once some card lists one twice
    ('greek, greek' counts twice): the reference's on random areas."""
    myths = bundled("myth")
    if twice:  # a card listing its mythology twice, as a modder may write it
        greek = next(c for c in myths if c.mythologies == ("greek",))
        myths = [*myths, attrs.evolve(greek, id="twice-greek", mythologies=("greek", "greek"))]
    rng = random.Random(24)
    commonest = m.MostCommon(m.Attribute.MYTHOLOGY)
    for _ in range(60):
        chosen = rng.sample(myths, SIZE)
        if twice and myths[-1] not in chosen:
            chosen[rng.randrange(SIZE)] = myths[-1]
        area = Area(tuple(Placed(card, rng.random() < 0.7) for card in chosen))
        reference = Evaluator(area, Facts())
        expected = sum(
            1 << cell for cell in range(SIZE) if reference.matches(commonest, cell, None)
        )
        assert compiled.matches(area, Facts(), commonest, None) == expected
    assert fresh_pool.lanes.repeated == ({"mythology"} if twice else set())


@pytest.mark.parametrize("selector_first", [True, False])
def test_a_type_and_a_mythology_asked_together_count_as_the_reference_counts_them(
    fresh_pool, selector_first
):
    """'greek god', 'norse place' ... are one lane (a card of both sets it):
    whether the selector is compiled before any card of that pair is seen or
    after, the relation, the count and the count's line judge as the
    reference does, R11's weights (Geb y Nut counts as 2 gods) included."""
    myths = bundled("myth")
    pairs = [
        m.SelAnd((m.TypeIs(t), m.MythologyIs(y)))
        for t in ("god", "place")
        for y in ("egyptian", "norse")
    ]
    trees = []
    for target in pairs:
        trees.append(m.Relation(m.RelationKind.NEXT_TO, target))
        trees.append(
            m.Quantity(m.Comparison.AT_LEAST, 2, m.Count(target, m.Scope(m.ScopeKind.AREA)))
        )
    rng = random.Random(11)
    areas = [
        Area(tuple(Placed(card, rng.random() < 0.8) for card in rng.sample(myths, SIZE)))
        for _ in range(40)
    ]
    for tree in trees if selector_first else ():
        fresh_pool.condition(tree)  # the pairs' lanes before any card is seen
    for area in areas if not selector_first else ():
        fresh_pool.scene(area)  # every card seen before the pairs are asked about
    for area in areas:
        reference = Evaluator(area, Facts())
        for tree in trees:
            for anchor in range(SIZE):
                expected = reference.holds(tree, anchor)
                assert compiled.holds(area, Facts(), tree, anchor) == expected, (tree, anchor)
    assert all(len(fresh_pool.compiler.selector(target).kinds) == 1 for target in pairs)
