"""dioses play / simulate / replay through click's CliRunner.

The human seat is driven with ``input=``; every game is seeded so the tests
do not depend on luck, and none assumes the size of the card pool.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli import human as human_module
from dioses_cli.main import dioses
from dioses_rules.engine.state import Choice, Decision

ONES = "1\n" * 600  # always the first choice: enough for any 2-player game


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def no_traceback(result) -> None:
    assert "Traceback" not in result.output
    assert "Traceback" not in result.stderr
    assert "internal error" not in result.stderr


def log_records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def final_record(path: Path) -> dict:
    return next(r for r in reversed(log_records(path)) if r["type"] == "final")


# ---------------------------------------------------------------- the human seat


def test_human_agent_asks_again_until_the_input_is_a_valid_number():
    from rich.console import Console

    from dioses_rules.engine.agents import make_agent
    from dioses_rules.engine.setup import new_game
    from dioses_rules.pool.load import load_registry

    registry, _ = load_registry()
    game = new_game(registry, [make_agent("greedy", 1), make_agent("greedy", 2)], seed=1)
    answers = iter(["x", "", "0", "99", "c hera", "?", "b", "3"])
    out = Console(record=True, width=120, soft_wrap=True, file=io.StringIO())
    agent = human_module.HumanAgent(out, read=lambda prompt: next(answers))
    decision = Decision(
        0, "pile", "Which pile?", tuple(Choice("pile", (i,), f"pile {i + 1}") for i in range(4))
    )
    assert agent.choose(game, decision) == 2
    text = out.export_text()
    assert "Which pile?" in text and " 4. pile 4" in text
    assert "'x' is not a choice" in text and "'' is not a choice" in text
    assert "0 is not a choice" in text and "99 is not a choice" in text
    assert "hera" in text.lower() and "'q' saves and stops" in text
    assert text.count("Area 1: seat 1") == 2  # drawn, then drawn again for 'b'


def test_play_with_bad_then_good_input_reaches_the_scores(runner, here):
    result = runner.invoke(
        dioses, ["play", "--seed", "3", "--log", "game.jsonl"], input="x\n99\n\n" + ONES
    )
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'x' is not a choice: type 1 to 12, or name one" in out
    assert "99 is not a choice: type 1 to 12" in out
    assert "?" in out and "Area 1: seat 1 (human) - yours" in out  # the board was drawn
    assert "Game over after" in out and "Winner" in out
    final = final_record(here / "game.jsonl")
    for total in final["totals"]:
        assert f"{total} points" in out
    save = json.loads((here / "dioses-save.json").read_text())
    assert save["kind"] == "dioses-game" and save["state"]["finished"] is True
    assert [a["name"] for a in save["agents"]] == ["human", "greedy"]


def test_board_hides_face_down_cards_even_from_their_owner(runner, here):
    result = runner.invoke(dioses, ["play", "--seed", "4"], input="")
    no_traceback(result)
    # Before the first reveal every card of the human's own area is unknown:
    # each row of its grid shows four '?' and no card.
    own = result.stdout.split("Area 1: seat 1 (human) - yours")[1].split("laws:")[0]
    rows = [
        line for line in own.splitlines() if line.startswith(("│ front", "│ central", "│ back"))
    ]
    assert len(rows) == 3
    for row in rows:
        cells = [cell.strip() for cell in row.strip("│").split("│")[1:]]
        assert cells == ["?", "?", "?", "?"]


def test_input_closed_stops_cleanly_and_says_how_to_resume(runner, here):
    """Issue #10: a game aborted because its input ended is not a success: exit 1."""
    result = runner.invoke(dioses, ["play", "--seed", "5"], input="1\n" * 8)
    no_traceback(result)
    assert result.exit_code == 1
    assert "the input ended" in result.stderr
    assert "dioses play --resume dioses-save.json" in result.stderr
    save = json.loads((here / "dioses-save.json").read_text())
    assert save["kind"] == "dioses-game" and save["state"].get("finished", False) is False


def test_input_closed_during_setup_saves_nothing(runner, here):
    """Issue #10: "nothing was saved" is true: no save and no log was written."""
    result = runner.invoke(dioses, ["play", "--seed", "5"], input="")
    no_traceback(result)
    assert result.exit_code == 1
    assert "nothing was saved" in result.stderr
    assert list(here.iterdir()) == []


def test_hot_seat_two_humans_both_play(runner, here):
    result = runner.invoke(
        dioses,
        ["play", "--agents", "human,human", "--seed", "2", "--log", "hot.jsonl"],
        input="1\n" * 40,
    )
    no_traceback(result)
    assert result.exit_code == 1, result.output  # the input ended
    assert "the input ended" in result.stderr
    assert "seat 1 (human): your turn" in result.stdout
    assert "seat 2 (human): your turn" in result.stdout
    seats = {
        r["seat"]
        for r in log_records(here / "hot.jsonl")
        if r["type"] == "decision" and r["options"] > 1
    }
    assert seats == {1, 2}  # numbered from 1 in the log, as on the screen


def test_agents_only_game_needs_no_input(runner, here):
    result = runner.invoke(dioses, ["play", "--agents", "greedy,random", "--seed", "8"])
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert "Game over after" in result.stdout


# ---------------------------------------------------------------- saves and resume


def test_autosave_after_every_turn_and_resume_gives_the_same_game(runner, here):
    full = runner.invoke(
        dioses, ["play", "--seed", "11", "--save", "full.json", "--log", "full.jsonl"], input=ONES
    )
    assert full.exit_code == 0, full.output

    part = runner.invoke(
        dioses,
        ["play", "--seed", "11", "--save", "part.json", "--log", "part.jsonl"],
        input="1\n" * 12,
    )
    no_traceback(part)
    assert part.exit_code == 1  # the input ended
    saved = json.loads((here / "part.json").read_text())
    assert saved["state"].get("turn", 0) >= 2  # written after turns, not only at the start
    assert saved["state"].get("finished", False) is False

    resumed = runner.invoke(dioses, ["play", "--resume", "part.json"], input=ONES)
    no_traceback(resumed)
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming part.json" in resumed.stdout
    # Always answering 1, the interrupted and resumed game is the uninterrupted one.
    assert final_record(here / "part.jsonl") == final_record(here / "full.jsonl")
    ok = runner.invoke(dioses, ["replay", "part.jsonl"])
    assert ok.exit_code == 0 and "replay OK" in ok.stdout


def test_a_file_that_is_not_a_save_is_never_overwritten(runner, here):
    precious = here / "notes.json"
    precious.write_text('{"my": "notes"}')
    result = runner.invoke(dioses, ["play", "--save", "notes.json", "--seed", "1"], input=ONES)
    no_traceback(result)
    assert result.exit_code == 2
    assert "not a Dioses! save" in result.stderr and "not overwriting" in result.stderr
    assert precious.read_text() == '{"my": "notes"}'


def test_the_default_save_path_holding_something_else_gets_a_fresh_name(runner, here):
    """Issue #10: without --save, an existing file makes the game pick a fresh name."""
    (here / "dioses-save.json").write_text("my shopping list")
    result = runner.invoke(dioses, ["play", "--seed", "1"], input=ONES)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert "this game is saved in dioses-save-2.json" in result.stderr
    assert (here / "dioses-save.json").read_text() == "my shopping list"
    assert json.loads((here / "dioses-save-2.json").read_text())["state"]["finished"]
    assert (here / "dioses-save-2.jsonl").is_file()


def test_an_unfinished_save_is_kept_unless_overwrite(runner, here):
    runner.invoke(dioses, ["play", "--seed", "5"], input="1\n" * 8)
    before = (here / "dioses-save.json").read_text()
    refused = runner.invoke(dioses, ["play", "--seed", "6"], input=ONES)
    assert refused.exit_code == 2
    assert "unfinished game" in refused.stderr and "--resume" in refused.stderr
    assert (here / "dioses-save.json").read_text() == before
    replaced = runner.invoke(dioses, ["play", "--seed", "6", "--overwrite"], input=ONES)
    assert replaced.exit_code == 0, replaced.output


def test_a_log_target_that_is_not_a_log_is_never_overwritten(runner, here):
    (here / "keep.txt").write_text("keep me")
    result = runner.invoke(dioses, ["play", "--seed", "1", "--log", "keep.txt"], input=ONES)
    assert result.exit_code == 2
    assert (here / "keep.txt").read_text() == "keep me"


def test_ctrl_c_keeps_the_last_autosave_and_exits_130(runner, here, monkeypatch):
    calls = {"n": 0}

    def read(prompt):
        calls["n"] += 1
        if calls["n"] > 10:
            raise KeyboardInterrupt
        return "1"

    monkeypatch.setattr(human_module, "read_line", read)
    result = runner.invoke(dioses, ["play", "--seed", "7", "--save", "g.json"])
    no_traceback(result)
    assert result.exit_code == 130
    assert "interrupted" in result.stderr and "g.json" in result.stderr
    assert "dioses play --resume g.json" in result.stderr
    saved = json.loads((here / "g.json").read_text())
    assert saved["state"].get("finished", False) is False and saved["state"].get("turn", 0) >= 1
    assert not list(here.glob(".g.json.*"))  # no temporary file left behind

    monkeypatch.setattr(human_module, "read_line", lambda prompt: "1")
    resumed = runner.invoke(dioses, ["play", "--resume", "g.json"])
    assert resumed.exit_code == 0, resumed.output
    assert "Game over after" in resumed.stdout


def test_resuming_something_that_is_not_a_save_is_one_clear_error(runner, here):
    (here / "x.json").write_text("[1, 2")
    result = runner.invoke(dioses, ["play", "--resume", "x.json"])
    no_traceback(result)
    assert result.exit_code == 1
    assert "not a saved Dioses! game" in result.stderr


def test_resume_refuses_new_setup_options(runner, here):
    runner.invoke(dioses, ["play", "--seed", "5"], input="1\n" * 8)
    result = runner.invoke(dioses, ["play", "--resume", "dioses-save.json", "--players", "3"])
    assert result.exit_code == 2
    assert "--players cannot be changed" in result.stderr


# ---------------------------------------------------------------- final boards


def score_total(runner, path: Path) -> int:
    result = runner.invoke(dioses, ["score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["total"]


def test_final_boards_score_the_same_with_dioses_score(runner, here):
    result = runner.invoke(
        dioses,
        [
            "play",
            "--agents",
            "greedy,random",
            "--seed",
            "21",
            "--rule",
            "initial-laws",
            "--rule",
            "initial-patterns",
            "--log",
            "g.jsonl",
            "--final-board",
            "end.toml",
        ],
    )
    no_traceback(result)
    assert result.exit_code == 0, result.output
    totals = final_record(here / "g.jsonl")["totals"]
    paths = [here / "end-1.toml", here / "end-2.toml"]
    assert [score_total(runner, p) for p in paths] == totals
    assert "laws" in paths[0].read_text()


@pytest.mark.parametrize("scenario", ["the-fairest", "runaway-bride"])
def test_a_scenario_final_board_scores_the_same(runner, here, scenario):
    result = runner.invoke(
        dioses,
        [
            "play",
            "--scenario",
            scenario,
            "--agents",
            "greedy",
            "--seed",
            "3",
            "--log",
            "s.jsonl",
            "--final-board",
            "end.toml",
        ],
    )
    no_traceback(result)
    assert result.exit_code == 0, result.output
    final = final_record(here / "s.jsonl")
    assert score_total(runner, here / "end.toml") == final["totals"][0]
    scored = json.loads(runner.invoke(dioses, ["score", "end.toml", "--format", "json"]).stdout)
    assert scored["scenario"]["victory"] == final["scenario"]["victory"]
    assert scored["scenario"]["beaten"] == final["scenario"]["beaten"]
    assert "victory" in result.stdout and "beaten" in result.stdout.lower()


def test_final_board_never_overwrites(runner, here):
    (here / "end.toml").write_text("mine")
    result = runner.invoke(
        dioses, ["play", "--scenario", "3", "--agents", "greedy", "--final-board", "end.toml"]
    )
    assert result.exit_code == 2
    assert (here / "end.toml").read_text() == "mine"


# ---------------------------------------------------------------- replay


def test_replay_of_a_human_game_log_is_ok(runner, here):
    runner.invoke(dioses, ["play", "--seed", "3", "--log", "g.jsonl"], input=ONES)
    result = runner.invoke(dioses, ["replay", "g.jsonl"])
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert "replay OK" in result.stdout
    setup = log_records(here / "g.jsonl")[0]
    assert setup["type"] == "setup" and setup["seed"] == 3 and setup["seats"] == 2


def tamper(path: Path) -> None:
    records = log_records(path)
    for record in records:
        if (
            record["type"] == "decision"
            and record["kind"] in ("exchange", "drawn")
            and record["options"] > 2
        ):
            record["index"] = (record["index"] + 1) % record["options"]
            break
    else:  # pragma: no cover - every game has such a decision
        raise AssertionError("nothing to tamper with")
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def test_replay_of_a_tampered_log_fails_and_says_where(runner, here):
    runner.invoke(dioses, ["simulate", "--games", "2", "--seed", "4", "--log-dir", "logs"])
    log = here / "logs" / "game-0002.jsonl"
    assert runner.invoke(dioses, ["replay", str(log)]).exit_code == 0
    tamper(log)
    result = runner.invoke(dioses, ["replay", str(log)])
    no_traceback(result)
    assert result.exit_code == 1
    assert "replay diverged at record" in result.stderr
    assert "replay OK" not in result.stdout


def test_replay_of_a_log_with_a_changed_final_score_fails(runner, here):
    runner.invoke(dioses, ["simulate", "--games", "1", "--seed", "9", "--log-dir", "logs"])
    log = here / "logs" / "game-0001.jsonl"
    records = log_records(log)
    records[-1]["totals"][0] += 1
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    result = runner.invoke(dioses, ["replay", str(log)])
    assert result.exit_code == 1
    assert "the end" in result.stderr


@pytest.mark.parametrize(
    "text",
    ["", "not json\n", '{"type": "decision"}\n', '{"type": "setup", "seed": "x"}\n', "\x00\xff"],
)
def test_replay_of_a_damaged_file_is_one_clear_error(runner, here, text):
    (here / "bad.jsonl").write_bytes(text.encode("latin-1"))
    result = runner.invoke(dioses, ["replay", "bad.jsonl"])
    no_traceback(result)
    assert result.exit_code == 1
    assert "not a Dioses! game log" in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 2  # the message and its help line


# ---------------------------------------------------------------- simulate


def test_simulate_same_seed_same_json(runner):
    args = [
        "simulate",
        "--games",
        "4",
        "--seed",
        "5",
        "--agents",
        "greedy,random",
        "--format",
        "json",
    ]
    first, second = runner.invoke(dioses, args), runner.invoke(dioses, args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    other = runner.invoke(dioses, [a if a != "5" else "6" for a in args])
    assert json.loads(other.stdout)["seeds"] == [6, 9]


def test_simulate_json_keys_and_counts(runner):
    result = runner.invoke(
        dioses,
        [
            "simulate",
            "--games",
            "3",
            "--players",
            "3",
            "--agents",
            "greedy,random",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {
        "games",
        "players",
        "seed",
        "seeds",
        "scenario",
        "challenge",
        "options",
        "seat_agents",
        "counting",
        "seats",
        "agents",
        "shared_wins",
        "score",
        "turns",
        "turn_limit_hits",
        "scenario_rates",
    } <= set(data)
    assert data["seat_agents"] == ["greedy", "random", "greedy"]
    assert sum(s["wins"] for s in data["seats"]) >= data["games"]  # shared wins count twice
    assert data["agents"]["greedy"]["seat_games"] == 6
    assert {"mean", "spread", "min", "max"} <= set(data["score"])
    assert data["scenario_rates"] is None


def test_simulate_a_scenario_reports_its_rates(runner):
    result = runner.invoke(
        dioses,
        [
            "simulate",
            "--games",
            "3",
            "--scenario",
            "ragnarok",
            "--agents",
            "greedy",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rates = data["scenario_rates"]
    assert set(rates) >= {"victory", "challenge", "beaten"}
    assert all(0 <= rates[key] <= 1 for key in ("victory", "challenge", "beaten"))
    text = runner.invoke(
        dioses, ["simulate", "--games", "2", "--scenario", "3", "--agents", "greedy"]
    )
    assert "victory" in text.stdout and "beaten" in text.stdout


def test_simulate_text_says_how_wins_are_counted(runner):
    result = runner.invoke(dioses, ["simulate", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "shared win counts as a win for each winning seat" in result.stdout
    assert "\x1b[" not in result.stderr  # no progress bar when stderr is not a terminal


# ---------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "--scenario", "nope"], "unknown scenario 'nope'"),
        (["play", "--rule", "nope"], "unknown rule option 'nope'"),
        (["play", "--agents", "human,bogus"], "unknown agent 'bogus'"),
        (["play", "--players", "7"], "--players"),
        (["play", "--players", "1"], "2 to 6 players"),
        (["play", "--challenge"], "--scenario"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--games", "2", "--agents", "human"], "unknown agent 'human'"),
        (["simulate", "--games", "2", "--scenario", "99"], "unknown scenario"),
        (["simulate", "--games", "2", "--scenario", "²"], "unknown scenario '²'"),  # not int()'s
        (["simulate", "--games", "2", "--scenario", "9" * 5000], "unknown scenario"),
        (["simulate", "--games", "2", "--rule", "lightning"], "rule option"),
    ],
)
def test_bad_arguments_are_one_clear_usage_error(runner, here, args, message):
    result = runner.invoke(dioses, args, input=ONES)
    no_traceback(result)
    assert result.exit_code == 2
    assert message in result.stderr
    assert not (here / "dioses-save.json").exists()


def test_q_saves_and_stops(runner, here):
    result = runner.invoke(dioses, ["play", "--seed", "5"], input="1\n1\n1\nq\n")
    no_traceback(result)
    assert result.exit_code == 0
    assert "you quit" in result.stderr and "--resume" in result.stderr


def test_the_save_and_the_log_must_be_two_files(runner, here):
    result = runner.invoke(dioses, ["play", "--save", "x.json", "--log", "x.json"], input=ONES)
    assert result.exit_code == 2
    assert "two files" in result.stderr
    assert not (here / "x.json").exists()


def test_every_played_game_writes_a_log_beside_its_save(tmp_path, monkeypatch):
    """Issue #4: every game writes a log; without --log it sits beside the save."""
    from click.testing import CliRunner

    from dioses_cli.main import dioses

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(dioses, ["play", "--agents", "greedy,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    log = tmp_path / "dioses-save.jsonl"
    assert log.is_file()
    replay = CliRunner().invoke(dioses, ["replay", str(log)])
    assert replay.exit_code == 0 and "replay OK" in replay.output
