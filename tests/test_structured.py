"""TOML and JSON read with bounds (issue #23, C1/C2/C5): nesting, number size
and lone surrogates are refused where they stand, for every reader, and the
bounds never refuse what Python's own parsers read of a file within them."""

from __future__ import annotations

import json
import os
import tomllib

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dioses_cli.main import dioses
from dioses_rules.structured import MAX_DEPTH, MAX_DIGITS, DataError, loads_json, loads_toml

ROWS = 'central = [".", ".", ".", "."]\nback = [".", ".", ".", "."]\n'
BOARD = '[area]\nfront = ["hera", "hela", "ship", "."]\n' + ROWS


def error_of(call, *args, **kwargs) -> DataError:
    with pytest.raises(DataError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_json_nesting_past_the_bound_is_refused_at_its_place():
    text = '{"a":\n  ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "}"
    (found,) = error_of(loads_json, text, "save.json", code="G100").diagnostics
    assert (found.code, found.path, found.line) == ("G100", "save.json", 2)
    assert found.column == 3 + MAX_DEPTH - 1  # the first bracket past the bound
    assert "nested too deeply" in found.message


def test_json_at_the_bound_reads_as_json_reads_it():
    text = "[" * (MAX_DEPTH - 1) + "{}" + "]" * (MAX_DEPTH - 1)
    assert loads_json(text) == json.loads(text)


@pytest.mark.parametrize("number", ["9" * (MAX_DIGITS + 1), "-" + "9" * 5000])
def test_json_numbers_past_the_bound_are_refused(number):
    (found,) = error_of(loads_json, '{"seed": ' + number + "}").diagnostics
    assert f"more than {MAX_DIGITS} digits" in found.message
    assert (found.line, found.column) == (1, 10 + number.startswith("-"))


@pytest.mark.parametrize(
    "text, column", [("NaN", 1), ("[Infinity]", 2), ('{"x": -Infinity}', 7), ("1e400", 0)]
)
def test_json_numbers_that_are_not_finite_are_refused(text, column):
    """Python's json reads NaN and Infinity, which JSON has not: refused where
    they stand; a number too large for a float is refused too."""
    (found,) = error_of(loads_json, text).diagnostics
    assert "is not a number JSON allows" in found.message or "out of range" in found.message
    assert found.column == column


def test_a_lone_surrogate_escape_is_refused_at_its_key():
    (found,) = error_of(loads_json, '{"records": [{"card": "x\\udc80"}]}').diagnostics
    assert found.message.startswith("$.records[0].card: text with a lone surrogate")
    # a pair of surrogate escapes is one character, and fine
    assert loads_json('["\\ud83d\\ude00"]') == ["\U0001f600"]


def test_a_log_record_error_names_its_line():
    (found,) = error_of(loads_json, '{"a": "\\udfff"}', "game.jsonl", line=6).diagnostics
    assert (found.path, found.line) == ("game.jsonl", 7)


def test_toml_nesting_and_numbers_past_the_bound_are_refused():
    deep = error_of(loads_toml, "[area]\nfront = " + "[" * 5000 + "]" * 5000).diagnostics[0]
    assert (deep.line, deep.column) == (2, 9 + MAX_DEPTH)  # the bracket past the bound
    huge = error_of(loads_toml, "x = " + "1" * 5000).diagnostics[0]
    assert (huge.line, huge.column, huge.code) == (1, 5, "E202")


def test_brackets_and_digits_inside_strings_and_comments_are_not_counted():
    inside = "[" * 100 + "9" * 200
    toml_text = (
        f'a = "{inside}"\nb = \'{inside}\'\nc = """\n{inside}\n"""\n'
        f"d = '''{inside}'''\n# {inside}\ne = [1, 2]\n"
    )
    assert loads_toml(toml_text) == tomllib.loads(toml_text)
    json_text = json.dumps({inside: [inside, '\\"' + inside]})
    assert loads_json(json_text) == json.loads(json_text)


def test_a_byte_order_mark_is_not_part_of_the_text():
    assert loads_toml("\ufeff" + BOARD) == tomllib.loads(BOARD)
    assert loads_json("\ufeff[1]") == [1]


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=60, deadline=None)
@given(JSON_VALUES)
def test_every_json_value_within_the_bounds_reads_as_json_reads_it(value):
    text = json.dumps(value, ensure_ascii=False)
    assert loads_json(text) == json.loads(text)


# ------------------------------------------------------------ the commands


@pytest.fixture
def runner():
    return CliRunner()


def test_score_refuses_a_board_nested_5000_deep(runner, tmp_path):
    board = tmp_path / "deep.toml"
    board.write_text("[area]\nfront = " + "[" * 5000 + "]" * 5000 + "\n")
    result = runner.invoke(dioses, ["score", str(board)])
    assert result.exit_code == 1, result.output
    assert f"{board}:2:" in result.stderr and "nested too deeply" in result.stderr


def test_score_refuses_a_5000_digit_integer(runner, tmp_path):
    board = tmp_path / "big.toml"
    board.write_text("sets = " + "9" * 5000 + "\n" + BOARD)
    result = runner.invoke(dioses, ["score", str(board)])
    assert result.exit_code == 1, result.output
    assert f"{board}:1:8: E202 a number of more than {MAX_DIGITS} digits" in result.stderr


def test_score_reads_a_board_with_a_byte_order_mark(runner, tmp_path):
    board = tmp_path / "bom.toml"
    board.write_bytes(b"\xef\xbb\xbf" + BOARD.encode())
    result = runner.invoke(dioses, ["score", str(board), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == 4  # the base rulebook's example


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", [["score"], ["replay"], ["play", "--resume"]])
def test_a_fifo_is_refused_not_waited_on(runner, tmp_path, command):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    result = runner.invoke(dioses, [*command, str(fifo)])
    assert result.exit_code == 1, result.output
    assert "not a regular file" in result.stderr


def test_resume_refuses_a_save_with_a_lone_surrogate(runner, tmp_path):
    save = tmp_path / "save.json"
    save.write_text('{"kind": "dioses-save", "version": 3, "state": {"log": ["\\udc80"]}}')
    result = runner.invoke(dioses, ["play", "--resume", str(save)])
    assert result.exit_code == 1, result.output
    assert "$.state.log[0]: text with a lone surrogate" in result.stderr
