"""Players: every choice of a game goes through ``Agent.choose``.

- :class:`RandomAgent` picks uniformly among the legal options.
- :class:`GreedyAgent` picks what maximises its current score as far as it can
  see it (face-down cards unknown), judged by the scorer, plus a bonus for the
  scenario victory conditions it meets (``greedy``).
- :class:`Planner` searches: determinized Monte Carlo simulations of the
  rest of the game, greedy agents playing them out (``planner``).
- :class:`ScriptedAgent` replays the picks of a log.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..errors import did_you_mean
from .game import Game
from .greedy import GreedyAgent
from .planner import THINK_RANGE, Planner
from .state import Decision, game_error


def agent_seed(game_seed: int, seat: int) -> int:
    """Each agent's own random generator: from the game's seed and its seat."""
    return game_seed * 10 + seat


class RandomAgent:
    name = "random"
    # It answers rng.randrange(len(choices)) and reads nothing else: the game
    # may pick so for it without asking (Game.decide). A subclass that
    # chooses otherwise sets it false.
    uniform = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, decision: Decision) -> int:
        return self.rng.randrange(len(decision.choices))


class ScriptedAgent:
    """Replays recorded choice indexes; a mismatch means the game diverged."""

    name = "scripted"

    def __init__(self, picks: Iterator[tuple[str, int]]) -> None:
        self.picks = picks

    def choose(self, game: Game, decision: Decision) -> int:
        try:
            kind, index = next(self.picks)
        except StopIteration:
            raise game_error("the log ends before the game does") from None
        if kind != decision.kind:
            raise game_error(
                f"the replay diverged: the log has a '{kind}' decision where the "
                f"game asks for '{decision.kind}'"
            )
        return index


AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent] | type[Planner]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "planner": Planner,
}


def make_agent(
    name: str, seed: int, think: int | None = None
) -> RandomAgent | GreedyAgent | Planner:
    """The agent called ``name``, seeded; ``think`` is the planner's
    simulations per decision (its default when None; the others ignore it)."""
    if name not in AGENTS:
        raise game_error(
            f"unknown agent '{name}'", did_you_mean(name, AGENTS) or f"agents: {', '.join(AGENTS)}"
        )
    if name == "planner" and think is not None:
        low, high = THINK_RANGE
        if not low <= think <= high:
            raise game_error(
                f"--think must be {low} to {high}, not {think}",
                "the planner's simulations per decision",
                code="G100",
            )
        return Planner(seed, think)
    return AGENTS[name](seed)
