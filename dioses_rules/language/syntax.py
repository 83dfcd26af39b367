"""Syntax errors a modder can act on: one diagnostic per mistake, where it is.

- :func:`structure_problems` looks at a file's shape before it is parsed: a
  string never closed on its line (DL005) and a ``{`` never closed (DL002)
  are reported where they open, and the definition holding them is set aside
  so that it brings no other error.
- :func:`syntax_diagnostic` turns a Lark error into a diagnostic: the word
  that was not understood, what was expected, and a hint from a misspelling,
  a natural phrasing the language says otherwise ("adjacent to" -> "next to")
  or a labelled bad snippet.
"""

from __future__ import annotations

import re
from typing import Optional

from lark.exceptions import (LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput,
                             UnexpectedToken)

from ..errors import Diagnostic, did_you_mean
from .lexing import all_words, keyword_values, lark_parser, readable_terminal
from .vocabulary import DEFINITIONS, PROVENANCES

# A definition's header line: a keyword, an id and a quoted name (a scenario
# has its number before the name), or a Myth card's type, id and name.
HEADER = re.compile(
    r"^(?:(?:" + "|".join(d for d in DEFINITIONS if d != "scenario") + r")[ \t]+\S+[ \t]+\""
    r"|scenario[ \t]+\S+[ \t]+\d+[ \t]+\""
    r"|[^\W\d][\w-]*[ \t]+[^\s\"]+[ \t]+\")", re.MULTILINE)


def definition_starts(text: str) -> list[int]:
    return [match.start() for match in HEADER.finditer(text)]


def definition_region(starts: list[int], position: int, length: int) -> tuple[int, int]:
    """The definition holding ``position``: from its header to the next one."""
    start = max((s for s in starts if s <= position), default=0)
    end = min((s for s in starts if s > position), default=length)
    return start, end


def _at(text: str, position: int) -> tuple[int, int]:
    """1-based (line, column) of a character position."""
    return text.count("\n", 0, position) + 1, position - (text.rfind("\n", 0, position) + 1) + 1


def structure_problems(text: str, path: str) -> tuple[list[Diagnostic], list[tuple[int, int]]]:
    """Unterminated strings and unclosed braces, each reported once where it
    opens; returns the diagnostics and the regions (definitions) holding them."""
    starts = definition_starts(text)
    header_at = set(starts)
    diagnostics: list[Diagnostic] = []
    regions: list[tuple[int, int]] = []
    opened: list[int] = []  # positions of '{' not closed yet
    index, length = 0, len(text)

    def unclosed(until: int) -> None:
        brace = opened[0]
        line, column = _at(text, brace)
        diagnostics.append(Diagnostic(
            "DL002", "this '{' is never closed", path, line, column,
            help="add the '}' that ends this definition"))
        regions.append((definition_region(starts, brace, length)[0], until))
        opened.clear()

    while index < length:
        char = text[index]
        if index in header_at and opened:
            unclosed(index)
        if char == "#":
            index = text.find("\n", index)
            index = length if index < 0 else index
            continue
        if char == '"':
            end = _string_end(text, index)
            if end is None:
                line, column = _at(text, index)
                diagnostics.append(Diagnostic(
                    "DL005", "this string is never closed", path, line, column,
                    help='end it with \'"\' on the same line (write \\" for a quote inside)'))
                regions.append(definition_region(starts, index, length))
                opened.clear()
                index = regions[-1][1]
                continue
            index = end + 1
            continue
        if char == "{":
            opened.append(index)
        elif char == "}" and opened:
            opened.pop()
        index += 1
    if opened:
        unclosed(length)
    return diagnostics, regions


def _string_end(text: str, start: int) -> Optional[int]:
    """The position of the quote that closes the string opened at ``start``,
    or None when the line ends first."""
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if char == '"':
            return index
        if char == "\n":
            return None
        index += 1
    return None


# ---------------------------------------------------------------------- phrasings

# What a modder naturally writes, and how the card language says it.
PHRASES: tuple[tuple[str, str], ...] = (
    (r"adjacent\s+to", "next to"),
    (r"beside", "next to"),
    (r"next\s+to\s+the", "next to"),
    (r"near(?:\s+to)?", "close to"),
    (r"on\s+top\s+of", "above"),
    (r"underneath|beneath|under", "below"),
    (r"to\s+the\s+left\s+of", "left of"),
    (r"to\s+the\s+right\s+of", "right of"),
    (r"diagonally\s+(?:to|from)|diagonal\s+from", "diagonal to"),
    (r"in\s+the\s+(front|central|back)\s+row", r"in \1 row"),
    (r"in\s+(?:the|its)\s+(row|column|area)", r"in \1"),
    (r"in\s+the\s+same\s+(row|column)\s+as", r"in same \1 as"),
    (r"for\s+(?:every|each)|each", "per"),
    (r"pts?", "points"),
    (r"\bgives?\s+(\d+)", r"\1 points"),
)
_PHRASES = [(re.compile(r"(?<![\w-])(?:" + pattern + r")(?![\w-])"), replacement)
            for pattern, replacement in PHRASES]


def phrasing_hint(text: str, position: int) -> Optional[tuple[int, str, str]]:
    """(start, phrase, how the language says it) for a natural phrasing that
    ends at or just after ``position`` on its line; None if there is none."""
    line_start = text.rfind("\n", 0, position) + 1
    line_end = text.find("\n", position)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    offset = position - line_start
    for pattern, replacement in _PHRASES:
        for match in pattern.finditer(line):
            if match.start() <= offset <= match.end() + 1:
                return line_start + match.start(), match.group(0), match.expand(replacement)
    return None


# Labelled bad snippets: a syntax error whose parser state matches one of
# these gets the label as its help (Lark's match_examples).
_EXAMPLES = {
    "a scoring line needs 'points' (or 'p') after the number": [
        'god a "A" greek printed { 2 if next to greek }',
        'god a "A" greek printed { 2 per god }',
    ],
    "a card's header is: TYPE ID \"Name\" MYTHOLOGY [PROVENANCE] {": [
        'god a "A" {',
    ],
    "names and texts are written in double quotes": [
        "god a A greek printed {",
        "law a A printed {",
    ],
    "a card id goes after the definition keyword": [
        'god "A" greek printed {',
    ],
    "'not', 'and' and 'or' between selectors need parentheses, e.g. 'next to (greek or norse)'": [
        'god a "A" greek printed { 2 points if next to not greek }',
    ],
}


# A hint from what alone was expected, whatever the parser state.
_BY_EXPECTED = {
    frozenset({"_POINT_WORD"}): "a scoring line needs 'points' (or 'p') after the number",
    frozenset({"LBRACE"}): "a header ends with '{' (a card's: TYPE ID \"Name\" MYTHOLOGY "
                           "[PROVENANCE] {)",
}


def _expected_text(expected) -> str:
    items = sorted({readable_terminal(name) for name in expected})
    if len(items) > 12:
        items = items[:12] + ["..."]
    return ", ".join(items)


def _end_of_file(text: str, path: str, expected) -> Diagnostic:
    lines = text.splitlines() or [""]
    message = "unexpected end of file"
    if expected:
        message += f"; expected {_expected_text(expected)}"
    return Diagnostic("DL002", message, path, len(lines), len(lines[-1]) + 1,
                      help="is a closing '}' missing?")


def syntax_diagnostic(error: UnexpectedInput, text: str, path: str) -> Diagnostic:
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else "?"
        message = f"unexpected character {char!r}"
        if error.allowed:
            message += f"; expected {_expected_text(error.allowed)}"
        return Diagnostic("DL001", message, path, error.line or 0, error.column or 0)
    if isinstance(error, UnexpectedEOF) or error.token.type == "$END":
        return _end_of_file(text, path, getattr(error, "expected", None))
    return _unexpected_token(error, text, path)


def _unexpected_token(error: UnexpectedToken, text: str, path: str) -> Diagnostic:
    token = error.token
    line, column = error.line, error.column
    message, help_text = f"unexpected {str(token)!r}", None
    phrase = phrasing_hint(text, token.start_pos)
    if phrase is not None:
        start, words, better = phrase
        line, column = _at(text, start)
        return Diagnostic("DL001", f"'{words}' is not how the card language says it", path,
                          line, column, help=f"write '{better}'")
    if (suggestion := did_you_mean(str(token), keyword_values(error.expected))):
        help_text = suggestion
    else:
        # "nxt to greek": the misspelt word was taken for a card name and the
        # error surfaces one word later; look back at it (on the same line).
        window = text[max(0, token.start_pos - 80):token.start_pos]
        before = re.search(r"([^\W\d][\w-]*)\s*$", window)
        if before and before.group(1) in ("not", "and", "or"):
            help_text = ("'not', 'and' and 'or' between selectors need parentheses, "
                         "e.g. 'next to (not greek)'")
        elif before and before.group(1) not in all_words() | set(PROVENANCES):
            guess = did_you_mean(before.group(1), all_words())
            if guess:
                line, column = _at(text, token.start_pos - len(window) + before.start(1))
                message = f"unexpected {before.group(1)!r} {str(token)!r}"
                help_text = guess
    message += f"; expected {_expected_text(error.expected)}"
    if help_text is None:
        help_text = _BY_EXPECTED.get(frozenset(error.expected)) or _label(error)
    return Diagnostic("DL001", message, path, line or 0, column or 0, help=help_text)


def _label(error: UnexpectedToken) -> Optional[str]:
    try:
        return error.match_examples(lark_parser().parse, _EXAMPLES, use_accepts=True)
    except (LarkError, TypeError):
        # TypeError: Lark 1.3's match_examples formats a ParserState with "%d"
        # in a debug message when an example's state matches but its accepted
        # tokens differ; a syntax error must not crash on that.
        return None
