"""What a file's set header says, read before the file is parsed: its set
id, the sets it requires and the words it declares. The vocabulary a file can
see depends on other files' headers, so it must be known before parsing."""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import TYPE_CHECKING

from attrs import frozen

from .. import cache
from ..resources import cards_dir
from . import model as m
from .vocabulary import Vocabulary, kebab_case

if TYPE_CHECKING:  # lark is imported only when a header is lexed (not cached)
    from lark import Token


@frozen
class Header:
    """What a file's set header says before the file is parsed: its set id,
    the sets it requires and the words it declares (for the vocabulary)."""

    set_id: str | None = None
    requires: tuple[str, ...] = ()
    words: tuple[m.WordDecl, ...] = ()
    tie_break: str | None = None


def scan_header(text: str) -> Header:
    """Read a file's set header from its tokens, without parsing: the
    vocabulary a file can see must be known before it is parsed. Best effort:
    a broken header yields what was read before the break (parsing reports it).
    Kept in the cache (:mod:`dioses_rules.cache`): a cached run need not load
    the parser at all."""
    key = cache.key_of("header", text)
    found = cache.read(key)
    if isinstance(found, Header):
        return found
    header = _scan_header(text)
    cache.write(key, header)
    return header


# The words a set header's statements start with.
HEADER_WORDS = (
    "version",
    "requires",
    "replaces",
    "always",
    "expect",
    "difficulty",
    "mythology",
    "type",
    "tag",
    "tie-break",
)


def _scan_header(text: str) -> Header:
    tokens = _header_tokens(text)
    # a token's text, None for a string (a name, not a word of the header)
    values: list[str | None] = [t.value if t.type != "STRING" else None for t in tokens]
    if len(values) < 2 or values[0] != "set":
        return Header()
    requires: list[str] = []
    words: list[m.WordDecl] = []
    tie_break = None
    for index in range(len(values)):
        value = _keyword(values, tokens, index)
        if value == "requires":
            requires += _name_list(values, index + 1)
        elif value in ("mythology", "type") and index + 1 < len(values) and values[index + 1]:
            words.append(_declared(value, values, index, tokens))
        elif value == "tie-break" and index + 1 < len(values):
            tie_break = values[index + 1]
    return Header(values[1], tuple(requires), tuple(words), tie_break)


def _keyword(values: list[str | None], tokens: list[Token], index: int) -> str | None:
    """The header word a statement starts with at ``index``, read through a
    misspelling ("tipe creature", "require base"): the parser reports the
    word once, and what the statement declares is still known, so its later
    uses are not reported again. None for a token that starts nothing."""
    value = values[index]
    if value in HEADER_WORDS or value is None or index < 3:
        return value
    before = values[index - 1]
    line_before, line = tokens[index - 1].line, tokens[index].line
    # lark types a token's line Optional (for tokens made by hand); a lexed one has it
    assert line_before is not None and line is not None
    starts = before in ("{", ";") or line_before < line
    if not starts or before in ("plural", "symbol"):
        return None
    close = difflib.get_close_matches(value, HEADER_WORDS, n=1, cutoff=0.6)
    if not close:
        return None
    if close[0] in ("mythology", "type"):  # the shape of a declaration: WORD ID "Name"
        shaped = index + 2 < len(values) and values[index + 1] and values[index + 2] is None
        return close[0] if shaped else None
    return close[0]


def _header_tokens(text: str) -> list[Token]:
    """The tokens of the set header, to its closing ``}`` (or to the ``{`` of
    the next definition, when it is never closed). A character that does not
    lex is stepped over: one mistake in the header must not hide the words
    it declares after it (each later use would be reported again)."""
    from lark.exceptions import LarkError, UnexpectedCharacters  # only when not cached

    from .lexing import lark_parser

    tokens: list[Token] = []
    offset, opened = 0, 0
    for _ in range(50):  # at most this many characters stepped over
        try:
            for token in lark_parser().lex(text[offset:]):
                tokens.append(token)
                if len(tokens) == 1 and (token.type == "STRING" or token.value != "set"):
                    return tokens  # no set header: lex no further
                if token.type != "STRING" and token.value == "}":
                    return tokens  # the header's end
                if token.type != "STRING" and token.value == "{":
                    opened += 1
                    if opened > 1:
                        return tokens  # a header never closed
            return tokens
        except UnexpectedCharacters as error:
            # typed Optional on lark's base class; a lexer's error always has it
            assert error.pos_in_stream is not None
            offset += error.pos_in_stream + 1
        except LarkError:
            return tokens
    return tokens


def _name_list(values: list[str | None], start: int) -> list[str]:
    names: list[str] = []
    while start < len(values):
        name = values[start]
        if not name or name in (",", "}"):
            break
        names.append(name)
        if start + 1 < len(values) and values[start + 1] == ",":
            start += 2
        else:
            break
    return names


def _declared(kind: str, values: list[str | None], index: int, tokens: list[Token]) -> m.WordDecl:
    options: dict[str, str | None] = {}
    spanish: list[tuple[str, str, str]] = []
    for at in range(index + 2, len(values) - 1):
        word = values[at]
        if word in ("plural", "symbol") and values[at + 1]:
            options[word] = values[at + 1]
        elif (
            word in ("masculine", "feminine")
            and at + 2 < len(values)
            and values[at + 1] is None
            and values[at + 2] is None
        ):
            spanish.append((word, _text(tokens[at + 1]), _text(tokens[at + 2])))
        elif word in ("}", ";") or _keyword(values, tokens, at) in HEADER_WORDS:
            break
    name = (
        _text(tokens[index + 2])
        if index + 2 < len(tokens) and tokens[index + 2].type == "STRING"
        else ""
    )
    word_id = values[index + 1]
    assert word_id is not None  # the caller read a word after the kind
    return m.WordDecl(
        kind,
        kebab_case(word_id) or word_id,  # as the builder reads it (DL106)
        name,
        plural=options.get("plural"),
        symbol=options.get("symbol"),
        spanish=tuple(spanish),
    )


def _text(token: Token) -> str:
    """A STRING token's text, without its quotes (escapes kept: best effort)."""
    return str(token)[1:-1]


@lru_cache(maxsize=1)
def bundled_headers() -> tuple[Header, ...]:
    """The headers of the bundled card files, read once."""
    return tuple(
        scan_header(path.read_text(encoding="utf-8"))
        for path in sorted(cards_dir().glob("*.dioses"))
    )


def bundled_vocabulary() -> Vocabulary:
    """The words the bundled sets declare: what a snippet of card text parsed
    on its own (``build(text)`` with no vocabulary) can see."""
    return Vocabulary([word for header in bundled_headers() for word in header.words])


def bundled_tie_break() -> str | None:
    """R16: the type whose cards break ties in the bundled sets (a board
    built by hand, with no card pool behind it, is scored with it)."""
    return next((h.tie_break for h in bundled_headers() if h.tie_break), None)
