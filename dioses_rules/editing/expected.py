"""What the parser accepts at the cursor: the words completion offers.

The definition the cursor is in (from its first word to the cursor) is fed
to Lark's interactive parser, with the words the file can see, and the
terminals it would accept next are read off its state. Anything that does
not lex or parse so far gives None: the caller then offers every word.
"""

from __future__ import annotations

import re

from lark.exceptions import LarkError

from ..language.lexing import VOCABULARY, lark_parser
from ..language.vocabulary import Vocabulary
from .keywords import keywords

_SCANNED = re.compile(r'"(?:\\.|[^"\\\n])*"?|#[^\n]*|[{}]')


def definition_start(text: str) -> int:
    """Where the top-level definition that ``text`` ends in starts: after
    the last '}' that closes one (strings and comments skipped; a regular
    expression finds the braces, so a 5,000-line file costs a few ms)."""
    depth, start = 0, 0
    for found in _SCANNED.finditer(text):
        char = found.group()
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
            if depth == 0:  # a definition's end (or a stray '}', where one starts anew)
                start = found.end()
    return start


def accepted(before: str, vocabulary: Vocabulary) -> frozenset[str] | None:
    """The terminal names the parser accepts after ``before`` (the text up
    to the cursor, the word being typed left out); None if it does not parse."""
    piece = before[definition_start(before) :]
    reset = VOCABULARY.set(vocabulary)
    try:
        parser = lark_parser().parse_interactive(piece)
        parser.exhaust_lexer()
        return frozenset(parser.accepts())
    except LarkError:
        return None
    finally:
        VOCABULARY.reset(reset)


def accepted_keywords(terminals: frozenset[str]) -> set[str]:
    """The keywords among the accepted terminals (the point unit's words too)."""
    parser = lark_parser()
    words = set()
    for terminal in parser.terminals:
        if terminal.name not in terminals or terminal.name in ("NAME", "MYTH_WORD", "TYPE_WORD"):
            continue
        if terminal.pattern.type == "str":
            words.add(terminal.pattern.value)
        else:
            pattern = re.compile(terminal.pattern.to_regexp())
            words.update(word for word in keywords() if pattern.fullmatch(word))
    return words & keywords()
