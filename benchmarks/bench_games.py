"""How many full games per second the engine plays, on one core.

Plays N base games (setup, every turn, final scoring) for 2, 4 and 6 players
with random agents, then 4-player games with greedy agents, and reports games
per second, turns per game and decisions per second. The process is pinned to one core where the system
allows it (``os.sched_setaffinity``).

A base game needs 12 Myth cards per player plus one for the discard pile.
When the loaded sets have too few for a player count (the bundled pool once
had 37), a set of plain filler cards (no events) is written to a temporary
folder and loaded on top of them for that count, and the output says so.

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/bench_games.py [--games N] [--seed S] [--players 2,4,6]
        [--greedy-games N] [--format text|json]

``--format json`` prints one JSON object: ``random_<p>p_games_per_s`` for each
player count, ``greedy_4p_games_per_s``, and the machine and run details.
Games per second are counted in thread CPU time (``"clock": "cpu"``), the
wall clock's figure beside each in ``runs``.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
from pathlib import Path

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
    return {"elapsed": cpu, "wall": wall, "games/s": games / cpu,
            "wall games/s": games / wall, "turns": turns / games,
            "decisions/s": decisions / cpu}


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
        rows.append({"agent": agent, "players": players, "games": games,
                     "cards": len(registry.myth_cards()), "pool": note, **figures})
    return rows


def print_text(rows: list[dict], args, pinned: str) -> None:
    print(f"dioses-rules {__version__}, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}, {pinned}")
    print(f"base games, seed {args.seed}: {args.games} per player count with random agents, "
          f"{args.greedy_games} with greedy agents")
    print(f"{'agents':>7}  {'players':>7}  {'cards':>5}  {'games/s':>8}  {'turns/game':>10}  "
          f"{'decisions/s':>11}  pool")
    for row in rows:
        print(f"{row['agent']:>7}  {row['players']:>7}  {row['cards']:>5}  "
              f"{row['games/s']:>8.1f}  {row['turns']:>10.1f}  {row['decisions/s']:>11.0f}  "
              f"{row['pool']}")


def print_json(rows: list[dict], args, pinned: str) -> None:
    figures = {f"{row['agent']}_{row['players']}p_games_per_s": round(row["games/s"], 2)
               for row in rows}
    print(json.dumps({
        "clock": CLOCK,
        **figures,
        "runs": [{"agents": row["agent"], "players": row["players"], "games": row["games"],
                  "games_per_s": round(row["games/s"], 2),
                  "wall_games_per_s": round(row["wall games/s"], 2),
                  "turns_per_game": round(row["turns"], 2),
                  "decisions_per_s": round(row["decisions/s"]), "pool": row["pool"]}
                 for row in rows],
        "seed": args.seed, "version": __version__,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": platform.machine(), "pinned": pinned,
    }, indent=2))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, metavar="N",
                        help="games per player count with random agents; 0 for none (default: 200)")
    parser.add_argument("--greedy-games", type=int, default=20, metavar="N",
                        help="4-player games with greedy agents; 0 for none (default: 20)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed for the deals and the agents (default: 0)")
    parser.add_argument("--players", default="2,4,6", metavar="LIST",
                        help="player counts with random agents, comma-separated "
                             "(default: 2,4,6)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text table (default) or one JSON object")
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    pinned = one_core()
    rows = measure(args, counts)
    (print_json if args.format == "json" else print_text)(rows, args, pinned)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
