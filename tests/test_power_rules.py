"""When and how Power is used (R26, R32, R33), and the rules revision that
keeps the games logged and saved before these rulings playing as they were.

The scripted agents and the layout helper come from test_engine.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dioses_rules.engine.agents import GreedyAgent, RandomAgent
from dioses_rules.engine.game import Game
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import FIRST_RULES, RULES, Decision, Slot
from dioses_rules.pool.load import load_registry

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_engine import (
    CELL,
    Plan,
    arrange,
    at,
    bundled,
    game_with,
    pick,
    probe_set_text,
    records,
    slot,
    swap_of,
    turn,
)


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    path = tmp_path_factory.mktemp("probes") / "probes.dioses"
    path.write_text(probe_set_text(), encoding="utf-8")
    return load_registry([path])[0]


def ability_or_pass(decision: Decision) -> int:
    """A scenario ability when one is offered, else no Power."""
    kinds = [c.kind for c in decision.choices]
    return kinds.index("ability") if "ability" in kinds else 0


def solo(
    registry,
    plan: Plan,
    rules: int = RULES,
    scenario: str = "game-of-thrones",
    seed: int = 40,
    **layout,
) -> tuple[Game, list]:
    """A solo game laid out by :func:`arrange`; the log after setup."""
    log: list = []
    game = game_with(registry, [plan], log, scenario=scenario, seed=seed, rules=rules)
    arrange(game, **layout)
    game.state.active = 0
    return game, log


def turn_records(log: list, number: int) -> list[dict]:
    """The records of the turn numbered ``number`` (from 0), in order."""
    return [r for r in log if r.get("turn") == number and r["type"] in ("decision", "event")]


def what(record: dict) -> str:
    return record.get("kind") if record["type"] == "decision" else record["event"]


# ------------------------------------------------------------------ R26 when Power is used


@pytest.mark.parametrize("rules", [RULES, FIRST_RULES])
def test_r26_power_won_by_the_action_can_be_spent_after_it(probes, rules):
    """R26: Power can be spent after the action, once what it set off has
    resolved: here the exchange puts Odin under Valhalla, completing the easy
    probe pattern, which draws 2 Power cards (R22); they pay for a swap in
    the same turn. Under rules revision 1 (logs of then) Power came only
    before the action: no decision after it."""
    plan = Plan(
        action=pick("take-discard"),
        exchange=at("central 1"),
        power_after=pick("power", ("swap-two-cards",)),
        swap=swap_of("front 4", "back 4"),
    )
    game, log = solo(
        probes,
        plan,
        rules,
        areas={0: {"front 1": "valhalla", "central 1": "?freyja"}},
        discards=[["odin"], ["zeus"]],
        patterns={0: ["probe-easy"]},
    )
    before = [s.card for s in game.state.areas[0].cells]
    turn(game, 0)
    after = [s.card for s in game.state.areas[0].cells]
    if rules == FIRST_RULES:
        assert plan.kinds() == ["action", "exchange"]
        assert len(game.state.areas[0].power) == 2
        return
    assert plan.kinds() == ["action", "exchange", "power-after", "swap"]
    steps = [what(r) for r in turn_records(log, 0)]
    assert (
        steps.index("pattern-completed")
        < steps.index("power-gained")
        < steps.index("power-after")
        < steps.index("power-used")
    )
    (offered,) = [d for d in plan.seen if d.kind == "power-after"]
    assert offered.prompt == "Use a Power effect after your action?"
    assert (after[CELL["front 4"]], after[CELL["back 4"]]) == (
        before[CELL["back 4"]],
        before[CELL["front 4"]],
    )
    assert game.state.areas[0].power == []


def test_r26_power_after_the_action_also_follows_the_events_it_set_off():
    """R26 with R18: playing Hercules fires its event (swap 2 cards) at once;
    the Power decision after the action comes after that swap."""
    plan = Plan(
        action=pick("draw"),
        drawn=at("front 1", "play"),
        swap=swap_of("back 3", "back 4"),
        power_after=pick("pass"),
    )
    game, log = solo(bundled(), plan, power={0: 2}, deck=["hercules"])
    turn(game, 0)
    steps = [what(r) for r in turn_records(log, 0)]
    assert steps.index("event") < steps.index("swap") < steps.index("power-after")
    assert plan.kinds() == ["power", "action", "drawn", "discard-pile", "swap", "power-after"]


def test_r26_power_after_the_action_comes_before_the_solo_must_reveal():
    """R26 and R21: the Power window after the action is before the end of
    the turn's checks: a card turned face down there is made up for by the
    must-reveal, which then takes two reveals."""
    plan = Plan(
        action=pick("take-discard"),
        exchange=at("front 2"),
        power_after=pick("power", ("turn-face-down",)),
        hide=at("front 1"),
    )
    game, _ = solo(
        bundled(),
        plan,
        power={0: 4},
        areas={0: {"front 1": "hera", "front 2": "zeus"}},
        discards=[["odin"], ["ra"]],
    )
    start = game.state.areas[0].face_up_count()
    turn(game, 0)
    assert plan.kinds() == [
        "power",
        "action",
        "exchange",
        "power-after",
        "hide",
        "reveal",
        "reveal",
    ]
    assert game.state.areas[0].face_up_count() == start + 1


def test_r26_no_power_after_the_action_that_turns_the_twelfth_card_face_up():
    """R26 with R21: revealing the solo area's twelfth card ends the game at
    once; no Power decision follows it."""
    plan = Plan(action=pick("draw"), drawn=pick("discard"), reveal=at("back 4"))
    game, _ = solo(bundled(), plan, power={0: 4}, areas={0: {"back 4": "?odin"}}, face_up_rest=True)
    turn(game, 0)
    assert game.state.finished
    assert plan.kinds() == ["power", "action", "drawn", "discard-pile", "swap"]  # 1 to reveal


def test_r26_the_base_game_with_power_cards_offers_power_after_the_action(probes):
    """R26 in a base game with the power-cards option: after the action, before
    the next player's turn."""
    plans = [Plan(action=pick("draw"), drawn=pick("discard")), Plan()]
    log: list = []
    game = game_with(probes, plans, log, seed=41, options=["power-cards"])
    arrange(game, power={0: 2})
    turn(game, 0)
    assert plans[0].kinds()[0] == "power" and plans[0].kinds()[-1] == "power-after"
    assert plans[1].kinds() == []


@pytest.mark.parametrize("rules", [RULES, FIRST_RULES])
def test_r26_r24_scenario_7_swap_right_after_the_action_that_put_toth_beneath(rules):
    """Scenario 7 (R24): the sarcophagus swap is allowed "during the turn in
    which" Toth is beneath it, using 2 Power cards; R26: that includes right
    after the action that put him there. A whole seeded game: the player
    discards the first card drawn, plays Toth (the second) beneath the
    Sarcophagus, and swaps them before the turn ends; the Power decision
    before that action offered no swap, Toth was not there yet. Under rules
    revision 1 the swap waits for the next turn, before its action."""

    def drawn(decision: Decision) -> int:  # Toth beneath the Sarcophagus, others away
        return (at("central 2", "play") if decision.subject == "toth" else pick("discard"))(
            decision
        )

    plan = Plan(
        power=ability_or_pass, power_after=ability_or_pass, action=pick("draw"), drawn=drawn
    )
    game, log = solo(
        bundled(),
        plan,
        rules,
        scenario="afterlife-travel-agency",
        seed=7,
        areas={0: {"front 2": "portable-sarcophagus"}},
        power={0: 2},
        deck=["hera", "toth"],
    )
    game.play()
    (placed,) = [r for r in log if r.get("event") == "placed" and r["card"] == "toth"]
    assert (placed["turn"], placed["cell"]) == (1, "central 2")
    (used,) = records(log, "ability-used", "event")
    assert used["ability"] == "swap portable-sarcophagus with toth"
    first_power = [d for d in plan.seen if d.kind == "power"][:2]
    assert all(c.kind != "ability" for d in first_power for c in d.choices)
    if rules == FIRST_RULES:
        assert used["turn"] == 2 and not records(log, "power-after")
        steps = [what(r) for r in turn_records(log, 2)]
        assert steps.index("ability-used") < steps.index("action")
    else:
        steps = [what(r) for r in turn_records(log, 1)]
        assert steps[steps.index("placed") :] == [
            "placed",
            "discard-pile",
            "discarded",
            "power-after",
            "ability-used",
            "swapped",
        ]
        assert used["turn"] == 1
    assert game.state.finished
    assert game.state.areas[0].used_abilities == [1]  # Toth's rule, once (R24)


# ------------------------------------------------------------------ R32 the seek's order


SEEK_DECK = ["zeus", "ship", "hera", "thor"]  # top first: Thor is the first Norse card
SPENT = ["athena", "ares", "ra", "isis"]  # the Power cards, revealed first (R22)


def _seek(agent, rules: int = RULES, registry=None, deck=SEEK_DECK, **layout) -> Game:
    game = game_with(
        registry or bundled(), [agent], [], scenario="game-of-thrones", seed=40, rules=rules
    )
    arrange(game, power={0: list(SPENT)}, deck=deck, **layout)
    game.state.active = 0
    return game


def seek_plan(**rules) -> Plan:
    return Plan(
        power=pick("power", ("seek",)),
        seek=pick("mythology", ("norse",)),
        discard_pile=pick("pile", (0,)),
        **rules,
    )


def test_r32_the_seek_returns_the_revealed_cards_in_the_order_the_player_chooses():
    """R32: "Return the rest of the cards to the bottom of the deck in any
    order": the player puts them under the deck one by one, each beneath the
    ones before; the first one put there is drawn first. The 4 Power cards
    spent go to the top of the deck first (R22), so they are revealed first."""
    plan = seek_plan(seek_order=[pick("card", ("ship",)), pick("card", ("hera",))])
    game = _seek(plan)
    game.power_phase(0, 0)
    assert game.state.discards[0][-1] == "thor"
    revealed = SPENT + ["zeus", "ship", "hera"]
    orders = [d for d in plan.seen if d.kind == "seek-order"]
    assert len(orders) == len(revealed) - 1  # the last card goes without a question
    assert orders[0].prompt.startswith("Put which revealed card under the deck next?")
    assert sorted(c.args[0] for c in orders[0].choices) == sorted(revealed)
    # Ship first, then Hera, then option 1 each time (the latest revealed);
    # the deck is kept bottom card first.
    assert game.state.deck[: len(revealed)] == [
        "athena",
        "ares",
        "ra",
        "isis",
        "zeus",
        "hera",
        "ship",
    ]


def test_r32_revision_1_keeps_the_revealed_order_and_asks_nothing():
    """Rules revision 1 (logs of before R32): the revealed cards went under
    the deck as they came, the first revealed at the very bottom; option 1 of
    every order decision of revision 2 gives that same order."""
    old = seek_plan()
    game = _seek(old, FIRST_RULES)
    game.power_phase(0, 0)
    revealed = SPENT + ["zeus", "ship", "hera"]
    assert "seek-order" not in old.kinds()
    assert game.state.deck[: len(revealed)] == revealed
    first = seek_plan()  # picks option 1 of every decision
    new = _seek(first)
    new.power_phase(0, 0)
    assert new.state.deck == game.state.deck and "seek-order" in first.kinds()


def test_r32_a_random_agent_chooses_a_random_order():
    """R32: the random agent orders the revealed cards at random: over a few
    seeds, several orders, each of the same cards."""
    cards = ["zeus", "ship", "hera", "thor"]
    orders = set()
    for seed in range(8):
        game = _seek(RandomAgent(seed), deck=[])
        deck = game.state.deck
        deck[:] = cards + [c for c in deck if c not in cards]  # at the bottom, as revealed
        game.order_bottom(0, len(cards))
        assert sorted(deck[: len(cards)]) == sorted(cards)
        orders.add(tuple(deck[: len(cards)]))
    assert len(orders) > 1


def test_r32_the_greedy_agent_sends_back_first_the_card_that_helps_it_most(probes):
    """R32: the greedy agent puts first under the deck (so it is drawn first)
    the revealed card worth most to its area: among two blank cards that
    score nothing anywhere, a filler god that scores 2 beside a place."""
    blanks = {
        f"{row} {column}": f"blank-{4 * r + column}"  # gods (odd) and places (even)
        for r, row in enumerate(("front", "central", "back"))
        for column in range(1, 5)
    }
    returned = ["blank-31", "filler-1", "blank-33"]
    for seed in range(4):  # whatever its random generator would pick on a tie
        game = _seek(GreedyAgent(seed), registry=probes, deck=[], areas={0: blanks})
        assert game.card("filler-1").lines and not game.card("blank-31").lines
        deck = game.state.deck
        deck[:] = returned + [c for c in deck if c not in returned]
        game.order_bottom(0, len(returned))
        assert deck[len(returned) - 1] == "filler-1"  # the highest of the three


# ------------------------------------------------------------------ R33 locked cards


def _sarcophagus(plan: Plan, rules: int = RULES, power: int = 4, **layout) -> Game:
    game = game_with(bundled(), [plan], [], scenario="afterlife-travel-agency", seed=0, rules=rules)
    cells = {"front 2": "portable-sarcophagus", **layout.pop("cells", {})}
    arrange(game, areas={0: cells}, power={0: power}, **layout)
    game.state.active = 0
    return game


def test_r33_power_turns_a_locked_card_face_down():
    """R33: the Sarcophagus "cannot be moved in the usual way", but the
    4-card Power effect can turn it face down: it stays where it is."""
    plan = Plan(power=[pick("power", ("turn-face-down",)), pick("pass")], hide=at("front 2"))
    game = _sarcophagus(plan, face_up_rest=True)
    game.power_phase(0, 0)
    (hide,) = [d for d in plan.seen if d.kind == "hide"]
    assert CELL["front 2"] in {c.args[0] for c in hide.choices}
    assert slot(game, 0, "front 2") == Slot("portable-sarcophagus", False)


def test_r33_a_face_down_sarcophagus_shows_no_god_beneath_it_until_revealed():
    """R33 with R12: turned face down, the Sarcophagus shows nothing, so its
    swap (scenario 7's allow rule) waits until it is face up again."""
    plan = Plan()
    game = _sarcophagus(plan, cells={"front 2": "?portable-sarcophagus", "central 2": "toth"})
    assert not [c for c in game.power_choices(0) if c.kind == "ability"]
    game.reveal(0, CELL["front 2"])
    assert [c for c in game.power_choices(0) if c.kind == "ability"]


def test_r33_revision_1_never_offered_a_locked_card_to_turn_face_down():
    """Rules revision 1 (logs of before R33) left locked cards out of the
    cards a Power effect turns face down."""
    plan = Plan(power=[pick("power", ("turn-face-down",)), pick("pass")])
    game = _sarcophagus(plan, FIRST_RULES, face_up_rest=True)
    game.power_phase(0, 0)
    (hide,) = [d for d in plan.seen if d.kind == "hide"]
    assert CELL["front 2"] not in {c.args[0] for c in hide.choices}
    assert slot(game, 0, "front 2") == Slot("portable-sarcophagus", True)


def _offered_cells(decisions, kind: str) -> set:
    return {
        a
        for d in decisions
        if d.kind == kind
        for c in d.choices
        for a in c.args
        if isinstance(a, int)
    }


@pytest.mark.parametrize("how", ["take-discard", "draw-play", "draw-discard", "power-swap"])
def test_r33_a_locked_card_is_not_swapped_discarded_or_replaced(how):
    """R33: no exchange, no play of a drawn card over it (which would discard
    it), no swap after discarding (R17) and no Power swap (R22) offers the
    Sarcophagus; the scenario's own allow rule moves it (R24)."""
    plan = Plan(
        action=pick("take-discard" if how == "take-discard" else "draw"),
        drawn=pick("discard") if how == "draw-discard" else at("front 1", "play"),
        power=[
            pick("power", ("swap-two-cards",)) if how == "power-swap" else pick("pass"),
            pick("pass"),
        ],
    )
    game = _sarcophagus(
        plan, power=2, discards=[["odin"], ["ra"]], deck=["zeus"], cells={"central 2": "?toth"}
    )
    turn(game, 0)
    locked = CELL["front 2"]
    kind = {
        "take-discard": "exchange",
        "draw-play": "drawn",
        "draw-discard": "swap",
        "power-swap": "swap",
    }[how]
    offered = _offered_cells(plan.seen, kind)
    assert offered and locked not in offered
    assert slot(game, 0, "front 2").card == "portable-sarcophagus"
    assert "portable-sarcophagus" not in {c for pile in game.state.discards for c in pile}


def test_r33_the_scenarios_allow_rule_moves_the_locked_card():
    """R33: "the scenario's own allow rules move it" (scenario 7, R24)."""
    plan = Plan(power=[pick("ability"), pick("pass")])
    game = _sarcophagus(plan, power=2, cells={"central 2": "toth"})
    game.power_phase(0, 0)
    assert slot(game, 0, "central 2") == Slot("portable-sarcophagus", True)
    assert slot(game, 0, "front 2") == Slot("toth", True)


# ------------------------------------------------------------------ the human at the keyboard


class AtTheKeyboard:
    """Stands for the human seat in a save written by the test."""

    name = "human"

    def choose(self, game, decision):
        raise AssertionError(f"no decision is asked while setting up: {decision.kind}")


def test_the_human_is_asked_the_seek_order_and_for_power_after_the_action(tmp_path):
    """R32 and R26 at the keyboard (CliRunner): a saved solo game resumed with
    6 Power cards; the player seeks a Norse card, is asked where each
    revealed card goes, then after the action is offered Power again."""
    from click.testing import CliRunner

    from dioses_cli.main import dioses
    from dioses_rules.engine.saves import PlayInfo, write_save
    from dioses_rules.pool.identity import pool_sets

    registry = bundled()
    records: list = []
    game = new_game(
        registry, [AtTheKeyboard()], scenario="game-of-thrones", seed=40, log=records.append
    )
    arrange(game, power={0: SPENT + ["hermes", "apollo"]}, deck=SEEK_DECK)
    game.state.active = 0
    save = tmp_path / "save.json"
    write_save(save, game, PlayInfo(seed=40, records=records, pool=pool_sets(registry)))
    words = [w for kind in ("mythology", "type") for w in registry.vocabulary.ids(kind)]
    answers = ["5", str(words.index("norse") + 1), "1"] + ["1"] * 600
    result = CliRunner().invoke(
        dioses,
        ["play", "--resume", str(save), "--log", str(tmp_path / "game.jsonl")],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output + result.stderr
    out = result.stdout
    assert "Use a Power effect before your action?" in out
    assert (
        out.count(
            "Put which revealed card under the deck next? (each goes beneath the "
            "ones put there before it: the first is drawn first)"
        )
        == 6
    )
    # Revealed: the 4 Power cards spent (R22), then Zeus, Ship, Hera; Thor matched.
    assert " 1. Hera\n 2. Ship\n 3. Zeus\n" in out and " 7. Ra\n" in out  # latest first
    assert "put Hera under the deck; put Ship under the deck" in out  # one name per card
    assert "Use a Power effect after your action?" in out
    assert "Final scoring" in out
