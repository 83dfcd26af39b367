"""Final scoring of one play area: cards, laws, patterns, objectives, scenario.

One :func:`score_board` for both evaluators (``EVALUATORS``): the compiled
one in one pass on masks (``lean``), the reference (the oracle) step by step
below, in the same order and with the same facts (R12-R16, R21, R24, R34).
Both give equal reports (tests/test_compiled.py), and explanations are added
alike (``explained``). :func:`score_total` is the same scoring stopped at
the total, for whoever needs only that (agents, balance, the solver's
checks). A report's cards and revealed area are built when first read
(``report``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from attrs import evolve

from ..language import model as m
from ..language.headers import bundled_tie_break
from . import compiled, lean
from .area import Area
from .board import Board
from .evaluator import Evaluator, Facts, card_weight
from .explained import LinePoints, explained
from .judges import (
    EVALUATORS,
    card_facts,
    goal_facts,
    law_facts,
    pattern_score,
    scenario_result,
    wants_compiled,
)
from .patterns import pattern_matches
from .report import (
    CardScore,
    ConditionResult,
    LawScore,
    LineScore,
    ObjectiveScore,
    PatternScore,
    ScenarioResult,
    ScoreReport,
)

__all__ = [
    "EVALUATORS",
    "CardScore",
    "ConditionResult",
    "LawScore",
    "LineScore",
    "ObjectiveScore",
    "PatternScore",
    "ScenarioResult",
    "ScoreReport",
    "card_points",
    "score_board",
    "score_total",
    "tie_break_count",
]


def card_points(area: Area, facts: Facts = Facts(), evaluator: str = "compiled") -> dict[int, int]:
    """Each occupied cell's own points (R8-R11), without explanations."""
    if wants_compiled(evaluator):
        return compiled.card_points(area, facts)
    evaluator_ = Evaluator(area, facts)
    return {
        cell: evaluator_.lines_points(placed.card.lines, cell)
        for cell, placed in enumerate(area.cells)
        if placed is not None
    }


# ---------------------------------------------------------------- the scoring


def score_board(
    board: Board,
    explain: bool = False,
    all_face_up_at_end: bool | None = None,
    evaluator: str = "compiled",
) -> ScoreReport:
    """Score a board at the end of a game.

    R12: every card is revealed first. ``all_face_up_at_end`` (R21) defaults
    to whether the area was already all face up before that reveal.
    ``evaluator`` (see ``EVALUATORS``) judges every card, law, pattern,
    objective and the scenario. With ``explain``, each line's points (from
    that evaluator), the cells each line, law and objective matched and the
    scenario's leaders are added; the cells are the reference evaluator's
    (the only one that records them), which the report says
    (``explained_by``). Without ``explain`` those cells are empty.
    """
    if evaluator == "compiled" or wants_compiled(evaluator):
        report = lean.score(board, all_face_up_at_end, False)
        if not explain:
            return report
        points_of: LinePoints = functools.partial(lean.line_points, board)
    else:
        report = _reference(board, all_face_up_at_end)
        if not explain:
            return report
        points_of = functools.partial(_reference_line_points, report.area)
    if all_face_up_at_end is None:
        all_face_up_at_end = report.all_face_up_before_reveal
    return explained(report, board, points_of, all_face_up_at_end)


def score_total(
    board: Board, all_face_up_at_end: bool | None = None, evaluator: str = "compiled"
) -> int:
    """``score_board(...).total``. Compiled, nothing else is built: no report,
    no tie-break count, no scenario (which never changes the total); the
    reference, the oracle, gives its report's total."""
    if evaluator == "compiled" or wants_compiled(evaluator):
        return lean.score(board, all_face_up_at_end, True)
    return _reference(board, all_face_up_at_end).total


def _reference(board: Board, all_face_up_at_end: bool | None) -> ScoreReport:
    """The scoring with the reference evaluator (the oracle), step by step:
    laws (R13), patterns (R14), objectives (R15), then the cards (R8-R11),
    which may count completed patterns and met laws; the scenario (R34) and
    the tie-break (R16) last."""
    face_up_before = board.area.all_face_up()
    flag = face_up_before if all_face_up_at_end is None else all_face_up_at_end
    area = board.area.revealed()  # R12
    laws = tuple(
        LawScore(
            p.law,
            p.row,
            p.column,
            Evaluator(area, law_facts(p, flag)).lines_points(p.law.lines, None),
        )
        for p in board.laws
    )
    patterns = tuple(pattern_score(h, pattern_matches(area, h.pattern)) for h in board.patterns)
    objectives = tuple(
        ObjectiveScore(
            goal, element, Evaluator(area, goal_facts(element, flag)).lines_points(goal.lines, None)
        )
        for goal, element in board.objectives
    )
    completed = sum(1 for p in patterns if p.completed)
    met = sum(1 for law in laws if law.points > 0)
    facts = card_facts(flag, board.scenario_state, completed, met)
    points = card_points(area, facts, "reference")
    total = (
        sum(points.values())
        + sum(law.points for law in laws)
        + sum(p.points for p in patterns)
        + sum(o.points for o in objectives)
    )
    scenario = None
    if board.scenario is not None:  # R24: its conditions may read each card's points
        holds = Evaluator(area, evolve(facts, card_points=points, total=total)).holds
        scenario = scenario_result(
            board.scenario,
            tuple([bool(holds(c, None)) for c in board.scenario.victory]),
            tuple([bool(holds(c, None)) for c in board.scenario.challenge]),
            total,
        )
    return ScoreReport.lazy(
        _reference_cards,
        area,
        points,
        laws,
        patterns,
        objectives,
        total,
        tie_break_count(area, board.tie_break or bundled_tie_break()),
        face_up_before,
        scenario,
    )


def tie_break_count(area: Area, tie_break: str | None) -> int:
    """R16's tie-break: the cards of the tie-break type (gods) in an area,
    with R11 weights; 0 when the sets name no such type."""
    if tie_break is None:
        return 0
    wanted = m.TypeIs(tie_break)
    count = 0
    for placed in area.cells:
        if placed is not None and placed.card.type == tie_break:
            count += card_weight(placed.card, wanted)
    return count


def _reference_cards(area: Area, points: dict[int, int]) -> tuple[Area, tuple[CardScore, ...]]:
    return area, tuple(
        CardScore(placed.card, cell, points[cell])
        for cell, placed in enumerate(area.cells)
        if placed is not None
    )


def _reference_line_points(area: Area, facts: Facts) -> Callable[[m.ScoringLine, int], int]:
    """A line's points from a cell, judged by the reference with these facts."""
    return lambda line, cell: Evaluator(area, facts).line_points(line, cell)
