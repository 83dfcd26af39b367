"""The pictures open in the viewers people use (issue #14's "done when"): a
card sheet PDF rendered page by page by PDFium (the engine of Chromium's PDF
viewer), and a board SVG opened by a real Chromium. Each is skipped when
that viewer is not installed here (CI installs pypdfium2 with [test])."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("drawsvg")

from dioses_cli.main import dioses

BOARD = Path(__file__).resolve().parent.parent / "examples" / "pictures" / "power-of-ra.toml"


def inked(image) -> float:
    """The share of pixels that are not the page's white or the background."""
    pixels = image.convert("L").tobytes()  # one byte a pixel
    return sum(1 for p in pixels if p < 200) / len(pixels)


def test_a_card_sheet_pdf_renders_in_pdfium(tmp_path):
    pdfium = pytest.importorskip("pypdfium2")
    sheet = tmp_path / "base.pdf"
    result = CliRunner().invoke(dioses, ["cards", "--set", "base", "--sheet", str(sheet)])
    assert result.exit_code == 0, result.output
    document = pdfium.PdfDocument(str(sheet))
    listed = json.loads(
        CliRunner().invoke(dioses, ["cards", "--set", "base", "--format", "json"]).stdout
    )
    assert len(document) == -(-len(listed) // 9)  # nine cards a page
    for index in (0, len(document) - 1):
        width, height = document[index].get_size()
        assert (round(width), round(height)) == (595, 842)  # A4 in points
        image = document[index].render(scale=0.5).to_pil()
        assert inked(image) > 0.02, f"page {index + 1} renders blank"


def test_a_board_svg_opens_in_chromium(tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no chromium on this machine")
    Image = pytest.importorskip("PIL.Image")
    picture = tmp_path / "board.svg"
    result = CliRunner().invoke(dioses, ["score", str(BOARD), "--svg", str(picture)])
    assert result.exit_code == 0, result.output
    shot = tmp_path / "shot.png"
    subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=1200,1100",
            f"--screenshot={shot}",
            picture.as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=True,
    )
    assert inked(Image.open(shot)) > 0.02
