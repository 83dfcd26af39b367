"""``dioses serve``: the cards and the board builder in the browser."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from dioses_rules.errors import DiosesError

from .options import CARDS_OPTION
from .output import EXIT_CODES_HELP, user_errors
from .params import FilePath, Whole

if TYPE_CHECKING:
    from dioses_rules.web.play import TableGame

WILDCARDS = ("", "0.0.0.0", "::", "[::]", "*")
WEB_MODULES = ("starlette", "uvicorn", "jinja2", "drawsvg")  # the [web] extra


def require_web() -> None:
    """The [web] extra is installed, or one clear error naming it."""
    for name in WEB_MODULES:
        try:
            __import__(name)
        except ImportError:
            raise DiosesError.one(
                "E410",
                f"the web app needs {name}, which is not installed",
                help="pip install 'dioses-rules[web]'",
            ) from None


def _listening(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (0: a free port), or a user's error."""
    bare = host.strip("[]")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(bare, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as error:
        raise DiosesError.one(
            "E411",
            f"cannot serve at '{host}': {error.strerror}",
            help="give an address of this machine, e.g. 127.0.0.1",
        ) from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise DiosesError.one(
            "E411",
            f"cannot listen on {host}:{port}: {error.strerror}",
            help="choose another --port, or 0 for any free one",
        ) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _print_links(base: str, table: TableGame) -> None:
    """A game set on the table: each person's seat's private link, to hand out."""
    if not table.tokens:
        return
    lines = [f"Game {table.id}: the seats' private links (send each to its player alone)"]
    lines += [
        f"  seat {seat + 1}: {base}/play/{table.id}?seat={token}"
        for seat, token in table.tokens.items()
    ]
    click.echo("\n".join(lines))
    sys.stdout.flush()


@click.command("serve", epilog=EXIT_CODES_HELP)
@click.option(
    "--port",
    type=Whole(0, 65535),
    default=8000,
    show_default=True,
    help="The port to listen on (0: any free port, printed at the start).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to serve at. Only requests naming this address (or, for "
    "a loopback one, localhost) are answered. Another address (a home network) "
    "plays every person's seat by its private link only; each game's links are "
    "printed here as it starts.",
)
@click.option(
    "--saves",
    type=FilePath(exists=True, file_okay=False, writable=True, path_type=Path),
    default=".",
    show_default=True,
    help="The folder where games played in the browser are saved "
    "(web-game-ID.json, its log beside it; dioses play --resume goes on).",
)
@CARDS_OPTION
@user_errors
def serve(port: int, host: str, saves: Path, extra_cards: tuple[Path, ...]) -> None:
    """Browse the cards, build and score boards, and play, in a web browser."""
    if host.strip() in WILDCARDS:
        raise click.BadParameter(
            "give the one address the browser will use (e.g. 127.0.0.1 or this machine's "
            "name), not every address: the server answers only requests naming it",
            param_hint="'--host'",
        )
    require_web()
    import uvicorn

    from dioses_rules.pool.load import load_registry
    from dioses_rules.web.app import LOOPBACK, create_app
    from dioses_rules.web.catalog import Catalog

    registry, sources = load_registry(extra_cards)
    sock = _listening(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host.strip('[]')}]" if ":" in host else host
    base = f"http://{shown}:{bound}"
    private = host.strip("[]").lower() not in LOOPBACK
    app = create_app(
        Catalog(registry, sources),
        host,
        saves=saves.resolve(),
        private=private,
        announce=lambda table: _print_links(base, table),
    )
    click.echo(
        f"Serving the cards and the board builder at {base}/ "
        f"(Ctrl-C stops); games are saved in {saves.resolve()}"
    )
    if private:
        click.echo(
            "Others on this network can reach this server: every person plays by "
            "their seat's private link, printed here when a game starts."
        )
    sys.stdout.flush()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops gracefully, then raises the signal again
        pass
    finally:
        sock.close()
    click.echo("stopped")
