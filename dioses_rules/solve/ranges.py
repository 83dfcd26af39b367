"""How many points a definition can make at best and at worst, over every
final area of the pool in play, decided by CP-SAT (``dioses test``).

The area is full (a game ends with 12 cards in it, R1), of any of the pool's
Myth cards, every card face up (R12). What a line may know beyond the area
is the solver's choice too, within what a game can give: how many laws are
met (0 to the laws in play, at most 7: one a row and a column, R13), how
many patterns completed (0 to the patterns in play, R14) and whether the
area ended all face up (R21; each value is solved on its own). A law may sit
on any row or column (R13); an objective is judged with the element given
(R15).

Every answer is checked before it is returned: its area, scored by the
reference evaluator with the same facts, must give the points the solver
claims (:class:`.cpsat.SolverMismatch` otherwise, a bug of ours).
"""

from __future__ import annotations

import time

from attrs import frozen
from ortools.sat.python import cp_model

from ..language import model as m
from ..pool.registry import Registry
from ..scoring import area as g
from ..scoring.area import Area
from ..scoring.board import LAW_LINES, LawLine, line_cells
from ..scoring.evaluator import Facts
from ..scoring.extremes import Judge, PoolLimits, Ranged, face_up_values, mentions
from .cpsat import Builder, Lin, agree, chosen, solve, total
from .layout import AreaModel, choose_area


@frozen
class Extreme:
    """The most (or least) points found, with the area and facts that give them."""

    points: int
    proven: bool  # proven the best (worst) there is
    area: Area
    facts: Facts
    line: LawLine | None = None  # a law's row or column


class _RangeModel(AreaModel):
    """A full area of the pool's cards, the facts a game may give, and the
    points of one definition as the expression to optimise."""

    def __init__(self, registry: Registry, all_face_up_at_end: bool) -> None:
        b = Builder()
        cards = sorted(registry.myth_cards(), key=lambda card: card.id)
        x = choose_area(b, cards, full=len(cards) >= g.SIZE)
        super().__init__(b, cards, x, {}, all_face_up_at_end, hand_fixed=False)
        limits = PoolLimits.of(registry)
        self.laws_met = b.model.new_int_var(0, limits.laws_most, "laws met")
        self.completed = b.model.new_int_var(0, limits.patterns_most, "patterns completed")
        self.context.laws_met = Lin(self.laws_met, 0, limits.laws_most)
        self.context.patterns_completed = Lin(self.completed, 0, limits.patterns_most)
        self.law_lits: list[cp_model.IntVar] = []

    def card(self, card: m.MythCard) -> Lin:
        d = next(i for i, c in enumerate(self.cards) if c.id == card.id)
        self.b.model.add_exactly_one(self.x[d])
        if mentions(card.lines, m.Scores):
            self.context.card_points = self.trees.every_card_points()  # R24: others' points
            return self.context.card_points[d]
        return self.trees.card_points(d)

    def points(self, what: Ranged, element: m.ObjectiveElement | None) -> Lin:
        """The points of ``what`` (a card, a law on the line the solver
        chooses, a goal with ``element``), the expression to optimise."""
        if isinstance(what, m.MythCard):
            return self.card(what)
        if isinstance(what, m.ObjectiveGoal):
            assert element is not None, "a goal's range is with an element"
            where = f"objective '{what.id}' with '{element.id}'"
            return self.trees.judged(what.lines, where, element=element.selector)
        self.law_lits = [self.b.new_bool() for _ in LAW_LINES]
        self.b.model.add_exactly_one(self.law_lits)
        return total(
            self.b.when(lit, self.trees.judged(what.lines, f"law '{what.id}'", line_cells(line)))
            for lit, line in zip(self.law_lits, LAW_LINES, strict=True)
        )

    def answer(self, solver: cp_model.CpSolver) -> tuple[Area, Facts, LawLine | None]:
        facts = Facts(
            laws_met=solver.value(self.laws_met),
            patterns_completed=solver.value(self.completed),
            all_face_up_at_end=self.context.all_face_up_at_end,
        )
        line = next(
            (
                line
                # no law_lits but for a law: zip() of none gives no line
                for lit, line in zip(self.law_lits, LAW_LINES, strict=False)
                if chosen(solver, lit)
            ),
            None,
        )
        return self.area(solver), facts, line


def extreme(
    registry: Registry,
    what: Ranged,
    maximize: bool,
    element: m.ObjectiveElement | None = None,
    time_limit: float | None = None,
    seed: int = 0,
) -> Extreme | None:
    """The most (``maximize``) or least points ``what`` (a Myth card, a law,
    or a goal with ``element``) makes in a final area of ``registry``'s pool.

    None when no area is found within ``time_limit``. Raises
    :class:`.compiler.Unsupported` for a node the model cannot express, and
    :class:`.cpsat.SolverMismatch` if the evaluator disagrees."""
    started = time.perf_counter()
    answers, undecided = [], False
    if isinstance(what, m.MythCard):  # the pool's card of its id: the one the model places
        what = next(card for card in registry.myth_cards() if card.id == what.id)
    judge = Judge(what, element)
    for face_up in face_up_values(what.lines):
        model = _RangeModel(registry, face_up)
        points = model.points(what, element)
        (model.b.model.maximize if maximize else model.b.model.minimize)(points.expr)
        left = (
            None if time_limit is None else max(time_limit - (time.perf_counter() - started), 0.05)
        )
        solver, found, status = solve(model.b.model, time_limit=left, random_seed=seed)
        if not found:
            undecided = True  # no area within the time (or none at all: a pool too small)
            continue
        area, facts, line = model.answer(solver)
        claimed = agree(
            round(solver.objective_value), judge.points(area, facts, line), f"{what.id} in an area"
        )
        answers.append(Extreme(claimed, status == "OPTIMAL", area, facts, line))
    if not answers:
        return None
    best = (max if maximize else min)(answers, key=lambda answer: answer.points)
    proven = not undecided and all(answer.proven for answer in answers)
    return Extreme(best.points, proven, best.area, best.facts, best.line)


__all__ = ["Extreme", "extreme"]
