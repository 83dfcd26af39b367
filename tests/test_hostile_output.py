"""Hostile output (issue #10): text from users is never rich markup, a closed
pipe ends quietly, exit codes say what happened (0/1/2/3) and a bug leaves a
crash file, and replay prints log records in words.

The inputs are files under tests/fixtures/hostile/output/ (its README lists
every case and what is expected).
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from dioses_cli import output
from dioses_cli.lint import lint
from dioses_cli.main import dioses
from dioses_cli.replay import describe

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "cli" / "dioses_cli"
HOSTILE = ROOT / "tests" / "fixtures" / "hostile" / "output"
CARDS = HOSTILE / "hostile-names.dioses"
BOARD = HOSTILE / "hostile-board.toml"
EXAMPLE = ROOT / "examples" / "boards" / "base-hera-hela-ship.toml"

# The names defined in hostile-names.dioses, each as rich would misread it.
NAMES = {
    "closer": "[/]",  # a closing tag with nothing to close: MarkupError
    "opener": "[bold red]x",  # a style tag: would vanish
    "emoji": ":x:[link=x]y[/link]",  # an emoji code and a link
    "bracket-trial": "[/]The [red]Trial :x:",  # the scenario
}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(autouse=True)
def crash_dir(tmp_path, monkeypatch) -> Path:
    """Crash files of these tests go to a folder of their own."""
    folder = tmp_path / "crashes"
    monkeypatch.setenv(output.CRASH_DIR_VARIABLE, str(folder))
    return folder


def ok(result, code: int = 0):
    assert result.exit_code == code, (result.output, result.stderr, result.exception)
    assert "Traceback" not in result.output
    return result


# ------------------------------------------------------------------ escaping, as a class


def test_consoles_read_no_markup_and_no_emoji_codes():
    for made in (output.console(), output.console(stderr=True), output.console(file=io.StringIO())):
        assert made._markup is False and made._emoji is False
    buffer = io.StringIO()
    text = "[/] [bold red]x :x: [link=x]y[/link] \\[escaped]"
    output.console(file=buffer).print(text)
    assert buffer.getvalue() == text + "\n"


# What may turn a string into markup: another console (with its own
# settings), rich's global print and prompts, markup parsing, and keywords
# that switch markup or emoji codes on for one call. TextColumn parses
# markup unless told not to.
FORBIDDEN_IMPORTS = {"rich.markup", "rich.prompt"}
FORBIDDEN_NAMES = {
    ("rich", "print"),
    ("rich", "print_json"),
    ("rich", "inspect"),
    ("rich.console", "Console"),
    ("rich.markup", "render"),
}


def markup_problems(source: str, name: str) -> list[str]:
    """Where a module of the command line could read text as rich markup."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            problems += [
                f"{where}: imports {a.name}"
                for a in node.names
                if a.name in FORBIDDEN_IMPORTS or a.name == "rich"
            ]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module in FORBIDDEN_IMPORTS:
                problems.append(f"{where}: imports from {node.module}")
            problems += [
                f"{where}: imports {node.module}.{a.name}"
                for a in node.names
                if (node.module, a.name) in FORBIDDEN_NAMES
            ]
        elif isinstance(node, ast.Call):
            called = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", "")
            )
            keywords = {k.arg: k.value for k in node.keywords}
            for key in ("markup", "emoji"):
                value = keywords.get(key)
                if value is not None and not (
                    isinstance(value, ast.Constant) and value.value is False
                ):
                    problems.append(f"{where}: {called}({key}=...) not False")
            if called in ("Console", "from_markup", "render_markup"):
                problems.append(f"{where}: calls {called}")
            method_input = isinstance(node.func, ast.Attribute) and called == "input"
            if (called == "TextColumn" or method_input) and "markup" not in keywords:
                problems.append(f"{where}: {called} without markup=False")
    return problems


def test_the_markup_checker_finds_each_way_in():
    bad = {
        "from rich.console import Console\nConsole()": 2,
        "import rich\nrich.print(x)": 1,
        "from rich import print": 1,
        "from rich.markup import escape": 1,
        "from rich.prompt import Prompt": 1,
        "out.print(f'[bold]{name}', markup=True)": 1,
        "out.print(name, emoji=flag)": 1,
        "Text.from_markup(name)": 1,
        "TextColumn('[bold]{task.description}')": 1,
        "out.input(name)": 1,
    }
    for source, count in bad.items():
        assert len(markup_problems(source, "x.py")) == count, source
    good = (
        "out.print(name, markup=False)\nText(name, style='bold')\n"
        "TextColumn('x', markup=False)\nanswer = input(prompt)"
    )
    assert markup_problems(good, "x.py") == []


def test_no_command_module_can_read_user_text_as_markup():
    problems = []
    for path in sorted(CLI.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        found = markup_problems(source, path.name)
        if path.name == "output.py":  # the one console factory
            found = [p for p in found if "Console" not in p]
        problems += found
    assert problems == []


def test_cards_prints_hostile_names_verbatim(runner):
    result = ok(runner.invoke(dioses, ["cards", "--cards", str(CARDS), "--set", "hostile-names"]))
    rows = {
        line.split("│")[3].strip(): line.split("│")[4].strip()
        for line in result.stdout.splitlines()
        if line.count("│") > 4
    }
    assert {card: rows[card] for card in NAMES} == NAMES


def test_cards_text_prints_hostile_names_in_heads_and_card_text(runner):
    result = ok(
        runner.invoke(dioses, ["cards", "--text", "--cards", str(CARDS), "--set", "hostile-names"])
    )
    lines = result.stdout.splitlines()
    for card, name in NAMES.items():
        assert any(line.startswith(f"{card} - {name} (hostile-names") for line in lines), card
    assert "  2p: it is next to [bold red]x." in lines
    assert "  1p: it is next to [/]." in lines


def test_score_prints_the_hostile_scenario_name_and_explains(runner):
    result = ok(runner.invoke(dioses, ["score", str(BOARD), "--cards", str(CARDS), "--explain"]))
    assert f"Scenario 9: {NAMES['bracket-trial']}" in result.stdout.splitlines()
    assert "Total: 4 points" in result.stdout


def test_balance_and_simulate_run_with_hostile_names(runner):
    result = ok(runner.invoke(dioses, ["balance", "--cards", str(CARDS), "--boards", "40"]))
    cards = {
        line.split("│")[1].strip() for line in result.stdout.splitlines() if line.count("│") > 2
    }
    # the cards by their names (#28), printed verbatim: no markup, no emoji code
    assert {NAMES["closer"], NAMES["opener"], NAMES["emoji"]} <= cards, cards
    result = ok(
        runner.invoke(
            dioses,
            ["simulate", "--cards", str(CARDS), "--games", "2", "--scenario", "bracket-trial"],
        )
    )
    # the scenario by its name (#28), printed verbatim: no markup, no emoji code
    assert result.stdout.startswith(f"2 games, scenario 9: {NAMES['bracket-trial']}, 1 player")


@pytest.mark.parametrize("name", ["x[/]y.toml", "[bold red]b.toml", ":x:[/]c.toml"])
def test_score_prints_a_hostile_board_path_verbatim(runner, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    Path(name).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLE, name)
    result = ok(runner.invoke(dioses, ["score", name]))
    assert result.stdout.splitlines()[0] == f"{name}: 4 points"


@pytest.mark.parametrize("name", ["x[/]bad.toml", "[bold red]bad.toml"])
def test_errors_name_a_hostile_board_path_verbatim(runner, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    Path(name).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(HOSTILE / "unknown-card-board.toml", name)
    result = ok(runner.invoke(dioses, ["score", name]), 1)
    assert result.stderr.startswith(f"{name}: ")
    assert "nosuchcard" in result.stderr
    missing = ok(runner.invoke(dioses, ["score", f"missing-{name}"]), 2)
    assert f"missing-{name}" in missing.stderr


def test_lint_names_a_hostile_card_file_verbatim(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = "[bold red]cards.dioses"
    shutil.copy(HOSTILE / "unknown-mythology.dioses", name)
    result = ok(runner.invoke(lint, [name]), 1)
    assert result.stdout.startswith(f"{name}:10:33: DL102 unknown mythology 'nordic'")


def test_the_hostile_card_file_is_clean_and_formatted(runner):
    ok(runner.invoke(lint, [str(CARDS)]))
    ok(runner.invoke(dioses, ["fmt", "--check", str(CARDS)]))


# ------------------------------------------------------------------ a closed pipe


def _entry_points() -> dict[str, list[str]]:
    """Each console script of pyproject.toml, run as its entry point is."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "scripts"
    ]
    commands = {}
    for name, target in scripts.items():
        module, function = target.split(":")
        commands[name] = [
            sys.executable,
            "-c",
            f"import sys; sys.argv[0] = {name!r}; from {module} import {function}; {function}()",
        ]
    return commands


SCRIPTS = _entry_points()
PIPE_CASES = [
    ("dioses", ["cards"]),
    ("dioses", ["cards", "--text"]),
    ("dioses", ["cards", "--format", "json"]),
    ("dioses", ["score", str(EXAMPLE), "--explain"]),
    ("dioses", ["--help"]),
    ("dioses-lint", []),
    ("dioses-lint", ["--format", "json", str(ROOT / "tests" / "fixtures" / "lint-corpus")]),
]


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "NO_COLOR": "1", output.CRASH_DIR_VARIABLE: str(tmp_path / "crashes")}


@pytest.mark.parametrize("script,arguments", PIPE_CASES)
def test_a_closed_stdout_ends_quietly_with_141(tmp_path, script, arguments):
    """The reader is gone before the first write: every write fails (EPIPE)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            SCRIPTS[script] + arguments,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
            env=_env(tmp_path),
            cwd=tmp_path,
        )
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (output.EXIT_BROKEN_PIPE, "")
    assert not (tmp_path / "crashes").exists()


@pytest.mark.parametrize(
    "script,arguments",
    [
        ("dioses", ["cards", "--text"]),
        ("dioses-lint", ["--full", str(ROOT / "tests" / "fixtures" / "lint-corpus")]),
    ],
)
def test_piped_into_head_ends_quietly(tmp_path, script, arguments):
    """As a shell runs it: ``... | head -1``. Whether head is gone before the
    last write is up to the scheduler, so 141 or the command's own code."""
    if shutil.which("head") is None or shutil.which("bash") is None:
        pytest.skip("needs bash and head")
    command = " ".join(map(_quote, SCRIPTS[script] + arguments))
    done = subprocess.run(
        ["bash", "-c", f"{command} | head -1; exit ${{PIPESTATUS[0]}}"],
        capture_output=True,
        text=True,
        timeout=300,
        env=_env(tmp_path),
        cwd=tmp_path,
    )
    assert done.stderr == ""
    assert done.returncode in (0, 1, output.EXIT_BROKEN_PIPE)
    assert len(done.stdout.splitlines()) == 1


def _quote(word: str) -> str:
    return "'" + word.replace("'", "'\\''") + "'"


def test_a_broken_pipe_inside_a_command_exits_141_without_a_word(runner, monkeypatch, crash_dir):
    def closed(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("dioses_cli.cards.print_json", closed)
    result = runner.invoke(dioses, ["cards", "--format", "json"])
    assert (result.exit_code, result.stderr) == (output.EXIT_BROKEN_PIPE, "")
    assert not crash_dir.exists()


# ------------------------------------------------------------------ exit codes and crash files


def test_exit_code_names():
    assert (output.EXIT_OK, output.EXIT_USER_ERROR, output.EXIT_USAGE, output.EXIT_BUG) == (
        0,
        1,
        2,
        3,
    )
    assert output.EXIT_FINDINGS == output.EXIT_USER_ERROR


def _boom(*args, **kwargs):
    raise ZeroDivisionError("boom [/] in the engine")


def _crash_file(result, folder: Path) -> Path:
    assert result.exit_code == output.EXIT_BUG, (result.output, result.exception)
    files = list(folder.iterdir())
    assert len(files) == 1
    lines = result.stderr.splitlines()
    assert lines[0] == "internal error: ZeroDivisionError: boom [/] in the engine"
    assert lines[1].endswith(str(files[0])) and "report" in lines[1]
    assert len(lines) == 2 and "Traceback" not in result.stderr
    return files[0]


def test_a_bug_in_a_command_exits_3_with_a_crash_file(runner, monkeypatch, crash_dir):
    monkeypatch.setattr("dioses_cli.score.score_board", _boom)
    result = runner.invoke(dioses, ["score", str(EXAMPLE), "--explain"])
    report = _crash_file(result, crash_dir).read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in report
    assert "ZeroDivisionError: boom [/] in the engine" in report
    assert f"command line: dioses score {EXAMPLE} --explain" in report
    assert "dioses-rules: " in report and f"python: {sys.version.split()[0]}" in report
    assert "in score" in report  # the frame of the command


def test_a_bug_in_dioses_lint_exits_3_with_a_crash_file(runner, monkeypatch, crash_dir):
    monkeypatch.setattr("dioses_cli.lint.lint_sources", _boom)
    report = _crash_file(runner.invoke(lint, ["--format", "json"]), crash_dir)
    assert "command line: lint --format json" in report.read_text(encoding="utf-8")


def test_a_bug_outside_user_errors_is_still_a_crash(runner, crash_dir):
    """A command without the decorator, and an option's callback (run while
    the command line is parsed), are guarded by the group and the command."""
    group = output.GuardedGroup("tool")

    @group.command("bare")
    def bare():
        _boom()

    _crash_file(runner.invoke(group, ["bare"]), crash_dir)
    shutil.rmtree(crash_dir)

    @click.command(cls=output.GuardedCommand)
    @click.option("--n", callback=lambda ctx, param, value: _boom())
    def parsed(n):
        pass

    _crash_file(runner.invoke(parsed, ["--n", "1"]), crash_dir)


def test_the_crash_folder_follows_xdg_state_home(runner, monkeypatch, tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("XDG_STATE_HOME is the Linux convention platformdirs follows")
    monkeypatch.delenv(output.CRASH_DIR_VARIABLE)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr("dioses_cli.score.score_board", _boom)
    result = runner.invoke(dioses, ["score", str(EXAMPLE)])
    _crash_file(result, tmp_path / "state" / "dioses-rules" / "log")


def test_an_unwritable_crash_folder_falls_back_to_a_temporary_file(runner, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(output.CRASH_DIR_VARIABLE, str(blocker / "crashes"))
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    monkeypatch.setattr("dioses_cli.score.score_board", _boom)
    crash = _crash_file(runner.invoke(dioses, ["score", str(EXAMPLE)]), temporary)
    assert "ZeroDivisionError" in crash.read_text(encoding="utf-8")


def test_with_nowhere_to_write_the_traceback_goes_to_stderr(runner, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(output.CRASH_DIR_VARIABLE, str(blocker / "crashes"))
    monkeypatch.setattr(tempfile, "tempdir", str(blocker / "tmp"))
    monkeypatch.setattr("dioses_cli.score.score_board", _boom)
    result = runner.invoke(dioses, ["score", str(EXAMPLE)])
    assert result.exit_code == output.EXIT_BUG
    assert "no crash file could be written" in result.stderr
    assert "Traceback (most recent call last)" in result.stderr
    assert "ZeroDivisionError: boom [/] in the engine" in result.stderr


def test_user_errors_usage_errors_and_interrupts_keep_their_codes(
    runner, monkeypatch, tmp_path, crash_dir
):
    bad = tmp_path / "bad.toml"
    shutil.copy(HOSTILE / "unknown-card-board.toml", bad)
    assert ok(runner.invoke(dioses, ["score", str(bad)]), 1).stdout == ""
    ok(runner.invoke(dioses, ["score", "--no-such-option", str(EXAMPLE)]), 2)
    ok(runner.invoke(lint, ["--format", "xml"]), 2)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("dioses_cli.score.score_board", interrupted)
    result = ok(runner.invoke(dioses, ["score", str(EXAMPLE)]), output.EXIT_INTERRUPTED)
    assert result.stderr == "interrupted\n"
    assert not crash_dir.exists()


@pytest.mark.parametrize("command", [[], ["score"], ["cards"], ["balance"], ["simulate"], ["fmt"]])
def test_help_lists_the_exit_codes(runner, command):
    result = ok(runner.invoke(dioses, [*command, "--help"]))
    assert "Exit codes: 0 success; 1 " in result.stdout
    assert "3 a bug in dioses-rules" in result.stdout


def test_lint_help_lists_its_exit_codes(runner):
    assert "Exit codes: 0 success; 1 errors found" in ok(runner.invoke(lint, ["--help"])).stdout


# ------------------------------------------------------------------ replay in words

RECORDS = HOSTILE / "log-records.jsonl"
REPR_MARKS = re.compile(r"None|True|False|[{}\[\]'\"]")


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_every_record_kind_of_the_corpus_reads_as_expected():
    expected = (HOSTILE / "log-records.expected.txt").read_text(encoding="utf-8").splitlines()
    records = _records(RECORDS)
    assert len(records) == len(expected)
    for record, words in zip(records, expected, strict=True):
        assert describe(record, 0) == words, record  # the corpus counts from 0


def test_the_corpus_holds_every_event_the_engine_logs():
    """A new event kind in the engine needs a record here (and words that read well)."""
    emitted = set()
    for path in (ROOT / "dioses_rules" / "engine").glob("*.py"):
        emitted |= set(re.findall(r'\.event\(\s*"([a-z-]+)"', path.read_text(encoding="utf-8")))
    assert len(emitted) > 15
    logged = {r.get("event") for r in _records(RECORDS) if r["type"] == "event"}
    assert emitted - logged == set()
    assert {"setup", "decision", "event", "final"} <= {r["type"] for r in _records(RECORDS)}


def test_no_record_of_any_log_reads_as_python():
    logs = sorted((ROOT / "tests" / "fixtures" / "compat").rglob("*.jsonl")) + [RECORDS]
    assert len(logs) > 5
    for log in logs:
        for record in _records(log):
            words = describe(record, 0)
            assert not REPR_MARKS.search(words), (log.name, words)


def test_replay_prints_its_verdicts_in_words(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ok(
        runner.invoke(
            dioses,
            ["simulate", "--games", "1", "--seed", "3", "--log-dir", "logs", "--format", "json"],
        )
    )
    log = tmp_path / "logs" / "game-0001.jsonl"
    replayed = ok(runner.invoke(dioses, ["replay", str(log)]))
    assert replayed.stdout.startswith("replay OK: ")
    assert "; the end after " in replayed.stdout and "; winner" in replayed.stdout
    assert not REPR_MARKS.search(replayed.stdout)
    records = _records(log)
    records[-1]["totals"][0] += 1
    log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    diverged = ok(runner.invoke(dioses, ["replay", str(log)]), 1)
    told = [line for line in diverged.stderr.splitlines() if line.startswith("  the ")]
    assert len(told) == 2 and all("the end after" in line for line in told)
    assert not any(REPR_MARKS.search(line) for line in told)


# -------------------------------------------- a full disk (issue #23, C11)


class _FullStream(io.StringIO):
    """A stream on a full disk: every write fails as /dev/full's does."""

    def write(self, text):
        raise OSError(28, "No space left on device")


def test_a_full_stdout_is_the_users_error_not_a_bug(monkeypatch):
    """What cannot be written to stdout is exit 1 with one line on stderr,
    never a crash file (the guarded streams of the console scripts)."""
    errors = io.StringIO()
    monkeypatch.setattr(sys, "stdout", output.GuardedStream(_FullStream(), "standard output"))
    monkeypatch.setattr(sys, "stderr", errors)
    with pytest.raises(SystemExit) as stopped:
        output.run_guarded(lambda: click.echo("a" * 100))
    assert stopped.value.code == output.EXIT_USER_ERROR
    assert errors.getvalue().startswith(
        "E010 cannot write to standard output: No space left on device"
    )


def test_a_users_error_that_stderr_cannot_take_still_exits_1(monkeypatch):
    monkeypatch.setattr(sys, "stderr", output.GuardedStream(_FullStream(), "standard error"))

    def fails():
        raise output.DiosesError("a bad board")

    with pytest.raises(SystemExit) as stopped:
        output.run_guarded(fails)
    assert stopped.value.code == output.EXIT_USER_ERROR


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("where", ["stdout", "stderr"])
def test_the_installed_scripts_on_dev_full_exit_1(where):
    """`dioses cards >/dev/full` and a user's error with stderr on /dev/full."""
    script = Path(sys.executable).with_name("dioses")
    args = [str(script), "cards"] if where == "stdout" else [str(script), "score", "/nonexistent"]
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            args,
            stdout=full if where == "stdout" else subprocess.DEVNULL,
            stderr=full if where == "stderr" else subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == output.EXIT_USER_ERROR
    if where == "stdout":
        assert "E010 cannot write to standard output" in done.stderr
        assert "bug" not in done.stderr
