"""Logs number seats, turns, areas and discard piles from 1, as the screen
does (issue #14); a log or save written before counts from 0 and still
replays and resumes with its own numbering (tests/test_compat.py keeps
0.1.0's)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.engine.log import from_file, read_log, records_problem, to_file
from dioses_rules.engine.replay import replay_log
from dioses_rules.errors import DiosesError


def simulate_log(tmp_path, *extra) -> list[dict]:
    result = CliRunner().invoke(
        dioses,
        [
            "simulate",
            "--games",
            "1",
            "--players",
            "3",
            "--seed",
            "4",
            "--log-dir",
            str(tmp_path),
            *extra,
        ],
    )
    assert result.exit_code == 0, result.output
    return read_log(tmp_path / "game-0001.jsonl")


def test_a_new_log_counts_from_1_and_replays(tmp_path):
    records = simulate_log(tmp_path)
    assert records[0]["numbered_from"] == 1
    turns = [r for r in records if r.get("event") == "turn"]
    assert turns[0]["turn"] == 1 and sorted(r["seat"] for r in turns[:3]) == [1, 2, 3]
    final = records[-1]
    assert all(1 <= w <= 3 for w in final["winners"])
    assert all(1 <= r["area"] <= 3 for r in records if "area" in r)
    assert replay_log(tmp_path / "game-0001.jsonl").ok


def test_the_same_game_logged_from_0_is_the_same_records_shifted(tmp_path):
    """from_file undoes to_file: the numbering is only how the file writes it."""
    records = simulate_log(tmp_path)
    internal = [from_file(r, 1) for r in records[1:]]
    assert [to_file(r, 1) for r in internal] == records[1:]
    zero = [dict(records[0], numbered_from=0)] + internal
    (tmp_path / "zero.jsonl").write_text("".join(json.dumps(r) + "\n" for r in zero))
    assert replay_log(tmp_path / "zero.jsonl").ok  # as a log of before issue #14


def test_a_shifted_seat_is_a_located_problem(tmp_path):
    records = simulate_log(tmp_path)
    decision = next(i for i, r in enumerate(records) if r["type"] == "decision")
    records[decision] = dict(records[decision], seat=0)  # a 0-based seat in a 1-based log
    problem = records_problem(records)
    assert problem == f"line {decision + 1}: $.seat: the seats are 1 to 3, not 0"


def test_an_unknown_numbering_is_refused(tmp_path):
    records = simulate_log(tmp_path)
    records[0]["numbered_from"] = 2
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    with pytest.raises(DiosesError) as error:
        read_log(path)
    assert "$.numbered_from" in str(error.value)


def test_a_save_of_a_new_game_keeps_its_log_from_1(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        dioses, ["play", "--agents", "greedy,greedy", "--seed", "2", "--best-time", "0"]
    )
    assert result.exit_code == 0, result.output
    save = json.loads((tmp_path / "dioses-save.json").read_text())
    assert save["play"]["records"][0]["numbered_from"] == 1
    assert replay_log(tmp_path / "dioses-save.jsonl").ok


def test_replay_names_turns_seats_and_winners_as_the_log_writes_them(tmp_path):
    """A log numbered from 1 is read as written: its winner 'area 2' is told
    as area 2, not 3, and a divergence at its turn 5 as turn 5."""
    records = simulate_log(tmp_path)
    log = tmp_path / "game-0001.jsonl"
    final = records[-1]
    replayed = CliRunner().invoke(dioses, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    winners = " and ".join(f"area {w}" for w in final["winners"])
    assert f"; winner{'s' if len(final['winners']) > 1 else ''} {winners};" in replayed.stdout
    at = next(
        i
        for i, r in enumerate(records)
        if r["type"] == "decision" and r["turn"] == 5 and r["options"] > 1
    )
    records[at]["index"] = (records[at]["index"] + 1) % records[at]["options"]
    log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    diverged = CliRunner().invoke(dioses, ["replay", str(log)])
    assert diverged.exit_code == 1
    told = [line for line in diverged.stderr.splitlines() if line.startswith("  the ")]
    assert told and all(line.split(":", 1)[1].strip().startswith("turn 5: ") for line in told), told
