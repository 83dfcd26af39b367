"""The plain turn (#29) plays the game the general turn plays.

``TurnRules._plain_turn`` plays the common turn (R17: one discard pile, no
Power, no scenario, an agent the game picks for without a log) without the
calls and options of ``play_turn``'s general path. A
:class:`RandomAgent` with no log gets it; the same agent asked through
``choose`` (``uniform`` off) gets the general path on the same random
stream. Both must end in the same state, with the same results and the same
generator states, in games where the plain turn plays most turns, where an
Event card (R18, R29) is placed or replaced, where held patterns are
completed (R14, R30), where the Help Card's alternative (R17) follows a
discard, and where it never applies.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from dioses_rules.convert import CONVERTER
from dioses_rules.engine import draws
from dioses_rules.engine.agents import RandomAgent
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.turns import TurnRules
from dioses_rules.pool.load import load_registry


class AskedRandomAgent(RandomAgent):
    """RandomAgent asked through choose() at every decision: the general path."""

    uniform = False


@lru_cache(maxsize=2)
def registry(sets: tuple[str, ...] | None):
    return load_registry(active=list(sets) if sets else None)[0]


GAMES = [  # (sets, seats, scenario, options, plain turns expected)
    (("base",), 4, None, (), True),  # the base game (R17, R20)
    (("base",), 2, None, ("objectives",), True),  # R15: objectives change no turn
    (None, 6, None, (), True),  # Event cards (R18, R29), equal turns (R25), patterns (R14)
    (None, 2, None, ("initial-patterns", "initial-laws"), True),  # R14, R13
    (None, 3, None, ("help-card-discard",), True),  # swap or reveal after a discard (R17)
    (None, 3, None, ("double-discard", "power-cards"), False),  # two piles, Power (R22)
    (None, 1, "power-of-ra", (), False),  # a scenario (R33)
]


def _played(agent_class, sets, seats, scenario, options, seed):
    agents = [agent_class(seed * 10 + seat) for seat in range(seats)]
    game = new_game(registry(sets), agents, scenario, options, seed)
    result = game.play()
    return (
        CONVERTER.unstructure(game.state),
        [(r.total, r.gods) for r in result.reports],
        result.winners,
        result.turns,
        game.rng.getstate(),
        [agent.rng.getstate() for agent in agents],
    )


@pytest.mark.parametrize(("sets", "seats", "scenario", "options", "plain"), GAMES)
def test_the_plain_turn_plays_the_general_turn_s_game(
    monkeypatch, sets, seats, scenario, options, plain
):
    played = {True: 0, False: 0}
    original = TurnRules._plain_turn

    def counted(self, quick):
        done = original(self, quick)
        played[done] += 1
        return done

    monkeypatch.setattr(TurnRules, "_plain_turn", counted)
    for seed in range(4):
        quick = _played(RandomAgent, sets, seats, scenario, options, seed)
        general = _played(AskedRandomAgent, sets, seats, scenario, options, seed)
        assert quick == general
    assert (played[True] > played[False]) is plain


class OtherRandom(random.Random):
    """A generator of a subclass: its own shuffle is called."""


@pytest.mark.parametrize("rng_class", [random.Random, OtherRandom])
def test_the_engine_s_shuffle_is_the_generator_s(rng_class):
    """draws.shuffle (the deal, R31's refill) puts every list in the order
    rng.shuffle does, and leaves the generator where it leaves it."""
    assert draws.BELOW_BY_BITS  # CPython: else every shuffle is the generator's own
    assert (draws.plain_bits(rng_class(0)) is None) is (rng_class is OtherRandom)
    for seed in range(3):
        ours, theirs = rng_class(seed), rng_class(seed)
        for size in (0, 1, 2, 3, 12, 13, 66, 97, 130):
            mine, yours = list(range(size)), list(range(size))
            draws.shuffle(ours, mine)
            theirs.shuffle(yours)
            assert mine == yours
        assert ours.getstate() == theirs.getstate()
