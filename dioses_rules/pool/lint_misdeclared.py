"""A word declared misspelt: one error at the declaration, not one per use.

A set that declares ``type creture`` and writes ``creature`` on every card
has made one mistake, in its header; each use is reported as an unknown word
(DL101, DL102, DL109) otherwise. When a file's own declared word is never
used and the words reported unknown are all close to it, those diagnostics
become one, at the declaration.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import Diagnostic, did_you_mean
from .sources import SourceFile

_UNKNOWN = frozenset({"DL101", "DL102", "DL109"})
_QUOTED = re.compile(r"'([^']+)'")


def merge_misdeclared(sources: Sequence[SourceFile], diagnostics: list[Diagnostic]) -> list:
    """``diagnostics`` with each file's uses of a misspelt declared word
    folded into one diagnostic at its declaration."""
    by_path = {source.path: source for source in sources}
    unknown: dict[tuple[str, str], list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        if diagnostic.code in _UNKNOWN and (found := _QUOTED.search(diagnostic.message)):
            unknown.setdefault((diagnostic.path, found.group(1)), []).append(diagnostic)
    unused_of: dict[str, list] = {}  # path -> its set's declared words never used
    found: dict[tuple[str, object], list] = {}  # (path, declaration) -> [(word, uses)]
    for (path, word), uses in unknown.items():
        source = by_path.get(path)
        card_set = source.card_file.card_set if source is not None else None
        if card_set is None:
            continue
        if path not in unused_of:
            unused_of[path] = [
                w for w in card_set.words if w.span and _uses(source.text, w.id) <= 1
            ]
        close = [w for w in unused_of[path] if did_you_mean(word, [w.id, w.plural or w.id])]
        if len(close) == 1:
            found.setdefault((path, close[0]), []).append((word, uses))
    if not found:
        return diagnostics
    folded = {id(d) for pairs in found.values() for _, uses in pairs for d in uses}
    added = []
    for (path, declared), pairs in found.items():
        word, count = pairs[0][0], sum(len(uses) for _, uses in pairs)
        added.append(
            Diagnostic(
                "DL101" if declared.kind == "type" else "DL102",
                f"{declared.kind} '{declared.id}' is declared, but the file writes "
                f"'{word}' ({count} {'time' if count == 1 else 'times'})",
                path,
                declared.span.line,
                declared.span.column,
                help=f"declare '{word}' here, or write '{declared.id}' where it is used",
            )
        )
    return [d for d in diagnostics if id(d) not in folded] + added


# Quoted texts and comments, where a word is no use of a declared word.
_NOT_CODE = re.compile(r'"(?:\\.|[^"\\\n])*"|#[^\n]*')


def _uses(text: str, word: str) -> int:
    """How often ``word`` is written in ``text`` as a word of its own
    (outside quoted texts and comments)."""
    code = _NOT_CODE.sub(" ", text)
    return len(re.findall(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", code))
