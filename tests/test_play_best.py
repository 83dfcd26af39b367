"""What ``dioses play`` shows players beyond the game itself (issue #13):
the `h` hint during a decision and, at the end, each area's best possible
score with the same cards (``dioses solve`` on its final board)."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from rich.console import Console

from dioses_cli import best as best_module
from dioses_cli import human as human_module
from dioses_cli.faces import printed_names
from dioses_cli.main import dioses
from dioses_rules.engine.agents import agent_seed, make_agent
from dioses_rules.engine.saves import save_data
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import Decision
from dioses_rules.engine.view import final_board_files, final_boards
from dioses_rules.errors import DiosesError
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.board import write_board
from dioses_rules.scoring.score import score_board

pytest.importorskip("ortools")

SOLVE_AT_THE_END = True  # conftest.py: here `dioses play` solves at the end, as it does by default


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def finished_game(registry, seed: int, agents=("greedy", "random")):
    game = new_game(
        registry, [make_agent(name, seed * 10 + i) for i, name in enumerate(agents)], seed=seed
    )
    game.play()
    return game


def test_each_areas_best_is_what_dioses_solve_says_of_its_final_board(registry, here):
    """The end-of-game column is `dioses solve` on the final board file, and
    never less than the cards scored as they lay (R12: all face up)."""
    game = finished_game(registry, 6)  # areas proven in about a second each
    bests = best_module.best_totals(game, time_limit=60)
    for area, (best, board, board_file) in enumerate(
        zip(bests, final_boards(game), final_board_files(game), strict=True)
    ):
        assert best.optimal, f"area {area + 1} not proven in 60 s"
        as_laid = score_board(board, all_face_up_at_end=True).total
        assert best.total >= as_laid
        assert best.cell() == str(best.total)
        if area == 0:  # one area through the command itself (each solve takes seconds)
            write_board(board_file, here / "final.toml")
            solved = CliRunner().invoke(dioses, ["solve", "final.toml", "--format", "json"])
            assert solved.exit_code == 0, solved.output
            assert json.loads(solved.stdout)["best_total"] == best.total


def test_the_final_table_has_the_best_column_and_says_what_it_means(here):
    result = CliRunner().invoke(dioses, ["play", "--agents", "greedy,random", "--seed", "8"])
    assert result.exit_code == 0, result.output
    assert "best possible" in result.stdout and "(dioses solve)" in result.stdout
    assert "the same cards rearranged" in result.stdout


def test_best_time_zero_leaves_the_column_out(here):
    result = CliRunner().invoke(
        dioses, ["play", "--agents", "greedy,random", "--seed", "8", "--best-time", "0"]
    )
    assert result.exit_code == 0, result.output
    assert "Game over after" in result.stdout and "best possible" not in result.stdout


def test_best_time_out_of_range_is_a_usage_error(here):
    result = CliRunner().invoke(dioses, ["play", "--best-time", "-1"])
    assert result.exit_code == 2 and "--best-time" in result.stderr


def test_without_or_tools_the_column_says_what_to_install(registry, missing):
    game = finished_game(registry, 4)
    missing(lambda name: name.startswith(("dioses_rules.solve", "ortools")))
    bests = best_module.best_totals(game)
    assert [b.cell() for b in bests] == ["-", "-"]
    assert all("dioses-rules[solver]" in b.why_not for b in bests)


def test_no_arrangement_within_the_time_is_a_dash_not_a_crash(registry, monkeypatch):
    """On a busy machine CP-SAT may stop at the time limit before a first
    arrangement (UNKNOWN): that is the clock's doing, E303, and the final
    table shows '-' with the reason; it once ended a game with exit 3."""
    from dioses_rules.solve import layout

    game = finished_game(registry, 4)
    real = layout.best_layout

    def starved(board, time_limit=None, **kwargs):
        return real(board, effort=1e-9, **kwargs)  # CP-SAT's deterministic time: never enough

    monkeypatch.setattr(layout, "best_layout", starved)
    bests = best_module.best_totals(game, time_limit=0.2)
    assert [b.cell() for b in bests] == ["-", "-"]
    assert all("no arrangement within" in b.why_not for b in bests)
    with pytest.raises(DiosesError) as raised:
        real(final_boards(game)[0], effort=1e-9)
    assert raised.value.diagnostics[0].code == "E303"


def test_an_unproven_best_is_shown_as_a_lower_bound():
    assert best_module.Best(29, optimal=False).cell() == ">= 29"
    assert best_module.Best(why_not="x").cell() == "-"


# ---------------------------------------------------------------- the hint


def test_h_shows_the_hint_agents_choice_and_changes_nothing(registry):
    game = new_game(registry, [make_agent("greedy", 1), make_agent("greedy", 2)], seed=6)
    state = game.state
    seat = state.active
    area = state.seat_area[seat]
    actions = game.legal_actions(area)
    decision = Decision(seat, "action", "Your action", tuple(actions))
    before = json.dumps(save_data(game), sort_keys=True, default=str)
    answers = iter(["h", "hint", "1"])
    out = Console(record=True, width=120, soft_wrap=True, file=io.StringIO())
    agent = human_module.HumanAgent(out, read=lambda prompt: next(answers))
    assert agent.choose(game, decision) == 0
    expected = make_agent(best_module.HINT_AGENT, agent_seed(state.turn, seat)).choose(
        game, decision
    )
    choice = decision.choices[expected]
    text = out.export_text()
    label = printed_names(game, choice.label or choice.kind)
    line = f"hint ({best_module.HINT_AGENT} agent): {expected + 1}. {label}"
    assert text.count(line) == 2  # the same position, the same hint
    assert json.dumps(save_data(game), sort_keys=True, default=str) == before


def test_help_names_the_hint(registry):
    game = new_game(registry, [make_agent("greedy", 1), make_agent("greedy", 2)], seed=6)
    answers = iter(["?", "1"])
    out = Console(record=True, width=120, soft_wrap=True, file=io.StringIO())
    agent = human_module.HumanAgent(out, read=lambda prompt: next(answers))
    seat = game.state.active
    decision = Decision(
        seat, "action", "Your action", tuple(game.legal_actions(game.state.seat_area[seat]))
    )
    agent.choose(game, decision)
    assert "'h' suggests one" in out.export_text()
