"""The scoring's steps, each answered by one evaluator: a *judge*.

``score_board`` (``score``) writes the steps of a final scoring once; a
judge answers each (the laws, patterns, objectives, cards, the scenario) with
its evaluator: :class:`CompiledJudge` on one scene of the revealed area,
:class:`ReferenceJudge` with the oracle. Both give equal reports
(tests/test_compiled.py). Also here: a scenario's verdict and R16's
tie-break count, which either judge asks for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Protocol

from ..language import model as m
from ..language.headers import bundled_tie_break
from ..language.source import condition_text
from . import compiled
from .area import Area
from .board import Board, HeldPattern, LawPlacement
from .evaluator import Evaluator, Facts, card_weight
from .masks import FULL
from .patterns import pattern_matches
from .report import (
    CardScore,
    ConditionResult,
    LawScore,
    ObjectiveScore,
    PatternScore,
    ScenarioResult,
)
from .scene import CardInfo, Scene

# "compiled" (the default, ``compiled``) or "reference" (``evaluator``, the
# oracle): both give equal reports.
EVALUATORS = ("compiled", "reference")


def wants_compiled(evaluator: str) -> bool:
    if evaluator not in EVALUATORS:
        raise ValueError(f"unknown evaluator {evaluator!r}; expected one of {EVALUATORS}")
    return evaluator == "compiled"


# id -> (the condition, kept: its id stays its own; its results, not met and met)
_TEXTS: dict[int, tuple[m.Condition, tuple[ConditionResult, ConditionResult]]] = {}


def _result(condition: m.Condition, met: object) -> ConditionResult:
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


def judged_scenario(
    scenario: m.Scenario, facts: Facts, holds: Callable[[m.Condition], object]
) -> ScenarioResult:
    return scenario_result(
        scenario,
        tuple([bool(holds(c)) for c in scenario.victory]),
        tuple([bool(holds(c)) for c in scenario.challenge]),
        facts.total,
    )


def scenario_result(
    scenario: m.Scenario, victory: tuple[bool, ...], challenge: tuple[bool, ...], total: int
) -> ScenarioResult:
    """The verdict of a scenario whose conditions were judged so (R34)."""
    won = all(victory)
    return ScenarioResult(
        scenario=scenario,
        victory=won,
        challenge=won and all(challenge),  # R34
        threshold=scenario.threshold,
        beaten=won and total > scenario.threshold,
        victory_conditions=tuple(
            _result(c, met) for c, met in zip(scenario.victory, victory, strict=True)
        ),
        challenge_conditions=tuple(
            _result(c, met) for c, met in zip(scenario.challenge, challenge, strict=True)
        ),
    )


def judge_scenario(
    area: Area, scenario: m.Scenario, facts: Facts, evaluator: str = "compiled"
) -> ScenarioResult:
    """A scenario's victory and challenge on an area, with these facts."""
    if wants_compiled(evaluator):
        current = compiled.pool()
        scene = current.scene(area, facts)
        return judged_scenario(scenario, facts, lambda c: current.condition(c)(scene, None))
    return judged_scenario(
        scenario, facts, functools.partial(Evaluator(area, facts).holds, anchor=None)
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


# ---------------------------------------------------------------- the judges

ScenarioState = Mapping[str, str] | tuple[tuple[str, str], ...]  # name -> card id


class Judge(Protocol):
    """What ``score._score`` and ``explained`` ask of a judge."""

    name: str
    face_up_before: bool

    def card_facts(
        self, all_face_up_at_end: bool, scenario_state: ScenarioState, completed: int, met: int
    ) -> Facts: ...
    def laws(self, board: Board, all_face_up_at_end: bool) -> tuple[LawScore, ...]: ...
    def patterns(self, board: Board) -> tuple[PatternScore, ...]: ...
    def objectives(self, board: Board, all_face_up_at_end: bool) -> tuple[ObjectiveScore, ...]: ...
    def cards(self, facts: Facts) -> tuple[list[int | None], int]: ...
    def judge_with(self, facts: Facts) -> None: ...
    def line(self, line: m.ScoringLine, cell: int) -> int: ...
    def scenario(self, scenario: m.Scenario, facts: Facts) -> ScenarioResult: ...
    def gods(self, tie_break: str | None) -> int: ...
    def made(self, points: list[int | None]) -> tuple[Area, tuple[CardScore, ...]]: ...


class CompiledJudge:
    """The scoring's steps with the compiled evaluator, on one scene of the
    revealed area (closures judged on masks)."""

    name = "compiled"

    def __init__(self, board: Board) -> None:
        self.pool = current = compiled.pool()
        self.scene, self.face_up_before = current.revealed_scene(board.area)

    def card_facts(
        self, all_face_up_at_end: bool, scenario_state: ScenarioState, completed: int, met: int
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
            pattern_score(held, self.pool.pattern(held.pattern)(self.scene))
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

    def cards(self, facts: Facts) -> tuple[list[int | None], int]:
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

    def line(self, line: m.ScoringLine, cell: int) -> int:
        """One line's points from a cell, with the facts judged with (explain)."""
        points: int = self.pool.line(line)(self.scene, cell)
        return points

    def scenario(self, scenario: m.Scenario, facts: Facts) -> ScenarioResult:
        scene, condition = self.scene, self.pool.condition
        scene.judge_with(facts)
        return judged_scenario(scenario, facts, lambda c: condition(c)(scene, None))

    def gods(self, tie_break: str | None) -> int:
        wanted = tie_break or self.pool.bundled_tie_break()
        return 0 if wanted is None else self.pool.weighed_type(self.scene, wanted)

    def made(self, points: list[int | None]) -> tuple[Area, tuple[CardScore, ...]]:
        """The revealed area and each card's score (when the report is read).
        A score without explanations is a plain value, so the same one is
        handed out again for the same card, cell and points."""
        return made_cards(self.scene, points)


def _card_score(info: CardInfo, cell: int, points: int) -> CardScore:
    known = info.scores[cell]
    score = known.get(points)
    if score is None:
        score = CardScore(info.card, cell, points)
        if len(known) < 8:
            known[points] = score
    return score


def pattern_score(held: HeldPattern, cells: tuple[int, ...] | None) -> PatternScore:
    judged = held.completed is None
    completed = (cells is not None) if judged else bool(held.completed)
    return PatternScore(
        held.pattern, completed, judged, held.worth if completed else 0, cells or ()
    )  # R14


def made_cards(scene: Scene, points: list[int | None]) -> tuple[Area, tuple[CardScore, ...]]:
    """A compiled scene's revealed area and each card's score."""
    infos = scene.infos
    return scene.area_model(), tuple(
        _card_score(infos[cell], cell, value)
        for cell, value in enumerate(points)
        if value is not None
    )


class ReferenceJudge:
    """The scoring's steps with the reference evaluator (the oracle)."""

    name = "reference"

    def __init__(self, board: Board) -> None:
        self.face_up_before = board.area.all_face_up()
        self.area = board.area.revealed()
        self.facts = Facts()

    def card_facts(
        self, all_face_up_at_end: bool, scenario_state: ScenarioState, completed: int, met: int
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
            pattern_score(held, pattern_matches(self.area, held.pattern)) for held in board.patterns
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

    def cards(self, facts: Facts) -> tuple[list[int | None], int]:
        cells = self.area.cells
        self.facts = facts
        points = [
            None if placed is None else sum(self.line(line, cell) for line in placed.card.lines)
            for cell, placed in enumerate(cells)
        ]
        return points, sum(p for p in points if p is not None)

    def judge_with(self, facts: Facts) -> None:
        self.facts = facts

    def line(self, line: m.ScoringLine, cell: int) -> int:
        points: int = Evaluator(self.area, self.facts).line_points(line, cell)
        return points

    def scenario(self, scenario: m.Scenario, facts: Facts) -> ScenarioResult:
        return judge_scenario(self.area, scenario, facts, "reference")

    def gods(self, tie_break: str | None) -> int:
        return tie_break_count(self.area, tie_break or bundled_tie_break())

    def made(self, points: list[int | None]) -> tuple[Area, tuple[CardScore, ...]]:
        cells = self.area.cells
        return self.area, tuple(
            CardScore(placed.card, cell, value)
            for cell, (placed, value) in enumerate(zip(cells, points, strict=True))
            if value is not None and placed is not None
        )


def law_facts(placement: LawPlacement, all_face_up_at_end: bool) -> Facts:
    return Facts(law_line=placement.cells(), all_face_up_at_end=all_face_up_at_end)


def goal_facts(element: m.ObjectiveElement, all_face_up_at_end: bool) -> Facts:
    return Facts(element=element.selector, all_face_up_at_end=all_face_up_at_end)
