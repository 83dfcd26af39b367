"""The compiled pool is safe from several threads at once (#23, item 6).

The web app scores from threads, and the process's compiled pool hands out
lanes, card forms and compiled trees lazily, on first sight. Here a fresh
pool (so that everything is handed out during the test) is used by many
threads at once, with the interpreter switching threads as often as it can,
and every report is compared with the reference evaluator's, computed
beforehand in one thread.
"""

from __future__ import annotations

import random
import sys
import threading

import pytest
from test_properties import bundled

from dioses_rules.language import model as m
from dioses_rules.scoring import compiled
from dioses_rules.scoring.area import SIZE, Area, Placed
from dioses_rules.scoring.board import Board, HeldPattern, LawPlacement
from dioses_rules.scoring.evaluator import Evaluator
from dioses_rules.scoring.scene import LANE
from dioses_rules.scoring.score import score_board

THREADS = 8
ROUNDS = 2


def random_boards(count: int, seed: int) -> list[Board]:
    """Full areas in random faces, with laws, patterns, objectives and, for
    some, a scenario: every kind of tree the pool compiles."""
    rng = random.Random(seed)
    myths, laws, patterns = bundled("myth"), bundled("law"), bundled("pattern")
    goals, elements = bundled("objective-goal"), bundled("objective-element")
    scenarios = bundled("scenario")
    boards = []
    for index in range(count):
        cards = rng.sample(myths, SIZE)
        area = Area(tuple(Placed(card, rng.random() < 0.7) for card in cards))
        placed = [
            LawPlacement(law, row=row)
            for law, row in zip(rng.sample(laws, 2), rng.sample(list(m.ROWS), 2), strict=True)
        ][: rng.randrange(3)]
        held = tuple(HeldPattern(p) for p in rng.sample(patterns, rng.randrange(3)))
        objectives = tuple(
            (rng.choice(goals), rng.choice(elements)) for _ in range(rng.randrange(3))
        )
        scenario = scenarios[index % len(scenarios)] if index % 3 == 0 else None
        boards.append(Board(area, tuple(placed), held, objectives, scenario))
    return boards


def named_conditions() -> list[m.Condition]:
    """Conditions asking about card names: each gives a name its lane on
    first sight, while other threads build scenes."""
    return [m.Relation(m.RelationKind.CLOSE_TO, m.Named(card.id)) for card in bundled("myth")]


@pytest.fixture
def switching_often():
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def test_many_threads_score_what_the_reference_scores_on_a_fresh_pool(monkeypatch, switching_often):
    boards = random_boards(32, seed=23)
    expected = [score_board(board, evaluator="reference") for board in boards]
    conditions = named_conditions()
    area = boards[0].area.revealed()
    holds = [[Evaluator(area).holds(c, anchor) for anchor in range(SIZE)] for c in conditions]
    for round_ in range(ROUNDS):
        monkeypatch.setattr(compiled, "_POOL", compiled.CompiledPool())
        start = threading.Barrier(THREADS)
        problems: list[str] = []

        def work(
            seat: int, round_: int = round_, start=start, problems: list[str] = problems
        ) -> None:
            order = list(range(len(boards)))
            random.Random(round_ * THREADS + seat).shuffle(order)
            start.wait()
            try:
                for step, index in enumerate(order):
                    report = score_board(boards[index])
                    if report != expected[index]:
                        problems.append(
                            f"thread {seat}: board {index} scored "
                            f"{report.total}, the reference {expected[index].total}"
                        )
                    which = (step * THREADS + seat) % len(conditions)
                    got = [
                        bool(compiled.holds(area, compiled.NO_FACTS, conditions[which], a))
                        for a in range(SIZE)
                    ]
                    if got != holds[which]:
                        problems.append(f"thread {seat}: condition {which} judged differently")
            except Exception as error:  # noqa: BLE001 (a thread's error is otherwise lost: it is a problem)
                problems.append(f"thread {seat}: {type(error).__name__}: {error}")

        threads = [threading.Thread(target=work, args=(seat,)) for seat in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not problems, "\n".join(problems[:10])
        pool = compiled.pool()
        for lanes in (pool.lanes.kinds, pool.lanes.names):  # one lane each
            assert sorted(lanes.values()) == [i * LANE for i in range(len(lanes))]
        # every card was given a form once, and knows every lane of its names
        for info in pool.cards.values():
            assert info.name_lanes == info.lanes_of_names(pool.lanes.names), info.card.id
