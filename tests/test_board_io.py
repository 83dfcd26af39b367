"""Saved boards: the cattrs converter reads and writes the same shape."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dioses_rules.errors import BoardError
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.sources import bundled_sources
from dioses_rules.scoring.board import (
    board_file_text,
    board_to_file,
    parse_board_text,
    read_board_file,
    write_board,
)
from dioses_rules.scoring.resolve import board_registry, resolve_board
from dioses_rules.scoring.score import score_board

ROOT = Path(__file__).resolve().parent.parent
BOARDS = sorted((ROOT / "examples" / "boards").glob("*.toml"))

FULL = """
sets = ["base", "aun-mas-divinos"]
objectives = [["Agrupación", "Egipcia"]]
[area]
front   = ["hela", "Hera", "Barco", "?apple"]
central = ["zeus", "Troya", "?thor", "anubis"]
back    = ["valhalla", "ra", "isis", "."]
[[laws]]
card = "only-gods"
row = "central"
[[laws]]
card = "no-greeks"
column = 4
[[patterns]]
card = "god-and-relic"
completed = true
[scenario]
id = "the-fairest"
state = { fairest = "Hera" }
"""


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def test_names_aliases_and_accents_resolve_to_ids(registry):
    board = resolve_board(parse_board_text(FULL), registry)
    ids = [p.card.id if p else None for p in board.area.cells]
    assert ids[:4] == ["hela", "hera", "ship", "apple"]
    assert ids[5] == "troy"
    assert board.objectives[0][0].id == "grouping" and board.objectives[0][1].id == "egyptian"
    assert dict(board.scenario_state) == {"fairest": "hera"}
    assert board.area.cells[3].face_up is False and board.area.cells[0].face_up is True


def test_write_then_read_gives_the_same_board(registry, tmp_path):
    board = resolve_board(parse_board_text(FULL), registry)
    text = board_file_text(board_to_file(board, ["base", "aun-mas-divinos"]))
    again = resolve_board(parse_board_text(text), registry)
    assert again == board
    assert score_board(again).to_json() == score_board(board).to_json()


@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_every_example_board_round_trips(registry, path):
    board_file = read_board_file(path)
    board = resolve_board(board_file, registry, str(path))
    again = resolve_board(parse_board_text(board_file_text(board_to_file(board))), registry)
    assert again == board


def test_write_board_never_overwrites_without_being_asked(registry, tmp_path):
    board = resolve_board(parse_board_text(FULL), registry)
    target = tmp_path / "saved.toml"
    target.write_text("mine", encoding="utf-8")
    with pytest.raises(BoardError, match="not overwriting"):
        write_board(board_to_file(board), target)
    assert target.read_text(encoding="utf-8") == "mine"
    write_board(board_to_file(board), target, overwrite=True)
    assert resolve_board(read_board_file(target), registry) == board
    assert [p.name for p in tmp_path.iterdir()] == ["saved.toml"]  # no temp file left


def test_unknown_state_name_is_refused(registry):
    text = FULL.replace("fairest = ", "prettiest = ")
    with pytest.raises(BoardError, match=r"\$\.scenario\.state\.prettiest"):
        resolve_board(parse_board_text(text), registry)


def test_law_needs_exactly_one_of_row_and_column(registry):
    text = FULL.replace('row = "central"', 'row = "central"\ncolumn = 2')
    with pytest.raises(BoardError, match="one row or one column"):
        resolve_board(parse_board_text(text), registry)


def test_written_files_get_the_usual_permissions(registry, tmp_path):
    """A board written for the user is not left private to its writer."""
    import os

    board = resolve_board(parse_board_text(FULL), registry)
    target = tmp_path / "new.toml"
    umask = os.umask(0o022)
    try:
        write_board(board_to_file(board), target)
    finally:
        os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o644


def _fold_the_whole_way(name: str) -> str:
    import unicodedata

    text = unicodedata.normalize("NFD", name)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


@settings(max_examples=100, deadline=None)
@given(name=st.text(max_size=12) | st.text(alphabet=[chr(c) for c in range(128)], max_size=12))
def test_a_name_is_keyed_alike_ascii_or_not(name):
    """fold() takes a short way for ASCII names (issue #12): the same key as
    the whole way, accents and case folding included."""
    from dioses_rules.pool.registry import fold

    assert fold(name) == _fold_the_whole_way(name)
    assert fold("Odín") == "odin" and fold("JÖRMUNGANDR") == "jormungandr"


# Issue #23: a name matches a card when it equals an id, name or alias after
# case folding and accent stripping, and nothing else.
@pytest.mark.parametrize(
    "name", ["Кra", "hera\u200b", "hera\u0000", "!!hera!!", "ｈｅｒａ", "?hera", "he ra", "hera."]
)
def test_a_name_that_only_looks_like_a_card_is_an_unknown_card(registry, name):
    with pytest.raises(LookupError, match="unknown card"):
        registry.resolve("myth", name)


@pytest.mark.parametrize(
    "name, card",
    [
        ("HERA", "hera"),
        ("Odín", "odin"),
        ("odin", "odin"),
        ("JÖRMUNGANDR", "jormungandr"),
        ("Barco", "ship"),
        ("Campo de Guerra", "battlefield"),
    ],
)
def test_case_and_accents_are_ignored(registry, name, card):
    assert registry.resolve("myth", name).id == card


def test_two_question_marks_are_not_a_face_down_card(registry):
    """'??hera' was read as a face-down Hera: the marker is one '?'."""
    text = FULL.replace('"Hera"', '"??hera"', 1)
    with pytest.raises(BoardError, match=r"unknown card '\?hera'"):
        resolve_board(parse_board_text(text), registry)


def _board(sets: str, front: str) -> str:
    rows = '\ncentral = [".", ".", ".", "."]\nback = [".", ".", ".", "."]\n'
    return f'{sets}\n[area]\nfront = [{front}, ".", ".", "."]' + rows


def test_a_card_of_a_set_not_in_play_names_the_set():
    """Hércules is an Event card of the expansion (CARDS.md): a base-only
    board naming it is told which set it needs, not 'did you mean hermes'."""
    sources = bundled_sources()
    board_file = parse_board_text(_board('sets = ["base"]', '"hercules"'))
    with pytest.raises(BoardError) as caught:
        resolve_board(board_file, board_registry(board_file, sources))
    (found,) = caught.value.diagnostics
    assert (
        "'hercules' is a card of the set 'aun-mas-divinos', which is not in play" in found.message
    )
    assert "add 'aun-mas-divinos' to the board's sets" in found.help


def test_a_mods_card_without_its_file_says_to_load_it():
    board_file = parse_board_text(_board("", '"dagda"'))
    with pytest.raises(BoardError) as caught:
        resolve_board(board_file, board_registry(board_file, bundled_sources()))
    (found,) = caught.value.diagnostics
    assert found.message == "$.area.front[0]: unknown card 'dagda'"
    assert "--cards PATH" in found.help


def test_an_empty_list_of_sets_is_refused_at_its_key():
    board_file = parse_board_text(_board("sets = []", '"hera"'))
    with pytest.raises(BoardError, match=r"\$\.sets: names no set"):
        board_registry(board_file, bundled_sources())
