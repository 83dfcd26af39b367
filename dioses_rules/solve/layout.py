"""One final area on a CP-SAT model, and the best layout of a board's
cards, proven optimal.

:class:`AreaModel` is what each of the solver's models is: the placements of
some cards (a board's own here; any of the pool's, :func:`choose_area`, for
a scenario's winning areas in ``solve.scenario`` and a definition's range in
``solve.ranges``), the facts their lines know, the tree compiler over both,
the area's total and the area of an answer.

For the best layout, the board's laws stay on their lines, its patterns, objectives and scenario
as given; its Myth cards may go to any cells (one card per cell), except the
cells asked to stay as they are (``fixed``). Every card is face up in the
answer, as at the final scoring (R12), so R21's "all face up at the end"
holds. The total maximised is ``score_board``'s: the cards' own lines
(R8-R11), the laws met (R13), the patterns completed (R14) and the
objectives (R15). The answer is checked before it is returned: the best
arrangement, scored by the compiled evaluator, must score what the solver
claims.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

from attrs import evolve, frozen
from ortools.sat.python import cp_model

from ..errors import DiosesError
from ..language import model as m
from ..scoring import area as g
from ..scoring.area import Area, Placed
from ..scoring.board import AreaFile, Board, board_to_file
from ..scoring.patterns import shape_cells, shape_origins
from ..scoring.score import score_total
from .compiler import Context, TreeCompiler, Unsupported
from .cpsat import Builder, Lin, Lit, SolverMismatch, agree, chosen, lit_lin, solve, total
from .limits import check_seconds


@frozen
class Layout:
    """What ``dioses solve BOARD`` answers."""

    board: Board  # the best arrangement, every card face up
    best_total: int
    current_total: int  # the board as saved
    optimal: bool  # proven optimal by the solver
    seconds: float
    status: str  # CP-SAT's status name

    def to_json(self) -> dict[str, Any]:
        return {
            "best_total": self.best_total,
            "current_total": self.current_total,
            "gain": self.best_total - self.current_total,
            "optimal": self.optimal,
            "status": self.status,
            "area": area_rows(board_to_file(self.board).area),
            "seconds": round(self.seconds, 3),
        }


def area_rows(area_file: AreaFile) -> dict[str, list[str]]:
    """An area's rows as the JSON answers write them."""
    return {"front": area_file.front, "central": area_file.central, "back": area_file.back}


class AreaModel:
    """One final area on a CP-SAT model: the placements ``x`` of ``cards``
    on the builder ``b``, the facts its lines may know (``context``) and the
    tree compiler over them. A board's best layout, a scenario's winning
    areas and a definition's range are each one."""

    def __init__(
        self,
        b: Builder,
        cards: list[m.MythCard],
        x: list[list[Lit]],
        state: dict[str, object],
        all_face_up_at_end: bool,
        hand_fixed: bool,
    ) -> None:
        self.b, self.cards, self.x = b, cards, x
        self.context = Context(state, all_face_up_at_end)
        self.trees = TreeCompiler(b, cards, x, self.context, hand_fixed)

    def whole(self, completed: Iterable[tuple[Lit, int]], laws: Lin, laws_met: Lin) -> Lin:
        """The area's total as ``score_total`` adds it: every card's points
        (R8-R11), the laws' (R13) and each pattern's worth when its literal
        says it was completed (R14); the cards' lines know the patterns
        completed and ``laws_met``."""
        completed = list(completed)
        self.context.patterns_completed = total(lit_lin(lit) for lit, _ in completed)
        self.context.laws_met = laws_met
        self.context.card_points = self.trees.every_card_points()
        patterns = total(lit_lin(lit, worth) for lit, worth in completed)
        return total(self.context.card_points) + laws + patterns

    def area(self, solver: cp_model.CpSolver) -> Area:
        """The area of the solver's answer: card ``d`` in the cell ``x[d]``
        says, every card face up (R12)."""
        cells: list[Placed | None] = [None] * g.SIZE
        for card, places in zip(self.cards, self.x, strict=True):
            for cell in g.ALL_CELLS:
                if chosen(solver, places[cell]):
                    cells[cell] = Placed(card, True)
        return Area(tuple(cells))


def choose_area(
    b: Builder,
    cards: list[m.MythCard],
    allowed: Mapping[str, frozenset[int]] | None = None,
    full: bool = True,
) -> list[list[Lit]]:
    """The placements of an area the solver fills with some of ``cards``:
    ``x[d][j]`` holds when card ``d`` stands in cell ``j``. A card of
    ``allowed`` stands in one of its cells (it never leaves the area), any
    other in one cell at most; each cell holds one card when ``full`` (R1:
    a game ends with 12 cards), else one at most."""
    allowed = allowed or {}
    x: list[list[Lit]] = []
    for card in cards:
        cells = allowed.get(card.id)
        x.append([b.new_bool() if cells is None or j in cells else False for j in g.ALL_CELLS])
        placed = [lit for lit in x[-1] if lit is not False]
        if cells is not None:
            b.model.add_exactly_one(placed)
        elif placed:
            b.model.add_at_most_one(placed)
    for cell in g.ALL_CELLS:
        held = [row[cell] for row in x if row[cell] is not False]
        (b.model.add_exactly_one if full else b.model.add_at_most_one)(held)
    return x


class _LayoutModel(AreaModel):
    """The CP-SAT model of one board's best layout."""

    def __init__(
        self,
        board: Board,
        fixed: frozenset[int],
        all_face_up_at_end: bool = True,
        tight: bool = True,
    ) -> None:
        self.board = board
        cells = board.area.cells
        self.cells_of = [cell for cell in g.ALL_CELLS if cells[cell] is not None]
        cards = [placed.card for placed in cells if placed is not None]
        b = Builder(tight)
        x = self._placements(b, len(cards), fixed)
        super().__init__(b, cards, x, dict(board.scenario_state), all_face_up_at_end, True)

    def _placements(self, b: Builder, count: int, fixed: frozenset[int]) -> list[list[Lit]]:
        pinned = {self.cells_of.index(cell): cell for cell in fixed}
        taken = set(pinned.values())
        x: list[list[Lit]] = []
        for d in range(count):
            if d in pinned:
                x.append([cell == pinned[d] for cell in g.ALL_CELLS])
            else:
                x.append([False if cell in taken else b.new_bool() for cell in g.ALL_CELLS])
                b.model.add_exactly_one([v for v in x[d] if v is not False])
        for cell in g.ALL_CELLS:
            free = [places[cell] for places in x if not isinstance(places[cell], bool)]
            if len(free) > 1:
                b.model.add_at_most_one(free)
            b.at_most_one_group(free)  # one card per cell
        for places in x:
            b.at_most_one_group(places)  # one cell per card
        return x

    def patterns(self) -> list[Lit]:
        completed: list[Lit] = []
        for held in self.board.patterns:
            if held.completed is not None:
                completed.append(held.completed)
                continue
            completed.append(
                self.b.any_of(
                    self._placed_shape(held.pattern, top, left)
                    for top, left in shape_origins(held.pattern)
                )
            )
        return completed

    def _placed_shape(self, pattern: m.Pattern, top: int, left: int) -> Lit:
        return self.b.all_of(
            self.b.any_of(
                self.x[d][cell]
                for d, card in enumerate(self.cards)
                if want.fits(card.type, card.mythologies)
            )
            for cell, want in shape_cells(pattern, top, left)
        )

    def laws(self) -> list[Lin]:
        return [
            self.trees.judged(law.law.lines, f"law '{law.law.id}'", law_line=law.cells())
            for law in self.board.laws
        ]

    def objectives(self) -> list[Lin]:
        return [
            self.trees.judged(
                goal.lines, f"objective '{goal.id}' with '{element.id}'", element=element.selector
            )
            for goal, element in self.board.objectives
        ]

    def build(self) -> Lin:
        """The objective: the board's whole total."""
        completed = zip(self.patterns(), (held.worth for held in self.board.patterns), strict=True)
        law_points = self.laws()
        laws_met = total(lit_lin(self.b.at_least(p, 1)) for p in law_points)
        whole = self.whole(completed, total(law_points), laws_met) + total(self.objectives())
        self.b.product_cuts()  # nothing unless tight
        self.b.model.maximize(whole.expr)
        return whole


def best_layout(
    board: Board,
    fixed: Iterable[int] = (),
    time_limit: float | None = None,
    workers: int = 1,
    effort: float | None = None,
    all_face_up_at_end: bool = True,
    tight: bool = True,
) -> Layout:
    """The arrangement of ``board``'s cards with the highest total.

    ``fixed``: cells whose card stays where it is. ``time_limit`` (seconds):
    stop early with the best found so far (``optimal`` is then False unless
    proven). ``effort``: the same in CP-SAT's deterministic time, so that
    where it stops does not depend on the machine's speed or load (one
    worker and an effort, or no limit: the same answer every run).
    ``workers``: CP-SAT's search threads (1: one core, reproducible).
    ``all_face_up_at_end`` (R21): whether the area counts as ended all face
    up (the answer has every card face up, R12, as the final scoring turns
    them). ``tight``: multiply the placements into the points and cut the
    products (``Builder``'s tight formulation; False: the plain big-M model,
    kept to measure against, see benchmarks/bench_solve.py --compare).
    Raises :class:`Unsupported` for a definition the model cannot express.
    """
    check_seconds(time_limit)
    check_seconds(effort, "effort")
    started = time.perf_counter()
    fixed = frozenset(fixed)
    empty = [cell for cell in fixed if board.area.cells[cell] is None]
    if empty:
        raise DiosesError.one(
            "E301",
            f"cell {g.cell_name(empty[0])} is empty: only a card can stay in place",
            help="keep cells that hold a card",
        )
    layout = _LayoutModel(board, fixed, all_face_up_at_end, tight)
    layout.build()
    solver, found, status = solve(layout.b.model, workers, time_limit, effort)
    if status == "UNKNOWN" and (time_limit is not None or effort is not None):
        # stopped by the limit before a first arrangement: the user's time
        # (a busy machine, a short --time-limit), not a wrong model
        limit = f"{time_limit:g} seconds" if time_limit is not None else f"an effort of {effort:g}"
        raise DiosesError.one(
            "E303",
            f"the solver found no arrangement within {limit}",
            help="give it more time (dioses solve --time-limit, dioses play --best-time)",
        )
    if not found:
        raise SolverMismatch(f"CP-SAT found no arrangement ({status})")
    best = evolve(board, area=layout.area(solver))
    scored = agree(
        round(solver.objective_value),
        score_total(best, all_face_up_at_end=all_face_up_at_end),
        "an arrangement",
    )
    current = score_total(board, all_face_up_at_end=None if all_face_up_at_end else False)
    return Layout(
        best,
        scored,
        current,
        status == "OPTIMAL",
        time.perf_counter() - started,
        status,
    )


__all__ = ["Layout", "SolverMismatch", "Unsupported", "best_layout"]
