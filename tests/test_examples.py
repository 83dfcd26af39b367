"""The rulebooks' scoring examples, as boards with their printed figures.

Every entry of tests/fixtures/rulebook_examples.toml names a board under
examples/boards/ and the figures the rulebook prints for it; each test below
loads the board, scores it and checks one kind of figure. Test ids are the
examples' names.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import groups
from dioses_rules.scoring.board import read_board_file
from dioses_rules.scoring.evaluator import Evaluator, Facts
from dioses_rules.scoring.resolve import resolve_board
from dioses_rules.scoring.score import score_board

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "rulebook_examples.toml"
EXAMPLES = tomllib.loads(FIXTURE.read_text(encoding="utf-8"))["example"]

# The examples the rulebooks print; the fixture must keep one entry for each.
REQUIRED = {
    "base-scoring-example-hela-and-hera-0-points",
    "base-scoring-example-hela-hera-and-barco-4-points",
    "base-scoring-example-front-row-6-points",
    "base-scoring-example-second-egyptian-hera-still-2-points",
    "base-objectives-variant-player-1-6-points",
    "base-objectives-variant-player-2-8-points",
    "expansion-event-card-scoring-hercules-and-geb-and-nut-4-points",
    "expansion-law-card-scoring-2-of-3-laws-6-points",
}


def by_name(examples):
    return pytest.mark.parametrize("example", examples, ids=[e["name"] for e in examples])


WITH_LAWS = [e for e in EXAMPLES if e.get("laws")]
WITH_OBJECTIVES = [e for e in EXAMPLES if e.get("objectives")]


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


@pytest.fixture(scope="module")
def scored(registry):
    """Board and score report of every example, computed once."""
    results = {}
    for example in EXAMPLES:
        path = ROOT / example["board"]
        board = resolve_board(read_board_file(path), registry, str(path))
        results[example["name"]] = (board, score_board(board))
    return results


def test_fixture_covers_every_rulebook_example():
    names = [e["name"] for e in EXAMPLES]
    assert len(names) == len(set(names)), "example names must be unique"
    assert set(names) >= REQUIRED
    for example in EXAMPLES:
        assert example["citation"].strip() and example["printed"].strip()


@by_name(EXAMPLES)
def test_board_header_cites_the_rulebook_and_states_the_total(example):
    text = (ROOT / example["board"]).read_text(encoding="utf-8")
    header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    assert text.startswith("#"), "a board opens with its rulebook citation"
    assert "rulebook" in header
    assert re.search(rf"\b{example['total']} points\b", header, re.IGNORECASE), (
        f"the header should state the expected {example['total']} points"
    )


@by_name(EXAMPLES)
def test_rulebook_example_card_points(example, scored):
    _, report = scored[example["name"]]
    points = {c.card.id: c.points for c in report.cards}
    expected = example["cards"]
    assert set(expected) <= set(points), "every card the example names is on the board"
    assert {card: points[card] for card in expected} == expected
    others = sum(p for card, p in points.items() if card not in expected)
    assert others == example["other_cards"]


@by_name(EXAMPLES)
def test_rulebook_example_law_points(example, scored):
    _, report = scored[example["name"]]
    assert sum(law.points for law in report.laws) == example["law_points"]


@by_name(WITH_LAWS)
def test_rulebook_example_each_law(example, scored):
    _, report = scored[example["name"]]
    got = [
        (law.law.id, law.row.value if law.row else None, law.column, law.points)
        for law in report.laws
    ]
    want = [
        (law["card"], law.get("row"), law.get("column"), law["points"]) for law in example["laws"]
    ]
    assert got == want


@by_name(EXAMPLES)
def test_rulebook_example_objective_points(example, scored):
    _, report = scored[example["name"]]
    assert sum(o.points for o in report.objectives) == example["objective_points"]


@by_name(WITH_OBJECTIVES)
def test_rulebook_example_each_objective_and_its_groups(example, scored):
    board, report = scored[example["name"]]
    got = [(o.goal.id, o.element.id, o.points) for o in report.objectives]
    want = [(o["goal"], o["element"], o["points"]) for o in example["objectives"]]
    assert got == want
    for (_, element), expected in zip(board.objectives, example["objectives"], strict=True):
        evaluator = Evaluator(report.area, Facts(element=element.selector))
        members = [
            c for c in report.area.occupied() if evaluator.matches(element.selector, c, None)
        ]
        sizes = sorted((len(group) for group in groups(members)), reverse=True)
        assert sizes == expected["groups"]


@by_name(EXAMPLES)
def test_rulebook_example_total(example, scored):
    _, report = scored[example["name"]]
    assert report.total == example["total"]
    parts = (
        sum(c.points for c in report.cards) + example["law_points"] + example["objective_points"]
    )
    assert parts == example["total"], "the fixture's figures add up to its total"


@by_name(EXAMPLES)
def test_rulebook_example_gods(example, scored):
    """R16's tie-break figure, with Geb and Nut weighing 2 (R11)."""
    _, report = scored[example["name"]]
    assert report.gods == example["gods"]
