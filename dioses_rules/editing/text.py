"""A buffer's text as an editor protocol sees it: lines broken where the
Language Server Protocol breaks them, and text made safe where it enters.

The protocol breaks lines at ``\\n``, ``\\r\\n`` and ``\\r`` only; a form
feed, U+2028 or NEL inside a comment is part of its line (Python's
``str.splitlines`` would break there, and an editor's positions would then
land on the wrong line). The library's positions (the linter's, Lark's) count
``\\n`` only; :class:`Lines` converts between the two through offsets, so a
file with old Mac ``\\r`` line ends is placed right too.

A JSON string may hold a lone surrogate (``"\\udc80"``), which is no
character and cannot be written as UTF-8: every cache key, every check of
the text would fail on it. :func:`without_lone_surrogates` puts U+FFFD in its
place, which is one code unit in UTF-16 and UTF-32 as the surrogate was and
three bytes in UTF-8 as pygls counts it, so no position moves; the editor
is told where (:func:`lone_surrogate_diagnostic`, DL003 as for a file that
is not UTF-8 text).
"""

from __future__ import annotations

import bisect
import re

from ..errors import Diagnostic

LONE_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"
_PROTOCOL_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_BREAK = re.compile(r"\r\n|\r|\n")


def without_lone_surrogates(text: str) -> str:
    """``text`` with U+FFFD for each lone surrogate (a string decoded from
    JSON holds only lone ones: a pair is decoded to its character)."""
    return LONE_SURROGATE.sub(REPLACEMENT, text) if LONE_SURROGATE.search(text) else text


def protocol_lines(text: str) -> list[str]:
    """The lines of ``text`` with their ends, broken as the protocol breaks
    them (``str.splitlines(True)`` but only at \\n, \\r\\n and \\r)."""
    return _PROTOCOL_LINE.findall(text)


def lone_surrogate_diagnostic(path: str, text: str) -> Diagnostic | None:
    """DL003 at the first U+FFFD of a buffer the editor sent lone surrogates in."""
    at = text.find(REPLACEMENT)
    if at < 0:
        return None
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    count = text.count(REPLACEMENT)
    more = f" (and {count - 1} more)" if count > 1 else ""
    return Diagnostic(
        "DL003",
        f"not UTF-8 text: the editor sent a lone surrogate here{more}, "
        "which is no character (read as U+FFFD)",
        path,
        line,
        column,
        help="delete it: the file cannot be saved as UTF-8 with it",
    )


class Lines:
    """Positions of one text, in the library's lines (at \\n) and the
    protocol's (at \\n, \\r\\n, \\r): (line, character), both 0-based."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.protocol = protocol_lines(text) or [""]
        self._starts = [0] + [m.end() for m in _BREAK.finditer(text)]
        self._newlines = [0] + [m.end() for m in re.finditer("\n", text)]

    def to_protocol(self, line: int, character: int) -> tuple[int, int]:
        """A library position (lines at \\n) as the protocol's."""
        if line >= len(self._newlines):
            return len(self._starts) - 1, 0
        offset = min(self._newlines[max(line, 0)] + max(character, 0), len(self.text))
        return self._protocol_at(offset)

    def _protocol_at(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset) - 1
        return line, offset - self._starts[line]

    def from_protocol(self, line: int, character: int) -> tuple[int, int]:
        """A protocol position (characters, not the editor's units) as the library's."""
        if line >= len(self._starts):
            offset = len(self.text)
        else:
            offset = min(self._starts[max(line, 0)] + max(character, 0), len(self.text))
        at = bisect.bisect_right(self._newlines, offset) - 1
        return at, offset - self._newlines[at]
