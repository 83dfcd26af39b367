"""A ``dioses lsp`` session: the server object, which holds the workspace of
card files and converts the editor's positions, paths and units to the
library's and back (:mod:`dioses_rules.editing` says what; this converts)."""

from __future__ import annotations

import functools
import json
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types as t
from pygls import uris
from pygls.exceptions import FeatureRequestError, JsonRpcException

from dioses_rules import __version__
from dioses_rules.editing import diagnostics
from dioses_rules.editing.text import Lines, lone_surrogate_diagnostic
from dioses_rules.editing.workspace import Snapshot, Workspace
from dioses_rules.errors import Diagnostic, Severity

from .lsp_protocol import DiosesProtocol, LoggingServer

if TYPE_CHECKING:
    from pygls.server import ServerErrors


class DiosesServer(LoggingServer):
    """A session: the workspace's card files, and the open buffers by URI."""

    protocol: DiosesProtocol  # made from protocol_cls below

    def __init__(self) -> None:
        super().__init__(
            "dioses",
            __version__,
            protocol_cls=DiosesProtocol,
            text_document_sync_kind=t.TextDocumentSyncKind.Incremental,
        )
        self.cards = Workspace()
        self.open: dict[str, str] = {}  # path -> the URI the editor named it by
        self.changes = 0  # edits so far: a check waiting for the keys to pause sees newer ones
        self._lines: dict[str, Lines] = {}
        self._skipped_told: list[tuple[str, str]] = []

    def report_server_error(self, error: Exception, source: ServerErrors) -> None:
        """pygls's report of a message it could not handle: a body that is
        no JSON gets -32700 (JSON-RPC 2.0, with a null id); the rest goes to
        the log, not to a popup (pygls's default)."""
        if isinstance(error, (json.JSONDecodeError, UnicodeDecodeError)):
            self.protocol._send_response(
                None,  # type: ignore[arg-type]  # JSON-RPC 2.0: a body that is no JSON has a null id
                error=t.ResponseError(t.ErrorCodes.ParseError, f"not JSON: {error}"),
            )
        elif isinstance(error, RecursionError) or (
            isinstance(error, ValueError) and "integer string conversion" in str(error)
        ):
            # JSON past what Python's parser reads (nested thousands deep, or
            # a number of thousands of digits, #23): unread, so no id to answer
            self.protocol._send_response(
                None,  # type: ignore[arg-type]  # JSON-RPC 2.0: unread, so a null id
                error=t.ResponseError(
                    t.ErrorCodes.ParseError,
                    "not JSON this server reads: nested too deeply or a number too long",
                ),
            )
        if source is not FeatureRequestError:  # a request's error went to the requester
            self.log(t.MessageType.Error, f"dioses lsp: {error}")

    def follow_folders(self) -> None:
        """The editor's workspace folders (or its root) are where card files are read."""
        folders = [uris.to_fs_path(uri) for uri in self.workspace.folders] or [
            self.workspace.root_path
        ]
        self.cards.set_folders([folder for folder in folders if folder])

    def take(self, uri: str) -> None:
        """The editor's text of a buffer, as pygls keeps it, into the workspace
        (with DL003 where the editor sent lone surrogates, until they are gone)."""
        path = self.path_of(uri)
        self.open[path] = uri
        text = self.workspace.get_text_document(uri).source
        lossy = self.protocol.lossy
        found = lone_surrogate_diagnostic(path, text) if uris_key(uri) in lossy else None
        if found is None:
            lossy.discard(uris_key(uri))
        self.cards.edit(path, text, [found] if found else [])

    def path_of(self, uri: str) -> str:
        path = uris.to_fs_path(uri) if uri.startswith("file:") else None
        return str(Path(path).resolve()) if path else uri

    def uri_of(self, path: str) -> str:
        return self.open.get(path) or uris.from_fs_path(path) or path

    def text(self, path: str) -> str:
        """A file's newest text: the editor's buffer, or as last read."""
        text = self.cards.buffers.get(path)
        return text if text is not None else self.cards.latest().texts.get(path, "")

    def view(self, path: str) -> Snapshot:
        """What hover and completion read: the newest snapshot built, with
        the buffer's newest text (they never wait for a check)."""
        snapshot = self.cards.latest()
        text = self.cards.buffers.get(path)
        return snapshot if text is None else snapshot.with_text(path, text)

    def lines(self, path: str, text: str | None = None) -> Lines:
        """The positions of a file's newest text (or of ``text``), made once per text."""
        text = self.text(path) if text is None else text
        known = self._lines.get(path)
        if known is None or known.text is not text:
            known = self._lines[path] = Lines(text)
        return known

    def tell_skipped(self) -> None:
        """Files of the workspace that were not read, once per read of the disk."""
        skipped = self.cards.skipped
        if skipped and skipped is not self._skipped_told:
            self._skipped_told = skipped
            self.log(
                t.MessageType.Warning,
                "dioses lsp: card files not read:\n"
                + "\n".join(f"{path}: {why}" for path, why in skipped),
            )

    def publish(self, snapshot: Snapshot | None = None) -> None:
        """Diagnostics for every open buffer (a change in one file can settle
        or raise a problem in another: a card id, a required set)."""
        snapshot = snapshot or self.cards.snapshot()
        self.tell_skipped()
        for path, uri in list(self.open.items()):
            text = snapshot.texts.get(path, "")
            found = [
                _diagnostic(self, path, text, d, snapshot)
                for d in snapshot.diagnostics.get(path, [])
            ]
            self.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri, found))

    def position(self, uri: str, position: t.Position) -> tuple[str, int, int]:
        """The editor's position as the library's (path, line, character)."""
        path = self.path_of(uri)
        lines = self.lines(path)
        at = self.workspace.position_codec.position_from_client_units(
            lines.protocol, t.Position(position.line, position.character)
        )
        return (path, *lines.from_protocol(at.line, at.character))

    def client_position(
        self, path: str, line: int, character: int, text: str | None = None
    ) -> t.Position:
        lines = self.lines(path, text)
        at = lines.to_protocol(line, character)
        return self.workspace.position_codec.position_to_client_units(
            lines.protocol, t.Position(*at)
        )

    def client_range(
        self, path: str, line: int, start: int, end: int, text: str | None = None
    ) -> t.Range:
        """A library range (of the newest text, or of ``text``) in the editor's units."""
        return t.Range(
            self.client_position(path, line, start, text),
            self.client_position(path, line, end, text),
        )


def uris_key(uri: str) -> str:
    """A URI as pygls's workspace keys it."""
    from urllib.parse import unquote

    return unquote(uri)


# a request's handler: (the server, the request's lsprotocol parameters) -> its answer
Handler = Callable[[DiosesServer, Any], Any]


def answering(what: str, default: object = None) -> Callable[[Handler], Handler]:
    """A handler whose bug is logged in the editor and answered with
    ``default``: never a traceback in a response, never the end of the session."""

    def wrap(handler: Handler) -> Handler:
        @functools.wraps(handler)
        def guarded(ls: DiosesServer, params: Any) -> Any:
            try:
                return handler(ls, params)
            except JsonRpcException:  # a refusal the handler answers as the protocol says
                raise
            except Exception:  # noqa: BLE001 (any bug in a handler is logged; the server stays up)
                ls.log(
                    t.MessageType.Error,
                    f"dioses lsp: {what} failed (a bug, please "
                    "report it):\n" + traceback.format_exc(),
                )
                return default() if callable(default) else default

        return guarded

    return wrap


def _diagnostic(
    server: DiosesServer,
    path: str,
    text: str,
    found: Diagnostic,
    snapshot: Snapshot | None = None,
) -> t.Diagnostic:
    """A lint diagnostic as the protocol's, with a link to its code's row in
    docs/card-language.md and, given the snapshot, the places it is about."""
    place = diagnostics.place(text, found)
    link = diagnostics.code_link(found.code)
    related = (
        [
            t.DiagnosticRelatedInformation(
                t.Location(
                    server.uri_of(where.path),
                    server.client_range(
                        where.path,
                        where.line,
                        where.start,
                        where.end,
                        snapshot.texts.get(where.path),
                    ),
                ),
                message,
            )
            for where, message in diagnostics.related(snapshot, found)
        ]
        if snapshot is not None
        else []
    )
    message = found.message + (f"\nhelp: {found.help}" if found.help else "")
    severity = (
        t.DiagnosticSeverity.Error
        if found.severity is Severity.ERROR
        else t.DiagnosticSeverity.Warning
    )
    return t.Diagnostic(
        server.client_range(path, place.line, place.start, place.end, text),
        message,
        severity=severity,
        code=found.code,
        code_description=t.CodeDescription(link) if link else None,
        source="dioses-lint",
        related_information=related or None,
    )
