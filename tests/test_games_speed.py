"""The random games' short path (#29) plays the games of the long one.

A :class:`RandomAgent` is ``uniform``: the game picks for it from its own
generator (``Game.pick``), without making the Decision or the options. The
same agent asked through ``choose`` (``uniform`` off) must play the same
game, draw for draw: the same log, the same end, the same generator states.
Also the greedy agent's contexts, made only for a key not seen, are the
contexts it made before.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from dioses_rules.engine.agents import GreedyAgent, RandomAgent
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.valuation import Near, Valuation
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring import compiled
from dioses_rules.scoring.compiled import CompiledPool
from dioses_rules.scoring.scene import Scene


class AskedRandomAgent(RandomAgent):
    """RandomAgent asked through choose() at every decision."""

    uniform = False


class OtherRandom(random.Random):
    """A generator of a subclass: the game calls its randrange, not the
    plain generator's _randbelow."""


@lru_cache(maxsize=1)
def registry():
    return load_registry()[0]


GAMES = [  # (seats, scenario, options): R17 turns, R22 Power, R13 laws, a scenario
    (4, None, ()),
    (3, None, ("power-cards", "double-discard", "initial-laws", "help-card-discard")),
    (1, "power-of-ra", ()),
]


def _played(agent_class, seats, scenario, options, seed, rng_class=random.Random):
    agents = []
    for seat in range(seats):
        agent = agent_class(seed * 10 + seat)
        agent.rng = rng_class(seed * 10 + seat)
        agents.append(agent)
    log: list[dict] = []
    game = new_game(registry(), agents, scenario, options, seed, log=log.append)
    result = game.play()
    return log, result, [agent.rng.getstate() for agent in agents]


@pytest.mark.parametrize(("seats", "scenario", "options"), GAMES)
def test_the_game_picks_for_a_uniform_agent_what_it_would_choose(seats, scenario, options):
    for seed in range(3):
        picked = _played(RandomAgent, seats, scenario, options, seed)
        asked = _played(AskedRandomAgent, seats, scenario, options, seed)
        assert picked == asked
        assert sum(1 for r in picked[0] if r["type"] == "decision") > 10


def test_a_uniform_agent_with_a_generator_of_its_own_class_is_asked_through_randrange():
    picked = _played(RandomAgent, 4, None, (), 5, OtherRandom)
    asked = _played(AskedRandomAgent, 4, None, (), 5, OtherRandom)
    assert picked == asked


def test_a_greedy_context_made_from_its_key_is_the_context_made_whole():
    game = new_game(registry(), [GreedyAgent(1), GreedyAgent(2)], options=("initial-laws",))
    valuation = Valuation(game)
    for area in range(2):
        whole = valuation.context(area)
        key = valuation.context_key(area)
        again = valuation.context_of(key)
        assert key == whole.key and game.state.areas[area].laws  # R13: laws to judge
        assert (again.laws, again.patterns, again.objectives) == (
            whole.laws,
            whole.patterns,
            whole.objectives,
        )
        signature = tuple(s.card if s and s.face_up else None for s in game.state.areas[area].cells)
        assert valuation.value_in(again, signature) == valuation.value_in(whole, signature)


def test_a_trial_move_s_scene_is_the_scene_of_its_cells(monkeypatch):
    """Valuation.scene_near (one or two cells changed from the area as it is)
    gives the masks and name lanes Valuation.scene sums from every cell,
    also when a name of its cards is given a lane after they were read (its
    near area's name lanes summed again: trials.TrialScene). A fresh compiled
    pool: in the process's own, earlier tests may have given those names
    their lanes already, and then no lane is new."""
    monkeypatch.setattr(compiled, "_POOL", CompiledPool())
    game = new_game(registry(), [GreedyAgent(3), GreedyAgent(4)], seed=3)
    valuation = Valuation(game)
    valuation.pool.condition(m_named("odin"))  # a name with a lane, so names are not all 0
    rng = random.Random(29)
    ids = sorted(game.tables.cards)
    named = 0
    asked = {"odin"}
    renamed = 0  # trials whose names were read, then a name of theirs given a lane
    for round_ in range(40):
        seen = tuple(rng.choice([None, *ids]) for _ in range(12))
        near = Near(seen)
        for trial_ in range(6):
            cells = tuple(sorted(rng.sample(range(12), rng.choice([1, 2]))))
            trial = list(seen)
            for cell in cells:
                trial[cell] = rng.choice([None, *ids])
            trial = tuple(trial)
            got = valuation.scene_near(near, trial, cells)
            new = sorted({card for card in trial if card is not None} - asked)
            if round_ % 2 and trial_ == 3 and new:  # read, then a name of its given a lane
                before = got.names
                asked.add(new[0])
                valuation.pool.condition(m_named(new[0]))
                renamed += before != valuation.scene(trial).names  # the card's lane added
            want = valuation.scene(trial)
            assert isinstance(got, Scene)
            assert (got.occ, got.up, got.kinds, got.heavy, got.names) == (
                want.occ,
                want.up,
                want.kinds,
                want.heavy,
                want.names,
            )
            assert [i and i.card.id for i in got.infos] == list(trial)
            named += got.names != 0
    assert renamed > 10  # most of them: the new lane shows in the names read again
    assert named  # some trials hold a card with a name asked about


def m_named(name):
    return m.Relation(m.RelationKind.NEXT_TO, m.Named(name))
