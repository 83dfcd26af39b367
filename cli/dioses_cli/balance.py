"""``dioses balance``: how each Myth card scores on random full areas."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import click
from rich.table import Table

from dioses_rules.language import model as m
from dioses_rules.scoring.area import SIZE
from dioses_rules.scoring.balance import balance as run_balance
from dioses_rules.scoring.score import EVALUATORS

from .options import CARDS_OPTION, FORMAT_OPTION, SETS_OPTION, load_sets, parallel_options
from .output import EXIT_CODES_HELP, console, print_json, user_errors
from .pictures import (OVERWRITE_OPTION, check_picture_target, require_pictures,
                       write_svg, written)


@click.command("balance", epilog=EXIT_CODES_HELP)
@SETS_OPTION
@click.option("--own-cards", is_flag=True,
              help="Deal only the --set sets' own Myth cards, replaced ones included, not "
                   "those of the sets they require (a set's cards judged alone).")
@click.option("--face-up-end", is_flag=True,
              help="Judge every area as ended all face up (solo mode, R21).")
@click.option("--boards", default=2000, show_default=True, type=click.IntRange(1, 10_000_000),
              help="How many random full areas to deal.")
@click.option("--seed", default=1, show_default=True, type=int, help="Random seed.")
@click.option("--evaluator", type=click.Choice(EVALUATORS), default="compiled",
              show_default=True,
              help="compiled: score the areas in one batch; reference: one at a time with the "
                   "reference evaluator (much slower). The report is the same.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path),
              metavar="FILE.svg",
              help="Also draw the report as an SVG plot: each card's mean with its spread, "
                   "printed cards marked, flagged cards highlighted. Never over an existing "
                   "file without --overwrite.")
@OVERWRITE_OPTION
@parallel_options
@CARDS_OPTION
@FORMAT_OPTION
@user_errors
def balance(sets: tuple[str, ...], own_cards: bool, face_up_end: bool, boards: int, seed: int,
            evaluator: str, plot_path: Optional[Path], overwrite: bool, workers: int,
            scheduler: Optional[str], extra_cards: tuple[Path, ...],
            output_format: str) -> None:
    """Score random full areas and report how each Myth card scores.

    Flags cards that never or always score, or score far above the printed ones.
    """
    if check_picture_target(plot_path, "'--plot'", (".svg",), overwrite):
        require_pictures()
    registry = load_sets(extra_cards, sets)
    pool = registry.myth_cards()
    if own_cards:
        if not sets:
            raise click.UsageError("--own-cards deals the cards of the sets given with --set; "
                                   "add --set ID")
        # The sets' own cards, replaced ones included: each set judged alone.
        pool = [d for set_id in dict.fromkeys(sets) for d in registry.sets[set_id].definitions
                if isinstance(d, m.MythCard)]
    if len(pool) < SIZE:
        raise click.BadParameter(f"a full area needs {SIZE} Myth cards; this pool has "
                                 f"{len(pool)}", param_hint="'--set'")
    if evaluator == "reference" and (workers > 1 or scheduler):
        raise click.UsageError("--workers and --scheduler spread the compiled evaluator's "
                               "batches; the reference evaluator runs in this process")
    arguments = dict(boards=boards, seed=seed, face_up_end=face_up_end, evaluator=evaluator,
                     workers=workers, scheduler=scheduler)
    err = console(stderr=True)
    if err.is_terminal and evaluator == "compiled" and boards >= 5000:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        with Progress(TextColumn("scoring areas", markup=False), BarColumn(),
                      MofNCompleteColumn(), console=err, transient=True) as bar:
            task = bar.add_task("areas", total=boards)
            report = run_balance(pool, **arguments,
                                 progress=lambda n: bar.advance(task, n))
    else:
        report = run_balance(pool, **arguments)
    low, high = report.printed_range
    ended = ", every area ended face up" if face_up_end else ""
    title = (f"{len(pool)} cards, {boards} random areas{ended}, seed {seed}: mean total "
             f"{report.mean_total:.2f} per area (spread {report.spread_total:.2f})")
    if plot_path is not None:
        from dioses_rules.render.balance_plot import balance_plot

        write_svg(plot_path, balance_plot(report, title))
    if output_format == "json":
        print_json(report.to_json())
        if plot_path is not None:
            written(plot_path, "plot", output_format)
        return
    out = console()
    table = Table(title=f"{title}; printed cards' means {low:.2f}-{high:.2f}",
                  title_justify="left")
    for header in ("card", "provenance", "mean", "spread", "scores", "flags"):
        table.add_column(header)
    for stats in report.cards:
        table.add_row(stats.card.id, stats.card.provenance.value, f"{stats.mean:.2f}",
                      f"{stats.spread:.2f}", f"{stats.score_rate:.0%}", ", ".join(stats.flags))
    out.print(table)
    if plot_path is not None:
        written(plot_path, "plot", output_format)
