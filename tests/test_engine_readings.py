"""Readings the engine makes where the rulebooks are silent or short: events
fire on every reveal (R29), patterns are judged during the game only (R30),
and what happens when cards run out (R31). R28 (drawing a pattern) is
tested with the pattern draws in test_engine.py.

The scripted agents and the layout helper come from test_engine.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dioses_rules.engine.game import Game
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import Decision
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_engine import (
    CELL,
    Plan,
    arrange,
    at,
    bundled,
    game_with,
    probe_set_text,
    records,
    swap_of,
    turn,
)


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    path = tmp_path_factory.mktemp("probes") / "probes.dioses"
    path.write_text(probe_set_text(), encoding="utf-8")
    return load_registry([path])[0]


# ------------------------------------------------------------------ R29 events on every reveal


class RevealsEvents:
    """Turns an Event card face up whenever it may; otherwise option 1."""

    name = "reveals-events"

    def choose(self, game: Game, decision: Decision) -> int:
        if decision.kind == "reveal":
            cells = game.state.areas[game.state.seat_area[decision.seat]].cells
            for index, choice in enumerate(decision.choices):
                if game.card(cells[choice.args[0]].card).event:
                    return index
        return 0


# What each kind of event effect leaves in the log.
EFFECT_RECORDS = {
    m.SwapAny: "swapped",
    m.DrawPattern: "pattern-drawn",
    m.DrawLaw: "law-placed",
    m.Reveal: "revealed",
    m.TurnFaceDown: "hidden",
}


def test_r29_an_event_fires_when_its_card_is_revealed_at_setup():
    """R29: the two cards each player turns face up at setup are reveals like
    any other: an Event card among them fires its event before the first
    turn (R18: for every player)."""
    for seed in range(40):
        log: list = []
        game = new_game(bundled(), [RevealsEvents(), RevealsEvents()], seed=seed, log=log.append)
        first_turn = next((i for i, r in enumerate(log) if r.get("event") == "turn"), len(log))
        fired = [i for i, r in enumerate(log[:first_turn]) if r.get("event") == "event"]
        if fired:
            break
    else:
        pytest.fail("no deal put an Event card where a player could reveal it")
    card = game.card(log[fired[0]]["card"])
    revealed = [r for r in log[: fired[0]] if r.get("event") == "revealed"]
    assert revealed[-1]["card"] == card.id  # the reveal set it off
    did = {r.get("event") for r in log[fired[0] : first_turn]}
    assert EFFECT_RECORDS[type(card.event[0])] in did


def test_r29_an_event_fires_again_when_its_card_is_revealed_again():
    """R29: a card turned face down and revealed again fires its event again
    (Hercules: every player swaps 2 cards, each time)."""
    plan = Plan(swap=[swap_of("back 3", "back 4"), swap_of("back 3", "back 4")], hide=at("front 1"))
    log: list = []
    game = game_with(bundled(), [plan], log, scenario="game-of-thrones", seed=3)
    arrange(game, areas={0: {"front 1": "?hercules"}}, face_up_rest=True)
    game.state.active = 0
    game.reveal(0, CELL["front 1"])
    game.run_effect(m.TurnFaceDown(1), 0)
    assert not game.state.areas[0].cells[CELL["front 1"]].face_up
    game.reveal(0, CELL["front 1"])
    assert [r["card"] for r in records(log, "event", "event")] == ["hercules", "hercules"]
    assert plan.kinds() == ["swap", "hide", "swap"]


# ------------------------------------------------------------------ R30 patterns during the game


def test_r30_the_final_reveal_does_not_complete_a_pattern(probes):
    """R30: Odin face down beneath Valhalla at the end: the final scoring
    reveals him (R12, his own points count) but the easy probe pattern was
    not completed during the game and scores nothing; revealed during the
    game, the same layout completes it (R14)."""
    game = game_with(probes, [Plan(), Plan()], [], seed=15)
    arrange(
        game, areas={0: {"front 1": "valhalla", "central 1": "?odin"}}, patterns={0: ["probe-easy"]}
    )
    report = game.result().reports[0]
    (held,) = report.patterns
    assert (held.completed, held.points) == (False, 0)
    assert any(c.card.id == "odin" for c in report.cards)
    game.reveal(0, CELL["central 1"])
    (held,) = game.result().reports[0].patterns
    assert (held.completed, held.points) == (True, 2)


# ------------------------------------------------------------------ R31 running out


def _out_of_cards(discards) -> tuple[Game, Plan, list]:
    """A 2-player game whose deck has run out (its cards out of the game)."""
    plan = Plan()
    log: list = []
    game = game_with(bundled(), [plan, Plan()], log, seed=2)
    arrange(game, discards=discards)
    game.state.removed += game.state.deck
    game.state.deck = []
    return game, plan, log


def test_r31_an_empty_deck_is_refilled_from_the_discards_keeping_their_top_cards():
    """R31: every discard pile but its top card is shuffled into a new deck."""
    game, _, log = _out_of_cards([["hera", "zeus", "ra"], ["odin", "thor"]])
    card = game.draw()
    assert game.state.discards == [["ra"], ["thor"]]
    assert sorted(game.state.deck + [card]) == ["hera", "odin", "zeus"]
    (refilled,) = records(log, "deck-refilled", "event")
    assert refilled["cards"] == 3


def test_r31_when_the_discards_hold_only_their_tops_no_card_is_drawn():
    """R31: if the refill gives no card, the draw does not happen: drawing is
    no longer an action, taking a top card still is."""
    game, _, _ = _out_of_cards([["ra"], ["thor"]])
    assert game.draw() is None
    assert game.state.discards == [["ra"], ["thor"]]
    assert [c.kind for c in game.legal_actions(0)] == ["take-discard", "take-discard"]


@pytest.mark.parametrize("face_down", [True, False])
def test_r31_a_turn_with_no_action_becomes_a_reveal(face_down):
    """R31: no card to draw and none to take: the turn is a reveal of one
    face-down card; with none face down, the player passes."""
    game, plan, log = _out_of_cards([[]])
    area = game.state.areas[0]
    for slot in area.cells:
        slot.face_up = True
    if face_down:
        area.cells[CELL["back 2"]].face_up = False
        area.cells[CELL["back 4"]].face_up = False
    assert game.legal_actions(0) == []
    turn(game, 0)
    if face_down:
        (decision,) = plan.seen
        assert (decision.kind, decision.prompt) == (
            "reveal",
            "No action is possible: turn a card face up",
        )
        assert area.face_up_count() == 11
        assert records(log, "pass", "event") == []
    else:
        assert plan.seen == [] and len(records(log, "pass", "event")) == 1
