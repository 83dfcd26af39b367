"""How many boards per second the reference evaluator scores, on one core.

Deals N random full play areas (12 distinct Myth cards from the bundled sets,
each face up or face down at random), then times

* ``score_board``: the whole final scoring (R12 reveal, every card's lines,
  the tie-break count), without explanations;
* ``card_points``: only the cards' own lines (R8-R11) on the already revealed
  areas, the bare evaluation.

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/bench_scoring.py [--boards N] [--seed S] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from dioses_rules import __version__
from dioses_rules.scoring.area import SIZE, Area, Placed
from dioses_rules.scoring.board import Board
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.score import card_points, score_board


def deal(cards, count: int, seed: int) -> list[Board]:
    """``count`` boards, each a full area of distinct cards in random faces."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        chosen = rng.sample(cards, SIZE)
        cells = tuple(Placed(card, face_up=rng.random() < 0.5) for card in chosen)
        boards.append(Board(Area(cells)))
    return boards


def best_time(run, repeat: int) -> float:
    """The fastest of ``repeat`` timed runs (the least disturbed one)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=2000, metavar="N",
                        help="how many random boards to deal (default: 2000)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed for the deal (default: 0)")
    parser.add_argument("--repeat", type=int, default=3, metavar="R",
                        help="time each pass R times and keep the fastest (default: 3)")
    args = parser.parse_args(argv)
    if args.boards < 1 or args.repeat < 1:
        parser.error("--boards and --repeat must be at least 1")

    if hasattr(os, "sched_setaffinity"):  # Linux: stay on one core
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

    registry, _ = load_registry()
    cards = sorted(registry.myth_cards(), key=lambda card: card.id)
    boards = deal(cards, args.boards, args.seed)
    revealed = [board.area.revealed() for board in boards]

    # Warm up (lru caches); with no laws, patterns or objectives on these
    # boards the two passes must give the same totals.
    totals = [score_board(board).total for board in boards]
    bare = [sum(card_points(area).values()) for area in revealed]
    if totals != bare:
        print("warning: score_board and card_points disagree on some board", file=sys.stderr)

    scored = best_time(lambda: [score_board(board) for board in boards], args.repeat)
    evaluated = best_time(lambda: [card_points(area) for area in revealed], args.repeat)

    print(f"dioses-rules {__version__}, Python {platform.python_version()} "
          f"({platform.python_implementation()}) on {platform.machine()}, one core")
    print(f"{args.boards} random full areas from {len(cards)} Myth cards, seed {args.seed}, "
          f"best of {args.repeat}; mean total {statistics.mean(totals):.2f} points")
    for label, seconds in (("score_board", scored), ("card_points", evaluated)):
        print(f"  {label:<12} {args.boards / seconds:>10,.0f} boards/s  "
              f"({seconds / args.boards * 1e6:,.1f} us per board)")


if __name__ == "__main__":
    main(sys.argv[1:])
