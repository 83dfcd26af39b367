"""``dioses test``: verify a modder's card files, check by check, as pytest
reports its tests."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from dioses_rules.files import atomic_write_text
from dioses_rules.verify.results import Outcome, Status, VerifyRun

from .options import FORMAT_OPTION
from .output import EXIT_CODES_HELP, EXIT_USER_ERROR, print_json, printable, user_errors
from .params import FilePath, Seconds, Whole

_MARK = {Status.PASSED: "PASSED", Status.FAILED: "FAILED", Status.SKIPPED: "SKIPPED"}


def _budget(ctx: click.Context, param: click.Parameter, value: float) -> float:
    if not 0 < value <= 86400:
        raise click.BadParameter(f"must be more than 0 and at most 86400 seconds, not {value}")
    return value


@click.command("test", epilog=EXIT_CODES_HELP)
@click.argument(
    "paths", nargs=-1, required=True, metavar="PATH...", type=FilePath(exists=True, path_type=Path)
)
@click.option(
    "--budget",
    type=Seconds(),
    default=60.0,
    show_default=True,
    callback=_budget,
    metavar="SECONDS",
    help="About how long the run may take: the exact best and worst points, the "
    "scenarios, the games and the random boards share it; what it leaves no "
    "time for is skipped and says so.",
)
@click.option(
    "--seed",
    type=Whole(0, 2**32 - 1),
    default=None,
    help="The seed of the searches, games and random boards (default: a new one, "
    "printed, to run again with).",
)
@FORMAT_OPTION
@click.option(
    "--junit",
    "junit_path",
    type=FilePath(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Also write the results as JUnit XML, for a CI service (a file there "
    "already is replaced only if it is a JUnit report).",
)
@user_errors
def test_command(
    paths: tuple[Path, ...],
    budget: float,
    seed: int | None,
    output_format: str,
    junit_path: Path | None,
) -> None:
    """Verify card files and folders: lint, the boards' [expect] tables,
    and property tests run for the sets they define.

    Each Myth card can score and can fail to (always scoring is a warning),
    with its best and worst points over every final area of the pool
    (CP-SAT with the [solver] extra, else a bounded search, saying which);
    each law, pattern and objective can be met and missed; each scenario can
    be won, and its challenge too; the files survive the source and fmt
    round trips and have English and Spanish text; seeded games with the
    sets in play end, keep every card once and replay alike; random boards
    score alike in both evaluators. Exit 0 when every check passes.
    """
    from dioses_rules.verify.run import verify

    if junit_path is not None:
        _check_junit_target(junit_path)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    text = output_format == "text"
    if text:
        click.echo(f"dioses test: seed {seed}, budget {budget:g}s")
    run = verify(list(paths), budget, seed, progress=_shown if text else None)
    if junit_path is not None:
        atomic_write_text(junit_path, run.junit_xml())
    if text:
        _summary(run)
    else:
        print_json(run.to_json())
    if not run.ok:
        sys.exit(EXIT_USER_ERROR)


def _check_junit_target(path: Path) -> None:
    if path.exists():
        try:
            head = path.read_text(encoding="utf-8", errors="replace")[:400]
        except OSError as error:
            raise click.BadParameter(
                f"cannot read {path}: {error.strerror}", param_hint="'--junit'"
            ) from None
        if "<testsuite" not in head:
            raise click.BadParameter(
                f"{path} exists and is not a JUnit report: not overwriting it",
                param_hint="'--junit'",
            )


def _line(outcome: Outcome) -> str:
    return printable(f"{_MARK[outcome.status]} {outcome.place} {outcome.name}: {outcome.message}")


def _shown(outcome: Outcome) -> None:
    click.echo(_line(outcome))
    for warning in outcome.warnings:
        click.echo(printable(f"  warning: {warning}"))


def _summary(run: VerifyRun) -> None:
    failed = [o for o in run.outcomes if o.status is Status.FAILED]
    for note in run.notes:
        click.echo(printable(f"note: {note}"))
    if failed:
        click.echo("\n=== failures ===")
        for outcome in failed:
            click.echo(printable(f"\n--- {outcome.place} {outcome.name}"))
            click.echo(printable(outcome.details or outcome.message))
        click.echo("\n=== short test summary ===")
        for outcome in failed:
            click.echo(printable(f"FAILED {outcome.place} {outcome.name} - {outcome.message}"))
    how = (
        "CP-SAT"
        if run.method == "CP-SAT"
        else "a bounded search (install the [solver] extra for exact answers)"
    )
    click.echo(
        f"best and worst points by {how}; seed {run.seed} (--seed {run.seed} to run it again)"
    )
    click.echo(run.summary())
