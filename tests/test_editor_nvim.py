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
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_editors_doc import blocks

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "fixtures" / "editors" / "nvim_lsp.lua"
SNIPPET_CHECK = ROOT / "tests" / "fixtures" / "editors" / "nvim_snippet.lua"
CARD = """set mymod "My mod" {
  requires base
}

god zephyr "Zephyr" greek reconstructed {
  2 points if next to herra
  1 point if next to geb-a
}
"""


def _start() -> str:
    """Python code that runs `dioses` from this checkout."""
    return (
        f"import sys; sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'cli')!r}]; "
        "from dioses_cli.main import dioses; dioses()"
    )


def test_neovim_completes_fixes_renames_and_lists_symbols(tmp_path):
    pytest.importorskip("pygls")
    nvim = os.environ.get("DIOSES_NVIM") or shutil.which("nvim")
    if nvim is None:
        pytest.skip("no Neovim (nvim) on this machine: apt-get install neovim")
    card = tmp_path / "mod.dioses"
    card.write_text(CARD, encoding="utf-8")
    out = tmp_path / "seen.json"
    environment = {
        **os.environ,
        "DIOSES_LSP": json.dumps([sys.executable, "-c", _start(), "lsp", "--stdio"]),
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


def _nvim_version(nvim: str) -> tuple[int, int]:
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=30)
    found = re.match(r"NVIM v(\d+)\.(\d+)", first.stdout)
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


@pytest.mark.parametrize("snippet, since", [(0, (0, 7)), (1, (0, 11))], ids=["0.7+", "0.11"])
def test_the_docs_neovim_snippets_start_the_server_with_their_settings(tmp_path, snippet, since):
    """docs/editors.md's init.lua snippets, as written: the filetype, '#'
    comments, '-' in a word, one server for two card files, rooted at the
    folder holding .git (and on 0.11 the file watching the note asks for)."""
    pytest.importorskip("pygls")
    nvim = os.environ.get("DIOSES_NVIM") or shutil.which("nvim")
    if nvim is None:
        pytest.skip("no Neovim (nvim) on this machine: apt-get install neovim")
    if _nvim_version(nvim) < since:
        pytest.skip(f"the snippet is for Neovim {since[0]}.{since[1]} or later")
    init = tmp_path / "init.lua"
    init.write_text(blocks("lua")[snippet], encoding="utf-8")
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "mods").mkdir()
    card, second = project / "mods" / "mod.dioses", project / "mods" / "other.dioses"
    card.write_text(CARD, encoding="utf-8")
    second.write_text(CARD.replace("mymod", "other").replace("zephyr", "notus"), encoding="utf-8")
    bin_folder = tmp_path / "bin"  # `dioses` as the snippet names it, from this checkout
    bin_folder.mkdir()
    (bin_folder / "dioses").write_text(
        f'#!/bin/sh\nexec {sys.executable} -c {_start()!r} "$@"\n', encoding="utf-8"
    )
    (bin_folder / "dioses").chmod(0o755)
    out = tmp_path / "seen.json"
    environment = {
        **os.environ,
        "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
        "DIOSES_OUT": str(out),
        "DIOSES_SECOND": str(second),
        "XDG_STATE_HOME": str(tmp_path / "state"),
    }
    done = subprocess.run(
        [nvim, "--headless", "-u", str(init), "-i", "NONE", "-n", str(card)]
        + ["-c", f"luafile {SNIPPET_CHECK}"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=project / "mods",
        env=environment,
        stdin=subprocess.DEVNULL,
    )
    assert out.exists(), done.stdout + done.stderr
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert seen["failure"] is None, seen
    assert seen["code"] == "DL109" and seen["filetype"] == "dioses"
    assert seen["commentstring"] == "# %s" and "-" in seen["iskeyword"].split(",")
    [client] = seen["clients"]  # one server for both files
    assert client["name"] == "dioses" and client["root"] == str(project)
    if snippet == 1:  # the snippet's capabilities are added to Neovim's own, not instead
        assert client["completes"] and client["watching"]
    assert "deprecated" not in seen["messages"] and "rror" not in seen["messages"], seen
