"""Games with the sets under test in play: seeded random and greedy games
end, keep every card once (the saved state's invariants) and replay from
their log to the very same records."""

from __future__ import annotations

import time
from typing import Any

from ..engine.agents import make_agent
from ..engine.integrity import check_state
from ..engine.replay import replay
from ..engine.setup import new_game
from ..errors import DiosesError
from ..pool.registry import Registry
from .results import Outcome, Status

# the agents of the base games a run plays, first to last
BASE_GAMES = (("random", "random"), ("greedy", "random"), ("random", "greedy", "random"))


def game_check(
    registry: Registry, agents: tuple[str, ...], seed: int, scenario: str | None, place: str
) -> Outcome:
    started = time.perf_counter()
    name = (
        f"game {' vs '.join(agents)}" + (f" in {scenario}" if scenario else "") + f" (seed {seed})"
    )
    records: list[dict[str, Any]] = []
    try:
        game = new_game(
            registry,
            [make_agent(a, seed + i) for i, a in enumerate(agents)],
            scenario=scenario,
            seed=seed,
            log=records.append,
        )
        result = game.play()
    except DiosesError as error:
        return Outcome(
            "game",
            name,
            place,
            Status.FAILED,
            f"the game could not be played: {error.diagnostics[0].message}",
            seconds=time.perf_counter() - started,
        )
    problems = [f"{key}: {message}" for key, message in check_state(game.state, registry)]
    if result.turn_limit_reached:
        problems.append(f"the game did not end: the turn limit was reached ({result.turns})")
    if not any(record.get("type") == "final" for record in records):
        problems.append("the game ended without its final scoring")
    outcome = replay(records, registry)
    if outcome.diverged_at is not None or outcome.problem:
        problems.append(
            f"its log does not replay: record {outcome.diverged_at} differs"
            + (f" ({outcome.problem})" if outcome.problem else "")
        )
    seconds = time.perf_counter() - started
    if problems:
        return Outcome(
            "game", name, place, Status.FAILED, problems[0], "\n".join(problems), seconds=seconds
        )
    winners = ", ".join(str(area + 1) for area in result.winners)
    return Outcome(
        "game",
        name,
        place,
        Status.PASSED,
        f"{result.turns} turns, won by area {winners}",
        seconds=seconds,
    )
