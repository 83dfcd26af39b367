"""Shared plumbing for the console scripts: consoles, error reporting, exit codes.

Text from users (card names, file paths, anything read from a file) is never
rich markup: :func:`console` makes consoles with markup and emoji codes off,
so a string is printed as it is. Styles are given as :class:`rich.text.Text`
styles, never as ``[bold]`` markup.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from typing import Callable, Iterable

import click
from rich.console import Console

from dioses_rules.errors import Diagnostic, DiosesError

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2


def console(stderr: bool = False, file=None) -> Console:
    """A rich console on stdout, stderr or ``file``: colour only on a terminal
    and when NO_COLOR is unset; markup and emoji codes off, so text from a
    user (a card named "[/]", a file named ":x:.toml") prints as it is."""
    stream = file if file is not None else (sys.stderr if stderr else sys.stdout)
    is_terminal = hasattr(stream, "isatty") and stream.isatty()
    return Console(
        file=stream,
        no_color=bool(os.environ.get("NO_COLOR")) or not is_terminal,
        force_terminal=is_terminal,
        width=None if is_terminal else 120,
        markup=False,
        emoji=False,
        highlight=False,
        soft_wrap=not is_terminal,
    )


def print_json(data) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def report_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        click.echo(diagnostic.concise(), err=True)


def user_errors(command: Callable) -> Callable:
    """Turn the project's errors into messages and exit codes, never tracebacks.

    A user's mistake (DiosesError) exits 1; a bug of ours exits 2 with a
    one-line message asking for a report.
    """

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except DiosesError as error:
            report_diagnostics(error.diagnostics)
            sys.exit(EXIT_FINDINGS)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)
        except Exception as error:  # pragma: no cover - a bug, not a user mistake
            click.echo(f"internal error: {type(error).__name__}: {error}", err=True)
            click.echo("this is a bug in dioses-rules; please report it with the input "
                       "that caused it", err=True)
            sys.exit(EXIT_USAGE)

    return wrapper
