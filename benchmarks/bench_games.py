"""How many full games per second the engine plays, on one core.

Plays N base games (setup, every turn, final scoring) for 2, 4 and 6 players
with random agents and reports games per second, turns per game and
decisions per second. The process is pinned to one core where the system
allows it (``os.sched_setaffinity``).

A base game needs 12 Myth cards per player plus one for the discard pile.
When the loaded sets have too few for a player count (the bundled pool once
had 37), a set of plain filler cards (no events) is written to a temporary
folder and loaded on top of them for that count, and the output says so.

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/bench_games.py [--games N] [--seed S] [--players 2,4,6]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

from dioses_rules import __version__
from dioses_rules.engine.agents import RandomAgent
from dioses_rules.engine.setup import new_game
from dioses_rules.pool.filler import filler_set_text
from dioses_rules.pool.load import load_registry

SIZE = 12


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            core = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {core})
            return f"pinned to core {core}"
        except OSError as error:
            return f"not pinned ({error.strerror})"
    return "not pinned (no sched_setaffinity on this system)"


def play(registry, players: int, games: int, seed: int) -> dict:
    decisions = turns = 0

    def count(record: dict) -> None:
        nonlocal decisions
        if record["type"] == "decision":
            decisions += 1

    start = time.perf_counter()
    for game_index in range(games):
        game_seed = seed * 100_003 + game_index
        agents = [RandomAgent(game_seed * 7 + seat + 1) for seat in range(players)]
        result = new_game(registry, agents, seed=game_seed, log=count).play()
        turns += result.turns
    elapsed = time.perf_counter() - start
    return {"elapsed": elapsed, "games/s": games / elapsed, "turns": turns / games,
            "decisions/s": decisions / elapsed}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, metavar="N",
                        help="games per player count (default: 200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed for the deals and the agents (default: 0)")
    parser.add_argument("--players", default="2,4,6", metavar="LIST",
                        help="player counts, comma-separated (default: 2,4,6)")
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]

    pinned = pin_to_one_core()
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

    print(f"dioses-rules {__version__}, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}, {pinned}")
    print(f"bundled pool: {pool} Myth cards; random agents; {args.games} base games per "
          f"player count, seed {args.seed}")
    print(f"{'players':>7}  {'cards':>5}  {'games/s':>8}  {'turns/game':>10}  "
          f"{'decisions/s':>11}  pool")
    for players in counts:
        enough = pool >= SIZE * players + 1
        registry = bundled if enough else filler_registry
        cards = len(registry.myth_cards())
        figures = play(registry, players, args.games, args.seed)
        note = "bundled" if enough else f"bundled + {filler} filler cards (bundled too small)"
        print(f"{players:>7}  {cards:>5}  {figures['games/s']:>8.1f}  {figures['turns']:>10.1f}  "
              f"{figures['decisions/s']:>11.0f}  {note}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
