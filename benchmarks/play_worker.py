"""Play some games and say how long they took: one side of
``bench_games.py --baseline REV``, run in a process of its own so that each
revision imports its own ``dioses_rules`` (the one first on ``PYTHONPATH``).

Reads one JSON object from its argument: ``agents`` ("greedy", or "planner":
seat 0 plans with ``think`` simulations, the others are greedy),
``players`` and ``seeds`` (the games' seeds; each agent's is the seed times
10 plus its seat). Prints one JSON object: the thread CPU seconds the games
took (the imports, the card pool's loading and one untimed greedy game
first not counted), the wall
seconds, and each game's turns, totals and winners.
"""

from __future__ import annotations

import json
import sys
import time

from dioses_rules.engine.agents import make_agent
from dioses_rules.engine.setup import new_game
from dioses_rules.pool.load import load_registry

WARM_UP_SEED = 999_999  # the untimed game's (no benchmark plays it)


def main() -> None:
    job = json.loads(sys.argv[1])
    registry, _ = load_registry()
    players, think = job["players"], job.get("think")
    games = []

    def agents(seed: int) -> list:
        if job["agents"] == "planner":
            return [make_agent("planner", seed * 10, think)] + [
                make_agent("greedy", seed * 10 + seat, None) for seat in range(1, players)
            ]
        return [make_agent(job["agents"], seed * 10 + seat, None) for seat in range(players)]

    # One greedy game first, not timed: what the first game of a process
    # pays once (compiling the cards' lines, the tables) is not what the
    # games cost, and it would be counted once per slice of alternated games.
    warm = [make_agent("greedy", WARM_UP_SEED * 10 + seat, None) for seat in range(players)]
    new_game(registry, warm, seed=WARM_UP_SEED).play()
    cpu, wall = time.thread_time(), time.perf_counter()
    for seed in job["seeds"]:
        result = new_game(registry, agents(seed), seed=seed).play()
        games.append([result.turns, [r.total for r in result.reports], list(result.winners)])
    cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
    print(json.dumps({"cpu": cpu, "wall": wall, "games": games}))


if __name__ == "__main__":
    main()
