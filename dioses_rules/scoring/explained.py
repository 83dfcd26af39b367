"""A score report with its explanations (``score_board(explain=True)``).

Each line's points come from the evaluator that scored the report (the
caller's ``LinePoints``); the cells each line,
law and objective matched, and the scenario's leaders (R24), are the
reference evaluator's, the only one that records them, which the report says
(``explained_by``) and ``dioses score --explain`` prints.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import evolve

from ..language import model as m
from ..language.source import line_text
from .area import Area
from .board import Board
from .evaluator import Evaluator, Facts
from .explain import leader_notes
from .judges import card_facts, goal_facts, law_facts
from .report import CardScore, LineScore, ScenarioResult, ScoreReport

# given the facts the cards are judged with: a line's points from a cell,
# judged by one evaluator
LinePoints = Callable[[Facts], Callable[[m.ScoringLine, int], int]]

# ---------------------------------------------------------------- explanations


def explained(
    report: ScoreReport, board: Board, points_of: LinePoints, all_face_up_at_end: bool
) -> ScoreReport:
    """The report with its explanations: each line's points (``points_of``,
    the evaluator that scored it) and cells, the cells of each law and
    objective, the scenario's leaders (R24); cells and leaders from the
    reference."""
    area = report.area
    facts = card_facts(
        all_face_up_at_end,
        board.scenario_state,
        sum(1 for p in report.patterns if p.completed),
        sum(1 for law in report.laws if law.points > 0),
    )
    laws = tuple(
        evolve(
            law, cells=matched(area, law.law.lines, None, law_facts(placement, all_face_up_at_end))
        )
        for law, placement in zip(report.laws, board.laws, strict=True)
    )
    objectives = tuple(
        evolve(
            o, cells=matched(area, o.goal.lines, None, goal_facts(o.element, all_face_up_at_end))
        )
        for o in report.objectives
    )
    return ScoreReport.lazy(
        None,
        area,
        _explained_cards(report, points_of(facts), facts),
        laws,
        report.patterns,
        objectives,
        report.total,
        report.gods,
        report.all_face_up_before_reveal,
        _explained_scenario(report, board, facts),
        "reference",
    )


def matched(
    area: Area, lines: tuple[m.ScoringLine, ...], anchor: int | None, facts: Facts
) -> tuple[int, ...]:
    """The cells the reference evaluator saw match, judging ``lines`` from ``anchor``."""
    evaluator = Evaluator(area, facts, explain=True)
    evaluator.lines_points(lines, anchor)
    return tuple(sorted(evaluator.witnesses or ()))


def _explained_cards(
    report: ScoreReport, points: Callable[[m.ScoringLine, int], int], facts: Facts
) -> tuple[CardScore, ...]:
    """Each card with each of its lines: its text, its ``points`` (from the
    evaluator that scored it), the cells it matched."""
    area = report.area
    return tuple(
        evolve(
            c,
            lines=tuple(
                LineScore(
                    line_text(line), points(line, c.cell), matched(area, (line,), c.cell, facts)
                )
                for line in c.card.lines
            ),
        )
        for c in report.cards
    )


def _explained_scenario(report: ScoreReport, board: Board, facts: Facts) -> ScenarioResult | None:
    """The scenario's verdict with a sentence for each of its leaders (R24),
    judged with the facts its conditions were: each card's points and the total."""
    scenario = report.scenario
    if scenario is None or board.scenario is None:
        return None
    notes = leader_notes(
        report.area,
        board.scenario.victory + board.scenario.challenge,
        evolve(facts, card_points={c.cell: c.points for c in report.cards}, total=report.total),
    )
    return evolve(scenario, notes=tuple(notes))
