"""The card language's keywords, read from the grammar itself (its terminals,
as Lark compiled them), so that highlighting and completion never drift from
what the parser accepts."""

from __future__ import annotations

import re
from functools import lru_cache

from ..language.lexing import lark_parser

# Terminals that are not keywords even where they could match a word.
_NOT_KEYWORDS = frozenset(["NAME", "MYTH_WORD", "TYPE_WORD", "STRING", "COMMENT", "WS"])


@lru_cache(maxsize=1)
def _terminals() -> tuple[frozenset[str], tuple[re.Pattern[str], ...], re.Pattern[str]]:
    """(the keywords the grammar spells out, the other terminals that may
    match a word such as the point unit 'p', the NAME terminal)."""
    terminals = lark_parser().terminals
    # lark's terminals are untyped: their regular expressions are str
    name: re.Pattern[str] = next(
        re.compile(t.pattern.to_regexp()) for t in terminals if t.name == "NAME"
    )
    words = frozenset(
        t.pattern.value
        for t in terminals
        if t.pattern.type == "str"
        and name.fullmatch(t.pattern.value)
        and any(char.isalpha() for char in t.pattern.value)
    )  # not the '_' cell
    patterns = tuple(
        re.compile(t.pattern.to_regexp())
        for t in terminals
        if t.pattern.type == "re" and t.name not in _NOT_KEYWORDS
    )
    return words, patterns, name


def keywords() -> frozenset[str]:
    """Every keyword the grammar spells out ('if', 'face-up', 'tie-break')."""
    return _terminals()[0]


def is_keyword(word: str) -> bool:
    """A keyword of the grammar, or a word another of its terminals reads
    (the 'p' of '2p')."""
    words, patterns, name = _terminals()
    return word in words or (
        name.fullmatch(word) is not None and any(pattern.fullmatch(word) for pattern in patterns)
    )


def name_pattern() -> str:
    """The regular expression of a name (ids, tags, declared words, keywords)."""
    return _terminals()[2].pattern
