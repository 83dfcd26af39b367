"""The hand-written yardstick engine of the base game (benchmarks/yardstick.py,
#29) plays the games our engine plays, for the same seeds: a second oracle of
the base game, and what ``bench_games.py`` times our engine against.

Bounded here (a few seeds at each of 2-6 players and a few hundred areas);
``python benchmarks/bench_games.py --prove 200`` runs the proof on 200 seeds
per player count (1,000 games).
"""

from __future__ import annotations

import random
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import Area, Placed
from dioses_rules.scoring.board import Board
from dioses_rules.scoring.score import score_board

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import yardstick
from bench_games import ours_and_yardstick, unlogged_end


@lru_cache(maxsize=1)
def base():
    return load_registry(active=["base"])[0]


def test_the_yardstick_knows_the_base_set_card_for_card():
    cards = {card.id: card for card in base().myth_cards()}
    assert sorted(cards) == yardstick.IDS
    for card_id, card in cards.items():
        code = yardstick.CODE[card_id]
        assert (card.type, card.mythologies) == (yardstick.TYPE[code], (yardstick.MYTHOLOGY[code],))
        assert not card.weights and not card.event  # what the yardstick leaves out


def test_hand_written_rules_score_what_the_reference_scores_r12_r16():
    """Every base card's hand-written line against the reference evaluator,
    on random full areas (R12: all face up at the final scoring; R16: gods)."""
    cards = {card.id: card for card in base().myth_cards()}
    rng = random.Random(29)
    seen = set()
    for _ in range(300):
        codes = rng.sample(range(len(yardstick.IDS)), yardstick.SIZE)
        seen.update(codes)
        area = Area(tuple(Placed(cards[yardstick.IDS[code]], True) for code in codes))
        report = score_board(Board(area), evaluator="reference")
        assert yardstick.score(codes) == (
            report.total,
            report.gods,
            [c.points for c in report.cards],
        ), codes
    assert len(seen) == len(yardstick.IDS)  # every card was judged


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_yardstick_plays_our_games_decision_for_decision_r17_r20_r31(players):
    """The same seeds give the same decisions (kind, options, pick), turns,
    totals, gods and winners: the deal, the turn (R17), the end (R20) and the
    deck refilled from the pile (R31) as ours; and our game played without a
    log (the plain turn, engine/turns.py) ends as theirs does."""
    refills = 0
    for seed in range(6):
        ours, theirs = ours_and_yardstick(base(), players, seed * 1009 + players)
        assert ours == theirs, (players, seed)
        end = unlogged_end(base(), players, seed * 1009 + players)
        assert end == {key: theirs[key] for key in end}, (players, seed)
        refills += theirs["refills"]
    if players >= 5:  # games long enough to empty the deck
        assert refills, "no game refilled the deck: R31 was not compared"
