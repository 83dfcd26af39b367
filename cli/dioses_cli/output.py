"""Shared plumbing for the console scripts: consoles, error reporting, exit codes.

Exit codes (README.md, "Exit codes"):

- 0 success;
- 1 a user's error: a bad file, bad input, errors found (``dioses-lint``),
  a replay that diverges, a game stopped because its input ended;
- 2 a usage error (click's: an unknown option, a missing argument);
- 3 an internal error, a bug of ours: the traceback goes to a crash file
  whose path is printed (:func:`write_crash_report`);
- 130 interrupted (Ctrl-C);
- 141 standard output was closed early (``dioses cards | head -1``): the
  command stops quietly, as a Unix tool killed by SIGPIPE does (128 + 13).

Text from users (card names, file paths, anything read from a file) is never
rich markup: :func:`console` makes consoles with markup and emoji codes off,
so a string is printed as it is. Styles are given as :class:`rich.text.Text`
styles, never as ``[bold]`` markup.
"""

from __future__ import annotations

import datetime
import functools
import os
import platform
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn, ParamSpec, TypeVar

import click

from dioses_rules import __version__
from dioses_rules.errors import Diagnostic, DiosesError, escaped

if TYPE_CHECKING:  # rich loads with the first console (console())
    from rich.console import Console

EXIT_OK = 0
EXIT_USER_ERROR = 1
EXIT_FINDINGS = EXIT_USER_ERROR  # dioses-lint's errors, fmt --check's changes
EXIT_USAGE = 2
EXIT_BUG = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for `yes | head -1`

CRASH_DIR_VARIABLE = "DIOSES_CRASH_DIR"
APP_NAME = "dioses-rules"


def counted(count: int, noun: str, plural_form: str | None = None) -> str:
    """'1 file', '2 files', '0 files': the number with the noun agreeing."""
    from dioses_rules.language.source import plural

    return f"{count} {plural(count, noun, plural_form)}"


def exit_codes_help(one: str = "a user's error (a bad file or input)") -> str:
    """The exit codes, for a command's --help epilog; ``one`` says what 1 means."""
    return (
        "\b\nExit codes: 0 success; 1 " + one + "; 2 a usage error;\n"
        "3 a bug in dioses-rules (the traceback goes to a crash file named on stderr);\n"
        "130 interrupted; 141 the output was closed early (e.g. by 'head')."
    )


EXIT_CODES_HELP = exit_codes_help()

T = TypeVar("T")
P = ParamSpec("P")


@functools.lru_cache(maxsize=1)
def _console_class() -> type[Console]:
    """rich's console, imported when the first console is made (a command
    that prints JSON, or only help, never loads rich)."""
    from rich.console import Console

    class _Console(Console):
        """A rich console that stops quietly, with :data:`EXIT_BROKEN_PIPE`,
        when the reader of its stream goes away (rich's own handler exits 1
        and points stdout at devnull even when the console writes to stderr)."""

        def on_broken_pipe(self) -> None:
            self.quiet = True
            closed_pipe(self.file)

    return _Console


def console(stderr: bool = False, file: IO[str] | None = None) -> Console:
    """A rich console on stdout, stderr or ``file``: colour only on a terminal
    and when NO_COLOR is unset; markup and emoji codes off, so text from a
    user (a card named "[/]", a file named ":x:.toml") prints as it is."""
    stream = file if file is not None else (sys.stderr if stderr else sys.stdout)
    is_terminal = hasattr(stream, "isatty") and stream.isatty()
    return _console_class()(
        file=stream,
        no_color=bool(os.environ.get("NO_COLOR")) or not is_terminal,
        force_terminal=is_terminal,
        width=None if is_terminal else 120,
        markup=False,
        emoji=False,
        highlight=False,
        soft_wrap=not is_terminal,
    )


def print_json(data: object) -> None:
    import json  # (json, shlex, tempfile, traceback: imported where needed, not at start)

    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def printable(text: str) -> str:
    """``text`` with control characters shown as ``\\x1b`` (tabs and line
    breaks kept): a file name or an id quoted from a user's file cannot move
    the cursor or clear the screen."""
    return escaped(text, keep="\t\n")


def report_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    """Each diagnostic on stderr, in the terminal's language where the
    catalogue has its words (a damaged save: ``play --resume --lang es``)."""
    from dioses_rules.wording.errors import diagnostic_text

    from .i18n import lang

    for diagnostic in diagnostics:
        click.echo(printable(diagnostic_text(diagnostic, lang())), err=True)


# ------------------------------------------------------------------ a closed pipe


def closed_pipe(stream: IO[str] | None = None) -> NoReturn:
    """Stop quietly: the reader of ``stream`` (default stdout) has gone.

    The stream's file descriptor is pointed at devnull, so that flushing what
    is still buffered when the interpreter exits cannot fail again, and the
    process exits with :data:`EXIT_BROKEN_PIPE` (the Python documentation's
    recipe, "Note on SIGPIPE", with the exit status of a tool that SIGPIPE
    killed; raising the signal itself would skip every ``finally`` block and
    does not exist on Windows)."""
    stream = stream if stream is not None else sys.stdout
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, stream.fileno())
        finally:
            os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test's capture): nothing is flushed at exit
    raise SystemExit(EXIT_BROKEN_PIPE)


def _flush_stdout() -> None:
    """Write out what is buffered while a closed pipe can still be handled."""
    stream = sys.stdout
    if stream is not None and not getattr(stream, "closed", False):
        stream.flush()


# ------------------------------------------------------------------ crash reports


def crash_dir() -> Path:
    """Where crash files go: $DIOSES_CRASH_DIR if set, else the per-user log
    folder (platformdirs: ``$XDG_STATE_HOME/dioses-rules/log``, by default
    ``~/.local/state/dioses-rules/log``, on Linux)."""
    override = os.environ.get(CRASH_DIR_VARIABLE)
    if override:
        return Path(override)
    import platformdirs  # only a crash needs it

    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def crash_text(error: BaseException, argv: list[str] | None = None) -> str:
    """A crash report: when, the command line, the versions and the traceback."""
    import shlex
    import traceback

    argv = argv if argv is not None else [Path(sys.argv[0]).name, *sys.argv[1:]]
    lines = [
        f"{APP_NAME} crash report",
        f"time: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}",
        f"command line: {shlex.join(argv)}",
        f"working folder: {os.getcwd()}",
        f"{APP_NAME}: {__version__}",
        f"python: {sys.version.replace(chr(10), ' ')} ({sys.executable})",
        f"platform: {platform.platform()}",
        "",
    ]
    return "\n".join(lines) + "".join(traceback.format_exception(error))


def write_crash_report(error: BaseException, argv: list[str] | None = None) -> Path | None:
    """Write the crash report to a new file in :func:`crash_dir`, or to a
    temporary file when that folder cannot be written; None when neither
    could be (the caller then prints the report itself)."""
    text = crash_text(error, argv)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    prefix = f"crash-{stamp}-{os.getpid()}-"
    try:
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return _write_new(text, prefix, str(folder))
    except (OSError, RuntimeError):  # RuntimeError: platformdirs found no home
        pass
    try:
        return _write_new(text, f"{APP_NAME}-{prefix}", None)
    except OSError:
        return None


def _write_new(text: str, prefix: str, folder: str | None) -> Path:
    import tempfile

    handle, name = tempfile.mkstemp(prefix=prefix, suffix=".txt", dir=folder, text=True)
    with os.fdopen(handle, "w", encoding="utf-8", errors="backslashreplace") as file:
        file.write(text)
    return Path(name)


def report_bug(error: BaseException, argv: list[str] | None = None) -> None:
    """Tell the user about a bug of ours and exit :data:`EXIT_BUG`."""
    path = write_crash_report(error, argv)
    summary = f"internal error: {type(error).__name__}: {error}"
    try:
        click.echo(summary, err=True)
        if path is not None:
            click.echo(
                f"this is a bug in dioses-rules: please report it with the input "
                f"that caused it and the crash report written to {path}",
                err=True,
            )
        else:
            click.echo(
                "this is a bug in dioses-rules (no crash file could be written; "
                "the details follow): please report it with them and the input "
                "that caused it",
                err=True,
            )
            click.echo(crash_text(error, argv), err=True, nl=False)
    except OSError:
        pass  # stderr is gone too; the crash file holds the report
    sys.exit(EXIT_BUG)


# ------------------------------------------------------------------ our own output


class OutputError(DiosesError):
    """Standard output or standard error could not be written (a full disk,
    a device error): the user's environment, not a bug, so exit 1."""

    def __init__(self, stream: IO[str], name: str, error: OSError) -> None:
        self.stream = stream
        reason = error.strerror or str(error)
        super().__init__(
            Diagnostic(
                "E010",
                f"cannot write to {name}: {reason}",
                "",
                help="free some space, or send the output elsewhere",
            )
        )

    def silence(self) -> None:
        """Point the stream's descriptor at devnull, so that what is still
        buffered cannot fail again when the interpreter flushes it at exit."""
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(devnull, self.stream.fileno())
            finally:
                os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass


class GuardedStream:
    """A text stream whose failures to write are :class:`OutputError`; a
    closed pipe stays a BrokenPipeError (exit 141, :func:`closed_pipe`)."""

    def __init__(self, stream: IO[str], name: str) -> None:
        self._stream = stream
        self._name = name

    def _guard(self, action: Callable[..., T], *args: Any) -> T:
        try:
            return action(*args)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(self._stream, self._name, error) from None

    def write(self, text: str) -> int:
        return self._guard(self._stream.write, text)

    def writelines(self, lines: Iterable[str]) -> None:
        return self._guard(self._stream.writelines, lines)

    def flush(self) -> None:
        return self._guard(self._stream.flush)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def guard_standard_streams() -> None:
    """Make every write to the real stdout and stderr a guarded one (the
    console scripts' entry; tests capture the streams themselves)."""
    for attribute, name in (("stdout", "standard output"), ("stderr", "standard error")):
        stream = getattr(sys, attribute)
        if stream is not None and not isinstance(stream, GuardedStream):
            setattr(sys, attribute, GuardedStream(stream, name))


def _report_quietly(diagnostics: Iterable[Diagnostic]) -> None:
    """Report a user's error; when even stderr cannot take it, the exit code
    still says what happened."""
    try:
        report_diagnostics(diagnostics)
    except OutputError as error:
        error.silence()
    except OSError:
        pass


# ------------------------------------------------------------------ the guard


def run_guarded(call: Callable[[], T], argv: list[str] | None = None) -> T:
    """Run ``call`` and map what it raises to a message and an exit code:
    a user's error (DiosesError) 1, a closed pipe 141 quietly, Ctrl-C 130,
    a bug 3 with a crash file; click's own exits and errors pass through."""
    try:
        try:
            result = call()
        except (click.exceptions.Exit, SystemExit):
            _flush_stdout()
            raise
        _flush_stdout()
        return result
    except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
        raise
    except OutputError as error:
        error.silence()
        _report_quietly(error.diagnostics)
        sys.exit(EXIT_USER_ERROR)
    except DiosesError as error:
        _report_quietly(error.diagnostics)
        sys.exit(EXIT_USER_ERROR)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        closed_pipe()
        raise  # not reached: closed_pipe exits
    except Exception as error:
        report_bug(error, argv)
        raise  # not reached: report_bug exits


def user_errors(command: Callable[P, T]) -> Callable[P, T]:
    """Turn what a command raises into messages and exit codes, never a bare
    traceback (see :func:`run_guarded`)."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        return run_guarded(lambda: command(*args, **kwargs), _command_line())

    return wrapper


_ARGV_KEY = "dioses_cli.argv"


def _command_line() -> list[str] | None:
    """The command line as the outermost guarded command received it."""
    context = click.get_current_context(silent=True)
    if context is None:
        return None
    return context.find_root().meta.get(_ARGV_KEY)


class _Guarded(click.Command):
    """Guards a click command or group as a whole, option parsing and eager
    options (--help, --version) included, so that even code that no
    :func:`user_errors` wraps maps a bug to exit 3 and a closed pipe to 141."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        guard_standard_streams()
        return super().main(*args, **kwargs)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        argv = [info_name or self.name or "dioses", *args]
        context = run_guarded(
            lambda: super(_Guarded, self).make_context(info_name, args, parent=parent, **extra),
            argv,
        )
        if parent is None:
            context.meta[_ARGV_KEY] = argv
        return context

    def invoke(self, ctx: click.Context) -> Any:
        return run_guarded(
            lambda: super(_Guarded, self).invoke(ctx), ctx.find_root().meta.get(_ARGV_KEY)
        )


class GuardedCommand(_Guarded, click.Command):
    """A click command run under :func:`run_guarded` (``dioses-lint``)."""


class GuardedGroup(_Guarded, click.Group):
    """A click group run under :func:`run_guarded`, its commands with it (``dioses``)."""
