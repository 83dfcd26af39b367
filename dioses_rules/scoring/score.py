"""Final scoring of one play area: cards, laws, patterns, objectives, scenario.

One :func:`score_board` for both evaluators (``EVALUATORS``): the scoring's
steps are written once, and a *judge* (``judges``: :class:`CompiledJudge`
or :class:`ReferenceJudge`) answers each step with its own evaluator. Both give
equal reports (tests/test_compiled.py). :func:`score_total` is the same
scoring stopped at the total, for whoever needs only that (agents, balance,
the solver's checks). A report's cards and revealed area are built when first
read (``report``).
"""

from __future__ import annotations

import functools
from typing import Literal, overload

from . import compiled, lean
from .area import Area
from .board import Board
from .evaluator import Evaluator, Facts
from .explained import explained
from .judges import (
    EVALUATORS,
    CompiledJudge,
    Judge,
    ReferenceJudge,
    judge_scenario,
    tie_break_count,
    wants_compiled,
)
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
    "judge_scenario",
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
    if evaluator == "compiled" and not explain:  # one pass
        return lean.report(board, all_face_up_at_end)
    compiled_ = wants_compiled(evaluator)
    judge = CompiledJudge(board) if compiled_ else ReferenceJudge(board)
    if all_face_up_at_end is None:
        all_face_up_at_end = judge.face_up_before
    report = _score(board, judge, all_face_up_at_end, total_only=False)
    return explained(report, board, judge, all_face_up_at_end) if explain else report


def score_total(
    board: Board, all_face_up_at_end: bool | None = None, evaluator: str = "compiled"
) -> int:
    """``score_board(...).total``, and nothing else built: no report, no
    tie-break count, no scenario (which never changes the total)."""
    if evaluator == "compiled" or wants_compiled(evaluator):
        return lean.total(board, all_face_up_at_end)
    judge = ReferenceJudge(board)
    if all_face_up_at_end is None:
        all_face_up_at_end = judge.face_up_before
    return _score(board, judge, all_face_up_at_end, total_only=True)


@overload
def _score(
    board: Board, judge: Judge, all_face_up_at_end: bool, total_only: Literal[True]
) -> int: ...


@overload
def _score(
    board: Board, judge: Judge, all_face_up_at_end: bool, total_only: Literal[False]
) -> ScoreReport: ...


def _score(
    board: Board, judge: Judge, all_face_up_at_end: bool, total_only: bool
) -> ScoreReport | int:
    face_up_before = judge.face_up_before
    laws = judge.laws(board, all_face_up_at_end) if board.laws else ()
    patterns = judge.patterns(board) if board.patterns else ()
    completed = sum(1 for p in patterns if p.completed) if patterns else 0
    met = sum(1 for law in laws if law.points > 0) if laws else 0
    objectives = judge.objectives(board, all_face_up_at_end) if board.objectives else ()
    # A card may count completed patterns and met laws, which never depend on
    # card points; the total is only for scenarios.
    points, total = judge.cards(
        judge.card_facts(all_face_up_at_end, board.scenario_state, completed, met)
    )
    if laws or patterns or objectives:
        total += (
            sum(law.points for law in laws)
            + sum(p.points for p in patterns)
            + sum(o.points for o in objectives)
        )
    if total_only:
        return total
    scenario = None
    if board.scenario is not None:
        scenario = judge.scenario(
            board.scenario,
            Facts(
                card_points={c: p for c, p in enumerate(points) if p is not None},
                patterns_completed=completed,
                laws_met=met,
                total=total,
                scenario_state=dict(board.scenario_state),
                all_face_up_at_end=all_face_up_at_end,
            ),
        )
    return ScoreReport.lazy(
        functools.partial(judge.made, points),
        laws,
        patterns,
        objectives,
        total,
        judge.gods(board.tie_break),
        face_up_before,
        scenario,
    )
