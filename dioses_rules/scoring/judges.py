"""What both scoring pipelines (``lean``, compiled; ``score``'s reference)
make of their answers alike: a scenario's verdict (R34) and its conditions'
texts, a held pattern's score (R14), the cards' scores, the facts the
cards, a law and an objective are judged with, and the evaluator names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..language import model as m
from ..language.source import condition_text
from .area import Area
from .board import HeldPattern, LawPlacement
from .evaluator import Facts
from .report import (
    CardScore,
    ConditionResult,
    PatternScore,
    ScenarioResult,
)
from .scene import CardInfo

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


def made_cards(
    infos: Sequence[CardInfo | None], points: list[int | None]
) -> tuple[Area, tuple[CardScore, ...]]:
    """The revealed area of these cards (R12) and each card's score."""
    area = Area(tuple(None if info is None else info.revealed for info in infos))
    return area, tuple(
        _card_score(infos[cell], cell, value)  # type: ignore[arg-type]  # scored: a card
        for cell, value in enumerate(points)
        if value is not None
    )


def law_facts(placement: LawPlacement, all_face_up_at_end: bool) -> Facts:
    return Facts(law_line=placement.cells(), all_face_up_at_end=all_face_up_at_end)


def goal_facts(element: m.ObjectiveElement, all_face_up_at_end: bool) -> Facts:
    return Facts(element=element.selector, all_face_up_at_end=all_face_up_at_end)


def card_facts(
    all_face_up_at_end: bool,
    scenario_state: Mapping[str, str] | tuple[tuple[str, str], ...],
    completed: int,
    met: int,
) -> Facts:
    """The facts cards are judged with at the final scoring (R14, R21)."""
    return Facts(
        all_face_up_at_end=all_face_up_at_end,
        scenario_state=dict(scenario_state),
        patterns_completed=completed,
        laws_met=met,
    )
