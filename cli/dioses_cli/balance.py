"""``dioses balance``: how each Myth card scores on random full areas."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from attrs import evolve
from rich.table import Table

from dioses_rules.errors import DiosesError
from dioses_rules.language import model as m
from dioses_rules.scoring.area import SIZE
from dioses_rules.scoring.balance import balance as run_balance
from dioses_rules.scoring.balance_reference import printed_reference
from dioses_rules.scoring.score import EVALUATORS
from dioses_rules.solve.limits import EFFORT, MAX_EFFORT
from dioses_rules.wording import N_
from dioses_rules.wording.balance import flag_text, provenance_word

from .i18n import _, lang, ngettext
from .names import name_of
from .options import (
    CARDS_OPTION,
    FORMAT_OPTION,
    LANG_OPTION,
    SETS_OPTION,
    load_sets,
    parallel_options,
)
from .output import EXIT_CODES_HELP, console, print_json, user_errors
from .params import FilePath, Seconds, Whole
from .pictures import OVERWRITE_OPTION, check_picture_target, require_pictures, write_svg, written

if TYPE_CHECKING:
    from dioses_rules.pool.registry import Registry
    from dioses_rules.scoring.balance import BalanceReport
    from dioses_rules.solve.balance import OptimalReport

    from .output import Console  # the console() factory's, which only output.py imports


# scoring.balance_reference's note on what the pool is judged against, for the catalogue
N_(" (the bundled sets' printed cards, on areas of the bundled pool)")


@click.command("balance", epilog=EXIT_CODES_HELP)
@SETS_OPTION
@click.option(
    "--own-cards",
    is_flag=True,
    help="Deal only the --set sets' own Myth cards, replaced ones included, not "
    "those of the sets they require (a set's cards judged alone).",
)
@click.option(
    "--face-up-end", is_flag=True, help="Judge every area as ended all face up (solo mode, R21)."
)
@click.option(
    "--boards",
    default=2000,
    show_default=True,
    type=Whole(1, 10_000_000),
    help="How many random full areas to deal.",
)
@click.option("--seed", default=1, show_default=True, type=Whole(0), help="Random seed.")
@click.option(
    "--evaluator",
    type=click.Choice(EVALUATORS),
    default="compiled",
    show_default=True,
    help="compiled: score the areas in one batch; reference: one at a time with the "
    "reference evaluator (much slower). The report is the same.",
)
@click.option(
    "--optimal",
    is_flag=True,
    help="Also solve random hands for their best layout (OR-Tools CP-SAT, the "
    "[solver] extra) and report each card's mean points in them, beside its "
    "random-layout mean.",
)
@click.option(
    "--hands",
    default=100,
    show_default=True,
    type=Whole(1, 100_000),
    help="With --optimal: how many random hands to solve.",
)
@click.option(
    "--effort",
    default=EFFORT,
    show_default=True,
    type=Seconds(0.1, MAX_EFFORT),
    metavar="SECONDS",
    help="With --optimal: CP-SAT's deterministic time per hand (about seconds on "
    "one core), then the best layout found. Deterministic: the same report on "
    "any machine and for any --workers.",
)
@click.option(
    "--plot",
    "plot_path",
    type=FilePath(dir_okay=False, path_type=Path),
    metavar="FILE.svg",
    help="Also draw the report as an SVG plot: each card's mean with its spread, "
    "printed cards marked, flagged cards highlighted. Never over an existing "
    "file without --overwrite.",
)
@OVERWRITE_OPTION
@parallel_options
@CARDS_OPTION
@FORMAT_OPTION
@LANG_OPTION
@user_errors
def balance(
    sets: tuple[str, ...],
    own_cards: bool,
    face_up_end: bool,
    boards: int,
    seed: int,
    evaluator: str,
    optimal: bool,
    hands: int,
    effort: float,
    plot_path: Path | None,
    overwrite: bool,
    workers: int,
    scheduler: str | None,
    extra_cards: tuple[Path, ...],
    output_format: str,
    lang: str,
) -> None:
    """Score random full areas and report how each Myth card scores.

    Flags cards that never or always score, or score far above the printed
    ones. With --optimal, also how each card scores when its hand is laid
    out at its best.
    """
    if check_picture_target(plot_path, "'--plot'", (".svg",), overwrite):
        require_pictures()
    registry = load_sets(extra_cards, sets)
    pool = _pool(registry, sets, own_cards)
    if evaluator == "reference" and (workers > 1 or scheduler):
        raise click.UsageError(
            "--workers and --scheduler spread the compiled evaluator's "
            "batches; the reference evaluator runs in this process"
        )
    # balance()'s keyword arguments, of several types; printed_reference
    # reads them and gives those it adds as a plain dict
    arguments: dict[str, Any] = dict(
        boards=boards,
        seed=seed,
        face_up_end=face_up_end,
        evaluator=evaluator,
        workers=workers,
        scheduler=scheduler,
    )
    printed, against = printed_reference(registry, pool, arguments)
    arguments.update(printed)
    err = console(stderr=True)
    report = _scored(pool, arguments, err, evaluator == "compiled" and boards >= 5000)
    best = (
        _optimal(pool, hands, seed, face_up_end, effort, workers, scheduler, err)
        if optimal
        else None
    )
    low, high = report.printed_range
    ended = _(", every area ended face up") if face_up_end else ""
    title = _(
        "{cards} cards, {boards} random areas{ended}, seed {seed}: mean total {mean} per area "
        "(spread {spread})"
    ).format(
        cards=len(pool),
        boards=boards,
        ended=ended,
        seed=seed,
        mean=f"{report.mean_total:.2f}",
        spread=f"{report.spread_total:.2f}",
    )
    if plot_path is not None:
        from dioses_rules.render.balance_plot import balance_plot
        from dioses_rules.scoring.extremes import PoolLimits

        limits = evolve(PoolLimits.of(registry), cards=tuple(pool))  # the cards dealt
        write_svg(plot_path, balance_plot(report, title, limits, lang))
    if output_format == "json":
        _print_json(report, best)
    else:
        means = _("printed cards' means {low}-{high}").format(low=f"{low:.2f}", high=f"{high:.2f}")
        _print_table(report, best, f"{title}; {means}{_(against) if against else ''}")
    if plot_path is not None:
        written(plot_path, N_("plot written to {path}"), output_format)


def _pool(registry: Registry, sets: tuple[str, ...], own_cards: bool) -> list[m.MythCard]:
    """The Myth cards dealt: every one in play, or with --own-cards the
    --set sets' own (replaced ones included), each set judged alone."""
    pool = registry.myth_cards()
    if own_cards:
        if not sets:
            raise click.UsageError(
                "--own-cards deals the cards of the sets given with --set; add --set ID"
            )
        # The sets' own cards, replaced ones included: each set judged alone.
        pool = [
            d
            for set_id in dict.fromkeys(sets)
            for d in registry.sets[set_id].definitions
            if isinstance(d, m.MythCard)
        ]
    if len(pool) < SIZE:
        raise click.BadParameter(
            f"a full area needs {SIZE} Myth cards; this pool has {len(pool)}", param_hint="'--set'"
        )
    return pool


def _scored(
    pool: list[m.MythCard], arguments: dict[str, Any], err: Console, long_run: bool
) -> BalanceReport:
    """The balance report, with a progress bar on a terminal for a long run."""
    if err.is_terminal and long_run:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        with Progress(
            TextColumn(_("scoring areas"), markup=False),
            BarColumn(),
            MofNCompleteColumn(),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task("areas", total=arguments["boards"])
            report = run_balance(pool, **arguments, progress=lambda n: bar.advance(task, n))
    else:
        report = run_balance(pool, **arguments)
    return report


def _print_json(report: BalanceReport, best: OptimalReport | None) -> None:
    """The report as JSON, with each card's best-layout figures under --optimal."""
    data = report.to_json()
    if best is not None:
        data["optimal"] = best.to_json()
        for card in data["cards"]:
            stats = best.cards[card["id"]]
            card.update(
                optimal_dealt=stats.dealt,
                optimal_mean=round(stats.mean, 3),
                optimal_spread=round(stats.spread, 3),
            )
    print_json(data)


def _print_table(report: BalanceReport, best: OptimalReport | None, title: str) -> None:
    out = console()
    table = Table(title=title, title_justify="left")
    if best is not None:
        hands_text = ngettext("{count} random hand", "{count} random hands", best.hands).format(
            count=best.hands
        )
        table.caption = _(
            "best layouts: {hands}, {proven} proven optimal (effort {effort} per hand): "
            "mean total {mean} (spread {spread})"
        ).format(
            hands=hands_text,
            proven=best.proven,
            effort=f"{best.effort:g}",
            mean=f"{best.mean_total:.2f}",
            spread=f"{best.spread_total:.2f}",
        )
        table.caption_justify = "left"
    headers = [N_("card"), N_("provenance"), N_("mean"), N_("spread"), N_("scores")]
    if best is not None:
        headers += [N_("best-layout mean"), N_("hands")]
    for header in [*headers, N_("flags")]:
        table.add_column(_(header))
    for stats in report.cards:
        row = [
            name_of(stats.card),  # a card by its printed name, as --lang es (#28)
            provenance_word(stats.card.provenance.value, lang()),
            f"{stats.mean:.2f}",
            f"{stats.spread:.2f}",
            f"{stats.score_rate:.0%}",
        ]
        if best is not None:
            solved = best.cards[stats.card.id]
            row += [f"{solved.mean:.2f}" if solved.dealt else "-", str(solved.dealt)]
        table.add_row(*row, ", ".join(flag_text(flag, lang()) for flag in stats.flags))
    out.print(table)


def _optimal(
    pool: list[m.MythCard],
    hands: int,
    seed: int,
    face_up_end: bool,
    effort: float,
    workers: int,
    scheduler: str | None,
    err: Console,
) -> OptimalReport:
    """The best layouts of ``hands`` random hands, with a progress bar on a
    terminal (each hand takes about a second)."""
    try:
        from dioses_rules.solve.balance import optimal_balance
    except ImportError as error:
        raise DiosesError.one(
            "E302",
            f"'dioses balance --optimal' needs OR-Tools, which is not installed ({error.name})",
            help="pip install 'dioses-rules[solver]'",
        ) from None

    def solve(progress: Callable[[int], None] | None = None) -> OptimalReport:
        return optimal_balance(
            pool,
            hands=hands,
            seed=seed,
            face_up_end=face_up_end,
            effort=effort,
            workers=workers,
            scheduler=scheduler,
            progress=progress,
        )

    if not err.is_terminal:
        return solve()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(
        TextColumn(_("solving hands"), markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task("hands", total=hands)
        return solve(progress=lambda n: bar.advance(task, n))
