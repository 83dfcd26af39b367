"""``dioses-lint``: check card files and report every problem with its place."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from dioses_rules import __version__
from dioses_rules.errors import DiosesError, sarif_log
from dioses_rules.pool.lint import lint_sources
from dioses_rules.pool.sources import (
    SourceFile,
    bundled_sources,
    card_paths,
    read_sources,
    replacing_bundled,
)
from dioses_rules.resources import cards_dir

from .options import NO_CACHE_OPTION
from .output import (
    EXIT_FINDINGS,
    EXIT_OK,
    GuardedCommand,
    counted,
    exit_codes_help,
    print_json,
    printable,
    report_diagnostics,
    user_errors,
)
from .params import FilePath


@click.command(
    cls=GuardedCommand,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=exit_codes_help("errors found (warnings alone exit 0)"),
)
@click.argument("paths", nargs=-1, type=FilePath(exists=True, path_type=Path))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "sarif"]),
    default="text",
    show_default=True,
    help="'text': path:line:col: CODE message, with help lines; 'json': one list; "
    "'sarif': a SARIF 2.1.0 log for editors and code scanning.",
)
@click.option("--full", is_flag=True, help="Also show each problem's source line with a caret.")
@click.version_option(__version__, prog_name="dioses-lint")
@NO_CACHE_OPTION
@user_errors
def lint(paths: tuple[Path, ...], output_format: str, full: bool) -> None:
    """Check card files and folders (default: the bundled cards).

    The bundled sets are always loaded too, so a modder's set can require
    and refer to them.
    """
    sources, notes, asked = _sources(paths)
    diagnostics = lint_sources(sources)
    errors = [d for d in diagnostics if d.is_error]
    if output_format == "json":
        print_json([d.to_json() for d in diagnostics])
    elif output_format == "sarif":
        print_json(sarif_log(diagnostics, "dioses-lint", __version__))
    else:
        texts = {s.path: s.text for s in sources}
        for diagnostic in diagnostics:
            if full:
                click.echo(printable(diagnostic.full(texts.get(diagnostic.path))))
            else:
                click.echo(printable(diagnostic.concise()))
        for note in notes:
            click.echo(printable(f"note: {note}"))
        warnings = len(diagnostics) - len(errors)
        files = asked
        if diagnostics:
            click.echo(
                f"{counted(len(errors), 'error')}, {counted(warnings, 'warning')} in "
                f"{counted(files, 'file')}"
            )
        else:
            click.echo(f"{counted(files, 'file')} checked: no problems")
    sys.exit(EXIT_FINDINGS if errors else EXIT_OK)


def _sources(paths: tuple[Path, ...]) -> tuple[list[SourceFile], list[str], int]:
    """The files to check: the bundled sets and the files asked for (each
    once; a file of a bundled set's id replaces that set, with a note), and
    how many files were asked for."""
    bundled = bundled_sources()
    if not paths:
        return bundled, [], len(bundled)
    try:
        files = list(dict.fromkeys(p.resolve() for p in card_paths(paths)))
    except DiosesError as error:
        report_diagnostics(error.diagnostics)
        sys.exit(EXIT_FINDINGS)
    if not files:
        raise click.BadParameter("no .dioses files found there", param_hint="PATHS")
    bundled_paths = {path.resolve() for path in card_paths([cards_dir()])}
    extra = read_sources([p for p in files if p not in bundled_paths], context=bundled)
    sources, notes = replacing_bundled(bundled, extra)
    return sources, notes, len(files)


def main() -> None:  # pragma: no cover - console script entry
    lint()
