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
claims (:class:`.layout.SolverMismatch` otherwise, a bug of ours).
"""

from __future__ import annotations

import time
from typing import Any

from attrs import frozen
from ortools.sat.python import cp_model

from ..language import model as m
from ..language.walk import iter_nodes
from ..pool.registry import Registry
from ..scoring import area as g
from ..scoring.area import Area, Placed
from ..scoring.board import LAW_LINES, LawLine, line_cells
from ..scoring.evaluator import Evaluator, Facts
from ..scoring.extremes import Ranged
from .compiler import Context, TreeCompiler
from .cpsat import Builder, Lin, Lit, total
from .layout import SolverMismatch


@frozen
class Extreme:
    """The most (or least) points found, with the area and facts that give them."""

    points: int
    proven: bool  # proven the best (worst) there is
    area: Area
    facts: Facts
    line: tuple[str, object] | None = None  # a law's row or column
    status: str = ""
    seconds: float = 0.0


class _RangeModel:
    """A full area of the pool's cards, the facts a game may give, and the
    points of one definition as the expression to optimise."""

    def __init__(self, registry: Registry, all_face_up_at_end: bool) -> None:
        self.registry = registry
        self.b = Builder()
        self.cards = sorted(registry.myth_cards(), key=lambda card: card.id)
        model = self.b.model
        self.x: list[list[Lit]] = [[self.b.new_bool() for _ in g.ALL_CELLS] for _ in self.cards]
        for places in self.x:
            model.add_at_most_one(places)
        full = len(self.cards) >= g.SIZE
        for cell in g.ALL_CELLS:  # a game ends with every cell filled (R1)
            column = [row[cell] for row in self.x]
            (model.add_exactly_one if full else model.add_at_most_one)(column)
        self.context = Context({}, all_face_up_at_end)
        self.laws_most = min(7, len(registry.definitions("law")))
        self.patterns_most = len(registry.definitions("pattern"))
        self.laws_met = model.new_int_var(0, self.laws_most, "laws met")
        self.completed = model.new_int_var(0, self.patterns_most, "patterns completed")
        self.context.laws_met = Lin(self.laws_met, 0, self.laws_most)
        self.context.patterns_completed = Lin(self.completed, 0, self.patterns_most)
        self.trees = TreeCompiler(self.b, self.cards, self.x, self.context, hand_fixed=False)
        self.law_lits: list[cp_model.IntVar] = []

    def card(self, card: m.MythCard) -> Lin:
        d = next(i for i, c in enumerate(self.cards) if c.id == card.id)
        self.b.model.add_exactly_one(self.x[d])
        if any(isinstance(n, m.Scores) for n in iter_nodes(card.lines)):
            self.context.card_points = self._all_points()  # R24: others' points are read
            return self.context.card_points[d]
        return self.trees.card_points(d)

    def _all_points(self) -> list[Lin]:
        return [self.trees.card_points(d) for d in range(len(self.cards))]

    def law(self, law: m.Law) -> Lin:
        self.trees.where = f"law '{law.id}'"
        self.law_lits = [self.b.new_bool() for _ in LAW_LINES]
        self.b.model.add_exactly_one(self.law_lits)
        parts = []
        for lit, line in zip(self.law_lits, LAW_LINES, strict=True):
            self.trees.context = self.context.judging(law_line=line_cells(line))
            parts.append(self.b.when(lit, self.trees.lines_points(law.lines, None)))
        self.trees.context = self.context
        return total(parts)

    def objective(self, goal: m.ObjectiveGoal, element: m.ObjectiveElement) -> Lin:
        self.trees.where = f"objective '{goal.id}' with '{element.id}'"
        self.trees.context = self.context.judging(element=element.selector)
        points = self.trees.lines_points(goal.lines, None)
        self.trees.context = self.context
        return points

    def answer(self, solver: cp_model.CpSolver) -> tuple[Area, Facts, LawLine | None]:
        cells: list[Placed | None] = [None] * g.SIZE
        for d, card in enumerate(self.cards):
            for cell in g.ALL_CELLS:
                if solver.boolean_value(self.x[d][cell]):
                    cells[cell] = Placed(card, True)
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
                if solver.boolean_value(lit)
            ),
            None,
        )
        return Area(tuple(cells)), facts, line


def _judged(
    what: Ranged,
    area: Area,
    facts: Facts,
    line: tuple[str, Any] | None,
    element: m.ObjectiveElement | None,
) -> int:
    """The reference evaluator's points for the answer, to check it."""
    if isinstance(what, m.MythCard):
        cell = next(c for c, p in enumerate(area.cells) if p is not None and p.card.id == what.id)
        return Evaluator(area, facts).lines_points(what.lines, cell)
    if isinstance(what, m.Law):
        assert line is not None  # a law's answer says its line
        return Evaluator(
            area, Facts(**{**_fields(facts), "law_line": line_cells(line)})
        ).lines_points(what.lines, None)
    assert element is not None  # a goal is judged with its element
    return Evaluator(area, Facts(**{**_fields(facts), "element": element.selector})).lines_points(
        what.lines, None
    )


def _fields(facts: Facts) -> dict[str, Any]:  # Facts' keyword arguments
    return {
        "laws_met": facts.laws_met,
        "patterns_completed": facts.patterns_completed,
        "all_face_up_at_end": facts.all_face_up_at_end,
    }


def _face_up_values(what: Ranged) -> tuple[bool, ...]:
    """R21: both values only where a line asks."""
    lines = what.lines
    return (
        (True, False)
        if any(isinstance(n, m.AllFaceUpAtEnd) for n in iter_nodes(lines))
        else (True,)
    )


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
    :class:`.layout.SolverMismatch` if the evaluator disagrees."""
    started = time.perf_counter()
    answers, undecided = [], False
    for face_up in _face_up_values(what):
        model = _RangeModel(registry, face_up)
        if isinstance(what, m.MythCard):
            points = model.card(what)
        elif isinstance(what, m.Law):
            points = model.law(what)
        else:
            assert element is not None, "a goal's range is with an element"
            points = model.objective(what, element)
        (model.b.model.maximize if maximize else model.b.model.minimize)(points.expr)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed
        solver.parameters.linearization_level = 2
        if time_limit is not None:
            left = time_limit - (time.perf_counter() - started)
            solver.parameters.max_time_in_seconds = max(left, 0.05)
        status = solver.solve(model.b.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            undecided = True  # no area within the time (or none at all: a pool too small)
            continue
        area, facts, line = model.answer(solver)
        claimed = round(solver.objective_value)
        judged = _judged(what, area, facts, line, element)
        if judged != claimed:
            raise SolverMismatch(
                f"the solver claims {claimed} points for {what.id} in an "
                f"area the evaluator scores {judged}"
            )
        answers.append(
            Extreme(
                claimed, status == cp_model.OPTIMAL, area, facts, line, solver.status_name(status)
            )
        )
    if not answers:
        return None
    best = (max if maximize else min)(answers, key=lambda answer: answer.points)
    proven = not undecided and all(answer.proven for answer in answers)
    return Extreme(
        best.points,
        proven,
        best.area,
        best.facts,
        best.line,
        best.status,
        time.perf_counter() - started,
    )


__all__ = ["Extreme", "extreme"]
