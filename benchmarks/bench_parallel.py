"""How much faster ``simulate`` runs on 2 worker processes than on one, on
this machine: both runs in the same invocation, alternated, medians kept.

Each round simulates the same games (same seed) once with ``workers=1`` and
once with ``workers=2`` and checks that the two reports are identical; the
speed-up is the ratio of the medians. Starting the worker processes is
counted (a user waits for it too). The speed-up is of the wall clock (what
two cores are for), and the CPU time of both runs, workers included, is
reported beside it (``cpu_seconds_*``). A run must be long enough for the
start not to dominate: the default plays 200 base games between greedy agents.

A measurement, not a test: it prints figures and never fails, unless the
reports differ. Run it with

    python benchmarks/bench_parallel.py [--games N] [--rounds R] [--format text|json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from clock import timed_with_children

from dioses_rules.engine.simulate import simulate
from dioses_rules.parallel import available_cores
from dioses_rules.pool.load import load_registry


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, metavar="N")
    parser.add_argument("--players", type=int, default=4, metavar="P")
    parser.add_argument("--rounds", type=int, default=3, metavar="R")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args(argv)
    if min(args.games, args.rounds) < 1:
        parser.error("--games and --rounds must be at least 1")
    registry, _ = load_registry()
    agents = ["greedy", "random"]
    seconds: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    reports: dict[int, dict] = {}
    for _ in range(args.rounds):
        for workers in (1, 2):
            done = []
            spent, wall = timed_with_children(
                lambda done=done, workers=workers: done.append(
                    simulate(
                        registry, args.games, args.players, agents, seed=args.seed, workers=workers
                    )
                )
            )
            seconds[workers].append(wall)
            cpu[workers].append(spent)
            reports[workers] = done[0].to_json()
    if reports[1] != reports[2]:
        raise SystemExit("the reports of 1 and 2 workers differ: a bug")
    one, two = (statistics.median(seconds[w]) for w in (1, 2))
    result = {
        "games": args.games,
        "players": args.players,
        "agents": agents,
        "rounds": args.rounds,
        "cores": available_cores(),
        "seconds_1_worker": round(one, 3),
        "seconds_2_workers": round(two, 3),
        "speedup_2_workers": round(one / two, 2),
        "identical_reports": True,
        # the CPU both runs cost (with their workers): the speed-up is the
        # wall clock's, the CPU time says what running on two cores costs
        "clock": "wall",
        "cpu_seconds_1_worker": round(statistics.median(cpu[1]), 3),
        "cpu_seconds_2_workers": round(statistics.median(cpu[2]), 3),
    }
    if args.format == "json":
        print(json.dumps(result, indent=2))
        return
    print(
        f"{args.games} games of {args.players} players ({', '.join(agents)}), "
        f"medians of {args.rounds} alternated rounds, {result['cores']} cores"
    )
    print(
        f"  1 worker   {one:8.2f} s\n  2 workers  {two:8.2f} s\n"
        f"  speedup_2_workers {result['speedup_2_workers']:.2f} (identical reports)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
