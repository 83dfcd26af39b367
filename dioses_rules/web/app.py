"""The web app: a Starlette application over one :class:`Catalog`.

Safe by construction, for a server meant to run on a player's own machine:

- it answers only requests whose Host is the address it serves
  (TrustedHostMiddleware), so a page of another site whose name resolves to
  127.0.0.1 (DNS rebinding) gets 400, not the app;
- it never reads or writes a path the browser sends: boards come and go as
  request and response bodies, and every file it serves is one of its own
  (templates and static assets in this package, cards drawn in memory);
- it refuses a POST whose Origin is not its own scheme, host and port (a
  page on another port of this machine is another site);
- every body it reads is bounded (:data:`MAX_BODY`), refused with 413 past that;
- its pages load nothing from elsewhere (a Content-Security-Policy of
  'self'), so it works with no network.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..structured import DataError
from . import pages, play_pages
from .catalog import Catalog
from .language import N_, say
from .palette import palette
from .play import IDLE_SECONDS, TableGame
from .tables import Tables
from .templating import STATIC, TEMPLATES, JSONAnswer

LOOPBACK = ("127.0.0.1", "localhost", "::1")
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),  # no-referrer would make a form's Origin "null"
    (b"x-frame-options", b"DENY"),
]


def allowed_hosts(host: str) -> list[str]:
    """The Host names the server answers to: the address it serves, and the
    loopback names when that is a loopback address."""
    bare = host.strip("[]").lower()
    return list(LOOPBACK) + ["[::1]"] if bare in LOOPBACK else [bare]


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every response, and refuses a POST
    sent from a page of another origin (a form of another site posting to
    this server: its Host is right, its Origin is not)."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str] = ()) -> None:
        self.app = app
        self.hosts = {h.strip("[]").lower() for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] == "POST" and not self._same_origin(scope):
            from starlette.requests import Request
            from starlette.responses import PlainTextResponse

            # in the language of the page that posted (its cookie or Accept-Language)
            refused = say(Request(scope), N_("a form of another site cannot post here"))
            await PlainTextResponse(refused, status_code=403)(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, sending)

    def _same_origin(self, scope: Scope) -> bool:
        """A POST with no Origin is not a browser's cross-site request (curl,
        a test client): it goes on, as before. Otherwise the Origin's scheme,
        host and port must be the server's own: the scheme it was reached by,
        one of the names it answers to, and the port of the Host the browser
        addressed (a page on another port of this machine is another site)."""
        headers = dict(scope["headers"])
        origin = headers.get(b"origin")
        if origin is None:
            return True
        sent = origin_of(origin.decode("latin-1"))
        host = headers.get(b"host", b"").decode("latin-1")
        own: tuple[str, str, int | None] | None = (
            origin_of(f"{scope.get('scheme', 'http')}://{host}") if host else None
        )
        if own is None:  # no Host (TrustedHostMiddleware refuses that first): the socket's
            server = scope.get("server") or ("", None)
            own = (scope.get("scheme", "http"), str(server[0]).lower(), server[1])
        return (
            sent is not None and sent[0] == own[0] and sent[2] == own[2] and sent[1] in self.hosts
        )


DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(text: str) -> tuple[str, str, int] | None:
    """An Origin header's (scheme, host, port), the port filled in for the
    scheme's default and the host lower-case without an IPv6 literal's
    brackets; None for ``null`` (a sandboxed frame, a file:// page) and for
    anything that is not exactly ``scheme://host[:port]``."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:  # a port out of range or not a number, a bad IPv6 literal
        return None
    scheme = parts.scheme.lower()
    if (
        scheme not in DEFAULT_PORTS
        or not parts.hostname
        or parts.username is not None
        or parts.password is not None
        or parts.path
        or parts.query
        or parts.fragment
    ):
        return None
    return scheme, parts.hostname.lower(), DEFAULT_PORTS[scheme] if port is None else port


def error_page(request: Request, status: int, message: str) -> Response:
    return TEMPLATES.TemplateResponse(
        request, "error.html", {"status": status, "message": message}, status_code=status
    )


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)  # the handler of HTTPException only
    if request.url.path.startswith("/api/"):
        return JSONAnswer(
            {"errors": [{"code": f"HTTP{error.status_code}", "message": str(error.detail)}]},
            status_code=error.status_code,
        )
    # Starlette's own ("Not Found") in the page's words, ours already are
    return error_page(request, error.status_code, say(request, str(error.detail)))


async def _bug(request: Request, error: Exception) -> Response:
    """Our bug: a short page (for the JSON API, a JSON error the board
    builder shows), never the stack trace (the server's log has it)."""
    message = say(request, N_("the server met a bug; its log says where"))
    if request.url.path.startswith("/api/"):
        return JSONAnswer({"errors": [{"code": "HTTP500", "message": message}]}, status_code=500)
    return error_page(request, 500, message)


def create_app(
    catalog: Catalog,
    host: str = "127.0.0.1",
    extra_hosts: Sequence[str] = (),
    saves: Path | None = None,
    idle_seconds: float = IDLE_SECONDS,
    private: bool | None = None,
    announce: Callable[[TableGame], None] | None = None,
) -> Starlette:
    """The app serving ``catalog`` at ``host`` (the name a browser will send);
    games played in it are saved in the folder ``saves`` (None: no games), and
    a game nobody looks at for ``idle_seconds`` is saved and leaves the table.

    ``private`` (the default: when ``host`` is not a loopback address): a
    person plays only from their seat's private link, and a game's page
    without one only watches. ``announce`` is told each game set on the
    table (``dioses serve`` prints its links)."""
    routes = [
        Route("/", pages.home),
        Route("/cards", pages.gallery),
        Route("/cards/{set_id}/{family}/{card_id}.svg", pages.card_picture),
        Route("/cards/{set_id}/{family}/{card_id}", pages.card_page),
        Route("/board", pages.board_page),
        Route("/api/score", pages.api_score, methods=["POST"]),
        Route("/api/export", pages.api_export, methods=["POST"]),
        Route("/api/best", pages.api_best, methods=["POST"]),
        Route("/api/import", pages.api_import, methods=["POST"]),
        Route("/lang", pages.switch_language, methods=["POST"]),
        Route("/play", play_pages.play_new),
        Route("/play", play_pages.play_start, methods=["POST"]),
        Route("/play/resume", play_pages.play_resume, methods=["POST"]),
        Route("/play/{game_id}", play_pages.play_game),
        Route("/play/{game_id}/end", play_pages.play_end, methods=["POST"]),
        Route("/play/{game_id}/seats", play_pages.play_seats),
        Route("/play/{game_id}/poll", play_pages.play_poll),
        Route("/play/{game_id}", play_pages.play_answer, methods=["POST"]),
        Route("/palette.css", palette),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    hosts = allowed_hosts(host) + [h.lower() for h in extra_hosts]
    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=hosts),
        Middleware(SecurityHeaders, hosts=hosts),
    ]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: _http_error, DataError: pages.bad_body, Exception: _bug},
    )
    app.state.catalog = catalog
    if private is None:
        private = host.strip("[]").lower() not in LOOPBACK
    app.state.tables = Tables(catalog, saves, idle_seconds, private, announce)
    return app
