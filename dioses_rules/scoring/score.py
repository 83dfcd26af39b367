"""Final scoring of one play area: cards, laws, patterns, objectives, scenario."""

from __future__ import annotations

import functools
from operator import attrgetter
from typing import Optional

from attrs import evolve, frozen

from ..language import model as m
from ..language.headers import bundled_tie_break
from ..language.source import condition_text, line_text
from .explain import leader_notes
from . import compiled
from .area import Area, cell_column, cell_row
from .board import Board
from .evaluator import Evaluator, Facts, card_weight
from .patterns import pattern_matches
from .masks import FULL
from .scene import Scene

_POINTS = attrgetter("points")

# "compiled" (the default, ``compiled``) or "reference" (``evaluator``, the
# oracle): both give equal reports.
EVALUATORS = ("compiled", "reference")


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
    notes: tuple[str, ...] = ()  # with explain: who its leaders are and why (R24)


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

        def matched(cells):  # an explanation's cells (laws, objectives: only with explain)
            return {"matched": [cell_fields(x) for x in cells]} if cells else {}

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
                 "points": l.points, **matched(l.cells)}
                for l in self.laws
            ],
            "patterns": [
                {"id": p.pattern.id, "difficulty": p.pattern.difficulty.value,
                 "completed": p.completed, "judged": p.judged, "points": p.points}
                for p in self.patterns
            ],
            "objectives": [
                {"goal": o.goal.id, "element": o.element.id, "points": o.points,
                 **matched(o.cells)}
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
                **({"notes": list(self.scenario.notes)} if self.scenario.notes else {}),
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


def card_points(area: Area, facts: Facts = Facts(), evaluator: str = "compiled"
                ) -> dict[int, int]:
    """Each occupied cell's own points (R8-R11), without explanations."""
    if _compiled(evaluator):
        return compiled.card_points(area, facts)
    evaluator_ = Evaluator(area, facts)
    return {cell: evaluator_.lines_points(area.cells[cell].card.lines, cell)
            for cell in area.occupied()}


def _compiled(evaluator: str) -> bool:
    if evaluator not in EVALUATORS:
        raise ValueError(f"unknown evaluator {evaluator!r}; expected one of {EVALUATORS}")
    return evaluator == "compiled"


def score_board(board: Board, explain: bool = False, all_face_up_at_end: Optional[bool] = None,
                evaluator: str = "compiled") -> ScoreReport:
    """Score a board at the end of a game.

    R12: every card is revealed first. ``all_face_up_at_end`` (R21) defaults
    to whether the area was already all face up before that reveal.
    ``evaluator`` (see ``EVALUATORS``) judges the cards' lines and the
    scenario; both give equal reports. Only the reference evaluator records
    which cells matched, so explanations (``explain``: each line's cells and
    the cells each law and objective matched) come from it whichever is
    chosen; without ``explain`` those cells are empty.
    """
    if _compiled(evaluator) and not explain:
        return _score_compiled(board, all_face_up_at_end)
    face_up_before = board.area.all_face_up()
    if all_face_up_at_end is None:
        all_face_up_at_end = face_up_before
    area = board.area.revealed()
    laws = _score_laws(area, board, all_face_up_at_end, explain)
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
    objectives = _score_objectives(area, board, all_face_up_at_end, explain)
    total = (sum(c.points for c in cards) + sum(law.points for law in laws)
             + sum(p.points for p in patterns) + sum(o.points for o in objectives))
    scenario = None
    if board.scenario is not None:
        facts = _scenario_facts(board, {c.cell: c.points for c in cards}, completed, met,
                                total, all_face_up_at_end)
        scenario = judge_scenario(area, board.scenario, facts, evaluator)
        if explain:
            notes = leader_notes(area, board.scenario.victory + board.scenario.challenge, facts)
            scenario = evolve(scenario, notes=tuple(notes))
    tie_break = board.tie_break or bundled_tie_break()
    return ScoreReport(area, tuple(cards), laws, patterns, objectives,
                       total, tie_break_count(area, tie_break), face_up_before, scenario)


def _scenario_facts(board: Board, points: dict, completed: int, met: int, total: int,
                    all_face_up_at_end: bool) -> Facts:
    return Facts(card_points=points, patterns_completed=completed, laws_met=met, total=total,
                 scenario_state=dict(board.scenario_state),
                 all_face_up_at_end=all_face_up_at_end)


def _score_compiled(board: Board, all_face_up_at_end: Optional[bool]) -> ScoreReport:
    """``score_board`` with the compiled evaluator, step for step: the same
    report, from closures judged on the area's masks."""
    current = compiled.pool()
    area, scene, face_up_before = current.revealed_scene(board.area)
    if all_face_up_at_end is None:
        all_face_up_at_end = face_up_before
    laws = _compiled_laws(current, scene, board, all_face_up_at_end) if board.laws else ()
    patterns = _compiled_patterns(current, scene, board) if board.patterns else ()
    completed = sum(1 for p in patterns if p.completed) if patterns else 0
    met = sum(1 for law in laws if law.points > 0) if laws else 0
    objectives = (_compiled_objectives(current, scene, board, all_face_up_at_end)
                  if board.objectives else ())
    scene.judge_with(current.card_facts(all_face_up_at_end, board.scenario_state, completed,
                                        met))
    cards, total = _compiled_cards(scene)
    if laws or patterns or objectives:
        total += (sum(law.points for law in laws) + sum(p.points for p in patterns)
                  + sum(o.points for o in objectives))
    scenario = None
    if board.scenario is not None:
        scenario = judge_scenario(area, board.scenario, _scenario_facts(
            board, {c.cell: c.points for c in cards}, completed, met, total,
            all_face_up_at_end))
    tie_break = board.tie_break or current.bundled_tie_break()
    gods = 0 if tie_break is None else current.weighed_type(scene, tie_break)
    return ScoreReport(area, cards, laws, patterns, objectives, total, gods, face_up_before,
                       scenario)


def _compiled_laws(current, scene: Scene, board: Board, all_face_up_at_end: bool
                   ) -> tuple[LawScore, ...]:
    """R13, from the compiled lines (no cells: those are an explanation's)."""
    laws = []
    for placement in board.laws:
        scene.judge_with(Facts(law_line=placement.cells(), all_face_up_at_end=all_face_up_at_end))
        points = current.lines(placement.law.lines)(scene, None)
        laws.append(LawScore(placement.law, placement.row, placement.column, points))
    return tuple(laws)


def _compiled_objectives(current, scene: Scene, board: Board, all_face_up_at_end: bool
                         ) -> tuple[ObjectiveScore, ...]:
    """R15, from the compiled lines (no cells: those are an explanation's)."""
    objectives = []
    for goal, element in board.objectives:
        scene.judge_with(Facts(element=element.selector, all_face_up_at_end=all_face_up_at_end),
                         current.selector(element.selector))
        objectives.append(ObjectiveScore(goal, element, current.lines(goal.lines)(scene, None)))
    return tuple(objectives)


def _compiled_patterns(current, scene: Scene, board: Board) -> tuple[PatternScore, ...]:
    """R14, each shape matched on the scene's masks."""
    patterns = []
    for held in board.patterns:
        cells = current.pattern(held.pattern)(scene)
        judged = held.completed is None
        completed = (cells is not None) if judged else held.completed
        patterns.append(PatternScore(held.pattern, completed, judged,
                                     held.worth if completed else 0, cells or ()))
    return tuple(patterns)


def _compiled_cards(scene: Scene) -> tuple[tuple[CardScore, ...], int]:
    """Each card's score from its compiled lines, and their sum. A score
    without explanations is a plain value, so the same one is handed out
    again for the same card, cell and points (a few kept per cell)."""
    infos = scene.infos
    if scene.occ == FULL:
        scores = [info.scores[cell].get(info.points(scene, cell))
                  for cell, info in enumerate(infos)]
        if not all(scores):  # not met yet: judged again, kept
            scores = [_card_score(info, cell, info.points(scene, cell))
                      for cell, info in enumerate(infos)]
    else:
        scores = [_card_score(info, cell, info.points(scene, cell))
                  for cell, info in enumerate(infos) if info is not None]
    return tuple(scores), sum(map(_POINTS, scores))


def _card_score(info, cell: int, points: int) -> CardScore:
    known = info.scores[cell]
    score = known.get(points)
    if score is None:
        score = CardScore(info.card, cell, points)
        if len(known) < 8:
            known[points] = score
    return score


def tie_break_count(area: Area, tie_break: Optional[str]) -> int:
    """R16's tie-break: the cards of the tie-break type (gods) in an area,
    with R11 weights; 0 when the sets name no such type."""
    if tie_break is None:
        return 0
    wanted = m.TypeIs(tie_break)
    return sum(card_weight(area.cells[c].card, wanted) for c in area.occupied()
               if area.cells[c].card.type == tie_break)


def _score_laws(area: Area, board: Board, all_face_up_at_end: bool, explain: bool
                ) -> tuple[LawScore, ...]:
    """R13; with ``explain``, the cells each law's lines matched."""
    laws = []
    for placement in board.laws:
        law_facts = Facts(law_line=placement.cells(), all_face_up_at_end=all_face_up_at_end)
        evaluator = Evaluator(area, law_facts, explain=explain)
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


def _score_objectives(area: Area, board: Board, all_face_up_at_end: bool, explain: bool
                      ) -> tuple[ObjectiveScore, ...]:
    """R15; with ``explain``, the cells each objective's lines matched."""
    objectives = []
    for goal, element in board.objectives:
        goal_facts = Facts(element=element.selector, all_face_up_at_end=all_face_up_at_end)
        evaluator = Evaluator(area, goal_facts, explain=explain)
        points = evaluator.lines_points(goal.lines, None)
        objectives.append(ObjectiveScore(goal, element, points,
                                         tuple(sorted(evaluator.witnesses or ()))))
    return tuple(objectives)


def judge_scenario(area: Area, scenario: m.Scenario, facts: Facts,
                   evaluator: str = "compiled") -> ScenarioResult:
    if _compiled(evaluator):
        current = compiled.pool()
        scene = current.scene(area, facts)

        def holds(condition):
            return current.condition(condition)(scene, None)
    else:
        holds = functools.partial(Evaluator(area, facts).holds, anchor=None)
    victory = tuple(ConditionResult(condition_text(c), holds(c)) for c in scenario.victory)
    challenge = tuple(ConditionResult(condition_text(c), holds(c)) for c in scenario.challenge)
    won = all(c.met for c in victory)
    return ScenarioResult(
        scenario=scenario,
        victory=won,
        challenge=won and all(c.met for c in challenge),  # R34: only with the victory
        threshold=scenario.threshold,
        beaten=won and facts.total > scenario.threshold,
        victory_conditions=victory,
        challenge_conditions=challenge,
    )
