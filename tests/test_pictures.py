"""Pictures (issue #14): the board, the card sheet and the balance plot are
SVG documents holding every card, score and law; PNG and PDF through cairo.

Each SVG is parsed as XML (``xml.etree``) and compared with the report it
draws, so a card, a score or a law left out of the picture fails here.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("drawsvg")

from dioses_rules.errors import DiosesError
from dioses_rules.language import model as m
from dioses_rules.language.english_definitions import provenance_text
from dioses_rules.language.vocabulary import Vocabulary
from dioses_rules.pool.load import load_registry
from dioses_rules.render import export
from dioses_rules.render.balance_plot import balance_plot
from dioses_rules.render.board_picture import board_picture
from dioses_rules.render.card import CardText, card_svg
from dioses_rules.render.sheet import PER_PAGE, page_svgs, sheet_svg
from dioses_rules.render.symbols import GENERATED, symbol_of
from dioses_rules.scoring.area import cell_name
from dioses_rules.scoring.balance import balance
from dioses_rules.scoring.board import read_board_file
from dioses_rules.scoring.resolve import board_registry, resolve_board
from dioses_rules.scoring.score import score_board

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
EVERYTHING = ROOT / "examples" / "pictures" / "power-of-ra.toml"
BOARDS = sorted((ROOT / "examples" / "boards").glob("*.toml")) + [EVERYTHING]


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if kind in (g.get("class") or "").split()]


def words(element: ET.Element) -> str:
    """Every text of an element, its lines joined by spaces."""
    return " ".join(" ".join(" ".join(t.itertext()).split()) for t in element.iter(f"{SVG}text"))


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def scored(path: Path, explain: bool = False):
    board_file = read_board_file(path)
    _, sources = load_registry()
    registry = board_registry(board_file, sources, str(path))
    board = resolve_board(board_file, registry, str(path))
    report = score_board(board, explain=explain)
    svg = board_picture(board, report, CardText.of(registry), str(path), explain)
    return board, report, ET.fromstring(svg), svg


@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_board_picture_holds_every_card_its_points_face_and_every_law_r12_r13(path):
    board, report, root, _ = scored(path)
    cells = {g.get("data-cell"): g for g in groups(root, "cell")}
    assert len(cells) == 12  # R1: 3 rows x 4 columns, empty cells drawn too
    for score in report.cards:
        cell = cells[cell_name(score.cell).replace(" ", "-")]
        assert [c.get("data-id") for c in groups(cell, "card")] == [score.card.id]
        assert cell.get("data-points") == str(score.points)
        points = groups(cell, "points")[0]
        assert words(points) == (f"{score.points:+d}p" if score.points else "0p")
        # R12: the picture shows the face state the board had before the reveal
        face_up = board.area.cells[score.cell].face_up
        assert cell.get("data-face") == ("up" if face_up else "down")
        assert bool(groups(cell, "face")) is not face_up
    laws = {g.get("data-id"): g for g in groups(root, "law")}
    assert set(laws) == {law.law.id for law in report.laws}
    for law in report.laws:  # R13: beside its row or above its column, met or not
        drawn = laws[law.law.id]
        assert drawn.get("data-points") == str(law.points)
        assert drawn.get("data-met") == str(law.points > 0).lower()
        assert drawn.get("data-line") == (law.row.value if law.row else str(law.column))
        assert ("not met" in words(drawn)) is (law.points <= 0)
    total = groups(root, "summary")[0]
    assert f"Total: {report.total} points" in words(total)
    # R16: the tie-break count
    assert f"gods for the tie-break: {report.gods}" in words(total)  # no ruling code (#28)


def test_board_picture_holds_patterns_objectives_and_the_scenario_r14_r15():
    _, report, root, _ = scored(EVERYTHING)
    assert report.patterns and report.objectives and report.scenario is not None
    patterns = {g.get("data-id"): g for g in groups(root, "pattern")}
    assert set(patterns) == {p.pattern.id for p in report.patterns}
    for held in report.patterns:  # R14: completed or not, and its points
        drawn = patterns[held.pattern.id]
        assert drawn.get("data-completed") == str(held.completed).lower()
        assert f"{'completed' if held.completed else 'not completed'}: {held.points}p" in words(
            drawn
        )
    assert {False, True} == {p.completed for p in report.patterns}  # both drawn
    objectives = groups(root, "objective")
    assert [
        (g.get("data-goal"), g.get("data-element"), g.get("data-points")) for g in objectives
    ] == [(o.goal.id, o.element.id, str(o.points)) for o in report.objectives]
    assert "Grouping + Egyptian: 18p" in words(objectives[0])  # English names, as the picture is
    scenario = groups(root, "scenario")[0]
    assert scenario.get("data-id") == report.scenario.scenario.id
    conditions = [g.get("data-met") for g in groups(scenario, "condition")]
    expected = [
        c.met for c in report.scenario.victory_conditions + report.scenario.challenge_conditions
    ]
    assert conditions == [str(x).lower() for x in expected]
    assert True in expected and False in expected
    assert "Isis, Horus and Sun Eye are each close to Ra" in words(scenario)


def test_explain_marks_the_cells_each_cards_condition_matched():
    _, report, root, _ = scored(EVERYTHING, explain=True)
    cells = {g.get("data-cell"): g for g in groups(root, "cell")}
    matched_somewhere = False
    for score in report.cards:
        drawn = groups(cells[cell_name(score.cell).replace(" ", "-")], "matched")[0]
        expected = sorted({c for line in score.lines for c in line.cells})
        matched_somewhere |= bool(expected)
        assert drawn.get("data-cells") == " ".join(cell_name(c).replace(" ", "-") for c in expected)
    assert matched_somewhere
    _, _, plain, _ = scored(EVERYTHING)
    assert groups(plain, "matched") == []


def test_the_rulebooks_symbols_greek_circle_norse_square_egyptian_triangle(registry):
    # ¡Aún más Divinos! rulebook, "Pattern Cards": the base set declares them
    vocabulary = registry.vocabulary
    assert symbol_of(vocabulary, "greek") == ("shape", "circle")
    assert symbol_of(vocabulary, "norse") == ("shape", "square")
    assert symbol_of(vocabulary, "egyptian") == ("shape", "triangle")


def test_a_declared_mythology_gets_its_declared_symbol_or_a_generated_one():
    words = [
        m.WordDecl("mythology", "celtic", "Celta", symbol="spiral"),
        m.WordDecl("mythology", "aztec", "Azteca", symbol="Az"),
        m.WordDecl("mythology", "inca", "Inca"),
        m.WordDecl("mythology", "maya", "Maya", symbol="feathered-serpent"),
    ]
    vocabulary = Vocabulary(words)
    assert symbol_of(vocabulary, "celtic") == ("shape", "spiral")
    assert symbol_of(vocabulary, "aztec") == ("mark", "Az")
    kind, shape = symbol_of(vocabulary, "inca")
    assert kind == "shape" and shape in GENERATED
    assert symbol_of(vocabulary, "inca") == symbol_of(Vocabulary(words[2:3]), "inca")
    assert symbol_of(vocabulary, "maya")[1] in GENERATED
    svg = card_svg(
        m.MythCard("x", "X", (), "god", ("inca", "celtic")),
        CardText(vocabulary=Vocabulary([*words, m.WordDecl("type", "god", "Dios")])),
    )
    drawn = [g.get("data-mythology") for g in groups(ET.fromstring(svg), "mythology-symbol")]
    assert drawn == ["inca", "celtic"]


def test_the_sheet_holds_every_definition_once_with_its_text_and_provenance(registry):
    text = CardText.of(registry)
    cards = [
        (d, registry.set_of(d), "")
        for d in registry.definitions()
        if registry.set_of(d) == "aun-mas-divinos"
    ]
    root = ET.fromstring(sheet_svg(cards, text))
    pages = groups(root, "page")
    assert len(pages) == math.ceil(len(cards) / PER_PAGE)
    assert all(len(groups(page, "card")) <= PER_PAGE for page in pages)
    drawn = {g.get("data-id") + "/" + g.get("data-kind"): g for g in groups(root, "card")}
    assert len(drawn) == len(cards)
    for definition, _, _ in cards:
        card = drawn[f"{definition.id}/{definition.kind}"]
        assert definition.name in words(card)
        assert provenance_text(definition) in words(card)
        rendered = text.text(definition)  # the whole card text is the face's description
        assert card.find(f"{SVG}desc").text.split() == rendered.split()
        if isinstance(definition, m.Pattern):  # the grid is drawn as cells
            cells = [c for row in definition.shape for c in row if c is not None]
            assert len(groups(card, "pattern-cell")) == len(cells)


def test_a_pdf_sheet_has_one_a4_page_per_sheet(registry):
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("cairosvg")
    text = CardText.of(registry)
    cards = [(d, "base", "") for d in registry.myth_cards()[: PER_PAGE + 1]]
    reader = pypdf.PdfReader(__import__("io").BytesIO(export.pdf(page_svgs(cards, text))))
    assert len(reader.pages) == 2
    width, height = (float(x) / 72 * 25.4 for x in reader.pages[0].mediabox[2:])
    assert round(width) == 210 and round(height) == 297
    assert registry.myth_cards()[0].name in reader.pages[0].extract_text()


def test_a_board_picture_renders_to_a_png_a_viewer_opens():
    pytest.importorskip("cairosvg")
    from PIL import Image

    _, _, root, svg = scored(EVERYTHING, explain=True)
    data = export.png(svg)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(__import__("io").BytesIO(data))
    assert image.size == (round(float(root.get("width"))), round(float(root.get("height"))))
    rgb = image.convert("RGB").tobytes()
    assert len({rgb[i : i + 3] for i in range(0, len(rgb), 3)}) > 20  # drawn, not blank


def test_the_balance_plot_holds_every_card_its_mean_spread_and_flags(registry):
    report = balance(registry.myth_cards(), boards=300, seed=3)
    root = ET.fromstring(balance_plot(report))
    rows = {g.get("data-id"): g for g in groups(root, "card-stat")}
    assert set(rows) == {s.card.id for s in report.cards}
    for stats in report.cards:
        row = rows[stats.card.id]
        assert row.get("data-mean") == f"{stats.mean:.3f}"
        assert row.get("data-spread") == f"{stats.spread:.3f}"
        printed = stats.card.provenance is m.Provenance.PRINTED
        assert row.get("data-printed") == str(printed).lower()
        assert any(e.get("class") == "printed" for e in row.iter()) is printed
        flags = [t for t in row.iter(f"{SVG}text") if t.get("class") == "flags"]
        assert [words(t) for t in flags] == (["; ".join(stats.flags)] if stats.flags else [])
    flagged = {r.get("data-id") for r in root.iter(f"{SVG}rect") if r.get("class") == "flagged"}
    assert flagged == {s.card.id for s in report.cards if s.flags}
    assert flagged  # the bundled sets have flagged cards at this size


def test_a_missing_cairo_is_one_error_naming_what_to_install(missing):
    missing(
        lambda name: name == "cairosvg",
        lambda name: OSError('no library called "cairo-2" was found'),
    )
    with pytest.raises(DiosesError) as raised:
        export.png("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>")
    assert raised.value.diagnostics[0].code == "E402"
    assert "libcairo2" in str(raised.value)
