"""Hostile output (issue #10): text from users is never rich markup.

The inputs are files under tests/fixtures/hostile/output/ (its README lists
every case and what is expected).
"""

from __future__ import annotations

import ast
import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli import output
from dioses_cli.lint import lint
from dioses_cli.main import dioses

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "cli" / "dioses_cli"
HOSTILE = ROOT / "tests" / "fixtures" / "hostile" / "output"
CARDS = HOSTILE / "hostile-names.dioses"
BOARD = HOSTILE / "hostile-board.toml"
EXAMPLE = ROOT / "examples" / "boards" / "base-hera-hela-ship.toml"

# The names defined in hostile-names.dioses, each as rich would misread it.
NAMES = {
    "closer": "[/]",                       # a closing tag with nothing to close: MarkupError
    "opener": "[bold red]x",               # a style tag: would vanish
    "emoji": ":x:[link=x]y[/link]",        # an emoji code and a link
    "bracket-trial": "[/]The [red]Trial :x:",  # the scenario
}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def ok(result, code: int = 0):
    assert result.exit_code == code, (result.output, result.stderr, result.exception)
    assert "Traceback" not in result.output
    return result


# ------------------------------------------------------------------ escaping, as a class


def test_consoles_read_no_markup_and_no_emoji_codes():
    for made in (output.console(), output.console(stderr=True),
                 output.console(file=io.StringIO())):
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
FORBIDDEN_NAMES = {("rich", "print"), ("rich", "print_json"), ("rich", "inspect"),
                   ("rich.console", "Console"), ("rich.markup", "render")}


def markup_problems(source: str, name: str) -> list[str]:
    """Where a module of the command line could read text as rich markup."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            problems += [f"{where}: imports {a.name}" for a in node.names
                         if a.name in FORBIDDEN_IMPORTS or a.name == "rich"]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module in FORBIDDEN_IMPORTS:
                problems.append(f"{where}: imports from {node.module}")
            problems += [f"{where}: imports {node.module}.{a.name}" for a in node.names
                         if (node.module, a.name) in FORBIDDEN_NAMES]
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else \
                getattr(node.func, "id", "")
            keywords = {k.arg: k.value for k in node.keywords}
            for key in ("markup", "emoji"):
                value = keywords.get(key)
                if value is not None and not (isinstance(value, ast.Constant)
                                              and value.value is False):
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
    good = ("out.print(name, markup=False)\nText(name, style='bold')\n"
            "TextColumn('x', markup=False)\nanswer = input(prompt)")
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
    rows = {line.split("│")[3].strip(): line.split("│")[4].strip()
            for line in result.stdout.splitlines() if line.count("│") > 4}
    assert {card: rows[card] for card in NAMES} == NAMES


def test_cards_text_prints_hostile_names_in_heads_and_card_text(runner):
    result = ok(runner.invoke(dioses, ["cards", "--text", "--cards", str(CARDS),
                                       "--set", "hostile-names"]))
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
    cards = {line.split("│")[1].strip() for line in result.stdout.splitlines()
             if line.count("│") > 2}
    assert {"closer", "opener", "emoji"} <= cards
    result = ok(runner.invoke(dioses, ["simulate", "--cards", str(CARDS), "--games", "2",
                                       "--scenario", "bracket-trial"]))
    assert result.stdout.startswith("2 games, scenario 9 bracket-trial, 1 player(s)")


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
