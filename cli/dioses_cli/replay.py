"""``dioses replay``: re-run a game log and report where it diverges."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import click

from dioses_rules.engine.replay import replay_log

from .options import CARDS_OPTION
from .output import console, user_errors


def describe(record: Optional[dict], missing: str = "nothing (the game ended)") -> str:
    """A log record in a few words."""
    if record is None:
        return missing
    if record.get("type") == "decision":
        return (f"turn {record.get('turn')}: seat {record.get('seat', 0) + 1} "
                f"'{record.get('kind')}' decision, option {record.get('index', 0) + 1} of "
                f"{record.get('options')} ({record.get('choice')})")
    if record.get("type") == "final":
        return (f"the end: turns {record.get('turns')}, totals {record.get('totals')}, "
                f"winning area(s) {[w + 1 for w in record.get('winners', [])]}, "
                f"scenario {record.get('scenario')}")
    data = {k: v for k, v in record.items() if k not in ("type", "event")}
    return f"event '{record.get('event')}' {json.dumps(data, ensure_ascii=False)}"


@click.command("replay")
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@CARDS_OPTION
@user_errors
def replay_command(log_file: Path, extra_cards) -> None:
    """Re-run a game log and check that it reaches the same end.

    Every seat is played by the recorded choices, in order, with the seed,
    players, scenario and rule options of the log's setup record; every
    record (decisions, events, the final scores) must come out the same.
    """
    outcome = replay_log(log_file, extra_cards)
    if outcome.ok:
        final = outcome.final
        ending = describe(final) if final is not None else \
            "the log stops before the end of the game (an unfinished game)"
        console().print(f"replay OK: {outcome.decisions} decisions and {len(outcome.records)} "
                        f"records replay identically; {ending}", markup=False)
        return
    at = outcome.diverged_at
    click.echo(f"replay diverged at record {at + 2} of {log_file} "
               f"(line {at + 2}; line 1 is the setup):", err=True)
    click.echo(f"  the log has:    {describe(outcome.logged, 'nothing (the log ends here)')}",
               err=True)
    if outcome.replayed is None and outcome.problem:
        click.echo(f"  the replay:     {outcome.problem}", err=True)
    else:
        click.echo(f"  the replay has: {describe(outcome.replayed)}", err=True)
    if outcome.other_pool:
        click.echo("note: the log was made with another card pool than the one loaded now",
                   err=True)
    sys.exit(1)
