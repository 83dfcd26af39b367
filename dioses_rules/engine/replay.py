"""Replaying a game log: every seat plays the recorded choices, in order, with
the setup record's seed, seats, scenario, rule options and rules revision
(absent: revision 1, see :mod:`.log`); every record (decisions, events, the
final scores) must come out the same."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from attrs import evolve, field, frozen

from ..convert import structure
from ..errors import Diagnostic, DiosesError
from ..pool.history import load_played_pool
from ..pool.identity import PoolSet, compare_pools, pool_sets
from ..pool.registry import Registry
from .agents import AGENTS, ScriptedAgent
from .log import from_file, numbering_of, pool_fingerprint, read_log, to_file
from .setup import new_game
from .state import FIRST_RULES, GameError, game_error


class _LogEnded(Exception):
    """The log has no more decisions for a seat: an unfinished game's end."""


def _picks(items: list[tuple[str, int]]) -> Iterator[tuple[str, int]]:
    yield from items
    raise _LogEnded()


@frozen
class ReplayOutcome:
    """How a replay went. ``records`` are the log's records after the setup
    record; ``diverged_at`` indexes them (None: the replay matched)."""

    records: tuple[dict[str, Any], ...]
    ended_early: bool  # the log stops before the end of the game
    diverged_at: int | None = None
    replayed: dict[str, Any] | None = None  # the replay's record where it diverged
    problem: str | None = None  # why the replay could not go on there
    other_pool: bool = False  # the log was made with another card pool
    notes: tuple[str, ...] = ()  # what differs in the pool without making another game
    numbered_from: int = 0  # the log's numbering of seats, turns and cells (log.numbering_of)
    # the pool the log was replayed with: its cards' names for a report (#28)
    registry: Registry | None = field(default=None, eq=False, repr=False)

    @property
    def ok(self) -> bool:
        return self.diverged_at is None

    @property
    def logged(self) -> dict[str, Any] | None:
        """The log's record where the replay diverged (None: the log ended)."""
        at = self.diverged_at
        return self.records[at] if at is not None and at < len(self.records) else None

    @property
    def decisions(self) -> int:
        return sum(1 for r in self.records if r["type"] == "decision")

    @property
    def final(self) -> dict[str, Any] | None:
        return next((r for r in reversed(self.records) if r["type"] == "final"), None)


def replay(records: Sequence[dict[str, Any]], registry: Registry) -> ReplayOutcome:
    """Re-run the game of a log's records (as :func:`log.read_log` returns them)."""
    setup, as_written = records[0], tuple(records[1:])
    base = numbering_of(setup)  # the log's records, as the engine makes them:
    records = [setup] + [from_file(record, base) for record in as_written]
    picks: list[list[tuple[str, int]]] = [[] for _ in range(setup["seats"])]
    for record in records[1:]:
        if record["type"] == "decision" and record["options"] > 1:
            picks[record["seat"]].append((record["kind"], record["index"]))
    agents = [ScriptedAgent(_picks(seat_picks)) for seat_picks in picks]
    replayed: list[dict[str, Any]] = []
    problem = None
    ended_early = False
    try:
        # The rules the log was written under (R26, R32, R33 since revision 2).
        game = new_game(
            registry,
            agents,
            setup["scenario"],
            setup["options"],
            setup["seed"],
            setup["challenge"],
            log=replayed.append,
            rules=setup.get("rules", FIRST_RULES),
        )
        game.play()
    except _LogEnded:
        ended_early = True
    except DiosesError as error:
        problem = "; ".join(d.message for d in error.diagnostics)
    except (KeyError, IndexError, ValueError, TypeError) as error:
        problem = f"the log does not fit this game ({type(error).__name__}: {error})"
    logged, new = list(records[1:]), replayed[1:]
    other_pool = bool(setup.get("pool")) and setup["pool"] != pool_fingerprint(registry)
    # An unfinished game's log stops where the replay runs out of decisions:
    # then the log must be the start of the replay; else all of it.
    span = len(logged) if ended_early else max(len(logged), len(new))
    diverged_at = next(
        (
            i
            for i in range(span)
            if (logged[i] if i < len(logged) else None) != (new[i] if i < len(new) else None)
        ),
        None,
    )
    if diverged_at is None and (problem is None or ended_early):
        return ReplayOutcome(as_written, ended_early, other_pool=other_pool, numbered_from=base)
    if diverged_at is None:  # the replay failed where the log also stops
        diverged_at = len(new)
    here = to_file(new[diverged_at], base) if diverged_at < len(new) else None
    return ReplayOutcome(
        as_written, ended_early, diverged_at, here, problem, other_pool, numbered_from=base
    )


def replay_log(path: Path, extra_cards: Sequence[Path] = ()) -> ReplayOutcome:
    """Read a log file and replay it with the bundled sets plus ``extra_cards``
    (never with files the log names): the pool must be the one the log
    records, and every scenario, rule option and card it names must exist."""
    records = read_log(path)
    setup = records[0]
    recorded = structure(setup["sets"], list[PoolSet], "$.sets") if "sets" in setup else None
    registry, kept = load_played_pool(recorded, extra_cards)
    notes = kept + check_log_pool(setup, registry, bool(extra_cards), str(path))
    check_log_names(records, registry, str(path))
    return evolve(replay(records, registry), notes=tuple(notes), registry=registry)


def check_log_pool(
    setup: dict[str, Any], registry: Registry, cards_given: bool, path: str
) -> list[str]:
    """Compare the pool a log's setup record names with the loaded one:
    raise :class:`GameError` when the game was another pool's; return notes."""
    if "sets" in setup:
        recorded = structure(setup["sets"], list[PoolSet], "$.sets")
        difference = compare_pools(recorded, pool_sets(registry))
        if difference.errors:
            raise GameError([Diagnostic("G103", error, path) for error in difference.errors])
        if not difference.notes:  # a bundled set that changed since may change the ids
            _check_fingerprint(setup, registry, path)
        return difference.notes
    named = [p for p in setup.get("cards") or [] if isinstance(p, str)]
    if named and not cards_given:
        raise game_error(
            f"this log, written before logs recorded their card pool, names its card files "
            f"by path ({', '.join(named)}); paths in a file are not followed",
            "give the card files with --cards",
            path,
            "G103",
        )
    if setup.get("pool") and setup["pool"] != pool_fingerprint(registry):
        raise game_error(
            "the log was made with another card pool than the one loaded now",
            "load the card files it was played with (--cards)",
            path,
            "G103",
        )
    return []


def _check_fingerprint(setup: dict[str, Any], registry: Registry, path: str) -> None:
    """With every set the log names loaded as it was, the fingerprint of its
    definition ids must be the loaded pool's: another one is a damaged
    setup record, not another game (issue #23: replay said OK)."""
    pool, loaded = setup.get("pool"), pool_fingerprint(registry)
    if pool is not None and pool != loaded:
        raise game_error(
            f"line 1: $.pool: '{pool}' is not the fingerprint of the card pool "
            f"its sets hold ({loaded}): the setup record is damaged",
            "replay the log as the game wrote it",
            path,
            "G103",
        )


# Who can sit in a seat: a person (dioses play's and the web app's "human"),
# an agent, or the replayer's scripted seats.
SEAT_NAMES = ("human", *AGENTS, ScriptedAgent.name)
AGENT_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}", re.ASCII)
NAMED_KEYS = ("card", "law", "pattern", "power", "goal", "element")


def check_log_names(records: Sequence[dict[str, Any]], registry: Registry, path: str) -> None:
    """Every scenario, rule option and card a log names exists in ``registry``."""
    setup = records[0]
    problems = []
    scenario = setup.get("scenario")
    if scenario is not None and registry.get("scenario", scenario) is None:
        problems.append(f"line 1 names scenario '{scenario}', which no loaded set defines")
    for option in setup.get("options", []):
        if registry.get("rule-option", option) is None:
            problems.append(f"line 1 names rule option '{option}', which no loaded set defines")
    problems += _agent_problems(setup)
    known = {card_id for _, card_id in registry.by_id}
    for number, record in enumerate(records[1:], 2):
        for key in NAMED_KEYS:
            value = record.get(key)
            if isinstance(value, str) and value not in known:
                problems.append(f"line {number} names {key} '{value}', which no loaded set defines")
        if len(problems) >= 5:
            break
    if problems:
        raise GameError([Diagnostic("G103", problem, path) for problem in problems])


def _agent_problems(setup: dict[str, Any]) -> list[str]:
    """The setup record's agents: one name per seat (none in old logs). A
    program on the library may seat an agent of its own (a log of
    examples/games/ names 'plan'): any name is one, but not an empty or
    overlong string, nor one with spaces, control or other odd characters."""
    agents = setup.get("agents") or []
    problems = [
        f"line 1: $.agents[{index}]: {_shown(name)} is not the name of an agent "
        f"(agents: {', '.join(SEAT_NAMES)}, or a program's own, such as 'my-bot')"
        for index, name in enumerate(agents)
        if not AGENT_NAME.fullmatch(name)
    ]
    if agents and len(agents) != setup["seats"]:
        problems.append(f"line 1: $.agents: {len(agents)} agents for {setup['seats']} seats")
    return problems


def _shown(name: str) -> str:
    return repr(name if len(name) <= 40 else name[:40] + "...")
