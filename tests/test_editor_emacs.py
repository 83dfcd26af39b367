"""docs/editors.md's Emacs snippet: it reads as Emacs Lisp (sexpdata, a
reader of S-expressions) and declares the mode and the server as the other
editors do; and where Emacs with eglot is installed (Emacs 29, or 28 with
Debian's elpa-eglot), a real session: the snippet loaded, a card file
visited, eglot connected to ``dioses lsp`` and the linter's diagnostic
shown by flymake (tests/fixtures/editors/emacs_eglot.el)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from test_editor_nvim import CARD, ROOT, dioses_on_path
from test_editors_doc import blocks

SCRIPT = ROOT / "tests" / "fixtures" / "editors" / "emacs_eglot.el"


def test_the_emacs_snippet_reads_as_lisp_and_starts_dioses_lsp():
    sexpdata = pytest.importorskip("sexpdata")
    [snippet] = blocks("elisp")
    forms = sexpdata.parse(snippet)
    heads = [form[0].value() for form in forms]
    assert heads == ["define-derived-mode", "add-to-list", "with-eval-after-load", "add-hook"]
    assert forms[0][1].value() == "dioses-mode"
    [[_, variable, entry]] = forms[2][2:]
    assert variable.x == sexpdata.Symbol("eglot-server-programs")
    assert entry.x == [sexpdata.Symbol("dioses-mode"), "dioses", "lsp"]
    assert forms[1][2].x[0] == "\\.dioses\\'"  # the file name's end, as a regexp


def test_emacs_eglot_shows_the_servers_diagnostics(tmp_path):
    pytest.importorskip("pygls")
    emacs = shutil.which("emacs")
    if emacs is None:
        pytest.skip("no Emacs on this machine: apt-get install emacs-nox elpa-eglot")
    snippet = tmp_path / "snippet.el"
    snippet.write_text(blocks("elisp")[0], encoding="utf-8")
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    card = project / "mod.dioses"
    card.write_text(CARD, encoding="utf-8")
    out = tmp_path / "seen.json"
    environment = {
        **dioses_on_path(tmp_path / "bin"),
        "DIOSES_SNIPPET": str(snippet),
        "DIOSES_FILE": str(card),
        "DIOSES_OUT": str(out),
        "HOME": str(tmp_path),  # no one's init file, no eglot events file left behind
    }
    done = subprocess.run(
        [emacs, "--batch", "-q", "-l", str(SCRIPT)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=project,
        env=environment,
        stdin=subprocess.DEVNULL,
    )
    assert out.exists(), done.stdout + done.stderr
    seen = json.loads(out.read_text(encoding="utf-8"))
    if "skip" in seen:
        pytest.skip("Emacs without eglot: apt-get install elpa-eglot (built in from Emacs 29)")
    assert seen["mode"] == "dioses-mode" and seen["server"] == "dioses"
    assert seen["comment"] == "# " and seen["hash"] == "<" and seen["dash"] == "_"
    herra, geb = (
        "dioses-lint [DL109]: unknown card id or tag 'herra'\nhelp: did you mean 'hera'",
        "dioses-lint [DL109]: unknown card id or tag 'geb-a'",
    )
    found = sorted(seen["diagnostics"])  # flymake's text: source, [code], message and help
    assert len(found) == 2 and found[0].startswith(geb) and found[1].startswith(herra)
