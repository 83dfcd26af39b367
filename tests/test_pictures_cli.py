"""``dioses score --svg``, ``dioses cards --sheet``, ``dioses balance --plot``
through click's CliRunner: the files they write, and their errors (a bad
name, a missing folder, an existing file, a missing library)."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("drawsvg")

from dioses_cli.main import dioses
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.extremes import PoolLimits, line_bounds

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "examples" / "pictures" / "power-of-ra.toml"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def cards_in(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    return [g.get("data-id") for g in root.iter(f"{SVG}g") if g.get("class") == "card"]


def no_traceback(result) -> None:
    assert "Traceback" not in result.output + result.stderr


def test_score_svg_writes_the_board_and_still_prints_the_report(runner, tmp_path):
    target = tmp_path / "board.svg"
    result = runner.invoke(dioses, ["score", str(BOARD), "--svg", str(target), "--explain"])
    assert result.exit_code == 0, result.output
    assert "Total: 46 points" in result.stdout  # R15's 18 for the grouping among them
    assert f"picture written to {target}" in result.stdout
    cards = cards_in(target)
    for card in ("isis", "ra", "horus", "sun-eye", "osiris", "odin"):
        assert card in cards


def test_score_svg_with_json_keeps_stdout_json(runner, tmp_path):
    target = tmp_path / "board.svg"
    result = runner.invoke(dioses, ["score", str(BOARD), "--svg", str(target), "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["total"] == 46
    assert f"picture written to {target}" in result.stderr
    assert target.exists()


def test_an_existing_file_is_never_replaced_without_overwrite(runner, tmp_path):
    target = tmp_path / "board.svg"
    target.write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    result = runner.invoke(dioses, ["score", str(BOARD), "--svg", str(target)])
    assert result.exit_code == 2
    assert "exists; add --overwrite" in result.stderr
    assert target.read_text(encoding="utf-8") == "<svg xmlns='http://www.w3.org/2000/svg'/>"
    result = runner.invoke(dioses, ["score", str(BOARD), "--svg", str(target), "--overwrite"])
    assert result.exit_code == 0
    assert "ra" in cards_in(target)


def test_overwrite_never_replaces_a_file_that_is_not_a_picture(runner, tmp_path):
    target = tmp_path / "notes.svg"
    target.write_text("my notes, not a picture\n", encoding="utf-8")
    result = runner.invoke(dioses, ["score", str(BOARD), "--svg", str(target), "--overwrite"])
    assert result.exit_code == 2
    assert "exists and is not an SVG picture" in result.stderr
    assert target.read_text(encoding="utf-8") == "my notes, not a picture\n"


@pytest.mark.parametrize(
    "args, expected",
    [
        (["score", str(BOARD), "--svg", "board.png"], "does not end in '.svg'"),
        (["cards", "--sheet", "cards.docx"], "does not end in '.svg' or '.pdf'"),
        (["balance", "--plot", "plot.pdf", "--boards", "5"], "does not end in '.svg'"),
        (["score", str(BOARD), "--svg", "missing/board.svg"], "no folder missing"),
        (["cards", "--sheet", "."], "is a directory"),
        (["cards", "--sheet", "cards.pdf", "--text"], "give one of them"),
        (["cards", "--overwrite"], "--overwrite goes with --sheet FILE"),
        (["score", str(BOARD), "--overwrite"], "--overwrite goes with --svg FILE"),
    ],
)
def test_a_bad_picture_path_is_one_usage_error(runner, tmp_path, args, expected, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(dioses, args)
    assert result.exit_code == 2, result.output
    assert expected in result.stderr
    no_traceback(result)
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_folder_is_one_usage_error(runner, tmp_path, monkeypatch):
    import dioses_cli.options as options

    monkeypatch.setattr(options.os, "access", lambda path, mode: False)
    result = runner.invoke(dioses, ["cards", "--sheet", str(tmp_path / "cards.pdf")])
    assert result.exit_code == 2
    assert f"cannot write in {tmp_path}" in result.stderr


def test_cards_sheet_pdf_has_a_page_per_nine_cards(runner, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("cairosvg")
    target = tmp_path / "expansion.pdf"
    result = runner.invoke(dioses, ["cards", "--set", "aun-mas-divinos", "--sheet", str(target)])
    assert result.exit_code == 0, result.output
    listed = json.loads(
        runner.invoke(dioses, ["cards", "--set", "aun-mas-divinos", "--format", "json"]).stdout
    )
    pages = -(-len(listed) // 9)
    assert f"{len(listed)} cards on {pages} pages written to {target}" in result.stdout
    assert len(pypdf.PdfReader(target).pages) == pages


def test_cards_sheet_svg_stacks_every_listed_definition(runner, tmp_path):
    target = tmp_path / "base.svg"
    result = runner.invoke(dioses, ["cards", "--set", "base", "--sheet", str(target)])
    assert result.exit_code == 0, result.output
    listed = json.loads(
        runner.invoke(dioses, ["cards", "--set", "base", "--format", "json"]).stdout
    )
    assert cards_in(target) == [d["id"] for d in listed]
    root = ET.parse(target).getroot()
    pages = [g for g in root.iter(f"{SVG}g") if g.get("class") == "page"]
    assert len(pages) == -(-len(listed) // 9)


GLOOM = """set gloom "Gloom" {
  version "1.0"
  requires base
}

god gloom "Gloom" greek {
  -2 points
  4 points if in a corner
  -1 point per law met
}

god doom "Doom" greek {
  -2 points
  4 points if in a corner
  -1 point per pattern completed
}
"""


def test_balance_plot_holds_every_card_of_the_report(runner, tmp_path):
    """And each spread stops at the least its card can score with the
    pool's laws and patterns: Gloom's and Doom's means less their spreads
    are below their -2, above their worst with 7 laws met (R13) or every
    pattern completed (R14)."""
    target, cards = tmp_path / "balance.svg", tmp_path / "gloom.dioses"
    cards.write_text(GLOOM, encoding="utf-8")
    result = runner.invoke(
        dioses,
        ["balance", "--boards", "1000", "--plot", str(target), "--format", "json"]
        + ["--cards", str(cards)],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    root = ET.parse(target).getroot()
    drawn = {g.get("data-id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "card-stat"}
    assert {i: g.get("data-mean") for i, g in drawn.items()} == {
        c["id"]: f"{c['mean']:.3f}" for c in report["cards"]
    }
    registry, _ = load_registry([cards])
    limits = PoolLimits.of(registry)
    for card in report["cards"]:
        floor = line_bounds(registry.get("myth", card["id"]).lines, limits)[0]
        low = float(drawn[card["id"]].get("data-low"))
        assert low == pytest.approx(max(card["mean"] - card["spread"], floor), abs=2e-3)
    low_ends = {card["id"]: card["mean"] - card["spread"] for card in report["cards"]}
    assert -2 - 7 < low_ends["gloom"] < -2 and -2 - limits.patterns_most < low_ends["doom"] < -2


def test_a_pdf_without_cairo_is_one_error_naming_what_to_install(runner, tmp_path, missing):
    missing(
        lambda name: name == "cairosvg",
        lambda name: OSError('no library called "cairo-2" was found'),
    )
    target = tmp_path / "cards.pdf"
    result = runner.invoke(dioses, ["cards", "--set", "base", "--sheet", str(target)])
    assert result.exit_code == 1
    assert "E402" in result.stderr and "libcairo2" in result.stderr
    no_traceback(result)
    assert not target.exists()


def test_pictures_without_drawsvg_is_one_error_naming_the_extra(runner, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "drawsvg", None)  # import drawsvg fails
    result = runner.invoke(dioses, ["score", str(BOARD), "--svg", str(tmp_path / "b.svg")])
    assert result.exit_code == 1
    assert "E400" in result.stderr and "dioses-rules[pictures]" in result.stderr
    no_traceback(result)


def test_markup_in_names_and_control_characters_in_paths_stay_text(runner, tmp_path):
    mod = tmp_path / "evil.dioses"
    mod.write_text(
        'set evil "Evil <&>" {\n  version "1.0"\n  requires base\n}\n\n'
        'god evil-one "Bad <b>&amp; ]]>" greek {\n  2 points if next to egyptian\n}\n',
        encoding="utf-8",
    )
    sheet = tmp_path / "evil.svg"
    result = runner.invoke(
        dioses, ["cards", "--cards", str(mod), "--set", "evil", "--sheet", str(sheet)]
    )
    assert result.exit_code == 0, result.output
    root = ET.parse(sheet).getroot()
    names = [t for t in root.iter(f"{SVG}text") if t.get("class") == "name"]
    assert ["".join(t.itertext()) for t in names] == ["Bad <b>&amp; ]]>"]
    board = tmp_path / "board\x1b[2J.toml"  # a terminal escape in the board's name
    board.write_text(BOARD.read_text(encoding="utf-8"), encoding="utf-8")
    picture = tmp_path / "board.svg"
    result = runner.invoke(dioses, ["score", str(board), "--svg", str(picture)])
    assert result.exit_code == 0, result.output
    heading = next(
        t for t in ET.parse(picture).getroot().iter(f"{SVG}text") if t.get("class") == "title"
    )
    assert "board\\x1b[2J: 46 points" in "".join(heading.itertext())
