"""A real Neovim session against ``dioses lsp``: Neovim's own client
(vim.lsp), headless, driven by tests/fixtures/editors/nvim_lsp.lua, on the
0.7 of Debian 12 as on 0.11. It completes an id with '-' in it through the
item's textEdit, applies the quick fix of a misspelt card id, renames a
card with ``vim.lsp.buf.rename`` (prepareRename, then rename) and reads the
outline and the workspace symbols with Neovim's own conversion. Skipped
when no ``nvim`` is installed (``DIOSES_NVIM`` names another one), or
without the [editors] extra."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "fixtures" / "editors" / "nvim_lsp.lua"
CARD = """set mymod "My mod" {
  requires base
}

god zephyr "Zephyr" greek reconstructed {
  2 points if next to herra
  1 point if next to geb-a
}
"""


def test_neovim_completes_fixes_renames_and_lists_symbols(tmp_path):
    pytest.importorskip("pygls")
    nvim = os.environ.get("DIOSES_NVIM") or shutil.which("nvim")
    if nvim is None:
        pytest.skip("no Neovim (nvim) on this machine: apt-get install neovim")
    card = tmp_path / "mod.dioses"
    card.write_text(CARD, encoding="utf-8")
    out = tmp_path / "seen.json"
    start = (
        f"import sys; sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'cli')!r}]; "
        "from dioses_cli.main import dioses; dioses()"
    )
    environment = {
        **os.environ,
        "DIOSES_LSP": json.dumps([sys.executable, "-c", start, "lsp", "--stdio"]),
        "DIOSES_FILE": str(card),
        "DIOSES_OUT": str(out),
        "XDG_STATE_HOME": str(tmp_path / "state"),  # Neovim's log and shada stay here
    }
    done = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {SCRIPT}"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=environment,
        stdin=subprocess.DEVNULL,
    )
    assert out.exists(), done.stdout + done.stderr
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert seen["failure"] is None, seen
    assert seen["diagnostic"] == {"code": "DL109", "line": 5, "col": 22}
    assert seen["completion"][0] == "geb-and-nut"
    assert seen["completed"] == "  1 point if next to geb-and-nut"  # the whole word replaced
    assert seen["action"] == "Replace with 'hera'"
    assert seen["fixed"] == "  2 points if next to hera"
    assert seen["renamed"][4] == 'god zefiro "Zephyr" greek reconstructed {'
    assert [item["text"] for item in seen["outline"]] == ["[Module] mymod", "[Class] zefiro"]
    assert [item["lnum"] for item in seen["outline"]] == [1, 5]
    assert seen["workspace"] == ["[EnumMember] norse"]
