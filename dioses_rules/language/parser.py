"""Text -> Lark parse tree, with friendly syntax errors.

Parsing knows nothing of scoring. The parser is built once (LALR, positions
propagated) behind an ``lru_cache``; no Lark grammar cache is written to disk.
Mythologies and card types are declared by sets, not by the grammar: each
parse is given the :class:`Vocabulary` its file can see, and a post-lexer
turns those words into MYTH_WORD and TYPE_WORD tokens.
"""

from __future__ import annotations

import contextvars
import re
from functools import lru_cache
from typing import Iterator, Optional

from attrs import frozen
from lark import Lark, Token, Tree
from lark.lark import PostLex
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from ..errors import Diagnostic, did_you_mean
from ..resources import cards_dir, grammar_dir
from . import model as m
from .vocabulary import DEFINITIONS, Vocabulary

# A definition starts with a keyword, or (a Myth card) with two words and a
# quoted name: "god hera "Hera"".
_DEFINITION_START = re.compile(
    r"^(?:(?:" + "|".join(DEFINITIONS) + r")\b|[A-Za-z_][\w-]*[ \t]+[A-Za-z_][\w-]*[ \t]+\")",
    re.MULTILINE)

_VOCABULARY: contextvars.ContextVar[Vocabulary] = contextvars.ContextVar(
    "dioses_vocabulary", default=Vocabulary())


class _DeclaredWords(PostLex):
    """Turns a NAME that the file's vocabulary declares into MYTH_WORD or TYPE_WORD."""

    always_accept = ("NAME",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        kinds = _VOCABULARY.get().kinds
        for token in stream:
            if token.type == "NAME":
                found = kinds.get(token.value)
                if found is not None:
                    kind = "MYTH_WORD" if found[0] == "mythology" else "TYPE_WORD"
                    token = Token.new_borrow_pos(kind, token.value, token)
            yield token


def _declared_word_in_a_keywords_place(error: UnexpectedInput) -> bool:
    """Lark's on_error: a declared word the lexer read as a keyword where the
    parser wants a mythology or a type ("place" is the setup keyword and the
    base game's type; the LALR states after ';' or a list are shared, so the
    contextual lexer may offer the keyword there): feed it as the word."""
    if not isinstance(error, UnexpectedToken) or error.token.type in ("NAME", "$END"):
        return False
    found = _VOCABULARY.get().kinds.get(str(error.token))
    if found is None:
        return False
    kind = "MYTH_WORD" if found[0] == "mythology" else "TYPE_WORD"
    if kind not in error.expected:
        return False
    error.interactive_parser.feed_token(Token.new_borrow_pos(kind, str(error.token), error.token))
    return True


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    return Lark.open(
        str(grammar_dir() / "dioses.lark"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
        postlex=_DeclaredWords(),
    )


# ---------------------------------------------------------------------- declarations


@frozen
class Header:
    """What a file's set header says before the file is parsed: its set id,
    the sets it requires and the words it declares (for the vocabulary)."""

    set_id: Optional[str] = None
    requires: tuple[str, ...] = ()
    words: tuple[m.WordDecl, ...] = ()
    tie_break: Optional[str] = None


def scan_header(text: str) -> Header:
    """Read a file's set header from its tokens, without parsing: the
    vocabulary a file can see must be known before it is parsed. Best effort:
    a broken header yields what was read before the break (parsing reports it)."""
    tokens = []
    try:
        for token in lark_parser().lex(text):
            tokens.append(token)
            if token.value == "}" and token.type != "STRING":
                break
    except LarkError:
        pass
    values = [t.value if t.type != "STRING" else None for t in tokens]
    if len(values) < 2 or values[0] != "set":
        return Header()
    requires: list[str] = []
    words: list[m.WordDecl] = []
    tie_break = None
    for index, value in enumerate(values):
        if value == "requires":
            requires += _name_list(values, index + 1)
        elif value in ("mythology", "type") and index + 1 < len(values) and values[index + 1]:
            words.append(_declared(values, index, tokens))
        elif value == "tie-break" and index + 1 < len(values):
            tie_break = values[index + 1]
    return Header(values[1], tuple(requires), tuple(words), tie_break)


def _name_list(values: list, start: int) -> list[str]:
    names = []
    while start < len(values) and values[start] and values[start] not in (",", "}"):
        names.append(values[start])
        if start + 1 < len(values) and values[start + 1] == ",":
            start += 2
        else:
            break
    return names


def _declared(values: list, index: int, tokens: list) -> m.WordDecl:
    options = {}
    for at in range(index + 2, len(values) - 1):
        if values[at] in ("plural", "symbol") and values[at + 1]:
            options[values[at]] = values[at + 1]
        elif values[at] in ("mythology", "type", "}", "tie-break", "version", "requires",
                            "replaces", "expect", "difficulty"):
            break
    return m.WordDecl(values[index], values[index + 1], "", plural=options.get("plural"),
                      symbol=options.get("symbol"))


@lru_cache(maxsize=1)
def bundled_headers() -> tuple[Header, ...]:
    """The headers of the bundled card files, read once."""
    return tuple(scan_header(path.read_text(encoding="utf-8"))
                 for path in sorted(cards_dir().glob("*.dioses")))


def bundled_vocabulary() -> Vocabulary:
    """The words the bundled sets declare: what a snippet of card text parsed
    on its own (``build(text)`` with no vocabulary) can see."""
    return Vocabulary([word for header in bundled_headers() for word in header.words])


def bundled_tie_break() -> Optional[str]:
    """R16: the type whose cards break ties in the bundled sets (a board
    built by hand, with no card pool behind it, is scored with it)."""
    return next((h.tie_break for h in bundled_headers() if h.tie_break), None)


# Labelled bad snippets: a syntax error whose parser state matches one of
# these gets the label as its message (Lark's match_examples).
_EXAMPLES = {
    "a scoring line needs 'points' (or 'p') after the number": [
        'god a "A" greek printed { 2 if next to greek }',
        'god a "A" greek printed { 2 per god }',
    ],
    "a header needs a mythology and a provenance before '{'": [
        'god a "A" greek {',
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


def _readable_terminal(name: str) -> str:
    parser = lark_parser()
    for terminal in parser.terminals:
        if terminal.name == name:
            if terminal.pattern.type == "str":
                return f"'{terminal.pattern.value}'"
            break
    return {
        "NAME": "a name",
        "INT": "a number",
        "SIGNED_INT": "a number",
        "COLUMN_NUMBER": "a column number",
        "_POINT_WORD": "'points' (or 'p')",
        "STRING": 'a quoted "text"',
        "MYTH_WORD": "a mythology",
        "TYPE_WORD": "a card type",
        "$END": "the end of the file",
    }.get(name, name.lower())


def _keyword_values(names) -> list[str]:
    """The words the expected terminals stand for, declared words included."""
    parser = lark_parser()
    by_name = {t.name: t for t in parser.terminals}
    vocabulary = _VOCABULARY.get()
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
def _keywords() -> frozenset[str]:
    return frozenset(t.pattern.value for t in lark_parser().terminals
                     if t.pattern.type == "str" and t.pattern.value.isalpha())


def _all_keywords() -> frozenset[str]:
    """The grammar's words and the words of the vocabulary in use."""
    return _keywords() | frozenset(_VOCABULARY.get().kinds)


def _expected_text(expected) -> str:
    items = sorted({_readable_terminal(name) for name in expected})
    if len(items) > 12:
        items = items[:12] + ["..."]
    return ", ".join(items)


def syntax_diagnostic(error: UnexpectedInput, text: str, path: str) -> Diagnostic:
    line, column = error.line, error.column
    help_text = None
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else "?"
        message = f"unexpected character {char!r}"
        if error.allowed:
            message += f"; expected {_expected_text(error.allowed)}"
        code = "DL001"
    elif isinstance(error, UnexpectedEOF):
        message = "unexpected end of file"
        if error.expected:
            message += f"; expected {_expected_text(error.expected)}"
        code = "DL002"
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
        help_text = "is a closing '}' missing?"
    else:
        assert isinstance(error, UnexpectedToken)
        token = error.token
        if token.type == "$END":
            message = "unexpected end of file"
            code = "DL002"
            lines = text.splitlines() or [""]
            line, column = len(lines), len(lines[-1]) + 1
            help_text = "is a closing '}' missing?"
        else:
            message = f"unexpected {str(token)!r}"
            code = "DL001"
            suggestion = did_you_mean(str(token), _keyword_values(error.expected))
            if suggestion:
                help_text = suggestion
            else:
                # "nxt to greek": the misspelt word was taken for a card name
                # and the error surfaces one word later; look back at it.
                before = re.search(r"([A-Za-z_][A-Za-z0-9_-]*)\s*$", text[:token.start_pos])
                if before and before.group(1) in ("not", "and", "or"):
                    help_text = ("'not', 'and' and 'or' between selectors need parentheses, "
                                 "e.g. 'next to (not greek)'")
                elif before and before.group(1) not in _all_keywords():
                    guess = did_you_mean(before.group(1), _all_keywords())
                    if guess:
                        line = text.count("\n", 0, before.start(1)) + 1
                        column = before.start(1) - (text.rfind("\n", 0, before.start(1)) + 1) + 1
                        message = f"unexpected {before.group(1)!r} {str(token)!r}"
                        help_text = guess
        message += f"; expected {_expected_text(error.expected)}"
        try:
            label = error.match_examples(
                lark_parser().parse, _EXAMPLES, use_accepts=True
            )
        except (LarkError, TypeError):
            # TypeError: Lark 1.3's match_examples formats a ParserState with
            # "%d" in a debug message when an example's state matches but its
            # accepted tokens differ; a syntax error must not crash on that.
            label = None
        if label and help_text is None:
            help_text = label
    return Diagnostic(code, message, path, line or 0, column or 0, help=help_text)


def parse_tree(text: str, path: str = "<string>", vocabulary: Optional[Vocabulary] = None
               ) -> tuple[list[Tree], list[Diagnostic]]:
    """Parse as much of ``text`` as possible, reading the words of
    ``vocabulary`` as the mythologies and types they are.

    Returns the parse trees of the pieces that parsed and one diagnostic per
    syntax error. After an error, parsing resumes at the next line that
    starts a definition, with positions preserved, so that one bad card does
    not hide the mistakes in the rest of the file.
    """
    reset = _VOCABULARY.set(vocabulary if vocabulary is not None else Vocabulary())
    try:
        return _parse_recovering(text, path)
    finally:
        _VOCABULARY.reset(reset)


def _parse_recovering(text: str, path: str) -> tuple[list[Tree], list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    remaining = text
    while True:
        try:
            return [lark_parser().parse(remaining, on_error=_declared_word_in_a_keywords_place)], \
                diagnostics
        except UnexpectedInput as error:
            diagnostics.append(syntax_diagnostic(error, text, path))
            cut = _failed_region(remaining, error)
            if cut is None:
                return [], diagnostics
            start, end = cut
            # Blank out the broken definition, keeping newlines so that line
            # and column numbers of everything else stay true, and parse again.
            remaining = remaining[:start] + _blank(remaining[start:end]) + remaining[end:]
        except LarkError as error:  # pragma: no cover - defensive
            diagnostics.append(Diagnostic("DL001", str(error), path))
            return [], diagnostics


def _failed_region(text: str, error: UnexpectedInput) -> tuple[int, int] | None:
    """The span from the start of the definition holding the error to the
    start of the next definition (or the end of the text)."""
    position = getattr(error, "pos_in_stream", None)
    if position is None:
        token = getattr(error, "token", None)
        position = getattr(token, "start_pos", None)
    if position is None:
        position = len(text)
    position = min(position, len(text))
    start = 0
    for match in _DEFINITION_START.finditer(text, 0, position + 1):
        start = match.start()
    line_end = text.find("\n", position)
    end = len(text)
    if line_end >= 0:
        following = _DEFINITION_START.search(text, line_end + 1)
        if following:
            end = following.start()
    if not text[start:end].strip():
        return None
    return start, end


def _blank(prefix: str) -> str:
    return re.sub(r"[^\n]", " ", prefix)
