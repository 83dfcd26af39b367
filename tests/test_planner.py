"""The planning agent (issue #13, item 4): determinized Monte Carlo search.

It is deterministic for a seed, never changes the game it plays, picks only
legal options in base and scenario games, keeps to its ``think`` budget,
sees no hidden card (R12: face-down cards are unknown; R22: Power cards are
face-down Myth cards), and plays better than chance. Each test is a few
seconds: small ``think`` budgets, two-player games.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.engine.agents import RandomAgent, make_agent
from dioses_rules.engine.determinize import determinize, hidden_places, seen_cards
from dioses_rules.engine.game import Game
from dioses_rules.engine.planner import THINK_RANGE, Planner
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.simulate import simulate
from dioses_rules.engine.state import GameError, copy_state
from dioses_rules.pool.load import load_registry


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


class Watched:
    """Wraps an agent: records its picks, and checks each one with ``check``."""

    def __init__(self, agent, check=None):
        self.agent, self.check, self.picks = agent, check, []
        self.name = agent.name
        self.plans = getattr(agent, "plans", False)

    def choose(self, game, decision):
        index = self.agent.choose(game, decision)
        assert 0 <= index < len(decision.choices)  # a legal option, always
        if self.check is not None:
            self.check(game, decision, index)
        self.picks.append((decision.kind, index))
        return index


def play(registry, agents, scenario=None, seed=1):
    game = new_game(registry, agents, scenario, (), seed)
    return game, game.play()


# ------------------------------------------------------------------ determinism


def test_same_seed_same_picks_and_other_seeds_differ(registry):
    runs = []
    for planner_seed in (5, 5, 6):
        watched = Watched(Planner(planner_seed, think=4))
        play(registry, [watched, make_agent("greedy", 2)], seed=3)
        runs.append(watched.picks)
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_the_report_is_the_same_on_one_or_two_workers(registry):
    reports = [
        simulate(
            registry,
            games=2,
            players=2,
            agents=["planner", "greedy"],
            seed=4,
            think=2,
            workers=workers,
        ).to_json()
        for workers in (1, 2)
    ]
    assert reports[0] == reports[1]
    assert reports[0]["think"] == 2


# ------------------------------------------------------------------ the real game


def test_choose_never_changes_the_game(registry):
    planner = Planner(1, think=6)
    checked = []

    def unchanged(game, decision, index):
        # what the game was at the decision, asked again: the planner's
        # searches (copies of the state) leave the real one as it was
        before = (
            copy.deepcopy(game.state),
            game.rng.getstate(),
            list(game.turn_picks or []),
            copy.deepcopy(game.turn_start),
        )
        assert planner.suggest(game, decision) is not None
        after = (game.state, game.rng.getstate(), list(game.turn_picks or []), game.turn_start)
        assert after == before
        checked.append(planner.last["simulations"])

    play(registry, [Watched(planner, unchanged), make_agent("greedy", 2)], seed=2)
    assert sum(checked) > 0  # it did search


@pytest.mark.parametrize("scenario", [None, "afterlife-travel-agency", "power-of-ra"])
def test_legal_choices_to_the_end_of_base_and_scenario_games(registry, scenario):
    agents = [Watched(Planner(3, think=3))]
    if scenario is None:
        agents.append(Watched(make_agent("greedy", 4)))
    game, result = play(registry, agents, scenario, seed=7)
    assert game.state.finished and not result.turn_limit_reached
    assert agents[0].agent.simulations > 0


def test_think_budget_is_respected(registry):
    planner = Planner(2, think=5)
    used = []

    def within(game, decision, index):
        used.append(planner.last["simulations"])
        assert planner.last["simulations"] <= 5

    play(registry, [Watched(planner, within), make_agent("random", 1)], seed=5)
    assert sum(used) == planner.simulations and max(used) > 0


def test_think_of_one_plays_as_the_greedy_agent(registry):
    """One simulation cannot compare two options: the greedy agent's pick."""
    watched = Watched(Planner(8, think=1))
    play(registry, [watched, make_agent("random", 1)], seed=6)
    assert watched.agent.simulations == 0


def test_out_of_range_think_is_refused(registry):
    low, high = THINK_RANGE
    for think in (low - 1, high + 1):
        with pytest.raises(GameError, match="--think must be"):
            make_agent("planner", 1, think)
    with pytest.raises(ValueError):
        Planner(1, think=0)


def test_other_agents_pay_nothing(registry):
    """The turn's start is kept only when an agent plans."""
    game = new_game(registry, [make_agent("greedy", 1), make_agent("random", 2)], seed=1)
    game.play_turn()
    assert game.turn_start is None and game.turn_picks is None


# ------------------------------------------------------------------ strength


def test_it_beats_a_random_player_every_game(registry):
    """Against a random player, six games out of six: a planner picking at
    random would win about half of them (R16 decides each game)."""
    for seed in range(1, 7):
        _, result = play(registry, [Planner(seed, think=3), RandomAgent(seed)], seed=seed)
        assert result.winners == (0,), seed
        assert result.reports[0].total > result.reports[1].total


# ------------------------------------------------------------------ hidden cards


def test_a_world_deals_only_hidden_cards_and_keeps_what_was_seen(registry):
    """R12, R22: face-down cards and Power cards are unknown, the deck's order
    too; a card seen since the turn began stays where it was; every card
    is in exactly one place."""
    game = new_game(registry, [make_agent("greedy", 1), make_agent("greedy", 2)], seed=9)
    for _ in range(6):
        game.play_turn()
    start = copy_state(game.state)
    drawn = start.deck[-1]  # as if drawn this turn: the decision shows it
    decision = type("D", (), {"subject": drawn, "kind": "drawn", "choices": ()})()
    seen = seen_cards(game.state, decision)
    worlds = [determinize(start, game.state, decision, None, random.Random(s)) for s in range(5)]
    for world in worlds:
        assert Counter(c for _, c in world.all_card_places()) == Counter(
            c for _, c in start.all_card_places()
        )
        assert world.deck[-1] == drawn
        for a, area in enumerate(start.areas):
            for cell, slot in enumerate(area.cells):
                if slot.face_up:
                    assert world.areas[a].cells[cell] == slot
        assert world.discards == start.discards
    hidden = [p for p in hidden_places(start) if p[0] == "cell"]
    moved = {tuple(w.areas[p[1]].cells[p[2]].card for p in hidden) for w in worlds}
    assert len(moved) == len(worlds)  # the face-down cards are dealt again each time
    assert drawn in seen


def test_a_scenarios_separated_cards_stay_near_the_top(registry):
    """Setup step 6 puts the named cards on top of the deck with a few random
    ones: a world never deals one of them into the area."""
    game = new_game(registry, [make_agent("greedy", 1)], "afterlife-travel-agency", (), 3)
    game.play_turn()
    named = {"embalming-room", "toth", "osiris", "anubis", "book-of-the-dead"}
    start = copy_state(game.state)
    for s in range(10):
        world = determinize(start, game.state, None, game.scenario, random.Random(s))
        for area, state in zip(world.areas, start.areas, strict=True):
            for slot, before in zip(area.cells, state.cells, strict=True):
                if not before.face_up:
                    assert slot.card not in named or slot.card == before.card


def test_copy_state_is_a_deep_copy(registry):
    game = new_game(registry, [make_agent("greedy", 1), make_agent("greedy", 2)], seed=2)
    game.play_turn()
    copied = copy_state(game.state)
    assert copied == copy.deepcopy(game.state)
    copied.areas[0].cells[0].face_up = not copied.areas[0].cells[0].face_up
    copied.deck.pop()
    copied.areas[0].patterns.append(None)
    assert copied != game.state and game.state == copy.deepcopy(game.state)


def test_a_replay_that_goes_another_way_is_dropped(registry):
    """A world whose replay of the turn does not reach the decision searched
    plays no candidate (its picks belong to another game)."""
    planner = Planner(1, think=4)
    game = new_game(registry, [planner, make_agent("greedy", 2)], seed=1)
    game.keep_turn_start()
    game.turn_picks.append((0, "no-such-decision", 0))
    decision = type(
        "D",
        (),
        {"seat": 0, "kind": "action", "subject": None, "choices": tuple(game.legal_actions(0))},
    )()
    world = copy_state(game.turn_start)
    assert planner._simulate(game, decision, world, 1, 0) is None
    assert isinstance(game, Game)


# ------------------------------------------------------------------ the commands


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_simulate_with_the_planner_reports_its_think(runner):
    args = [
        "simulate",
        "--games",
        "1",
        "--players",
        "2",
        "--agents",
        "planner,greedy",
        "--think",
        "2",
        "--format",
        "json",
        "--seed",
        "3",
    ]
    result = runner.invoke(dioses, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["think"] == 2 and data["seat_agents"] == ["planner", "greedy"]
    assert runner.invoke(dioses, args).stdout == result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--agents", "planner", "--think", "0"], "0 is not in the range 1<=x<=2000"),
        (["--agents", "planner", "--think", "2001"], "2001 is not in the range"),
        (["--agents", "planner", "--think", "many"], "'many' is not a whole number"),
        (["--agents", "greedy,random", "--think", "8"], "no seat is played by the planner"),
        (["--agents", "planer,greedy"], "did you mean 'planner'"),
    ],
)
def test_bad_think_or_agent_is_a_usage_error(runner, args, message):
    for command in (["simulate", "--games", "1"], ["play", "--players", "2"]):
        result = runner.invoke(dioses, [*command, *args], input="")
        assert result.exit_code == 2, result.output
        assert message in result.stderr
        assert "Traceback" not in result.output + result.stderr
