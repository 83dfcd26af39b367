"""The terminal game as a player sees it (issue #14): printed names, short
rules and the points each card scores now; choices typed by name; the
heading naming the seat that decides; and whole games through a real
pseudo-terminal (pexpect) for 2 and 6 players."""

from __future__ import annotations

import io
import os
import re
import sys

import pytest
from rich.console import Console

from dioses_cli import faces
from dioses_cli.table import draw_board
from dioses_rules.engine.agents import make_agent
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import Choice, Slot
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import cell_index


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def screen(game, seat, width=120) -> str:
    out = Console(record=True, width=width, file=io.StringIO(), color_system=None)
    draw_board(out, game, seat)
    return out.export_text()


# ---------------------------------------------------------------- names typed

SWAPS = [Choice("swap", (a, b), f"swap {a} and {b}") for a in range(12) for b in range(a + 1, 12)]


def test_cells_are_typed_as_players_say_them():
    assert faces.cell_of("f1") == cell_index(m.Row.FRONT, 1)
    assert faces.cell_of("central-3") == cell_index(m.Row.CENTRAL, 3)
    assert faces.cell_of("B4") == cell_index(m.Row.BACK, 4)
    assert faces.cell_of("f5") is None and faces.cell_of("x1") is None
    assert [faces.short_cell(c) for c in (0, 5, 11)] == ["f1", "c2", "b4"]


def test_a_swap_is_named_by_its_two_cells_in_either_order():
    index = faces.named_choice("swap f1 b4", SWAPS, "swap")
    assert SWAPS[index].args == (0, 11)
    assert faces.named_choice("b4 f1", SWAPS, "swap") == index
    assert faces.named_choice("swap f1", SWAPS, "swap") is None  # one cell names no swap


def test_a_verb_names_the_choice_of_that_kind():
    drawn = [Choice("play", (c,), f"play it at {c}") for c in range(12)]
    drawn.append(Choice("discard", (), "discard hera"))
    assert faces.named_choice("discard", drawn, "drawn") == 12
    assert faces.named_choice("play c2", drawn, "drawn") == 5
    assert faces.named_choice("reveal c2", drawn, "drawn") is None  # not this decision's verb
    reveal = [Choice("cell", (c,), f"cell {c}") for c in (3, 7)]
    assert faces.named_choice("reveal c4", reveal, "reveal") == 1
    piles = [
        Choice("take-discard", (0,), "take hera from discard pile 1"),
        Choice("draw", (), "draw"),
    ]
    assert faces.named_choice("f1", piles, "action") is None  # a pile is not a cell
    assert faces.named_choice("draw", piles, "action") == 1
    assert faces.named_choice("take", piles, "action") == 0


def test_a_short_rule_drops_the_filler_words(registry):
    assert faces.short_rule(registry, registry.get("myth", "hera")) == "2p: next to Egyptian card"
    assert faces.short_rule(registry, registry.get("myth", "hela")) == "2p: in the front row"


# ---------------------------------------------------------------- the board


def game_with(registry, cells: dict, players: int = 2):
    game = new_game(registry, [make_agent("greedy", i) for i in range(players)], seed=5)
    area = game.state.areas[0]
    for cell, (card, face_up) in cells.items():
        area.cells[cell] = Slot(card, face_up)
    return game


def test_face_up_cards_show_printed_name_kind_rule_and_points_now(registry):
    """'ship' is Ship in English and Barco (its printed name) in Spanish, one
    name per screen (#28); Hera next to a face-up Egyptian scores 2 (R4, R8);
    a face-down card counts for nobody (R12 is for the end)."""
    game = game_with(registry, {0: ("hera", True), 1: ("ship", True), 4: ("ra", False)})
    text = screen(game, 0)
    assert "Ship" in text and "Hera" in text and "ship" not in text and "Barco" not in text
    assert "2p: next to Egyptian" in text  # Hera's rule, short
    report = faces.visible_report(game, 0)
    points = {c.cell: c.points for c in report.cards}
    assert points[0] == 2 and 4 not in points
    assert f"{report.total} points showing" in text or f"{report.total} point showing" in text


def test_the_heading_names_the_seat_that_decides_when_it_is_not_the_active_one(registry):
    game = game_with(registry, {})
    active = game.state.active
    other = (active + 1) % 2
    assert "decides" not in screen(game, active)
    assert f"seat {other + 1} (greedy) decides" in screen(game, other)


def test_six_players_fit_on_one_screen(registry):
    """Mid-game, names on the board: the others' areas side by side."""
    game = game_with(registry, {}, players=6)
    for _ in range(18):
        game.play_turn()
    lines = screen(game, 0, width=130).rstrip().splitlines()
    assert len(lines) <= 60, len(lines)
    assert all(f"Area {n}:" in "\n".join(lines) for n in range(1, 7))


def test_a_narrow_terminal_loses_no_column(registry):
    game = game_with(registry, {0: ("hera", True), 3: ("ship", True)})
    text = screen(game, 0, width=60)
    assert "Hera" in text and "Ship" in text
    assert all(len(line) <= 60 for line in text.splitlines())
    header = next(line for line in text.splitlines() if "┃" in line and "1" in line)
    assert all(str(column) in header for column in (1, 2, 3, 4)), header


# ---------------------------------------------------------------- a real terminal

PROMPT = re.compile(r"choose 1-(\d+) \(\? for help\): ")


@pytest.mark.parametrize("players", [2, 6])
def test_a_whole_game_in_a_pseudo_terminal(tmp_path, players):
    pexpect = pytest.importorskip("pexpect")
    agents = ",".join(["human"] + ["greedy"] * (players - 1))
    child = pexpect.spawn(
        sys.executable,
        [
            "-c",
            "from dioses_cli.main import dioses; dioses()",
            "play",
            "--agents",
            agents,
            "--seed",
            "3",
            "--best-time",
            "0",
            "--save",
            str(tmp_path / "save.json"),
        ],
        cwd=str(tmp_path),
        dimensions=(60, 130),
        encoding="utf-8",
        timeout=60,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    child.expect(PROMPT)
    assert "Setup" in child.before and "yours" in child.before
    child.sendline("reveal f1")  # named, not numbered
    answered = 1
    while True:
        found = child.expect([PROMPT, "Game over after", pexpect.EOF])
        if found != 0:
            break
        child.sendline("1")
        answered += 1
        assert answered < 400
    assert found == 1, child.before[-2000:]
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_narration_names_cards_as_printed(registry):
    from dioses_cli.choice_words import card_name
    from dioses_cli.narration import record_phrase

    game = game_with(registry, {})
    name = card_name(game)
    # one name per card in the terminal's language (#28): English by default
    assert record_phrase({"type": "event", "event": "drew", "card": "ship"}, name) == "drew Ship"
    assert (
        record_phrase({"type": "event", "event": "state", "name": "bride", "card": "nope"}, name)
        == "bride: nope"
    )  # not a Myth card: as recorded


def test_prompts_and_choices_name_cards_as_printed(registry):
    game = game_with(registry, {})
    assert (
        faces.printed_names(game, "take ship from discard pile 1")
        == "take Ship from discard pile 1"
    )
    assert (
        faces.printed_names(game, "You drew olympus-throne: play it")
        == "You drew Olympus Throne: play it"
    )
    assert faces.printed_names(game, "shipyard ship-x hera-like") == "shipyard ship-x hera-like"
