"""Hostile boards, saves and logs (issue #10): nothing misread, nothing lost,
no path taken from a file.

``tests/fixtures/hostile/`` holds one file per example of the audit (written
by its ``make_corpus.py`` from the valid files beside them) and
``cases.toml`` says how each must be answered: exit 1, a located message,
no traceback, the file untouched.
"""

from __future__ import annotations

import json
import os
import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.files import atomic_write_text

HOSTILE = Path(__file__).parent / "fixtures" / "hostile"
CASES = tomllib.loads((HOSTILE / "cases.toml").read_text(encoding="utf-8"))["case"]


def run(args, input=None):
    return CliRunner().invoke(dioses, [str(a) for a in args], input=input)


def no_traceback(result) -> None:
    assert "Traceback" not in result.output + result.stderr
    assert "internal error" not in result.stderr


def invoke(command: str, path: Path):
    if command == "score":
        return run(["score", path])
    if command == "resume":
        return run(["play", "--resume", path], input="")
    return run(["replay", path])


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_every_damaged_file_is_one_located_error(case, here):
    source = HOSTILE / case["file"]
    target = here / source.name
    shutil.copy(source, target)
    before = target.read_bytes()
    result = invoke(case["command"], target)
    no_traceback(result)
    assert result.exit_code == 1, result.output + result.stderr
    for fragment in case["expect"]:
        assert fragment in result.stderr, result.stderr
    for fragment in case.get("forbid", []):
        assert fragment not in result.output + result.stderr
    assert "Resuming" not in result.stdout
    assert target.read_bytes() == before
    assert sorted(p.name for p in here.iterdir()) == [target.name]  # nothing written


def test_the_valid_files_of_the_corpus_are_valid(here):
    assert run(["score", HOSTILE / "boards" / "valid.toml"]).exit_code == 0
    shutil.copy(HOSTILE / "saves" / "valid.json", here / "game.json")
    resumed = run(["play", "--resume", "game.json"], input="1\n" * 600)
    assert resumed.exit_code == 0, resumed.output + resumed.stderr
    assert "Resuming game.json" in resumed.stdout
    replayed = run(["replay", HOSTILE / "saves" / "valid.jsonl"])
    assert replayed.exit_code == 0 and "replay OK" in replayed.stdout


@pytest.mark.parametrize("suffix, command", [(".json", "resume"), (".jsonl", "replay")])
def test_json_nested_100000_deep_is_an_error_not_a_recursion_crash(here, suffix, command):
    path = here / f"deep{suffix}"
    path.write_text("[" * 100_000 + "]" * 100_000)
    result = invoke(command, path)
    no_traceback(result)
    assert result.exit_code == 1
    assert "nested too deeply" in result.stderr


# ------------------------------------------------------------------ paths


def test_a_save_never_says_where_its_log_goes(here):
    """A format-2 save names its log by path: resuming writes the log beside
    the save (or at --log), never there."""
    shutil.copy(HOSTILE / "saves" / "names-log-elsewhere.json", here / "game.json")
    result = run(["play", "--resume", "game.json"], input="1\n" * 600)
    assert result.exit_code == 0, result.output + result.stderr
    assert not Path("/tmp/dioses-hostile-elsewhere").exists()
    assert "the save names its log /tmp/dioses-hostile-elsewhere/stolen.jsonl" in result.stderr
    assert (here / "game.jsonl").is_file()
    assert run(["replay", "game.jsonl"]).exit_code == 0


def test_a_resumed_game_never_replaces_another_games_log(here):
    shutil.copy(HOSTILE / "saves" / "valid.json", here / "game.json")
    other = here / "game.jsonl"
    shutil.copy(HOSTILE / "logs" / "unknown-option.jsonl", other)
    before = other.read_bytes()
    result = run(["play", "--resume", "game.json"], input="1\n" * 600)
    assert result.exit_code == 2
    assert "holds another game's log" in result.stderr
    assert other.read_bytes() == before


def test_a_log_naming_a_folder_makes_replay_read_nothing_there(here, monkeypatch):
    read = []
    original = Path.read_text

    def spy(self, *args, **kwargs):
        read.append(str(self))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", spy)
    result = run(["replay", HOSTILE / "logs" / "names-root.jsonl"])
    assert result.exit_code == 1
    assert not [
        p for p in read if not p.endswith(".dioses") and "/cards" not in p and "grammar" not in p
    ]


def test_an_old_save_with_card_paths_resumes_with_cards_given(here):
    """The compatibility rule: a path-naming save still resumes, given --cards."""
    mod = Path(__file__).parent / "fixtures" / "compat" / "0.1.0" / "mod"
    shutil.copy(mod / "mod-unfinished.json", here / "game.json")
    refused = run(["play", "--resume", "game.json"], input="")
    assert refused.exit_code == 1
    assert "names its card files by path (/tmp/gen/mod)" in refused.stderr
    resumed = run(["play", "--resume", "game.json", "--cards", mod], input="1\n" * 600)
    assert resumed.exit_code == 0, resumed.output + resumed.stderr


# ------------------------------------------------------------------ nothing lost


def test_a_new_game_after_a_finished_one_replaces_nothing(here):
    """The audit: after a finished game, a new one that stops at once said
    "nothing was saved" while it had replaced the previous log."""
    first = run(["play", "--seed", "4", "--agents", "greedy,random"])
    assert first.exit_code == 0, first.output
    save, log = (here / "dioses-save.json").read_bytes(), (here / "dioses-save.jsonl").read_bytes()
    second = run(["play", "--seed", "4"], input="1\n")
    no_traceback(second)
    assert (here / "dioses-save.json").read_bytes() == save
    assert (here / "dioses-save.jsonl").read_bytes() == log
    if "nothing was saved" in second.stderr:
        assert not (here / "dioses-save-2.json").exists()
        assert not (here / "dioses-save-2.jsonl").exists()
    else:
        assert "dioses-save-2.json" in second.stderr


def test_an_explicit_save_or_log_is_replaced_only_with_overwrite(here):
    assert (
        run(["play", "--seed", "4", "--agents", "greedy,random", "--save", "g.json"]).exit_code == 0
    )
    kept = (here / "g.json").read_bytes()
    refused = run(["play", "--seed", "5", "--agents", "greedy,random", "--save", "g.json"])
    assert refused.exit_code == 2 and "--overwrite" in refused.stderr
    assert (here / "g.json").read_bytes() == kept
    refused = run(
        ["play", "--seed", "5", "--agents", "greedy,random", "--save", "h.json", "--log", "g.jsonl"]
    )
    assert refused.exit_code == 2 and "holds a game log" in refused.stderr
    replaced = run(
        ["play", "--seed", "5", "--agents", "greedy,random", "--save", "g.json", "--overwrite"]
    )
    assert replaced.exit_code == 0, replaced.output
    assert (here / "g.json").read_bytes() != kept


def test_a_killed_writers_temporary_files_are_removed_by_the_next_write(here):
    """kill -9 leaves .NAME.PID.XXXX.tmp; the next write removes those of dead
    processes (a live process's stays), and no glob of saves matches them."""
    dead = 2**22 + 12345  # above Linux's pid_max default: no such process
    stale = here / f".game.json.{dead}.abcd1234.tmp"
    stale.write_text("half a save")
    old = here / ".game.json.k2j4h5g6.tmp"  # written by 0.1.0 (no process id), long ago
    old.write_text("half a save")
    os.utime(old, (1, 1))
    live = here / f".game.json.{os.getppid()}.abcd1234.tmp"
    live.write_text("being written")
    atomic_write_text(here / "game.json", "{}")
    assert not stale.exists() and not old.exists() and live.exists()
    assert sorted(p.name for p in here.glob("*.json")) == ["game.json"]


def test_a_simulated_log_replays_only_with_the_pool_it_records(here):
    celtic = Path(__file__).parent.parent / "examples" / "mods" / "celtic"
    made = run(["simulate", "--games", "1", "--seed", "3", "--cards", celtic, "--log-dir", "logs"])
    assert made.exit_code == 0, made.output
    log = here / "logs" / "game-0001.jsonl"
    setup = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert "cards" not in setup and {s["id"] for s in setup["sets"]} >= {"celtic", "base"}
    refused = run(["replay", log])
    assert refused.exit_code == 1
    assert "the game was played with set 'celtic'" in refused.stderr
    assert run(["replay", log, "--cards", celtic]).exit_code == 0
    text = (celtic / "celtic.dioses").read_text(encoding="utf-8")
    commented = here / "commented" / "celtic.dioses"
    commented.parent.mkdir()
    commented.write_text(
        "# the same cards, commented\n" + text.replace("\n", "\n\n", 3), encoding="utf-8"
    )
    assert run(["replay", log, "--cards", commented]).exit_code == 0
    changed = here / "changed" / "celtic.dioses"
    changed.parent.mkdir()
    assert " 2 points" in text
    changed.write_text(text.replace(" 2 points", " 3 points", 1), encoding="utf-8")
    other = run(["replay", log, "--cards", changed])
    assert other.exit_code == 1
    assert "set 'celtic' does not hold the cards the game was played with" in other.stderr


def test_a_control_character_quoted_from_a_file_is_shown_not_obeyed(here):
    """An id quoted in a message cannot clear the screen or move the cursor."""
    board = here / "board.toml"
    board.write_text(
        '[area]\nfront = ["\\u001b[2J", ".", ".", "."]\n'
        'central = [".", ".", ".", "."]\nback = [".", ".", ".", "."]\n'
    )
    result = run(["score", board])
    assert result.exit_code == 1
    assert "\x1b" not in result.stderr
    assert "unknown card '\\x1b[2J'" in result.stderr
