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
from bisect import bisect_right
from collections.abc import Iterable

from attrs import frozen
from lark import Token
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from ..errors import Diagnostic, did_you_mean
from .lexing import all_words, keyword_values, readable_terminal
from .limits import SHOWN_WORD, shorten
from .syntax_hints import (
    BY_EXPECTED,
    accepted,
    borrowed_word,
    label,
    negative_number,
    phrasing_hint,
    previous_token,
    situation_help,
    unfinished,
    unfinished_help,
)
from .syntax_hints import PHRASES as PHRASES  # the tests read the table here
from .vocabulary import DEFINITIONS, PROVENANCES

# A definition's header line: a keyword, an id and a quoted name (a scenario
# has its number before the name), or a Myth card's type, id and name (not a
# set's "mythology ID" or "type ID" line, which looks the same).
HEADER = re.compile(
    r"^(?:(?:" + "|".join(d for d in DEFINITIONS if d != "scenario") + r")[ \t]++\S++[ \t]++\""
    r"|scenario[ \t]++\S++[ \t]++\d++[ \t]++\""
    r"|(?!(?:mythology|type)[ \t])[^\W\d][\w-]*+[ \t]++[^\s\"]++[ \t]++\")",
    re.MULTILINE,
)

# What the outline passes over in one step: anything but braces, quotes and
# '#', whole strings and whole comments (possessive: no backtracking).
_PLAIN = re.compile(r'(?:[^{}"#]++|"(?:\\.|[^"\\\n])*+"|#[^\n]*+)*+')
# A run of braces (with the blanks between them), taken in one step.
_OPENING = re.compile(r"\{[{ \t\r\n]*+")
_CLOSING = re.compile(r"\}[} \t\r\n]*+")
_BLANK = re.compile(r"(?:\s++|#[^\n]*+)*+")


class LineIndex:
    """Line and column of any position of a text, found in O(log n) from one
    pass over it (counting newlines before each position would make the
    diagnostics of a long file quadratic)."""

    def __init__(self, text: str) -> None:
        self.length = len(text)
        self.starts = [0] + [match.end() for match in re.finditer("\n", text)]

    def at(self, position: int) -> tuple[int, int]:
        """1-based (line, column) of a character position."""
        line = bisect_right(self.starts, position)
        return line, position - self.starts[line - 1] + 1

    def end(self, text: str) -> tuple[int, int]:
        """Where the last line ends (what an unexpected end of file points at)."""
        return self.at(len(text) - 1 if text.endswith("\n") else len(text))


@frozen
class Outline:
    """A file's shape, read before it is parsed: the unclosed braces and
    strings (``diagnostics``), the definitions holding them (``regions``, set
    aside), and the ``pieces`` to parse, each holding at most one definition
    (they end at a top-level '}' or at the next definition's header)."""

    diagnostics: list[Diagnostic]
    regions: list[tuple[int, int]]
    pieces: list[tuple[int, int]]


def outline(text: str, path: str, lines: LineIndex) -> Outline:
    """One pass over ``text``: a string never closed on its line (DL005) and a
    '{' never closed (DL002), each reported where it opens. Linear: strings,
    comments and the text between braces are passed over by one regular
    expression, and each run of braces is taken at once."""
    return _Outliner(text, path, lines).run()


class _Outliner:
    """The state of one :func:`outline` pass: where the current piece began,
    how deep in braces it is, where its first '{' opened, and the headers'
    positions ahead."""

    def __init__(self, text: str, path: str, lines: LineIndex) -> None:
        self.text, self.path, self.lines, self.length = text, path, lines, len(text)
        self.headers = [match.start() for match in HEADER.finditer(text)] + [len(text) + 1]
        self.diagnostics: list[Diagnostic] = []
        self.regions: list[tuple[int, int]] = []
        self.pieces: list[tuple[int, int]] = []
        self.piece, self.depth, self.opened, self.index, self.header = 0, 0, 0, 0, 0

    def run(self) -> Outline:
        text, length, headers = self.text, self.length, self.headers
        while True:
            while headers[self.header] < self.index:
                self.header += 1
            plain = _PLAIN.match(text, self.index, min(headers[self.header], length))
            assert plain is not None  # the pattern matches the empty text too
            self.index = plain.end()
            if self.index == headers[self.header]:  # a definition's header line
                if self.depth:
                    self.unclosed(self.index)
                else:
                    self.cut(self.index)
                self.header += 1
                continue
            if self.index >= length:
                break
            char = text[self.index]
            if char == '"':
                self.unclosed_string()
            elif char == "{":
                self.opening()
            else:
                self.closing()
        if self.depth:
            self.unclosed(length)
        self.cut(length)
        return Outline(self.diagnostics, self.regions, self.pieces)

    def cut(self, at: int) -> None:
        if at > self.piece:
            self.pieces.append((self.piece, at))
        self.piece = at

    def set_aside(self, until: int) -> None:
        self.regions.append((self.piece, until))
        self.piece, self.depth = until, 0

    def unclosed(self, until: int) -> None:
        opened = unclosed_brace(self.text, self.opened, until)
        line, column = self.lines.at(opened)
        self.diagnostics.append(
            Diagnostic(
                "DL002",
                "this '{' is never closed",
                self.path,
                line,
                column,
                help="add the '}' that ends this definition"
                if opened == self.opened
                else "add the '}' that ends this block, at this line's indentation",
            )
        )
        self.set_aside(until)

    def unclosed_string(self) -> None:
        """A '"' not closed on its line: the definition holding it is set aside."""
        line, column = self.lines.at(self.index)
        self.diagnostics.append(
            Diagnostic(
                "DL005",
                "this string is never closed",
                self.path,
                line,
                column,
                help="end it with '\"' on the same line (write \\\" for a quote inside)",
            )
        )
        while self.headers[self.header] <= self.index:
            self.header += 1
        self.set_aside(min(self.headers[self.header], self.length))
        self.index = self.piece

    def opening(self) -> None:
        run = _OPENING.match(self.text, self.index)
        assert run is not None  # called at a '{'
        if not self.depth:
            self.opened = self.index
        self.depth += run.group(0).count("{")
        self.index = run.end()

    def closing(self) -> None:
        run = _CLOSING.match(self.text, self.index)
        assert run is not None  # called at a '}'
        closing = run.group(0).count("}")
        if closing < self.depth:
            self.depth -= closing
            self.index = run.end()
        elif self.depth:  # the run closes the definition: cut after its brace
            self.index = _nth_brace(self.text, self.index, self.depth) + 1
            self.depth = 0
            self.cut(self.index)
        else:  # a '}' closing nothing: the parser reports it
            self.index = run.end()


# A quoted text, a comment, or a brace: what finding the unclosed '{' looks at.
_BRACE_OR_SKIPPED = re.compile(r'"(?:\\.|[^"\\\n])*+"|#[^\n]*+|[{}]')


def unclosed_brace(text: str, start: int, end: int) -> int:
    """Which '{' of a definition that is never closed (its first '{' at
    ``start``, its text to ``end``) lacks its '}': a '}' that starts its line
    closes the '{' of the line indented as it is, so a block whose '}' was
    left out ('setup {' before 'rules {') is the one reported. Without such a
    clue, the innermost '{' left open, or the definition's own."""
    open_braces: list[tuple[int, int]] = []  # (position, its line's indentation)
    indents: dict[int, int] = {}  # indentation -> how many open braces have it
    line_start, seen, indent = text.rfind("\n", 0, start) + 1, start, None
    for match in _BRACE_OR_SKIPPED.finditer(text, start, end):
        char = match.group(0)
        if char not in "{}" or (char == "}" and not open_braces):
            continue
        newline = text.rfind("\n", seen, match.start())  # only what is new: linear
        seen = match.start()
        if newline >= 0 or indent is None:
            line_start = newline + 1 if newline >= 0 else line_start
            indent = _indent(text, line_start)
        if char == "{":
            open_braces.append((match.start(), indent))
            indents[indent] = indents.get(indent, 0) + 1
            continue
        if (
            line_start + indent == match.start()  # the '}' starts its line
            and open_braces[-1][1] > indent
            and indents.get(indent)
        ):
            return open_braces[-1][0]  # indented deeper: the block left open
        indents[open_braces.pop()[1]] -= 1
    return open_braces[-1][0] if open_braces else start


def _indent(text: str, line_start: int) -> int:
    index = line_start
    while index < len(text) and text[index] in " \t":
        index += 1
    return index - line_start


def _nth_brace(text: str, start: int, count: int) -> int:
    """The position of the ``count``-th '}' from ``start``."""
    index = start
    for _ in range(count - 1):
        index = text.index("}", index + 1)
    return index


def next_token(text: str, position: int) -> int:
    """The position of the first character after ``position`` that is not
    blank or in a comment (``len(text)`` if there is none)."""
    blank = _BLANK.match(text, position)
    assert blank is not None  # the pattern matches the empty text too
    return blank.end()


def _expected_text(expected: Iterable[str]) -> str:
    items = sorted({readable_terminal(name) for name in expected})
    if len(items) > 12:
        items = items[:12] + ["..."]
    return ", ".join(items)


def _end_of_file(
    text: str, path: str, lines: LineIndex, expected: Iterable[str] | None
) -> Diagnostic:
    message = "unexpected end of file"
    if expected:
        message += f"; expected {_expected_text(expected)}"
    line, column = lines.end(text)
    return Diagnostic("DL002", message, path, line, column, help="is a closing '}' missing?")


def cut_short(
    text: str, path: str, lines: LineIndex, position: int, expected: Iterable[str]
) -> Diagnostic:
    """A definition that is not finished where the next one starts, at
    ``position``: the word there was not expected."""
    word = text[position : position + SHOWN_WORD + 1].split(None, 1)[0]
    line, column = lines.at(position)
    return Diagnostic(
        "DL001",
        shorten(f"unexpected {word!r}; expected {_expected_text(expected)}"),
        path,
        line,
        column,
        help="the definition before it is not finished (is its '{' missing?)",
    )


def syntax_diagnostic(
    error: UnexpectedInput,
    text: str,
    path: str,
    lines: LineIndex | None = None,
    detailed: bool = True,
) -> Diagnostic:
    """The diagnostic of a Lark error whose positions are in ``text``.
    Without ``detailed``, no hint is looked for (past the errors a file shows)."""
    lines = lines if lines is not None else LineIndex(text)
    if isinstance(error, UnexpectedCharacters):
        at = error.pos_in_stream
        char = text[at] if at is not None and at < len(text) else "?"
        message = f"unexpected character {char!r}"
        if error.allowed:
            message += f"; expected {_expected_text(error.allowed)}"
        help = (
            (
                "remove it: names and ids are letters, digits and '-', and other text "
                'goes in double quotes ("...")'
            )
            if char.isprintable() and char != '"'
            else None
        )
        return Diagnostic("DL001", message, path, error.line or 0, error.column or 0, help=help)
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        return _end_of_file(text, path, lines, getattr(error, "expected", None))
    assert isinstance(error, UnexpectedToken)  # Lark's third kind of UnexpectedInput
    if not detailed:
        return Diagnostic(
            "DL001",
            shorten(f"unexpected {str(error.token)!r}; expected {_expected_text(error.expected)}"),
            path,
            error.line or 0,
            error.column or 0,
        )
    return _unexpected_token(error, text, path, lines)


def _unexpected_token(error: UnexpectedToken, text: str, path: str, lines: LineIndex) -> Diagnostic:
    token = error.token
    position = token.start_pos or 0
    line, column = error.line, error.column
    message, help_text = f"unexpected {str(token)!r}", None
    accepts = accepted(error)
    phrase = phrasing_hint(text, position)
    if phrase is not None:
        start, words, better = phrase
        line, column = lines.at(start)
        return Diagnostic(
            "DL001",
            f"'{words}' is not how the card language says it",
            path,
            line,
            column,
            help=f"write '{better}'",
        )
    negative = negative_number(error, text, accepts)
    if negative is not None:
        code, message, help_text = negative
        return Diagnostic(code, message, path, line or 0, column or 0, help=help_text)
    before = previous_token(error, text, lines)
    if before is not None and unfinished(error, before, accepts):
        return _unfinished_line(before, text, path, accepts)
    borrowed = borrowed_word(error, before, accepts, text, lines)
    if borrowed is not None:
        message, help_text, earlier = borrowed
        # at a stray ',' itself; else where the missing word goes
        where = (
            (earlier.line, earlier.column)
            if str(earlier) == ","
            else (earlier.end_line, earlier.end_column)
        )
        return Diagnostic(
            "DL001", shorten(message), path, where[0] or 0, where[1] or 0, help=help_text
        )
    situation = situation_help(error, text, accepts)
    if situation is not None:
        help_text, at = situation
        if at is not None:
            line, column = lines.at(at)
        message += f"; expected {_expected_text(accepts)}"
        return Diagnostic("DL001", shorten(message), path, line or 0, column or 0, help=help_text)
    if suggestion := did_you_mean(str(token)[: SHOWN_WORD + 1], keyword_values(accepts)):
        help_text = suggestion
    else:
        # "nxt to greek": the misspelt word was taken for a card name and the
        # error surfaces one word later; look back at it (on the same line).
        window = text[max(0, position - 80) : position]
        word = re.search(r"([^\W\d][\w-]*)\s*$", window)
        if word and word.group(1) in ("not", "and", "or"):
            help_text = (
                "'not', 'and' and 'or' between selectors need parentheses, "
                "e.g. 'next to (not greek)'"
            )
        elif word and word.group(1) not in all_words() | set(PROVENANCES):
            guess = did_you_mean(word.group(1), all_words())
            if guess:
                line, column = lines.at(position - len(window) + word.start(1))
                message = f"unexpected {word.group(1)!r} {str(token)!r}"
                help_text = guess
    message += f"; expected {_expected_text(accepts)}"
    if help_text is None:
        help_text = (
            BY_EXPECTED.get(frozenset(error.expected)) or label(error) or _fallback(token, accepts)
        )
    return Diagnostic("DL001", shorten(message), path, line or 0, column or 0, help=help_text)


def _unfinished_line(before: Token, text: str, path: str, accepts: frozenset[str]) -> Diagnostic:
    """A statement left unfinished at the end of its line: reported there,
    after its last word (or at that word, when it is the mistake), not at the
    next line's first word."""
    line_start = text.rfind("\n", 0, before.start_pos) + 1
    help_text, at_word = unfinished_help(
        before, accepts, text[line_start : before.start_pos], keyword_values(accepts)
    )
    if at_word:
        line, column = before.line, before.column
        message = f"unexpected {str(before)!r} at the end of the line"
    else:
        line, column = before.end_line, before.end_column
        message = f"the line ends after {str(before)!r}"
    message += f"; expected {_expected_text(accepts)}"
    return Diagnostic("DL001", shorten(message), path, line or 0, column or 0, help=help_text)


def _fallback(token: Token, accepts: frozenset[str]) -> str | None:
    """A last hint: the one word the parser wanted, or the keyword a
    misspelt word is closest to (where the statement could have ended)."""
    words, word = keyword_values(accepts), str(token)[: SHOWN_WORD + 1]
    if len(words) == 1 and len(accepts) == 1:
        return f"write '{words[0]}' before {word!r}"
    swapped = [w for w in words if len(w) == len(word) and sorted(w) == sorted(word) != list(w)]
    if swapped:  # 'fi' for 'if': letters swapped, too short for a close match
        return f"did you mean '{swapped[0]}'?"
    return did_you_mean(word, all_words() - {word})
