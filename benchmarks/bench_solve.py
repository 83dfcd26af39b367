"""How long ``dioses solve`` takes to prove the best layout of a hand, on one core.

Deals N random boards of the bundled pool: 12 distinct Myth cards in random
cells and faces, one random law on a random row or column and one random
pattern held (judged on the board). Each is solved by ``best_layout`` (one
CP-SAT worker: one core, reproducible), whose answer is checked against the
evaluator before it returns. Reports the median, the 90th percentile and the
slowest, and whether every answer was proven optimal. Then asks, for every
bundled scenario, whether it can be won (``solve_scenario``, one worker) and
reports the seconds for all of them and each answer; then the same seven
on two CP-SAT workers (``seconds_all_scenarios_2_workers``, this 2-core
machine's whole), since a yes is found sooner by a portfolio.

With ``--compare``, each hand is also solved by the plain big-M model
(``best_layout(..., tight=False)``), alternately with the tight one on the
same hand so that a noisy machine weighs on both alike; the ``*_loose``
keys and the CP-SAT deterministic times (``det_*``, independent of the
load) then tell the two apart.

A measurement, not a test: it prints figures and never fails (a hand not
proven within ``--time-limit`` counts with the time it took and makes
``all_optimal`` false). Needs the [solver] extra. Run it with

    python benchmarks/bench_solve.py [--hands N] [--seed S] [--time-limit SECONDS]
        [--no-scenarios] [--compare] [--format text|json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys

from clock import CLOCK, timed_with_children
from ortools.sat.python import cp_model

from dioses_rules import __version__
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import SIZE, Area, Placed
from dioses_rules.scoring.board import Board, HeldPattern, LawPlacement
from dioses_rules.solve.layout import best_layout
from dioses_rules.solve.scenario import solve_scenario


def deal(registry, count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    cards = sorted(registry.myth_cards(), key=lambda card: card.id)
    laws = sorted(registry.definitions("law"), key=lambda law: law.id)
    patterns = sorted(registry.definitions("pattern"), key=lambda pattern: pattern.id)
    boards = []
    for _ in range(count):
        hand = rng.sample(cards, SIZE)
        area = Area(tuple(Placed(card, rng.random() < 0.5) for card in hand))
        law = rng.choice(laws)
        if rng.random() < 0.5:
            placement = LawPlacement(law, row=rng.choice(list(m.ROWS)))
        else:
            placement = LawPlacement(law, column=rng.choice(list(m.COLUMNS)))
        boards.append(Board(area, laws=(placement,), patterns=(HeldPattern(rng.choice(patterns)),)))
    return boards


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands",
        type=int,
        default=100,
        metavar="N",
        help="how many random boards to solve (default: 100)",
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S")
    parser.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="give up proving one hand after this long (default: 60)",
    )
    parser.add_argument(
        "--no-scenarios",
        action="store_true",
        help="skip the seven scenarios' satisfiability checks",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="solve each hand with the plain big-M model too (*_loose keys)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    if cores is not None:  # Linux: stay on one core (the two-worker run gets them all back)
        os.sched_setaffinity(0, {min(cores)})

    registry, _ = load_registry()
    boards = deal(registry, args.hands, args.seed)
    result = {
        "version": __version__,
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
        "machine": platform.machine(),
        "hands": args.hands,
        "seed": args.seed,
        "clock": CLOCK,
    }
    kinds = ((True, ""), (False, "_loose")) if args.compare else ((True, ""),)
    runs = {suffix: ([], [], [], []) for _, suffix in kinds}
    cpu_seconds: dict[str, list[float]] = {suffix: [] for _, suffix in kinds}
    for board in boards:
        for tight, suffix in kinds:  # alternately, on the same hand
            seconds, optimal, gains, efforts = runs[suffix]
            done = []
            cpu, _ = timed_with_children(
                lambda done=done, board=board, tight=tight: done.append(
                    best_layout(board, time_limit=args.time_limit, tight=tight)
                )
            )
            found = done[0]
            seconds.append(found.seconds)
            cpu_seconds[suffix].append(cpu)
            optimal.append(found.optimal)
            gains.append(found.best_total - found.current_total)
            efforts.append(LAST_EFFORT[0])
    for _, suffix in kinds:
        result.update(figures(*runs[suffix], suffix, args.compare))
        # CP-SAT's own clock is the wall's; its CPU time (one worker) beside it
        result[f"cpu_median_seconds_best_layout{suffix}"] = round(
            statistics.median(cpu_seconds[suffix]), 3
        )
    if not args.no_scenarios:
        result.update(scenarios(registry, args.time_limit, cores))
    if args.format == "json":
        print(json.dumps(result))
        return
    print(
        f"dioses-rules {__version__}, Python {result['python']} on {result['machine']}, "
        f"one core, one CP-SAT worker"
    )
    print(f"{args.hands} random hands (12 cards, a law, a pattern), seed {args.seed}:")
    print(
        f"  best layout: median {result['median_seconds_best_layout']} s, 90% within "
        f"{result['p90_seconds_best_layout']} s, slowest {result['max_seconds_best_layout']} s;"
        f" {'all' if result['all_optimal'] else 'not all'} proven optimal"
    )
    print(
        f"  the best layout beats the dealt one by {result['mean_gain_over_dealt_layout']} "
        "points on average"
    )
    if args.compare:
        print(
            f"  the plain big-M model, on the same hands: median "
            f"{result['median_seconds_best_layout_loose']} s, 90% within "
            f"{result['p90_seconds_best_layout_loose']} s, slowest "
            f"{result['max_seconds_best_layout_loose']} s; deterministic time median "
            f"{result['det_median_best_layout_loose']} against "
            f"{result['det_median_best_layout']} (tight)"
        )
    if "seconds_all_scenarios" in result:
        print(
            f"every scenario's satisfiability in {result['seconds_all_scenarios']} s "
            f"({result['seconds_all_scenarios_2_workers']} s on two workers): "
            + ", ".join(f"{n}: {a}" for n, a in result["scenario_answers"].items())
        )


def figures(seconds, optimal, gains, efforts, suffix: str, deterministic: bool) -> dict:
    ordered = sorted(seconds)
    found = {
        f"median_seconds_best_layout{suffix}": round(statistics.median(seconds), 3),
        f"p90_seconds_best_layout{suffix}": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        f"max_seconds_best_layout{suffix}": round(ordered[-1], 3),
        f"all_optimal{suffix}": all(optimal),
        f"mean_gain_over_dealt_layout{suffix}": round(statistics.mean(gains), 2),
    }
    if deterministic:
        found[f"det_median_best_layout{suffix}"] = round(statistics.median(efforts), 3)
        found[f"det_total_best_layout{suffix}"] = round(sum(efforts), 2)
    return found


LAST_EFFORT = [0.0]  # CP-SAT's deterministic time of the last solve


def _recording(solve):
    def recorded(self, *args, **kwargs):
        status = solve(self, *args, **kwargs)
        LAST_EFFORT[0] = self.deterministic_time
        return status

    return recorded


cp_model.CpSolver.Solve = _recording(cp_model.CpSolver.Solve)


def scenarios(registry, time_limit: float, cores) -> dict:
    """Whether each bundled scenario can be won, and the seconds for all, on
    one CP-SAT worker and on two."""
    result: dict = {}
    for workers, key in ((1, "seconds_all_scenarios"), (2, "seconds_all_scenarios_2_workers")):
        if workers > 1 and cores is not None:
            os.sched_setaffinity(0, cores)
        answers, seconds = {}, 0.0
        for scenario in sorted(registry.definitions("scenario"), key=lambda s: s.number):
            answer = solve_scenario(registry, scenario, time_limit=time_limit, workers=workers)
            seconds += answer.seconds
            answers[str(scenario.number)] = answer.to_json()["answer"]
        result[key] = round(seconds, 2)
        result.setdefault("scenario_answers", answers)
        if answers != result["scenario_answers"]:
            result["scenario_answers_2_workers"] = answers
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
