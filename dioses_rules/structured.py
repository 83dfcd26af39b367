"""TOML and JSON text read with bounds, for every reader of a user's data.

Boards, saves, logs, the web app's bodies and the cache all read structured
text a user (or an attacker) wrote. Python's own parsers leave three ways to
crash past their errors, and this is the one place they are closed:

- **depth**: ``json`` and ``tomllib`` recurse once per nested array or table,
  so 5,000 ``[`` raise RecursionError; here a nesting deeper than
  :data:`MAX_DEPTH` is refused at its line and column before parsing;
- **integer size**: ``int()`` refuses more than 4,300 digits (ValueError), and
  a number that long is a mistake or an attack anyway; here a number of more
  than :data:`MAX_DIGITS` digits is refused where it stands, and JSON's
  ``NaN`` and ``Infinity`` (which Python accepts) are refused too;
- **lone surrogates**: JSON's ``"\\udc80"`` is a valid escape that decodes to
  a string no UTF-8 writer can encode, so it crashes later, far from the
  input; here such a string is refused at its key (``$.records[3].card``).

A leading byte-order mark is dropped, as card files allow one.

Each failure is a :class:`DataError`, a :class:`~dioses_rules.errors.DiosesError`
with one located diagnostic under the code the caller gives (a board's, a
save's, a log's), so every reader reports it as its own kind of mistake.
"""

from __future__ import annotations

import math
import re
import tomllib
from typing import Any

from .errors import Diagnostic, DiosesError

#: The deepest nesting of arrays, tables and objects any file of ours needs
#: (a save nests about 6 deep): far below the parsers' recursion limit.
MAX_DEPTH = 32
#: The longest number any file of ours writes (a random generator's state
#: word has 10 digits).
MAX_DIGITS = 100

BOM = "\ufeff"


class DataError(DiosesError):
    """Structured text that is not valid (``syntax``), or is past a bound."""

    syntax = False


def _error(
    code: str,
    message: str,
    path: str,
    line: int,
    column: int,
    help: str | None,
    syntax: bool = False,
) -> DataError:
    error = DataError(Diagnostic(code, message, path, line, column, help=help))
    error.syntax = syntax
    return error


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


# One token of each kind that can hide a bracket or a digit: strings (each
# written as a run of plain characters between escapes, never one repetition
# per character, so a long string costs no memory per character), comments,
# brackets, and runs of digits.
_JSON_TOKENS = re.compile(
    r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]|\d{%d,}|-?Infinity|NaN' % (MAX_DIGITS + 1),  # noqa: UP031 (the regex's {n,} quantifier: an f-string would double its braces)
    re.S,
)
_TOML_TOKENS = re.compile(
    r'"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""'  # noqa: UP031 (the %d below is a regex {n,} quantifier: an f-string would double its braces)
    r"|'''[^']*(?:'(?!'')[^']*)*'''"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*"
    r"|[\[\]{}]"
    r"|\d[\d_]{%d,}" % MAX_DIGITS,
    re.S,
)
_OPEN, _CLOSE = "[{", "]}"


def check_bounds(text: str, path: str, code: str, *, toml: bool = False, line: int = 0) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and numbers longer than
    :data:`MAX_DIGITS` digits, at the line and column where they start
    (``line`` is added to the line: a log's records are one per line)."""
    depth = 0
    for token in (_TOML_TOKENS if toml else _JSON_TOKENS).finditer(text):
        first = token.group()[0]
        if first in _OPEN:
            depth += 1
            if depth > MAX_DEPTH:
                message = f"nested too deeply (more than {MAX_DEPTH} levels)"
                hint = "no file of this kind nests so deeply"
            else:
                continue
        elif first in _CLOSE:
            depth = max(depth - 1, 0)
            continue
        elif first in "-IN":  # JSON has no NaN or Infinity (Python's json reads them)
            message, hint = f"{token.group()} is not a number JSON allows", "write a finite number"
        elif first.isdigit():
            message = f"a number of more than {MAX_DIGITS} digits"
            hint = "no number in this kind of file is that long"
        else:
            continue
        at, column = _position(text, token.start())
        raise _error(code, message, path, line + at, column, hint)


# ------------------------------------------------------------------ JSON


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is out of range")
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogate_key(value: Any, key: str = "$") -> str | None:
    """The key of the first string (or object key) holding a lone surrogate."""
    if isinstance(value, str):
        return key if _LONE_SURROGATE.search(value) else None
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = _surrogate_key(item, f"{key}[{index}]")
            if found:
                return found
    elif isinstance(value, dict):
        for name, item in value.items():
            if _LONE_SURROGATE.search(name):
                return key
            found = _surrogate_key(item, f"{key}.{name}")
            if found:
                return found
    return None


def _one_line(text: str, line: int) -> int:
    """The line of a one-line text (a log record) after ``line`` lines, else 0."""
    return line + 1 if "\n" not in text.strip() else 0


def loads_json(
    text: str, path: str = "", *, code: str = "E210", line: int = 0, what: str = "JSON"
) -> Any:
    """The value of a JSON text, bounded (see the module); a mistake is a
    :class:`DataError` with the code ``code`` at its line and column."""
    import json  # not at import: scoring a board as text never loads it

    text = text.removeprefix(BOM)
    check_bounds(text, path, code, line=line)
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise _error(
            code,
            f"not valid {what}: {error.msg}",
            path,
            line + error.lineno,
            error.colno,
            None,
            syntax=True,
        ) from None
    except ValueError as error:  # a number out of range, NaN or Infinity
        raise _error(
            code, f"not valid {what}: {error}", path, _one_line(text, line), 0, None
        ) from None
    if _SURROGATE_ESCAPE.search(text):
        key = _surrogate_key(value)
        if key is not None:
            raise _error(
                code,
                f"{key}: text with a lone surrogate escape (\\udXXX), which is no character",
                path,
                _one_line(text, line),
                0,
                "write the character itself, or a surrogate pair",
            )
    return value


# ------------------------------------------------------------------ TOML


def loads_toml(text: str, path: str = "", *, code: str = "E202") -> dict[str, Any]:
    """The table of a TOML text, bounded (see the module); a mistake is a
    :class:`DataError` with the code ``code`` at its line and column."""
    text = text.removeprefix(BOM)
    check_bounds(text, path, code, toml=True)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = getattr(error, "lineno", 0) or 0
        column = getattr(error, "colno", 0) or 0
        if not line:  # Python before 3.14 says where only in the message
            where = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
            if where:
                line, column = int(where.group(1)), int(where.group(2))
        raise _error(
            code,
            f"not valid TOML: {error}",
            path,
            line,
            column,
            "see https://toml.io for the syntax",
            syntax=True,
        ) from None
