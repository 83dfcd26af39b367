"""Quick fixes: each diagnostic whose help names a fix gets the edit it
names, and the edit makes the diagnostic go (the lint corpus's cases)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dioses_rules.editing.fixes import fix_all, fixes_for
from dioses_rules.editing.workspace import Workspace

CORPUS = Path(__file__).resolve().parent / "fixtures" / "lint-corpus"


def _diagnostics(text: str):
    cards = Workspace()
    cards.edit("/mod.dioses", text)
    return cards.snapshot().diagnostics.get("/mod.dioses", [])


def _apply(text: str, edits) -> str:
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.place.line, e.place.start), reverse=True):
        line = lines[edit.place.line]
        lines[edit.place.line] = line[: edit.place.start] + edit.new_text + line[edit.place.end :]
    return "\n".join(lines)


@pytest.mark.parametrize(
    "name, code, title",
    [
        ("01-misspelt-mythology", "DL102", "Replace with 'celtic'"),
        ("06-accented-id", "DL106", "Write 'cu-sith'"),
        ("10-adjacent-to", "DL001", "Write 'next to'"),
        ("15-unknown-mode", "DL112", "Replace with 'solo'"),  # reported at the scenario
        (
            "17-card-of-set-not-required",
            "DL118",
            "Add 'requires aun-mas-divinos' to the set header",
        ),
    ],
)
def test_the_fix_a_help_names_makes_the_diagnostic_go(name, code, title):
    text = (CORPUS / f"{name}.dioses").read_text(encoding="utf-8")
    [found] = _diagnostics(text)
    [fix] = fixes_for(text, found)
    assert (found.code, fix.title, fix.only) == (code, title, True)
    assert _diagnostics(_apply(text, fix.edits)) == []
    assert fix_all(text, [found]) == list(fix.edits)


def test_two_names_are_two_fixes_and_fix_all_leaves_them_and_takes_the_rest():
    text = (CORPUS / "24-unknown-type-in-selector.dioses").read_text(encoding="utf-8")
    [found] = _diagnostics(text)
    assert [(f.title, f.only) for f in fixes_for(text, found)] == [
        ("Replace with 'creature'", False),
        ("Replace with 'creatures'", False),
    ]
    broken = text.replace("requires base\n", "requires base  # the game\n").replace(
        "god dagda", "god Dagda"
    )
    edits = fix_all(broken, _diagnostics(broken))
    assert [edit.new_text for edit in edits] == ["dagda"]


def test_requires_is_added_to_the_header_line_or_as_a_line():
    text = (
        'set mod "Mod" {\n  version "1"\n}\n\ngod zephyr "Zephyr" greek {\n'
        "  2 points if next to hercules\n}\n"
    )
    [found] = _diagnostics(text)
    [fix] = fixes_for(text, found)
    assert _apply(text, fix.edits).startswith('set mod "Mod" {\n  requires aun-mas-divinos\n')
    listed = text.replace('  version "1"', "  requires base  # the game")
    [found] = _diagnostics(listed)
    [fix] = fixes_for(listed, found)
    assert "  requires base, aun-mas-divinos  # the game\n" in _apply(listed, fix.edits)
