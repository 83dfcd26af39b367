"""A word declared misspelt: one error at the declaration, not one per use.

A set that declares ``type creture`` and writes ``creature`` on every card
has made one mistake, in its header; each use is reported as an unknown word
(DL101, DL102, DL109) otherwise. When a file's own declared word is never
used and the words reported unknown are all close to it, those diagnostics
become one, at the declaration.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from ..errors import Diagnostic, did_you_mean
from ..language import model as m
from .sources import SourceFile

_UNKNOWN = frozenset({"DL101", "DL102", "DL109"})
_QUOTED = re.compile(r"'([^']+)'")


def merge_misdeclared(
    sources: Sequence[SourceFile], diagnostics: list[Diagnostic]
) -> list[Diagnostic]:
    """``diagnostics`` with each file's uses of a misspelt declared word
    folded into one diagnostic at its declaration."""
    by_path = {source.path: source for source in sources}
    unknown: dict[tuple[str, str], list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        if diagnostic.code in _UNKNOWN and (quoted := _QUOTED.search(diagnostic.message)):
            unknown.setdefault((diagnostic.path, quoted.group(1)), []).append(diagnostic)
    # path -> its set's declarations that declare nothing usable: never used,
    # or refused (DL116, reported); a use of a close word is part of that mistake
    candidates_of: dict[str, list[m.WordDecl]] = {}
    refused = {(d.path, d.line, d.column) for d in diagnostics if d.code == "DL116"}
    # (path, declaration) -> [(word, uses)]
    found: dict[tuple[str, m.WordDecl], list[tuple[str, list[Diagnostic]]]] = {}
    examined: dict[str, int] = {}  # path -> how many of its unknown words were compared
    for (path, word), uses in unknown.items():
        source = by_path.get(path)
        card_set = source.card_file.card_set if source is not None else None
        if source is None or card_set is None:
            continue
        if path not in candidates_of:
            written = _words(source.text)
            candidates_of[path] = [
                w
                for w in card_set.words
                if w.span
                and ((path, w.span.line, w.span.column) in refused or written.get(w.id, 0) <= 1)
            ][: MAX_CANDIDATES + 1]
        examined[path] = examined.get(path, 0) + 1
        if len(candidates_of[path]) > MAX_CANDIDATES or examined[path] > MAX_WORDS:
            continue  # a file of many broken words: its uses are reported as they are
        close = [
            w
            for w in candidates_of[path]
            if did_you_mean(word, [w.id, *([w.plural] if w.plural else []), *w.aliases])
        ]
        if len(close) == 1:
            found.setdefault((path, close[0]), []).append((word, uses))
    if not found:
        return diagnostics
    folded = {id(d) for pairs in found.values() for _, uses in pairs for d in uses}
    added = []
    for (path, declared), pairs in found.items():
        span = declared.span
        assert span is not None  # candidates are the declarations with a place
        if (path, span.line, span.column) in refused:
            continue  # its DL116 says what is wrong; the uses follow from it
        word, count = pairs[0][0], sum(len(uses) for _, uses in pairs)
        added.append(
            Diagnostic(
                "DL101" if declared.kind == "type" else "DL102",
                f"{declared.kind} '{declared.id}' is declared, but the file writes "
                f"'{word}' ({count} {'time' if count == 1 else 'times'})",
                path,
                span.line,
                span.column,
                help=f"declare '{word}' here, or write '{declared.id}' where it is used",
            )
        )
    return [d for d in diagnostics if id(d) not in folded] + added


# Quoted texts and comments, where a word is no use of a declared word.
_NOT_CODE = re.compile(r'"(?:\\.|[^"\\\n])*"|#[^\n]*')
_WORD = re.compile(r"[^\W\d][\w-]*")
# At most this many declarations of a file are compared with its unknown
# words (each comparison costs; a modder's set declares a few words).
MAX_CANDIDATES = 20
MAX_WORDS = 200


def _words(text: str) -> dict[str, int]:
    """How often each word is written in ``text`` as a word of its own
    (outside quoted texts and comments), in one pass."""
    return Counter(_WORD.findall(_NOT_CODE.sub(" ", text)))
