"""The language server behind ``dioses lsp``: pygls wiring only. What to
say about a file and a position is the library's (:mod:`dioses_rules.editing`);
:mod:`.lsp_session` converts positions, paths and results to the protocol's
types, :mod:`.lsp_protocol` keeps the protocol's rules.

Imported only when ``dioses lsp`` runs, and only with the ``[editors]``
extra installed (pygls)."""

from __future__ import annotations

import asyncio

from lsprotocol import types as t

from .lsp_presentation import register_presentation
from .lsp_questions import register_questions
from .lsp_session import DiosesServer, answering

# Seconds without a new edit before the files are checked again.
SETTLE = 0.15
# How often CPython lets another thread take the interpreter (its default is
# 5 ms). The workspace's full check runs in a thread while the editor types;
# each answer to a key (read, parse, reply) takes the interpreter back many
# times, and at 5 ms a handover the answers waited behind the check (median
# 106-137 ms a key on 5,000 lines, paced typing); at 0.5 ms they meet #27's
# 50 ms goal (benchmarks/lsp_completion.py), for a check a little slower.
SWITCH_INTERVAL = 0.0005


def make_server() -> DiosesServer:
    """A server with every feature registered (a new one each call: tests run several)."""
    server = DiosesServer()

    @server.feature(t.INITIALIZED)
    @answering("starting")
    def initialized(ls: DiosesServer, params: t.InitializedParams) -> None:
        ls.follow_folders()
        workspace = ls.client_capabilities.workspace
        watched = workspace.did_change_watched_files if workspace else None
        if watched and watched.dynamic_registration:  # card files changed outside the editor
            ls.client_register_capability(
                t.RegistrationParams(
                    [
                        t.Registration(
                            "dioses-card-files",
                            t.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                            t.DidChangeWatchedFilesRegistrationOptions(
                                [t.FileSystemWatcher(glob_pattern="**/*.dioses")]
                            ),
                        )
                    ]
                )
            )

    @server.feature(t.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    @answering("checking the card files")
    def folders_changed(ls: DiosesServer, params: t.DidChangeWorkspaceFoldersParams) -> None:
        ls.follow_folders()  # pygls has applied the change to its list
        ls.publish()

    @server.feature(t.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @answering("checking the card files")
    def files_changed(ls: DiosesServer, params: t.DidChangeWatchedFilesParams) -> None:
        ls.cards.saved()
        ls.publish()

    @server.feature(t.TEXT_DOCUMENT_DID_OPEN)
    @answering("checking the card files")
    def opened(ls: DiosesServer, params: t.DidOpenTextDocumentParams) -> None:
        ls.take(params.text_document.uri)
        ls.publish()

    @server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
    async def changed(ls: DiosesServer, params: t.DidChangeTextDocumentParams) -> None:
        answering("reading the change")(lambda ls, uri: ls.take(uri))(ls, params.text_document.uri)
        ls.changes += 1
        mine = ls.changes
        await asyncio.sleep(SETTLE)  # while typing, lint once the keys pause
        if mine != ls.changes:
            return
        # in a thread, so that hover and completion are answered meanwhile
        check = answering("checking the card files")(lambda ls, _: ls.cards.snapshot())
        snapshot = await asyncio.get_running_loop().run_in_executor(None, check, ls, None)
        if snapshot is not None and mine == ls.changes:
            answering("checking the card files")(lambda ls, found: ls.publish(found))(ls, snapshot)

    @server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
    @answering("checking the card files")
    def closed(ls: DiosesServer, params: t.DidCloseTextDocumentParams) -> None:
        path = ls.path_of(params.text_document.uri)
        ls.open.pop(path, None)
        ls.cards.close(path)
        ls.text_document_publish_diagnostics(
            t.PublishDiagnosticsParams(params.text_document.uri, [])
        )
        ls.publish()

    @server.feature(t.TEXT_DOCUMENT_DID_SAVE)
    @answering("checking the card files")
    def saved(ls: DiosesServer, params: t.DidSaveTextDocumentParams) -> None:
        ls.cards.saved()
        ls.publish()

    register_questions(server)
    register_presentation(server)
    return server
