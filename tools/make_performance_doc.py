"""Regenerate docs/performance.md: run every benchmark and write the table of
the goals (issue #12's, as issue #29 restated them) with today's figures,
the limit a study measured for each (#29) and the command behind each.

    python tools/make_performance_doc.py      # about 3-6 minutes

Each benchmark prints one JSON object (``--format json``); the ratios in it
were measured side by side in one run, which is what the goals are about
(this machine's absolute speed varies from run to run). The 1,000,000-board
balance is timed as a whole process pinned to one core, in CPU time.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
PYTHON = sys.executable
BASELINE = "a24209e"  # main when issue #29 was filed: its speed goals are against it


def bench(script: str, *args: str) -> dict:
    done = subprocess.run(
        [PYTHON, str(ROOT / "benchmarks" / script), *args, "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout)


def one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def timed_balance(boards: int) -> float:
    """The CPU seconds (user and system) of the whole process."""
    dioses = str(Path(PYTHON).parent / "dioses")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [dioses, "balance", "--boards", str(boards), "--format", "json"],
        check=True,
        stdout=subprocess.DEVNULL,
        preexec_fn=one_core,
        cwd=ROOT,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def verdict(met) -> str:
    """met, not yet, or a dash for a figure with no goal of its own (None)."""
    return "—" if met is None else "met" if met else "**not yet**"


def main() -> None:
    startup = bench("bench_startup.py", "--rounds", "7")
    scoring = bench("bench_scoring.py")
    games = bench("bench_games.py", "--baseline", BASELINE)
    parallel = bench("bench_parallel.py")
    solving = bench("bench_solve.py")
    balance_seconds = timed_balance(1_000_000)
    rows = [
        (
            "`dioses score BOARD` whole process vs the bare imports",
            f"{startup['score_vs_import_ratio']:.2f}x",
            "<= 2x",
            startup["score_vs_import_ratio"] <= 2,
            "—",
            "bench_startup.py",
        ),
        (
            "`dioses-lint` (bundled pool) vs `dioses score`",
            f"{startup['lint_vs_score_ratio']:.2f}x",
            "<= 1.5x",
            startup["lint_vs_score_ratio"] <= 1.5,
            "—",
            "bench_startup.py",
        ),
        (
            "`dioses --help` vs the bare imports",
            f"{startup['help_vs_import_ratio']:.2f}x",
            "<= 1.5x",
            startup["help_vs_import_ratio"] <= 1.5,
            "—",
            "bench_startup.py",
        ),
        (
            "compiled `score_board` (full report) vs the reference",
            f"{scoring['ratio']:.1f}x",
            ">= 10x",
            scoring["ratio"] >= 10,
            "lazy report 10.4x; the total's floor 12-15x (about 4.2 us a board)",
            "bench_scoring.py",
        ),
        (
            "compiled `score_total` (the total only) vs the reference",
            f"{scoring['total_ratio']:.1f}x",
            ">= 12x",
            scoring["total_ratio"] >= 12,
            "12.3x in the #29 study (a24209e's closures); 12-15x (20x is beyond CPython with this API)",
            "bench_scoring.py",
        ),
        (
            "game-end boards (2 laws, 2 patterns, a scenario) vs the reference",
            f"{scoring['game_end_ratio']:.1f}x",
            ">= 6x",
            scoring["game_end_ratio"] >= 6,
            "3.5x when studied (not measured by the benchmark then)",
            "bench_scoring.py",
        ),
        (
            "compiled vs hand-written Python (4 printed cards)",
            f"{scoring['handwritten_ratio']:.2f}",
            ">= 0.5",
            scoring["handwritten_ratio"] >= 0.5,
            "0.38-0.43 when studied",
            "bench_scoring.py",
        ),
        (
            "compiled, batch (`balance`'s path, 65,536 areas side by side) vs the reference",
            f"{scoring['batch_ratio']:.1f}x",
            "(no goal of its own)",
            None,
            "—",
            "bench_scoring.py",
        ),
        (
            "random agents, 4 players, vs the hand-written yardstick (same games)",
            f"{games['yardstick_ratio_random_4p']:.2f}x",
            ">= 0.5x",
            games["yardstick_ratio_random_4p"] >= 0.5 and games["yardstick_identical_games"],
            "0.19x when studied (the yardstick 5.4x ours)",
            "bench_games.py",
        ),
        (
            f"greedy agents, 4 players, vs {BASELINE}",
            f"{games['greedy_4p_vs_baseline']:.2f}x",
            ">= 2x",
            games["greedy_4p_vs_baseline"] >= 2 and games["identical_games"],
            "generated valuation code gave 1.35x; `value_in` is half a game",
            "bench_games.py",
        ),
        (
            f"a planner game at think {games['think']} vs {BASELINE}",
            f"{games['planner_vs_baseline']:.2f}x",
            ">= 2x",
            games["planner_vs_baseline"] >= 2 and games["identical_games"],
            "copies do not show; `names` is called 1.3M times a game",
            "bench_games.py",
        ),
        (
            "random agents, 4 players (all sets)",
            f"{games['random_4p_games_per_s']:,.0f} games/s",
            "(no goal of its own)",
            None,
            "—",
            "bench_games.py",
        ),
        (
            "greedy agents, 4 players (all sets)",
            f"{games['greedy_4p_games_per_s']:,.1f} games/s",
            "(no goal of its own)",
            None,
            "—",
            "bench_games.py",
        ),
        (
            "`dioses balance --boards 1000000`, one core, CPU time",
            f"{balance_seconds:.1f} s",
            "<= 10 s",
            balance_seconds <= 10,
            "—",
            "make_performance_doc.py",
        ),
        (
            "`dioses simulate` on 2 workers vs 1",
            f"{parallel['speedup_2_workers']:.2f}x",
            "(no goal; identical reports)",
            None,
            "—",
            "bench_parallel.py",
        ),
        (
            "`dioses solve`: best layout of 100 random hands, median, one core (#13)",
            f"{solving['median_seconds_best_layout']:.2f} s",
            "<= 1 s",
            solving["median_seconds_best_layout"] <= 1 and solving["all_optimal"],
            "—",
            "bench_solve.py",
        ),
        (
            "`dioses solve --scenario`: the seven scenarios, one core (#13)",
            f"{solving['seconds_all_scenarios']:.1f} s",
            "<= 10 s",
            solving["seconds_all_scenarios"] <= 10,
            "—",
            "bench_solve.py",
        ),
    ]
    table = "\n".join(
        f"| {what} | {now} | {goal} | {verdict(met)} | {floor} | `{script}` |"
        for what, now, goal, met, floor, script in rows
    )
    DOC.write_text(
        f"""# Performance

The speed goals (issue #12's, restated by issue #29 after a study measured
where the limit is), measured on {platform.machine()} with Python
{platform.python_version()} ({os.cpu_count()} cores, a shared and noisy
machine). Every figure a goal is read from is CPU time (`"clock": "cpu"` in
the benchmarks' JSON; the wall clock measures the machine's load as much as
the code) and every goal is a ratio of two variants timed alternately in one
run. "Limit" is what the study of #29 measured: the floor where it found one,
else the figure it found. Regenerated by `python tools/make_performance_doc.py`,
which runs every benchmark below with `--format json`.

| what | now | goal | | limit (#29's study) | measured by |
|---|---|---|---|---|---|
{table}

## The benchmarks

- `python benchmarks/bench_startup.py --format json`: the installed commands
  as whole processes against `python -c "import lark, attrs, cattrs,
  click"`, alternated, medians of 7 rounds, with a warm per-user cache (the
  cache is what makes a run after the first fast: `score_no_cache_vs_import_ratio`
  is the first run's).
- `python benchmarks/bench_scoring.py --format json`: the reference and the
  compiled evaluator on the same random boards, and a hand-written scorer of
  Hera, Hela, Barco and Geb y Nut against the compiled one. Its batch
  figure is `balance`'s path: the compiled lines judged for many areas side
  by side (one bit per area), tallying what `balance` tallies, against the
  reference tallying the same areas one by one. It also times
  `score_total` (the scoring stopped at the total) and game-end boards (the
  same areas with two laws, two held patterns and a scenario).
- `python benchmarks/bench_games.py --baseline {BASELINE} --format json`: full
  games per second on one core, random and greedy agents; our engine against
  the hand-written yardstick of the base game (`benchmarks/yardstick.py`,
  which plays the same games for the same seeds: `--prove 200` checks 1,000
  of them decision for decision), and greedy and planner games against
  revision {BASELINE}, each in a process of its own, alternated.
- `python benchmarks/bench_parallel.py --format json`: `simulate` on 1 and 2
  worker processes, alternated, the reports checked identical.
- `python benchmarks/bench_solve.py --format json` (issue #13): CP-SAT on
  one worker proving the best layout of 100 random hands (12 cards, a law,
  a pattern; every answer proven optimal and checked by the evaluator),
  then the seven scenarios' satisfiability, on one worker and on two.

Raw figures of this run:

```json
{
            json.dumps(
                {
                    "startup": startup,
                    "scoring": scoring,
                    "games": games,
                    "parallel": parallel,
                    "solving": solving,
                    "balance_1m_seconds": round(balance_seconds, 2),
                },
                indent=2,
            )
        }
```
""",
        encoding="utf-8",
    )
    print(f"wrote {DOC}")


if __name__ == "__main__":
    main()
