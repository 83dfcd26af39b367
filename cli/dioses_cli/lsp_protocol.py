"""The protocol's rules where pygls's defaults break them, through pygls's
own hooks (a ``LanguageServerProtocol`` subclass, its ``structure_message``
object hook, ``handle_message`` and its builtin ``lsp_method`` handlers):

- text enters safe: a lone surrogate in any JSON string becomes U+FFFD
  (:mod:`dioses_rules.editing.text` says why), and the buffers it came in are
  remembered so that the editor is told where;
- lines are broken where the protocol breaks them (\\n, \\r\\n, \\r), not by
  ``str.splitlines``, so a form feed, U+2028 or NEL in a comment moves nothing;
- every request is answered as LSP 3.17 says: -32602 for params that do not
  fit the method, -32600 for what is no request, a second ``initialize`` or a
  request after ``shutdown``, -32002 before ``initialize``, -32700 for a body
  that is not JSON; notifications in those states are dropped; ``exit``
  without ``shutdown`` ends the process with 1;
- no error of the client's or refusal of ours is a popup: they go to the
  editor's log (window/logMessage).
"""

from __future__ import annotations

import logging
from collections.abc import Generator
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from cattrs import transform_error
from cattrs.errors import ClassValidationError
from lsprotocol import types as t
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import RPCRequest
from pygls.protocol.language_server import lsp_method
from pygls.workspace import TextDocument, Workspace

from dioses_rules.editing.text import LONE_SURROGATE, REPLACEMENT, protocol_lines

if TYPE_CHECKING:
    from cattrs import Converter

logger = logging.getLogger(__name__)


class CardTextDocument(TextDocument):
    """pygls's document, its lines broken as the protocol breaks them (its
    incremental edits and position conversions all go through ``lines``)."""

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(protocol_lines(self.source))


class CardWorkspace(Workspace):
    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        return CardTextDocument(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=self._sync_kind,
            position_codec=self._position_codec,
        )


class Refused:
    """A message that could not be read as its method's: answered with ``error``."""

    jsonrpc = "2.0"

    def __init__(self, data: dict[str, Any], code: int, message: str) -> None:
        self.id = data.get("id")
        self.method = data.get("method")
        self.is_request = "id" in data and "method" in data
        self.error = t.ResponseError(code, message)


class LoggingServer(LanguageServer):
    """A server that tells the editor's log (lsp_session's DiosesServer)."""

    def log(self, kind: t.MessageType, message: str) -> None:
        """A line in the editor's log (never a popup)."""
        self.window_log_message(t.LogMessageParams(kind, message))


class DiosesProtocol(LanguageServerProtocol):
    _server: LoggingServer  # the server that makes this protocol

    def __init__(self, server: LoggingServer, converter: Converter) -> None:
        self.initialize_seen = False
        self.exit_code: int | None = None
        self.lossy: set[str] = set()  # URIs whose text came with lone surrogates
        self._replaced = False  # in the message being read
        super().__init__(server, converter)  # reads every attribute for its builtin handlers

    # -- reading -------------------------------------------------------------

    def structure_message(self, data: dict[str, Any]) -> Any:
        """The object hook of every JSON object of a message, innermost first."""
        for key, value in data.items():
            data[key] = self._safe(value)
        if "jsonrpc" not in data:
            return data
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            cause = error.__cause__
            if not isinstance(data.get("method", ""), str) or (
                "method" not in data and "id" not in data
            ):
                return Refused(
                    data,
                    t.ErrorCodes.InvalidRequest,
                    "not a JSON-RPC request: a message has an id and a method, or is a response",
                )
            detail = (
                "; ".join(transform_error(cause))
                if isinstance(cause, ClassValidationError)
                else str(cause or error)
            )
            return Refused(
                data,
                t.ErrorCodes.InvalidParams,
                f"invalid params for {data.get('method')!r}: {detail}",
            )

    def _safe(self, value: object) -> object:
        if isinstance(value, str):
            if LONE_SURROGATE.search(value):
                self._replaced = True
                return LONE_SURROGATE.sub(REPLACEMENT, value)
            return value
        if isinstance(value, list):
            return [self._safe(item) for item in value]
        return value

    def handle_message(self, message: Any) -> None:
        replaced, self._replaced = self._replaced, False
        if isinstance(message, Refused):
            return self._refuse(message, message.error.code, message.error.message)
        if not hasattr(message, "jsonrpc") or message.jsonrpc != self.VERSION:
            shown = message if isinstance(message, dict) else {"id": getattr(message, "id", None)}
            return self._refuse(
                Refused(shown, 0, ""),
                t.ErrorCodes.InvalidRequest,
                'not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0")',
                always=True,
            )
        method = getattr(message, "method", None)
        if method is not None and method != t.EXIT:
            if method == t.INITIALIZE and self.initialize_seen:
                return self._refuse(
                    message, t.ErrorCodes.InvalidRequest, "initialize was sent already"
                )
            if method != t.INITIALIZE and not self.initialize_seen:
                return self._refuse(
                    message, t.ErrorCodes.ServerNotInitialized, f"{method} before initialize"
                )
            if self._shutdown:
                return self._refuse(
                    message, t.ErrorCodes.InvalidRequest, f"{method} after shutdown"
                )
            self.initialize_seen = True
        if replaced and method in (t.TEXT_DOCUMENT_DID_OPEN, t.TEXT_DOCUMENT_DID_CHANGE):
            self.lossy.add(unquote(message.params.text_document.uri))
        super().handle_message(message)

    def _refuse(self, message: Any, code: int, text: str, always: bool = False) -> None:
        """An error response to a request; a notification is dropped (logged)."""
        if isinstance(message, RPCRequest) or getattr(message, "is_request", False) or always:
            self._send_response(
                getattr(message, "id", None),  # type: ignore[arg-type]  # JSON-RPC 2.0: null when the id cannot be read
                error=t.ResponseError(code, text),
            )
        if self.initialize_seen:  # nothing may be sent before initialize but its answer
            self._server.log(t.MessageType.Warning, f"dioses lsp: refused: {text}")
        else:
            logger.warning("refused: %s", text)

    # -- the builtin handlers ------------------------------------------------

    @lsp_method(t.INITIALIZE)
    def lsp_initialize(self, params: t.InitializeParams) -> Generator[Any, Any, t.InitializeResult]:
        result = yield from super().lsp_initialize(params)
        # pygls makes its Workspace itself; ours only makes other documents
        self._workspace.__class__ = CardWorkspace
        return result

    @lsp_method(t.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: t.DidChangeTextDocumentParams
    ) -> Generator[Any, Any, None]:
        if unquote(params.text_document.uri) not in self.workspace.text_documents:
            self._server.log(
                t.MessageType.Warning,
                f"dioses lsp: a change to {params.text_document.uri}, which is not open: ignored",
            )
            return None
        yield from super().lsp_text_document__did_change(params)

    @lsp_method(t.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(
        self, params: t.DidCloseTextDocumentParams
    ) -> Generator[Any, Any, None]:
        self.lossy.discard(unquote(params.text_document.uri))
        yield from super().lsp_text_document__did_close(params)

    @lsp_method(t.EXIT)
    def lsp_exit(self, *args: Any) -> Generator[Any, Any, None]:
        self.exit_code = 0 if self._shutdown else 1  # LSP 3.17: 1 without a shutdown first
        yield from super().lsp_exit(*args)

    @property
    def exit_status(self) -> int:
        """The process's exit code once the loop ends (the input closed
        without ``exit``: 0 after a shutdown, 1 otherwise)."""
        if self.exit_code is not None:
            return self.exit_code
        return 0 if self._shutdown else 1
