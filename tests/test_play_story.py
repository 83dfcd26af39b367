"""The web game's history (web/play_story.py): what happened, told as a
player at the table tells it (#28 item 4)."""

from __future__ import annotations

import json
from pathlib import Path

from dioses_rules.pool.load import load_registry
from dioses_rules.web.play_story import turns

LOG = Path(__file__).parent / "fixtures" / "compat" / "0.1.0" / "base-finished.jsonl"


def _records() -> list[dict]:
    return [json.loads(line) for line in LOG.read_text().splitlines()][1:]


def test_a_choice_told_by_its_event_is_one_line_not_the_label_and_the_sentence():
    registry, _ = load_registry(())
    setup = [r for r in _records() if r.get("turn") == 0 and r.get("event") != "turn"]
    lines = turns(registry, setup, 0, ["random", "random", "greedy"])[0]["lines"]
    reveals = sum(r["type"] == "decision" and r["kind"] == "reveal" for r in setup)
    laws = sum(r["type"] == "decision" and r["kind"] == "law" for r in setup)
    assert reveals == 9 and laws == 6  # R12's first reveals, R13's laws
    # each told once, by its event: no bare label ("front row, column 4", "column 2")
    assert sum(" revealed " in line for line in lines) == reveals, lines
    assert sum(": law " in line for line in lines) == laws, lines
    events = sum(r["type"] == "event" for r in setup)
    # no event tells a take: the history says it in a sentence of its own, naming
    # its seat, as the events' sentences ("Seat 2 drew a card from the deck")
    untold = ["Seat 2 took Ares from discard pile 1"]
    assert [line for line in lines if line.startswith("Seat ")] == untold
    assert len(lines) == events + len(untold), lines


def test_a_choice_no_event_tells_keeps_its_label():
    registry, _ = load_registry(())
    records = [
        {"type": "event", "event": "turn", "turn": 0, "seat": 0},
        {"type": "decision", "turn": 0, "seat": 0, "kind": "reveal", "index": 3,
         "options": 12, "choice": "front 4"},
        {"type": "decision", "turn": 0, "seat": 0, "kind": "reveal", "index": 0,
         "options": 11, "choice": "front 1"},
        {"type": "event", "event": "revealed", "turn": 0, "area": 0, "cell": "front 1",
         "card": "field-of-reeds"},
    ]  # fmt: skip
    lines = turns(registry, records, 0, ["random"])[0]["lines"]
    assert lines[0] == "Front row, column 4"  # nothing told it: the label, cells said whole
    assert len(lines) == 2 and "revealed" in lines[1], lines


def test_every_line_of_the_history_begins_with_a_capital_and_a_take_says_who_took_it():
    """A player's own take was 'take Bastet from discard pile 1' under the
    turn's heading, lower case among sentences (#28: the history in
    sentences); in Spanish too."""
    registry, _ = load_registry(())
    records = [
        {"type": "event", "event": "turn", "turn": 4, "seat": 0},
        {"type": "decision", "turn": 4, "seat": 0, "kind": "power", "index": 0,
         "options": 2, "choice": "no"},
        {"type": "decision", "turn": 4, "seat": 0, "kind": "action", "index": 0,
         "options": 2, "choice": "take sun-eye from discard pile 1"},
        {"type": "decision", "turn": 4, "seat": 0, "kind": "exchange", "index": 0,
         "options": 12, "choice": "front 1 (hera)"},
        {"type": "event", "event": "placed", "turn": 4, "area": 0, "cell": "front 1",
         "card": "sun-eye"},
    ]  # fmt: skip
    english = turns(registry, records, 0, ["human", "greedy"])[0]["lines"]
    assert english[:2] == ["No Power effect", "Seat 1 took Sun Eye from discard pile 1"], english
    spanish = turns(registry, records, 0, ["human", "greedy"], "es")[0]["lines"]
    assert spanish[1] == "El asiento 1 cogió Ojo Solar de la pila de descarte 1", spanish
    for line in english + spanish:
        assert line[:1].isupper(), line


def test_the_setup_is_its_own_group_not_a_second_turn_1():
    """A scenario's setup (Power cards, patterns drawn) was told under
    'Turn 1' above the real turn 1: two 'Turn 1' groups (#28 item 4)."""
    registry, _ = load_registry(())
    records = [
        {"type": "event", "event": "power-gained", "turn": 0, "area": 0, "count": 2,
         "total": 2},
        {"type": "event", "event": "turn", "turn": 0, "seat": 1},
        {"type": "event", "event": "drew", "turn": 0, "seat": 1, "card": "hera"},
        {"type": "event", "event": "turn", "turn": 1, "seat": 0},
    ]  # fmt: skip
    told = turns(registry, records, 0, ["human", "greedy"])
    assert [(t["turn"], t["seat"]) for t in told] == [(2, 0), (1, 1), (0, None)]
    assert told[-1]["lines"] == ["Area 1 gained 2 Power cards, now 2"]


def test_a_move_of_the_setup_is_marked_as_the_setups_not_turn_1():
    """An Event card revealed at setup (Fenrir: every player turns a card
    face down) marked its cell 'Last move: turn 1' before turn 1 began."""
    from dioses_rules.web.play_story import last_moves

    records = [
        {"type": "event", "event": "revealed", "turn": 0, "area": 0, "cell": "front 2",
         "card": "fenrir"},
        {"type": "event", "event": "hidden", "turn": 0, "area": 1, "cell": "front 1"},
    ]  # fmt: skip
    setup = last_moves(records, 0, 2)
    assert [(m["turn"], m["seat"]) for m in setup] == [(0, None), (0, None)]  # 0: the setup
    played = last_moves(
        [*records, {"type": "event", "event": "turn", "turn": 0, "seat": 1},
         {"type": "event", "event": "placed", "turn": 0, "area": 1, "cell": "back 4",
          "card": "hera"}],
        0,
        2,
    )  # fmt: skip
    assert (played[1]["turn"], played[1]["seat"], played[1]["cells"]) == (1, 1, [11])
