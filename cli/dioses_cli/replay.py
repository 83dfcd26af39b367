"""``dioses replay``: re-run a game log and report where it diverges."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from dioses_rules.engine.log import from_file
from dioses_rules.engine.replay import replay_log
from dioses_rules.pool.registry import Registry

from .names import printed_names
from .options import CARDS_OPTION
from .output import console, exit_codes_help, user_errors
from .params import FilePath
from .views import record_words


def describe(
    record: dict[str, Any] | None,
    numbered_from: int,
    missing: str = "nothing (the game ended)",
    registry: Registry | None = None,
) -> str:
    """A log record as written (seats, turns and cells numbered from
    ``numbered_from``) in a few plain words (:func:`views.record_words`,
    which numbers them from 1 whatever the log's numbering); with the pool
    it was replayed with, each card, law and pattern by its name (#28)."""
    if record is None:
        return missing
    said = record_words(from_file(record, numbered_from))
    return said if registry is None else printed_names(registry, said)


@click.command("replay", epilog=exit_codes_help("the replay diverges, or a bad log"))
@click.argument("log_file", type=FilePath(exists=True, dir_okay=False, path_type=Path))
@CARDS_OPTION
@user_errors
def replay_command(log_file: Path, extra_cards: tuple[Path, ...]) -> None:
    """Re-run a game log and check that it reaches the same end.

    Every seat is played by the recorded choices, in order, with the seed,
    players, scenario and rule options of the log's setup record; every
    record (decisions, events, the final scores) must come out the same.
    """
    outcome = replay_log(log_file, extra_cards)
    for note in outcome.notes:
        click.echo(f"note: {note}", err=True)
    if outcome.ok:
        final = outcome.final
        ending = (
            describe(final, outcome.numbered_from, registry=outcome.registry)
            if final is not None
            else "the log stops before the end of the game (an unfinished game)"
        )
        console().print(
            f"replay OK: {outcome.decisions} decisions and {len(outcome.records)} "
            f"records replay identically; {ending}",
            markup=False,
        )
        return
    at = outcome.diverged_at
    assert at is not None  # not ok: it diverged
    click.echo(
        f"replay diverged at record {at + 2} of {log_file} (line {at + 2}; line 1 is the setup):",
        err=True,
    )
    logged = describe(
        outcome.logged, outcome.numbered_from, "nothing (the log ends here)", outcome.registry
    )
    click.echo(f"  the log has:    {logged}", err=True)
    if outcome.replayed is None and outcome.problem:
        click.echo(f"  the replay:     {outcome.problem}", err=True)
    else:
        replayed = describe(outcome.replayed, outcome.numbered_from, registry=outcome.registry)
        click.echo(f"  the replay has: {replayed}", err=True)
    if outcome.other_pool:
        click.echo(
            "note: the log was made with another card pool than the one loaded now", err=True
        )
    sys.exit(1)
