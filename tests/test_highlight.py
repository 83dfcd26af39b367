"""The Pygments lexer (``pygmentize -l dioses``): every keyword of the
grammar highlighted as one, every bundled card file lexed without an Error
token, declared words told apart, and the entry point that registers it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygments.token import Error, Keyword, Name, Punctuation, String

from dioses_rules.editing.highlight import DiosesLexer
from dioses_rules.resources import cards_dir, grammar_dir

ROOT = Path(__file__).resolve().parent.parent
WORD = re.compile(r"[A-Za-z][\w]*(-[\w]+)*")


def grammar_keywords() -> set[str]:
    """Read from the grammar files' text here, not through Lark as the lexer
    does: every quoted word, and the words of a terminal written as a list
    of alternatives (the point unit, ``(points|point|p)``)."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in grammar_dir().glob("*.lark"))
    text = "\n".join(line.split("//")[0] for line in text.splitlines())
    words = {w for w in re.findall(r'"([^"\\]+)"', text) if WORD.fullmatch(w)}
    for alternatives in re.findall(r"^\s*[A-Z_][A-Z_0-9.]*:\s*/\(([\w|]+)\)", text, re.M):
        words.update(alternatives.split("|"))
    return words


def tokens(text: str) -> list[tuple[object, str]]:
    return [(token, value) for token, value in DiosesLexer().get_tokens(text) if value.strip()]


def test_the_grammar_has_the_keywords_this_test_reads():
    found = grammar_keywords()
    assert {"if", "face-up", "tie-break", "scenario", "p", "points"} <= found
    assert len(found) > 100


@pytest.mark.parametrize("word", sorted(grammar_keywords()))
def test_every_keyword_of_the_grammar_is_highlighted_as_a_keyword(word):
    # 'place' is a setup's statement and the base game's type: a type, as 'god' is
    kind = Keyword.Type if word == "place" else Keyword
    assert tokens(word) == [(kind, word)]
    assert tokens(f'law x "X" {{ 2 points if {word} }}')[7] == (kind, word)


@pytest.mark.parametrize("path", sorted(cards_dir().glob("*.dioses")), ids=lambda p: p.name)
def test_every_bundled_card_file_lexes_without_an_error_token(path):
    text = path.read_text(encoding="utf-8")
    found = list(DiosesLexer().get_tokens(text))
    assert [value for token, value in found if token in Error] == []
    assert "".join(value for _, value in found) == text + ("" if text.endswith("\n") else "\n")


def test_declared_words_ids_strings_and_cells_are_told_apart():
    text = (cards_dir() / "base.dioses").read_text(encoding="utf-8")
    found = set(tokens(text))
    assert (Name.Builtin, "greek") in found and (Name.Builtin, "norse") in found
    assert (Keyword.Type, "god") in found and (Keyword.Type, "gods") in found
    assert (Name.Function, "hera") in found and (Name.Function, "base") in found
    assert (String.Double, '"Hera"') in found
    assert (Punctuation, "_") in set(
        tokens((cards_dir() / "aun-mas-divinos.dioses").read_text(encoding="utf-8"))
    )  # an empty cell


def test_a_mods_own_mythology_is_highlighted_as_a_declared_word():
    text = (ROOT / "examples" / "mods" / "celtic" / "celtic.dioses").read_text(encoding="utf-8")
    declared = re.search(r"mythology (\w+)", text).group(1)
    assert (Name.Builtin, declared) in set(tokens(text))
    assert (Name, declared) in set(tokens(text.replace(f"mythology {declared}", "mythology x")))


def test_what_the_language_cannot_hold_is_an_error_token():
    assert (Error, "@") in tokens("god x @ {")
    assert (Error, '"') in tokens('god x "unclosed\n')


def test_pygmentize_finds_the_lexer_through_the_entry_point(tmp_path):
    """The entry point pyproject declares, installed as packaging would
    (a dist-info folder on the path): ``python -m pygments -l dioses``."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lexers = project["project"]["entry-points"]["pygments.lexers"]
    assert lexers == {"dioses": "dioses_rules.editing.highlight:DiosesLexer"}
    info = tmp_path / "dioses_rules_probe-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: dioses-rules-probe\nVersion: 0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[pygments.lexers]\n" + "".join(f"{k} = {v}\n" for k, v in lexers.items()), encoding="utf-8"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pygments",
            "-l",
            "dioses",
            "-f",
            "html",
            str(cards_dir() / "base.dioses"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert '<span class="k">if</span>' in done.stdout
    assert '<span class="nb">greek</span>' in done.stdout
    assert 'class="err"' not in done.stdout
    named = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, pygments.lexers as l; "
            "print(json.dumps(l.get_lexer_for_filename('x.dioses').aliases))",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert json.loads(named.stdout) == ["dioses"], named.stderr


def test_the_lexer_loads_no_linter_scoring_engine_click_or_rich():
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, json; from dioses_rules.editing.highlight import "
            "DiosesLexer; list(DiosesLexer().get_tokens('god x \"X\" greek { 2 p }')); "
            "print(json.dumps(sorted(sys.modules)))",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    loaded = json.loads(done.stdout)
    assert not [
        m
        for m in loaded
        if m.startswith(
            ("dioses_rules.scoring", "dioses_rules.engine", "dioses_rules.pool", "click", "rich")
        )
    ]


BASE = (cards_dir() / "base.dioses").read_text(encoding="utf-8")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(BASE)), st.text(max_size=40))
def test_any_text_lexes_back_to_itself(cut, garbage):
    """A half-typed file or garbage: the lexer never raises and loses nothing."""
    text = BASE[:cut] + garbage
    found = "".join(value for _, value in DiosesLexer(stripnl=False).get_tokens(text))
    # what Pygments does to every input first: no byte-order mark, '\n' line
    # ends, a final newline
    expected = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    assert found == expected + ("" if expected.endswith("\n") else "\n")


def test_rows_difficulties_and_values_are_constants_and_ids_are_names():
    text = (cards_dir() / "aun-mas-divinos.dioses").read_text(encoding="utf-8")
    found = set(tokens(text))
    for word in ("front", "central", "back", "easy", "medium", "hard", "on", "off"):
        assert (Name.Constant, word) in found
        assert (Name, word) not in found
    assert (Name.Attribute, "discard-piles") in found  # a setting's name
    assert (Name.Variable, "fairest") in found  # a scenario's state
    assert (Name, "portable-sarcophagus") in found and (Name, "solo") in found
    base = set(tokens((cards_dir() / "base.dioses").read_text(encoding="utf-8")))
    assert {(Keyword.Type, "place"), (Keyword.Type, "god"), (Keyword.Type, "object")} <= base
    assert (Keyword, "place") not in base


def test_an_id_spelt_like_a_keyword_is_coloured_as_an_id_where_an_id_stands():
    text = (
        'set row "Rows" {\n  requires base\n}\n'
        'god line "Line" greek reconstructed {\n  tags area, column\n  2 points if next to line\n}\n'
    )
    found = tokens(text)
    assert (Name.Function, "row") in found and (Name.Function, "line") in found
    assert (Name, "area") in found and (Name, "column") in found  # tags
    assert found[-2] == (Keyword, "line")  # a selector: the grammar reads the keyword
