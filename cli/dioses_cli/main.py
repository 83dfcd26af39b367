"""``dioses``: the command group. Each command is its own module, imported
only when that command runs: ``dioses score`` never loads the game engine,
``dioses --help`` loads no command at all (their one-line help is kept in
:data:`COMMANDS`; a test checks it against each command's own)."""

from __future__ import annotations

import importlib
from typing import Any

import click

from dioses_rules import __version__

from .help_words import speak
from .options import ASKED, LANG_OPTION, LANGUAGES, NO_CACHE_OPTION
from .output import EXIT_CODES_HELP, GuardedGroup

# name -> (module, attribute, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "score": (
        "score",
        "score",
        "Score saved boards (TOML): cards, laws, patterns, objectives, scenario.",
    ),
    "cards": (
        "cards",
        "cards",
        "List every definition of every loaded set (replaced base cards included).",
    ),
    "balance": (
        "balance",
        "balance",
        "Score random full areas and report how each Myth card scores.",
    ),
    "play": (
        "play",
        "play_command",
        "Play in the terminal against agents, or hot-seat with several humans.",
    ),
    "simulate": (
        "simulate",
        "simulate_command",
        "Play many games between agents and report how they went.",
    ),
    "replay": (
        "replay",
        "replay_command",
        "Re-run a game log and check that it reaches the same end.",
    ),
    "solve": (
        "solve",
        "solve",
        "The best layout of a board's cards, proven optimal; or whether a scenario can be won.",
    ),
    "lsp": (
        "lsp",
        "lsp_command",
        "Run the language server for card files: lint as you type, hover, completion, "
        "quick fixes, go to definition, references, rename, symbols, formatting.",
    ),
    "serve": (
        "serve",
        "serve",
        "Browse the cards, build and score boards, and play, in a web browser.",
    ),
    "test": (
        "verify",
        "test_command",
        "Verify card files and folders: lint, the boards' [expect] tables, and property "
        "tests run for the sets they define.",
    ),
    "fmt": (
        "fmt",
        "fmt_command",
        "Rewrite card files (and the .dioses files of folders) in the canonical layout.",
    ),
}


SUBCOMMAND_METAVAR = "COMMAND [ARGS]..."  # click's, for the group's usage line


def asked_language(args: list[str]) -> str:
    """The last ``--lang X`` or ``--lang=X`` of a command line, before a
    ``--`` (English when none names a language --lang knows)."""
    found = "en"
    for at, arg in enumerate(args):
        if arg == "--":
            break
        value = args[at + 1] if arg == "--lang" and at + 1 < len(args) else None
        if arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        if value in LANGUAGES:
            found = value
    return found


class LazyGroup(GuardedGroup):
    """Imports a command's module when the command is asked for."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Each run starts in the language its command line asks for (the
        last ``--lang`` given, else English; a run before this one may have
        spoken Spanish, as tests run many): click finds an unknown option or
        a missing value while it reads the options, before ``--lang``'s own
        callback runs, and ``--help`` may come before ``--lang``."""
        from .help_words import click_speaks
        from .i18n import use

        lang = ctx.meta[ASKED] = asked_language(args)
        use(lang)
        click_speaks()
        speak(self, lang, ctx)
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        found = COMMANDS.get(name)
        if found is None:
            return None
        module, attribute, _ = found
        from dioses_rules.methods_cache import cached_methods  # not for --help

        name = f"{__package__}.{module}"
        with cached_methods(name):  # the attrs classes it loads: their methods compiled once
            command: click.Command = getattr(importlib.import_module(name), attribute)
        speak(command, ctx.meta.get(ASKED, "en"))  # its help in the command line's language
        return command

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .i18n import _

        self.subcommand_metavar = _(SUBCOMMAND_METAVAR)  # click's words, not a param's
        super().format_usage(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .i18n import _

        rows = [(name, _(COMMANDS[name][2])) for name in self.list_commands(ctx)]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)


@click.group(
    cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_CODES_HELP
)
@click.version_option(__version__, prog_name="dioses")
@LANG_OPTION  # this help in that language, and the command run after it
@NO_CACHE_OPTION
@click.pass_context
def dioses(ctx: click.Context, lang: str) -> None:
    """Dioses! and ¡Aún más Divinos!: every card, law, pattern and scenario as data."""
    from .help_words import click_speaks
    from .i18n import show_rulings, use

    use(ctx.meta.get(ASKED, "en"))  # the command line's last --lang, as parse_args read it
    click_speaks()  # and click's own words in the same language
    show_rulings(False)
    if lang != "en":  # ``dioses --lang es score``: the command's --lang by default
        given: dict[str, Any] = dict(ctx.default_map or {})
        ctx.default_map = {name: {"lang": lang} for name in COMMANDS} | given


def main() -> None:  # pragma: no cover - console script entry
    dioses()
