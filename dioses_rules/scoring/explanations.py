"""A score report's explanations (``score_board(..., explain=True)``): each
line's points, the cells each line, law and objective matched, and the
scenario's leaders (R24); the cells and leaders from the reference evaluator,
the only one that records them. And the facts a law and an objective are
judged with, which both the scoring (``score``) and the explanations read.
"""

from __future__ import annotations

from ..language.source import line_text
from .board import Board
from .evaluator import Evaluator, Facts
from .explain import leader_notes
from .report import CardScore, LawScore, LineScore, ObjectiveScore, ScenarioResult, ScoreReport


def law_facts(placement, all_face_up_at_end: bool) -> Facts:
    return Facts(law_line=placement.cells(), all_face_up_at_end=all_face_up_at_end)


def goal_facts(element, all_face_up_at_end: bool) -> Facts:
    return Facts(element=element.selector, all_face_up_at_end=all_face_up_at_end)


# ---------------------------------------------------------------- explanations


def explained(report: ScoreReport, board: Board, judge, all_face_up_at_end: bool) -> ScoreReport:
    """The report with its explanations: each line's points (the judge's
    evaluator) and cells, the cells of each law and objective, the
    scenario's leaders (R24); cells and leaders from the reference."""
    area = report.area
    facts = judge.card_facts(
        all_face_up_at_end,
        board.scenario_state,
        sum(1 for p in report.patterns if p.completed),
        sum(1 for law in report.laws if law.points > 0),
    )
    judge.judge_with(facts)  # as the cards were judged

    def cells_of(lines, anchor, these: Facts) -> tuple[int, ...]:
        evaluator = Evaluator(area, these, explain=True)
        evaluator.lines_points(lines, anchor)
        return tuple(sorted(evaluator.witnesses or ()))

    cards = tuple(
        CardScore(
            c.card,
            c.cell,
            c.points,
            tuple(
                LineScore(
                    line_text(line), judge.line(line, c.cell), cells_of((line,), c.cell, facts)
                )
                for line in c.card.lines
            ),
        )
        for c in report.cards
    )
    laws = tuple(
        LawScore(
            law.law,
            law.row,
            law.column,
            law.points,
            cells_of(law.law.lines, None, law_facts(placement, all_face_up_at_end)),
        )
        for law, placement in zip(report.laws, board.laws)
    )
    objectives = tuple(
        ObjectiveScore(
            o.goal,
            o.element,
            o.points,
            cells_of(o.goal.lines, None, goal_facts(o.element, all_face_up_at_end)),
        )
        for o in report.objectives
    )
    scenario = report.scenario
    if scenario is not None:
        notes = leader_notes(
            area,
            board.scenario.victory + board.scenario.challenge,
            Facts(
                card_points={c.cell: c.points for c in report.cards},
                patterns_completed=facts.patterns_completed,
                laws_met=facts.laws_met,
                total=report.total,
                scenario_state=dict(board.scenario_state),
                all_face_up_at_end=all_face_up_at_end,
            ),
        )
        scenario = ScenarioResult(
            scenario.scenario,
            scenario.victory,
            scenario.challenge,
            scenario.threshold,
            scenario.beaten,
            scenario.victory_conditions,
            scenario.challenge_conditions,
            tuple(notes),
        )
    return ScoreReport(
        area,
        cards,
        laws,
        report.patterns,
        objectives,
        report.total,
        report.gods,
        report.all_face_up_before_reveal,
        scenario,
        "reference",
    )
