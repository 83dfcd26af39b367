"""docs/card-language.md says its examples are taken from the bundled card
files (or from the modder's example it names) unless they say otherwise: each
example must read as it does there, so that the reference cannot drift from
the cards (scenario 1's victory condition once did, R24)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import attrs
import pytest

from dioses_rules.language.settings import SETTINGS, Settings, settings_table

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "card-language.md"
SOURCES = sorted((ROOT / "cards").glob("*.dioses")) + sorted(
    (ROOT / "examples" / "mods").rglob("*.dioses")
)
# An example written for the page itself says so in a comment.
NOT_FROM_CARDS = "# not from cards/"


def code_part(line: str) -> str:
    """The line without its comment (a '#' outside a quoted text)."""
    inside = False
    for index, char in enumerate(line):
        if char == '"' and (index == 0 or line[index - 1] != "\\"):
            inside = not inside
        elif char == "#" and not inside:
            return line[:index]
    return line


def depth_change(line: str) -> int:
    code = re.sub(r'"(\\.|[^"\\])*"', "", code_part(line))
    return code.count("{") - code.count("}")


def examples() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    return re.findall(r"```dioses\n(.*?)```", text, flags=re.DOTALL)


def chunks(example: str) -> list[list[str]]:
    """The example's top-level statements or definitions, each with the
    comments above it, as stripped non-blank lines."""
    found, current, depth = [], [], 0
    for line in example.splitlines():
        if not line.strip():
            continue
        current.append(line.strip())
        if depth == 0 and not code_part(line).strip():
            continue  # a comment line: it belongs to what follows
        depth += depth_change(line)
        if depth == 0:
            found.append(current)
            current = []
    assert depth == 0 and not current, f"unbalanced example:\n{example}"
    return found


def source_lines() -> list[list[str]]:
    return [
        [line.strip() for line in path.read_text(encoding="utf-8").splitlines()] for path in SOURCES
    ]


def found_in(chunk: list[str], lines: list[str]) -> bool:
    """The chunk's lines in order (lines may be left out between them) within
    one statement or definition of a file, starting where its first line does."""
    comments = 0
    while comments < len(chunk) and not code_part(chunk[comments]).strip():
        comments += 1
    head = chunk[comments]
    for start, line in enumerate(lines):
        if line != head or lines[start - comments : start] != chunk[:comments]:
            continue
        end, depth = start, depth_change(lines[start])
        while depth > 0 and end + 1 < len(lines):
            end += 1
            depth += depth_change(lines[end])
        rest = iter(lines[start + 1 : end + 1])
        if all(any(wanted == line for line in rest) for wanted in chunk[comments + 1 :]):
            return True
    return False


EXAMPLES = [e for e in examples() if NOT_FROM_CARDS not in e]


def test_the_page_has_examples_from_the_cards_and_of_its_own():
    assert len(EXAMPLES) > 20 and len(examples()) > len(EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.strip().splitlines()[0][:40])
def test_every_example_reads_as_in_the_card_files(example):
    files = source_lines()
    for chunk in chunks(example):
        assert any(found_in(chunk, lines) for lines in files), (
            "not in cards/ nor examples/mods/:\n" + "\n".join(chunk)
        )


def test_scenario_1s_condition_is_documented_as_the_card_file_says_it():
    """R24: the doc shows the 'of most common' form the card file uses."""
    card = (ROOT / "cards" / "aun-mas-divinos.dioses").read_text(encoding="utf-8")
    condition = "(zeus or odin or ra) of most common mythology close to throne of same mythology"
    assert condition in card
    assert any(condition in example for example in EXAMPLES)


def test_a_changed_example_is_caught():
    """The check above can fail: a condition the cards do not hold, or lines
    of one definition shown under another's header."""
    files = source_lines()
    leader = [
        "victory {",
        "the one of (zeus or odin or ra) with most cards of same "
        "mythology in area close to throne of same mythology",
        "}",
    ]
    assert not any(found_in(leader, lines) for lines in files)
    mixed = ['god hera "Hera" greek printed {', "2 points if in front row", "}"]
    assert not any(found_in(mixed, lines) for lines in files)
    assert any(
        found_in(['god hera "Hera" greek printed {', "2 points if next to egyptian", "}"], lines)
        for lines in files
    )


def _settings_tool():
    """tools/make_settings_doc.py, which writes the page's settings table."""
    spec = importlib.util.spec_from_file_location(
        "make_settings_doc", ROOT / "tools" / "make_settings_doc.py"
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_settings_table_is_the_one_generated_from_SETTINGS():
    """Issue #11: the page documents the settings the engine reads, as the one
    table SETTINGS renders them (run tools/make_settings_doc.py after a change)."""
    tool = _settings_tool()
    text = DOC.read_text(encoding="utf-8")
    assert tool.documented_table(text) == settings_table()
    assert tool.with_table(text) == text


def test_the_settings_table_lists_every_setting_the_engine_reads():
    """Every field of the engine's Settings is a setting of the table, with
    its default shown (the base game's), so none is hard-coded out of sight."""
    assert {spec.field for spec in SETTINGS.values()} == {a.name for a in attrs.fields(Settings)}
    table = settings_table()
    for name in SETTINGS:
        assert f"| `{name}` |" in table
    assert "| `areas` | `own`, `shared` | `own` |" in table
    assert "| `initial-reveals` | a number, 0 to 12 | `2` |" in table
