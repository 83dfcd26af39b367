"""How many full games per second the engine plays, on one core.

Plays N base games (setup, every turn, final scoring) for 2, 4 and 6 players
with random agents, then 4-player games with greedy agents, and reports games
per second, turns per game and decisions per second. The process is pinned to one core where the system
allows it (``os.sched_setaffinity``).

A base game needs 12 Myth cards per player plus one for the discard pile.
When the loaded sets have too few for a player count (the bundled pool once
had 37), a set of plain filler cards (no events) is written to a temporary
folder and loaded on top of them for that count, and the output says so.

Against the yardstick (#29): ``benchmarks/yardstick.py`` is a hand-written
engine of the base game that plays the same games for the same seeds. Our
engine (on the base set alone) and it play ``--yardstick-games`` 4-player
games between random agents in alternated slices, and
``yardstick_ratio_random_4p`` is our speed as a ratio of its (CPU time), with
``yardstick_identical_games`` true when every game ended alike: the first
games of the process, which compile the base cards' lines as they come,
included. ``yardstick_ratio_random_4p_warm`` is the same games played again
right after (what a long run of games sees). ``--prove N``
compares them decision for decision on N seeds at each of 2-6 players.
``--profile N`` prints to stderr where N random 4-player base games spend
their time (cProfile: each function's own time and its calls).

Against an older revision (#29): ``--baseline REV`` writes REV's tree to a
temporary folder (``git archive``) and plays greedy 4-player games and
planner games (seat 0 plans at ``--think``, the others are greedy) with it
and with this tree, each side in a process of its own
(``play_worker.py``, which plays one untimed greedy game first), alternated,
which side goes first alternating too; ``greedy_4p_vs_baseline`` and
``planner_vs_baseline`` are REV's CPU time over ours, ``identical_games``
whether both played the same games (turns, totals, winners).

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/bench_games.py [--games N] [--seed S] [--players 2,4,6]
        [--greedy-games N] [--yardstick-games N] [--prove N] [--profile N]
        [--format text|json]

``--format json`` prints one JSON object: ``random_<p>p_games_per_s`` for each
player count, ``greedy_4p_games_per_s``, and the machine and run details.
Games per second are counted in thread CPU time (``"clock": "cpu"``), the
wall clock's figure beside each in ``runs``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

import yardstick
from clock import CLOCK, one_core, timed

from dioses_rules import __version__
from dioses_rules.engine.agents import GreedyAgent, RandomAgent
from dioses_rules.engine.setup import new_game
from dioses_rules.pool.filler import filler_set_text
from dioses_rules.pool.load import load_registry

SIZE = 12


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}
GREEDY_PLAYERS = 4


def play(registry, players: int, games: int, seed: int, agent: str = "random") -> dict:
    decisions = turns = 0

    def count(record: dict) -> None:
        nonlocal decisions
        if record["type"] == "decision":
            decisions += 1

    def run() -> None:
        nonlocal turns
        for game_index in range(games):
            game_seed = seed * 100_003 + game_index
            agents = [AGENTS[agent](game_seed * 7 + seat + 1) for seat in range(players)]
            result = new_game(registry, agents, seed=game_seed, log=count).play()
            turns += result.turns

    cpu, wall = timed(run)
    return {
        "elapsed": cpu,
        "wall": wall,
        "games/s": games / cpu,
        "wall games/s": games / wall,
        "turns": turns / games,
        "decisions/s": decisions / cpu,
    }


def agent_seeds(game_seed: int, players: int) -> list[int]:
    return [game_seed * 7 + seat + 1 for seat in range(players)]


def ours_and_yardstick(base, players: int, game_seed: int) -> tuple[dict, dict]:
    """One base game played by our engine (``base``: the registry of the
    base set alone) and by the yardstick, random agents, the same seeds:
    each as its decisions (seat, kind, index, options), turns, totals, gods
    and winners."""
    seeds = agent_seeds(game_seed, players)
    records: list[dict] = []
    result = new_game(
        base, [RandomAgent(s) for s in seeds], seed=game_seed, log=records.append
    ).play()
    ours = {
        "turns": result.turns,
        "totals": [r.total for r in result.reports],
        "gods": [r.gods for r in result.reports],
        "winners": list(result.winners),
        "decisions": [
            (r["seat"], r["kind"], r["index"], r["options"])
            for r in records
            if r["type"] == "decision"
        ],
    }
    theirs = yardstick.play(players, game_seed, seeds, record=True)
    ours["refills"] = sum(1 for r in records if r.get("event") == "deck-refilled")
    return ours, theirs


def unlogged_end(base, players: int, game_seed: int) -> dict:
    """How our engine ends the game of :func:`ours_and_yardstick` played
    without a log, as the benchmark plays it (the plain turn, turns.py):
    turns, totals, gods and winners."""
    seeds = agent_seeds(game_seed, players)
    result = new_game(base, [RandomAgent(s) for s in seeds], seed=game_seed).play()
    return {
        "turns": result.turns,
        "totals": [r.total for r in result.reports],
        "gods": [r.gods for r in result.reports],
        "winners": list(result.winners),
    }


def prove(base, seeds: int) -> dict:
    """``seeds`` games per player count, 2 to 6, by both engines, compared:
    decision for decision with our log, and their ends without it."""
    games = differ = 0
    for players in range(2, 7):
        for index in range(seeds):
            ours, theirs = ours_and_yardstick(base, players, index)
            end = unlogged_end(base, players, index)
            games += 1
            differ += ours != theirs or any(end[key] != theirs[key] for key in end)
    return {"yardstick_games_compared": games, "yardstick_games_different": differ}


def versus_yardstick(base, players: int, games: int, seed: int, rounds: int = 5) -> dict:
    """Our engine and the yardstick on the same base games (random agents,
    ``players``), in ``rounds`` alternated slices, thread CPU time; and
    whether they ended alike (turns, totals, gods, winners)."""
    seeds = [seed * 100_003 + index for index in range(games)]
    slices = [seeds[i::rounds] for i in range(rounds)]
    spent = {"ours": 0.0, "yardstick": 0.0}
    ours, theirs = {}, {}

    def run_ours(part):
        for game_seed in part:
            result = new_game(
                base, [RandomAgent(s) for s in agent_seeds(game_seed, players)], seed=game_seed
            ).play()
            ours[game_seed] = (
                result.turns,
                [r.total for r in result.reports],
                [r.gods for r in result.reports],
                list(result.winners),
            )

    def run_theirs(part):
        for game_seed in part:
            result = yardstick.play(players, game_seed, agent_seeds(game_seed, players))
            theirs[game_seed] = (
                result["turns"],
                result["totals"],
                result["gods"],
                result["winners"],
            )

    for part in slices:
        spent["ours"] += timed(lambda part=part: run_ours(part))[0]
        spent["yardstick"] += timed(lambda part=part: run_theirs(part))[0]
    return {
        f"yardstick_random_{players}p_games_per_s": round(games / spent["yardstick"], 2),
        f"base_random_{players}p_games_per_s": round(games / spent["ours"], 2),
        f"yardstick_ratio_random_{players}p": round(spent["yardstick"] / spent["ours"], 3),
        "yardstick_identical_games": ours == theirs,
    }


def profile(base, players: int, games: int, seed: int, top: int = 30) -> str:
    """cProfile of ``games`` base games between random agents (after as
    many played untimed, so that the cards' lines are compiled): the
    functions a game spends most of its own time in, with their call
    counts, as ``pstats`` prints them, the collector paused."""
    import cProfile
    import gc
    import io
    import pstats
    import time

    def run(first: int) -> None:
        for game_seed in range(first, first + games):
            agents = [RandomAgent(s) for s in agent_seeds(game_seed, players)]
            new_game(base, agents, seed=game_seed).play()

    run(seed * 100_003 + games)
    # thread CPU time, as every figure here (by default cProfile reads the
    # wall clock, and on a busy machine charges the waits to whatever ran)
    profiler = cProfile.Profile(time.thread_time_ns, 1e-9)
    gc.collect()
    gc.disable()  # as timed() does: a collection lands in whatever function runs then
    try:
        profiler.runcall(run, seed * 100_003)
    finally:
        gc.enable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


ROOT = Path(__file__).resolve().parent.parent


def baseline_tree(revision: str, folder: Path) -> Path:
    """The tree of ``revision`` written into ``folder`` (``git archive``: the
    repository and its worktrees are left as they are)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        raise SystemExit(
            f"no revision {revision!r} in {ROOT}: {archive.stderr.decode(errors='replace').strip()}"
        )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def worker(tree: Path, job: dict) -> dict:
    """One side's games, in a process importing the package of ``tree``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), str(tree / "cli")])}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).parent / "play_worker.py"), json.dumps(job)],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(tree),
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"the games of {tree} failed: {done.stderr[-800:]}")
    return json.loads(done.stdout)


def versus_baseline(
    revision: str, seed: int, greedy_games: int, planner_games: int, think: int, rounds: int = 4
) -> dict:
    """Greedy 4-player games and planner games (seat 0 plans at ``think``)
    by this tree and by ``revision``, each in its own process (one untimed
    game first, ``play_worker``), the two alternated in ``rounds`` slices,
    which side goes first alternating too; ratios of thread CPU time
    (baseline / ours: above 1, we are faster) and whether they played the
    same games."""
    result: dict = {"baseline": revision, "think": think}
    identical = True
    with tempfile.TemporaryDirectory(prefix="dioses-baseline-") as folder:
        tree = baseline_tree(revision, Path(folder))
        for name, agents, games in (
            ("greedy_4p", "greedy", greedy_games),
            ("planner", "planner", planner_games),
        ):
            if games <= 0:
                continue
            seeds = [seed * 100_003 + index for index in range(games)]
            spent = {"ours": 0.0, "baseline": 0.0}
            played: dict = {"ours": [], "baseline": []}
            sides = [("ours", ROOT), ("baseline", tree)]
            for part in (seeds[i::rounds] for i in range(rounds)):
                if not part:
                    continue
                job = {"agents": agents, "players": 4, "seeds": part, "think": think}
                sides.reverse()  # each side first every other round: the load's drift shared
                for side, root in sides:
                    answer = worker(root, job)
                    spent[side] += answer["cpu"]
                    played[side] += answer["games"]
            result[f"{name}_vs_baseline"] = round(spent["baseline"] / spent["ours"], 2)
            result[f"{name}_games"] = games
            identical = identical and played["ours"] == played["baseline"]
    result["identical_games"] = identical
    return result


def registries(counts: list[int]) -> tuple:
    """The bundled registry, and one with filler cards when it is too small
    for the largest player count (None then 0 otherwise)."""
    bundled, _ = load_registry()
    pool = len(bundled.myth_cards())
    needed = SIZE * max(counts) + 1
    filler_registry, filler = None, 0
    with tempfile.TemporaryDirectory() as folder:
        if pool < needed:
            filler = needed - pool + SIZE  # a little more than the minimum
            path = Path(folder) / "bench-filler.dioses"
            path.write_text(filler_set_text(filler), encoding="utf-8")
            filler_registry, _ = load_registry([path])
    return bundled, filler_registry, filler


def measure(args, counts: list[int]) -> list[dict]:
    """One row per (agent, player count): the figures of :func:`play`."""
    bundled, filler_registry, filler = registries(counts + [GREEDY_PLAYERS])
    pool = len(bundled.myth_cards())
    runs = [("random", players, args.games) for players in counts]
    runs.append(("greedy", GREEDY_PLAYERS, args.greedy_games))
    runs = [run for run in runs if run[2] > 0]  # 0 games: that run left out
    rows = []
    for agent, players, games in runs:
        enough = pool >= SIZE * players + 1
        registry = bundled if enough else filler_registry
        figures = play(registry, players, games, args.seed, agent)
        note = "bundled" if enough else f"bundled + {filler} filler cards (bundled too small)"
        rows.append(
            {
                "agent": agent,
                "players": players,
                "games": games,
                "cards": len(registry.myth_cards()),
                "pool": note,
                **figures,
            }
        )
    return rows


def print_text(rows: list[dict], args, pinned: str) -> None:
    print(
        f"dioses-rules {__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.machine()}, {pinned}"
    )
    print(
        f"base games, seed {args.seed}: {args.games} per player count with random agents, "
        f"{args.greedy_games} with greedy agents"
    )
    print(
        f"{'agents':>7}  {'players':>7}  {'cards':>5}  {'games/s':>8}  {'turns/game':>10}  "
        f"{'decisions/s':>11}  pool"
    )
    for row in rows:
        print(
            f"{row['agent']:>7}  {row['players']:>7}  {row['cards']:>5}  "
            f"{row['games/s']:>8.1f}  {row['turns']:>10.1f}  {row['decisions/s']:>11.0f}  "
            f"{row['pool']}"
        )


def print_json(rows: list[dict], args, pinned: str, extra: dict) -> None:
    figures = {
        f"{row['agent']}_{row['players']}p_games_per_s": round(row["games/s"], 2) for row in rows
    }
    print(
        json.dumps(
            {
                "clock": CLOCK,
                **extra,
                **figures,
                "runs": [
                    {
                        "agents": row["agent"],
                        "players": row["players"],
                        "games": row["games"],
                        "games_per_s": round(row["games/s"], 2),
                        "wall_games_per_s": round(row["wall games/s"], 2),
                        "turns_per_game": round(row["turns"], 2),
                        "decisions_per_s": round(row["decisions/s"]),
                        "pool": row["pool"],
                    }
                    for row in rows
                ],
                "seed": args.seed,
                "version": __version__,
                "python": f"{platform.python_implementation()} {platform.python_version()}",
                "machine": platform.machine(),
                "pinned": pinned,
            },
            indent=2,
        )
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games",
        type=int,
        default=200,
        metavar="N",
        help="games per player count with random agents; 0 for none (default: 200)",
    )
    parser.add_argument(
        "--greedy-games",
        type=int,
        default=20,
        metavar="N",
        help="4-player games with greedy agents; 0 for none (default: 20)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="random seed for the deals and the agents (default: 0)",
    )
    parser.add_argument(
        "--players",
        default="2,4,6",
        metavar="LIST",
        help="player counts with random agents, comma-separated (default: 2,4,6)",
    )
    parser.add_argument(
        "--yardstick-games",
        type=int,
        default=200,
        metavar="N",
        help="4-player base games by our engine and the hand-written "
        "yardstick, alternated; 0 for none (default: 200)",
    )
    parser.add_argument(
        "--prove",
        type=int,
        default=0,
        metavar="N",
        help="compare the two engines decision for decision on N seeds at "
        "each of 2-6 players (default: 0, none)",
    )
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="print (to stderr) a cProfile of N random 4-player base games: "
        "where a game spends its time, per function, with call counts (default: 0, none)",
    )
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="also play greedy and planner games with git revision REV "
        "(another process, alternated): *_vs_baseline, identical_games",
    )
    parser.add_argument(
        "--baseline-games",
        type=int,
        default=20,
        metavar="N",
        help="greedy 4-player games per side with --baseline (default: 20)",
    )
    parser.add_argument(
        "--planner-games",
        type=int,
        default=2,
        metavar="N",
        help="planner games per side with --baseline (default: 2)",
    )
    parser.add_argument(
        "--think",
        type=int,
        default=16,
        metavar="N",
        help="the planner's simulations per decision (default: 16)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text table (default) or one JSON object",
    )
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    pinned = one_core()
    extra: dict = {}
    if args.yardstick_games or args.prove or args.profile:
        base, _ = load_registry(active=["base"])
        if args.profile:
            print(profile(base, 4, args.profile, args.seed), file=sys.stderr)
        if args.yardstick_games:
            extra.update(versus_yardstick(base, 4, args.yardstick_games, args.seed))
            # the same games again, in a process that has played them (the
            # cards' lines compiled, the tables made): the steady speed
            warm = versus_yardstick(base, 4, args.yardstick_games, args.seed)
            extra["yardstick_ratio_random_4p_warm"] = warm["yardstick_ratio_random_4p"]
        if args.prove:
            extra.update(prove(base, args.prove))
    if args.baseline:
        extra.update(
            versus_baseline(
                args.baseline, args.seed, args.baseline_games, args.planner_games, args.think
            )
        )
    rows = measure(args, counts)
    if args.format == "json":
        print_json(rows, args, pinned, extra)
    else:
        print_text(rows, args, pinned)
        for key, value in extra.items():
            print(f"  {key}: {value}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
