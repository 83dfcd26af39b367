"""A value of a wrong type at any key of a board or a save is an error that
names the key (issue #10): never coerced, never a crash.

Exhaustively, through the library's readers (what the commands call): every
key of a valid board and of a valid save, each given a value of every other
TOML/JSON type. Through the commands, with Hypothesis: a sample of the same,
answered by exit 1 and the key on stderr.
"""

from __future__ import annotations

import copy
import json
import math
import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dioses_cli.main import dioses
from dioses_rules.engine.saves import parse_save
from dioses_rules.errors import DiosesError
from dioses_rules.scoring.board import parse_board_text

HOSTILE = Path(__file__).parent / "fixtures" / "hostile"
BOARD = tomllib.loads((HOSTILE / "boards" / "valid.toml").read_text(encoding="utf-8"))
SAVE = json.loads((HOSTILE / "saves" / "valid.json").read_text(encoding="utf-8"))

# A value of each type (TOML has no null; a save's null keys may hold anything).
SAMPLES = {bool: True, int: 7, float: 2.5, str: "2", list: ["x"], dict: {"x": 1}}
# Any JSON goes in a log record, and a random generator's state is checked as a whole.
OPAQUE = ("$.play.records[", "$.rng[", "$.agents[0].rng[", "$.agents[1].rng[")


def kind(value) -> type:
    return bool if isinstance(value, bool) else type(value)


def keys(data, key: str = "$"):
    """(key, path) of every value below the root, containers included."""
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for name, value in items:
        child = f"{key}.{name}" if isinstance(data, dict) else f"{key}[{name}]"
        if value is None or child.startswith(OPAQUE):
            continue
        yield child, (name,)
        for grandchild, path in keys(value, child):
            yield grandchild, (name, *path)


def replaced(data, path, value):
    data = copy.deepcopy(data)
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


def at(data, path):
    for step in path:
        data = data[step]
    return data


def wrong(value) -> list:
    return [
        sample
        for sample_kind, sample in SAMPLES.items()
        if sample_kind is not kind(value) and not (kind(value) is float and sample_kind is int)
    ]


BOARD_KEYS = list(keys(BOARD))
SAVE_KEYS = list(keys(SAVE))


def test_the_walk_covers_every_kind_of_key():
    board, save = dict(BOARD_KEYS), dict(SAVE_KEYS)
    for key in (
        "$.laws[1].column",
        "$.patterns[0].completed",
        "$.area.front[0]",
        "$.sets",
        "$.scenario.state.fairest",
        "$.objectives[0][1]",
    ):
        assert key in board
    for key in (
        "$.version",
        "$.state.turn",
        "$.state.settings.power_cards",
        "$.state.areas[0].cells[0].face_up",
        "$.state.areas[1].laws[0].column",
        "$.play.pool[0].sha256",
        "$.agents[0].name",
        "$.play.records",
    ):
        assert key in save
    assert len(BOARD_KEYS) > 30 and len(SAVE_KEYS) > 200


def board_errors(data) -> str:
    with pytest.raises(DiosesError) as raised:
        parse_board_text(tomli_w.dumps(data), "board.toml")
    return str(raised.value)


def save_errors(data) -> str:
    with pytest.raises(DiosesError) as raised:
        parse_save(json.loads(json.dumps(data)), "save.json")
    return str(raised.value)


def test_every_key_of_a_board_refuses_every_wrong_type():
    for key, path in BOARD_KEYS:
        for value in wrong(at(BOARD, path)):
            message = board_errors(replaced(BOARD, path, value))
            assert f"{key}: " in message or f"{key}." in message, (key, value, message)


def test_every_key_of_a_save_refuses_every_wrong_type():
    for key, path in SAVE_KEYS:
        for value in wrong(at(SAVE, path)):
            message = save_errors(replaced(SAVE, path, value))
            assert key in message, (key, value, message)


def test_a_float_that_is_a_whole_number_is_still_not_a_number_of_cards():
    assert "$.laws[1].column: expected a whole number, got 3.0" in board_errors(
        replaced(BOARD, ("laws", 1, "column"), 3.0)
    )
    assert "got inf" in board_errors(replaced(BOARD, ("laws", 1, "column"), math.inf))
    assert "$.state.turn: expected a whole number, got 7.0" in save_errors(
        replaced(SAVE, ("state", "turn"), 7.0)
    )


# ------------------------------------------------------------------ through the commands

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)  # JSON has neither (R: structured.py)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


def of_another_kind(value):
    return json_values.filter(
        lambda v: (
            v is not None
            and kind(v) is not kind(value)
            and not (kind(value) is float and kind(v) is int)
        )
    )


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_score_names_the_key_of_a_wrong_type(tmp_path, data):
    key, path = data.draw(st.sampled_from(BOARD_KEYS), label="key")
    value = data.draw(
        of_another_kind(at(BOARD, path)).filter(lambda v: "null" not in json.dumps(v)),
        label="value",
    )  # TOML has no null
    board = tmp_path / "board.toml"
    board.write_text(tomli_w.dumps(replaced(BOARD, path, value)), encoding="utf-8")
    result = CliRunner().invoke(dioses, ["score", str(board)])
    assert result.exit_code == 1, result.output
    assert key in result.stderr and "Traceback" not in result.stderr


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_resume_names_the_key_of_a_wrong_type(tmp_path, data):
    key, path = data.draw(st.sampled_from(SAVE_KEYS), label="key")
    value = data.draw(of_another_kind(at(SAVE, path)), label="value")
    save = tmp_path / "save.json"
    text = json.dumps(replaced(SAVE, path, value))
    save.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(dioses, ["play", "--resume", str(save)], input="")
    assert result.exit_code == 1, result.output + result.stderr
    assert key in result.stderr and "Traceback" not in result.stderr
    assert "Resuming" not in result.stdout
    assert save.read_text(encoding="utf-8") == text


# ------------------------------------------------------------------ the converter's fast path


def plain_or_converter(data, type_):
    """What :func:`convert._plain` makes of ``data``, checked against the
    converter: the very same value, or nothing (the converter then decides);
    None when the converter refuses ``data`` (then the fast path must too)."""
    from dioses_rules import convert

    fast = convert._plain(copy.deepcopy(data), type_)
    try:
        slow = convert.CONVERTER.structure(copy.deepcopy(data), type_)
    except convert.STRUCTURE_ERRORS:
        assert fast is convert._NOT_PLAIN, data
        return None
    assert fast is convert._NOT_PLAIN or (fast == slow and type(fast) is type(slow)), data
    return fast is not convert._NOT_PLAIN


def board_variants(data):
    """The board, and the board with each key given every other kind of value,
    dropped, or beside an unknown key."""
    yield data
    for _, path in keys(data):
        target = at(data, path)
        for value in [*wrong(target), None]:
            yield replaced(data, path, value)
        parent = at(data, path[:-1])
        if isinstance(parent, dict):
            dropped = copy.deepcopy(data)
            del at(dropped, path[:-1])[path[-1]]
            yield dropped
            extra = copy.deepcopy(data)
            at(extra, path[:-1])["unknown"] = 1
            yield extra


def test_the_fast_path_reads_a_board_as_the_converter_does_or_leaves_it_to_it():
    from dioses_rules.scoring.board import BoardFile

    examples = Path(__file__).parent.parent / "examples" / "boards"
    boards = [
        tomllib.loads(path.read_text(encoding="utf-8")) for path in sorted(examples.glob("*.toml"))
    ]
    for board in boards + [BOARD]:
        assert plain_or_converter(board, BoardFile) is True  # a good board needs no cattrs
    decided = [plain_or_converter(variant, BoardFile) for variant in board_variants(BOARD)]
    assert None in decided and True in decided


def test_the_fast_path_reads_a_save_as_the_converter_does_or_leaves_it_to_it():
    from dioses_rules.engine.saves import SaveFile, migrate

    for variant in [
        SAVE,
        *(
            replaced(SAVE, path, value)
            for _, path in SAVE_KEYS[:60]
            for value in wrong(at(SAVE, path))[:2]
        ),
    ]:
        data = migrate(copy.deepcopy(variant))  # it refuses nothing: the converter does
        plain_or_converter(data, SaveFile)


@settings(max_examples=200, deadline=None)
@given(value=json_values)
def test_the_fast_path_never_takes_what_the_converter_refuses(value):
    from dioses_rules.scoring.board import AreaFile, BoardFile, LawEntry, ScenarioFile

    for type_ in (
        BoardFile,
        AreaFile,
        LawEntry,
        ScenarioFile,
        list[str],
        dict[str, str],
        list[list[str]],
        int,
        bool,
        str,
    ):
        plain_or_converter(value, type_)
        plain_or_converter({"card": "x", "row": value}, LawEntry)
        plain_or_converter({"id": "x", "state": {"a": value}}, ScenarioFile)


def test_the_converter_is_made_once_however_it_is_asked_for():
    """structure() asks convert.__getattr__ directly: a converter made anew
    each time compiled every class's function again on every bad file
    (2 s became 20 s for the test above)."""
    from dioses_rules import convert

    first = convert.__getattr__("CONVERTER")
    assert convert.__getattr__("CONVERTER") is first and convert.CONVERTER is first
