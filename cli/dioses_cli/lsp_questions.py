"""The requests ``dioses lsp`` answers about a position or a file: hover,
completion, code actions, formatting (moving around: :mod:`.lsp_navigation`). What to say is the library's
(:mod:`dioses_rules.editing.features`); this converts to the protocol's types."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lsprotocol import types as t

from dioses_rules.editing import features
from dioses_rules.editing import hover as hovering
from dioses_rules.editing.completion import completions
from dioses_rules.editing.fixes import Edit, fix_all, fixes_for
from dioses_rules.errors import DiosesError

from .lsp_navigation import register_navigation
from .lsp_session import DiosesServer, _diagnostic, answering

FIX_ALL = "source.fixAll.dioses"
# Completion items in one answer: a mod of thousands of cards would send
# thousands after 'next to '; the list says it is incomplete, so the editor
# asks again as the word grows.
MAX_ITEMS = 200

_KINDS = {
    "keyword": t.CompletionItemKind.Keyword,
    "mythology": t.CompletionItemKind.EnumMember,
    "type": t.CompletionItemKind.TypeParameter,
    "set": t.CompletionItemKind.Module,
    "tag": t.CompletionItemKind.Value,
    "myth": t.CompletionItemKind.Class,
    "rule-option": t.CompletionItemKind.Property,
    "setting": t.CompletionItemKind.Property,
    "row": t.CompletionItemKind.EnumMember,
    "difficulty": t.CompletionItemKind.EnumMember,
    "value": t.CompletionItemKind.Value,
    "kind": t.CompletionItemKind.Keyword,
    "provenance": t.CompletionItemKind.Keyword,
}


def register_questions(server: DiosesServer) -> None:
    @server.feature(t.TEXT_DOCUMENT_HOVER)
    @answering("hover")
    def hover(ls: DiosesServer, params: t.HoverParams) -> t.Hover | None:
        path, line, character = ls.position(params.text_document.uri, params.position)
        snapshot = ls.view(path)
        text = hovering.hover(snapshot, path, line, character)
        if not text:
            return None
        word = features.word_at(snapshot.texts.get(path, ""), line, character)
        where = ls.client_range(path, line, word[1], word[2]) if word else None
        return t.Hover(t.MarkupContent(t.MarkupKind.Markdown, text), where)

    # a space starts the next word (after 'next to ', the cards); '-' goes on in an id
    @server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=[" ", "-"]))
    @answering("completion", lambda: t.CompletionList(is_incomplete=False, items=[]))
    def complete(ls: DiosesServer, params: t.CompletionParams) -> t.CompletionList:
        path, line, character = ls.position(params.text_document.uri, params.position)
        found = completions(ls.view(path), path, line, character)
        shown = found[:MAX_ITEMS]  # more: the editor asks again as the word grows
        return t.CompletionList(
            is_incomplete=len(found) > len(shown),
            items=[
                t.CompletionItem(
                    item.label,
                    detail=item.detail,
                    filter_text=item.label,
                    kind=_KINDS.get(item.kind, t.CompletionItemKind.Constant),
                    text_edit=t.TextEdit(ls.client_range(path, *item.replace), item.label)
                    if item.replace
                    else None,
                )
                for item in shown
            ],
        )

    register_code_actions(server)
    register_formatting(server)
    register_navigation(server)


def register_code_actions(server: DiosesServer) -> None:
    """Quick fixes from the diagnostics' help, and a fix-all of a file."""

    @server.feature(
        t.TEXT_DOCUMENT_CODE_ACTION,
        t.CodeActionOptions(code_action_kinds=[t.CodeActionKind.QuickFix, FIX_ALL]),
    )
    @answering("code actions", list)
    def code_actions(ls: DiosesServer, params: t.CodeActionParams) -> list[t.CodeAction]:
        uri = params.text_document.uri
        path = ls.path_of(uri)
        snapshot = ls.cards.snapshot()
        text, found = snapshot.texts.get(path, ""), snapshot.diagnostics.get(path, [])
        only = params.context.only
        actions = []
        if _wanted(only, t.CodeActionKind.QuickFix):
            for diagnostic in found:
                shown = _diagnostic(ls, path, text, diagnostic, snapshot)
                if not _meets(shown.range, params.range):
                    continue
                actions += [
                    t.CodeAction(
                        fix.title,
                        kind=t.CodeActionKind.QuickFix,
                        diagnostics=[shown],
                        is_preferred=fix.only,
                        edit=_edit(ls, uri, path, fix.edits, text),
                    )
                    for fix in fixes_for(text, diagnostic)
                ]
        edits = fix_all(text, found) if _wanted(only, FIX_ALL) else []
        if edits:
            actions.append(
                t.CodeAction(
                    f"Fix all: {len(edits)} dioses-lint fix(es) of one choice",
                    kind=FIX_ALL,
                    edit=_edit(ls, uri, path, edits, text),
                )
            )
        return actions


def register_formatting(server: DiosesServer) -> None:
    """Formatting as ``dioses fmt``."""

    @server.feature(t.TEXT_DOCUMENT_FORMATTING)
    @answering("formatting")
    def formatting(ls: DiosesServer, params: t.DocumentFormattingParams) -> list[t.TextEdit] | None:
        path = ls.path_of(params.text_document.uri)
        snapshot = ls.cards.snapshot()
        try:
            text = features.formatted(snapshot, path)
        except DiosesError as error:  # a file with errors is never reformatted (dioses fmt)
            ls.log(
                t.MessageType.Info,
                f"dioses lsp: not formatted: {len(error.diagnostics)} "
                f"error(s) to fix first ({error.diagnostics[0].concise()})",
            )
            return None  # the diagnostics say why; no popup at every format-on-save
        original = snapshot.texts.get(path, "")
        if text == original:
            return []
        lines = ls.lines(path, original)
        end = ls.client_position(path, *lines.from_protocol(len(lines.protocol), 0), original)
        return [t.TextEdit(t.Range(t.Position(0, 0), end), text)]


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """A code action of ``kind`` is wanted under the client's ``only`` filter."""
    return not only or any(kind == one or kind.startswith(one + ".") for one in only)


def _meets(one: t.Range, other: t.Range) -> bool:
    def at(position: t.Position) -> tuple[int, int]:
        return position.line, position.character

    return at(one.start) <= at(other.end) and at(other.start) <= at(one.end)


def _edit(
    ls: DiosesServer, uri: str, path: str, edits: Iterable[Edit], text: str
) -> t.WorkspaceEdit:
    return t.WorkspaceEdit(
        changes={
            uri: [
                t.TextEdit(
                    ls.client_range(path, edit.place.line, edit.place.start, edit.place.end, text),
                    edit.new_text,
                )
                for edit in edits
            ]
        }
    )
