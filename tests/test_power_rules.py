"""When and how Power is used (R26, R32, R33); revision 1 of the rules
(``state.FIRST_RULES``) plays as before them, for the logs and saves of then.

The scripted agents and the layout helper come from test_engine.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dioses_rules.engine.game import Game
from dioses_rules.engine.state import FIRST_RULES, RULES, Decision
from dioses_rules.pool.load import load_registry

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_engine import (  # noqa: E402
    CELL, Plan, arrange, at, bundled, game_with, pick, probe_set_text, records, swap_of, turn,
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


def solo(registry, plan: Plan, rules: int = RULES, scenario: str = "game-of-thrones",
         seed: int = 40, **layout) -> tuple[Game, list]:
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
    plan = Plan(action=pick("take-discard"), exchange=at("central 1"),
                power_after=pick("power", ("swap-two-cards",)),
                swap=swap_of("front 4", "back 4"))
    game, log = solo(probes, plan, rules, areas={0: {"front 1": "valhalla",
                                                     "central 1": "?freyja"}},
                     discards=[["odin"], ["zeus"]], patterns={0: ["probe-easy"]})
    before = [s.card for s in game.state.areas[0].cells]
    turn(game, 0)
    after = [s.card for s in game.state.areas[0].cells]
    if rules == FIRST_RULES:
        assert plan.kinds() == ["action", "exchange"]
        assert len(game.state.areas[0].power) == 2
        return
    assert plan.kinds() == ["action", "exchange", "power-after", "swap"]
    steps = [what(r) for r in turn_records(log, 0)]
    assert steps.index("pattern-completed") < steps.index("power-gained") \
        < steps.index("power-after") < steps.index("power-used")
    (offered,) = [d for d in plan.seen if d.kind == "power-after"]
    assert offered.prompt == "Use a Power effect after your action?"
    assert (after[CELL["front 4"]], after[CELL["back 4"]]) == \
        (before[CELL["back 4"]], before[CELL["front 4"]])
    assert game.state.areas[0].power == []


def test_r26_power_after_the_action_also_follows_the_events_it_set_off():
    """R26 with R18: playing Hercules fires its event (swap 2 cards) at once;
    the Power decision after the action comes after that swap."""
    plan = Plan(action=pick("draw"), drawn=at("front 1", "play"),
                swap=swap_of("back 3", "back 4"), power_after=pick("pass"))
    game, log = solo(bundled(), plan, power={0: 2}, deck=["hercules"])
    turn(game, 0)
    steps = [what(r) for r in turn_records(log, 0)]
    assert steps.index("event") < steps.index("swap") < steps.index("power-after")
    assert plan.kinds() == ["power", "action", "drawn", "discard-pile", "swap", "power-after"]


def test_r26_power_after_the_action_comes_before_the_solo_must_reveal():
    """R26 and R21: the Power window after the action is before the end of
    the turn's checks: a card turned face down there is made up for by the
    must-reveal, which then takes two reveals."""
    plan = Plan(action=pick("take-discard"), exchange=at("front 2"),
                power_after=pick("power", ("turn-face-down",)), hide=at("front 1"))
    game, _ = solo(bundled(), plan, power={0: 4}, areas={0: {"front 1": "hera",
                                                             "front 2": "zeus"}},
                   discards=[["odin"], ["ra"]])
    start = game.state.areas[0].face_up_count()
    turn(game, 0)
    assert plan.kinds() == ["power", "action", "exchange", "power-after", "hide", "reveal",
                            "reveal"]
    assert game.state.areas[0].face_up_count() == start + 1


def test_r26_no_power_after_the_action_that_turns_the_twelfth_card_face_up():
    """R26 with R21: revealing the solo area's twelfth card ends the game at
    once; no Power decision follows it."""
    plan = Plan(action=pick("draw"), drawn=pick("discard"), reveal=at("back 4"))
    game, _ = solo(bundled(), plan, power={0: 4}, areas={0: {"back 4": "?odin"}},
                   face_up_rest=True)
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
        return (at("central 2", "play") if decision.subject == "toth"
                else pick("discard"))(decision)

    plan = Plan(power=ability_or_pass, power_after=ability_or_pass, action=pick("draw"),
                drawn=drawn)
    game, log = solo(bundled(), plan, rules, scenario="afterlife-travel-agency", seed=7,
                     areas={0: {"front 2": "portable-sarcophagus"}}, power={0: 2},
                     deck=["hera", "toth"])
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
        assert steps[steps.index("placed"):] == [
            "placed", "discard-pile", "discarded", "power-after", "ability-used", "swapped"]
        assert used["turn"] == 1
    assert game.state.finished
    assert game.state.areas[0].used_abilities == [1]  # Toth's rule, once (R24)
