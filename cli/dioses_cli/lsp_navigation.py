"""The requests ``dioses lsp`` answers to move around the card files: go
to the definition in effect, references, rename (with prepareRename),
document symbols (a set's outline) and workspace symbols. What to answer is
the library's (:mod:`dioses_rules.editing.navigation`,
:mod:`dioses_rules.editing.symbols`); this converts to the protocol's types.
A rename that is refused is answered with the protocol's RequestFailed
(-32803) and the reason, which the editor shows."""

from __future__ import annotations

from lsprotocol import types as t
from pygls.exceptions import JsonRpcException

from dioses_rules.editing.features import Place
from dioses_rules.editing.navigation import Files, Refused
from dioses_rules.editing.symbols import Symbol, document_symbols, workspace_symbols

from .lsp_session import DiosesServer, answering

_SYMBOL_KINDS = {
    "set": t.SymbolKind.Module,
    "mythology": t.SymbolKind.EnumMember,
    "type": t.SymbolKind.TypeParameter,
    "myth": t.SymbolKind.Class,
    "law": t.SymbolKind.Function,
    "pattern": t.SymbolKind.Struct,
    "objective-goal": t.SymbolKind.Event,
    "objective-element": t.SymbolKind.Constant,
    "power": t.SymbolKind.Method,
    "rule-option": t.SymbolKind.Property,
    "scenario": t.SymbolKind.Namespace,
}


def files_of(ls: DiosesServer) -> Files:
    """The session's card files as checked now, with the pools they load with."""
    return Files(ls.cards.snapshot(), ls.cards.bundled_paths(), ls.cards.folders, ls.open)


def _range(ls: DiosesServer, files: Files, place: Place) -> t.Range:
    text = files.snapshot.texts.get(place.path)
    return ls.client_range(place.path, place.line, place.start, place.end, text)


def _location(ls: DiosesServer, files: Files, place: Place) -> t.Location:
    return t.Location(ls.uri_of(place.path), _range(ls, files, place))


def _refused(error: Refused) -> JsonRpcException:
    return JsonRpcException(code=t.LSPErrorCodes.RequestFailed, message=f"dioses lsp: {error}")


def register_navigation(server: DiosesServer) -> None:
    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
    @answering("go to definition", list)
    def definition(ls: DiosesServer, params: t.DefinitionParams) -> list[t.Location]:
        path, line, character = ls.position(params.text_document.uri, params.position)
        files = files_of(ls)
        return [_location(ls, files, place) for place in files.definitions(path, line, character)]

    @server.feature(t.TEXT_DOCUMENT_REFERENCES)
    @answering("references", list)
    def references(ls: DiosesServer, params: t.ReferenceParams) -> list[t.Location]:
        path, line, character = ls.position(params.text_document.uri, params.position)
        files = files_of(ls)
        found = files.target_at(path, line, character)
        if found is None:
            return []
        name, target = found
        places = files.references(target, name.word)
        if not params.context.include_declaration:
            defined = files.place_of(target, name.word)
            places = [place for place in places if place != defined]
        return [_location(ls, files, place) for place in places]

    @server.feature(t.TEXT_DOCUMENT_PREPARE_RENAME)
    @answering("prepare rename")
    def prepare_rename(
        ls: DiosesServer, params: t.PrepareRenameParams
    ) -> t.PrepareRenamePlaceholder | None:
        path, line, character = ls.position(params.text_document.uri, params.position)
        files = files_of(ls)
        if files.target_at(path, line, character) is None:
            return None  # no name here: the protocol's "not valid at this position"
        try:
            name, _ = files.renamed(path, line, character)
        except Refused as error:  # a name, but not one to rename: say why
            raise _refused(error) from None
        where = Place(path, name.line, name.start, name.end)
        return t.PrepareRenamePlaceholder(_range(ls, files, where), name.word)

    @server.feature(t.TEXT_DOCUMENT_RENAME, t.RenameOptions(prepare_provider=True))
    @answering("rename")
    def rename(ls: DiosesServer, params: t.RenameParams) -> t.WorkspaceEdit:
        path, line, character = ls.position(params.text_document.uri, params.position)
        files = files_of(ls)
        try:
            edits = files.rename(path, line, character, params.new_name)
        except Refused as error:
            raise _refused(error) from None
        return t.WorkspaceEdit(
            changes={
                ls.uri_of(where): [
                    t.TextEdit(_range(ls, files, edit.place), edit.new_text) for edit in found
                ]
                for where, found in edits.items()
            }
        )

    @server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @answering("document symbols", list)
    def symbols(ls: DiosesServer, params: t.DocumentSymbolParams) -> list[t.DocumentSymbol]:
        files = files_of(ls)
        path = ls.path_of(params.text_document.uri)
        return [_document_symbol(ls, files, symbol) for symbol in document_symbols(files, path)]

    @server.feature(t.WORKSPACE_SYMBOL)
    @answering("workspace symbols", list)
    def search(ls: DiosesServer, params: t.WorkspaceSymbolParams) -> list[t.SymbolInformation]:
        files = files_of(ls)
        return [
            t.SymbolInformation(
                name=symbol.name,
                kind=_SYMBOL_KINDS.get(symbol.kind, t.SymbolKind.Object),
                location=_location(ls, files, symbol.place),
                container_name=symbol.container or None,
            )
            for symbol in workspace_symbols(files, params.query)
        ]


def _document_symbol(ls: DiosesServer, files: Files, symbol: Symbol) -> t.DocumentSymbol:
    text = files.snapshot.texts.get(symbol.place.path)
    line, character, end_line, end_character = symbol.whole
    start = ls.client_position(symbol.place.path, line, character, text)
    end = ls.client_position(symbol.place.path, end_line, end_character, text)
    return t.DocumentSymbol(
        symbol.name,
        _SYMBOL_KINDS.get(symbol.kind, t.SymbolKind.Object),
        t.Range(start, end),
        _range(ls, files, symbol.place),
        detail=symbol.detail,
        children=[_document_symbol(ls, files, child) for child in symbol.children],
    )
