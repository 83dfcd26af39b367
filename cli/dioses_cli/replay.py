"""``dioses replay``: re-run a game log and report where it diverges."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from dioses_rules.engine.log import from_file
from dioses_rules.engine.replay import replay_log
from dioses_rules.pool.registry import Registry
from dioses_rules.wording.errors import message_text

from .i18n import _
from .names import printed_names
from .options import CARDS_OPTION, LANG_OPTION
from .output import console, exit_codes_help, user_errors
from .params import FilePath
from .record_words import record_words


def describe(
    record: dict[str, Any] | None,
    numbered_from: int,
    missing: str | None = None,
    registry: Registry | None = None,
) -> str:
    """A log record as written (seats, turns and cells numbered from
    ``numbered_from``) in a few plain words (:func:`views.record_words`,
    which numbers them from 1 whatever the log's numbering); with the pool
    it was replayed with, each card, law and pattern by its name (#28)."""
    if record is None:
        return missing if missing is not None else _("nothing (the game ended)")
    said = record_words(from_file(record, numbered_from), registry)
    return said if registry is None else printed_names(registry, said)


@click.command("replay", epilog=exit_codes_help("the replay diverges, or a bad log"))
@click.argument("log_file", type=FilePath(exists=True, dir_okay=False, path_type=Path))
@CARDS_OPTION
@LANG_OPTION
@user_errors
def replay_command(log_file: Path, extra_cards: tuple[Path, ...], lang: str) -> None:
    """Re-run a game log and check that it reaches the same end.

    Every seat is played by the recorded choices, in order, with the seed,
    players, scenario and rule options of the log's setup record; every
    record (decisions, events, the final scores) must come out the same.
    """
    outcome = replay_log(log_file, extra_cards)
    for note in outcome.notes:
        said = message_text(note, lang)
        click.echo(_("note: {note}").format(note=said), err=True)
    if outcome.ok:
        final = outcome.final
        ending = (
            describe(final, outcome.numbered_from, registry=outcome.registry)
            if final is not None
            else _("the log stops before the end of the game (an unfinished game)")
        )
        console().print(
            _(
                "replay OK: {decisions} decisions and {records} records replay identically; "
                "{ending}"
            ).format(decisions=outcome.decisions, records=len(outcome.records), ending=ending),
            markup=False,
        )
        return
    at = outcome.diverged_at
    assert at is not None  # not ok: it diverged
    click.echo(
        _(
            "replay diverged at record {record} of {file} (line {record}; line 1 is the setup):"
        ).format(record=at + 2, file=log_file),
        err=True,
    )
    logged = describe(
        outcome.logged, outcome.numbered_from, _("nothing (the log ends here)"), outcome.registry
    )
    click.echo("  " + _("the log has:    {record}").format(record=logged), err=True)
    if outcome.replayed is None and outcome.problem:
        click.echo("  " + _("the replay:     {problem}").format(problem=outcome.problem), err=True)
    else:
        replayed = describe(outcome.replayed, outcome.numbered_from, registry=outcome.registry)
        click.echo("  " + _("the replay has: {record}").format(record=replayed), err=True)
    if outcome.other_pool:
        click.echo(
            _("note: the log was made with another card pool than the one loaded now"), err=True
        )
    sys.exit(1)
