"""R25: the sets in play decide the rules. The expansion's set is always played
with the equal-turns ending (its ``always lightning-token``); ``--set`` on
play, simulate and balance chooses the sets, so the base game alone is
played as the base rulebook says; a modder's set can switch on its own
options the same way, and the linter checks them."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.engine.agents import make_agent
from dioses_rules.engine.replay import replay_log
from dioses_rules.engine.setup import new_game
from dioses_rules.language.format import format_text
from dioses_rules.pool.lint import lint_sources
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.sources import bundled_sources, read_sources

MOD = textwrap.dedent("""\
    set rushed "Rushed games" {
      requires base
      always quick
    }

    option quick "Quick game" reconstructed {
      set initial-reveals 4
    }
    """)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def greedy(seats: int) -> list:
    return [make_agent("greedy", seat) for seat in range(seats)]


def test_r25_the_base_game_alone_has_no_expansion_rule_and_no_expansion_card():
    registry, _ = load_registry(active=["base"])
    game = new_game(registry, greedy(2), seed=4)
    assert game.state.options == [] and game.state.settings.end_rule == "base"
    assert len(game.cards) == 97  # R27: the base set's 97 Myth cards, no Event card
    assert not any(game.card(card).event for card in game.cards)


def test_r25_a_modders_set_switches_on_its_own_option(tmp_path):
    registry, _ = load_registry([write(tmp_path, "rushed.dioses", MOD)], active=["rushed"])
    game = new_game(registry, greedy(2), seed=2)
    assert game.state.options == ["quick"]
    assert game.state.settings.initial_reveals == 4
    assert all(sum(slot.face_up for slot in area.cells) == 4 for area in game.state.areas)


def test_r25_always_is_printed_back_as_written():
    assert format_text(MOD) == MOD


def test_r25_an_unknown_always_option_is_dl112_at_its_line(tmp_path):
    text = MOD.replace("always quick", "always quik")
    path = write(tmp_path, "rushed.dioses", text)
    found = [
        d for d in lint_sources(bundled_sources() + read_sources([path])) if d.path == str(path)
    ]
    assert [(d.code, d.line, d.column) for d in found] == [("DL112", 3, 3)]  # its line (#24)
    assert "unknown rule option 'quik'" in found[0].message
    assert found[0].help == "did you mean 'quick'?"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_r25_simulate_set_base_plays_the_base_game_alone(runner):
    alone = runner.invoke(
        dioses, ["simulate", "--games", "4", "--seed", "3", "--set", "base", "--format", "json"]
    )
    both = runner.invoke(dioses, ["simulate", "--games", "4", "--seed", "3", "--format", "json"])
    named = runner.invoke(
        dioses,
        [
            "simulate",
            "--games",
            "4",
            "--seed",
            "3",
            "--set",
            "base",
            "--set",
            "aun-mas-divinos",
            "--format",
            "json",
        ],
    )
    assert alone.exit_code == both.exit_code == named.exit_code == 0, alone.output + both.output
    assert json.loads(alone.stdout) != json.loads(both.stdout)
    assert named.stdout == both.stdout  # every bundled set is the default
    # the expansion's own options are not in the base game
    wrong = runner.invoke(
        dioses, ["simulate", "--games", "1", "--set", "base", "--rule", "power-cards"]
    )
    assert wrong.exit_code == 2 and "rule options: objectives" in wrong.output


def test_r25_an_unknown_set_is_a_usage_error_with_a_suggestion(runner):
    for command in (
        ["simulate", "--games", "1"],
        ["play", "--agents", "greedy,greedy"],
        ["balance", "--boards", "5"],
    ):
        result = runner.invoke(dioses, [*command, "--set", "bsae"])
        assert result.exit_code == 2, result.output
        assert "unknown set 'bsae'" in result.output and "did you mean 'base'?" in result.output


def test_r25_a_game_of_the_base_set_alone_replays_and_resumes_alone(runner, tmp_path):
    save, log = tmp_path / "g.json", tmp_path / "g.jsonl"
    result = runner.invoke(
        dioses,
        [
            "play",
            "--set",
            "base",
            "--agents",
            "greedy,greedy",
            "--seed",
            "8",
            "--save",
            str(save),
            "--log",
            str(log),
        ],
    )
    assert result.exit_code == 0, result.output
    setup = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert [s["id"] for s in setup["sets"]] == ["base"] and setup["options"] == []
    outcome = replay_log(log)
    assert outcome.ok and outcome.notes == ()
    again = runner.invoke(dioses, ["play", "--resume", str(save)])
    assert again.exit_code == 0 and "holds a finished game" in again.output
    refused = runner.invoke(dioses, ["play", "--resume", str(save), "--set", "base"])
    assert refused.exit_code == 2 and "--set" in refused.output


def test_balance_set_plays_the_set_with_what_it_requires_own_cards_alone(runner):
    def cards(*arguments: str) -> set[str]:
        result = runner.invoke(dioses, ["balance", "--boards", "5", *arguments, "--format", "json"])
        assert result.exit_code == 0, result.output
        return {card["id"] for card in json.loads(result.stdout)["cards"]}

    with_base = cards("--set", "aun-mas-divinos")
    own = cards("--set", "aun-mas-divinos", "--own-cards")
    assert "zeus" in with_base and "zeus" not in own and "geb-and-nut" in own
    assert own < with_base and len(own) == 9 + 18  # replacements and events
    assert cards("--set", "base") == cards("--set", "base", "--own-cards")
    lonely = runner.invoke(dioses, ["balance", "--own-cards"])
    assert lonely.exit_code == 2 and "add --set ID" in lonely.output
