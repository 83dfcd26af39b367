"""Every token of a card file, classed by what it is where it stands: the one
reading that the Pygments lexer (:mod:`.highlight`), the language server's
semantic tokens and its hover share, so that colours never disagree.

A word is classed by its position, as the grammar reads it (grammar/dioses.lark):

- the word that opens a definition (``god``, ``law``), then its id
  (``definition``), whatever the id's spelling (``pattern row ...``);
- a word the file's set or the bundled sets declare: ``mythology``,
  ``type`` (``place`` is the base game's type, though a setup's ``place`` is
  a statement too), declared in a set header (``declaration``);
- rows (``in back row``, ``at front 2``), difficulties (``difficulty easy 2
  points``, ``draw a hard pattern``, a pattern's header), a setting's value
  (``set solo on``) and a word's symbol: ``constant``;
- a setting's name: ``setting``; a scenario's state and decks (``the
  fairest``, ``aside hera as fairest``): ``state``;
- the items of ``requires`` (``set``), ``replaces`` (``id``), ``tags``
  (``tag``), ``mode``/``always`` (``option``), ``separate``, ``aside``,
  ``lock`` (``id``): ids there even where a keyword is spelt so;
- another keyword of the grammar (:mod:`.keywords`): ``keyword``;
- any other name: ``id`` (a card id or a tag; the server tells them apart
  with the registry).

It reads text only (a regular expression and the braces), so a broken file
is classed too, and a 5,000-line file costs some tens of milliseconds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from ..language.headers import bundled_headers, scan_header
from ..language.vocabulary import DEFINITIONS
from .keywords import is_keyword, name_pattern

# A quoted text, as the grammar's STRING reads it (an unclosed one is an error).
STRING = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
_SCAN = re.compile(
    r"(?P<space>[ \t\f\r\n]+)|(?P<comment>#[^\n]*)|(?P<string>"
    + STRING
    + r")|(?P<number>-?[0-9]+)|(?P<name>"
    + name_pattern().replace("(", "(?:")
    + r")|(?P<punctuation>[{}|;,():])|(?P<error>.)",
    re.DOTALL,
)
_BRACES = re.compile(r'"(?:\\.|[^"\\\n])*"?|#[^\n]*|[{}]')
# What folding reads: texts and comments (skipped whole), line ends, braces, words.
_FOLDED = re.compile(r'"(?:\\.|[^"\\\n])*"?|#[^\n]*|\n|[{}]|[^\s{}"#]+')
# The words whose items, up to the last comma-joined one, are ids: kind of item.
_LISTS = {
    "requires": "set",
    "replaces": "id",
    "tags": "tag",
    "mode": "option",
    "always": "option",
    "separate": "id",
    "aside": "id",
    "lock": "id",
}
_AMOUNT = frozenset(["a", "an"])


class Token(NamedTuple):
    """One token: its offset in the text, its line and column (0-based,
    lines at \\n), its text and what it is (a tuple: a large file has a
    hundred thousand)."""

    start: int
    line: int
    column: int
    text: str
    kind: str  # "keyword", "mythology", "type", "definition", "id", "set", "tag", ...
    declaration: bool = False  # the place that defines the word

    @property
    def end(self) -> int:
        return self.start + len(self.text)


def declared_words(text: str) -> dict[str, str]:
    """Word or plural -> "mythology" or "type", for every word this file's
    header and the bundled sets declare."""
    found: dict[str, str] = {}
    for header in [*bundled_headers(), scan_header(text)]:
        for word in header.words:
            for form in (word.id, word.plural):
                if form:
                    found[form] = word.kind
    return found


def scan(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, str, str]]:
    """(offset, group, text) of every token from ``start`` (to ``end``),
    whitespace included."""
    found = _SCAN.finditer(text, start) if end is None else _SCAN.finditer(text, start, end)
    return [(one.start(), one.lastgroup or "", one.group()) for one in found]


def definition_end(text: str, start: int) -> int:
    """Where the top-level definition starting at ``start`` ends: after the
    '}' that closes it (strings and comments skipped), or the text's end."""
    depth = 0
    for found in _BRACES.finditer(text, start):
        char = found.group()
        if char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                return found.end()
    return len(text)


def tokens(
    text: str,
    declared: dict[str, str] | None = None,
    start: int = 0,
    line: int = 0,
    end: int | None = None,
) -> list[Token]:
    """Every token but whitespace from ``start`` (the start of a definition,
    at 0-based ``line``) to ``end``, classed. ``declared``: :func:`declared_words`."""
    declared = declared_words(text) if declared is None else declared
    scanned = [item for item in scan(text, start, end) if item[1] != "space"]
    significant = [i for i, item in enumerate(scanned) if item[1] != "comment"]
    kinds = _Classes(declared).run([scanned[i] for i in significant])
    found, last = [], start
    classed = dict(zip(significant, kinds, strict=True))
    for index, (offset, _, value) in enumerate(scanned):
        line += text.count("\n", last, offset)
        last = offset
        column = offset - (text.rfind("\n", 0, offset) + 1)
        kind, declaration = classed.get(index, ("comment", False))
        found.append(Token(offset, line, column, value, kind, declaration))
    return found


class _Classes:
    """What each significant token is, read left to right with the few
    tokens before it (and the one after)."""

    def __init__(self, declared: dict[str, str]) -> None:
        self.declared = declared

    def run(self, scanned: list[tuple[int, str, str]]) -> list[tuple[str, bool]]:
        texts = [value for _, _, value in scanned]
        out: list[tuple[str, bool]] = []
        depth, names, opener, after_string, declaring = 0, 0, "", False, ""
        listing, expecting = "", False
        for index, (_, group, value) in enumerate(scanned):
            back = (
                texts[index - 1] if index > 0 else "",
                texts[index - 2] if index > 1 else "",
            )
            after = texts[index + 1] if index + 1 < len(texts) else ""
            kind, declaration = group, False
            if group == "name" and listing and expecting:
                kind = listing  # an item of 'requires', 'tags', ...
            elif group == "punctuation":
                if value == "{":
                    depth += 1
                elif value == "}" and depth:
                    depth -= 1
                    if depth == 0:
                        names, opener, after_string = 0, "", False
            elif group == "string":
                after_string = after_string or depth == 0
            elif group == "name" and value == "_":
                kind = "punctuation"  # a Pattern card's empty cell
            elif group == "name" and depth == 0:
                names += 1
                opener = value if names == 1 else opener
                kind, declaration = self._header(value, names, opener, after_string)
            elif group == "name":
                kind, declaration, declaring = self._body(value, back, after, opener, declaring)
            if listing and expecting and group == "name":
                expecting = False
            elif listing and value == "," and not expecting:
                expecting = True
            else:
                listing, expecting = "", False
            if group == "name" and kind == "keyword" and value in _LISTS and depth:
                listing, expecting = _LISTS[value], True
            out.append((kind, declaration))
        return out

    def _header(self, value: str, names: int, opener: str, after_string: bool) -> tuple[str, bool]:
        declared = self.declared.get(value)
        if names == 1:  # 'god', 'law', a mod's own type
            if value in DEFINITIONS or (is_keyword(value) and not declared):
                return "keyword", False
            return "type", False  # a declared type, or one DL101 reports
        if names == 2:  # the id defined; a set's is a set id
            return ("set" if opener == "set" else "definition"), True
        if declared == "mythology":
            return "mythology", False
        if is_keyword(value):
            return "keyword", False
        # a pattern's difficulty (its provenance is a keyword); an unknown mythology
        return ("constant" if opener == "pattern" and after_string else "id"), False

    def _body(
        self, value: str, back: tuple[str, str], after: str, opener: str, declaring: str
    ) -> tuple[str, bool, str]:
        """(kind, declaration, the kind a set header's word is declaring)."""
        previous, before = back[0], back[1]
        if opener == "set" and previous in ("mythology", "type"):
            return previous, True, previous
        if opener == "set" and previous == "plural" and declaring:
            return declaring, True, declaring
        declared = self.declared.get(value)
        if declared:  # card text reads a declared word as one ('place' too)
            return declared, False, declaring
        if previous == "like" and before == "scores":
            return "id", False, declaring
        if opener == "option" and before == "set":
            return "constant", False, declaring  # a setting's value ('always' too)
        if before == "expect" and _number(previous):
            return "constant", False, declaring  # a definition kind
        if is_keyword(value):
            return "keyword", False, declaring
        if (previous == "in" and after == "row") or (previous == "at" and _number(after)):
            return "constant", False, declaring  # a row
        if previous == "difficulty" or (
            before == "draw" and (previous in _AMOUNT or _number(previous))
        ):
            return "constant", False, declaring  # a difficulty
        if opener == "option" and previous == "set":
            return "setting", False, declaring
        if opener == "set" and previous == "symbol":
            return "constant", False, declaring  # a word's symbol
        if previous == "the" or (previous == "of" and before == "top"):
            return "state", False, declaring
        if previous == "as":
            return "state", True, declaring  # 'aside hera as fairest', '... as drawn'
        return "id", False, declaring


def _number(text: str) -> bool:
    return text.isdigit()


def definition_lines(text: str) -> Iterable[tuple[int, int]]:
    """(first line, last line), 0-based, of every top-level definition (from
    its first word) and of every block inside one (``setup { ... }``) that
    spans lines; a block never closed is not folded."""
    opened: list[int] = []  # the line each open block starts on
    line, first = 0, None
    for found in _FOLDED.finditer(text):
        value = found.group()
        if value == "\n":
            line += 1
            continue
        if value[0] == "#":
            continue
        if first is None:
            first = line  # a definition's first word
        if value == "{":
            opened.append(first if not opened else line)
        elif value == "}" and opened:
            begin = opened.pop()
            if line > begin:
                yield begin, line
            if not opened:
                first = None


def comment_blocks(text: str) -> Iterable[tuple[int, int]]:
    """(first line, last line) of every run of two or more lines that hold
    only a comment."""
    run_start = None
    lines = text.split("\n")
    for number, content in enumerate([*lines, ""]):
        if content.lstrip().startswith("#"):
            run_start = number if run_start is None else run_start
            continue
        if run_start is not None and number - 1 > run_start:
            yield run_start, number - 1
        run_start = None
