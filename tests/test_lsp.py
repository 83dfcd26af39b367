"""``dioses lsp`` over real JSON-RPC messages, in process: a pygls client and
our server joined by two pipes, each on its own thread (how pygls tests its
own servers, tests/ls_setup.py there). Diagnostics are the linter's, with
codes and help; hover shows a card's English text, provenance and the
rulings its comments cite; completion, definitions across sets and the
workspace, formatting as ``dioses fmt``; and no half-typed file ends the
session."""

from __future__ import annotations

import os
import random
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as t
from pygls import uris
from pygls.lsp.server import LanguageServer

from dioses_cli.lsp_server import make_server
from dioses_rules.language.format import format_text
from dioses_rules.resources import cards_dir

TIMEOUT = 30

WINDS = """set winds "Winds" {
  requires base
}

god boreas "Boreas" greek reconstructed {
  2 points if in back row
}
"""

MOD = """set mymod "My mod" {
  requires base, winds
}

# R10 and R16: citations the hover lists.
god zephyr "Zephyr" greek reconstructed {
  2 points if next to hera or next to boreas
  1 point per norse god in row
}
"""


class Session:
    """A client and our server over os pipes, initialized on a workspace folder."""

    def __init__(self, folder: Path, capabilities: t.ClientCapabilities | None = None):
        to_server, from_client = os.pipe()
        to_client, from_server = os.pipe()
        self.server = make_server()
        self.client = LanguageServer("test-client", "1")
        self.diagnostics: dict[str, list[t.Diagnostic]] = {}
        self.publications = 0
        self.logs: list[str] = []
        self.shown: list[str] = []  # popups: none of ours is one
        self.changed = threading.Condition()

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(ls, params: t.PublishDiagnosticsParams) -> None:
            with self.changed:
                self.publications += 1
                self.diagnostics[params.uri] = params.diagnostics
                self.changed.notify_all()

        self.registrations: list[t.Registration] = []

        @self.client.feature(t.CLIENT_REGISTER_CAPABILITY)
        def registered(ls, params: t.RegistrationParams) -> None:
            self.registrations += params.registrations

        @self.client.feature(t.WINDOW_LOG_MESSAGE)
        def logged(ls, params: t.LogMessageParams) -> None:
            self.logs.append(params.message)

        @self.client.feature(t.WINDOW_SHOW_MESSAGE)
        def shown(ls, params: t.ShowMessageParams) -> None:
            self.shown.append(params.message)

        self.threads = [
            threading.Thread(
                target=self.server.start_io,
                daemon=True,
                args=(os.fdopen(to_server, "rb"), os.fdopen(from_server, "wb")),
            ),
            threading.Thread(
                target=self.client.start_io,
                daemon=True,
                args=(os.fdopen(to_client, "rb"), os.fdopen(from_client, "wb")),
            ),
        ]
        for thread in self.threads:
            thread.start()
        folder_uri = uris.from_fs_path(str(folder))
        result = self.request(
            t.INITIALIZE,
            t.InitializeParams(
                capabilities=capabilities or t.ClientCapabilities(),
                process_id=os.getpid(),
                root_uri=folder_uri,
                workspace_folders=[t.WorkspaceFolder(folder_uri, "mods")],
            ),
        )
        assert result.capabilities.hover_provider and result.capabilities.definition_provider
        self.client.protocol.notify(t.INITIALIZED, t.InitializedParams())
        self.versions: dict[str, int] = {}

    def request(self, method: str, params):
        return self.client.protocol.send_request(method, params).result(timeout=TIMEOUT)

    def open(self, path: Path, text: str) -> str:
        uri = uris.from_fs_path(str(path))
        self.versions[uri] = 1
        self.client.protocol.notify(
            t.TEXT_DOCUMENT_DID_OPEN,
            t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, "dioses", 1, text)),
        )
        return uri

    def change(self, uri: str, text: str) -> None:
        self.versions[uri] += 1
        self.client.protocol.notify(
            t.TEXT_DOCUMENT_DID_CHANGE,
            t.DidChangeTextDocumentParams(
                t.VersionedTextDocumentIdentifier(self.versions[uri], uri),
                [t.TextDocumentContentChangeWholeDocument(text)],
            ),
        )

    def wait(self, uri: str, check=lambda found: True) -> list[t.Diagnostic]:
        """The diagnostics of ``uri`` once a publication passes ``check``."""
        with self.changed:
            assert self.changed.wait_for(
                lambda: uri in self.diagnostics and check(self.diagnostics[uri]), timeout=TIMEOUT
            ), f"no such diagnostics for {uri}: {self.diagnostics.get(uri)}"
            return list(self.diagnostics.pop(uri))

    def at(self, uri: str, line: int, character: int) -> dict:
        return {
            "text_document": t.TextDocumentIdentifier(uri),
            "position": t.Position(line, character),
        }

    def stop(self) -> None:
        self.request(t.SHUTDOWN, None)
        self.client.protocol.notify(t.EXIT, None)
        self.threads[0].join(TIMEOUT)
        self.client._stop_event.set()
        assert not self.threads[0].is_alive()
        assert not [log for log in self.logs if "a bug" in log], self.logs
        assert self.shown == []


@pytest.fixture
def session(tmp_path):
    (tmp_path / "winds.dioses").write_text(WINDS, encoding="utf-8")
    running = Session(tmp_path)
    yield running
    running.stop()


def _find(text: str, word: str, occurrence: int = 0) -> tuple[int, int]:
    """(line, character) of the middle of ``word``'s n-th occurrence."""
    lines = text.split("\n")
    seen = 0
    for number, line in enumerate(lines):
        start = line.find(word)
        while start >= 0:
            if seen == occurrence:
                return number, start + len(word) // 2
            seen += 1
            start = line.find(word, start + 1)
    raise AssertionError(f"{word!r} not in the text")


def test_the_linters_diagnostics_come_with_codes_and_help_and_go_when_fixed(session, tmp_path):
    bad = MOD.replace("next to hera", "next to herra")
    uri = session.open(tmp_path / "mod.dioses", bad)
    found = session.wait(uri, lambda found: bool(found))
    assert [d.code for d in found] == ["DL109"]
    line, _ = _find(bad, "herra")
    assert found[0].range == t.Range(t.Position(line, 22), t.Position(line, 27))
    assert "unknown card id or tag 'herra'" in found[0].message
    assert "help: did you mean 'hera'" in found[0].message
    assert found[0].severity == t.DiagnosticSeverity.Error and found[0].source == "dioses-lint"
    session.change(uri, MOD)
    assert session.wait(uri) == []


def test_a_burst_of_keystrokes_is_checked_once_the_keys_pause(session, tmp_path):
    uri = session.open(tmp_path / "mod.dioses", MOD)
    session.wait(uri)
    before = session.publications
    for end in range(len("next to herr"), len("next to her") - 1, -1):
        session.change(uri, MOD.replace("next to hera", "next to herra"[:end]))
    session.change(uri, MOD)
    assert session.wait(uri) == []
    time.sleep(1)
    assert session.publications == before + 1


def test_a_syntax_error_is_one_located_diagnostic(session, tmp_path):
    uri = session.open(tmp_path / "mod.dioses", MOD.replace("2 points if", "2 points iff"))
    found = session.wait(uri, lambda found: bool(found))
    assert found and all(d.code.startswith("DL") for d in found)
    assert found[0].range.start.line == _find(MOD, "2 points if")[0]


def test_hover_shows_english_text_provenance_and_rulings(session, tmp_path):
    uri = session.open(tmp_path / "mod.dioses", MOD)
    session.wait(uri)
    header = session.request(t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, 5, 1)))
    text = header.contents.value
    assert "**Zephyr** `zephyr` - god, Greek - set `mymod`" in text
    assert "Provenance: reconstructed" in text and "Rulings cited: R10, R16" in text
    line, character = _find(MOD, "hera")
    bundled = session.request(
        t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, line, character))
    ).contents.value
    assert "**Hera** `hera` - god, Greek - set `base`" in bundled
    assert "Provenance: printed" in bundled and "Egyptian" in bundled
    line, character = _find(MOD, "norse")
    word = session.request(t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, line, character)))
    # the mythology, as card text reads the word (not the objective element of that id)
    assert word.contents.value == (
        "mythology `norse`: Nórdica (Norse), plural norse, symbol square - declared by set `base`"
    )
    line, character = _find(MOD, "base")
    word = session.request(t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, line, character)))
    assert word.contents.value == "set `base`: Dioses!"


def test_completion_offers_keywords_declared_words_and_card_ids(session, tmp_path):
    text = MOD.replace("next to boreas", "next to bor")
    uri = session.open(tmp_path / "mod.dioses", text)
    session.wait(uri)
    line, _ = _find(text, "next to bor")
    end = text.split("\n")[line].index("bor") + 3
    found = session.request(
        t.TEXT_DOCUMENT_COMPLETION, t.CompletionParams(**session.at(uri, line, end))
    )
    assert [(i.label, i.kind) for i in found.items] == [("boreas", t.CompletionItemKind.Class)]
    line, _ = _find(text, "next to hera")
    start = text.split("\n")[line].index("next to hera")
    labels = {
        i.label: i.kind
        for i in session.request(
            t.TEXT_DOCUMENT_COMPLETION, t.CompletionParams(**session.at(uri, line, start + 1))
        ).items
    }
    assert labels["next"] == labels["not"] == labels["no"] == t.CompletionItemKind.Keyword
    assert labels["norse"] == t.CompletionItemKind.EnumMember  # declared by base
    assert labels["nephthys"] == t.CompletionItemKind.Class  # a bundled Myth card
    assert all(label.startswith("n") for label in labels)
    assert "neighbours" not in labels  # a scope: the parser does not accept one after 'if'


def test_completion_offers_what_the_parser_accepts_there(session, tmp_path):
    text = 'set mymod "My mod" {\n  re\n}\n\ngod zephyr "Zephyr" greek reconstructed {\n  2 \n}\n'
    uri = session.open(tmp_path / "mod.dioses", text)
    session.wait(uri)

    def labels(line: int, character: int) -> set[str]:
        return {
            i.label
            for i in session.request(
                t.TEXT_DOCUMENT_COMPLETION, t.CompletionParams(**session.at(uri, line, character))
            ).items
        }

    assert labels(1, 4) == {"replaces", "requires"}  # set header items only
    assert labels(5, 4) == {"point", "points"}  # a number's unit
    assert {"version", "requires", "tie-break", "mythology"} <= labels(1, 2)
    assert not {"next", "hera", "greek"} & labels(1, 2)
    broken = text.replace("  2 \n", "  2 points iff next to \n")  # no parse: every word
    session.change(uri, broken)
    session.wait(uri)
    assert {"next", "hera", "greek"} <= labels(5, len("  2 points iff next to "))
    session.change(uri, broken.replace("next to \n", "next to ver\n"))  # past the first 200
    session.wait(uri)
    assert "version" in labels(5, len("  2 points iff next to ver"))


def test_definition_finds_bundled_cards_and_workspace_files(session, tmp_path):
    uri = session.open(tmp_path / "mod.dioses", MOD)
    session.wait(uri)
    line, character = _find(MOD, "hera")
    [found] = session.request(
        t.TEXT_DOCUMENT_DEFINITION, t.DefinitionParams(**session.at(uri, line, character))
    )
    base = (cards_dir() / "base.dioses").resolve()
    assert found.uri == uris.from_fs_path(str(base))
    lines = base.read_text(encoding="utf-8").split("\n")
    assert lines[found.range.start.line].startswith("god hera ")
    assert (found.range.start.character, found.range.end.character) == (4, 8)
    line, character = _find(MOD, "boreas")
    [found] = session.request(
        t.TEXT_DOCUMENT_DEFINITION, t.DefinitionParams(**session.at(uri, line, character))
    )
    assert found.uri == uris.from_fs_path(str((tmp_path / "winds.dioses").resolve()))
    assert found.range.start.line == 4
    line, character = _find(MOD, "winds")
    [found] = session.request(
        t.TEXT_DOCUMENT_DEFINITION, t.DefinitionParams(**session.at(uri, line, character))
    )
    assert found.range.start.line == 0 and found.uri.endswith("winds.dioses")


def test_formatting_is_dioses_fmt_and_leaves_a_broken_file_alone(session, tmp_path):
    messy = MOD.replace("  2 points if", "2    points  if").replace("\n}\n", "}\n")
    uri = session.open(tmp_path / "mod.dioses", messy)
    session.wait(uri)
    [edit] = session.request(
        t.TEXT_DOCUMENT_FORMATTING,
        t.DocumentFormattingParams(t.TextDocumentIdentifier(uri), t.FormattingOptions(2, True)),
    )
    assert edit.new_text == format_text(messy, str(tmp_path / "mod.dioses")) != messy
    assert edit.range.start == t.Position(0, 0)
    session.change(uri, MOD.replace("next to hera", "next to"))
    session.wait(uri, lambda found: bool(found))
    assert (
        session.request(
            t.TEXT_DOCUMENT_FORMATTING,
            t.DocumentFormattingParams(t.TextDocumentIdentifier(uri), t.FormattingOptions(2, True)),
        )
        is None
    )
    assert any(log.startswith("dioses lsp: not formatted: ") for log in session.logs)


def test_no_half_typed_file_ends_the_session(session, tmp_path):
    """Truncations of a bundled file, fed as didChange: each is answered with
    diagnostics, hover and completion, and no request fails."""
    text = (cards_dir() / "aun-mas-divinos.dioses").read_text(encoding="utf-8")
    uri = session.open(tmp_path / "copy.dioses", text)
    session.wait(uri)
    cuts = sorted(random.Random(14).sample(range(1, len(text)), 12)) + [len(text) // 2 + 1]
    for cut in cuts:
        partial = text[:cut]
        session.change(uri, partial)
        session.wait(uri)
        lines = partial.split("\n")
        end = session.at(uri, len(lines) - 1, len(lines[-1]))
        session.request(t.TEXT_DOCUMENT_HOVER, t.HoverParams(**end))
        assert isinstance(
            session.request(t.TEXT_DOCUMENT_COMPLETION, t.CompletionParams(**end)), t.CompletionList
        )
        session.request(t.TEXT_DOCUMENT_DEFINITION, t.DefinitionParams(**end))
    session.change(uri, text)
    assert [d for d in session.wait(uri) if d.severity == t.DiagnosticSeverity.Error] == []


def test_positions_are_in_the_editors_utf16_units(session, tmp_path):
    """Past a character outside the Basic Multilingual Plane, the editor's
    column (UTF-16) is one more than the character index."""
    text = MOD.replace('"Zephyr" greek', '"Zephyr \U0001f32c" greek')
    uri = session.open(tmp_path / "mod.dioses", text.replace("next to hera", "next to herra"))
    line = text.split("\n").index(next(x for x in text.split("\n") if "\U0001f32c" in x))
    index = text.split("\n")[line].index("greek")
    found = session.request(
        t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, line, index + 1 + 2))
    )
    assert found.range == t.Range(t.Position(line, index + 1), t.Position(line, index + 6))
    assert found.contents.value.startswith("mythology `greek`")
    session.wait(uri, lambda found: bool(found))


GUSTS = (
    'set gusts "Gusts" {\n  requires winds\n}\n\ngod notus "Notus" greek reconstructed {\n'
    "  2 points if next to boreas\n}\n"
)


def test_card_files_changed_outside_the_editor_are_read_again(tmp_path):
    watching = t.ClientCapabilities(
        workspace=t.WorkspaceClientCapabilities(
            did_change_watched_files=t.DidChangeWatchedFilesClientCapabilities(
                dynamic_registration=True
            )
        )
    )
    (tmp_path / "winds.dioses").write_text(WINDS, encoding="utf-8")
    session = Session(tmp_path, watching)
    try:
        text = MOD.replace("requires base, winds", "requires base, gusts")
        uri = session.open(tmp_path / "mod.dioses", text)
        assert "DL203" in {d.code for d in session.wait(uri, lambda found: bool(found))}
        [registration] = session.registrations
        assert registration.method == t.WORKSPACE_DID_CHANGE_WATCHED_FILES
        assert registration.register_options["watchers"] == [{"globPattern": "**/*.dioses"}]
        gusts = tmp_path / "gusts.dioses"
        gusts.write_text(GUSTS, encoding="utf-8")
        session.client.protocol.notify(
            t.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            t.DidChangeWatchedFilesParams(
                [t.FileEvent(uris.from_fs_path(str(gusts)), t.FileChangeType.Created)]
            ),
        )
        assert session.wait(uri) == []
    finally:
        session.stop()


def test_a_workspace_folder_added_brings_its_sets(session, tmp_path):
    text = MOD.replace("requires base, winds", "requires base, gusts")
    uri = session.open(tmp_path / "mod.dioses", text)
    assert "DL203" in {d.code for d in session.wait(uri, lambda found: bool(found))}
    assert session.registrations == []  # this client watches no files for the server
    other = tmp_path.parent / (tmp_path.name + "-other")
    other.mkdir()
    (other / "gusts.dioses").write_text(GUSTS, encoding="utf-8")
    folder = t.WorkspaceFolder(uris.from_fs_path(str(other)), "other")
    session.client.protocol.notify(
        t.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS,
        t.DidChangeWorkspaceFoldersParams(
            t.WorkspaceFoldersChangeEvent(added=[folder], removed=[])
        ),
    )
    assert session.wait(uri) == []


def test_code_actions_offer_the_helps_fixes_and_a_fix_all(session, tmp_path):
    text = (
        MOD.replace("next to hera", "adjacent to hera")
        + '\ngod Big_One "Big" greek reconstructed {\n  1 point\n}\n'
    )
    uri = session.open(tmp_path / "mod.dioses", text)
    found = session.wait(uri, lambda found: bool(found))
    assert [d.code for d in found] == ["DL001", "DL106"]  # the phrasing; the id

    def actions(line: int, only=None) -> list[t.CodeAction]:
        return session.request(
            t.TEXT_DOCUMENT_CODE_ACTION,
            t.CodeActionParams(
                t.TextDocumentIdentifier(uri),
                t.Range(t.Position(line, 0), t.Position(line, 99)),
                t.CodeActionContext(diagnostics=[], only=only),
            ),
        )

    line, _ = _find(text, "adjacent to")
    quick = [a for a in actions(line) if a.kind == t.CodeActionKind.QuickFix]
    [fix] = quick
    assert fix.title == "Write 'next to'" and fix.is_preferred
    assert [d.code for d in fix.diagnostics] == ["DL001"]
    start = text.split("\n")[line].index("adjacent to")
    assert list(fix.edit.changes[uri]) == [
        t.TextEdit(
            t.Range(t.Position(line, start), t.Position(line, start + len("adjacent to"))),
            "next to",
        )
    ]
    [everything] = actions(0, only=[t.CodeActionKind.Source])
    assert everything.kind == "source.fixAll.dioses"
    assert [e.new_text for e in everything.edit.changes[uri]] == ["next to", "big-one"]
    session.change(uri, text.replace("adjacent to", "next to").replace("Big_One", "big-one"))
    session.wait(uri, lambda found: True)
    assert not actions(0, only=[t.CodeActionKind.QuickFix])


def test_completion_replaces_the_whole_word_an_id_with_dashes_too(session, tmp_path):
    """#27: 'geb-a' completes to 'geb-and-nut' (an editor's word ends at the
    '-'); the item's textEdit covers the word, in the editor's units."""
    text = MOD.replace("next to boreas", "next to geb-a")
    uri = session.open(tmp_path / "mod.dioses", text)
    session.wait(uri, lambda found: True)
    capabilities = session.server.server_capabilities.completion_provider
    assert {" ", "-"} <= set(capabilities.trigger_characters)
    line, _ = _find(text, "geb-a")
    start = text.split("\n")[line].index("geb-a")
    found = session.request(
        t.TEXT_DOCUMENT_COMPLETION, t.CompletionParams(**session.at(uri, line, start + 4))
    )
    [item] = found.items
    assert item.label == "geb-and-nut" and item.kind == t.CompletionItemKind.Class
    assert item.text_edit == t.TextEdit(
        t.Range(t.Position(line, start), t.Position(line, start + 5)), "geb-and-nut"
    )
    law = session.request(
        t.TEXT_DOCUMENT_COMPLETION, t.CompletionParams(**session.at(uri, line, start))
    )  # after 'next to ': cards, not laws
    labels = {i.label for i in law.items}
    assert "hera" in labels and not {"only-gods", "no-greeks", "power-of-ra"} & labels
