"""Text -> Lark parse tree, with friendly syntax errors.

Parsing knows nothing of scoring. The parser is built once (LALR, positions
propagated) behind an ``lru_cache``; no Lark grammar cache is written to disk.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Tree
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from ..errors import Diagnostic, did_you_mean
from ..resources import grammar_dir
from .vocabulary import DEFINITIONS

_DEFINITION_START = re.compile(r"^(" + "|".join(DEFINITIONS) + r")\b", re.MULTILINE)


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    return Lark.open(
        str(grammar_dir() / "dioses.lark"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
    )


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
        "$END": "the end of the file",
    }.get(name, name.lower())


def _keyword_values(names) -> list[str]:
    parser = lark_parser()
    by_name = {t.name: t for t in parser.terminals}
    words = []
    for name in names:
        terminal = by_name.get(name)
        if terminal is not None and terminal.pattern.type == "str":
            words.append(terminal.pattern.value)
    return words


@lru_cache(maxsize=1)
def _all_keywords() -> frozenset[str]:
    return frozenset(t.pattern.value for t in lark_parser().terminals
                     if t.pattern.type == "str" and t.pattern.value.isalpha())


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


def parse_tree(text: str, path: str = "<string>") -> tuple[list[Tree], list[Diagnostic]]:
    """Parse as much of ``text`` as possible.

    Returns the parse trees of the pieces that parsed and one diagnostic per
    syntax error. After an error, parsing resumes at the next line that
    starts a definition, with positions preserved, so that one bad card does
    not hide the mistakes in the rest of the file.
    """
    diagnostics: list[Diagnostic] = []
    remaining = text
    while True:
        try:
            return [lark_parser().parse(remaining)], diagnostics
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
