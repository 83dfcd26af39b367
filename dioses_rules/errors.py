"""Diagnostics: records collected first, rendered later (ruff / rustc style)."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Any, Protocol, Self

from attrs import frozen

# Characters no name, text or quoted line may show as they are: control
# characters (a terminal obeys an escape sequence), the line and paragraph
# separators (which would break a line where the parser does not), and the
# invisible ones: zero-width characters, bidirectional controls and the
# byte-order mark, which make two different names look the same.
UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]")


def escaped(text: str, keep: str = "") -> str:
    """``text`` with each :data:`UNPRINTABLE` character but those in ``keep``
    written as ``\\x1b`` or ``\\u2028``, so that a quoted source line keeps
    to one line and a terminal obeys nothing a user's file holds."""

    def shown(found: re.Match[str]) -> str:
        char = found.group()
        if char in keep:
            return char
        return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"

    return UNPRINTABLE.sub(shown, text)


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@frozen
class Diagnostic:
    code: str
    message: str
    path: str
    line: int = 0
    column: int = 0
    severity: Severity = Severity.ERROR
    help: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def location(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.column}"
        return self.path

    def concise(self) -> str:
        where = f"{self.location()}: " if self.location() else ""
        head = f"{where}{self.code} {self.message}"
        if self.severity is Severity.WARNING:
            head = f"{where}{self.code} warning: {self.message}"
        if self.help:
            head += f"\n  help: {self.help}"
        return head

    def full(self, source: str | None = None) -> str:
        """The concise form plus the source line and a caret under the column."""
        text = self.concise()
        if source is not None and self.line:
            lines = source.split("\n")  # as the parser counts lines (not at U+2028)
            if 0 < self.line <= len(lines):
                src = lines[self.line - 1].removesuffix("\r")
                before = escaped(src[: max(self.column - 1, 0)])
                text += f"\n   | {escaped(src)}\n   | {' ' * len(before)}^"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "help": self.help,
        }


def sarif_log(diagnostics: Iterable[Diagnostic], tool: str, version: str) -> dict[str, Any]:
    """Diagnostics as a SARIF 2.1.0 log, for editors and code-scanning CI."""
    diagnostics = list(diagnostics)
    rules = sorted({d.code for d in diagnostics})
    results = []
    for d in diagnostics:
        location: dict[str, Any] = {"artifactLocation": {"uri": d.path.replace("\\", "/")}}
        if d.line:
            location["region"] = {"startLine": d.line, "startColumn": max(d.column, 1)}
        text = d.message + (f" ({d.help})" if d.help else "")
        results.append(
            {
                "ruleId": d.code,
                "level": d.severity.value,
                "message": {"text": text},
                "locations": [{"physicalLocation": location}],
            }
        )
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": tool,
                        "version": version,
                        "rules": [{"id": code} for code in rules],
                    }
                },
                "results": results,
            }
        ],
    }


class DiosesError(Exception):
    """The project's own error: every user mistake is reported as one of these.

    It carries one or more diagnostics; ``str()`` renders them concisely.
    """

    def __init__(
        self, diagnostics: Iterable[Diagnostic] | Diagnostic | str, path: str = ""
    ) -> None:
        if isinstance(diagnostics, str):
            diagnostics = [Diagnostic("E000", diagnostics, path)]
        elif isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.concise() for d in self.diagnostics))

    @classmethod
    def one(cls, code: str, message: str, path: str = "", help: str | None = None) -> Self:
        """An error of this class with one diagnostic (no line or column)."""
        return cls(Diagnostic(code, message, path, help=help))


class Located(Protocol):
    """Where a tree node was written (the model's ``Span``)."""

    @property
    def path(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


def diagnostic_at(
    code: str,
    message: str,
    node: object,
    path: str,
    help: str | None = None,
    severity: Severity = Severity.ERROR,
    at: Located | None = None,
) -> Diagnostic:
    """A diagnostic at a tree node's span (its file, line and column), or at
    ``path`` when the node has none; ``at``: a span of the node's to point
    at instead (the line of a set header that names the word)."""
    span = at or getattr(node, "span", None)
    return Diagnostic(
        code,
        message,
        span.path if span else path,
        span.line if span else 0,
        span.column if span else 0,
        severity,
        help,
    )


class CardSyntaxError(DiosesError):
    """A card file that does not parse, or whose definitions do not build."""


class BoardError(DiosesError):
    """A saved board that cannot be read or does not fit the loaded cards."""


def whole_number(text: str, digits: int) -> int | None:
    """``text`` as a whole number of at most ``digits`` ASCII digits, else
    None: str.isdigit() also says yes to '²', which int() refuses, and int()
    refuses more than 4300 digits."""
    if text and len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """``did you mean 'norse'?`` from the names in scope, or None."""
    import difflib

    pool = sorted(set(candidates))
    matches = difflib.get_close_matches(word, pool, n=3, cutoff=0.6)
    if not matches:
        lowered = {c.lower(): c for c in pool}
        if word.lower() in lowered:
            matches = [lowered[word.lower()]]
    if not matches and len(word) >= 3:
        # 'nordic' -> 'norse': a shared start is a strong hint among few names.
        matches = [c for c in pool if c[:3].lower() == word[:3].lower()][:3]
    if not matches:
        return None
    return "did you mean " + " or ".join(f"'{m}'" for m in matches) + "?"
