"""A board's ``[expect]`` table, checked by ``dioses score`` (issue #24)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dioses_cli.main import dioses

ROOT = Path(__file__).resolve().parent.parent
CELTIC = ROOT / "examples" / "mods" / "celtic"
EMPTY_ROWS = 'central = [".", ".", ".", "."]\nback = [".", ".", ".", "."]\n'
# The rulebook's example (R4, R8, R10): Hera 2, Barco (Ship) 2, Hela 0: 4 points.
SHIP = (
    '[area]\nfront = [".", ".", ".", "."]\ncentral = ["hela", "hera", "ship", "."]\n'
    'back = [".", ".", ".", "."]\n'
)


def score(*arguments):
    return CliRunner().invoke(dioses, ["score", *map(str, arguments)])


def board(tmp_path: Path, text: str, name: str = "board.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_board_as_expected_scores_as_before_with_exit_0(tmp_path):
    path = board(
        tmp_path,
        SHIP + "[expect]\ntotal = 4\ngods = 2\ncards = { hera = 2, Barco = 2, hela = 0 }\n",
    )
    result = score(path)
    assert result.exit_code == 0, result.output
    assert "Total: 4 points" in result.stdout


def test_each_mismatch_is_one_line_at_its_key_with_why_and_exit_1(tmp_path):
    path = board(tmp_path, SHIP + "[expect]\ntotal = 5\ncards = { hera = 0, ship = 2 }\n")
    result = score(path)
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if "E205" in line]
    # R4/R8: Hera's 2 points for being next to an Egyptian card.
    assert lines == [
        f"{path}: E205 $.expect.cards.hera: expected 0 points, scored 2",
        f"{path}: E205 $.expect.total: expected 5 points, scored 4",
    ]
    assert "help: '2 points if next to egyptian' gave 2" in result.stderr
    assert "cards 4 + laws 0" in result.stderr


def test_unknown_keys_and_wrong_types_in_expect_are_named(tmp_path):
    path = board(tmp_path, SHIP + '[expect]\ntotl = 4\ncards = { hera = "2" }\n')
    result = score(path)
    assert result.exit_code == 1
    assert "$.expect.totl: unknown key 'totl'" in result.stderr
    assert '$.expect.cards.hera: expected a whole number, got "2"' in result.stderr


def test_an_expected_card_not_on_the_board_is_named(tmp_path):
    path = board(tmp_path, SHIP + "[expect]\ncards = { zeus = 1, hrea = 2 }\n")
    result = score(path)
    assert result.exit_code == 1
    assert "$.expect.cards.zeus: card 'zeus' is not on the board" in result.stderr
    assert "$.expect.cards.hrea: unknown card 'hrea'; did you mean 'hera'" in result.stderr


def test_the_celtic_boards_carry_their_hand_worked_expectations():
    for name in ("board-1.toml", "board-2.toml", "board-3.toml"):
        result = score(CELTIC / name, "--cards", CELTIC, "--format", "json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["expect"] == {"met": True, "mismatches": []}


def test_scenario_expectations_and_r34(tmp_path):
    """R34: a challenge is met only with its victory. Board 3 of the Celtic
    set wins Mag Tuired and meets its challenge; without Lugh the victory
    (and so the challenge, whose conditions still hold for the others) fails."""
    text = (CELTIC / "board-3.toml").read_text(encoding="utf-8")
    text = text.replace('central = ["lugh", ".", ".", "."]', 'central = [".", ".", ".", "."]')
    text = (
        text.split("[expect]")[0] + "[expect]\nvictory = true\nchallenge = true\nbeaten = false\n"
    )
    result = score(board(tmp_path, text), "--cards", CELTIC)
    assert result.exit_code == 1
    assert "$.expect.victory: expected true (met), got false (not met)" in result.stderr
    assert "$.expect.challenge: expected true (met), got false (not met)" in result.stderr
    assert "R34" in result.stderr
    assert "'lugh diagonal to morrigan'" in result.stderr
    assert "beaten" not in result.stderr  # not won: not beaten, as expected


def test_expectations_in_several_boards_are_counted_in_the_summary(tmp_path):
    good = board(tmp_path, SHIP + "[expect]\ntotal = 4\n", "good.toml")
    bad = board(tmp_path, SHIP + "[expect]\ntotal = 3\nlaws = { only-gods = 3 }\n", "bad.toml")
    result = score(good, bad)
    assert result.exit_code == 1
    assert "1 board not as expected" in result.stdout
    assert "$.expect.laws.only-gods: law 'only-gods' is not on the board" in result.stderr
