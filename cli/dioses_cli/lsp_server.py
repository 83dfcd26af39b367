"""The language server behind ``dioses lsp``: pygls wiring only. What to
say about a file and a position is the library's (:mod:`dioses_rules.editing`);
this module converts positions, paths and results to the protocol's types.

Imported only when ``dioses lsp`` runs, and only with the ``[editors]``
extra installed (pygls)."""

from __future__ import annotations

import asyncio
import traceback
from pathlib import Path
from typing import Callable, Optional

from lsprotocol import types as t
from pygls import uris
from pygls.lsp.server import LanguageServer

from dioses_rules import __version__
from dioses_rules.editing import features
from dioses_rules.editing.workspace import Workspace
from dioses_rules.errors import DiosesError, Severity

# Seconds without a new edit before the files are checked again.
SETTLE = 0.15

_KINDS = {"keyword": t.CompletionItemKind.Keyword, "mythology": t.CompletionItemKind.EnumMember,
          "type": t.CompletionItemKind.TypeParameter, "set": t.CompletionItemKind.Module,
          "tag": t.CompletionItemKind.Value, "myth": t.CompletionItemKind.Class}


class DiosesServer(LanguageServer):
    """A session: the workspace's card files, and the open buffers by URI."""

    def __init__(self) -> None:
        super().__init__("dioses", __version__,
                         text_document_sync_kind=t.TextDocumentSyncKind.Incremental)
        self.cards = Workspace()
        self.open: dict[str, str] = {}  # path -> the URI the editor named it by
        self.changes = 0  # edits so far: a check waiting for the keys to pause sees newer ones

    def follow_folders(self) -> None:
        """The editor's workspace folders (or its root) are where card files are read."""
        folders = [uris.to_fs_path(uri) for uri in self.workspace.folders] or \
            [self.workspace.root_path]
        self.cards.set_folders([folder for folder in folders if folder])

    def take(self, uri: str) -> None:
        """The editor's text of a buffer, as pygls keeps it, into the workspace."""
        path = self.path_of(uri)
        self.open[path] = uri
        self.cards.edit(path, self.workspace.get_text_document(uri).source)

    def path_of(self, uri: str) -> str:
        path = uris.to_fs_path(uri) if uri.startswith("file:") else None
        return str(Path(path).resolve()) if path else uri

    def uri_of(self, path: str) -> str:
        return self.open.get(path) or uris.from_fs_path(path) or path

    def lines(self, path: str) -> list[str]:
        return self.cards.snapshot().texts.get(path, "").split("\n")

    def guarded(self, what: str, call: Callable, default=None):
        """A bug of ours in one request is logged in the editor, never the end of the session."""
        try:
            return call()
        except Exception:  # noqa: BLE001 - the session goes on; the editor shows the log
            self.window_log_message(t.LogMessageParams(
                t.MessageType.Error, f"dioses lsp: {what} failed (a bug, please report it):\n"
                + traceback.format_exc()))
            return default

    def publish(self) -> None:
        """Diagnostics for every open buffer (a change in one file can settle
        or raise a problem in another: a card id, a required set)."""
        snapshot = self.cards.snapshot()
        for path, uri in self.open.items():
            text = snapshot.texts.get(path, "")
            found = [_diagnostic(self, path, text, d) for d in snapshot.diagnostics.get(path, [])]
            self.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri, found))

    def position(self, uri: str, position: t.Position) -> tuple[str, int, int]:
        path = self.path_of(uri)
        codec = self.workspace.position_codec
        at = codec.position_from_client_units(self.lines(path), position)
        return path, at.line, at.character

    def client_range(self, path: str, line: int, start: int, end: int) -> t.Range:
        lines = self.lines(path)
        codec = self.workspace.position_codec
        return t.Range(codec.position_to_client_units(lines, t.Position(line, start)),
                       codec.position_to_client_units(lines, t.Position(line, end)))


def _diagnostic(server: DiosesServer, path: str, text: str, found) -> t.Diagnostic:
    place = features.diagnostic_place(text, found)
    message = found.message + (f"\nhelp: {found.help}" if found.help else "")
    severity = (t.DiagnosticSeverity.Error if found.severity is Severity.ERROR
                else t.DiagnosticSeverity.Warning)
    return t.Diagnostic(server.client_range(path, place.line, place.start, place.end), message,
                        severity=severity, code=found.code, source="dioses-lint")


def _location(server: DiosesServer, place: features.Place) -> t.Location:
    return t.Location(server.uri_of(place.path),
                      server.client_range(place.path, place.line, place.start, place.end))


def make_server() -> DiosesServer:
    """A server with every feature registered (a new one each call: tests run several)."""
    server = DiosesServer()

    @server.feature(t.INITIALIZED)
    def initialized(ls: DiosesServer, params: t.InitializedParams) -> None:
        ls.follow_folders()
        workspace = ls.client_capabilities.workspace
        watched = workspace.did_change_watched_files if workspace else None
        if watched and watched.dynamic_registration:  # card files changed outside the editor
            ls.client_register_capability(t.RegistrationParams([t.Registration(
                "dioses-card-files", t.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                t.DidChangeWatchedFilesRegistrationOptions(
                    [t.FileSystemWatcher(glob_pattern="**/*.dioses")]))]))

    @server.feature(t.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    def folders_changed(ls: DiosesServer, params: t.DidChangeWorkspaceFoldersParams) -> None:
        ls.follow_folders()  # pygls has applied the change to its list
        ls.guarded("checking the card files", ls.publish)

    @server.feature(t.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def files_changed(ls: DiosesServer, params: t.DidChangeWatchedFilesParams) -> None:
        ls.cards.saved()
        ls.guarded("checking the card files", ls.publish)

    @server.feature(t.TEXT_DOCUMENT_DID_OPEN)
    def opened(ls: DiosesServer, params: t.DidOpenTextDocumentParams) -> None:
        ls.take(params.text_document.uri)
        ls.guarded("checking the card files", ls.publish)

    @server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
    async def changed(ls: DiosesServer, params: t.DidChangeTextDocumentParams) -> None:
        ls.take(params.text_document.uri)
        ls.changes += 1
        mine = ls.changes
        await asyncio.sleep(SETTLE)  # while typing, lint once the keys pause
        if mine == ls.changes:
            ls.guarded("checking the card files", ls.publish)

    @server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
    def closed(ls: DiosesServer, params: t.DidCloseTextDocumentParams) -> None:
        path = ls.path_of(params.text_document.uri)
        ls.open.pop(path, None)
        ls.cards.close(path)
        ls.text_document_publish_diagnostics(
            t.PublishDiagnosticsParams(params.text_document.uri, []))
        ls.guarded("checking the card files", ls.publish)

    @server.feature(t.TEXT_DOCUMENT_DID_SAVE)
    def saved(ls: DiosesServer, params: t.DidSaveTextDocumentParams) -> None:
        ls.cards.saved()
        ls.guarded("checking the card files", ls.publish)

    _register_questions(server)
    return server


def _register_questions(server: DiosesServer) -> None:
    @server.feature(t.TEXT_DOCUMENT_HOVER)
    def hover(ls: DiosesServer, params: t.HoverParams) -> Optional[t.Hover]:
        path, line, character = ls.position(params.text_document.uri, params.position)
        snapshot = ls.cards.snapshot()
        text = ls.guarded("hover", lambda: features.hover(snapshot, path, line, character))
        if not text:
            return None
        word = features.word_at(snapshot.texts.get(path, ""), line, character)
        where = ls.client_range(path, line, word[1], word[2]) if word else None
        return t.Hover(t.MarkupContent(t.MarkupKind.Markdown, text), where)

    @server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=[]))
    def complete(ls: DiosesServer, params: t.CompletionParams) -> t.CompletionList:
        path, line, character = ls.position(params.text_document.uri, params.position)
        found = ls.guarded("completion", lambda: features.completions(
            ls.cards.snapshot(), path, line, character), [])
        items = [t.CompletionItem(item.label, detail=item.detail,
                                  kind=_KINDS.get(item.kind, t.CompletionItemKind.Constant))
                 for item in found]
        return t.CompletionList(is_incomplete=False, items=items)

    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: DiosesServer, params: t.DefinitionParams) -> list[t.Location]:
        path, line, character = ls.position(params.text_document.uri, params.position)
        places = ls.guarded("go to definition", lambda: features.definitions(
            ls.cards.snapshot(), path, line, character), [])
        return [_location(ls, place) for place in places]

    @server.feature(t.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: DiosesServer, params: t.DocumentFormattingParams
                   ) -> Optional[list[t.TextEdit]]:
        path = ls.path_of(params.text_document.uri)
        snapshot = ls.cards.snapshot()
        try:
            text = features.formatted(snapshot, path)
        except DiosesError as error:  # a file with errors is never reformatted (dioses fmt)
            ls.window_show_message(t.ShowMessageParams(
                t.MessageType.Warning, f"not formatted: {len(error.diagnostics)} error(s) "
                f"to fix first ({error.diagnostics[0].concise()})"))
            return None
        original = snapshot.texts.get(path, "")
        if text == original:
            return []
        lines = original.split("\n")
        end = ls.workspace.position_codec.position_to_client_units(
            lines, t.Position(len(lines) - 1, len(lines[-1])))
        return [t.TextEdit(t.Range(t.Position(0, 0), end), text)]
