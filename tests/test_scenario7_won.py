"""Scenario 7, Afterlife Travel Agency, can be won under our rulings (issue #13).

The greedy and planning agents have never won it (docs/simulate.md), so the
question was whether the agents or the scenario are to blame.
examples/games/afterlife-travel-agency-won.jsonl is a game won under the
standard setup: two Power cards at setup (R23), each sarcophagus swap the
2-card Power effect and once per god (R24), taken right after the action that
put the god beneath it (R26), the sarcophagus moved by nothing else (R33).
The two more Power cards the second swap needs came from a pattern that an
Event card drew and the area completed (R22, R28, R29, R30). The game was
played by tools/scenario7_by_plan.py, a person's plan that sees only what a
player sees.
"""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.engine.log import read_log
from dioses_rules.engine.replay import replay_log

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "examples" / "games" / "afterlife-travel-agency-won.jsonl"


def test_the_won_game_replays_to_a_victory_under_the_standard_setup():
    setup = read_log(LOG)[0]
    assert setup["scenario"] == "afterlife-travel-agency" and setup["challenge"] is False
    assert "easier-game" not in setup["options"]  # R23's 2 extra Power cards not taken
    outcome = replay_log(LOG)
    assert outcome.ok and not outcome.ended_early and not outcome.notes
    final = outcome.final
    assert final["scenario"] == {"victory": True, "challenge": True, "beaten": True}
    assert final["totals"][0] > 26
    events = [r for r in outcome.records if r["type"] == "event"]
    used = [r["ability"] for r in events if r["event"] == "ability-used"]
    assert sorted(used) == [
        "swap portable-sarcophagus with osiris",
        "swap portable-sarcophagus with toth",
    ]
    gained = [r["count"] for r in events if r["event"] == "power-gained"]
    assert gained == [2, 2]  # the setup's two (R23), then a completed pattern's (R22)
    assert any(r["event"] == "pattern-completed" for r in events)


def test_dioses_replay_tells_the_victory():
    result = CliRunner().invoke(dioses, ["replay", str(LOG)])
    assert result.exit_code == 0, result.output
    assert "winner area 1; scenario victory, with its challenge, beaten" in result.stdout  # R34


def test_the_plan_still_writes_this_very_game(tmp_path, monkeypatch):
    """The example is what the tool writes for its seed: when the engine or
    the bundled cards change the game, this fails and the example is written
    again (python tools/scenario7_by_plan.py --write-log ... --game-seed 72)."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    sys.modules.pop("scenario7_by_plan", None)
    import scenario7_by_plan

    written = tmp_path / "won.jsonl"
    assert scenario7_by_plan.main(["--write-log", str(written), "--game-seed", "72"]) == 0
    assert written.read_bytes() == LOG.read_bytes()
