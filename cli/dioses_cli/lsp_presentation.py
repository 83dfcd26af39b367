"""What ``dioses lsp`` shows of a file beyond its diagnostics: semantic
tokens (the colours of :mod:`dioses_rules.editing.tokens`, as the Pygments
lexer gives them), folding ranges and inlay hints with each Myth card's best
and worst points (:mod:`dioses_rules.verify.points`).

Tokens and folding read the buffer's newest text and the newest snapshot
built, never waiting for a check; the points are computed in a background
thread, and the editor is asked to refresh its hints when more are known.
"""

from __future__ import annotations

import asyncio
import re
import threading

from lsprotocol import types as t

from dioses_rules.editing.tokens import comment_blocks, declared_words, definition_lines, tokens
from dioses_rules.editing.workspace import Snapshot
from dioses_rules.language import model as m
from dioses_rules.verify.points import PointRanges

from .lsp_session import DiosesServer, answering

# The legend: the library's kinds as the protocol's standard token types.
TYPES = {
    "keyword": "keyword",
    "type": "type",
    "mythology": "enum",
    "definition": "class",
    "id": "class",
    "set": "namespace",
    "tag": "decorator",
    "option": "class",
    "constant": "enumMember",
    "setting": "property",
    "state": "variable",
    "number": "number",
    "string": "string",
    "comment": "comment",
}
LEGEND = t.SemanticTokensLegend(
    token_types=list(dict.fromkeys(TYPES.values())), token_modifiers=["declaration"]
)
_INDEX = {kind: LEGEND.token_types.index(name) for kind, name in TYPES.items()}


def register_presentation(server: DiosesServer) -> None:
    refresh = _Refresh(server)
    ranges = PointRanges(refresh)

    @server.feature(t.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
    async def semantic_tokens(ls: DiosesServer, params: t.SemanticTokensParams) -> t.SemanticTokens:
        path = ls.path_of(params.text_document.uri)
        snapshot = ls.view(path)  # the newest text, never waiting for its check
        # in a thread: a large file's tokens take some 100 ms, and completion
        # is answered meanwhile
        encode = answering("semantic tokens", list)(lambda ls, _: _encoded(ls, path, snapshot))
        data = await asyncio.get_running_loop().run_in_executor(None, encode, ls, None)
        return t.SemanticTokens(data=data)

    @server.feature(t.TEXT_DOCUMENT_FOLDING_RANGE)
    @answering("folding", list)
    def folding(ls: DiosesServer, params: t.FoldingRangeParams) -> list[t.FoldingRange]:
        path = ls.path_of(params.text_document.uri)
        text = ls.text(path)

        def line(number: int) -> int:
            return ls.client_position(path, number, 0, text).line

        found = [
            t.FoldingRange(line(first), line(last), kind=t.FoldingRangeKind.Region)
            for first, last in definition_lines(text)
        ] + [
            t.FoldingRange(line(first), line(last), kind=t.FoldingRangeKind.Comment)
            for first, last in comment_blocks(text)
        ]
        return sorted(found, key=lambda one: (one.start_line, one.end_line))

    @server.feature(t.TEXT_DOCUMENT_INLAY_HINT)
    @answering("inlay hints", list)
    def inlay_hints(ls: DiosesServer, params: t.InlayHintParams) -> list[t.InlayHint]:
        path = ls.path_of(params.text_document.uri)
        refresh.loop = asyncio.get_event_loop()  # the session's (this runs in it)
        snapshot, text = ls.cards.latest(), ls.text(path)
        if snapshot.texts.get(path) != text:  # checked text is older: ask again once it is not
            refresh.after_check()
        source = snapshot.source(path)
        cards = [
            d
            for d in (source.card_file.definitions if source is not None else ())
            if isinstance(d, m.MythCard) and snapshot.registry.by_id.get(("myth", d.id))
        ]
        lines = ls.lines(path, text)  # the range's lines, the library's
        low = lines.from_protocol(params.range.start.line, 0)[0]
        high = lines.from_protocol(params.range.end.line, 0)[0]
        headers = _headers(text, {card.id for card in cards}, low, high)
        shown = [card for card in cards if card.id in headers]
        known = ranges.get(snapshot.registry, shown)
        hints = []
        for card in shown:
            points = known.get(card.id)
            if points is None:
                continue
            line, end = headers[card.id]
            hints.append(
                t.InlayHint(
                    ls.client_position(path, line, end, text),
                    points.label(),
                    padding_left=True,
                    tooltip=(
                        f"{card.name}: the most and the least points this card makes in "
                        f"a full area of the pool in play; {points.how()}"
                    ),
                )
            )
        return hints


# A definition's header: its first word, its id, its quoted name.
_HEADER = re.compile(r'[ \t]*[^\W\d][\w-]*[ \t]+([^\W\d][\w-]*)[ \t]+"[^\n]*')


def _headers(text: str, ids: set[str], low: int, high: int) -> dict[str, tuple[int, int]]:
    """Card id -> (line, end of the line) of its definition's header, for
    the headers on lines ``low`` to ``high`` (0-based, the library's)."""
    found: dict[str, tuple[int, int]] = {}
    lines = text.split("\n")
    for number in range(max(low, 0), min(high, len(lines) - 1) + 1):
        match = _HEADER.match(lines[number])
        if match and match.group(1) in ids:
            found.setdefault(match.group(1), (number, len(match.group().rstrip("\r"))))
    return found


class _Refresh:
    """Asks the editor for its inlay hints again (if it can be asked), from
    any thread: when more points are known, or once the text is checked."""

    def __init__(self, server: DiosesServer) -> None:
        self.server = server
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiting = False

    def __call__(self) -> None:
        workspace = self.server.client_capabilities.workspace
        inlay = workspace.inlay_hint if workspace else None
        if inlay and inlay.refresh_support and self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.server.workspace_inlay_hint_refresh, None)

    def after_check(self) -> None:
        """Refresh once the workspace's check of the newest text is done
        (the wait is a thread's: the check is built once, whoever asks)."""
        if self._waiting:
            return
        self._waiting = True

        def wait() -> None:
            try:
                self.server.cards.snapshot()
            finally:
                self._waiting = False
            self()

        threading.Thread(target=wait, daemon=True).start()


def _encoded(ls: DiosesServer, path: str, snapshot: Snapshot) -> list[int]:
    """The file's tokens, as the protocol's relative five numbers each."""
    text = snapshot.texts.get(path, "")
    registry = snapshot.registry
    tags, ids = registry.all_tags(), {d.id for d in registry.definitions()}
    data: list[int] = []
    last_line = last_start = 0
    simple = "\r" not in text  # the library's lines are the protocol's
    lines = text.split("\n")
    for token in tokens(text, declared_words(text)):
        kind = token.kind
        if kind == "id" and token.text in tags and token.text not in ids:
            kind = "tag"
        index = _INDEX.get(kind)
        if index is None:
            continue
        value = token.text.split("\r", 1)[0]  # a comment before a \r\n
        if simple and lines[token.line].isascii():
            line, start, length = token.line, token.column, len(value)
        else:
            begin = ls.client_position(path, token.line, token.column, text)
            end = ls.client_position(path, token.line, token.column + len(value), text)
            line, start, length = begin.line, begin.character, end.character - begin.character
        data += [
            line - last_line,
            start - last_start if line == last_line else start,
            length,
            index,
            1 if token.declaration else 0,
        ]
        last_line, last_start = line, start
    return data
