"""``dioses solve --scenario``: can a scenario be won at all (#13)?

The answer comes with a winning final area, which is scored by the
evaluator here (and inside the solver, before it answers): it must meet the
victory (and the challenge when asked) and beat the scenario's points. A
"no" is a proof: a scenario whose locked card can never reach the cell its
victory names is unsatisfiable. Where locked cards can end (solve/reading.py)
is checked against the rules that move them (scenario 4's trigger, scenario
7's abilities). Solving all seven bundled scenarios is the benchmark's job
(benchmarks/bench_solve.py, ``seconds_all_scenarios``); two run here.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

pytest.importorskip("ortools")  # the [solver] extra, which CI installs

from test_properties import registry

from dioses_cli.main import dioses
from dioses_rules.language import model as m
from dioses_rules.scoring.area import ROW_CELLS, cell_index
from dioses_rules.scoring.score import score_board
from dioses_rules.solve.reading import ScenarioReading
from dioses_rules.solve.scenario import solve_scenario

STUCK = """set tiny "Tiny" {
  version "1.0"
  requires aun-mas-divinos
}

scenario stuck 8 "Stuck" reconstructed {
  mode solo
  setup {
    place hera face-up at front 1
  }
  rules {
    lock hera
  }
  victory {
    hera at WHERE
  }
  beat POINTS points
}
"""


def scenario(scenario_id: str) -> m.Scenario:
    return registry().get("scenario", scenario_id)


def test_r4_freyja_can_end_anywhere_left_of_her_start_in_her_row():
    """Scenario 4: Freyja is locked at central 4 and moves one cell left each
    time a pattern is completed (3 easy patterns); Jotunheim never moves."""
    runaway = scenario("runaway-bride")
    cells = ScenarioReading(runaway, runaway.setup_for(False)).locked_cells()
    assert cells["freyja"] == frozenset(ROW_CELLS[m.Row.CENTRAL])
    assert cells["jotunheim"] == {cell_index(m.Row.BACK, 4)}


def test_the_sarcophagus_starts_in_the_front_row_and_may_go_down_twice():
    """Scenario 7: placed at random in the front row, locked, and swapped
    down once with Toth and once with Osiris (each only from beneath it)."""
    agency = scenario("afterlife-travel-agency")
    cells = ScenarioReading(agency, agency.setup_for(False)).locked_cells()
    assert cells == {"portable-sarcophagus": frozenset(range(12))}


@pytest.mark.parametrize("scenario_id", ["runaway-bride", "afterlife-travel-agency"])
def test_a_bundled_scenario_can_be_won_and_its_winning_area_wins_when_scored(scenario_id):
    answer = solve_scenario(registry(), scenario(scenario_id), workers=2)
    assert answer.satisfiable is True and answer.victory_possible is True
    report = score_board(answer.board)
    assert report.scenario.victory and report.scenario.beaten
    assert report.total > scenario(scenario_id).threshold
    if scenario_id == "runaway-bride":  # Freyja reached central 1: three patterns completed
        assert answer.board.area.cells[cell_index(m.Row.CENTRAL, 1)].card.id == "freyja"


def _stuck(tmp_path, where: str, points: int):
    path = tmp_path / "stuck.dioses"
    path.write_text(STUCK.replace("WHERE", where).replace("POINTS", str(points)), encoding="utf-8")
    return CliRunner().invoke(
        dioses, ["solve", "--scenario", "stuck", "--cards", str(path), "--format", "json"]
    )


def test_a_locked_card_that_can_never_reach_its_cell_is_proven_unwinnable(tmp_path):
    result = _stuck(tmp_path, "back 4", 1)
    assert result.exit_code == 0, result.output
    (answer,) = json.loads(result.stdout)
    assert answer["answer"] == "unsatisfiable" and answer["victory_possible"] is False
    assert answer["status"] == "INFEASIBLE" and answer["witness"] is None


def test_a_victory_met_with_too_few_points_is_told_apart(tmp_path):
    result = _stuck(tmp_path, "front 1", 500)
    (answer,) = json.loads(result.stdout)
    assert answer["answer"] == "unsatisfiable" and answer["victory_possible"] is True
    won = _stuck(tmp_path, "front 1", 1)
    (answer,) = json.loads(won.stdout)
    assert answer["answer"] == "satisfiable"
    assert answer["witness"]["area"]["front"][0] == "hera"
    assert answer["witness"]["total"] > 1


def test_the_text_answer_names_the_scenario_and_shows_the_area(tmp_path):
    path = tmp_path / "stuck.dioses"
    path.write_text(STUCK.replace("WHERE", "front 1").replace("POINTS", "1"), encoding="utf-8")
    result = CliRunner().invoke(dioses, ["solve", "--scenario", "8", "--cards", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("scenario 8 Stuck: can be won (victory, more than 1 points")
    assert "  front    Hera" in result.stdout  # by its printed name (#28)


@pytest.mark.parametrize(
    "arguments, message",
    [
        ([], "give a BOARD, or --scenario ID (not both)"),
        (["--scenario", "nope"], "unknown scenario 'nope'"),
        (["--challenge"], "give a BOARD, or --scenario ID"),
        (["--scenario", "7", "--fixed", "front-1"], "--fixed and --write go with a BOARD"),
    ],
)
def test_wrong_combinations_are_usage_errors(arguments, message):
    result = CliRunner().invoke(dioses, ["solve", *arguments])
    assert result.exit_code == 2
    assert message in result.output


NORSE = """set northern "Northern" {
  version "1.0"
  requires aun-mas-divinos
}

scenario all-north 9 "All North" reconstructed {
  mode solo
  victory {
    at least 10 norse in area
  }
  beat 1 points
}
"""


def test_a_winning_area_outside_the_first_cards_is_found_in_the_whole_pool(tmp_path, monkeypatch):
    """The first search looks among a few cards (the scenario's named ones
    and the best on random areas, FIRST_CARDS); when none of their areas
    wins, the whole pool decides. Ten Norse cards are not among 12 such."""
    from dioses_rules.pool.load import load_registry
    from dioses_rules.solve import scenario as solving

    path = tmp_path / "north.dioses"
    path.write_text(NORSE, encoding="utf-8")
    pool = load_registry([path])[0]
    monkeypatch.setattr(solving, "FIRST_CARDS", 12)
    few = solving.first_cards(pool, pool.get("scenario", "all-north"))
    assert len(few) == 12 and sum("norse" in c.mythologies for c in few) < 10
    answer = solve_scenario(pool, pool.get("scenario", "all-north"))
    assert answer.satisfiable is True
    cells = answer.board.area.cells
    assert sum("norse" in p.card.mythologies for p in cells) >= 10
    assert {p.card.id for p in cells} - {c.id for c in few}  # from the whole pool


def test_the_first_cards_hold_every_card_the_scenario_names():
    named = {
        "anubis",
        "book-of-the-dead",
        "embalming-room",
        "osiris",
        "portable-sarcophagus",
        "toth",
    }
    from dioses_rules.solve.scenario import FIRST_CARDS, first_cards

    few = first_cards(registry(), scenario("afterlife-travel-agency"))
    assert named <= {card.id for card in few} and len(few) == FIRST_CARDS
