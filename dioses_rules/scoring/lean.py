"""The compiled final scoring in one pass: ``score_board``'s and
``score_total``'s path, the only compiled one (#26, #29).

The steps are the reference's (``score._reference``), in its order and with
its facts (R12-R16, R21, R24, R34), answered on one scene of the revealed
area; what a board gives besides its cards (a law on its line, a held
pattern, a scenario's verdict) is judged with closures and facts kept per
definition, and its scores are plain values handed out again for the same
answer, so a game-end board builds little but its scene. A board of
nothing but its full area is scored in one generated call
(``unrolled.scored``, ``unrolled.totaled`` for the total alone). The
report's cards and area are built when read (``report.ScoreReport.lazy``),
and a board of cards alone's tie-break count too (``ScoreReport.plain``); explanations
take each line's points from ``line_points``. tests/test_compiled.py and
tests/test_lean_*.py hold it to the reference.

Nothing here catches an error: a compiled closure that raises goes up as
itself (tests/test_sabotage.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, cast, overload

from ..language import model as m
from . import compiled, unrolled
from .area import Area
from .board import Board, HeldPattern, LawPlacement
from .compiled import CompiledPool, pool
from .compiler import Sel
from .evaluator import Facts
from .generated import Fn
from .judges import made_cards, pattern_score, scenario_result
from .masks import FULL, mask_of
from .report import (
    CardScore,
    LawScore,
    ObjectiveScore,
    PatternScore,
    ScenarioResult,
    ScoreReport,
)
from .scene import Scene

_lazy, _plain = ScoreReport.lazy, ScoreReport.plain
_LIMIT = 4096  # entries per table below before it starts afresh (throwaway definitions)


LawKey = tuple[int, m.Row | None, int | None, bool]
KeptLaw = tuple[m.Law, Facts, int, Fn, dict[int, LawScore]]
Cells = tuple[int, ...] | None  # a pattern's matched cells, or None
KeptPattern = tuple[m.Pattern, Callable[[Scene], Cells], dict[Cells, PatternScore]]
# (victory's conditions held, challenge's, over the threshold)
Verdict = tuple[tuple[bool, ...], tuple[bool, ...], bool]
KeptScenario = tuple[m.Scenario, tuple[Fn, ...], tuple[Fn, ...], dict[Verdict, ScenarioResult]]


class Kept:
    """What one pool keeps for the parts of boards (plain values only: a
    cache that may miss, never a wrong answer; keyed by identity, holding
    the definition so that its id stays its own)."""

    __slots__ = ("laws", "objectives", "patterns", "scenarios")

    def __init__(self) -> None:
        # (id(law), row, column, flag) -> (law, facts, line mask, lines, {points: LawScore})
        self.laws: dict[LawKey, KeptLaw] = {}
        # (id(pattern), completed, points) -> (pattern, its closure, {cells: PatternScore})
        self.patterns: dict[tuple[int, bool | None, int | None], KeptPattern] = {}
        # (id(element), flag) -> (element, facts, the compiled element)
        self.objectives: dict[tuple[int, bool], tuple[m.ObjectiveElement, Facts, Sel]] = {}
        # id(scenario) -> (scenario, its conditions' closures, {verdict: ScenarioResult})
        self.scenarios: dict[int, KeptScenario] = {}


def _kept(current: CompiledPool) -> Kept:
    """The pool's Kept (a fresh pool keeps nothing of the last one's)."""
    kept: Kept | None = current.kept
    if kept is None:
        kept = current.kept = Kept()
    return kept


def _law(current: CompiledPool, kept: Kept, placement: LawPlacement, flag: bool) -> KeptLaw:
    law = placement.law
    key = (id(law), placement.row, placement.column, flag)
    found = kept.laws.get(key)
    if found is None:
        if len(kept.laws) >= _LIMIT:
            kept.laws.clear()
        facts = current.law_facts(placement, flag)  # R13: its line; R21
        line = mask_of(facts.law_line) if facts.law_line else 0
        found = kept.laws[key] = (law, facts, line, current.lines(law.lines), {})
    return found


def _objectives(
    current: CompiledPool, kept: Kept, scene: Scene, board: Board, flag: bool
) -> tuple[ObjectiveScore, ...]:
    """R15: each goal with its element."""
    found = []
    for goal, element in board.objectives:
        key = (id(element), flag)
        entry = kept.objectives.get(key)
        if entry is None:
            if len(kept.objectives) >= _LIMIT:
                kept.objectives.clear()
            facts = Facts(element=element.selector, all_face_up_at_end=flag)
            entry = kept.objectives[key] = (element, facts, current.selector(element.selector))
        scene.judge_with(entry[1], entry[2])
        found.append(ObjectiveScore(goal, element, current.lines(goal.lines)(scene, None)))
    return tuple(found)


def _scenario(
    current: CompiledPool, kept: Kept, scene: Scene, scenario: m.Scenario, facts: Facts
) -> ScenarioResult:
    """The scenario's verdict (R34), a plain value handed out again."""
    entry = kept.scenarios.get(id(scenario))
    if entry is None:
        if len(kept.scenarios) >= _LIMIT:
            kept.scenarios.clear()
        entry = kept.scenarios[id(scenario)] = (
            scenario,
            tuple(current.condition(c) for c in scenario.victory),
            tuple(current.condition(c) for c in scenario.challenge),
            {},
        )
    scene.judge_with(facts)
    victory = tuple([bool(holds(scene, None)) for holds in entry[1]])
    challenge = tuple([bool(holds(scene, None)) for holds in entry[2]])
    verdict = (victory, challenge, facts.total > scenario.threshold)
    result = entry[3].get(verdict)
    if result is None:
        result = scenario_result(scenario, victory, challenge, facts.total)
        if len(entry[3]) < 64:
            entry[3][verdict] = result
    return result


@overload
def score(board: Board, all_face_up_at_end: bool | None, total_only: Literal[True]) -> int: ...


@overload
def score(
    board: Board, all_face_up_at_end: bool | None, total_only: Literal[False]
) -> ScoreReport: ...


def score(board: Board, all_face_up_at_end: bool | None, total_only: bool) -> ScoreReport | int:
    """``score_board`` without explanations, compiled (see the module's
    text), or with ``total_only`` ``score_total``: the scoring stopped at
    the total."""
    current = compiled._POOL  # ``pool()``'s answer without its call, while it holds
    if current is None or current.spent:
        current = pool()
    found = None
    if (
        all_face_up_at_end is None
        and current.lanes.both
        and not (board.laws or board.patterns or board.objectives or board.scenario_state)
    ):
        # a board of nothing but its full area, whole in one call (``unrolled``)
        if not total_only:
            found = unrolled.scored(board.area, current.cards, current.plain)
        elif (counted := unrolled.totaled(board.area, current.cards, current.plain)) is not None:
            return counted
    if found is not None:
        scene, flag, points = found
        total: int = sum(points)
        if board.scenario is None:
            return _plain(_made_cards, board, points, total, _counted_gods, flag)
        face_up_before, parts = flag, _NO_PARTS
    else:
        scene, face_up_before, flag, points, total, parts = _judged(
            current, board, all_face_up_at_end
        )
    laws, patterns, objectives, _, completed, met = parts
    if total_only:
        return total
    scenario = None
    if board.scenario is not None:
        card_points = (
            cast(dict[int, int], dict(enumerate(points)))  # full: no None
            if scene.occ == FULL
            else {c: p for c, p in enumerate(points) if p is not None}
        )
        facts = Facts(
            card_points=card_points,
            patterns_completed=completed,
            laws_met=met,
            total=total,
            scenario_state=dict(board.scenario_state),
            all_face_up_at_end=flag,
        )
        scenario = _scenario(current, _kept(current), scene, board.scenario, facts)
    return _lazy(
        _made_cards,
        board,
        points,
        laws,
        patterns,
        objectives,
        total,
        _gods(current, scene, board.tie_break),
        face_up_before,
        scenario,
    )


def _gods(current: CompiledPool, scene: Scene, tie_break: str | None) -> int:
    """R16: the revealed cards of the tie-break type (gods), R11's weights counted."""
    try:
        tie = current.ties[tie_break]
    except KeyError:
        tie = current.tie(tie_break)
    if tie is None:
        return 0
    tied = (scene.kinds >> tie[1]) & FULL  # a revealed scene: every card's kinds
    heavy = tied & scene.heavy
    if not heavy & (heavy - 1):  # none heavy, or one (Geb y Nut): no call of ``weighed``
        return tied.bit_count() + (
            heavy and scene.infos[heavy.bit_length() - 1].weights.get(tie[0], 1) - 1
        )
    return scene.weighed(tied, tie[0])


def _judged(
    current: CompiledPool, board: Board, all_face_up_at_end: bool | None
) -> tuple[Scene, bool, bool, list[int | None], int, Parts]:
    """A board's scene with its cards' facts, whether it was all face up,
    R21's flag, the cards' points (None where empty), its total and its
    parts, step by step."""
    scene, face_up_before = current.revealed_scene(board.area)  # R12
    flag = face_up_before if all_face_up_at_end is None else all_face_up_at_end
    # a card may count completed patterns and met laws (never card points)
    if board.laws or board.patterns or board.objectives:
        parts = _parts(current, scene, board, flag)
        scene.judge_with(current.card_facts(flag, board.scenario_state, parts[4], parts[5]))
    else:  # a fresh scene: no other facts to forget
        parts = _NO_PARTS
        scene.facts = current.card_facts(flag, board.scenario_state, 0, 0)
    if scene.occ == FULL:
        full = unrolled.points(scene)
        total = sum(full) + parts[3]
        return scene, face_up_before, flag, cast(list[int | None], full), total, parts
    points = [
        None if info is None else info.points(scene, cell) for cell, info in enumerate(scene.infos)
    ]
    total = sum(p for p in points if p is not None) + parts[3]
    return scene, face_up_before, flag, points, total, parts


def _counted_gods(board: Board) -> int:
    """A lazy report's tie-break count (R16), when read."""
    current = pool()
    return _gods(current, current.revealed_scene(board.area)[0], board.tie_break)


def _made_cards(board: Board, points: list[int | None]) -> tuple[Area, tuple[CardScore, ...]]:
    """A lazy report's revealed area and cards, when read: it keeps only the
    board and the points, not the scene they were judged on."""
    current = pool()
    area = board.area
    return made_cards([None if p is None else current.info(p.card) for p in area.cells], points)


def line_points(board: Board, facts: Facts) -> Callable[[m.ScoringLine, int], int]:
    """A line's points from a cell of the board's revealed area, compiled and
    judged with these facts (``score_board``'s explanations)."""
    current = pool()
    scene = current.revealed_scene(board.area)[0]
    scene.judge_with(facts)
    return lambda line, cell: current.line(line)(scene, cell)


# a board's laws, patterns, objectives, what they add, patterns completed, laws met
Parts = tuple[
    tuple[LawScore, ...], tuple[PatternScore, ...], tuple[ObjectiveScore, ...], int, int, int
]
_NO_PARTS: Parts = ((), (), (), 0, 0, 0)


def _parts(current: CompiledPool, scene: Scene, board: Board, flag: bool) -> Parts:
    """The laws (R13), patterns (R14) and objectives (R15) of a board, what
    they add to its total, the patterns completed and the laws met."""
    kept = _kept(current)
    extra = completed = met = 0
    laws: list[LawScore] = []
    for placement in board.laws:
        law, facts, line, lines, scores = _law(current, kept, placement, flag)
        scene.judge_line(facts, line)
        points = lines(scene, None)
        score = scores.get(points)
        if score is None:
            score = LawScore(law, placement.row, placement.column, points)
            if len(scores) < 16:
                scores[points] = score
        laws.append(score)
        extra += points
        met += points > 0
    patterns: list[PatternScore] = []
    for held in board.patterns:  # matched on the masks, even when known
        entry = kept.patterns.get((id(held.pattern), held.completed, held.points))
        if entry is None:
            entry = _pattern(current, kept, held)
        cells = entry[1](scene)
        found = entry[2].get(cells)
        if found is None:
            found = entry[2][cells] = pattern_score(held, cells)
        patterns.append(found)
        extra += found.points
        completed += found.completed
    objectives: tuple[ObjectiveScore, ...] = ()
    if board.objectives:
        objectives = _objectives(current, kept, scene, board, flag)
        extra += sum(o.points for o in objectives)
    return tuple(laws), tuple(patterns), objectives, extra, completed, met


def _pattern(current: CompiledPool, kept: Kept, held: HeldPattern) -> KeptPattern:
    """A held pattern's closure and the scores it gave, kept (R14)."""
    if len(kept.patterns) >= _LIMIT:
        kept.patterns.clear()
    pattern = held.pattern
    entry = kept.patterns[(id(pattern), held.completed, held.points)] = (
        pattern,
        current.pattern(pattern),
        {},
    )
    return entry
