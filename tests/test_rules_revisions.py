"""The rules revision a game is played under (``state.RULES``): a log's
setup record and a save's state say it, and a log or save written before
they did is played under revision 1 (before R26, R32, R33), so that it
replays and resumes as it was written; a revision this version does not know
is one clear error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.engine.agents import RandomAgent
from dioses_rules.engine.game import Game
from dioses_rules.engine.replay import replay
from dioses_rules.engine.saves import PlayInfo, load_game, parse_save, save_data
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import FIRST_RULES, RULES, GameError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_engine import bundled


def _random_game(rules: int, wanted: set) -> tuple[Game, list, int]:
    """The first seeded random game of scenario 7 (4 Power cards at setup)
    whose decisions include every kind in ``wanted``."""
    for seed in range(60):
        log: list = []
        game = new_game(
            bundled(),
            [RandomAgent(seed)],
            scenario="afterlife-travel-agency",
            options=["easier-game"],
            seed=seed,
            log=log.append,
            rules=rules,
        )
        game.play()
        if wanted <= {r["kind"] for r in log if r["type"] == "decision" and r["options"] > 1}:
            return game, log, seed
    pytest.fail(f"no game asked {wanted}")


def _without_rules(log: list) -> list:
    """The log as a version before the rules revision was recorded wrote it."""
    return [{k: v for k, v in log[0].items() if k != "rules"}] + log[1:]


def test_a_log_records_its_rules_revision_and_replays_with_the_new_decisions():
    """A new log says it was written under the current revision (R26 Power
    after the action, R32 the seek's order) and replays exactly. Read as a
    log of before the revision it is another game, and the replay says it
    diverged instead of guessing."""
    _, log, _ = _random_game(RULES, {"power-after", "seek-order"})
    assert log[0]["rules"] == RULES
    assert replay(log, bundled()).ok
    assert not replay(_without_rules(log), bundled()).ok


def test_a_log_without_a_rules_revision_replays_under_the_first():
    """A log written before the revision was recorded (here: a revision-1
    game with a seek and a card turned face down, its "rules" key removed)
    replays exactly: no Power decision after the action and no seek order
    are asked that it could not record."""
    _, log, _ = _random_game(FIRST_RULES, {"seek", "hide"})
    kinds = {r.get("kind") for r in log}
    assert not kinds & {"power-after", "seek-order"}
    old = _without_rules(log)
    assert "rules" not in old[0]
    outcome = replay(old, bundled())
    assert outcome.ok and not outcome.ended_early


def test_a_save_of_format_3_resumes_under_the_first_revision():
    """A save of format 3 (before the rules revision was saved) goes on
    under revision 1, to the very game the uninterrupted one was."""
    whole, _, seed = _random_game(FIRST_RULES, {"seek"})
    game = new_game(
        bundled(),
        [RandomAgent(seed)],
        scenario="afterlife-travel-agency",
        options=["easier-game"],
        seed=seed,
        rules=FIRST_RULES,
    )
    for _ in range(3):
        game.play_turn()
    data = json.loads(json.dumps(save_data(game)))
    assert data["version"] == 4 and "rules" not in data["state"]  # the default, left out
    data["version"] = 3
    save = parse_save(data)
    assert save.state.rules == FIRST_RULES
    asked: list = []
    resumed = load_game(bundled(), save, [RandomAgent(0)], log=asked.append)
    resumed.play()
    assert resumed.state == whole.state
    assert not [r for r in asked if r.get("kind") in ("power-after", "seek-order")]


def _save_file(tmp_path, rules_in_state, rules_in_log) -> Path:
    log: list = []
    game = new_game(bundled(), [RandomAgent(1)], scenario="game-of-thrones", seed=1, log=log.append)
    data = save_data(game, PlayInfo(seed=1, records=log))
    data["state"]["rules"] = rules_in_state
    data["play"]["records"][0]["rules"] = rules_in_log
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "state, logged, message",
    [
        (9, 9, "saved under rules revision 9, which this version does not know (1, 2)"),
        (0, 0, "the saved game is damaged: $.state.rules: there is no rules revision 0"),
        (
            1,
            2,
            "$.state.rules: rules revision 1, but the log so far ($.play.records) was "
            "written under 2",
        ),
    ],
)
def test_a_save_of_an_unknown_or_inconsistent_rules_revision_is_one_clear_error(
    tmp_path, state, logged, message
):
    path = _save_file(tmp_path, state, logged)
    result = CliRunner().invoke(dioses, ["play", "--resume", str(path)], input="")
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output + result.stderr


@pytest.mark.parametrize(
    "rules, message",
    [
        (9, "this log was written under rules revision 9, which this version does not know"),
        ("2", "line 1: $.rules: expected a whole number"),
        (0, "line 1: $.rules: there is no rules revision 0 (revisions: 1, 2)"),
    ],
)
def test_a_log_of_an_unknown_rules_revision_is_one_clear_error(tmp_path, rules, message):
    _, log, _ = _random_game(RULES, set())
    log[0]["rules"] = rules
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in log), encoding="utf-8")
    result = CliRunner().invoke(dioses, ["replay", str(path)])
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_simulate_plays_an_earlier_rules_revision_only_when_asked():
    """``dioses simulate --rules-revision 1`` plays the reading of before R26,
    R32 and R33 (and says so); a revision this version does not know is a
    usage error."""
    arguments = ["simulate", "--games", "2", "--scenario", "7", "--seed", "4"]
    earlier = CliRunner().invoke(dioses, [*arguments, "--rules-revision", "1"])
    assert earlier.exit_code == 0, earlier.output
    assert "rules revision 1" in earlier.stdout.splitlines()[0]
    current = CliRunner().invoke(dioses, arguments)
    assert current.exit_code == 0 and "rules revision" not in current.stdout
    unknown = CliRunner().invoke(dioses, [*arguments, "--rules-revision", "3"])
    assert unknown.exit_code == 2 and "'3' is not one of '1', '2'" in unknown.stderr


def test_a_new_game_of_an_unknown_rules_revision_is_refused():
    with pytest.raises(GameError, match="unknown rules revision 7"):
        new_game(bundled(), [RandomAgent(1)], scenario="game-of-thrones", rules=7)
