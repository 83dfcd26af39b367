"""``dioses balance``: how each Myth card scores on random full areas."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import click
from rich.table import Table

from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import SIZE
from dioses_rules.scoring.balance import balance as run_balance

from .options import CARDS_OPTION, FORMAT_OPTION, check_set_option
from .output import EXIT_CODES_HELP, console, print_json, user_errors


@click.command("balance", epilog=EXIT_CODES_HELP)
@click.option("--set", "only_set", metavar="ID",
              help="Deal only this set's own Myth cards, as if played alone (default: every "
                   "card in play with all loaded sets).")
@click.option("--face-up-end", is_flag=True,
              help="Judge every area as ended all face up (solo mode, R21).")
@click.option("--boards", default=2000, show_default=True, type=click.IntRange(1, 10_000_000),
              help="How many random full areas to deal.")
@click.option("--seed", default=1, show_default=True, type=int, help="Random seed.")
@CARDS_OPTION
@FORMAT_OPTION
@user_errors
def balance(only_set: Optional[str], face_up_end: bool, boards: int, seed: int,
            extra_cards: tuple[Path, ...], output_format: str) -> None:
    """Score random full areas and report how each Myth card scores.

    Flags cards that never or always score, or score far above the printed ones.
    """
    registry, _ = load_registry(extra_cards)
    pool = registry.myth_cards()
    if check_set_option(registry, only_set):
        # The set's own cards, replaced ones included: the set played alone.
        pool = [d for d in registry.sets[only_set].definitions if isinstance(d, m.MythCard)]
    if len(pool) < SIZE:
        raise click.BadParameter(f"a full area needs {SIZE} Myth cards; this pool has "
                                 f"{len(pool)}", param_hint="'--set'")
    report = run_balance(pool, boards=boards, seed=seed, face_up_end=face_up_end)
    if output_format == "json":
        print_json(report.to_json())
        return
    out = console()
    low, high = report.printed_range
    ended = ", every area ended face up" if face_up_end else ""
    table = Table(title=f"{len(pool)} cards, {boards} random areas{ended}, seed {seed}: mean total "
                        f"{report.mean_total:.2f} per area (spread {report.spread_total:.2f}); "
                        f"printed cards' means {low:.2f}-{high:.2f}", title_justify="left")
    for header in ("card", "provenance", "mean", "spread", "scores", "flags"):
        table.add_column(header)
    for stats in report.cards:
        table.add_row(stats.card.id, stats.card.provenance.value, f"{stats.mean:.2f}",
                      f"{stats.spread:.2f}", f"{stats.score_rate:.0%}", ", ".join(stats.flags))
    out.print(table)
