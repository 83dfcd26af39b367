"""The linter reports every mistake once, where it is, and nothing it
invented: a corpus of single-mistake copies of a modder's set
(tests/fixtures/lint-corpus), each saying what must be reported."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.lint import lint
from dioses_rules.language.syntax import PHRASES, phrasing_hint
from dioses_rules.pool.lint import lint_sources
from dioses_rules.pool.sources import bundled_sources, read_sources

CORPUS = Path(__file__).parent / "fixtures" / "lint-corpus"
FILES = sorted(CORPUS.glob("*.dioses"))
ROOT = Path(__file__).resolve().parent.parent


def expected(path: Path) -> list[tuple[str, int, int]]:
    line = path.read_text(encoding="utf-8-sig").splitlines()[1]
    said = line.removeprefix("# expect: ")
    if said == "nothing":
        return []
    return [
        (code, int(at.split(":")[0]), int(at.split(":")[1]))
        for code, at in (item.split() for item in said.split(", "))
    ]


@pytest.fixture(scope="module")
def bundled():
    return bundled_sources()


def test_the_corpus_has_at_least_90_single_mistakes():
    assert len([f for f in FILES if expected(f)]) >= 90
    assert len([f for f in FILES if not expected(f)]) >= 3


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_one_mistake_one_diagnostic_at_its_place_with_help(path, bundled):
    mine = read_sources([path], context=bundled)
    diagnostics = [d for d in lint_sources(bundled + mine) if d.path == mine[0].path]
    assert [(d.code, d.line, d.column) for d in diagnostics] == expected(path), "\n".join(
        d.concise() for d in diagnostics
    )
    for diagnostic in diagnostics:
        assert diagnostic.help, diagnostic.concise()


CASES = [
    ("2 points if adjacent to god", 12, "next to"),
    ("2 points if beside god", 12, "next to"),
    ("2 points if next to the god", 12, "next to"),
    ("2 points if near god", 12, "close to"),
    ("2 points if on top of god", 12, "above"),
    ("2 points if beneath god", 12, "below"),
    ("2 points if to the left of god", 12, "left of"),
    ("2 points if to the right of god", 12, "right of"),
    ("2 points if diagonally to god", 12, "diagonal to"),
    ("2 points if in the back row", 12, "in back row"),
    ("2 points if in the front row", 12, "in front row"),
    ("1 point per god in the area", 16, "in area"),
    ("1 point per god in its row", 16, "in row"),
    ("2 points if under god", 12, "below"),
    ("3 points each god in area", 9, "per"),
    ("gives 2 if next to god", 0, "2 points"),
    ("2 points if in the same row as hera", 12, "in same row as"),
    ("1 point for every god in area", 8, "per"),
    ("2 pts if next to god", 2, "points"),
]


@pytest.mark.parametrize("phrase, position, better", CASES)
def test_natural_phrasings_are_answered_from_the_table(phrase, position, better):
    found = phrasing_hint(phrase, position + 1)
    assert found is not None and found[0] == position and found[2] == better


def test_every_phrase_of_the_table_is_tested():
    for pattern, _ in PHRASES:
        assert any(
            re.search(r"(?<![\w-])(?:" + pattern + r")(?![\w-])", phrase) for phrase, _, _ in CASES
        ), pattern


def test_an_edited_copy_of_the_base_set_lints_with_its_one_mistake(tmp_path):
    copy = tmp_path / "base.dioses"
    text = (ROOT / "cards" / "base.dioses").read_text(encoding="utf-8")
    copy.write_text(
        text.replace('god hela "Hela" norse printed', 'god hela "Hela" nordic printed'),
        encoding="utf-8",
    )
    result = CliRunner().invoke(lint, [str(copy)])
    assert result.exit_code == 1
    found = re.findall(r"^\S+: (DL\d+) ", result.stdout, re.MULTILINE)
    assert found == ["DL102"], result.stdout
    assert (
        "unknown mythology 'nordic'" in result.stdout and "did you mean 'norse'?" in result.stdout
    )
    assert f"note: {copy} defines set 'base': it replaces the bundled" in result.stdout
    assert "1 error, 0 warnings in 1 file" in result.stdout


def test_the_same_file_twice_is_read_once_and_counted_as_asked(tmp_path):
    mod = ROOT / "examples" / "mods" / "celtic"
    result = CliRunner().invoke(lint, [str(mod), str(mod / "celtic.dioses")])
    assert result.exit_code == 0, result.stdout
    assert result.stdout.strip() == "1 file checked: no problems"


def test_an_empty_file_is_a_warning(tmp_path):
    empty = tmp_path / "empty.dioses"
    empty.write_text("# nothing yet\n", encoding="utf-8")
    result = CliRunner().invoke(lint, [str(empty)])
    assert result.exit_code == 0
    assert f"{empty}: DL007 warning: the file defines nothing" in result.stdout


def test_a_copy_of_the_modders_set_lints_clean_whatever_its_line_endings(tmp_path):
    text = (ROOT / "examples" / "mods" / "celtic" / "celtic.dioses").read_text(encoding="utf-8")
    crlf = tmp_path / "crlf.dioses"
    crlf.write_bytes(("\ufeff" + text).replace("\n", "\r\n").encode("utf-8"))
    shutil.copy(crlf, tmp_path / "again.dioses")
    result = CliRunner().invoke(lint, [str(crlf)])
    assert result.exit_code == 0, result.stdout
