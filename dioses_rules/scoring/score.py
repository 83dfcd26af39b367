"""Final scoring of one play area: cards, laws, patterns, objectives, scenario."""

from __future__ import annotations

from typing import Optional

from attrs import frozen

from ..language import model as m
from ..language.headers import bundled_tie_break
from ..language.source import condition_text, line_text
from .area import Area, cell_column, cell_row
from .board import Board
from .evaluator import Evaluator, Facts, card_weight
from .patterns import pattern_matches



@frozen
class LineScore:
    text: str
    points: int
    cells: tuple[int, ...]  # the cells that matched while judging it


@frozen
class CardScore:
    card: m.MythCard
    cell: int
    points: int
    lines: tuple[LineScore, ...] = ()


@frozen
class LawScore:
    law: m.Law
    row: Optional[m.Row]
    column: Optional[int]
    points: int
    cells: tuple[int, ...] = ()


@frozen
class PatternScore:
    pattern: m.Pattern
    completed: bool
    judged: bool  # True when completion was judged on this board (R14)
    points: int
    cells: tuple[int, ...] = ()


@frozen
class ObjectiveScore:
    goal: m.ObjectiveGoal
    element: m.ObjectiveElement
    points: int
    cells: tuple[int, ...] = ()


@frozen
class ConditionResult:
    text: str
    met: bool


@frozen
class ScenarioResult:
    scenario: m.Scenario
    victory: bool
    challenge: bool
    threshold: int
    beaten: bool
    victory_conditions: tuple[ConditionResult, ...] = ()
    challenge_conditions: tuple[ConditionResult, ...] = ()


@frozen
class ScoreReport:
    area: Area
    cards: tuple[CardScore, ...]
    laws: tuple[LawScore, ...]
    patterns: tuple[PatternScore, ...]
    objectives: tuple[ObjectiveScore, ...]
    total: int
    gods: int  # R16 tie-break, with R11 weights
    all_face_up_before_reveal: bool
    scenario: Optional[ScenarioResult] = None

    def to_json(self) -> dict:
        def cell_fields(cell):
            return {"row": cell_row(cell).value, "column": cell_column(cell)}

        return {
            "total": self.total,
            "gods": self.gods,
            "cards": [
                {"id": c.card.id, **cell_fields(c.cell), "points": c.points,
                 **({"lines": [{"text": l.text, "points": l.points,
                                "matched": [cell_fields(x) for x in l.cells]}
                               for l in c.lines]} if c.lines else {})}
                for c in self.cards
            ],
            "laws": [
                {"id": l.law.id, "row": l.row.value if l.row else None, "column": l.column,
                 "points": l.points}
                for l in self.laws
            ],
            "patterns": [
                {"id": p.pattern.id, "difficulty": p.pattern.difficulty.value,
                 "completed": p.completed, "judged": p.judged, "points": p.points}
                for p in self.patterns
            ],
            "objectives": [
                {"goal": o.goal.id, "element": o.element.id, "points": o.points}
                for o in self.objectives
            ],
            "scenario": None if self.scenario is None else {
                "id": self.scenario.scenario.id,
                "victory": self.scenario.victory,
                "challenge": self.scenario.challenge,
                "threshold": self.scenario.threshold,
                "beaten": self.scenario.beaten,
                "conditions": {
                    "victory": [{"text": c.text, "met": c.met}
                                for c in self.scenario.victory_conditions],
                    "challenge": [{"text": c.text, "met": c.met}
                                  for c in self.scenario.challenge_conditions],
                },
            },
        }


def _judge_lines(area: Area, facts: Facts, lines, anchor: Optional[int], explain: bool):
    scored = []
    total = 0
    for line in lines:
        evaluator = Evaluator(area, facts, explain=explain)
        points = evaluator.line_points(line, anchor)
        total += points
        if explain:
            scored.append(LineScore(line_text(line), points,
                                    tuple(sorted(evaluator.witnesses or ()))))
    return total, tuple(scored)


def card_points(area: Area, facts: Facts = Facts()) -> dict[int, int]:
    """Each occupied cell's own points (R8-R11), without explanations."""
    evaluator = Evaluator(area, facts)
    return {cell: evaluator.lines_points(area.cells[cell].card.lines, cell)
            for cell in area.occupied()}


def score_board(board: Board, explain: bool = False, all_face_up_at_end: Optional[bool] = None
                ) -> ScoreReport:
    """Score a board at the end of a game.

    R12: every card is revealed first. ``all_face_up_at_end`` (R21) defaults
    to whether the area was already all face up before that reveal.
    """
    face_up_before = board.area.all_face_up()
    if all_face_up_at_end is None:
        all_face_up_at_end = face_up_before
    area = board.area.revealed()
    laws = _score_laws(area, board, all_face_up_at_end)
    patterns = _score_patterns(area, board)
    completed = sum(1 for p in patterns if p.completed)
    met = sum(1 for law in laws if law.points > 0)
    # A card may count completed patterns and met laws, which never depend on
    # card points; the total is only for scenarios.
    facts = Facts(all_face_up_at_end=all_face_up_at_end,
                  scenario_state=dict(board.scenario_state),
                  patterns_completed=completed, laws_met=met)
    cards = []
    for cell in area.occupied():
        card = area.cells[cell].card
        points, lines = _judge_lines(area, facts, card.lines, cell, explain)
        cards.append(CardScore(card, cell, points, lines))
    objectives = _score_objectives(area, board, all_face_up_at_end)
    total = (sum(c.points for c in cards) + sum(law.points for law in laws)
             + sum(p.points for p in patterns) + sum(o.points for o in objectives))
    scenario = None
    if board.scenario is not None:
        scenario_facts = Facts(
            card_points={c.cell: c.points for c in cards}, patterns_completed=completed,
            laws_met=met, total=total, scenario_state=dict(board.scenario_state),
            all_face_up_at_end=all_face_up_at_end)
        scenario = judge_scenario(area, board.scenario, scenario_facts)
    tie_break = board.tie_break or bundled_tie_break()
    return ScoreReport(area, tuple(cards), laws, patterns, objectives,
                       total, tie_break_count(area, tie_break), face_up_before, scenario)


def tie_break_count(area: Area, tie_break: Optional[str]) -> int:
    """R16's tie-break: the cards of the tie-break type (gods) in an area,
    with R11 weights; 0 when the sets name no such type."""
    if tie_break is None:
        return 0
    wanted = m.TypeIs(tie_break)
    return sum(card_weight(area.cells[c].card, wanted) for c in area.occupied()
               if area.cells[c].card.type == tie_break)


def _score_laws(area: Area, board: Board, all_face_up_at_end: bool) -> tuple[LawScore, ...]:
    laws = []
    for placement in board.laws:
        law_facts = Facts(law_line=placement.cells(), all_face_up_at_end=all_face_up_at_end)
        evaluator = Evaluator(area, law_facts, explain=True)
        points = evaluator.lines_points(placement.law.lines, None)
        laws.append(LawScore(placement.law, placement.row, placement.column, points,
                             tuple(sorted(evaluator.witnesses or ()))))
    return tuple(laws)


def _score_patterns(area: Area, board: Board) -> tuple[PatternScore, ...]:
    patterns = []
    for held in board.patterns:
        cells = pattern_matches(area, held.pattern)
        judged = held.completed is None
        completed = (cells is not None) if judged else held.completed
        points = held.worth if completed else 0  # R14
        patterns.append(PatternScore(held.pattern, completed, judged, points, cells or ()))
    return tuple(patterns)


def _score_objectives(area: Area, board: Board, all_face_up_at_end: bool
                      ) -> tuple[ObjectiveScore, ...]:
    objectives = []
    for goal, element in board.objectives:
        goal_facts = Facts(element=element.selector, all_face_up_at_end=all_face_up_at_end)
        evaluator = Evaluator(area, goal_facts, explain=True)
        points = evaluator.lines_points(goal.lines, None)
        objectives.append(ObjectiveScore(goal, element, points,
                                         tuple(sorted(evaluator.witnesses or ()))))
    return tuple(objectives)


def judge_scenario(area: Area, scenario: m.Scenario, facts: Facts) -> ScenarioResult:
    evaluator = Evaluator(area, facts)
    victory = tuple(ConditionResult(condition_text(c), evaluator.holds(c, None))
                    for c in scenario.victory)
    challenge = tuple(ConditionResult(condition_text(c), evaluator.holds(c, None))
                      for c in scenario.challenge)
    won = all(c.met for c in victory)
    return ScenarioResult(
        scenario=scenario,
        victory=won,
        challenge=all(c.met for c in challenge),
        threshold=scenario.threshold,
        beaten=won and facts.total > scenario.threshold,
        victory_conditions=victory,
        challenge_conditions=challenge,
    )
