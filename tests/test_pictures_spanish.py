"""Pictures in the chosen language (#28): a card's face, a sheet's backs
and a scored board's picture drawn with --lang es say Spanish words and the
printed Spanish names (a name of ours marked), as the card text does; the
web app draws a card in the page's language."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from dioses_cli.main import dioses
from dioses_rules.pool.load import load_registry
from dioses_rules.render.back import back_svg
from dioses_rules.render.card import CardText, card_svg
from dioses_rules.web.app import create_app
from dioses_rules.web.catalog import Catalog

pytest.importorskip("drawsvg")
ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def drawn(svg: str) -> list[str]:
    """The words a picture draws (its text elements, title and desc)."""
    root = ET.fromstring(svg)
    return [
        " ".join(" ".join(e.itertext()).split())
        for e in root.iter()
        if e.tag in (f"{SVG}text", f"{SVG}title", f"{SVG}desc")
    ]


def test_a_face_in_spanish_says_its_kind_points_and_provenance_in_spanish():
    registry = load_registry()[0]
    spanish = CardText.of(registry, "es")
    said = drawn(card_svg(registry.get("myth", "ship"), spanish))
    assert "Barco" in said and "Objeto egipcio" in said and "● impreso" in said
    assert "puntos" not in said and "cada" in said  # 1p per god: a chip "each"
    assert not any(w in said for w in ("Egyptian object", "each", "printed", "Ship"))
    law = drawn(card_svg(registry.get("law", "only-gods"), spanish))
    assert "Todas las cartas son dioses" in law  # our Spanish name, marked as ours
    assert "● impreso; nombre: traducción nuestra" in law and "Ley" in law
    pattern = drawn(card_svg(registry.get("pattern", "sacred-pair"), spanish))
    assert any(w.startswith("Completa esta forma en tu área (fácil)") for w in pattern)
    assert "cualquier mitología" in pattern or "egipcia" in pattern
    english = drawn(card_svg(registry.get("myth", "ship"), CardText.of(registry)))
    assert "Egyptian object" in " ".join(english) and "● printed" in english
    back = drawn(back_svg("law", registry.vocabulary, "es"))
    assert "Leyes" in back and "el reverso de una carta: Leyes" in back


def test_score_svg_and_cards_sheet_draw_in_the_language_of_lang(tmp_path):
    """``dioses score --svg --lang es`` and ``dioses cards --sheet --lang es``
    (the sheet is no longer refused in Spanish)."""
    runner = CliRunner()
    picture = tmp_path / "board.svg"
    board = ROOT / "examples" / "pictures" / "power-of-ra.toml"
    result = runner.invoke(
        dioses, ["score", str(board), "--svg", str(picture), "--explain", "--lang", "es"]
    )
    assert result.exit_code == 0, result.output
    said = " | ".join(drawn(picture.read_text(encoding="utf-8")))
    assert "Total: " in said and " puntos" in said and "fila delantera" in said
    assert "columna 1" in said and "Patrones en mano" in said
    for english in ("front row", "column 1", "Patterns held", "points to beat"):
        assert english not in said, english
    sheet = tmp_path / "sheet.svg"
    result = runner.invoke(
        dioses, ["cards", "--set", "base", "--sheet", str(sheet), "--backs", "--lang", "es"]
    )
    assert result.exit_code == 0, result.output
    said = " | ".join(drawn(sheet.read_text(encoding="utf-8")))
    assert "página 1 de " in said and ", reversos" in said and "Dios griego" in said


def test_the_web_app_draws_a_card_in_the_pages_language(tmp_path):
    registry, sources = load_registry()
    client = TestClient(create_app(Catalog(registry, sources)), base_url="http://127.0.0.1:8000")
    english = client.get("/cards/base/myth/ship.svg")
    client.cookies.set("dioses-lang", "es")
    spanish = client.get("/cards/base/myth/ship.svg")
    assert "Egyptian object" in " ".join(drawn(english.text))
    assert "Objeto egipcio" in drawn(spanish.text)
    assert "cookie" in spanish.headers["vary"]  # a cache keeps one picture per language
