"""How many boards per second each evaluator scores, side by side, on one core.

Deals N random full play areas (12 distinct Myth cards from the bundled sets,
each face up or face down at random); every area holds the four cards whose
scoring is printed in the rulebooks (Hera, Hela, Barco and Geb y Nut, R27)
among 8 others. Then times, on the same boards, in interleaved repetitions
(the median of each is kept, so that a disturbance hits all alike):

* ``reference`` and ``compiled``: ``score_board`` with each evaluator, the
  whole final scoring (R12 reveal, every card's lines, the tie-break count),
  without explanations; ``ratio`` is compiled / reference;
* ``compiled_total``: ``score_total``, the same scoring stopped at the
  total; ``total_ratio`` is it / the reference's ``score_board``;
* ``game_end``: the same areas as a game leaves them, with two laws, two
  held patterns and a scenario, by ``score_board`` with each evaluator;
  ``game_end_ratio`` is compiled / reference;
* ``card_points`` with each evaluator: only the cards' own lines (R8-R11) on
  the already revealed areas, the bare evaluation;
* ``handwritten``: a scorer of the four printed cards written by hand in
  Python below, from their printed texts, against ``compiled_four``, the
  compiled evaluator judging the same four cards' lines on the same revealed
  areas; ``handwritten_ratio`` is compiled_four / handwritten (1.0 or more:
  compiling rules costs nothing against writing them by hand);
* ``batch``: ``balance``'s path (``batch.tally_batches``), the compiled
  lines judged for ``--batch-boards`` revealed areas side by side (one bit
  per area), tallying each card's points and each total, against the
  reference ``card_points`` of the same areas tallied the same way (on the
  first ``--boards`` of them: a per-board rate); ``batch_ratio`` is batch /
  reference. The batch pays only with many areas (it is ``balance``'s from
  5,000), so it gets its own, larger deal.

Every pass is timed in thread CPU time (``clock.timed``; the JSON's
``clock`` is ``"cpu"``), the wall clock reported beside it (``wall_ratio``);
the garbage collector is paused while a pass is timed (as ``timeit`` does).
A measurement, not a test: it checks that the evaluators agree, prints
figures and never fails. Run it with

    python benchmarks/bench_scoring.py [--boards N] [--seed S] [--repeat R] [--format json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys

from clock import CLOCK, medians, one_core, timed

from dioses_rules import __version__
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring import batch, compiled
from dioses_rules.scoring.area import SIZE, Area, Placed
from dioses_rules.scoring.board import Board, HeldPattern, LawPlacement
from dioses_rules.scoring.evaluator import Facts
from dioses_rules.scoring.score import card_points, score_board, score_total

PRINTED = ("hera", "hela", "ship", "geb-and-nut")


def deal(cards, count: int, seed: int) -> list[Board]:
    """``count`` boards, each a full area of distinct cards in random faces,
    the four printed cards among them at random cells."""
    rng = random.Random(seed)
    printed = [card for card in cards if card.id in PRINTED]
    others = [card for card in cards if card.id not in PRINTED]
    boards = []
    for _ in range(count):
        chosen = printed + rng.sample(others, SIZE - len(printed))
        rng.shuffle(chosen)
        cells = tuple(Placed(card, face_up=rng.random() < 0.5) for card in chosen)
        boards.append(Board(Area(cells)))
    return boards


def game_end_boards(registry, boards: list[Board], seed: int) -> list[Board]:
    """The same areas as a game leaves them: two laws on two lines, two held
    patterns judged on the board, and a scenario."""
    rng = random.Random(seed + 1)
    laws = sorted(registry.definitions("law"), key=lambda law: law.id)
    patterns = sorted(registry.definitions("pattern"), key=lambda pattern: pattern.id)
    scenarios = sorted(registry.definitions("scenario"), key=lambda scenario: scenario.id)
    lines = [("row", row) for row in m.ROWS] + [("column", column) for column in m.COLUMNS]
    ended = []
    for board in boards:
        placed = tuple(
            LawPlacement(law, row=where) if kind == "row" else LawPlacement(law, column=where)
            for law, (kind, where) in zip(rng.sample(laws, 2), rng.sample(lines, 2), strict=True)
        )
        held = tuple(HeldPattern(pattern) for pattern in rng.sample(patterns, 2))
        ended.append(Board(board.area, placed, held, scenario=rng.choice(scenarios)))
    return ended


# ------------------------------------------------------------------ by hand

WIDTH = 4
# R4: the up to 4 cells sharing an edge with each cell (cells row by row)
NEXT_TO = [
    [n for n in (i - WIDTH, i + WIDTH) if 0 <= n < SIZE]
    + [n for n in (i - 1, i + 1) if n // WIDTH == i // WIDTH]
    for i in range(SIZE)
]


def handwritten_points(area: Area) -> dict[int, int]:
    """The printed cards' points on a revealed area, written by hand:

    Hera        "2p: next to an Egyptian card" (R4, R8)
    Hela        "2p: in the front row"
    Barco       "1p: per god in the row" (its own row, R10; Geb y Nut counts 2, R11)
    Geb y Nut   "1p: counts as 2 gods"
    """
    cells = area.cells
    points = {}
    for cell, placed in enumerate(cells):
        if placed is None:
            continue
        card_id = placed.card.id
        if card_id == "hera":
            near = [cells[n] for n in NEXT_TO[cell]]
            points[cell] = (
                2 if any(p is not None and "egyptian" in p.card.mythologies for p in near) else 0
            )
        elif card_id == "hela":
            points[cell] = 2 if cell < WIDTH else 0
        elif card_id == "ship":
            start = cell // WIDTH * WIDTH
            gods = 0
            for p in cells[start : start + WIDTH]:
                if p is not None and p.card.type == "god":
                    gods += 2 if p.card.id == "geb-and-nut" else 1
            points[cell] = gods
        elif card_id == "geb-and-nut":
            points[cell] = 1
    return points


def compiled_four_points(area: Area) -> dict[int, int]:
    """The same four cards' points, from their compiled lines."""
    scene = compiled.pool().scene(area)
    return {
        cell: info.points(scene, cell)
        for cell, info in enumerate(scene.infos)
        if info is not None and info.card.id in PRINTED
    }


# ------------------------------------------------------------------ timing


def measure(
    boards: list[Board], ended: list[Board], repeat: int
) -> tuple[dict[str, float], dict[str, float]]:
    """Median CPU seconds of each pass, and median wall seconds, the passes
    interleaved."""
    revealed = [board.area.revealed() for board in boards]
    passes = {
        "reference": lambda: [score_board(b, evaluator="reference") for b in boards],
        "compiled": lambda: [score_board(b) for b in boards],
        "compiled_total": lambda: [score_total(b) for b in boards],
        "reference_game_end": lambda: [score_board(b, evaluator="reference") for b in ended],
        "compiled_game_end": lambda: [score_board(b) for b in ended],
        "reference_card_points": lambda: [card_points(a, evaluator="reference") for a in revealed],
        "compiled_card_points": lambda: [card_points(a) for a in revealed],
        "handwritten": lambda: [handwritten_points(a) for a in revealed],
        "compiled_four": lambda: [compiled_four_points(a) for a in revealed],
    }
    cpu: dict[str, list[float]] = {name: [] for name in passes}
    wall: dict[str, list[float]] = {name: [] for name in passes}
    for _ in range(repeat):
        for name, run in passes.items():
            seconds, elapsed = timed(run)
            cpu[name].append(seconds)
            wall[name].append(elapsed)
    return medians(cpu), medians(wall)


def reference_tallies(revealed: list[Area], codes: dict[int, int]) -> batch.Tallies:
    """What ``tally_batches`` counts, from the reference evaluator's points."""
    tallies = batch.Tallies()
    for area in revealed:
        points = card_points(area, evaluator="reference")
        for cell, value in points.items():
            tallies.points[codes[id(area.cells[cell].card)], value] += 1
        tallies.totals[sum(points.values())] += 1
    return tallies


def measure_batch(cards, boards: int, many: int, seed: int, repeat: int) -> dict:
    """Seconds per area of the batch path (``many`` areas) and of the
    reference tallying the first ``boards`` of them, the passes interleaved;
    and whether the two tally those first areas alike."""
    revealed = [board.area.revealed() for board in deal(cards, many, seed)]
    codes = {id(card): index for index, card in enumerate(cards)}
    areas = [bytes(codes[id(p.card)] for p in area.cells) for area in revealed]
    few = revealed[:boards]
    facts = Facts()
    got = batch.tally_batches(cards, areas[:boards], facts)
    want = reference_tallies(few, codes)
    agree = got.points == want.points and got.totals == want.totals
    times: dict[str, list[float]] = {"batch": [], "reference_tallies": []}
    for _ in range(repeat):
        times["batch"].append(timed(lambda: batch.tally_batches(cards, areas, facts))[0] / many)
        times["reference_tallies"].append(
            timed(lambda: reference_tallies(few, codes))[0] / len(few)
        )
    return {"agree": agree, **{name: statistics.median(v) for name, v in times.items()}}


def disagreements(boards: list[Board], ended: list[Board]) -> list[str]:
    """Warm up every cache, and say where the scorers disagree (never, we hope)."""
    found = []
    for index, (board, end) in enumerate(zip(boards, ended, strict=True)):
        reference = score_board(board, evaluator="reference")
        if score_board(board) != reference or score_total(board) != reference.total:
            found.append(f"board {index}: compiled and reference score_board differ")
        if score_board(end) != score_board(end, evaluator="reference"):
            found.append(f"game-end board {index}: compiled and reference differ")
        area = board.area.revealed()
        if handwritten_points(area) != compiled_four_points(area):
            found.append(f"board {index}: the hand-written scorer and the compiled one differ")
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--boards",
        type=int,
        default=2000,
        metavar="N",
        help="how many random boards to deal (default: 2000)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="random seed for the deal (default: 0)"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        metavar="R",
        help="time each pass R times, interleaved, and keep the median (default: 5)",
    )
    parser.add_argument(
        "--batch-boards",
        type=int,
        default=batch.BATCH,
        metavar="N",
        help=f"how many areas the batch path scores side by side (default: {batch.BATCH})",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people (default), json: one object for programs",
    )
    args = parser.parse_args(argv)
    if args.boards < 1 or args.repeat < 1 or args.batch_boards < args.boards:
        parser.error("--boards and --repeat must be at least 1, --batch-boards at least --boards")

    pinned = one_core()

    registry, _ = load_registry()
    cards = sorted(registry.myth_cards(), key=lambda card: card.id)
    boards = deal(cards, args.boards, args.seed)
    ended = game_end_boards(registry, boards, args.seed)
    for problem in disagreements(boards, ended):
        print(f"warning: {problem}", file=sys.stderr)
    seconds, wall = measure(boards, ended, args.repeat)
    side_by_side = measure_batch(cards, args.boards, args.batch_boards, args.seed, args.repeat)
    if not side_by_side["agree"]:
        print(
            "warning: the batch path and the reference tally the areas differently", file=sys.stderr
        )
    rate = {name: args.boards / value for name, value in seconds.items()}
    result = {
        "version": __version__,
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
        "machine": platform.machine(),
        "pinned": pinned,
        "clock": CLOCK,
        "boards": args.boards,
        "seed": args.seed,
        "repeat": args.repeat,
        "myth_cards": len(cards),
        "mean_total": round(statistics.mean(score_board(b).total for b in boards), 3),
        "reference_boards_per_s": round(rate["reference"]),
        "compiled_boards_per_s": round(rate["compiled"]),
        "ratio": round(rate["compiled"] / rate["reference"], 2),
        "wall_ratio": round(wall["reference"] / wall["compiled"], 2),
        "compiled_total_boards_per_s": round(rate["compiled_total"]),
        "total_ratio": round(rate["compiled_total"] / rate["reference"], 2),
        "reference_game_end_boards_per_s": round(rate["reference_game_end"]),
        "compiled_game_end_boards_per_s": round(rate["compiled_game_end"]),
        "game_end_ratio": round(rate["compiled_game_end"] / rate["reference_game_end"], 2),
        "reference_card_points_per_s": round(rate["reference_card_points"]),
        "compiled_card_points_per_s": round(rate["compiled_card_points"]),
        "card_points_ratio": round(rate["compiled_card_points"] / rate["reference_card_points"], 2),
        "handwritten_boards_per_s": round(rate["handwritten"]),
        "compiled_four_boards_per_s": round(rate["compiled_four"]),
        "handwritten_ratio": round(rate["compiled_four"] / rate["handwritten"], 2),
        "batch_boards": args.batch_boards,
        "reference_tallies_boards_per_s": round(1 / side_by_side["reference_tallies"]),
        "batch_boards_per_s": round(1 / side_by_side["batch"]),
        "batch_ratio": round(side_by_side["reference_tallies"] / side_by_side["batch"], 2),
    }
    if args.format == "json":
        print(json.dumps(result))
        return
    print(
        f"dioses-rules {__version__}, Python {result['python']} on {result['machine']}, "
        f"{pinned}, CPU time"
    )
    print(
        f"{args.boards} random full areas from {len(cards)} Myth cards (Hera, Hela, Barco "
        f"and Geb y Nut in each), seed {args.seed}, median of {args.repeat}; mean total "
        f"{result['mean_total']:.2f} points"
    )
    for label, name in (
        ("score_board, reference", "reference"),
        ("score_board, compiled", "compiled"),
        ("score_total, compiled", "compiled_total"),
        ("game end, reference", "reference_game_end"),
        ("game end, compiled", "compiled_game_end"),
        ("card_points, reference", "reference_card_points"),
        ("card_points, compiled", "compiled_card_points"),
        ("4 printed cards, by hand", "handwritten"),
        ("4 printed cards, compiled", "compiled_four"),
    ):
        print(
            f"  {label:<27} {rate[name]:>10,.0f} boards/s  "
            f"({seconds[name] / args.boards * 1e6:,.1f} us per board)"
        )
    print(
        f"  batch ({args.batch_boards:,} areas side by side) "
        f"{result['batch_boards_per_s']:>10,} boards/s, against the reference tallying "
        f"{result['reference_tallies_boards_per_s']:,} boards/s: {result['batch_ratio']:.1f}x"
    )
    print(
        f"  compiled / reference: {result['ratio']:.1f}x (score_board), "
        f"{result['total_ratio']:.1f}x (the total only), "
        f"{result['game_end_ratio']:.1f}x (game end), "
        f"{result['card_points_ratio']:.1f}x (card_points); compiled / by hand: "
        f"{result['handwritten_ratio']:.2f}x"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
