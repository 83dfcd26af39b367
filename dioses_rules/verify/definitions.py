"""What each definition of the sets under test can do, as checks: a Myth
card can score and can fail to (its best and worst points), a law, pattern
and objective can be met and missed, a scenario can be won, and its
challenge too."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from typing import TypeVar

from ..language import model as m
from ..language.source_definitions import pattern_cell_text
from ..pool.registry import Registry
from ..scoring.area import SIZE, Area, Placed
from ..scoring.board import Board, HeldPattern, board_file_text, board_to_file
from ..scoring.extremes import PoolLimits, Ranged
from ..scoring.patterns import pattern_matches, shape_cells, shape_origins
from .ranges import Side, side, solver_available, witness_board
from .results import Budget, Outcome, Status

D = TypeVar("D", bound=m.Definition)


class Context:
    """What every check of a run shares: the pool, its limits, the seed,
    the budget, and where each definition is written."""

    def __init__(
        self, registry: Registry, budget: Budget, seed: int, place: Callable[[m.Definition], str]
    ) -> None:
        self.registry = registry
        self.limits = PoolLimits.of(registry)
        self.budget = budget
        self.seed = seed
        self.place = place

    def rng(self, *salt: object) -> random.Random:
        return random.Random(f"{self.seed}:{':'.join(map(str, salt))}")

    def solver_seconds(self, share: float, items_left: int) -> float:
        """CP-SAT's time for one question: an even part of what is left of
        this phase's ``share`` of the budget, at most 2 s."""
        return min(2.0, self.budget.until(share) / max(items_left, 1))


def _range(
    ctx: Context, what: Ranged, element: m.ObjectiveElement | None, share: float, left: int
) -> tuple[Side, Side]:
    search = min(0.3, max(0.02, ctx.budget.until(share) / max(4 * left, 1)))
    seed = ctx.rng(what.id).randrange(2**31)
    best = side(
        ctx.registry,
        ctx.limits,
        what,
        True,
        element,
        seed,
        search,
        ctx.solver_seconds(share, 2 * left),
        ctx.budget.left(),
    )
    worst = side(
        ctx.registry,
        ctx.limits,
        what,
        False,
        element,
        seed + 1,
        search,
        ctx.solver_seconds(share, 2 * left - 1),
    )
    return best, worst


def _how(best: Side, worst: Side) -> str:
    ways = sorted({best.how, worst.how})
    return " and ".join(ways)


def card_check(ctx: Context, card: m.MythCard, share: float, left: int) -> Outcome:
    """A Myth card: it can score, it can fail to (else a warning), and its
    exact best and worst points over every final area of the pool."""
    started = time.perf_counter()
    best, worst = _range(ctx, card, None, share, left)
    data = {
        "best": best.points,
        "worst": worst.points,
        "exact": best.exact and worst.exact,
        "method": _how(best, worst),
    }
    notes = tuple(dict.fromkeys(n for n in (best.note, worst.note) if n))
    message = (
        f"points {worst.shown()} to {best.shown()} ({_how(best, worst)}"
        + "".join(f"; {n}" for n in notes)
        + ")"
    )
    seconds = time.perf_counter() - started
    if best.points <= 0:
        proof = "proven" if best.exact else f"not proven: {best.note or 'the search'}"
        return Outcome(
            "card",
            f"card {card.id}",
            ctx.place(card),
            Status.FAILED,
            f"can never score: at best {best.points} points in any final area ({proof})",
            "the area that came closest:\n" + witness_board(ctx.registry, best),
            (),
            seconds,
            data,
        )
    warnings: tuple[str, ...] = ()
    if worst.points > 0 and worst.exact:
        warnings = (
            f"card {card.id} always scores: at least {worst.points} "
            f"point{'' if worst.points == 1 else 's'} in every final area",
        )
    return Outcome(
        "card",
        f"card {card.id}",
        ctx.place(card),
        Status.PASSED,
        message,
        warnings=warnings,
        seconds=seconds,
        data=data,
    )


def _met_and_missed(
    ctx: Context,
    kind: str,
    what: m.Definition,
    best: Side,
    worst: Side,
    started: float,
    witness: Callable[[Side], str],
) -> Outcome:
    """A law or objective: met (more than 0 points) in some final area, and
    missed in another."""
    data = {
        "best": best.points,
        "worst": worst.points,
        "exact": best.exact and worst.exact,
        "method": _how(best, worst),
    }
    seconds = time.perf_counter() - started
    name = f"{kind} {what.id}"
    if best.points <= 0:
        return Outcome(
            kind,
            name,
            ctx.place(what),
            Status.FAILED,
            f"can never be met: at best {best.points} points "
            f"({'proven' if best.exact else 'not proven'})",
            "the area that came closest:\n" + witness(best),
            seconds=seconds,
            data=data,
        )
    notes = tuple(dict.fromkeys(n for n in (best.note, worst.note) if n))
    warnings: tuple[str, ...] = ()
    if worst.points > 0 and worst.exact:
        warnings += (f"{name} is met in every final area",)
    return Outcome(
        kind,
        name,
        ctx.place(what),
        Status.PASSED,
        f"points {worst.shown()} to {best.shown()} ({_how(best, worst)}"
        + "".join(f"; {n}" for n in notes)
        + ")",
        warnings=warnings,
        seconds=seconds,
        data=data,
    )


def law_check(ctx: Context, law: m.Law, share: float, left: int) -> Outcome:
    started = time.perf_counter()
    best, worst = _range(ctx, law, None, share, left)
    return _met_and_missed(
        ctx,
        "law",
        law,
        best,
        worst,
        started,
        lambda found: witness_board(ctx.registry, found, law=law),
    )


def objective_check(
    ctx: Context, definition: m.ObjectiveGoal | m.ObjectiveElement, share: float, left: int
) -> Outcome:
    """R15: a goal with some element in play, or an element with some goal,
    can be met and missed; the first pair that is met decides."""
    started = time.perf_counter()
    if isinstance(definition, m.ObjectiveGoal):
        pairs = [(definition, e) for e in _by_id(ctx.registry.definitions("objective-element"))]
    else:
        pairs = [(g, definition) for g in _by_id(ctx.registry.definitions("objective-goal"))]
    found = None
    for goal, element in pairs:
        best, worst = _range(ctx, goal, element, share, left * len(pairs))
        if found is None or best.points > found[1].points:
            found = (goal, best, worst, element)
        if best.points > 0:
            break
    if found is None:
        return Outcome(
            "objective",
            f"objective {definition.id}",
            ctx.place(definition),
            Status.FAILED,
            "no objective pairs it: the pool has no "
            f"{'element' if isinstance(definition, m.ObjectiveGoal) else 'goal'}",
        )
    goal, best, worst, element = found
    outcome = _met_and_missed(
        ctx,
        "objective",
        definition,
        best,
        worst,
        started,
        lambda side_: witness_board(ctx.registry, side_, objective=(goal, element)),
    )
    return Outcome(
        outcome.kind,
        outcome.name,
        outcome.place,
        outcome.status,
        f"{outcome.message}, with {goal.id}/{element.id}",
        outcome.details,
        outcome.warnings,
        outcome.seconds,
        outcome.data,
    )


def _by_id(definitions: Iterable[D]) -> list[D]:
    return sorted(definitions, key=lambda d: d.id)


def pattern_check(ctx: Context, pattern: m.Pattern) -> Outcome:
    """R14: a pattern can be completed (its cells filled with distinct cards
    of the pool) and missed (some full area does not show it)."""
    started = time.perf_counter()
    cards = list(ctx.limits.cards)
    made = next(
        (
            area
            for top, left in shape_origins(pattern)
            if (area := _fill(pattern, top, left, cards)) is not None
        ),
        None,
    )
    place = ctx.place(pattern)
    if made is None:
        wanted = ", ".join(
            sorted({pattern_cell_text(c) for row in pattern.shape for c in row if c is not None})
        )
        return Outcome(
            "pattern",
            f"pattern {pattern.id}",
            place,
            Status.FAILED,
            "can never be completed: the pool has not enough distinct cards for "
            f"its cells ({wanted})",
            seconds=time.perf_counter() - started,
        )
    rng = ctx.rng("pattern", pattern.id)
    missed = None
    for _ in range(200):
        chosen = rng.sample(cards, min(SIZE, len(cards)))
        area = Area(tuple(Placed(card, True) for card in chosen) + (None,) * (SIZE - len(chosen)))
        if pattern_matches(area, pattern) is None:
            missed = area
            break
    warnings = (
        ()
        if missed is not None
        else (f"pattern {pattern.id} was completed in every one of 200 random final areas",)
    )
    shown = board_file_text(board_to_file(Board(made, patterns=(HeldPattern(pattern),))))
    return Outcome(
        "pattern",
        f"pattern {pattern.id}",
        place,
        Status.PASSED,
        "can be completed and missed",
        warnings=warnings,
        seconds=time.perf_counter() - started,
        data={"completed_in": shown},
    )


def _fill(pattern: m.Pattern, top: int, left: int, cards: list[m.MythCard]) -> Area | None:
    """A placement of the shape with distinct cards (a bipartite matching of
    its cells to the cards that fit them), the other cells empty."""
    wants = shape_cells(pattern, top, left)
    fits = [
        [i for i, card in enumerate(cards) if want.fits(card.type, card.mythologies)]
        for _, want in wants
    ]
    holder: dict[int, int] = {}  # card index -> which want

    def augment(w: int, seen: set[int]) -> bool:
        for i in fits[w]:
            if i in seen:
                continue
            seen.add(i)
            if i not in holder or augment(holder[i], seen):
                holder[i] = w
                return True
        return False

    if not all(augment(w, set()) for w in range(len(wants))):
        return None
    cells: list[Placed | None] = [None] * SIZE
    for i, w in holder.items():
        cells[wants[w][0]] = Placed(cards[i], True)
    return Area(tuple(cells))


def scenario_checks(ctx: Context, scenario: m.Scenario, share: float, left: int) -> list[Outcome]:
    """Its victory can be won with more points than it asks to beat, and its
    challenge too (R34: with the victory), by the scenario solver."""
    found = []
    for challenge in (False, True):
        if challenge and not scenario.challenge:
            continue
        name = f"scenario {scenario.id}{' challenge' if challenge else ''}"
        skipped = (
            "needs the [solver] extra (pip install 'dioses-rules[solver]')"
            if not solver_available()
            else "not reached within the budget (give more with --budget)"
            if ctx.budget.left() <= 0
            else None
        )
        if skipped is not None:
            found.append(Outcome("scenario", name, ctx.place(scenario), Status.SKIPPED, skipped))
            left -= 1
            continue
        # at least half a second each while the budget lasts: a scenario that
        # cannot be won is often refuted at once, in the model's presolve
        seconds = max(0.5, ctx.budget.until(share) / max(left, 1))
        found.append(_solved(ctx, scenario, challenge, name, seconds))
        left -= 1
    return found


def _solved(
    ctx: Context, scenario: m.Scenario, challenge: bool, name: str, seconds: float
) -> Outcome:
    from ..solve.scenario import solve_scenario

    answer = solve_scenario(ctx.registry, scenario, challenge, time_limit=seconds)
    place = ctx.place(scenario)
    if answer.satisfiable:
        assert answer.board is not None  # a satisfiable scenario has its witness
        return Outcome(
            "scenario",
            name,
            place,
            Status.PASSED,
            f"can be won, with {answer.total} points (beat {scenario.threshold})",
            seconds=answer.seconds,
            data={"board": board_file_text(board_to_file(answer.board))},
        )
    if answer.satisfiable is None:
        return Outcome(
            "scenario",
            name,
            place,
            Status.SKIPPED,
            f"not decided within {seconds:.1f}s (give more with --budget)",
            seconds=answer.seconds,
        )
    what = "its challenge" if challenge else "its victory"
    if answer.victory_possible:
        return Outcome(
            "scenario",
            name,
            place,
            Status.PASSED,
            "can be won",
            warnings=(
                f"{name} can be won but never beaten: never with more "
                f"than {scenario.threshold} points",
            ),
            seconds=answer.seconds,
        )
    if answer.victory_possible is False:
        why = f"no final area meets {what}"
    else:
        why = f"no final area beats it, and whether {what} alone can be met is not decided"
    return Outcome(
        "scenario", name, place, Status.FAILED, f"cannot be won: {why}", seconds=answer.seconds
    )
