"""Bad arguments (issue #23): every number a command takes is ASCII digits,
every float option refuses NaN and the infinities, an empty path is no
path, ``fmt`` leaves a read-only file alone and ``replay`` reads the setup
record's agents and pool fingerprint. Each is a usage error (exit 2) naming
the option before any work is done, or a user's error (exit 1) naming the
file and the key."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from dioses_cli.lint import lint
from dioses_cli.main import COMMANDS, dioses
from dioses_cli.params import FilePath, Seconds, Whole
from dioses_rules.solve.limits import check_seconds

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "examples" / "boards" / "base-hera-hela-ship.toml"
MESSY = ROOT / "tests" / "fixtures" / "fmt" / "messy.dioses"
VALID_LOG = ROOT / "tests" / "fixtures" / "hostile" / "saves" / "valid.jsonl"

# What the audit typed (#23), and more of the kind: each int() or float() takes it.
NOT_WHOLE = ["١", "３", "1_000", " 7 ", "+3", "7\n", "²", "-0", "0x10", ""]
NOT_SECONDS = ["nan", "NaN", "inf", "-inf", "infinity", "1e3", " 2", "+2", "٢", "1_0", "."]


def run(*arguments, input=None):
    return CliRunner().invoke(dioses, [str(a) for a in arguments], input=input)


def all_params():
    """(command name, parameter) of every command of dioses and dioses-lint."""
    ctx = click.Context(dioses)
    found = [
        (name, param) for name in sorted(COMMANDS) for param in dioses.get_command(ctx, name).params
    ]
    return found + [("dioses-lint", param) for param in lint.params]


def test_every_number_and_path_parameter_uses_the_strict_types():
    """One ParamType each, used everywhere: click's own INT, FLOAT, ranges
    and Path take what int(), float() and Path() take."""
    loose = [
        (name, param.name, type(param.type).__name__)
        for name, param in all_params()
        if isinstance(param.type, (click.types._NumberParamTypeBase, click.Path))
        and not isinstance(param.type, (Whole, Seconds, FilePath))
    ]
    assert loose == []
    kinds = {type(param.type) for _, param in all_params()}
    assert {Whole, Seconds, FilePath} <= kinds


# (command line before the number, after it): each stops at the number.
WHOLE_OPTIONS = [
    (["simulate", "--games"], []),
    (["simulate", "--games", "1", "--seed"], []),
    (["simulate", "--games", "1", "--players"], []),
    (["simulate", "--games", "1", "--think"], []),
    (["simulate", "--games", "1", "--workers"], []),
    (["play", "--seed"], []),
    (["play", "--players"], []),
    (["play", "--think"], []),
    (["balance", "--boards"], []),
    (["balance", "--seed"], []),
    (["balance", "--hands"], []),
    (["balance", "--workers"], []),
    (["solve", str(BOARD), "--threads"], []),
    (["serve", "--port"], []),
    (["test", str(ROOT / "examples" / "mods" / "celtic"), "--seed"], []),
]


@pytest.mark.parametrize(
    "before, after", WHOLE_OPTIONS, ids=[" ".join(b[:1] + b[-1:]) for b, _ in WHOLE_OPTIONS]
)
def test_every_whole_number_option_takes_ascii_digits_only(before, after, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    option = before[-1]
    for value in NOT_WHOLE:
        result = run(*before, value, *after, input="")
        assert result.exit_code == 2, (value, result.output, result.stderr)
        assert f"Invalid value for '{option}'" in result.stderr, (value, result.stderr)
        assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # no game was started, nothing written


def test_the_refusal_says_what_a_whole_number_is():
    result = run("simulate", "--games", "١")
    assert "'١' is not a whole number: write it with the digits 0-9 alone" in result.stderr
    shown = run("simulate", "--games", " 7 ")
    assert "' 7 ' is not a whole number" in shown.stderr


def test_plain_digits_still_work_and_ranges_still_hold(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ok = run("simulate", "--games", "1", "--seed", "007", "--format", "json")
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.stdout)["games"] == 1
    too_many = run("simulate", "--games", "1", "--players", "99")
    assert too_many.exit_code == 2 and "'--players'" in too_many.stderr
    huge = run("simulate", "--games", "1", "--seed", "9" * 19)
    assert huge.exit_code == 2 and "at most 18" in huge.stderr


def test_a_scenario_number_is_ascii_digits_too():
    assert run("simulate", "--games", "1", "--scenario", "１").exit_code == 2
    assert run("simulate", "--games", "1", "--scenario", " 1 ").exit_code == 2


SECONDS_OPTIONS = [
    ["solve", str(BOARD), "--time-limit"],
    ["solve", "--scenario", "1", "--time-limit"],  # was accepted: 'undecided'
    ["play", "--agents", "greedy,greedy", "--best-time"],  # was after the whole game
    ["balance", "--optimal", "--hands", "1", "--boards", "10", "--effort"],
    ["test", str(ROOT / "examples" / "mods" / "celtic"), "--budget"],
]


@pytest.mark.parametrize(
    "before", SECONDS_OPTIONS, ids=[" ".join(b[:1] + b[-1:]) for b in SECONDS_OPTIONS]
)
def test_every_float_option_refuses_nan_and_infinities_before_any_work(
    before, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    for value in NOT_SECONDS:
        result = run(*before, value, input="")
        assert result.exit_code == 2, (value, result.output, result.stderr)
        assert f"Invalid value for '{before[-1]}'" in result.stderr
        assert "New " not in result.stdout  # no game played
    assert list(tmp_path.iterdir()) == []


def test_the_library_refuses_a_nan_time_limit_too():
    """CP-SAT answers MODEL_INVALID to a NaN limit: a caller of best_layout
    or solve_scenario gets a ValueError naming the argument."""
    for bad in (float("nan"), float("inf"), 0, -1, 3601):
        with pytest.raises(ValueError, match="time_limit must be more than 0"):
            check_seconds(bad)
    check_seconds(None)
    check_seconds(0.1)
    pytest.importorskip("ortools")
    from dioses_rules.pool.load import load_registry
    from dioses_rules.scoring.resolve import read_board
    from dioses_rules.solve.layout import best_layout

    board = read_board(BOARD, load_registry()[1])
    with pytest.raises(ValueError, match="time_limit"):
        best_layout(board, time_limit=float("nan"))


# (the command line, the option holding ''): an empty path is the current folder.
EMPTY_PATHS = [
    (["play", "--final-board", ""], "--final-board"),
    (["play", "--save", ""], "--save"),
    (["play", "--log", ""], "--log"),
    (["play", "--resume", ""], "--resume"),
    (["solve", str(BOARD), "--write", ""], "--write"),
    (["simulate", "--games", "1", "--log-dir", ""], "--log-dir"),
    (["score", str(BOARD), "--svg", ""], "--svg"),
    (["cards", "--sheet", ""], "--sheet"),
    (["balance", "--plot", ""], "--plot"),
    (["score", "--cards", "", str(BOARD)], "--cards"),
    (["serve", "--saves", ""], "--saves"),
    (["score", ""], "BOARD..."),
    (["replay", ""], "LOG_FILE"),
    (["fmt", ""], "PATHS..."),
]


@pytest.mark.parametrize("arguments, option", EMPTY_PATHS, ids=[o for _, o in EMPTY_PATHS])
def test_an_empty_path_is_a_usage_error_naming_the_option(arguments, option, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*arguments, input="")
    assert result.exit_code == 2, result.output + result.stderr
    assert f"Invalid value for '{option}'" in result.stderr, result.stderr
    assert "file exists" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written in the current folder


def test_lint_refuses_an_empty_path():
    result = CliRunner().invoke(lint, [""])
    assert result.exit_code == 2 and "Invalid value for '[PATHS]...'" in result.stderr


def test_solve_write_empty_no_longer_says_file_exists(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("solve", BOARD, "--write", "")
    assert "an empty path names no file" in result.stderr


def test_fmt_refuses_a_read_only_file_and_leaves_it_untouched(tmp_path):
    """Writing the formatted text to a new file and renaming it over a
    read-only one would take its protection away (and as root, os.access
    says yes to every file: the mode bits decide)."""
    locked = tmp_path / "locked.dioses"
    shutil.copy(MESSY, locked)
    locked.chmod(0o444)
    before = locked.read_bytes()
    result = run("fmt", locked)
    assert result.exit_code == 1, result.output
    assert f"{locked}: not formatted: the file is read-only" in result.stderr
    assert "1 left untouched" in result.stdout
    assert locked.read_bytes() == before
    assert stat.S_IMODE(locked.stat().st_mode) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["locked.dioses"]


def test_fmt_formats_the_writable_files_beside_a_read_only_one(tmp_path):
    shutil.copy(MESSY, tmp_path / "open.dioses")
    shutil.copy(MESSY, tmp_path / "shut.dioses")
    (tmp_path / "shut.dioses").chmod(0o400)
    result = run("fmt", tmp_path)
    assert result.exit_code == 1
    assert "formatted " in result.stdout and "open.dioses" in result.stdout
    assert (tmp_path / "shut.dioses").read_bytes() == MESSY.read_bytes()
    assert (tmp_path / "open.dioses").read_bytes() != MESSY.read_bytes()
    # --check and --diff write nothing, so a read-only file is only listed
    checked = run("fmt", "--check", tmp_path / "shut.dioses")
    assert checked.exit_code == 1 and "would reformat" in checked.stdout


def _log_with(tmp_path: Path, **setup) -> Path:
    lines = VALID_LOG.read_text(encoding="utf-8").splitlines()
    record = {**json.loads(lines[0]), **setup}
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([json.dumps(record), *lines[1:]]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "setup, expected",
    [
        ({"agents": ["", "greedy"]}, "line 1: $.agents[0]: '' is not the name of an agent"),
        ({"agents": ["human", "x" * 41]}, "line 1: $.agents[1]: 'xxxxxxxx"),
        ({"agents": ["human", "Greedy Bot"]}, "line 1: $.agents[1]: 'Greedy Bot' is not the name"),
        ({"agents": ["greedy"]}, "line 1: $.agents: 1 agents for 2 seats"),
        (
            {"pool": "0123456789abcdef"},
            "line 1: $.pool: '0123456789abcdef' is not the fingerprint of the card pool",
        ),
    ],
)
def test_replay_refuses_a_setup_record_with_nonsense_agents_or_fingerprint(
    tmp_path, setup, expected
):
    path = _log_with(tmp_path, **setup)
    result = run("replay", path)
    assert result.exit_code == 1, result.output
    assert "replay OK" not in result.stdout
    assert f"{path}: G103 {expected}" in result.stderr, result.stderr


def test_a_programs_own_agent_replays(tmp_path):
    """A program on the library may seat an agent of its own (the won game
    of examples/games/ names 'plan'): any well-formed name replays."""
    result = run("replay", _log_with(tmp_path, agents=["human", "my-bot"]))
    assert result.exit_code == 0 and "replay OK" in result.stdout, result.stderr


def test_replay_still_accepts_the_valid_log_and_an_old_log_without_agents(tmp_path):
    assert "replay OK" in run("replay", VALID_LOG).stdout
    lines = VALID_LOG.read_text(encoding="utf-8").splitlines()
    setup = json.loads(lines[0])
    del setup["agents"]
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join([json.dumps(setup), *lines[1:]]) + "\n", encoding="utf-8")
    assert "replay OK" in run("replay", old).stdout
