"""Replaying a game log: every seat plays the recorded choices, in order, with
the setup record's seed, seats, scenario and rule options; every record
(decisions, events, the final scores) must come out the same."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Optional, Sequence

from attrs import frozen

from ..errors import DiosesError
from ..pool.load import load_registry
from ..pool.registry import Registry
from .agents import ScriptedAgent
from .log import pool_fingerprint, read_log
from .setup import new_game
from .state import game_error


class _LogEnded(Exception):
    """The log has no more decisions for a seat: an unfinished game's end."""


def _picks(items: list[tuple[str, int]]) -> Iterator[tuple[str, int]]:
    yield from items
    raise _LogEnded()


@frozen
class ReplayOutcome:
    """How a replay went. ``records`` are the log's records after the setup
    record; ``diverged_at`` indexes them (None: the replay matched)."""

    records: tuple[dict, ...]
    ended_early: bool  # the log stops before the end of the game
    diverged_at: Optional[int] = None
    replayed: Optional[dict] = None  # the replay's record where it diverged
    problem: Optional[str] = None  # why the replay could not go on there
    other_pool: bool = False  # the log was made with another card pool

    @property
    def ok(self) -> bool:
        return self.diverged_at is None

    @property
    def logged(self) -> Optional[dict]:
        """The log's record where the replay diverged (None: the log ended)."""
        at = self.diverged_at
        return self.records[at] if at is not None and at < len(self.records) else None

    @property
    def decisions(self) -> int:
        return sum(1 for r in self.records if r["type"] == "decision")

    @property
    def final(self) -> Optional[dict]:
        return next((r for r in reversed(self.records) if r["type"] == "final"), None)


def replay(records: Sequence[dict], registry: Registry) -> ReplayOutcome:
    """Re-run the game of a log's records (as :func:`log.read_log` returns them)."""
    setup = records[0]
    picks: list[list[tuple[str, int]]] = [[] for _ in range(setup["seats"])]
    for record in records[1:]:
        if record["type"] == "decision" and record["options"] > 1:
            picks[record["seat"]].append((record["kind"], record["index"]))
    agents = [ScriptedAgent(_picks(seat_picks)) for seat_picks in picks]
    replayed: list[dict] = []
    problem = None
    ended_early = False
    try:
        game = new_game(registry, agents, setup["scenario"], setup["options"], setup["seed"],
                        setup["challenge"], log=replayed.append)
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
    diverged_at = next((i for i in range(span)
                        if (logged[i] if i < len(logged) else None)
                        != (new[i] if i < len(new) else None)), None)
    if diverged_at is None and (problem is None or ended_early):
        return ReplayOutcome(tuple(logged), ended_early, other_pool=other_pool)
    if diverged_at is None:  # the replay failed where the log also stops
        diverged_at = len(new)
    here = new[diverged_at] if diverged_at < len(new) else None
    return ReplayOutcome(tuple(logged), ended_early, diverged_at, here, problem, other_pool)


def replay_log(path: Path, extra_cards: Sequence[Path] = ()) -> ReplayOutcome:
    """Read a log file and replay it with the card pool it names (or ``extra_cards``)."""
    records = read_log(path)
    cards = [Path(p) for p in records[0].get("cards") or [] if isinstance(p, str)]
    missing = [str(p) for p in cards if not p.exists()]
    if missing and not extra_cards:
        raise game_error(f"the log was made with card files that are gone: "
                         f"{', '.join(missing)}", "give them with --cards", code="G100",
                         path="dioses")
    registry, _ = load_registry(list(extra_cards) or cards)
    return replay(records, registry)
