"""``dioses``: the command group. Each command is its own module; this one
only gathers them."""

from __future__ import annotations

import click

from dioses_rules import __version__

from .balance import balance
from .cards import cards
from .fmt import fmt_command
from .options import NO_CACHE_OPTION
from .output import EXIT_CODES_HELP, GuardedGroup
from .play import play_command
from .replay import replay_command
from .score import score
from .simulate import simulate_command


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=EXIT_CODES_HELP)
@click.version_option(__version__, prog_name="dioses")
@NO_CACHE_OPTION
def dioses() -> None:
    """Dioses! and ¡Aún más Divinos!: every card, law, pattern and scenario as data."""


for command in (score, cards, balance, play_command, simulate_command, replay_command,
                fmt_command):
    dioses.add_command(command)


def main() -> None:  # pragma: no cover - console script entry
    dioses()
