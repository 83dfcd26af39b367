"""``dioses lsp``: the language server for editors (docs/editors.md)."""

from __future__ import annotations

import sys

import click

from dioses_rules.errors import DiosesError

from .output import exit_codes_help, user_errors

INSTALL = "pip install 'dioses-rules[editors]'"


@click.command("lsp", epilog=exit_codes_help("the [editors] extra (pygls) is not installed"))
@click.option(
    "--stdio",
    is_flag=True,
    help="Speak over standard input and output (the default, and the only way; "
    "accepted because editors pass it).",
)
@user_errors
def lsp_command(stdio: bool) -> None:
    """Run the language server for card files: lint as you type, hover, completion,
    quick fixes, go to definition, references, rename, symbols, formatting.

    An editor starts it and talks to it over stdin and stdout; see
    docs/editors.md for VS Code, Neovim, Helix, Emacs and Vim. The open files are
    checked with the bundled sets and the .dioses files of the editor's
    workspace folders that define the sets they require.
    """
    try:
        from .lsp_server import SWITCH_INTERVAL, make_server
    except ImportError as error:
        raise DiosesError.one(
            "E500",
            f"dioses lsp needs the [editors] extra, which is not installed "
            f"({error.name or error} is missing)",
            help=f"install it: {INSTALL}",
        ) from None
    server = make_server()
    sys.setswitchinterval(SWITCH_INTERVAL)  # answers to keys before the background check
    server.start_io()
    raise SystemExit(server.protocol.exit_status)  # LSP: 1 when exit came before shutdown
