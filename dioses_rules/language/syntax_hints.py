"""Hints for syntax errors: how the card language says a natural phrasing
("adjacent to" -> "next to"), and labelled bad snippets matched against the
parser's state."""

from __future__ import annotations

import re

from lark.exceptions import LarkError, UnexpectedToken

from .lexing import lark_parser

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
_PHRASES = [
    (re.compile(r"(?<![\w-])(?:" + pattern + r")(?![\w-])"), replacement)
    for pattern, replacement in PHRASES
]


# How far around an error a natural phrasing is looked for (a phrase is short;
# looking along a whole 1 MB line for each error would not be).
_PHRASE_WINDOW = 120


def phrasing_hint(text: str, position: int) -> tuple[int, str, str] | None:
    """(start, phrase, how the language says it) for a natural phrasing that
    ends at or just after ``position`` on its line; None if there is none."""
    line_start = text.rfind("\n", max(0, position - _PHRASE_WINDOW), position) + 1
    line_start = max(line_start, position - _PHRASE_WINDOW)
    line_end = text.find("\n", position, position + _PHRASE_WINDOW)
    line = text[line_start : line_end if line_end >= 0 else position + _PHRASE_WINDOW]
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
    'a card\'s header is: TYPE ID "Name" MYTHOLOGY [PROVENANCE] {': [
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
BY_EXPECTED = {
    frozenset({"_POINT_WORD"}): "a scoring line needs 'points' (or 'p') after the number",
    frozenset({"LBRACE"}): "a header ends with '{' (a card's: TYPE ID \"Name\" MYTHOLOGY "
    "[PROVENANCE] {)",
}


def label(error: UnexpectedToken) -> str | None:
    try:
        return error.match_examples(lark_parser().parse, _EXAMPLES, use_accepts=True)
    except (LarkError, TypeError):
        # TypeError: Lark 1.3's match_examples formats a ParserState with "%d"
        # in a debug message when an example's state matches but its accepted
        # tokens differ; a syntax error must not crash on that.
        return None
