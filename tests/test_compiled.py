"""The compiled evaluator scores exactly what the reference evaluator scores.

The reference evaluator (scoring/evaluator.py) is the oracle. Compared here,
differentially: random boards of the bundled pool (laws, patterns and
objectives included), random predicate trees judged on random areas with
random facts (every anchor, and none), and every example board; on a mismatch
the failing board is printed as a board file, with both scores. Also: lines
the compiler cannot compile fall back to the reference, and the bundled sets
need no fallback.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import zlib
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import (
    MYTHOLOGIES,
    TYPES,
    attributes,
    boards,
    bundled,
    conditions,
    picks,
    scoring_lines,
    selectors,
    words,
)

from dioses_cli.main import dioses
from dioses_rules.errors import DiosesError
from dioses_rules.language import model as m
from dioses_rules.language.walk import UnhandledNode
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring import balance as balance_module
from dioses_rules.scoring import batch, compiled
from dioses_rules.scoring.area import COLUMN_CELLS, ROW_CELLS, SIZE, Area, Placed
from dioses_rules.scoring.balance import balance, counted_mean_spread
from dioses_rules.scoring.board import Board, board_file_text, board_to_file, read_board_file
from dioses_rules.scoring.compiled import CompiledPool
from dioses_rules.scoring.compiler import Compiler
from dioses_rules.scoring.deal import sample_indices
from dioses_rules.scoring.evaluator import Evaluator, Facts
from dioses_rules.scoring.resolve import resolve_board
from dioses_rules.scoring.score import card_points, score_board, score_total
from dioses_rules.unsupported import FALLBACKS, Unsupported

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_BOARDS = sorted((ROOT / "examples" / "boards").glob("*.toml"))

DIFFERENTIAL = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TREES = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def board_text(board: Board) -> str:
    return board_file_text(board_to_file(board))


def mismatch(board: Board, reference, fast) -> str:
    """The message of a failed comparison: the board, and both scores."""

    def cards(report):
        return [(c.card.id, c.points) for c in report.cards]

    return (
        f"the evaluators disagree on this board:\n{board_text(board)}\n"
        f"reference: total {reference.total}, gods {reference.gods}, cards {cards(reference)}"
        f", laws {[law.points for law in reference.laws]}"
        f", objectives {[o.points for o in reference.objectives]}\n"
        f"compiled:  total {fast.total}, gods {fast.gods}, cards {cards(fast)}"
        f", laws {[law.points for law in fast.laws]}"
        f", objectives {[o.points for o in fast.objectives]}"
    )


def assert_same_report(board: Board, **options) -> None:
    reference = score_board(board, evaluator="reference", **options)
    fast = score_board(board, **options)
    assert fast == reference, mismatch(board, reference, fast)
    assert fast.to_json() == reference.to_json()


# ---------------------------------------------------------------- random boards


@DIFFERENTIAL
@given(boards(), st.none() | st.booleans())
def test_random_boards_of_the_bundled_pool_score_the_same(board, all_face_up_at_end):
    assert_same_report(board, all_face_up_at_end=all_face_up_at_end)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.sets(st.integers(0, SIZE - 1)), st.booleans())
def test_random_boards_with_empty_cells_score_the_same(board, empty, flag):
    area = Area(
        tuple(None if cell in empty else placed for cell, placed in enumerate(board.area.cells))
    )
    board = attrs.evolve(board, area=area)
    assert_same_report(board, all_face_up_at_end=flag)
    facts = Facts(all_face_up_at_end=flag)
    assert card_points(area, facts) == card_points(area, facts, evaluator="reference"), board_text(
        board
    )


# ---------------------------------------------------------------- random trees


def renamed(node, names: tuple[str, ...], states: tuple[str, ...]):
    """The tree with every card name replaced by one of ``names`` (the cards
    in play, so that ``hera`` can match) and every state name by one of
    ``states``; an objective's ``element`` inside an element is dropped (the
    reference would recurse forever)."""
    if isinstance(node, tuple):
        return tuple(renamed(item, names, states) for item in node)
    if not attrs.has(type(node)):
        return node
    if isinstance(node, m.Named):
        return m.Named(names[zlib.crc32(node.name.encode()) % len(names)])
    if isinstance(node, m.StateRef):
        return m.StateRef(states[zlib.crc32(node.name.encode()) % len(states)])
    changes = {
        f.name: renamed(getattr(node, f.name), names, states)
        for f in attrs.fields(type(node))
        if f.name not in ("span", "lines")
    }
    if isinstance(node, (m.ScoresLike, m.Bounded)):  # the pool fills its lines: so do we
        changes["lines"] = renamed(node.lines, names, states)
    return attrs.evolve(node, **changes)


STATES = ("the-fairest", "the-chosen")


@st.composite
def random_cards(draw, lines=scoring_lines(2)):  # noqa: B008 (a Hypothesis strategy: immutable, built once)
    """A few authored cards (random type, mythologies, weights, tags, lines;
    no lines when ``lines`` is None, for areas whose cards' lines go unread)."""
    cards = []
    for index in range(draw(st.integers(1, 4))):
        cards.append(
            m.MythCard(
                f"random-{index}",
                "R",
                (),
                draw(st.sampled_from(TYPES + ["hero"])),
                tuple(draw(st.lists(st.sampled_from(MYTHOLOGIES), min_size=1, max_size=3))),
                m.Provenance.RECONSTRUCTED,
                tags=tuple(draw(st.lists(st.sampled_from(["throne", "relic"]), max_size=2))),
                weights=tuple(
                    draw(
                        st.lists(
                            st.builds(m.Weight, st.integers(0, 3), st.sampled_from(TYPES))
                            | st.builds(
                                m.Weight, st.integers(0, 3), st.none(), st.sampled_from(MYTHOLOGIES)
                            ),
                            max_size=2,
                        )
                    )
                ),
                lines=() if lines is None else draw(st.lists(lines, max_size=2).map(tuple)),
            )
        )
    return cards


@st.composite
def scenes(draw):
    """A random area (random and bundled cards, empty cells, any faces), the
    names in play, and random facts."""
    cards = draw(random_cards(lines=None)) + bundled("myth")[:40]
    order = draw(picks(len(cards)))
    empty = draw(st.sets(st.integers(0, SIZE - 1), max_size=6))
    faces = draw(st.lists(st.booleans(), min_size=SIZE, max_size=SIZE))
    cells = tuple(
        None if cell in empty else Placed(cards[order[cell]], faces[cell]) for cell in range(SIZE)
    )
    area = Area(cells)
    in_play = [p.card for p in cells if p is not None]
    names = tuple(
        sorted({c.id for c in in_play} | {t for c in in_play for t in c.tags} | {"nobody"})
    )
    # R15: an element never names an element
    element = draw(
        st.none()
        | selectors(1)
        .map(lambda s: renamed(s, names, STATES))
        .filter(lambda s: not any(isinstance(n, m.ElementRef) for n in _walk(s)))
    )
    facts = Facts(
        law_line=draw(
            st.none() | st.sampled_from(list(ROW_CELLS.values()) + list(COLUMN_CELLS.values()))
        ),
        element=element,
        card_points=draw(st.none() | st.dictionaries(st.integers(0, SIZE - 1), st.integers(-2, 6))),
        patterns_completed=draw(st.integers(0, 3)),
        laws_met=draw(st.integers(0, 3)),
        total=draw(st.integers(-5, 40)),
        scenario_state=draw(st.dictionaries(st.sampled_from(STATES), st.sampled_from(names))),
        all_face_up_at_end=draw(st.booleans()),
    )
    return area, facts, names


def _walk(node):
    from dioses_rules.language.walk import iter_nodes

    return iter_nodes(node)


def anchors():
    return [None, *range(SIZE)]


@TREES
@given(
    scenes(),
    selectors(2),
    conditions(2),
    st.lists(scoring_lines(2), min_size=1, max_size=3).map(tuple),
)
def test_random_trees_judge_the_same_from_every_anchor(scene, selector, condition, lines):
    """A random selector matches the same cells, a random condition holds and
    random scoring lines score the same, from every anchor and from none."""
    area, facts, names = scene
    selector, condition, lines = renamed((selector, condition, lines), names, STATES)
    reference = Evaluator(area, facts)
    fallbacks = FALLBACKS["compiled"]
    where = f"facts {facts}\n{board_text(Board(area))}"
    for anchor in anchors():
        expected = [cell for cell in range(SIZE) if reference.matches(selector, cell, anchor)]
        mask = compiled.matches(area, facts, selector, anchor)
        got = [cell for cell in range(SIZE) if mask >> cell & 1]
        assert got == expected, f"anchor {anchor}: {selector} matches\n{where}"
        expected = reference.holds(condition, anchor)
        got = compiled.holds(area, facts, condition, anchor)
        assert got is expected, f"anchor {anchor}: {condition}: {got}, not {expected}\n{where}"
        expected = reference.lines_points(lines, anchor)
        got = compiled.lines_points(area, facts, lines, anchor)
        assert got == expected, f"anchor {anchor}: {lines}: {got}, not {expected}\n{where}"
    assert FALLBACKS["compiled"] == fallbacks  # every random tree compiled (#26)


simple_scopes = st.sampled_from(
    [
        m.ScopeKind.AREA,
        m.ScopeKind.ROW,
        m.ScopeKind.COLUMN,
        m.ScopeKind.NEIGHBOURS,
        m.ScopeKind.SURROUNDINGS,
        m.ScopeKind.DIAGONALS,
    ]
).map(m.Scope)
# R24's selectors and R6's groups, whose ties random deep trees seldom reach
rulings_selectors = st.one_of(
    st.builds(m.Leader, words, st.builds(m.Count, words, simple_scopes)),
    st.builds(lambda w, a: m.SelAnd((w, m.MostCommon(a))), words, attributes),
    st.builds(lambda w, a: m.SelAnd((w, m.SameAs(a))), words, attributes),
    st.builds(
        m.Leader,
        words,
        st.builds(m.Count, words, words.map(lambda w: m.Scope(m.ScopeKind.LARGEST_GROUP, group=w))),
    ),
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), rulings_selectors)
def test_leaders_most_common_and_groups_match_the_same_cells_r6_r24(scene, selector):
    area, facts, _ = scene
    reference = Evaluator(area, facts)
    for anchor in anchors():
        expected = [cell for cell in range(SIZE) if reference.matches(selector, cell, anchor)]
        mask = compiled.matches(area, facts, selector, anchor)
        assert [cell for cell in range(SIZE) if mask >> cell & 1] == expected, (
            f"anchor {anchor}: {selector}\n{board_text(Board(area))}"
        )


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_cards(), st.data())
def test_random_cards_score_the_same_on_full_boards(cards, data):
    """Authored cards among bundled ones, through score_board itself."""
    pool = cards + bundled("myth")
    faces = data.draw(st.lists(st.booleans(), min_size=SIZE, max_size=SIZE))
    chosen = [pool[i] for i in data.draw(picks(len(pool)))]
    names = tuple(sorted({c.id for c in chosen} | {t for c in chosen for t in c.tags}))
    chosen = [attrs.evolve(c, lines=renamed(c.lines, names, STATES)) for c in chosen]
    board = Board(Area(tuple(Placed(c, up) for c, up in zip(chosen, faces, strict=True))))
    assert_same_report(board)


# ---------------------------------------------------------------- example boards


@lru_cache(maxsize=1)
def registry():
    return load_registry()[0]


@pytest.mark.parametrize("path", EXAMPLE_BOARDS, ids=[p.stem for p in EXAMPLE_BOARDS])
def test_every_example_board_scores_the_same(path):
    board = resolve_board(read_board_file(path), registry(), str(path))
    for flag in (None, False, True):
        assert_same_report(board, all_face_up_at_end=flag)
    assert score_board(board, explain=True) == score_board(
        board, explain=True, evaluator="reference"
    )


@pytest.mark.parametrize("output", ["text", "json"])
def test_dioses_score_prints_the_same_with_either_evaluator(output):
    """The default (compiled) and --evaluator reference print the same."""
    runner = CliRunner()
    path = ROOT / "examples" / "boards" / "aun-mas-divinos-law-scoring.toml"
    results = [
        runner.invoke(dioses, ["score", str(path), "--format", output, *options])
        for options in ([], ["--evaluator", "compiled"], ["--evaluator", "reference"])
    ]
    assert [r.exit_code for r in results] == [0, 0, 0]
    assert results[0].stdout == results[1].stdout == results[2].stdout


def test_an_unknown_evaluator_is_refused():
    board = Board(Area())
    with pytest.raises(ValueError, match="unknown evaluator"):
        score_board(board, evaluator="fast")
    result = CliRunner().invoke(dioses, ["score", str(EXAMPLE_BOARDS[0]), "--evaluator", "x"])
    assert result.exit_code == 2


# ---------------------------------------------------------------- compiling


def test_the_bundled_sets_compile_without_a_fallback():
    before = FALLBACKS["compiled"]
    pool = CompiledPool()
    for card in registry().myth_cards():
        pool.info(card)
    for family in ("law", "objective-goal"):
        for definition in registry().definitions(family):
            pool.lines(definition.lines)
    for scenario in registry().definitions("scenario"):
        for condition in scenario.victory + scenario.challenge:
            pool.condition(condition)
    for element in registry().definitions("objective-element"):
        pool.selector(element.selector)
    assert pool.compiler.fallbacks == 0
    assert FALLBACKS["compiled"] == before


def test_the_batch_computes_every_bundled_myth_card():
    """balance's batch planes judge every bundled card without falling back
    to scoring area by area (#26: fallbacks are counted, and the pool needs none)."""
    before = FALLBACKS["batch"]
    cards = bundled("myth")
    facts = Facts(patterns_completed=1, laws_met=2, all_face_up_at_end=True)
    wide = batch._compile_wide(cards, facts)
    assert [c.id for c, w in zip(cards, wide, strict=True) if w is None] == []
    assert FALLBACKS["batch"] == before


def between_card() -> m.MythCard:
    return m.MythCard(
        "bridge",
        "Bridge",
        (),
        "place",
        ("norse",),
        m.Provenance.RECONSTRUCTED,
        lines=(
            m.Fixed(3, m.Between(m.TypeIs("god"), m.AnyCard())),
            m.PerCount(1, 1, m.Count(m.TypeIs("god"), m.Scope(m.ScopeKind.ROW))),
        ),
    )


def test_a_line_the_compiler_cannot_express_falls_back_to_the_reference(monkeypatch):
    """A line holding a node whose compiling raises ``Unsupported`` is judged
    by the reference evaluator, and counted; the card's other lines stay
    compiled."""

    def cannot(self, node):
        raise Unsupported.at("the compiled evaluator", "a relation (a test)", node)

    # "between" is lowered into two relations (language.lower)
    monkeypatch.setitem(Compiler.condition.dispatch.handlers, m.Relation, cannot)
    monkeypatch.setattr(compiled, "_POOL", CompiledPool())
    before = FALLBACKS["compiled"]
    card = between_card()
    others = [c for c in bundled("myth") if c.type == "god"][: SIZE - 1]
    for cell in range(SIZE):
        cards = others[:cell] + [card] + others[cell:]
        area = Area(tuple(Placed(c, cell % 2 == 0) for c in cards))
        assert card_points(area) == card_points(area, evaluator="reference")
        assert_same_report(Board(area))
    fallbacks = compiled.pool().compiler.fallbacks
    assert fallbacks >= 1  # the bridge's line, and any god's line with a relation
    assert FALLBACKS["compiled"] == before + fallbacks
    assert score_board(Board(area)).cards[cell].points > 0


def test_a_compiler_method_that_breaks_is_not_masked(monkeypatch):
    """Only ``Unsupported`` falls back: a node kind with no method (or any
    other error) is the compiler's bug, and goes up as itself (#26)."""

    def no_method(self, node):
        raise UnhandledNode("Compiler.condition has no method for Relation")

    monkeypatch.setitem(Compiler.condition.dispatch.handlers, m.Relation, no_method)
    monkeypatch.setattr(compiled, "_POOL", CompiledPool())
    area = Area(tuple(Placed(c) for c in [between_card(), *bundled("myth")[: SIZE - 1]]))
    with pytest.raises(UnhandledNode, match="Relation"):
        card_points(area)
    assert compiled.pool().compiler.fallbacks == 0


def test_a_tree_the_compiler_cannot_read_fails_as_the_reference_does(monkeypatch):
    """A named column off the grid (an unlinted tree) is the reference's
    KeyError either way, and no fallback."""
    monkeypatch.setattr(compiled, "_POOL", CompiledPool())
    line = m.PerCount(1, 1, m.Count(m.AnyCard(), m.Scope(m.ScopeKind.NAMED_COLUMN, column=9)))
    area = Area(tuple(Placed(c) for c in bundled("myth")[:SIZE]))
    with pytest.raises(KeyError):
        Evaluator(area).lines_points((line,), 0)
    with pytest.raises(KeyError):
        compiled.lines_points(area, Facts(), (line,), 0)
    assert compiled.pool().compiler.fallbacks == 0


def test_a_pool_compiles_each_card_once():
    pool = CompiledPool()
    card = bundled("myth")[0]
    assert pool.info(card) is pool.info(card)
    twin = attrs.evolve(card)  # equal, but another object: compiled on its own
    assert twin == card and pool.info(twin) is not pool.info(card)


def test_score_board_json_is_identical_for_the_rulebook_examples():
    for path in EXAMPLE_BOARDS:
        board = resolve_board(read_board_file(path), registry(), str(path))
        assert json.dumps(score_board(board).to_json()) == json.dumps(
            score_board(board, evaluator="reference").to_json()
        )


# ---------------------------------------------------------------- balance


@pytest.mark.parametrize(
    "sets, options",
    [
        ((), {"seed": 1}),
        ((), {"seed": 4, "face_up_end": True}),
        (("base",), {"seed": 2}),  # 97 cards
    ],
)
def test_balance_report_is_the_same_with_either_evaluator(sets, options):
    """The batch path (fast deal, compiled evaluator) gives the report the
    reference path gives, to the last byte."""
    pool = (
        registry().myth_cards()
        if not sets
        else [d for d in registry().sets[sets[0]].definitions if isinstance(d, m.MythCard)]
    )
    fast = balance(pool, boards=300, **options)
    reference = balance(pool, boards=300, evaluator="reference", **options)
    assert json.dumps(fast.to_json()) == json.dumps(reference.to_json())
    assert fast == reference


@pytest.mark.parametrize("others", [30, 200])
def test_balance_with_authored_cards_is_the_same_with_either_evaluator(others):
    """A penalty with an R11 weight among bundled cards; 31 cards are few
    enough that random.sample copies the pool (the deal's other path)."""
    cards = list(bundled("myth")[:others])
    cards.append(
        m.MythCard(
            "grudge",
            "G",
            (),
            "god",
            ("greek",),
            m.Provenance.RECONSTRUCTED,
            weights=(m.Weight(3, "god"),),
            lines=(m.PerCount(-2, 1, m.Count(m.TypeIs("god"), m.Scope(m.ScopeKind.SURROUNDINGS))),),
        )
    )
    fast = balance(cards, boards=300, seed=9)
    assert json.dumps(fast.to_json()) == json.dumps(
        balance(cards, boards=300, seed=9, evaluator="reference").to_json()
    )


@pytest.mark.parametrize("sets", [(), ("base",)])
def test_balance_in_batches_is_the_same_as_the_reference(monkeypatch, sets):
    """The side-by-side path (bit-sliced batches) from its first area on."""
    monkeypatch.setattr(balance_module, "BATCH_FROM", 1)
    monkeypatch.setattr(batch, "BATCH", 128)  # several batches and a remainder
    pool = (
        registry().myth_cards()
        if not sets
        else [d for d in registry().sets[sets[0]].definitions if isinstance(d, m.MythCard)]
    )
    fast = balance(pool, boards=300, seed=3)
    assert json.dumps(fast.to_json()) == json.dumps(
        balance(pool, boards=300, seed=3, evaluator="reference").to_json()
    )


def test_every_bundled_card_is_judged_side_by_side():
    """No bundled Myth card needs its areas scored one at a time."""
    pool = list(registry().myth_cards())
    assert all(lines is not None for lines in batch._compile_wide(pool, Facts()))
    assert all(
        lines is not None for lines in batch._compile_wide(pool, Facts(all_face_up_at_end=True))
    )


@st.composite
def batch_facts(draw):
    return Facts(
        law_line=draw(
            st.none() | st.sampled_from(list(ROW_CELLS.values()) + list(COLUMN_CELLS.values()))
        ),
        element=draw(
            st.none() | st.sampled_from([e.selector for e in bundled("objective-element")])
        ),
        card_points=draw(st.none() | st.dictionaries(st.integers(0, SIZE - 1), st.integers(-2, 6))),
        patterns_completed=draw(st.integers(0, 3)),
        laws_met=draw(st.integers(0, 3)),
        total=draw(st.integers(-5, 40)),
        all_face_up_at_end=draw(st.booleans()),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_cards(), batch_facts(), st.integers(0, 2**32), st.data())
def test_batches_tally_what_one_area_at_a_time_tallies(cards, facts, seed, data):
    """Random cards (those the batch cannot judge among them) with bundled
    ones, random facts: the same points for every card, the same totals."""
    others = data.draw(
        st.lists(
            st.sampled_from(bundled("myth")),
            min_size=SIZE,
            max_size=60,
            unique_by=lambda card: card.id,
        )
    )
    names = tuple(sorted({c.id for c in cards + others} | {"throne"}))
    cards = [attrs.evolve(c, lines=renamed(c.lines, names, STATES)) for c in cards]
    pool = cards + others
    rng = random.Random(seed)
    areas = [bytes(rng.sample(range(len(pool)), SIZE)) for _ in range(50)]
    one_by_one = batch.tally_areas(pool, areas, facts)
    side_by_side = batch.tally_batches(pool, areas, facts, size=16)
    assert side_by_side.points == one_by_one.points
    assert side_by_side.totals == one_by_one.totals


def test_a_card_with_a_negative_bound_is_tallied_one_area_at_a_time():
    """#26's floors: a batch number is never negative, so a card whose total
    is 'never below -2 points' is judged one area at a time, with the same
    points, instead of crashing the batch (found by mypy, #25)."""
    others = bundled("myth")[:30]
    loser = m.MythCard(
        "loser",
        "Loser",
        (),
        "god",
        ("greek",),
        m.Provenance.RECONSTRUCTED,
        lines=(
            m.Bounded(
                (m.PerCount(-1, 1, m.Count(m.TypeIs("god"), m.Scope(m.ScopeKind.AREA))),), -2
            ),
        ),
    )
    pool = [loser, *others]
    rng = random.Random(26)
    areas = [bytes([0, *rng.sample(range(1, len(pool)), SIZE - 1)]) for _ in range(20)]
    facts = Facts()
    one_by_one = batch.tally_areas(pool, areas, facts)
    side_by_side = batch.tally_batches(pool, areas, facts, size=16)
    assert side_by_side.points == one_by_one.points
    loser_points = {points for (index, points) in one_by_one.points if index == 0}
    assert min(loser_points) == -2  # the floor holds, and is reached


@pytest.mark.parametrize(
    "n, k", [(86, 12), (97, 12), (115, 12), (255, 12), (256, 12), (40, 12), (115, 1), (200, 5)]
)
def test_the_fast_deal_picks_what_random_sample_picks(n, k):
    for seed in (0, 1, 12345):
        slow, fast = random.Random(seed), random.Random(seed)
        expected = [slow.sample(range(n), k) for _ in range(2000)]
        assert [list(picks) for picks in sample_indices(fast, n, k, 2000)] == expected


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-50, 50) | st.integers(-(10**400), 10**400), max_size=30))
def test_counted_mean_and_spread_are_the_listed_ones(values):
    """Against an independent oracle: the exact mean and population variance
    of the listed values (statistics on Fractions), or the one error for
    points a float cannot hold."""
    try:
        got = counted_mean_spread(Counter(values), "x")
    except DiosesError as error:
        assert "card 'x'" in str(error)
        assert max(map(abs, values)) > 10**300  # only points beyond a float are refused
        return
    if not values:
        assert got == (0.0, 0.0)
        return
    exact = [Fraction(v) for v in values]
    mean, variance = statistics.mean(exact), statistics.pvariance(exact)
    assert got[0] == pytest.approx(float(mean), rel=1e-12)
    assert got[1] == pytest.approx(math.sqrt(variance), rel=1e-9, abs=1e-9)


def test_a_name_first_asked_about_after_a_scene_was_judged_is_seen_in_it():
    """Names get a lane only when a tree asks about them: a card compiled
    before, and a scene whose names were computed before, must still see a
    name asked about later (the scene recomputes them)."""
    current = CompiledPool()
    cards = {card.id: card for card in bundled("myth")}
    ids = sorted(cards)[:SIZE]
    area = Area(tuple(Placed(cards[card_id], True) for card_id in ids))
    scene = current.scene(area)
    for name in ids[::3]:  # each compiled after the scene exists
        condition = m.Relation(m.RelationKind.CLOSE_TO, m.Named(name))
        for anchor in range(SIZE):
            expected = Evaluator(area).holds(condition, anchor)
            assert bool(current.condition(condition)(scene, anchor)) == expected, (name, anchor)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.none() | st.booleans())
def test_the_total_alone_is_the_reports_total_with_either_evaluator(board, flag):
    """score_total (#29: agents, balance, the solver's checks) stops at the
    total; it is the report's, judged by either evaluator."""
    total = score_board(board, all_face_up_at_end=flag, evaluator="reference").total
    assert score_total(board, all_face_up_at_end=flag) == total
    assert score_total(board, all_face_up_at_end=flag, evaluator="reference") == total


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_explanations_judge_each_line_with_the_evaluator_asked_for(board):
    """With explain, a line's points come from the evaluator asked for (here
    the compiled one, told apart by a pool whose lines all score 7), its
    cells from the reference, and the report says so."""
    fast = score_board(board, explain=True)
    reference = score_board(board, explain=True, evaluator="reference")
    assert fast == reference and fast.explained_by == "reference"
    assert score_board(board).explained_by is None
    pool = CompiledPool()
    pool.line = lambda line: lambda scene, anchor: 7
    original = compiled._POOL
    compiled._POOL = pool
    try:
        seven = score_board(board, explain=True)
    finally:
        compiled._POOL = original
    assert all(line.points == 7 for card in seven.cards for line in card.lines)
    assert [[line.cells for line in c.lines] for c in seven.cards] == [
        [line.cells for line in c.lines] for c in reference.cards
    ]
