"""``dioses balance --optimal`` (issue #13): each card's points in the best
layouts of random hands, beside its random-layout mean."""

from __future__ import annotations

import json
import statistics
from collections import defaultdict

import pytest
from click.testing import CliRunner

pytest.importorskip("ortools")

from dioses_cli.main import dioses
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import Area, Placed
from dioses_rules.scoring.evaluator import Facts
from dioses_rules.scoring.score import card_points
from dioses_rules.solve import balance as optimal

HANDS = 2
SEED = 1  # hands that are proven in about a second each


@pytest.fixture(scope="module")
def pool():
    return load_registry()[0].myth_cards()


@pytest.fixture(scope="module")
def report(pool):
    return optimal.optimal_balance(pool, hands=HANDS, seed=SEED, workers=2)


@pytest.fixture(scope="module")
def solved(pool):
    """Each hand of the report, solved one by one."""
    return [
        optimal._solve_hand((list(pool), False, optimal.EFFORT), hand)
        for hand in optimal.optimal_hands(pool, HANDS, SEED)
    ]


def test_a_hands_best_layout_scores_at_least_its_dealt_layout(pool, solved):
    """The dealt arrangement is one of the layouts searched (R12: all face up)."""
    for hand, (proven, total, points) in zip(
        optimal.optimal_hands(pool, HANDS, SEED), solved, strict=True
    ):
        assert proven
        dealt = Area(tuple(Placed(pool[i], True) for i in hand))
        assert total >= sum(card_points(dealt, Facts(all_face_up_at_end=False)).values())
        assert sum(value for _, value in points) == total  # cards alone: no laws, patterns
        assert sorted(i for i, _ in points) == sorted(hand)  # each card of the hand, once


def test_the_report_averages_each_cards_points_over_the_hands_it_was_dealt_in(pool, report, solved):
    """Solved on two processes (the report), one by one here: the same figures."""
    by_card = defaultdict(list)
    for _, _, points in solved:
        for index, value in points:
            by_card[pool[index].id].append(value)
    for card in pool:
        stats = report.cards[card.id]
        values = by_card.get(card.id, [])
        assert stats.dealt == len(values)
        if values:
            assert stats.mean == pytest.approx(statistics.fmean(values))
            assert stats.spread == pytest.approx(statistics.pstdev(values))
    totals = [total for _, total, _ in solved]
    assert report.mean_total == pytest.approx(statistics.fmean(totals))
    assert report.proven == HANDS and report.hands == HANDS


def test_another_seed_deals_other_hands(pool):
    assert optimal.optimal_hands(pool, HANDS, SEED) != optimal.optimal_hands(pool, HANDS, 4)


def test_the_effort_has_a_range(pool):
    for effort in (0, -1, optimal.MAX_EFFORT + 1):
        with pytest.raises(ValueError):
            optimal.optimal_balance(pool, hands=1, effort=effort)


def test_the_cli_adds_the_best_layout_means(pool):
    arguments = ["balance", "--boards", "300", "--optimal", "--hands", "1", "--seed", str(SEED)]
    result = CliRunner().invoke(dioses, [*arguments, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["optimal"]["hands"] == 1 and data["optimal"]["proven"] == 1
    assert sum(card["optimal_dealt"] for card in data["cards"]) == 12
    text = CliRunner().invoke(dioses, arguments)
    assert text.exit_code == 0, text.output
    assert "best-layout mean" in text.stdout and "best layouts: 1 random hand," in text.stdout


def test_without_optimal_the_json_is_as_before():
    result = CliRunner().invoke(dioses, ["balance", "--boards", "50", "--format", "json"])
    data = json.loads(result.stdout)
    assert "optimal" not in data and "optimal_mean" not in data["cards"][0]


@pytest.mark.parametrize("arguments", [["--hands", "0"], ["--effort", "0"]])
def test_bad_budgets_are_usage_errors(arguments):
    result = CliRunner().invoke(dioses, ["balance", "--optimal", *arguments])
    assert result.exit_code == 2 and arguments[0] in result.stderr


def test_without_or_tools_the_error_says_what_to_install(missing):
    missing(lambda name: name.startswith("ortools") or name.endswith("solve.balance"))
    result = CliRunner().invoke(dioses, ["balance", "--boards", "50", "--optimal"])
    assert result.exit_code == 1
    assert "E302" in result.stderr and "dioses-rules[solver]" in result.stderr
