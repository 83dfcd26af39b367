"""``dioses lsp`` moving around card files, over JSON-RPC in process (the
Session of tests/test_lsp.py): go to the definition in effect only (the
buffer's own pool: its set and what it requires, a workspace copy of a set
before the installed package's), references, rename and prepareRename
(refused outside the workspace), a set's outline and workspace symbols
(accents ignored)."""

from __future__ import annotations

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as t
from pygls import uris
from pygls.exceptions import JsonRpcException
from test_lsp import MOD, WINDS, Session, _find

from dioses_rules.editing.names import names
from dioses_rules.resources import cards_dir

TAGGED = MOD.replace(
    "  1 point per norse god in row\n", "  1 point per norse god in row\n  tags windy\n"
)
# the same set id elsewhere in the workspace (test fixtures): never an answer
FIXTURE = WINDS + "\n# a fixture's copy\n"


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One session for the module's tests (each opens its own file and closes it)."""
    folder = tmp_path_factory.mktemp("navigation")
    (folder / "winds.dioses").write_text(WINDS, encoding="utf-8")
    for number in range(3):
        case = folder / "tests" / f"case-{number}"
        case.mkdir(parents=True)
        (case / "winds.dioses").write_text(FIXTURE, encoding="utf-8")
    running = Session(folder)
    running.folder, running.count = folder, 0
    yield running
    running.stop()


@pytest.fixture
def workspace(shared):
    """The shared session, with ``mod`` the path of this test's own buffer."""
    shared.count += 1
    shared.mod = shared.folder / f"mod-{shared.count}.dioses"
    yield shared
    uri = uris.from_fs_path(str(shared.mod))
    if uri in shared.versions:
        shared.client.protocol.notify(
            t.TEXT_DOCUMENT_DID_CLOSE, t.DidCloseTextDocumentParams(t.TextDocumentIdentifier(uri))
        )
        # handled before the next test's didOpen (notifications are in order); its
        # file is its own, so no later wait reads the closing's publication


@pytest.fixture
def folder(shared):
    return shared.folder


def _ask(session: Session, method: str, uri: str, text: str, word: str, occurrence=0, **extra):
    line, character = _find(text, word, occurrence)
    params = {
        t.TEXT_DOCUMENT_DEFINITION: t.DefinitionParams,
        t.TEXT_DOCUMENT_REFERENCES: t.ReferenceParams,
        t.TEXT_DOCUMENT_PREPARE_RENAME: t.PrepareRenameParams,
        t.TEXT_DOCUMENT_RENAME: t.RenameParams,
    }[method]
    return session.request(method, params(**session.at(uri, line, character), **extra))


def _uri(path) -> str:
    return uris.from_fs_path(str(path.resolve()))


def test_definition_is_the_one_in_effect_never_the_fixtures_copies(workspace, folder):
    uri = workspace.open(workspace.mod, MOD)
    workspace.wait(uri)
    [found] = _ask(workspace, t.TEXT_DOCUMENT_DEFINITION, uri, MOD, "boreas")
    assert found.uri == _uri(folder / "winds.dioses") and found.range.start.line == 4
    [found] = _ask(workspace, t.TEXT_DOCUMENT_DEFINITION, uri, MOD, "winds")
    assert found.uri == _uri(folder / "winds.dioses") and found.range.start.line == 0
    [found] = _ask(workspace, t.TEXT_DOCUMENT_DEFINITION, uri, MOD, "hera")  # bundled: one
    assert found.uri == _uri(cards_dir() / "base.dioses")


def test_a_workspace_copy_of_a_bundled_set_is_where_a_jump_lands(tmp_path):
    """The repository as workspace: its cards/base.dioses, not site-packages'."""
    (tmp_path / "winds.dioses").write_text(WINDS, encoding="utf-8")
    (tmp_path / "cards").mkdir()
    base = (cards_dir() / "base.dioses").read_text(encoding="utf-8")
    (tmp_path / "cards" / "base.dioses").write_text(base, encoding="utf-8")
    session = Session(tmp_path)
    try:
        uri = session.open(tmp_path / "mod.dioses", MOD)
        session.wait(uri)
        [found] = _ask(session, t.TEXT_DOCUMENT_DEFINITION, uri, MOD, "hera")
        assert found.uri == _uri(tmp_path / "cards" / "base.dioses")
        assert base.split("\n")[found.range.start.line].startswith("god hera ")
        [found] = _ask(session, t.TEXT_DOCUMENT_DEFINITION, uri, MOD, "norse")  # declared word
        assert found.uri == _uri(tmp_path / "cards" / "base.dioses")
        assert base.split("\n")[found.range.start.line].startswith("  mythology norse ")
    finally:
        session.stop()


def test_references_follow_each_files_pool(workspace, folder):
    uri = workspace.open(workspace.mod, MOD)
    workspace.wait(uri)
    found = _ask(
        workspace,
        t.TEXT_DOCUMENT_REFERENCES,
        uri,
        MOD,
        "boreas",
        context=t.ReferenceContext(include_declaration=True),
    )
    where = sorted((r.uri, r.range.start.line) for r in found)
    assert where == sorted(
        [(_uri(folder / "winds.dioses"), 4), (uri, _find(MOD, "boreas")[0])]
    )  # not the three fixtures' own boreas
    without = _ask(
        workspace,
        t.TEXT_DOCUMENT_REFERENCES,
        uri,
        MOD,
        "boreas",
        context=t.ReferenceContext(include_declaration=False),
    )
    assert [(r.uri, r.range.start.line) for r in without] == [(uri, _find(MOD, "boreas")[0])]


def test_rename_edits_the_definition_and_every_reference_in_the_workspace(workspace, folder):
    uri = workspace.open(workspace.mod, TAGGED)
    workspace.wait(uri)
    prepared = _ask(workspace, t.TEXT_DOCUMENT_PREPARE_RENAME, uri, TAGGED, "boreas")
    assert prepared.placeholder == "boreas"
    line, _ = _find(TAGGED, "boreas")
    start = TAGGED.split("\n")[line].index("boreas")
    assert prepared.range == t.Range(t.Position(line, start), t.Position(line, start + 6))
    edit = _ask(workspace, t.TEXT_DOCUMENT_RENAME, uri, TAGGED, "boreas", new_name="north-wind")
    winds = _uri(folder / "winds.dioses")
    assert set(edit.changes) == {uri, winds}  # the fixtures' copies are theirs
    [(line, start, end)] = [
        (e.range.start.line, e.range.start.character, e.range.end.character)
        for e in edit.changes[winds]
    ]
    assert (line, WINDS.split("\n")[line][start:end]) == (4, "boreas")
    assert all(e.new_text == "north-wind" for e in edit.changes[uri])
    tag = _ask(workspace, t.TEXT_DOCUMENT_RENAME, uri, TAGGED, "windy", new_name="stormy")
    assert [len(edits) for edits in tag.changes.values()] == [1]
    mine = _ask(workspace, t.TEXT_DOCUMENT_RENAME, uri, TAGGED, "zephyr", new_name="zefiro")
    assert list(mine.changes) == [uri]


def test_a_declared_mythology_is_renamed_where_declared_and_used(workspace, folder):
    text = MOD.replace(
        "  requires base, winds\n", '  requires base, winds\n  mythology aztec "Azteca"\n'
    )
    text += 'god quetzal "Quetzal" aztec reconstructed {\n  1 point per aztec god\n}\n'
    uri = workspace.open(workspace.mod, text)
    workspace.wait(uri)
    edit = _ask(workspace, t.TEXT_DOCUMENT_RENAME, uri, text, "aztec", 2, new_name="mexica")
    [edits] = edit.changes.values()
    assert [e.range.start.line for e in edits] == [_find(text, "aztec", n)[0] for n in range(3)]


def test_rename_is_refused_outside_the_workspace_and_for_a_bad_name(workspace, folder):
    uri = workspace.open(workspace.mod, MOD)
    workspace.wait(uri)
    cases = [
        (t.TEXT_DOCUMENT_RENAME, "hera", {"new_name": "juno"}, "installed package"),
        (t.TEXT_DOCUMENT_PREPARE_RENAME, "hera", {}, "installed package"),
        (t.TEXT_DOCUMENT_RENAME, "points", {"new_name": "x"}, "nothing to rename here"),
        (t.TEXT_DOCUMENT_RENAME, "zephyr", {"new_name": "Zeph yr"}, "cannot be a name"),
        (t.TEXT_DOCUMENT_RENAME, "zephyr", {"new_name": "hera"}, "already the id"),
    ]
    for method, word, extra, why in cases:
        with pytest.raises(JsonRpcException) as refused:
            _ask(workspace, method, uri, MOD, word, **extra)
        assert refused.value.code == t.LSPErrorCodes.RequestFailed and why in str(refused.value)
    assert workspace.shown == []  # refusals are answers, not popups
    assert _ask(workspace, t.TEXT_DOCUMENT_PREPARE_RENAME, uri, MOD, "points") is None  # a keyword


def test_a_half_typed_definition_keeps_its_names():
    """What does not parse is scanned: its words, no keyword, no text, no comment."""
    text = MOD.replace("or next to boreas", 'or next to boreas iff "notus" # eurus')
    found = {(n.word, n.role) for n in names(text, "mod.dioses", None) if n.line == 6}
    assert found == {("hera", "named"), ("boreas", "named"), ("iff", "named")}
    assert ("zephyr", "named") in {(n.word, n.role) for n in names(text, "mod.dioses", None)}


def test_a_card_the_pool_does_not_define_falls_back_to_one_place_per_set(workspace, folder):
    text = MOD.replace("requires base, winds", "requires base")  # boreas: not required
    uri = workspace.open(workspace.mod, text)
    workspace.wait(uri, lambda found: bool(found))
    [found] = _ask(workspace, t.TEXT_DOCUMENT_DEFINITION, uri, text, "boreas")
    assert found.uri == _uri(folder / "winds.dioses")  # not the fixtures' three copies


def test_document_symbols_outline_the_set(workspace, folder):
    text = MOD + 'law calm "Calm" reconstructed {\n  1 point per god\n}\n'
    uri = workspace.open(workspace.mod, text)
    workspace.wait(uri)
    [root] = workspace.request(
        t.TEXT_DOCUMENT_DOCUMENT_SYMBOL, t.DocumentSymbolParams(t.TextDocumentIdentifier(uri))
    )
    assert (root.name, root.kind) == ("mymod", t.SymbolKind.Module)
    assert [(c.name, c.kind) for c in root.children] == [
        ("zephyr", t.SymbolKind.Class),
        ("calm", t.SymbolKind.Function),
    ]
    zephyr = root.children[0]
    assert zephyr.range.start == t.Position(5, 0) and zephyr.range.end.line == 8
    assert zephyr.selection_range == t.Range(t.Position(5, 4), t.Position(5, 10))
    assert zephyr.detail == "god Zephyr"
    assert root.range.start == t.Position(0, 0) and root.range.end.line == len(text.split("\n")) - 2


def test_workspace_symbols_by_id_printed_name_or_alias_accents_ignored(workspace, folder):
    uri = workspace.open(workspace.mod, MOD)
    workspace.wait(uri)

    def search(query: str) -> list[tuple[str, str]]:
        found = workspace.request(t.WORKSPACE_SYMBOL, t.WorkspaceSymbolParams(query=query))
        return [(s.name, s.container_name) for s in found]

    assert search("NÓRDICA") == search("nordica") == [("norse", "base")]  # a printed name
    assert ("troy", "base") in search("troya")  # printed Troya, id troy
    assert search("olympus thr") == [("olympus-throne", "base")]  # an alias
    assert search("zeph")[0] == ("zephyr", "mymod")
    assert search("boreas") == [("boreas", "winds")]  # once: not the fixtures' copies
