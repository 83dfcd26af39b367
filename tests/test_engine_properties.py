"""Properties of whole games of random legal play.

Hypothesis draws the game: a base game for 2-6 players with random rule
options, or a scenario (solo or cooperative, with or without its challenge
setup), and a seed for the deal and for the random agents. Over every such
game:

- every Myth card is in exactly one place whenever a decision is asked
  (deck, a discard pile, an area, a Power pile, a scenario deck, out of the
  game: ``GameState.all_card_places``), save the one card a player holds
  while placing or discarding it, and at every turn boundary with none held;
- an Event card never enters a discard pile (R18);
- at most one law per row and per column, and a placed law never moves (R13);
- a completed pattern stays completed (R14);
- a solo turn always ends with more face-up cards than it began with (R21);
- every game terminates (by the rules, not by the turn limit);
- a game replayed from its log with the same seed ends identical;
- a game saved, written as JSON, read back and resumed ends identical to the
  uninterrupted one.

``RandomLegalPlay`` is a Hypothesis state machine: Hypothesis itself draws
every decision of every turn, checks the invariants after each turn, and
shrinks a failing game to its fewest and simplest choices.
"""

from __future__ import annotations

import json

import pytest
from attrs import frozen
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dioses_rules.engine.agents import RandomAgent, ScriptedAgent
from dioses_rules.engine.game import Game
from dioses_rules.engine.saves import load_game, save_data
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import MAX_TURNS_PER_SEAT, Decision
from dioses_rules.pool.filler import filler_set_text
from dioses_rules.pool.load import load_registry

SCENARIOS = (
    "game-of-thrones",
    "abduction-of-persephone",
    "ragnarok",
    "runaway-bride",
    "power-of-ra",
    "the-fairest",
    "afterlife-travel-agency",
)
BASE_OPTIONS = (
    "objectives",
    "lightning-token",
    "initial-patterns",
    "initial-laws",
    "power-cards",
    "double-discard",
    "longer-game",
    "help-card-discard",
    "easier-game",
)
SCENARIO_OPTIONS = ("easier-game", "help-card-discard")
# Decisions taken while a player holds one card: the drawn card, the card
# taken from a discard pile, the card being discarded.
HOLDING = {"drawn": True, "exchange": True, "discard-pile": False}

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    path = tmp_path_factory.mktemp("filler") / "filler.dioses"
    path.write_text(filler_set_text(), encoding="utf-8")
    return load_registry([path])[0]


@frozen
class Setup:
    seats: int
    seed: int
    scenario: str | None = None
    options: tuple[str, ...] = ()
    challenge: bool = False

    def game(self, registry, agents, log=None) -> Game:
        return new_game(
            registry,
            agents,
            scenario=self.scenario,
            options=list(self.options),
            seed=self.seed,
            challenge=self.challenge,
            log=log,
        )

    def agents(self) -> list[RandomAgent]:
        return [RandomAgent(self.seed * 7 + seat + 1) for seat in range(self.seats)]


@st.composite
def setups(draw) -> Setup:
    seed = draw(st.integers(0, 2**31 - 1))
    if draw(st.booleans()):
        return Setup(
            draw(st.integers(1, 2)),
            seed,
            draw(st.sampled_from(SCENARIOS)),
            tuple(draw(st.lists(st.sampled_from(SCENARIO_OPTIONS), unique=True))),
            draw(st.booleans()),
        )
    return Setup(
        draw(st.integers(2, 6)),
        seed,
        None,
        tuple(draw(st.lists(st.sampled_from(BASE_OPTIONS), unique=True))),
    )


# ------------------------------------------------------------------ invariants


class Monitor:
    """Checks the invariants whenever a decision is asked (through the log,
    which records every decision, and through the agents, which also see
    the card a decision is about)."""

    def __init__(self):
        self.game: Game | None = None
        self.laws: dict[int, list] = {}
        self.completed: dict[int, set] = {}
        self.checks = 0

    def record(self, record: dict) -> None:
        if record["type"] == "decision" and self.game is not None:
            self.check(record["kind"])

    def check(self, kind: str | None = None, subject: str | None = None) -> None:
        game = self.game
        state = game.state
        self.checks += 1
        held = [c for _, c in state.all_card_places()]
        assert len(held) == len(set(held)), f"a card in two places: {sorted(held)}"
        assert set(held) <= set(game.cards)
        missing = set(game.cards) - set(held)
        if kind in HOLDING:  # a card in the hand, no other
            assert len(missing) <= 1, f"{kind}: {missing} in no place"
            if HOLDING[kind] and subject is not None:
                assert missing <= {subject}
        else:
            assert not missing, f"{kind}: {missing} in no place"
        for pile in state.discards:  # R18
            assert not [c for c in pile if game.card(c).event], f"an Event card in {pile}"
        for index, area in enumerate(state.areas):
            rows = [s.row for s in area.laws if s.row]
            columns = [s.column for s in area.laws if s.column]
            assert len(rows) == len(set(rows)) and len(columns) == len(set(columns))  # R13
            assert len(area.laws) <= 7 and all(bool(s.row) != bool(s.column) for s in area.laws)
            before = self.laws.get(index, [])
            now = [(s.card, s.row, s.column) for s in area.laws]
            assert now[: len(before)] == before, "a placed law moved"
            self.laws[index] = now
            done = {i for i, s in enumerate(area.patterns) if s.completed}
            assert self.completed.get(index, set()) <= done, "a pattern was un-completed"  # R14
            self.completed[index] = done


class CheckedAgent(RandomAgent):
    name = "checked-random"

    def __init__(self, seed: int, monitor: Monitor):
        super().__init__(seed)
        self.monitor = monitor

    def choose(self, game: Game, decision: Decision) -> int:
        self.monitor.game = game
        self.monitor.check(decision.kind, decision.subject)
        return super().choose(game, decision)


@SETTINGS
@given(setup=setups())
def test_card_places_events_laws_patterns_and_solo_turns_hold_through_random_games(registry, setup):
    """Every Myth card in exactly one place, Event cards never discarded (R18),
    one law per line and laws never moved (R13), patterns stay completed (R14),
    solo turns end with more face-up cards (R21), and the game terminates by
    its own rules."""
    monitor = Monitor()
    agents = [CheckedAgent(a.rng.randrange(2**31), monitor) for a in setup.agents()]
    game = setup.game(registry, agents, monitor.record)
    monitor.game = game
    monitor.check()
    state = game.state
    solo = state.settings.end_rule == "twelfth-reveal"
    while not state.finished:
        seat = state.active
        area = state.areas[state.seat_area[seat]]
        before, ending = area.face_up_count(), state.ending_seat
        game.play_turn()
        monitor.check()  # a turn boundary: no card held
        if solo:  # R21
            assert area.face_up_count() > before
        elif ending is None and state.ending_seat is not None:  # R20
            assert state.ending_seat == seat and area.all_face_up()
    assert not state.turn_limit_reached
    assert state.turn < MAX_TURNS_PER_SEAT * state.seats
    if solo:
        assert state.turn <= 12 and state.areas[0].all_face_up()
    else:
        assert state.ending_seat is not None
    result = game.result()
    assert len(result.reports) == len(state.areas) and result.winners
    assert monitor.checks > state.turn


# ------------------------------------------------------------------ replay and resume


def play_logged(registry, setup: Setup) -> tuple[Game, list[dict]]:
    log: list[dict] = []
    game = setup.game(registry, setup.agents(), log.append)
    game.play()
    return game, log


@SETTINGS
@given(setup=setups())
def test_a_game_replayed_from_its_log_ends_identical(registry, setup):
    """The log's (kind, index) picks, fed per seat to scripted agents with the
    same seed, rebuild the same game: same final state, same scores."""
    game, log = play_logged(registry, setup)
    picks = [[] for _ in range(setup.seats)]
    for record in log:  # single-option decisions never reach an agent
        if record["type"] == "decision" and record["options"] > 1:
            picks[record["seat"]].append((record["kind"], record["index"]))
    scripts = [iter(p) for p in picks]
    replay_log: list[dict] = []
    replay = setup.game(registry, [ScriptedAgent(s) for s in scripts], replay_log.append)
    result = replay.play()
    assert all(next(s, None) is None for s in scripts), "picks left over"
    assert [r for r in replay_log if r["type"] != "setup"] == [
        r for r in log if r["type"] != "setup"
    ]  # the same events, in order
    assert replay.state == game.state
    assert [r.total for r in result.reports] == [r.total for r in game.result().reports]


@SETTINGS
@given(setup=setups(), stop=st.floats(0, 1))
def test_a_saved_and_resumed_game_ends_identical(registry, setup, stop):
    """save_data, a JSON round trip and load_game with fresh agents (their
    random generators restored from the save) continue the game exactly."""
    whole, _ = play_logged(registry, setup)
    turns = int(stop * whole.state.turn)
    game = setup.game(registry, setup.agents())
    for _ in range(turns):
        game.play_turn()
    data = json.loads(json.dumps(save_data(game)))
    resumed = load_game(registry, data, setup.agents())
    assert resumed.state == game.state
    result = resumed.play()
    assert resumed.state == whole.state
    assert result.winners == whole.result().winners


def test_a_game_resumed_just_before_the_deck_runs_out_reshuffles_identically():
    """The save keeps the game's own random generator: when the deck runs out
    after the save, the discards are reshuffled into the same new deck."""
    registry = load_registry()[0]  # the smallest pool: as many players as it deals
    seats = max(2, min(6, (len(registry.myth_cards()) - 1) // 12))
    for seed in range(200):
        setup = Setup(seats, seed)
        whole, log = play_logged(registry, setup)
        refills = [r["turn"] for r in log if r.get("event") == "deck-refilled"]
        if refills and refills[0] > 0:
            break
    else:
        pytest.fail("no game ran out of cards in its deck")
    game = setup.game(registry, setup.agents())
    while game.state.turn < refills[0]:
        game.play_turn()
    resumed = load_game(registry, json.loads(json.dumps(save_data(game))), setup.agents())
    resumed.play()
    assert resumed.state == whole.state


# ------------------------------------------------------------------ stateful


class DrawnAgent:
    """An agent whose every pick is drawn by Hypothesis, so that a failing
    game shrinks to the fewest, simplest choices."""

    name = "hypothesis"

    def __init__(self, monitor: Monitor):
        self.monitor = monitor
        self.data = None

    def choose(self, game: Game, decision: Decision) -> int:
        self.monitor.game = game
        self.monitor.check(decision.kind, decision.subject)
        return self.data.draw(
            st.integers(0, len(decision.choices) - 1),
            label=f"{decision.kind} of seat {decision.seat}",
        )


_MACHINE_REGISTRY = []


def machine_registry():
    if not _MACHINE_REGISTRY:
        import tempfile
        from pathlib import Path

        folder = Path(tempfile.mkdtemp(prefix="dioses-filler-"))
        (folder / "filler.dioses").write_text(filler_set_text(), encoding="utf-8")
        _MACHINE_REGISTRY.append(load_registry([folder])[0])
    return _MACHINE_REGISTRY[0]


from hypothesis.stateful import (  # noqa: E402
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)


class RandomLegalPlay(RuleBasedStateMachine):
    """Hypothesis plays the game turn by turn, drawing every decision; after
    each turn the invariants of the engine hold (R13, R14, R18, R21)."""

    @initialize(setup=setups(), data=st.data())
    def start(self, setup, data):
        self.monitor = Monitor()
        self.agents = [DrawnAgent(self.monitor) for _ in range(setup.seats)]
        for agent in self.agents:
            agent.data = data
        self.setup = setup
        self.game = setup.game(machine_registry(), self.agents)
        self.monitor.game = self.game
        self.total = len(self.game.state.all_card_places())

    @precondition(lambda self: not self.game.state.finished)
    @rule(data=st.data())
    def play_a_turn(self, data):
        for agent in self.agents:
            agent.data = data
        state = self.game.state
        area = state.seat_area[state.active]
        before = state.areas[area].face_up_count()
        self.game.play_turn()
        if state.settings.turn_must_reveal and not state.finished:  # R21
            assert state.areas[area].face_up_count() > before

    @precondition(lambda self: self.game.state.finished)
    @rule()
    def score_the_end(self):
        """A finished game scores every area; R16 picks the winners."""
        result = self.game.result()
        best = max((r.total, r.gods) for r in result.reports)
        assert result.winners and all(
            (result.reports[i].total, result.reports[i].gods) == best for i in result.winners
        )

    @invariant()
    def every_card_in_exactly_one_place(self):
        places = [card for _, card in self.game.state.all_card_places()]
        assert len(places) == len(set(places)) == self.total == len(self.game.cards)

    @invariant()
    def events_never_in_a_discard_pile_and_laws_one_per_line(self):
        self.monitor.check()

    @invariant()
    def the_turn_limit_is_never_reached_by_legal_play(self):
        assert not self.game.state.turn_limit_reached


RandomLegalPlay.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_random_legal_play_keeps_the_invariants = RandomLegalPlay.TestCase
