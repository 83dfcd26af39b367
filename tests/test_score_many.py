"""``dioses score`` over several boards and standard input (issue #14)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dioses_cli.main import dioses

BOARDS = Path(__file__).resolve().parent.parent / "examples" / "boards"
SHIP = BOARDS / "base-hera-hela-ship.toml"  # the rulebook's example: 4 points (R8-R11)
HELA_HERA = BOARDS / "base-hela-hera.toml"


def score(*arguments, stdin=None):
    return CliRunner().invoke(dioses, ["score", *map(str, arguments)], input=stdin)


def single_total(path: Path) -> int:
    return json.loads(score(path, "--format", "json").stdout)["total"]


def test_several_boards_are_each_scored_then_summed_up():
    result = score(SHIP, HELA_HERA)
    assert result.exit_code == 0, result.output
    totals = [single_total(SHIP), single_total(HELA_HERA)]
    assert f"2 boards: totals {totals[0]}, {totals[1]}; mean {sum(totals) / 2:.2f}" in result.stdout
    assert result.stdout.count("Total:") == 2


def test_json_of_several_boards_is_a_list_naming_each_board():
    data = json.loads(score(SHIP, HELA_HERA, "--format", "json").stdout)
    assert [d["board"] for d in data] == [str(SHIP), str(HELA_HERA)]
    assert data[0]["total"] == 4
    assert "board" not in json.loads(score(SHIP, "--format", "json").stdout)  # one: as before


def test_a_board_on_standard_input():
    result = score("-", "--format", "json", stdin=SHIP.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == 4


def test_a_bad_board_among_good_ones_is_reported_and_the_rest_scored(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[area\n", encoding="utf-8")
    result = score(SHIP, bad, HELA_HERA)
    assert result.exit_code == 1
    assert f"{bad}:1:" in result.stderr and "E202" in result.stderr
    assert "3 boards: totals 4," in result.stdout and "1 board could not be scored" in result.stdout


def test_a_bad_board_on_standard_input_is_named_stdin():
    result = score("-", stdin="[area\n")
    assert result.exit_code == 1 and "<stdin>:1:" in result.stderr


def test_usage_errors():
    assert score(SHIP, HELA_HERA, "--svg", "x.svg").exit_code == 2
    assert score("-", "-", stdin="").exit_code == 2
    assert score().exit_code == 2
