"""Files written by an earlier version keep working (the compatibility rule).

``tests/fixtures/compat/0.1.0/`` holds saves, logs and boards written by
dioses-rules 0.1.0 before the layered rewrite (its README says how). Every
log replays; every unfinished save resumes and, given the same answers,
plays to exactly the log that 0.1.0 wrote for it; every finished save and
final board scores as it did; simulate reports are byte for byte those of
0.1.0 for the same seed (under rules revision 1 where a later ruling changed
the games: see the fixtures' README).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.pool.identity import HISTORY_DIR

OLD = Path(__file__).parent / "fixtures" / "compat" / "0.1.0"
EXPECTED = OLD / "expected"
UNFINISHED = [
    "base-unfinished",
    "base-laws-unfinished",
    "scenario4-unfinished",
    "scenario6-unfinished",
]
FINISHED = ["base-finished", "scenario7", "base-final-board"]
ONES = "1\n" * 3000


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def final(path: Path) -> dict:
    return next(r for r in reversed(records(path)) if r["type"] == "final")


@pytest.mark.parametrize(
    "log",
    sorted(p.name for p in OLD.glob("*.jsonl"))
    + sorted(f"simulate-logs/{p.name}" for p in (OLD / "simulate-logs").iterdir()),
)
def test_a_log_written_by_0_1_0_replays(log):
    result = CliRunner().invoke(dioses, ["replay", str(OLD / log)])
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stdout.startswith("replay OK")


@pytest.mark.parametrize("name", UNFINISHED)
def test_an_unfinished_save_of_0_1_0_resumes_to_the_same_game(name, tmp_path):
    save = tmp_path / f"{name}.json"
    shutil.copy(OLD / f"{name}.json", save)
    log = tmp_path / "resumed.jsonl"
    result = CliRunner().invoke(
        dioses, ["play", "--resume", str(save), "--log", str(log)], input=ONES
    )
    assert result.exit_code == 0, result.output + result.stderr
    assert "Final scoring" in result.stdout
    assert records(log) == records(EXPECTED / f"{name}-resumed.jsonl")
    replay = CliRunner().invoke(dioses, ["replay", str(log)])
    assert replay.exit_code == 0 and replay.stdout.startswith("replay OK")


@pytest.mark.parametrize("name", FINISHED)
def test_a_finished_save_of_0_1_0_shows_its_result(name, tmp_path):
    save = tmp_path / f"{name}.json"
    shutil.copy(OLD / f"{name}.json", save)
    result = CliRunner().invoke(
        dioses, ["play", "--resume", str(save), "--log", str(tmp_path / "unused.jsonl")]
    )
    assert result.exit_code == 0, result.output + result.stderr
    assert "holds a finished game" in result.stdout
    totals = final(OLD / f"{name}.jsonl")["totals"]
    for total in totals:
        assert f": {total} points" in result.stdout


@pytest.mark.parametrize("area", [1, 2])
def test_a_final_board_of_0_1_0_scores_as_the_game_did(area):
    result = CliRunner().invoke(
        dioses, ["score", str(OLD / f"final-board-{area}.toml"), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    assert (
        json.loads(result.stdout)["total"]
        == final(OLD / "base-final-board.jsonl")["totals"][area - 1]
    )


def _r34(report: str) -> str:
    """0.1.0's report, read under R34: a challenge is met only with its
    victory. 0.1.0 counted scenario 7's challenge in 2 of 10 games it did
    not win (the fixture README, "Since R34"); nothing else changes."""
    data = json.loads(report)
    rates = data["scenario_rates"]
    assert (rates["victories"], rates["challenges"]) == (0, 2), "the fixture changed"
    rates["challenge"], rates["challenges"] = 0.0, 0
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    "expected, arguments",
    [
        ("simulate-base-20-seed-1.json", ["--games", "20", "--seed", "1"]),
        ("simulate-scenario7-10-seed-3.json", ["--games", "10", "--seed", "3", "--scenario", "7"]),
        (
            "simulate-rules-6-seed-5.json",
            [
                "--games",
                "6",
                "--seed",
                "5",
                "--players",
                "4",
                "--agents",
                "greedy,random",
                "--rule",
                "power-cards",
                "--rule",
                "double-discard",
                "--rule",
                "initial-laws",
                "--rule",
                "initial-patterns",
                "--rule",
                "objectives",
            ],
        ),
    ],
)
@pytest.mark.parametrize("revision", ["1", None])
def test_simulate_reports_what_0_1_0_reported_for_the_same_seed(expected, arguments, revision):
    """With the bundled sets as 0.1.0 shipped them (version 1.0, kept in
    dioses_rules/pool/history) and rules revision 1 (the reading of 0.1.0),
    every report is 0.1.0's. With the current revision the games without
    Power cards still are; games with Power cards are other games since R26
    and R32 (Power after the action, the seek's chosen order: see the
    fixture README). With today's cards (R27) the base game is another game."""
    asked = ["--rules-revision", revision] if revision else []
    kept = [
        option
        for path in sorted(HISTORY_DIR.glob("*-1.0.dioses"))
        for option in ("--cards", str(path))
    ]
    result = CliRunner().invoke(dioses, ["simulate", *arguments, *asked, *kept, "--format", "json"])
    assert result.exit_code == 0, result.output
    same = (EXPECTED / expected).read_text(encoding="utf-8")
    if "--scenario" in arguments:
        same = _r34(same)
    if revision or ("--scenario" not in arguments and "power-cards" not in arguments):
        assert result.stdout == same
    else:
        assert result.stdout != same
    if revision:
        today = CliRunner().invoke(dioses, ["simulate", *arguments, *asked, "--format", "json"])
        assert today.exit_code == 0, today.output
        assert today.stdout != same


MOD = OLD / "mod"


def test_a_modders_set_in_the_language_of_0_1_0_lints_clean():
    from dioses_cli.lint import lint

    result = CliRunner().invoke(lint, [str(MOD)])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.stdout


@pytest.mark.parametrize("board", [1, 2])
def test_a_modders_boards_score_as_0_1_0_scored_them(board):
    result = CliRunner().invoke(
        dioses, ["score", str(MOD / f"board-{board}.toml"), "--cards", str(MOD), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    expected = json.loads((MOD / f"board-{board}.expected.json").read_text(encoding="utf-8"))
    assert json.loads(result.stdout) == expected


def test_a_modders_scenario_simulates_as_in_0_1_0():
    result = CliRunner().invoke(
        dioses,
        [
            "simulate",
            "--games",
            "3",
            "--seed",
            "2",
            "--scenario",
            "long-winter",
            "--cards",
            str(MOD),
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == (MOD / "simulate-long-winter-3-seed-2.json").read_text(encoding="utf-8")


def test_a_modders_cards_read_as_in_0_1_0():
    """The same card text; since the open card language (issue #8) each card's
    heading also lists its tags, and since issue #14 a scenario's text also
    says its options, setup and rules as sentences, which 0.1.0 did not show."""
    result = CliRunner().invoke(
        dioses, ["cards", "--cards", str(MOD), "--set", "hyperborea", "--text"]
    )
    assert result.exit_code == 0, result.output
    without_tags = re.sub(r", tags: [a-z0-9-]+(?:, [a-z0-9-]+)*(?=, )", "", result.stdout)
    assert "  Setup: shuffle North Wind, Chione and Kari with 3 cards at random" in without_tags
    without_tags = re.sub(
        r"(?m)^  (Played with|Setup|Rules|With the challenge): .*\n", "", without_tags
    )
    assert without_tags == (MOD / "cards-text.txt").read_text(encoding="utf-8")
    assert (
        "boreas - Boreas (hyperborea, myth, norse god, tags: wind, reconstructed)" in result.stdout
    )


def test_a_modders_unfinished_save_of_0_1_0_resumes_given_its_cards(tmp_path):
    """0.1.0 named the card files by path in the save (``play.cards``); this
    version follows no path a file names (issue #10), so the modder gives
    them with --cards, and the game goes on exactly as 0.1.0 played it."""
    save = tmp_path / "mod-unfinished.json"
    shutil.copy(MOD / "mod-unfinished.json", save)
    refused = CliRunner().invoke(dioses, ["play", "--resume", str(save)], input="")
    assert refused.exit_code == 1
    assert "names its card files by path (/tmp/gen/mod)" in refused.stderr
    assert "give the card files with --cards" in refused.stderr
    log = tmp_path / "resumed.jsonl"
    result = CliRunner().invoke(
        dioses, ["play", "--resume", str(save), "--log", str(log), "--cards", str(MOD)], input=ONES
    )
    assert result.exit_code == 0, result.output + result.stderr
    assert records(log) == records(EXPECTED / "mod-unfinished-resumed.jsonl")


@pytest.mark.parametrize(
    "log", ["mod/mod-unfinished.jsonl", "expected/mod-unfinished-resumed.jsonl"]
)
def test_a_modders_log_of_0_1_0_replays_given_its_cards(log):
    refused = CliRunner().invoke(dioses, ["replay", str(OLD / log)])
    assert refused.exit_code == 1 and "--cards" in refused.stderr
    result = CliRunner().invoke(dioses, ["replay", str(OLD / log), "--cards", str(MOD)])
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stdout.startswith("replay OK")


FORMAT_2 = Path(__file__).parent / "fixtures" / "compat" / "save-format-2"
CELTIC = Path(__file__).parent.parent / "examples" / "mods" / "celtic"


def test_a_format_2_save_resumes_given_its_cards_and_writes_its_log_beside_it(tmp_path):
    """Format 2 named its card files and its log by path; neither is followed
    now: --cards gives the files, and the log goes beside the save."""
    save = tmp_path / "celtic.json"
    shutil.copy(FORMAT_2 / "celtic-unfinished.json", save)
    refused = CliRunner().invoke(dioses, ["play", "--resume", str(save)], input="")
    assert refused.exit_code == 1
    assert "names its card files by path (/tmp/gen2/celtic)" in refused.stderr
    result = CliRunner().invoke(
        dioses, ["play", "--resume", str(save), "--cards", str(CELTIC)], input=ONES
    )
    assert result.exit_code == 0, result.output + result.stderr
    assert "the save names its log /tmp/gen2/celtic-unfinished.jsonl" in result.stderr
    assert records(tmp_path / "celtic.jsonl") == records(
        FORMAT_2 / "celtic-unfinished-resumed.jsonl"
    )
    resaved = json.loads(save.read_text(encoding="utf-8"))
    assert resaved["version"] == 4 and "cards" not in resaved["play"]  # the current format
    assert [s["id"] for s in resaved["play"]["pool"]] == ["aun-mas-divinos", "base", "celtic"]


@pytest.mark.parametrize("log", ["celtic-unfinished.jsonl", "celtic-unfinished-resumed.jsonl"])
def test_a_format_2_log_replays_given_its_cards(log):
    result = CliRunner().invoke(dioses, ["replay", str(FORMAT_2 / log), "--cards", str(CELTIC)])
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stdout.startswith("replay OK")


def test_an_old_log_replays_with_the_kept_version_of_the_bundled_sets_and_says_so():
    """R27 changed the bundled sets (version 1.1); a 0.1.0 log records no sets,
    so it goes on with the kept 1.0 texts, and a note names each."""
    result = CliRunner().invoke(dioses, ["replay", str(OLD / "base-finished.jsonl")])
    assert result.exit_code == 0, result.output + result.stderr
    assert "the bundled set 'base' version 1.0" in result.stderr
    assert "the bundled set 'aun-mas-divinos' version 1.0" in result.stderr
    assert "(the set is version 1.1 today)" in result.stderr


def test_the_kept_texts_are_the_earlier_versions_they_are_named_after():
    from dioses_rules.pool.history import load_played_pool
    from dioses_rules.pool.identity import pool_sets
    from dioses_rules.pool.load import load_registry

    today = {s.id: s for s in pool_sets(load_registry()[0])}
    kept, notes = load_played_pool(None)
    assert len(notes) == 2
    for played in pool_sets(kept):
        assert played.bundled and played.version == "1.0"
        assert (HISTORY_DIR / f"{played.id}-1.0.dioses").is_file()
        assert played.cards_sha256 != today[played.id].cards_sha256
    # R27: in 1.0 Geb y Nut was a base Myth card and Amun an expansion Event.
    sets_then = {
        card_id: kept.set_of(kept.get("myth", card_id)) for card_id in ("geb-and-nut", "amun")
    }
    assert sets_then == {"geb-and-nut": "base", "amun": "aun-mas-divinos"}
    assert kept.sets["base"].card_set.version == "1.0"


def test_a_set_the_player_gives_is_not_swapped_for_a_kept_version(tmp_path):
    from dioses_rules.pool.history import load_played_pool
    from dioses_rules.resources import cards_dir

    mine = tmp_path / "base.dioses"
    mine.write_text((cards_dir() / "base.dioses").read_text(encoding="utf-8"), encoding="utf-8")
    registry, notes = load_played_pool(None, [mine])
    # The kept expansion 1.0 holds Amun, as the player's base 1.1 does: the
    # game goes on with today's cards, and the note says why.
    assert len(notes) == 1 and "cannot be loaded beside the --cards given" in notes[0]
    assert registry.sets["base"].path.endswith("base.dioses")
    assert registry.sets["base"].card_set.version == "1.1"


@pytest.mark.parametrize("version", ["../../../../tmp/evil", "1.0/../../x", "1.0\x00", "2.0"])
def test_a_recorded_version_only_selects_among_the_kept_texts(version):
    """A log is hostile input: its version is looked up, never made a path."""
    from dioses_rules.pool.history import earlier_text, kept_texts

    assert earlier_text("base", version) is None
    assert set(kept_texts()) == {("base", "1.0"), ("aun-mas-divinos", "1.0")}
    assert earlier_text("base", "1.0") == HISTORY_DIR / "base-1.0.dioses"
