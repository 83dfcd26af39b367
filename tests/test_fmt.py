"""``dioses fmt``: one canonical layout, every comment kept, idempotent,
meaning-preserving, atomic, and never over a file with an error."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

from dioses_cli.main import dioses
from dioses_rules.errors import CardSyntaxError
from dioses_rules.language.builder import build, parse_card_text
from dioses_rules.language.format import comments, format_text
from dioses_rules.language.source_definitions import card_file_text

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "fmt"
BUNDLED = sorted((ROOT / "cards").glob("*.dioses"))


def fmt(*arguments):
    return CliRunner().invoke(dioses, ["fmt", *map(str, arguments)])


def test_the_bundled_card_files_are_kept_formatted():
    result = fmt("--check", ROOT / "cards", ROOT / "examples" / "mods")
    assert result.exit_code == 0, result.output
    assert "0 files would be reformatted" in result.stdout


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_fmt_is_idempotent_and_keeps_every_comment_of_the_bundled_files(path):
    text = path.read_text(encoding="utf-8")
    once = format_text(text, str(path))
    assert format_text(once, str(path)) == once
    assert [c.text for c in comments(once)] == [c.text for c in comments(text)]


def test_a_hand_laid_file_gets_the_canonical_layout_with_its_comments_in_place():
    text = (FIXTURES / "messy.dioses").read_text(encoding="utf-8")
    expected = (FIXTURES / "messy.formatted.dioses").read_text(encoding="utf-8")
    assert format_text(text, "messy.dioses") == expected
    assert format_text(expected, "messy.dioses") == expected
    assert sorted(c.text for c in comments(expected)) == sorted(c.text for c in comments(text))
    before, _ = build(text)
    after, _ = build(expected)
    assert (after.card_set, after.definitions) == (before.card_set, before.definitions)


def test_fmt_rewrites_a_file_whole_and_keeps_its_mode(tmp_path):
    target = tmp_path / "messy.dioses"
    target.write_text((FIXTURES / "messy.dioses").read_text(encoding="utf-8"), encoding="utf-8")
    target.chmod(0o640)
    result = fmt(target)
    assert result.exit_code == 0, result.output
    assert f"formatted {target}" in result.stdout
    assert target.read_text(encoding="utf-8") == (FIXTURES / "messy.formatted.dioses").read_text(
        encoding="utf-8"
    )
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["messy.dioses"]  # no temporary left
    again = fmt(target)
    assert again.exit_code == 0 and "1 already formatted" in again.stdout


def test_check_and_diff_change_nothing_and_exit_1_listing_the_files(tmp_path):
    target = tmp_path / "messy.dioses"
    original = (FIXTURES / "messy.dioses").read_bytes()
    target.write_bytes(original)
    check = fmt("--check", target)
    assert check.exit_code == 1
    assert check.stdout.splitlines() == [
        f"would reformat {target}",
        "1 file would be reformatted, 0 already formatted",
    ]
    diff = fmt("--diff", target)
    assert diff.exit_code == 1
    assert f"--- {target}" in diff.stdout and "-      2 points if next to egyptian" in diff.stdout
    assert target.read_bytes() == original


def test_a_file_with_an_error_is_refused_and_left_untouched(tmp_path):
    target = tmp_path / "broken.dioses"
    original = 'set b "B" {\n  requires base\n}\n\ngod x "X" greek {\n  2 points if nxt to god\n}\n'
    target.write_text(original, encoding="utf-8")
    result = fmt(target)
    assert result.exit_code == 1
    assert "DL001" in result.stderr and f"{target}: not formatted (it has errors)" in result.stderr
    assert target.read_text(encoding="utf-8") == original
    with pytest.raises(CardSyntaxError):
        format_text(original)


def test_a_byte_order_mark_goes_and_windows_line_endings_stay(tmp_path):
    """Issue #24: fmt keeps each file's line endings (a CRLF file stays
    CRLF, and is then already formatted); the byte-order mark goes."""
    target = tmp_path / "windows.dioses"
    text = (FIXTURES / "messy.formatted.dioses").read_text(encoding="utf-8")
    target.write_bytes(("\ufeff" + text).replace("\n", "\r\n").encode("utf-8"))
    assert fmt(target).exit_code == 0
    assert target.read_bytes() == text.replace("\n", "\r\n").encode("utf-8")
    assert "1 already formatted" in fmt(target).stdout


# Hypothesis: for random trees, fmt(print(tree)) parses back to the same tree.
from hypothesis import strategies as st  # noqa: E402
from test_properties import card_sets, definitions, tup  # noqa: E402

from dioses_rules.language import model as m  # noqa: E402


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.builds(m.CardFile, st.none() | card_sets, tup(definitions, 3, 1)))
def test_fmt_of_printed_random_trees_parses_back_to_the_tree(card_file):
    printed = card_file_text(card_file)
    formatted = format_text(printed)
    back = parse_card_text(formatted)
    assert (back.card_set, back.definitions) == (card_file.card_set, card_file.definitions)
    assert format_text(formatted) == formatted


def test_among_keeps_the_plural_a_modder_writes(tmp_path):
    """Issue #24: ``different mythology among gods`` stays so (it was
    rewritten as ``among god``, which reads the same)."""
    target = tmp_path / "among.dioses"
    text = (
        'set t "T" {\n  requires base\n}\n\ngod g1 "G" greek {\n'
        "  1 point per different mythology among gods in row\n}\n"
    )
    target.write_text(text, encoding="utf-8")
    assert fmt("--check", target).exit_code == 0
