"""The Lark parser of the card language and its lexing: built once (LALR,
positions propagated) behind an ``lru_cache``, its tables kept in our own
checked cache (:mod:`dioses_rules.cache`; never Lark's own, which trusts
whatever file it finds). Mythologies and card types are declared by sets, not by the
grammar: each parse runs with the :class:`Vocabulary` its file can see
(:data:`VOCABULARY`), and a post-lexer turns those words into MYTH_WORD and
TYPE_WORD tokens.
"""

from __future__ import annotations

import contextvars
import io
from collections.abc import Iterable, Iterator
from functools import lru_cache

import lark
from lark import Lark, Token
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lark import PostLex

from .. import cache
from ..resources import grammar_dir
from .vocabulary import Vocabulary

# A Vocabulary is not changed after __init__ (merged() makes a new one), so
# one empty vocabulary is the default for every parse that sets none.
NO_WORDS = Vocabulary()
VOCABULARY: contextvars.ContextVar[Vocabulary] = contextvars.ContextVar(
    "dioses_vocabulary", default=NO_WORDS
)


class _DeclaredWords(PostLex):
    """Turns a NAME that the file's vocabulary declares into MYTH_WORD or TYPE_WORD."""

    always_accept = ("NAME",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        kinds = VOCABULARY.get().kinds
        for token in stream:
            if token.type == "NAME":
                found = kinds.get(token.value)
                if found is not None:
                    kind = "MYTH_WORD" if found[0] == "mythology" else "TYPE_WORD"
                    token = Token.new_borrow_pos(kind, token.value, token)
            yield token


def declared_word_in_a_keywords_place(error: UnexpectedInput) -> bool:
    """Lark's on_error: a declared word the lexer read as a keyword where the
    parser wants a mythology or a type ("place" is the setup keyword and the
    base game's type; the LALR states after ';' or a list are shared, so the
    contextual lexer may offer the keyword there): feed it as the word."""
    if not isinstance(error, UnexpectedToken) or error.token.type in ("NAME", "$END"):
        return False
    found = VOCABULARY.get().kinds.get(str(error.token))
    if found is None:
        return False
    kind = "MYTH_WORD" if found[0] == "mythology" else "TYPE_WORD"
    if kind not in error.expected:
        return False
    error.interactive_parser.feed_token(Token.new_borrow_pos(kind, str(error.token), error.token))
    return True


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    key = cache.key_of("parser", lark.__version__)
    saved = cache.read(key)
    if isinstance(saved, bytes):
        try:
            return Lark.load(io.BytesIO(saved))
        except Exception:  # noqa: BLE001 (tables we cannot load, whatever the cause, are no tables: build them)
            pass
    parser = Lark.open(
        str(grammar_dir() / "dioses.lark"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
        postlex=_DeclaredWords(),
    )
    if cache.cache_dir() is not None:
        tables = io.BytesIO()
        parser.save(tables)
        cache.write(key, tables.getvalue())
    return parser


def readable_terminal(name: str) -> str:
    """A terminal as a reader knows it: 'if', a name, a number."""
    for terminal in lark_parser().terminals:
        if terminal.name == name:
            if terminal.pattern.type == "str":
                return f"'{terminal.pattern.value}'"
            break
    return {
        "NAME": "a name",
        "INT": "a number",
        "SIGNED_INT": "a number",
        "COLUMN_NUMBER": "a column number",
        "VERSION_NUMBER": "a version number",
        "_POINT_WORD": "'points' (or 'p')",
        "STRING": 'a quoted "text"',
        "MYTH_WORD": "a mythology",
        "TYPE_WORD": "a card type",
        "$END": "the end of the file",
    }.get(name, name.lower())


def keyword_values(names: Iterable[str]) -> list[str]:
    """The words the expected terminals stand for, declared words included."""
    by_name = {t.name: t for t in lark_parser().terminals}
    vocabulary = VOCABULARY.get()
    words = []
    for name in names:
        terminal = by_name.get(name)
        if terminal is not None and terminal.pattern.type == "str":
            words.append(terminal.pattern.value)
        elif name in ("MYTH_WORD", "TYPE_WORD"):
            kind = "mythology" if name == "MYTH_WORD" else "type"
            words += [word for word, (k, _) in vocabulary.kinds.items() if k == kind]
    return words


@lru_cache(maxsize=1)
def grammar_words() -> frozenset[str]:
    """Every word the grammar spells out ('face-up' and 'tie-break' too)."""
    return frozenset(
        t.pattern.value
        for t in lark_parser().terminals
        if t.pattern.type == "str" and t.pattern.value.replace("-", "").isalpha()
    )


def all_words() -> frozenset[str]:
    """The grammar's words and the words of the vocabulary in use."""
    return grammar_words() | frozenset(VOCABULARY.get().kinds)
