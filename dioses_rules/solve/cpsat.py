"""A thin layer over OR-Tools CP-SAT: integer expressions that know their
bounds, and literals that are either a Python bool (known when the model is
built) or a CP-SAT Boolean variable.

Every reified test below is an equivalence, never a one-way implication:
points can be negative (a penalty), so the solver must not be free to call a
condition false when it holds. Constants are folded as the model is built,
so a fixed cell or a condition decided by geometry adds nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Union

from ortools.sat.python import cp_model, cp_model_helper

# a Python bool, or a CP-SAT Boolean literal: a variable (cp_model.IntVar,
# a Literal) or its negation
Lit = Union[bool, cp_model_helper.Literal]
Expr = Union[int, cp_model.LinearExpr]  # a number, or a CP-SAT variable or sum


class Lin:
    """An integer expression with bounds: ``expr`` (an int or a CP-SAT
    linear expression) lies in ``lo..hi``. When it is a weighted sum of
    literals plus a constant, ``terms`` keeps them (``when`` then multiplies
    each literal out instead of adding an integer variable)."""

    __slots__ = ("const_part", "expr", "hi", "lo", "terms")

    def __init__(
        self,
        expr: Expr,
        lo: int,
        hi: int,
        terms: tuple[tuple[Lit, int], ...] | None = None,
        const_part: int = 0,
    ) -> None:
        self.expr, self.lo, self.hi = expr, lo, hi
        self.terms = terms  # ((literal, coefficient), ...) or None
        self.const_part = const_part

    @classmethod
    def const(cls, value: int) -> Lin:
        return cls(value, value, value, (), value)

    @property
    def fixed(self) -> bool:
        return self.lo == self.hi

    def __add__(self, other: Lin) -> Lin:
        if other.fixed and other.lo == 0:
            return self
        if self.fixed and self.lo == 0:
            return other
        terms = None
        if self.terms is not None and other.terms is not None:
            terms = self.terms + other.terms
        return Lin(
            self.expr + other.expr,
            self.lo + other.lo,
            self.hi + other.hi,
            terms,
            self.const_part + other.const_part,
        )

    def within(self, lo: int, hi: int) -> Lin:
        """The same expression, known to lie in ``lo..hi`` too (tighter
        bounds make a tighter model: a count is at most one card per cell)."""
        return Lin(self.expr, max(self.lo, lo), min(self.hi, hi), self.terms, self.const_part)

    def scaled(self, factor: int) -> Lin:
        if factor == 1:
            return self
        if factor == 0:
            return ZERO
        bounds = (self.lo * factor, self.hi * factor)
        terms = None if self.terms is None else tuple((lit, c * factor) for lit, c in self.terms)
        return Lin(self.expr * factor, min(bounds), max(bounds), terms, self.const_part * factor)


ZERO = Lin.const(0)


class SolverMismatch(AssertionError):
    """The solver's points are not what the evaluator scores for its
    answer: a bug of ours, never an answer."""


def agree(claimed: int, scored: int, what: str) -> int:
    """``scored`` (the evaluator's points for the solver's answer), or
    :class:`SolverMismatch` when the solver claimed other points for it."""
    if scored != claimed:
        raise SolverMismatch(
            f"the solver claims {claimed} points for {what} the evaluator scores {scored}"
        )
    return scored


def solve(
    model: cp_model.CpModel,
    workers: int = 1,
    time_limit: float | None = None,
    effort: float | None = None,
    **parameters: int,
) -> tuple[cp_model.CpSolver, bool, str]:
    """Solves ``model`` with the LP at level 2 (the enforced sums and the
    "and"s in the relaxation: on one worker this proves most optima many
    times sooner than the default level), ``workers`` search threads,
    within ``time_limit`` seconds and ``effort`` (CP-SAT's deterministic
    time) when given, and the other CP-SAT ``parameters``. Returns the
    solver, whether it found an answer, and its status name."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.linearization_level = 2
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    if effort is not None:
        solver.parameters.max_deterministic_time = effort
    for name, value in parameters.items():
        setattr(solver.parameters, name, value)
    status = solver.solve(model)
    return solver, status in (cp_model.OPTIMAL, cp_model.FEASIBLE), solver.status_name(status)


def chosen(solver: cp_model.CpSolver, lit: Lit) -> bool:
    """Whether a literal holds in the solver's answer."""
    return lit is True or (lit is not False and solver.boolean_value(lit))


def lit_lin(lit: Lit, coefficient: int = 1) -> Lin:
    """``coefficient`` when the literal holds, else 0."""
    if isinstance(lit, bool):
        return Lin.const(coefficient if lit else 0)
    return Lin(lit * coefficient, min(0, coefficient), max(0, coefficient), ((lit, coefficient),))


def total(items: Iterable[Lin]) -> Lin:
    result = ZERO
    for item in items:
        result = result + item
    return result


class Builder:
    """A CP-SAT model under construction, with the folding helpers."""

    def __init__(self, tight: bool = False) -> None:
        """``tight``: the tighter formulation of products (see ``when`` and
        ``product_cuts``): a far stronger LP bound for a board's best layout,
        where every card is placed; a larger model, slower to presolve, for
        a scenario's choice among the whole pool."""
        self.model = cp_model.CpModel()
        self.tight = tight
        self._and: dict[tuple[int, ...], Lit] = {}  # the literals' indices -> their and
        self._groups: dict[int, list[int]] = {}  # variable index -> its at-most-one groups
        self._group_count = 0
        # (group, other literal) -> products
        self._products: dict[tuple[int, int], list[cp_model.IntVar]] = {}
        self._others: dict[int, Lit] = {}

    def at_most_one_group(self, lits: Iterable[Lit]) -> None:
        """Tells the builder that at most one of ``lits`` holds (the model
        must say so itself): the cards that may stand in one cell, the cells
        one card may stand in."""
        self._group_count += 1
        for lit in lits:
            if not isinstance(lit, bool) and lit.index >= 0:
                self._groups.setdefault(lit.index, []).append(self._group_count)

    def _note_product(
        self, product: cp_model.IntVar, variables: list[cp_model_helper.Literal]
    ) -> None:
        for a, b in (variables, variables[::-1]):
            for group in self._groups.get(a.index, ()):
                self._products.setdefault((group, b.index), []).append(product)
                self._others[b.index] = b

    def product_cuts(self) -> int:
        """Adds, for each at-most-one group G and literal b, the redundant
        ``sum(a and b for a in G) <= b`` (at most one a holds): the
        reformulation-linearization cut of ``sum(G) <= 1`` times b. The LP
        relaxation then no longer lets every card at a fractional cell count
        the same neighbour: over all the cards that may stand in one cell,
        "it is next to a god in that cell" holds at most once. Returns how
        many were added. Call it once, when the model is complete."""
        added = 0
        for (_, index), products in self._products.items():
            if len(products) > 1:
                other = self._others[index]
                assert not isinstance(other, bool)  # only variables are indexed
                self.model.add(sum(products) <= (other if index >= 0 else 1 - other.negated()))
                added += 1
        self._products.clear()
        return added

    def new_bool(self) -> cp_model.IntVar:
        return self.model.new_bool_var("")

    # ------------------------------------------------------------ literals
    @staticmethod
    def negate(lit: Lit) -> Lit:
        return (not lit) if isinstance(lit, bool) else lit.negated()

    def all_of(self, lits: Iterable[Lit]) -> Lit:
        """A literal equivalent to every one of ``lits`` holding."""
        return self._conjunction(lits, False)

    def any_of(self, lits: Iterable[Lit]) -> Lit:
        """A literal equivalent to at least one of ``lits`` holding."""
        return self.negate(self._conjunction(lits, True))

    def _conjunction(self, lits: Iterable[Lit], negated: bool) -> Lit:
        """Every one of ``lits`` holds (with ``negated``: none does), folded
        and kept: ``a and a`` is ``a``, one ``and`` per set of literals."""
        chosen: dict[int, Lit] = {}  # index of the literal (of its negation) -> literal
        for lit in lits:
            if isinstance(lit, bool):
                if lit is negated:
                    return False
                continue
            index = lit.index
            chosen.setdefault(-index - 1 if negated else index, lit)
        if not chosen:
            return True
        variables = [lit for lit in chosen.values() if not isinstance(lit, bool)]
        if len(variables) == 1:
            return variables[0].negated() if negated else variables[0]
        key = tuple(sorted(chosen))
        found = self._and.get(key)
        if found is None:
            variables = [lit.negated() if negated else lit for lit in variables]
            found = self._and[key] = self.new_bool()
            self.model.add_bool_and(variables).only_enforce_if(found)
            self.model.add_bool_or([v.negated() for v in variables]).only_enforce_if(
                found.negated()
            )
            if self.tight and len(variables) == 2:
                self._note_product(found, variables)
        return found

    def at_least(self, lin: Lin, amount: int) -> Lit:
        """A literal equivalent to ``lin >= amount``."""
        if lin.lo >= amount:
            return True
        if lin.hi < amount:
            return False
        found = self.new_bool()
        self.model.add(lin.expr >= amount).only_enforce_if(found)
        self.model.add(lin.expr <= amount - 1).only_enforce_if(found.negated())
        return found

    def at_most(self, lin: Lin, amount: int) -> Lit:
        return self.negate(self.at_least(lin, amount + 1))

    def equal(self, lin: Lin, amount: int) -> Lit:
        return self.all_of((self.at_least(lin, amount), self.at_most(lin, amount)))

    # ------------------------------------------------------------ expressions
    def when(self, lit: Lit, lin: Lin, multiply: bool | None = None) -> Lin:
        """``lin`` when the literal holds, else 0. ``multiply``: whether a
        sum of several literals is multiplied out (default: ``tight``)."""
        if lit is False:
            return ZERO
        if lit is True:
            return lin
        if lin.fixed:
            return lit_lin(lit, lin.lo)
        # a sum of literals: c * (lit and term) for each term, exact and far
        # tighter in the LP than the big-M integer below (tight: any number
        # of terms; else only one)
        if lin.terms is not None and (
            len(lin.terms) == 1 or (self.tight if multiply is None else multiply)
        ):
            return total(
                [lit_lin(lit, lin.const_part)]
                + [lit_lin(self.all_of((lit, term)), c) for term, c in lin.terms]
            )
        lo, hi = min(lin.lo, 0), max(lin.hi, 0)
        value = self.model.new_int_var(lo, hi, "")
        self.model.add(value == lin.expr).only_enforce_if(lit)
        self.model.add(value == 0).only_enforce_if(lit.negated())
        # the same, as plain inequalities the LP relaxation keeps: 0 when the
        # literal is false, within the bounds when true (a far tighter bound
        # on the total than the enforced equalities alone give)
        self.model.add(value <= hi * lit)
        self.model.add(value >= lo * lit)
        return Lin(value, lo, hi)

    def floor_div(self, lin: Lin, divisor: int) -> Lin:
        """``lin // divisor`` (Python's floor division, divisor > 0)."""
        if divisor == 1:
            return lin
        if lin.fixed:
            return Lin.const(lin.lo // divisor)
        lo, hi = lin.lo // divisor, lin.hi // divisor
        quotient = self.model.new_int_var(lo, hi, "")
        self.model.add(quotient * divisor <= lin.expr)
        self.model.add(lin.expr <= quotient * divisor + divisor - 1)
        return Lin(quotient, lo, hi)

    def clamp(self, lin: Lin, limit: int) -> Lin:
        """``max(min(lin, limit), -limit)``, both sides always: written as
        ``bounded(lin, -limit, limit)``, which leaves out a side the bounds
        cannot reach, the celtic mod's board-1 took 1.8 times CP-SAT's
        deterministic time to prove (173 against 96)."""
        if lin.lo >= -limit and lin.hi <= limit:
            return lin
        if lin.fixed:
            return Lin.const(max(min(lin.lo, limit), -limit))
        lo, hi = max(min(lin.lo, limit), -limit), max(min(lin.hi, limit), -limit)
        capped = self.model.new_int_var(min(lin.lo, limit), min(lin.hi, limit), "")
        self.model.add_min_equality(capped, [lin.expr, limit])
        value = self.model.new_int_var(lo, hi, "")
        self.model.add_max_equality(value, [capped, -limit])
        return Lin(value, lo, hi)

    def bounded(self, lin: Lin, floor: int | None, ceiling: int | None) -> Lin:
        """``lin`` never below ``floor`` nor above ``ceiling`` (m.Bounded.clamp)."""
        if ceiling is not None and lin.hi > ceiling:
            lin = self.minimum([lin, Lin.const(ceiling)])
        if floor is not None and lin.lo < floor:
            lin = self.maximum([lin, Lin.const(floor)])
        return lin

    def minimum(self, items: list[Lin]) -> Lin:
        """The smallest of ``items`` (at least one)."""
        return self._extreme(items, min, self.model.add_min_equality)

    def maximum(self, items: list[Lin]) -> Lin:
        """The largest of ``items`` (0 when there are none)."""
        return self._extreme(items, max, self.model.add_max_equality) if items else ZERO

    def _extreme(
        self,
        items: list[Lin],
        pick: Callable[[Iterable[int]], int],
        equality: Callable[[cp_model.IntVar, list[Expr]], object],
    ) -> Lin:
        """The least or greatest of ``items``, by ``pick`` and the model's
        ``equality`` for it: a constant when every item's bounds say it."""
        lo, hi = pick(item.lo for item in items), pick(item.hi for item in items)
        if lo == hi:
            return Lin.const(lo)
        value = self.model.new_int_var(lo, hi, "")
        equality(value, [item.expr for item in items])
        return Lin(value, lo, hi)

    def greater(self, more: Lin, less: Lin) -> Lit:
        """A literal equivalent to ``more > less``."""
        difference = Lin(more.expr - less.expr, more.lo - less.hi, more.hi - less.lo)
        if more.fixed and less.fixed:
            return more.lo > less.lo
        return self.at_least(difference, 1)
