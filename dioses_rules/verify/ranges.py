"""A definition's best and worst points over every final area of the pool:
exact with CP-SAT where the ``[solver]`` extra is installed
(``solve/ranges.py``), else the bound of its lines and a seeded search
(``scoring/extremes.py``), each answer saying which found it."""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from attrs import frozen

from ..language import model as m
from ..pool.registry import Registry
from ..scoring.area import Area
from ..scoring.board import (
    Board,
    HeldPattern,
    board_file_text,
    board_to_file,
    law_on,
)
from ..scoring.evaluator import Facts
from ..scoring.extremes import Found, PoolLimits, Ranged, search_extreme

if TYPE_CHECKING:  # the [solver] extra stays optional
    from ..solve.ranges import Extreme

CP_SAT = "CP-SAT"
SEARCH = "search"


def solver_available() -> bool:
    return importlib.util.find_spec("ortools") is not None


@frozen
class Side:
    """The best (or worst) points found, how, and an area that gives them."""

    points: int
    exact: bool  # no area does better (worse)
    how: str  # "CP-SAT", "bound" (the search reached its lines' bound) or "search"
    area: Area
    facts: Facts
    line: tuple[str, object] | None = None
    note: str = ""  # why the solver was not used, when it was wanted

    def shown(self) -> str:
        return str(self.points) if self.exact else f"{self.points}?"


def side(
    registry: Registry,
    limits: PoolLimits,
    what: Ranged,
    maximize: bool,
    element: m.ObjectiveElement | None,
    seed: int,
    search_seconds: float,
    solver_seconds: float,
    budget_left: float = float("inf"),
) -> Side:
    """One side of a definition's range: the search first (cheap, and exact
    when it reaches the bound of the lines), then CP-SAT for what it leaves
    open, within ``solver_seconds``."""
    found = search_extreme(limits, what, maximize, element, seed, search_seconds)
    if found.exact:
        return _side(found, True, "bound")
    if maximize and found.points <= 0 and budget_left > 2.0:
        # it never scored in the search: a failure to prove (or refute), given time
        solver_seconds = max(solver_seconds, 2.0)
    if solver_seconds < 0.3 or not solver_available():
        note = (
            "CP-SAT not reached within the budget"
            if solver_available()
            else "install the [solver] extra for exact answers"
        )
        return _side(found, False, SEARCH, note)
    from ..solve.ranges import extreme
    from ..unsupported import Unsupported

    try:
        exact = extreme(registry, what, maximize, element, solver_seconds, seed)
    except Unsupported as error:
        return _side(found, False, SEARCH, error.diagnostics[0].message)
    late = "CP-SAT ran out of time"
    if exact is None:
        return _side(found, False, SEARCH, late)
    better = exact.points > found.points if maximize else exact.points < found.points
    if exact.proven or better:
        return _side(exact, exact.proven, CP_SAT, "" if exact.proven else late)
    return _side(found, False, SEARCH, late)


def _side(answer: Found | Extreme, exact: bool, how: str, note: str = "") -> Side:
    """The side an answer of the search or of CP-SAT gives, ``exact`` or
    not, found ``how``, and why CP-SAT did not prove it (``note``)."""
    return Side(answer.points, exact, how, answer.area, answer.facts, answer.line, note)


def witness_board(
    registry: Registry,
    side_: Side,
    law: m.Law | None = None,
    objective: tuple[m.ObjectiveGoal, m.ObjectiveElement] | None = None,
) -> str:
    """An area found, as a board file the modder can open with ``dioses
    score --explain``; the facts it was judged with are said in comments."""
    patterns = tuple(
        HeldPattern(p, True, registry.pattern_points(p))
        for p in sorted(registry.definitions("pattern"), key=lambda p: p.id)[
            : side_.facts.patterns_completed
        ]
    )
    laws = (law_on(law, side_.line),) if law is not None and side_.line is not None else ()
    board = Board(side_.area, laws, patterns, (objective,) if objective else ())
    comments = [f"# found by {side_.how}: {side_.points} points"]
    if side_.facts.laws_met:
        comments.append(f"# judged with {side_.facts.laws_met} laws met")
    comments.append(
        f"# the area {'ended' if side_.facts.all_face_up_at_end else 'did not end'}"
        " all face up (R21)"
    )
    return "\n".join(comments) + "\n" + board_file_text(board_to_file(board))
