"""Decisions: how the game picks for an agent that picks uniformly (a
mixin of ``Game``).

Every choice of a game is asked of the seat's agent, and logged, by
``GameCore.decide`` and ``GameCore.pick`` (``core``: every rule family asks
through them). An agent that picks uniformly (``uniform``,
:class:`~.agents.RandomAgent`) is picked for from its own generator, the
same draws on the same stream, without making the Decision or the options
it would not read (#29): :func:`uniform_pick` and :func:`uniform_bits` say
how, :meth:`DecisionRules.quick_picks` where a hot loop may do it itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .core import GameCore
from .draws import plain_bits
from .state import Agent


def uniform_pick(agent: Agent) -> Callable[[int], int] | None:
    """How the game picks among n options (2 or more) for an agent that
    picks uniformly (``uniform``), else None: its ``rng.randrange``; for a
    plain ``random.Random`` its ``_randbelow``, which is what
    ``randrange(n)`` answers for n > 0 (the same draws of the same stream)
    without the checks of its arguments, one call fewer a decision."""
    if not getattr(agent, "uniform", False):
        return None
    rng: random.Random | None = getattr(agent, "rng", None)  # the agent's generator
    if type(rng) is random.Random:
        below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]  # randrange's own; typeshed omits it
        return below
    assert rng is not None, "an agent that picks uniformly has its generator (rng)"
    return rng.randrange


def uniform_bits(agent: Agent) -> Callable[[int], int] | None:
    """For an agent that picks uniformly (``uniform``) from a plain
    ``random.Random`` that draws by ``getrandbits`` (:func:`.draws.plain_bits`):
    that ``getrandbits``, from which a hot loop draws the agent's pick
    itself, as ``randrange`` does (the plain turn, turns.py). Else None."""
    if not getattr(agent, "uniform", False):
        return None
    return plain_bits(getattr(agent, "rng", None))


class DecisionRules(GameCore):
    """The picks :class:`game.Game`'s hot loops may make for an agent themselves."""

    def quick_picks(self) -> None:
        """Per seat, how a hot loop may pick for it without calling
        :meth:`pick` (``_quick``): a uniform agent's draw, when nothing else
        is to be done with the pick (no log to write, no planning agent
        recording the turn's picks); else None. And ``_bits``: where that
        agent's generator draws as :func:`uniform_bits` says, its
        ``getrandbits`` (the plain turn draws from it itself); else None.
        Worked out again whenever the log is set."""
        plain = self._log is None and not self._plans
        self._quick = [uniform if plain else None for uniform in self._uniform]
        self._bits = [bits if plain else None for bits in self._uniform_bits]
