"""The greedy agent's value the slow, plain way (the oracle): the area as a
board, scored by ``score_board``, plus the scenario's credit judged by the
reference evaluator. :class:`~.valuation.Valuation` computes the same number
fast and must equal it (tests/test_greedy_valuation.py); the planner judges
its simulated games' ends with :func:`reference_progress`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..language import model as m
from ..scoring.board import Board, LawEntry
from ..scoring.evaluator import Evaluator, Facts
from ..scoring.report import ScoreReport
from ..scoring.score import score_board
from .rules import rules_of
from .state import Slot
from .valuation import ABILITY_READY, CHALLENGE_BONUS, VICTORY_BONUS
from .valuation_parts import CHALLENGE_WEIGHT, VICTORY_WEIGHT, parts
from .view import board_of

if TYPE_CHECKING:
    from .game import Game


def reference_value(
    game: Game, area: int, cells: Sequence[Slot | None], laws: list[LawEntry] | None = None
) -> float:
    """The agent's value through boards and reports (what :class:`Valuation`
    must equal)."""
    board = board_of(game.registry, game.state, area, cells=cells, laws=laws, seen_only=True)
    report = score_board(board, all_face_up_at_end=False)
    value = float(report.total)
    if report.scenario is not None:
        value += reference_progress(game, area, board, report)
    return value


def reference_progress(game: Game, area: int, board: Board, report: ScoreReport) -> float:
    """Credit for each part of the victory and challenge already met, so
    that the agent climbs towards them one card at a time, and for each
    of the scenario's own abilities made ready to use (its condition met,
    not used yet): scenario 7's sarcophagus moves only that way."""
    facts = Facts(
        card_points={c.cell: c.points for c in report.cards},
        patterns_completed=sum(1 for p in report.patterns if p.completed),
        laws_met=sum(1 for law in report.laws if law.points > 0),
        total=report.total,
        scenario_state=dict(board.scenario_state),
    )
    evaluator = Evaluator(report.area, facts)
    scenario = game.scenario
    assert scenario is not None and report.scenario is not None, "a scenario game's report"
    value = 0.0
    for weight, conditions in (
        (VICTORY_WEIGHT, scenario.victory),
        (CHALLENGE_WEIGHT, scenario.challenge),
    ):
        for condition in conditions:
            split = parts(condition)
            met = sum(1 for part in split if evaluator.holds(part, None))
            value += weight * met / len(split)
    value += VICTORY_BONUS if report.scenario.victory else 0
    # the challenge's own conditions, as the fast path reads them: credit to climb
    # by, not the R34 verdict (which needs the victory too)
    value += CHALLENGE_BONUS if all(c.met for c in report.scenario.challenge_conditions) else 0
    used = game.state.areas[area].used_abilities
    for index, rule in rules_of(scenario, m.Ability):
        if (
            rule.condition is not None
            and index not in used
            and evaluator.holds(rule.condition, None)
        ):
            value += ABILITY_READY
    return value
