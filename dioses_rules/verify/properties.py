"""A seeded, budgeted property run over random boards of the sets under
test: the compiled evaluator scores every board as the reference evaluator
does, and on a full board no card scores outside the best and worst points
proven for it.
With Hypothesis installed, a failing board is shrunk to the smallest that
still fails (its database in the user's cache); without it, the boards are
dealt from the seed and the first failing one is shown as it is."""

from __future__ import annotations

import importlib.util
import random
import time

from ..cache import cache_dir
from ..pool.registry import Registry
from ..scoring.area import SIZE, Area, Placed
from ..scoring.board import (
    LAW_LINES,
    Board,
    HeldPattern,
    LawPlacement,
    board_file_text,
    board_to_file,
    law_on,
)
from ..scoring.score import score_board
from .results import Outcome, Status

MAX_BOARDS = 2000  # a run's random boards at most, however long its budget

Ranges = dict[str, tuple[int, int]]  # card id -> its proven (worst, best) points
Failure = tuple[str, Board]  # what failed, on which board
# _Boards.board's arguments: cards, faces, empty cells, a law, its line
Choices = tuple[list[int], list[bool], list[bool], int | None, int]


def hypothesis_available() -> bool:
    return importlib.util.find_spec("hypothesis") is not None


class _Boards:
    """Boards from choices: cell i holds pool card ``cards[i]`` (or is empty),
    face up or down; a law of the sets under test on a line; their patterns."""

    def __init__(self, registry: Registry, tested: set[str]) -> None:
        self.pool = sorted(registry.myth_cards(), key=lambda card: card.id)
        in_test = [c for c in self.pool if registry.set_of(c) in tested]
        # the cards under test first, so that shrinking goes towards them
        self.pool = in_test + [c for c in self.pool if c not in in_test]
        self.laws = sorted(
            (d for d in registry.definitions("law") if registry.set_of(d) in tested),
            key=lambda d: d.id,
        )
        self.patterns = [
            HeldPattern(p, None, registry.pattern_points(p))
            for p in sorted(registry.definitions("pattern"), key=lambda p: p.id)
            if registry.set_of(p) in tested
        ]
        self.tie_break = registry.tie_break

    def board(
        self, cards: list[int], faces: list[bool], empty: list[bool], law: int | None, line: int
    ) -> Board:
        cells = tuple(
            None if empty[i] else Placed(self.pool[c], faces[i]) for i, c in enumerate(cards)
        )
        laws: tuple[LawPlacement, ...] = ()
        if law is not None and self.laws:
            laws = (law_on(self.laws[law % len(self.laws)], LAW_LINES[line]),)
        return Board(Area(cells), laws, tuple(self.patterns), tie_break=self.tie_break)


def _problem(board: Board, ranges: dict[str, tuple[int, int]]) -> str | None:
    compiled = score_board(board)
    reference = score_board(board, evaluator="reference")
    if compiled != reference:
        return (
            f"the compiled evaluator scores {compiled.total}, the reference evaluator "
            f"{reference.total}"
        )
    if any(cell is None for cell in board.area.cells):
        return None  # the ranges are over full final areas (R1)
    for card in reference.cards:
        if card.card.id not in ranges:
            continue
        low, high = ranges[card.card.id]
        if not low <= card.points <= high:
            return (
                f"card {card.card.id} scores {card.points}, outside the {low} to {high} "
                "points found for it"
            )
    return None


def property_check(
    registry: Registry,
    tested: set[str],
    ranges: dict[str, tuple[int, int]],
    seed: int,
    seconds: float,
    place: str,
) -> Outcome:
    """Random boards for ``seconds``; ``ranges``: each card's proven worst
    and best points (a board outside them refutes the claim)."""
    started = time.perf_counter()
    boards = _Boards(registry, tested)
    if len(boards.pool) < SIZE:
        return Outcome(
            "property",
            "random boards",
            place,
            Status.SKIPPED,
            "the pool has fewer than 12 Myth cards",
        )
    rng = random.Random(seed)
    per_board = _time_one(boards, ranges, rng)
    count = max(5, min(MAX_BOARDS, int(seconds / max(per_board, 1e-4))))
    if hypothesis_available():
        failure, runs = _hypothesis_run(boards, ranges, seed, count)
        how = "Hypothesis, shrunk"
    else:
        failure, runs = _seeded_run(boards, ranges, rng, count)
        how = "seeded (install Hypothesis to shrink a failing board)"
    elapsed = time.perf_counter() - started
    if failure is not None:
        problem, board = failure
        return Outcome(
            "property",
            "random boards",
            place,
            Status.FAILED,
            f"{problem} (seed {seed}, {how})",
            "the smallest failing board:\n" + board_file_text(board_to_file(board)),
            seconds=elapsed,
        )
    return Outcome(
        "property",
        "random boards",
        place,
        Status.PASSED,
        f"{runs} boards (seed {seed}): scored alike by both evaluators, within every card's range",
        seconds=elapsed,
        data={"boards": runs},
    )


def _random_choices(rng: random.Random, boards: _Boards) -> Choices:
    cards = rng.sample(range(len(boards.pool)), SIZE)
    faces = [rng.random() < 0.8 for _ in range(SIZE)]
    empty = [rng.random() < 0.1 for _ in range(SIZE)]
    law = rng.randrange(len(boards.laws)) if boards.laws and rng.random() < 0.7 else None
    return cards, faces, empty, law, rng.randrange(len(LAW_LINES))


def _time_one(boards: _Boards, ranges: Ranges, rng: random.Random) -> float:
    started = time.perf_counter()
    for _ in range(3):
        _problem(boards.board(*_random_choices(rng, boards)), ranges)
    return (time.perf_counter() - started) / 3


def _seeded_run(
    boards: _Boards, ranges: Ranges, rng: random.Random, count: int
) -> tuple[Failure | None, int]:
    for run in range(count):
        board = boards.board(*_random_choices(rng, boards))
        problem = _problem(board, ranges)
        if problem is not None:
            return (problem, board), run + 1
    return None, count


def _hypothesis_run(
    boards: _Boards, ranges: Ranges, seed: int, count: int
) -> tuple[Failure | None, int]:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st
    from hypothesis.database import DirectoryBasedExampleDatabase

    folder = cache_dir()
    database = DirectoryBasedExampleDatabase(str(folder / "hypothesis")) if folder else None
    pool = range(len(boards.pool))
    failures: list[tuple[str, Board]] = []
    runs = [0]

    @hypothesis_seed(seed)
    @settings(
        max_examples=count,
        deadline=None,
        database=database,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(
        st.lists(st.sampled_from(pool), min_size=SIZE, max_size=SIZE, unique=True),
        st.lists(st.booleans(), min_size=SIZE, max_size=SIZE),
        st.lists(st.booleans(), min_size=SIZE, max_size=SIZE),
        st.none() | st.integers(0, max(len(boards.laws) - 1, 0)),
        st.integers(0, len(LAW_LINES) - 1),
    )
    def holds(
        cards: list[int], faces: list[bool], empty: list[bool], law: int | None, line: int
    ) -> None:
        runs[0] += 1
        # shrinking goes towards False: a cell filled, its card face up
        board = boards.board(cards, [not f for f in faces], empty, law, line)
        problem = _problem(board, ranges)
        if problem is not None:
            failures.append((problem, board))  # the last one is the smallest
            raise AssertionError(problem)

    try:
        holds()
    except AssertionError:
        return failures[-1], runs[0]
    return None, runs[0]


__all__ = ["hypothesis_available", "property_check"]
