"""Text -> Lark parse trees, recovering from syntax errors.

Parsing knows nothing of scoring. A file is checked for its shape first
(:func:`syntax.structure_problems`); then each definition that does not parse
is reported once and set aside (blanked, so that every other position stays
true), and parsing goes on at the next definition, so one mistake does not
hide the others nor bring errors of its own. What was set aside is returned
too (:class:`Broken`), so that counts and references can skip it.
"""

from __future__ import annotations

import re
from typing import Optional

from attrs import frozen
from lark.exceptions import LarkError, UnexpectedInput

from ..errors import Diagnostic
from .lexing import VOCABULARY, declared_word_in_a_keywords_place, lark_parser
from .syntax import definition_region, definition_starts, structure_problems, syntax_diagnostic
from .vocabulary import DEFINITIONS, Vocabulary

_NAMED = re.compile(r"(?:(" + "|".join(DEFINITIONS) + r")|[^\W\d][\w-]*)[ \t]+([^\s\"]+)")


@frozen
class Broken:
    """A definition that did not parse or build: its kind ("law", ...;
    "myth" for a Myth card) and id, as far as its header says."""

    kind: str
    id: str


@frozen
class ParseResult:
    trees: list
    diagnostics: list[Diagnostic]
    broken: tuple[Broken, ...] = ()


def parse_tree(text: str, path: str = "<string>", vocabulary: Optional[Vocabulary] = None
               ) -> ParseResult:
    """Parse as much of ``text`` as possible, reading the words of
    ``vocabulary`` as the mythologies and types they are."""
    reset = VOCABULARY.set(vocabulary if vocabulary is not None else Vocabulary())
    try:
        return _parse_recovering(text, path)
    finally:
        VOCABULARY.reset(reset)


def _parse_recovering(text: str, path: str) -> ParseResult:
    diagnostics, regions = structure_problems(text, path)
    broken = [named(text, start) for start, _ in regions]
    remaining = text
    for start, end in regions:
        remaining = remaining[:start] + _blank(remaining[start:end]) + remaining[end:]
    starts = definition_starts(text)
    while True:
        try:
            tree = lark_parser().parse(remaining, on_error=declared_word_in_a_keywords_place)
            return ParseResult([tree], _by_place(diagnostics), _known(broken))
        except UnexpectedInput as error:
            diagnostics.append(syntax_diagnostic(error, text, path))
            region = _failed_region(remaining, error, starts)
            if region is None:
                return ParseResult([], _by_place(diagnostics), _known(broken))
            broken.append(named(text, region[0]))
            start, end = region
            remaining = remaining[:start] + _blank(remaining[start:end]) + remaining[end:]
        except LarkError as error:  # pragma: no cover - defensive
            diagnostics.append(Diagnostic("DL001", str(error), path))
            return ParseResult([], _by_place(diagnostics), _known(broken))


def _by_place(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=lambda d: (d.line, d.column))


def _known(broken: list[Optional[Broken]]) -> tuple[Broken, ...]:
    return tuple(b for b in broken if b is not None)


def named(text: str, start: int) -> Optional[Broken]:
    """The kind and id a definition's header gives, from its first line."""
    match = _NAMED.match(text, start)
    if match is None:
        return None
    return Broken(match.group(1) or "myth", match.group(2))


def _failed_region(text: str, error: UnexpectedInput, starts: list[int]
                   ) -> Optional[tuple[int, int]]:
    """The definition holding the error, from its header to the next one."""
    position = getattr(error, "pos_in_stream", None)
    if position is None:
        position = getattr(getattr(error, "token", None), "start_pos", None)
    if position is None:
        position = len(text)
    start, end = definition_region(starts, min(position, len(text)), len(text))
    if not text[start:end].strip():
        return None
    return start, end


def _blank(part: str) -> str:
    return re.sub(r"[^\n]", " ", part)
