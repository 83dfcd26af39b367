"""``dioses fmt``: card files in the one canonical layout, comments kept."""

from __future__ import annotations

import difflib
import os
import sys
from pathlib import Path

import click

from dioses_rules.errors import DiosesError
from dioses_rules.files import atomic_write_text
from dioses_rules.language.format import format_text
from dioses_rules.pool.sources import bundled_sources, card_paths, read_sources

from .output import (
    EXIT_FINDINGS,
    EXIT_OK,
    counted,
    exit_codes_help,
    printable,
    report_diagnostics,
    user_errors,
)
from .params import FilePath


@click.command(
    "fmt",
    epilog=exit_codes_help("a file with errors, or with --check or --diff a file to reformat"),
)
@click.argument("paths", nargs=-1, required=True, type=FilePath(exists=True, path_type=Path))
@click.option(
    "--check",
    is_flag=True,
    help="Change nothing; list the files that are not in the canonical layout and "
    "exit 1 if there is any.",
)
@click.option(
    "--diff",
    "show_diff",
    is_flag=True,
    help="Change nothing; show what would change, as a unified diff.",
)
@user_errors
def fmt_command(paths: tuple[Path, ...], check: bool, show_diff: bool) -> None:
    """Rewrite card files (and the .dioses files of folders) in the canonical layout.

    One statement per line, two spaces per level, Pattern cells in columns;
    every comment stays next to what it was next to, and the cards mean the
    same (checked before a file is written). Each file keeps its line
    endings (Windows' CRLF stays CRLF). A file that does not read (a syntax
    error, an unknown word: what dioses-lint reports for the file alone) is
    left untouched; a mistake between definitions or sets (a count that
    differs from 'expect', a missing 'requires') does not stop formatting,
    as it changes no line's layout. Files are written whole or not at all.
    """
    files = list(dict.fromkeys(p.resolve() for p in card_paths(paths)))
    if not files:
        raise click.BadParameter("no .dioses files found there", param_hint="PATHS")
    changed, refused = [], 0
    for source in read_sources(files, context=bundled_sources()):
        path = Path(source.path)
        raw = path.read_bytes()
        original = raw.decode("utf-8-sig", errors="replace")
        try:
            formatted = format_text(source.text, source.path, source.vocabulary)
        except DiosesError as error:
            report_diagnostics(error.diagnostics)
            click.echo(printable(f"{source.path}: not formatted (it has errors)"), err=True)
            refused += 1
            continue
        if original.count("\r\n") * 2 > original.count("\n"):  # mostly CRLF: kept
            formatted = formatted.replace("\n", "\r\n")
        if formatted == original and not raw.startswith(b"\xef\xbb\xbf"):  # a BOM goes
            continue
        changed.append(source.path)
        if show_diff:
            click.echo(
                "".join(
                    difflib.unified_diff(
                        original.splitlines(True),
                        formatted.splitlines(True),
                        fromfile=source.path,
                        tofile=f"{source.path} (formatted)",
                    )
                ),
                nl=False,
            )
        elif check:
            click.echo(f"would reformat {source.path}")
        elif _read_only(path):
            click.echo(
                printable(
                    f"{source.path}: not formatted: the file is read-only (make "
                    f"it writable to format it, or use --diff)"
                ),
                err=True,
            )
            changed.pop()
            refused += 1
        else:
            atomic_write_text(path, formatted)
            click.echo(f"formatted {source.path}")
    _summary(len(files), changed, refused, check or show_diff)
    sys.exit(EXIT_FINDINGS if refused or ((check or show_diff) and changed) else EXIT_OK)


def _read_only(path: Path) -> bool:
    """Whether the file is read-only: no write permission bit at all (root
    may write anything; an editor still asks first), or not writable by us.
    Writing a new file in its place would take the protection away (#23)."""
    return not path.stat().st_mode & 0o222 or not os.access(path, os.W_OK)


def _summary(total: int, changed: list[str], refused: int, dry: bool) -> None:
    verb = "would be reformatted" if dry else "reformatted"
    parts = [
        f"{counted(len(changed), 'file')} {verb}",
        f"{total - len(changed) - refused} already formatted",
    ]
    if refused:
        parts.append(f"{refused} left untouched (errors, or read-only)")
    click.echo(", ".join(parts))
