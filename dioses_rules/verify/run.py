"""``dioses test PATH...``: a modder's card files and folders verified.

In order, each phase within its share of the budget (``--budget``):

1. lint (an error fails the file);
2. every board under the folders given (TOML with an ``[area]`` table): it
   scores, and its ``[expect]`` table holds;
3. the source and ``fmt`` round trips, and English and Spanish card text
   for every definition;
4. for each definition of the sets under test: a Myth card can score (and
   can fail to, else a warning), with its best and worst points; a law,
   pattern and objective can be met and missed; a scenario can be won, and
   its challenge too;
5. games with the sets in play (seeded random and greedy games) end, keep
   every invariant of the saved state, and replay to the same log;
6. a property run over random boards of the sets (Hypothesis when installed).

A check the budget leaves no time for is skipped and says so; a run never
skips the lint, the boards, the round trips or a card's search.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import DiosesError
from ..language import model as m
from ..pool.lint import lint_sources
from ..pool.registry import Registry, assemble, family_of
from ..pool.sources import (
    SourceFile,
    bundled_sources,
    card_paths,
    read_sources,
    replacing_bundled,
)
from ..resources import cards_dir
from . import definitions as checks
from .files import board_check, board_paths, lint_checks, round_trip_check, text_check
from .ranges import CP_SAT, SEARCH, solver_available
from .results import Budget, Outcome, Status, VerifyRun

DEFAULT_BUDGET = 60.0
# the part of the budget spent when each phase ends
Record = Callable[[Outcome], None]  # each outcome, as it is found
SHARES = {"definitions": 0.55, "scenarios": 0.75, "games": 0.88, "properties": 1.0}


def _sources(paths: Sequence[Path]) -> tuple[list[SourceFile], list[SourceFile], list[str]]:
    """The bundled files and the files asked for (as ``dioses-lint`` reads
    them), and which of them are under test."""
    bundled = bundled_sources()
    files = list(dict.fromkeys(p.resolve() for p in card_paths(paths)))
    # read_sources reads the bundled folder's files in this order, one source each
    bundled_paths = [path.resolve() for path in card_paths([cards_dir()])]
    extra = read_sources([p for p in files if p not in bundled_paths], context=bundled)
    sources, notes = replacing_bundled(bundled, extra)
    asked = [id(s) for path, s in zip(bundled_paths, bundled, strict=True) if path in files]
    tested = [s for s in sources if id(s) in asked or any(s is e for e in extra)]
    return sources, tested, notes


def verify(
    paths: Sequence[Path],
    budget: float = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Callable[[Outcome], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> VerifyRun:
    """Run every check on the card files and folders ``paths``;
    ``progress(outcome)`` after each check."""
    clock_budget = Budget(budget, clock)
    started = clock()
    run = VerifyRun(seed, budget, CP_SAT if solver_available() else SEARCH)

    def record(outcome: Outcome) -> None:
        run.outcomes.append(outcome)
        if progress is not None:
            progress(outcome)

    sources, tested, notes = _sources(paths)
    run.notes += notes
    if not tested:
        raise DiosesError.one(
            "E000", "no card file to test there", help="give .dioses files or folders holding them"
        )
    for outcome in lint_checks(tested, lint_sources(sources)):
        record(outcome)
    for board in board_paths(paths):
        record(board_check(board, sources))
    registry = assemble(sources)
    place = _placer(registry)
    for source in tested:
        record(round_trip_check(source))
        record(text_check(source, registry, place))
    set_ids = {s.card_file.card_set.id for s in tested if s.card_file.card_set is not None}
    under_test = [
        d
        for set_id in sorted(set_ids)
        if set_id in registry.sets
        for d in registry.sets[set_id].definitions
        if registry.get(family_of(d), d.id) is d
    ]
    ctx = checks.Context(registry, clock_budget, seed, place)
    ranges = _definition_checks(ctx, under_test, record)
    _scenario_checks(ctx, under_test, record)
    _game_checks(ctx, set_ids, tested, record)
    from .properties import property_check

    record(
        property_check(
            registry, set_ids, ranges, seed, max(0.5, clock_budget.left()), tested[0].path
        )
    )
    run.seconds = clock() - started
    return run


def _placer(registry: Registry) -> Callable[[m.Definition], str]:
    paths = {set_id: loaded.path for set_id, loaded in registry.sets.items()}

    def place(definition: m.Definition) -> str:
        try:
            path = paths[registry.set_of(definition)]
        except KeyError:
            return "?"
        span = getattr(definition, "span", None)
        line = span.line if span else 0
        return f"{path}:{line}" if line else path

    return place


def _definition_checks(
    ctx: checks.Context, under_test: list[m.Definition], record: Record
) -> dict[str, tuple[int, int]]:
    """Cards, laws, objectives and patterns; returns each card's exact
    worst and best points (for the property run to hold them to)."""
    share = SHARES["definitions"]
    ranged = [
        d
        for d in under_test
        if isinstance(d, (m.MythCard, m.Law, m.ObjectiveGoal, m.ObjectiveElement))
    ]
    ranges = {}
    for index, definition in enumerate(ranged):
        left = len(ranged) - index
        if isinstance(definition, m.MythCard):
            outcome = checks.card_check(ctx, definition, share, left)
            if outcome.data.get("exact"):
                ranges[definition.id] = (outcome.data["worst"], outcome.data["best"])
        elif isinstance(definition, m.Law):
            outcome = checks.law_check(ctx, definition, share, left)
        else:
            outcome = checks.objective_check(ctx, definition, share, left)
        record(outcome)
    for pattern in under_test:
        if isinstance(pattern, m.Pattern):
            record(checks.pattern_check(ctx, pattern))
    return ranges


def _scenario_checks(ctx: checks.Context, under_test: list[m.Definition], record: Record) -> None:
    scenarios = [d for d in under_test if isinstance(d, m.Scenario)]
    questions = sum(2 if s.challenge else 1 for s in scenarios)
    for scenario in scenarios:
        for outcome in checks.scenario_checks(ctx, scenario, SHARES["scenarios"], questions):
            questions -= 1
            record(outcome)


def _game_checks(
    ctx: checks.Context, set_ids: set[str], tested: Sequence[SourceFile], record: Record
) -> None:
    from .games import BASE_GAMES, game_check

    place = tested[0].path
    games: list[tuple[tuple[str, ...], str | None]] = [(agents, None) for agents in BASE_GAMES]
    games += [
        (("random",), d.id)
        for d in ctx.registry.definitions("scenario")
        if ctx.registry.set_of(d) in set_ids
    ][:4]
    for index, (agents, scenario) in enumerate(games):
        if ctx.budget.until(SHARES["games"]) <= 0 and index >= 1:
            record(
                Outcome(
                    "game",
                    f"game {' vs '.join(agents)}" + (f" in {scenario}" if scenario else ""),
                    place,
                    Status.SKIPPED,
                    "not reached within the budget (give more with --budget)",
                )
            )
            continue
        record(game_check(ctx.registry, agents, ctx.seed + index, scenario, place))
