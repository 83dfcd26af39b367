"""The greedy agent's fast valuation (engine/valuation.py) against its
reference, ``score_board(board_of(..., seen_only=True))`` plus the scenario
credit (``reference.reference_value``).

The states are the ones real seeded games reach: the base game with laws,
patterns, objectives and Power cards in play, and every scenario with and
without its challenge. At some decisions of every game the current area and
random trial layouts are valued both ways: cards swapped, placed face up,
turned face down or taken out, and laws added on random rows and columns.
Every value must be the same float."""

from __future__ import annotations

import random

import pytest

from dioses_rules.engine.agents import GreedyAgent
from dioses_rules.engine.patterns import face_up_signature
from dioses_rules.engine.reference import reference_value
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import Slot
from dioses_rules.engine.valuation import Valuation
from dioses_rules.engine.view import board_of
from dioses_rules.language import model as m
from dioses_rules.language.model import COLUMNS, ROWS
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import SIZE
from dioses_rules.scoring.board import LawEntry
from dioses_rules.scoring.evaluator import Evaluator, Facts


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def trial_layouts(rng: random.Random, game, cells: list, ids: list) -> list:
    """The area as it is, and trial changes of it (some of several steps)."""
    layouts = [list(cells)]
    for _ in range(3):
        trial = list(cells)
        for _ in range(rng.randint(1, 3)):
            move = rng.random()
            a, b = rng.randrange(SIZE), rng.randrange(SIZE)
            if move < 0.4:
                trial[a], trial[b] = trial[b], trial[a]
            elif move < 0.75:
                trial[a] = Slot(rng.choice(ids), True)
            elif move < 0.9 and trial[a] is not None:
                trial[a] = Slot(trial[a].card, not trial[a].face_up)
            else:
                trial[a] = None
        layouts.append(trial)
    return layouts


def trial_laws(rng: random.Random, game, area: int) -> list:
    """The area's own laws, sometimes with a law added on a row or a column."""
    laws = list(game.state.areas[area].laws)
    if rng.random() < 0.3:
        law = rng.choice(game.registry.definitions("law")).id
        laws.append(
            LawEntry(law, row=rng.choice(ROWS).value)
            if rng.random() < 0.5
            else LawEntry(law, column=rng.choice(COLUMNS))
        )
    return laws


def describe(game, area: int, cells: list, laws: list) -> str:
    state = game.state
    own = state.areas[area]
    return (
        f"scenario {state.scenario} turn {state.turn} area {area}\n"
        f"  cells {[None if s is None else (s.card, s.face_up) for s in cells]}\n"
        f"  laws {laws}\n  patterns {own.patterns}\n  objectives {state.objectives}\n"
        f"  scenario state {state.scenario_state} used abilities {own.used_abilities}"
    )


class ComparingGreedy(GreedyAgent):
    """A greedy agent that, before some of its decisions, values the area and
    trial layouts of it both ways and records any difference."""

    def __init__(self, seed: int, checks: random.Random, found: dict):
        super().__init__(seed)
        self.checks = checks
        self.found = found

    def choose(self, game, decision) -> int:
        if self.checks.random() < 0.5:
            self.compare(game, game.state.seat_area[decision.seat])
        return super().choose(game, decision)

    def compare(self, game, area: int) -> None:
        rng, found = self.checks, self.found
        # by the game itself, kept alive here (an id may be a freed game's again)
        valuation = found.setdefault(("valuation", game), Valuation(game))
        ids = sorted(game.cards)
        for cells in trial_layouts(rng, game, game.state.areas[area].cells, ids):
            laws = trial_laws(rng, game, area)
            fast = valuation.value(area, face_up_signature(cells), laws)
            expected = reference_value(game, area, cells, laws)
            found["compared"] += 1
            found["values"].add(fast)
            if fast != expected or type(fast) is not float:
                found["mismatches"].append(
                    f"fast {fast!r} != reference {expected!r} for "
                    + describe(game, area, cells, laws)
                )


SCENARIOS = [scenario.id for scenario in load_registry()[0].definitions("scenario")]
CONFIGURATIONS = [
    (None, ("power-cards", "initial-laws", "initial-patterns", "objectives"), 2, False),
    (None, ("initial-laws", "initial-patterns", "objectives", "double-discard"), 4, False),
    *[
        (scenario, (), seats, challenge)
        for scenario in SCENARIOS
        for seats, challenge in ((1, False), (2, True))
    ],
]


@pytest.mark.parametrize("scenario, options, seats, challenge", CONFIGURATIONS)
def test_fast_valuation_equals_the_scored_board(registry, scenario, options, seats, challenge):
    found = {"compared": 0, "mismatches": [], "values": set()}
    for seed in (3, 8):
        checks = random.Random(seed)
        agents = [ComparingGreedy(seed * 10 + s, checks, found) for s in range(seats)]
        new_game(
            registry, agents, scenario=scenario, options=options, seed=seed, challenge=challenge
        ).play()
    assert not found["mismatches"], "\n".join(found["mismatches"][:5])
    assert found["compared"] >= 50
    assert len(found["values"]) > 10  # the layouts were not all worth the same


def test_the_games_played_laws_patterns_and_objectives(registry):
    """The states compared hold what the valuation reads besides cards."""
    seen = {"laws": 0, "patterns": 0, "objectives": 0}
    for seed in (3, 8):
        game = new_game(
            registry,
            [GreedyAgent(seed), GreedyAgent(seed + 1)],
            seed=seed,
            options=CONFIGURATIONS[0][1],
        )
        game.play()
        seen["laws"] += sum(len(a.laws) for a in game.state.areas)
        seen["patterns"] += sum(len(a.patterns) for a in game.state.areas)
        seen["objectives"] += len(game.state.objectives)
    assert all(seen.values()), seen


def test_every_scenario_is_compared():
    assert len(SCENARIOS) >= 7


def test_scenario_abilities_made_ready(registry):
    """Every card at every cell of a scenario area reached in a game, for the
    scenarios with abilities that have a condition (their credit is rarely
    met by chance): the values agree, and some layouts make one ready."""
    scenarios = [
        s
        for s in registry.definitions("scenario")
        if any(isinstance(r, m.Ability) and r.condition is not None for r in s.rules)
    ]
    assert scenarios
    ready = 0
    for scenario in scenarios:
        game = new_game(registry, [GreedyAgent(5)], scenario=scenario.id, seed=5)
        for _ in range(4):
            game.play_turn()
        valuation = Valuation(game)
        cells = game.state.areas[0].cells
        abilities = [
            r.condition
            for r in scenario.rules
            if isinstance(r, m.Ability) and r.condition is not None
        ]
        for card in sorted(game.cards):
            for cell in range(SIZE):
                trial = list(cells)
                trial[cell] = Slot(card, True)
                fast = valuation.value(0, face_up_signature(trial), None)
                expected = reference_value(game, 0, trial)
                assert fast == expected, describe(game, 0, trial, [])
                board = board_of(registry, game.state, 0, cells=trial, seen_only=True)
                evaluator = Evaluator(board.area.revealed(), Facts())
                ready += any(evaluator.holds(c, None) for c in abilities)
    assert ready > 0
