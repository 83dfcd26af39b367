"""What a card's points read (engine/card_reads.py), and the trial moves that
keep the points of the cards they do not reach (``Valuation.value_near``).

A reach too small would make the greedy agent misjudge a move, so both are
checked on random areas of every bundled card (both sets loaded): a cell
outside a card's reach, changed to any card or emptied, never changes that
card's points (R4 neighbours, R5 surroundings, R10 rows and columns, R2-R3,
R7 relations); and a trial valued from its near area gives the very float
the whole valuation gives, with laws (R13) in play. And a held pattern
(R14), which the valuation judges on the scene's masks, shows as the
engine's pattern checker says.
"""

from __future__ import annotations

import random

import pytest

from dioses_rules.engine.agents import GreedyAgent
from dioses_rules.engine.card_reads import FACTS, Reads, card_reads
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.valuation import Near, Valuation
from dioses_rules.engine.valuation_parts import parts_of
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.board import LawEntry, PatternEntry
from dioses_rules.scoring.masks import FULL, cells_of


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


@pytest.fixture(scope="module")
def game(registry):
    return new_game(registry, [GreedyAgent(1), GreedyAgent(2)], seed=29)


def _random_area(rng: random.Random, ids: list[str]) -> list[str | None]:
    return [rng.choice(ids) if rng.random() < 0.7 else None for _ in range(12)]


def test_a_cell_out_of_a_card_s_reach_never_changes_its_points(game):
    valuation = Valuation(game)
    facts = valuation.pool.card_facts(False, (), 0, 0)
    rng = random.Random(4)
    ids = sorted(game.tables.cards)
    known = 0
    for card_id in ids:
        reach = card_reads(game.tables.cards[card_id])
        for _ in range(4):
            anchor = rng.randrange(12)
            if reach[anchor] is None:
                continue
            known += 1
            outside = [c for c in cells_of(FULL & ~reach[anchor]) if c != anchor]
            area = _random_area(rng, ids)
            area[anchor] = card_id
            scene = valuation.scene(tuple(area))
            scene.judge_with(facts)
            points = valuation.pool.info(game.tables.cards[card_id]).points
            before = points(scene, anchor)
            for cell in rng.sample(outside, min(3, len(outside))):
                area[cell] = rng.choice([None, *ids])
            scene = valuation.scene(tuple(area))
            scene.judge_with(facts)
            assert points(scene, anchor) == before, (card_id, anchor)
            if not reach[anchor] & FACTS:  # nor do other facts (R13 laws met, R14 patterns)
                scene.judge_with(valuation.pool.card_facts(False, (), 2, 1))
                assert points(scene, anchor) == before, (card_id, anchor)
    assert known > 300  # most cards score from their own place


def test_a_card_whose_reach_is_unknown_says_so():
    # R24: the most common mythology is a fact of the whole area
    most = m.MythCard(
        id="x",
        name="X",
        aliases=(),
        type="god",
        mythologies=("greek",),
        lines=(
            m.Fixed(2, m.Relation(m.RelationKind.NEXT_TO, m.MostCommon(m.Attribute.MYTHOLOGY))),
        ),
    )
    assert card_reads(most) == (None,) * 12


def test_a_trial_from_its_near_area_is_valued_as_the_whole_area(registry):
    game = new_game(registry, [GreedyAgent(1), GreedyAgent(2)], seed=12)
    held = sorted(game.tables.patterns)[:3]  # R14: judged at each trial, so facts vary
    game.state.areas[0].patterns[:] = [PatternEntry(card) for card in held]
    valuation = Valuation(game)
    rng = random.Random(12)
    ids = sorted(game.tables.cards)
    # cards that read the facts (R13 laws met, R14 patterns completed, R21)
    facts = [
        i for i in ids if any(r is not None and r & FACTS for r in card_reads(game.tables.cards[i]))
    ]
    laws = sorted(game.tables.laws)
    compared = other_facts = 0
    for round_ in range(40):
        entries = [LawEntry(rng.choice(laws), row=rng.choice(["front", "central", "back"]))]
        context = valuation.context(0, entries if round_ % 4 else None)
        seen = _random_area(rng, ids)
        seen[rng.randrange(12)] = rng.choice(facts)
        near = Near(tuple(seen))
        for _ in range(12):
            trial = list(seen)
            if rng.random() < 0.5:
                cells: tuple[int, ...] = (rng.randrange(12),)
                trial[cells[0]] = rng.choice([None, *ids])
            else:
                a, b = sorted(rng.sample(range(12), 2))
                cells = (a, b)
                trial[a], trial[b] = trial[b], trial[a]
            signature = tuple(trial)
            got = valuation.value_near(context, near, signature, cells)
            assert got == valuation.value_in(context, signature), (seen, signature)
            compared += 1
            judged = valuation._judged(context, signature, valuation.scene(signature))
            other_facts += judged[1:] != near.kept_for
    assert compared == 480 and other_facts > 20  # some trials meet other laws or patterns


def test_a_held_pattern_shows_in_the_valuation_as_the_engine_sees_it(game):
    """R14: the valuation's placements (cells and wanted kinds, judged on the
    scene) answer as the engine's pattern checker on the signature."""
    valuation = Valuation(game)
    parts = parts_of(game.tables, valuation.pool)
    rng = random.Random(14)
    ids = sorted(game.tables.cards)
    shown = 0
    for pattern_id, pattern in sorted(game.tables.patterns.items()):
        shows, _ = parts.pattern(pattern_id)
        for _ in range(40):
            signature = tuple(_random_area(rng, ids))
            scene = valuation.scene(signature)
            got = any(
                scene.up & cells == cells and scene.kinds & wanted == wanted
                for cells, wanted in shows
            )
            assert got == game.patterns.matches_signature(pattern, signature), pattern_id
            shown += got
    assert shown  # some random areas show some pattern


def test_a_cell_out_of_a_law_s_reach_never_changes_what_it_gives(game):
    """R13: a law is judged on the line it sits on; a cell out of its reach
    (for every bundled law: its line), changed, never changes its points."""
    valuation = Valuation(game)
    parts = parts_of(game.tables, valuation.pool)
    rng = random.Random(13)
    ids = sorted(game.tables.cards)
    known = 0
    for law_id in sorted(game.tables.laws):
        for row in ("front", "central", "back"):
            lines, facts, _, reach = parts.law(LawEntry(law_id, row=row))
            assert reach is not None, law_id  # every bundled law counts in its line
            known += 1
            area = _random_area(rng, ids)
            scene = valuation.scene(tuple(area))
            scene.judge_with(facts)
            before = lines(scene, None)
            for cell in cells_of(FULL & ~reach):
                area[cell] = rng.choice([None, *ids])
            scene = valuation.scene(tuple(area))
            scene.judge_with(facts)
            assert lines(scene, None) == before, (law_id, row)
    assert known > 60


def test_a_near_area_kept_from_the_one_before_values_trials_as_the_whole_area(registry):
    """A near area made from the area's one before it (a move or a few
    cells apart: ``Trials._keep_from``) keeps the points of the cards the
    change does not reach; its trials are still valued as the whole
    valuation values them, with laws (R13) and held patterns (R14) in play."""
    game = new_game(registry, [GreedyAgent(1), GreedyAgent(2)], seed=13)
    game.state.areas[0].patterns[:] = [
        PatternEntry(card) for card in sorted(game.tables.patterns)[:2]
    ]
    valuation = Valuation(game)
    trials, kept_from = valuation.trials, []
    keep_from = trials._keep_from
    trials._keep_from = lambda *args: kept_from.append(args) or keep_from(*args)  # type: ignore[method-assign]
    rng = random.Random(13)
    ids = sorted(game.tables.cards)
    laws = sorted(game.tables.laws)
    compared = 0
    for round_ in range(30):
        entries = [LawEntry(rng.choice(laws), column=rng.randint(1, 4))]
        context = valuation.context(0, entries if round_ % 3 else None)
        before = Near(tuple(_random_area(rng, ids)))
        seen = list(before.signature)
        valuation.value_near(context, before, tuple(seen), ())  # it keeps its points
        for cell in rng.sample(range(12), rng.randint(1, 4)):  # the move since
            seen[cell] = rng.choice([None, *ids])
        near = Near(tuple(seen), before)
        for _ in range(8):
            cells: tuple[int, ...] = (rng.randrange(12),)
            trial = list(seen)
            trial[cells[0]] = rng.choice([None, *ids])
            signature = tuple(trial)
            assert valuation.value_near(context, near, signature, cells) == valuation.value_in(
                context, signature
            ), (before.signature, seen, signature)
            compared += 1
        assert near.before is None  # forgotten once kept
    assert len(kept_from) > 15 and compared == 240  # most kept from the one before


def test_the_reads_worked_out_one_anchor_at_a_time_are_card_reads(game):
    """``Reads`` (what the valuation keeps: each anchor's reach when first
    asked) gives, for every bundled card, what ``card_reads`` gives."""
    for card_id, card in sorted(game.tables.cards.items()):
        reads = Reads(card)
        anchors = random.Random(card_id).sample(range(12), 12)  # asked in any order
        assert [reads[a] for a in anchors] == [card_reads(card)[a] for a in anchors], card_id
        assert len(reads) == 12
