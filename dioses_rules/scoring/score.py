"""Final scoring of one play area: cards, laws, patterns, objectives, scenario.

One :func:`score_board` for both evaluators (``EVALUATORS``): the scoring's
steps are written once, and a *judge* (:class:`_Compiled` or
:class:`_Reference`) answers each step with its own evaluator. Both give
equal reports (tests/test_compiled.py). :func:`score_total` is the same
scoring stopped at the total, for whoever needs only that (agents, balance,
the solver's checks). A report's cards and revealed area are built when first
read (``report``).
"""

from __future__ import annotations

import functools

from ..language import model as m
from ..language.headers import bundled_tie_break
from ..language.source import condition_text
from . import compiled
from .area import Area
from .board import Board
from .evaluator import Evaluator, Facts, card_weight
from .explanations import explained, goal_facts, law_facts
from .masks import FULL
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
    "judge_scenario",
    "score_board",
    "score_total",
    "tie_break_count",
]

# "compiled" (the default, ``compiled``) or "reference" (``evaluator``, the
# oracle): both give equal reports.
EVALUATORS = ("compiled", "reference")


def _compiled(evaluator: str) -> bool:
    if evaluator not in EVALUATORS:
        raise ValueError(f"unknown evaluator {evaluator!r}; expected one of {EVALUATORS}")
    return evaluator == "compiled"


def card_points(area: Area, facts: Facts = Facts(), evaluator: str = "compiled") -> dict[int, int]:
    """Each occupied cell's own points (R8-R11), without explanations."""
    if _compiled(evaluator):
        return compiled.card_points(area, facts)
    evaluator_ = Evaluator(area, facts)
    return {
        cell: evaluator_.lines_points(area.cells[cell].card.lines, cell) for cell in area.occupied()
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
    compiled_ = _compiled(evaluator)
    if compiled_ and not (explain or board.laws or board.patterns or board.objectives):
        if board.scenario is None:
            return _cards_alone(board, all_face_up_at_end)
    judge = _Compiled(board) if compiled_ else _Reference(board)
    if all_face_up_at_end is None:
        all_face_up_at_end = judge.face_up_before
    report = _score(board, judge, all_face_up_at_end, total_only=False)
    return explained(report, board, judge, all_face_up_at_end) if explain else report


def score_total(
    board: Board, all_face_up_at_end: bool | None = None, evaluator: str = "compiled"
) -> int:
    """``score_board(...).total``, and nothing else built: no report, no
    tie-break count, no scenario (which never changes the total)."""
    if _compiled(evaluator) and not (board.laws or board.patterns or board.objectives):
        return compiled.pool().cards_total(board.area, all_face_up_at_end, board.scenario_state)
    judge = _Compiled(board) if _compiled(evaluator) else _Reference(board)
    if all_face_up_at_end is None:
        all_face_up_at_end = judge.face_up_before
    return _score(board, judge, all_face_up_at_end, total_only=True)


def _cards_alone(board: Board, all_face_up_at_end: bool | None) -> ScoreReport:
    """``score_board`` of a board of cards alone (no law, pattern, objective
    nor scenario), compiled: the same report, in fewer steps."""
    current = compiled.pool()
    scene, points, total, face_up = current.final_cards(
        board.area, all_face_up_at_end, board.scenario_state
    )
    wanted = board.tie_break or current.bundled_tie_break()
    gods = 0 if wanted is None else current.weighed_type(scene, wanted)
    made = functools.partial(_made, scene, points)
    return ScoreReport.lazy(made, (), (), (), total, gods, face_up, None)


def _score(board: Board, judge, all_face_up_at_end: bool, total_only: bool):
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


_TEXTS: dict[int, tuple] = {}  # id -> (the condition, kept: its id stays its own; its results)


def _result(condition: m.Condition, met) -> ConditionResult:
    """A condition's result, its text written once per condition object
    (writing it was half of a game-end board's scoring); a plain value,
    so the same one is handed out again."""
    found = _TEXTS.get(id(condition))
    if found is None:
        if len(_TEXTS) >= 4096:
            _TEXTS.clear()
        text = condition_text(condition)
        found = _TEXTS[id(condition)] = (
            condition,
            (ConditionResult(text, False), ConditionResult(text, True)),
        )
    return found[1][1 if met else 0]


def _judged_scenario(scenario: m.Scenario, facts: Facts, holds) -> ScenarioResult:
    victory = tuple(_result(c, holds(c)) for c in scenario.victory)
    challenge = tuple(_result(c, holds(c)) for c in scenario.challenge)
    won = all(c.met for c in victory)
    return ScenarioResult(
        scenario=scenario,
        victory=won,
        challenge=won and all(c.met for c in challenge),  # R34
        threshold=scenario.threshold,
        beaten=won and facts.total > scenario.threshold,
        victory_conditions=victory,
        challenge_conditions=challenge,
    )


def judge_scenario(
    area: Area, scenario: m.Scenario, facts: Facts, evaluator: str = "compiled"
) -> ScenarioResult:
    """A scenario's victory and challenge on an area, with these facts."""
    if _compiled(evaluator):
        current = compiled.pool()
        scene = current.scene(area, facts)
        return _judged_scenario(scenario, facts, lambda c: current.condition(c)(scene, None))
    return _judged_scenario(
        scenario, facts, functools.partial(Evaluator(area, facts).holds, anchor=None)
    )


def tie_break_count(area: Area, tie_break: str | None) -> int:
    """R16's tie-break: the cards of the tie-break type (gods) in an area,
    with R11 weights; 0 when the sets name no such type."""
    if tie_break is None:
        return 0
    wanted = m.TypeIs(tie_break)
    return sum(
        card_weight(area.cells[c].card, wanted)
        for c in area.occupied()
        if area.cells[c].card.type == tie_break
    )


# ---------------------------------------------------------------- the judges


class _Compiled:
    """The scoring's steps with the compiled evaluator, on one scene of the
    revealed area (closures judged on masks)."""

    name = "compiled"

    def __init__(self, board: Board):
        self.pool = current = compiled.pool()
        self.scene, self.face_up_before = current.revealed_scene(board.area)

    def card_facts(
        self, all_face_up_at_end: bool, scenario_state, completed: int, met: int
    ) -> Facts:
        return self.pool.card_facts(all_face_up_at_end, scenario_state, completed, met)

    def laws(self, board: Board, all_face_up_at_end: bool) -> tuple[LawScore, ...]:
        """R13 (no cells: those are an explanation's)."""
        laws, scene, lines = [], self.scene, self.pool.lines
        for placement in board.laws:
            scene.judge_with(self.pool.law_facts(placement, all_face_up_at_end))
            points = lines(placement.law.lines)(scene, None)
            laws.append(LawScore(placement.law, placement.row, placement.column, points))
        return tuple(laws)

    def patterns(self, board: Board) -> tuple[PatternScore, ...]:
        """R14, each shape matched on the scene's masks."""
        return tuple(
            _pattern_score(held, self.pool.pattern(held.pattern)(self.scene))
            for held in board.patterns
        )

    def objectives(self, board: Board, all_face_up_at_end: bool) -> tuple[ObjectiveScore, ...]:
        """R15 (no cells: those are an explanation's)."""
        objectives, scene, current = [], self.scene, self.pool
        for goal, element in board.objectives:
            scene.judge_with(
                Facts(element=element.selector, all_face_up_at_end=all_face_up_at_end),
                current.selector(element.selector),
            )
            objectives.append(ObjectiveScore(goal, element, current.lines(goal.lines)(scene, None)))
        return tuple(objectives)

    def cards(self, facts: Facts) -> tuple[list, int]:
        """Each cell's points (None where empty) and their sum (R8-R11)."""
        scene = self.scene
        scene.judge_with(facts)
        if scene.occ == FULL:
            points = [info.points(scene, cell) for cell, info in enumerate(scene.infos)]
            return points, sum(points)
        points = [
            None if info is None else info.points(scene, cell)
            for cell, info in enumerate(scene.infos)
        ]
        return points, sum(p for p in points if p is not None)

    def judge_with(self, facts: Facts) -> None:
        self.scene.judge_with(facts)

    def line(self, line, cell: int) -> int:
        """One line's points from a cell, with the facts judged with (explain)."""
        return self.pool.line(line)(self.scene, cell)

    def scenario(self, scenario: m.Scenario, facts: Facts) -> ScenarioResult:
        scene, condition = self.scene, self.pool.condition
        scene.judge_with(facts)
        return _judged_scenario(scenario, facts, lambda c: condition(c)(scene, None))

    def gods(self, tie_break: str | None) -> int:
        wanted = tie_break or self.pool.bundled_tie_break()
        return 0 if wanted is None else self.pool.weighed_type(self.scene, wanted)

    def made(self, points: list) -> tuple[Area, tuple[CardScore, ...]]:
        """The revealed area and each card's score (when the report is read).
        A score without explanations is a plain value, so the same one is
        handed out again for the same card, cell and points."""
        return _made(self.scene, points)


def _made(scene, points: list) -> tuple[Area, tuple[CardScore, ...]]:
    infos = scene.infos
    return scene.area_model(), tuple(
        _card_score(infos[cell], cell, value)
        for cell, value in enumerate(points)
        if value is not None
    )


def _card_score(info, cell: int, points: int) -> CardScore:
    known = info.scores[cell]
    score = known.get(points)
    if score is None:
        score = CardScore(info.card, cell, points)
        if len(known) < 8:
            known[points] = score
    return score


def _pattern_score(held, cells) -> PatternScore:
    judged = held.completed is None
    completed = (cells is not None) if judged else held.completed
    return PatternScore(
        held.pattern, completed, judged, held.worth if completed else 0, cells or ()
    )  # R14


class _Reference:
    """The scoring's steps with the reference evaluator (the oracle)."""

    name = "reference"

    def __init__(self, board: Board):
        self.face_up_before = board.area.all_face_up()
        self.area = board.area.revealed()
        self.facts = Facts()

    def card_facts(
        self, all_face_up_at_end: bool, scenario_state, completed: int, met: int
    ) -> Facts:
        self.facts = Facts(
            all_face_up_at_end=all_face_up_at_end,
            scenario_state=dict(scenario_state),
            patterns_completed=completed,
            laws_met=met,
        )
        return self.facts

    def laws(self, board: Board, all_face_up_at_end: bool) -> tuple[LawScore, ...]:
        return tuple(
            LawScore(
                placement.law,
                placement.row,
                placement.column,
                Evaluator(self.area, law_facts(placement, all_face_up_at_end)).lines_points(
                    placement.law.lines, None
                ),
            )
            for placement in board.laws
        )

    def patterns(self, board: Board) -> tuple[PatternScore, ...]:
        return tuple(
            _pattern_score(held, pattern_matches(self.area, held.pattern))
            for held in board.patterns
        )

    def objectives(self, board: Board, all_face_up_at_end: bool) -> tuple[ObjectiveScore, ...]:
        return tuple(
            ObjectiveScore(
                goal,
                element,
                Evaluator(self.area, goal_facts(element, all_face_up_at_end)).lines_points(
                    goal.lines, None
                ),
            )
            for goal, element in board.objectives
        )

    def cards(self, facts: Facts) -> tuple[list, int]:
        cells = self.area.cells
        self.facts = facts
        points = [
            None if placed is None else sum(self.line(line, cell) for line in placed.card.lines)
            for cell, placed in enumerate(cells)
        ]
        return points, sum(p for p in points if p is not None)

    def judge_with(self, facts: Facts) -> None:
        self.facts = facts

    def line(self, line, cell: int) -> int:
        return Evaluator(self.area, self.facts).line_points(line, cell)

    def scenario(self, scenario: m.Scenario, facts: Facts) -> ScenarioResult:
        return judge_scenario(self.area, scenario, facts, "reference")

    def gods(self, tie_break: str | None) -> int:
        return tie_break_count(self.area, tie_break or bundled_tie_break())

    def made(self, points: list) -> tuple[Area, tuple[CardScore, ...]]:
        cells = self.area.cells
        return self.area, tuple(
            CardScore(cells[cell].card, cell, value)
            for cell, value in enumerate(points)
            if value is not None
        )
