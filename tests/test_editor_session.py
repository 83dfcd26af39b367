"""A real editor session against ``dioses lsp``: Vim 9 drives the server
headless through its own LSP channel (``job_start`` with ``in_mode: lsp``),
opens a bad card file from disk and writes the diagnostics the server
publishes (tests/fixtures/editors/vim_lsp.vim). Skipped when no Vim with
channels is installed, or without the [editors] extra."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "fixtures" / "editors" / "vim_lsp.vim"
BAD = (
    'set bad "Bad" {\n  requires base\n}\n\n'
    'god odd "Odd" norse reconstructed {\n  2 points if next to zeuss\n}\n'
)


def _vim_with_lsp_channels() -> str | None:
    vim = shutil.which("vim")
    if vim is None:
        return None
    done = subprocess.run(
        [
            vim,
            "-N",
            "-u",
            "NONE",
            "-i",
            "NONE",
            "-es",
            "--cmd",
            "if has('channel') && has('patch-8.2.4780') | qall! | else | cquit | endif",
        ],
        capture_output=True,
        timeout=60,
    )
    return vim if done.returncode == 0 else None


def _vim_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def test_vim_shows_the_servers_diagnostics_for_a_bad_card_file(tmp_path):
    pytest.importorskip("pygls")
    vim = _vim_with_lsp_channels()
    if vim is None:
        pytest.skip("no Vim with LSP channels (Vim 9) on this machine")
    card = tmp_path / "bad.dioses"
    card.write_text(BAD, encoding="utf-8")
    out = tmp_path / "diagnostics.json"
    start = (
        "import sys; sys.path[:0] = ["
        + repr(str(ROOT))
        + ", "
        + repr(str(ROOT / "cli"))
        + "]; from dioses_cli.main import dioses; dioses()"
    )
    server = (
        "["
        + ", ".join(_vim_string(part) for part in [sys.executable, "-c", start, "lsp", "--stdio"])
        + "]"
    )
    done = subprocess.run(
        [
            vim,
            "-N",
            "-u",
            "NONE",
            "-i",
            "NONE",
            "-es",
            "--cmd",
            f"let g:server = {server}",
            "--cmd",
            f"let g:file = {_vim_string(str(card))}",
            "--cmd",
            f"let g:out = {_vim_string(str(out))}",
            "-S",
            str(SCRIPT),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    found = json.loads(out.read_text(encoding="utf-8"))
    assert found["server"]["name"] == "dioses"
    published = found["diagnostics"]
    assert published["uri"] == card.resolve().as_uri()
    [diagnostic] = published["diagnostics"]
    assert diagnostic["code"] == "DL109" and diagnostic["source"] == "dioses-lint"
    assert diagnostic["range"] == {
        "start": {"line": 5, "character": 22},
        "end": {"line": 5, "character": 27},
    }
    assert "did you mean 'zeus'" in diagnostic["message"]
