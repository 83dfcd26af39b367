"""Hostile inputs of the kinds issue #23's audit found crashes with, drawn
from a seeded ``random.Random``: deep nesting, huge integers, lone
surrogates, odd Unicode in names, byte-order marks, huge strings, and plain
mutations of valid files (the suite's Hypothesis fuzzing, tests/test_fuzz.py,
mutates the same files; these are the classes it rarely reaches).

JSON and TOML cannot carry every one of them as a value (``json.dumps``
refuses an int past 4,300 digits, a list 100,000 deep overflows it), so
data is mutated with placeholders that :func:`to_json` and :func:`to_toml`
write out as raw text.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

NESTING = (30, 200, 1000, 5000, 100_000)
DIGITS = (19, 20, 400, 4300, 4301, 5000, 100_000)
LONG = (1000, 100_000, 2_000_000)
# Names that must each be an unknown card (#23: a name matches after case
# folding and accent stripping only), and a few that must still match.
NAMES = [
    "Кra",
    "hera\u200b",
    "hera\u0000",
    "!!hera!!",
    "ｈｅｒａ",
    "??hera",
    "?",
    "??",
    "?.",
    "ʜᴇʀᴀ",
    "he\u0301ra",
    "HÉRA",
    "hera\u202e",
    "\u202ehera",
    "hera\ufeff",
    "h\u00adera",
    "hera\r",
    "hera\t",
    " hera",
    "hera ",
    "ZEUS",
    "zeus\ud800",
    "\udc80",
    "🜲",
    "hela\n",
    "a" + "\u0301" * 1000,
    "ℌera",
    "ﬁre",
    "İstanbul",
    "ß",
    "ΣΊΣΥΦΟΣ",
    "\x7f",
    "\x1b[31mred",
    "[/]",
    "[bold]x",
    ":x:",
    "%s%n",
    "{0}",
    "../../etc/passwd",
    "/dev/zero",
    "NUL",
    "con",
]
SURROGATES = ["\udc80", "\ud800", "\udfff", "a\ud83d", "\ud83d\ude00"[::-1]]
PIECES = [
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "|",
    '"',
    "'",
    ";",
    ":",
    ",",
    "=",
    ".",
    "?",
    "-",
    "+",
    "\n",
    "\r\n",
    "\r",
    "\t",
    "  ",
    "\x00",
    "\x0c",
    "\u2028",
    "\u0085",
    "\ufeff",
    "é",
    "if",
    "points",
    "point",
    "per",
    "next to",
    "scores like",
    "not",
    "and",
    "or",
    "in",
    "row",
    "column",
    "set",
    "god",
    "greek",
    "requires",
    "#",
    "\\",
    "\\u",
    '\\"',
    "nan",
    "inf",
    "-0",
    "1e999",
    "0x10",
    "1_000",
    "١",
    "３",
    "true",
    "null",
]

HUGE_STRING = "\x00long:"
HUGE_INT = "\x00digits:"
DEEP = "\x00deep:"
RAW = re.compile(r'"\\u0000(long|digits|deep):(\d+)"')


def pick(rng: random.Random, choices):
    return choices[rng.randrange(len(choices))]


def odd_text(rng: random.Random) -> str:
    """A short string of one hostile kind."""
    kind = rng.randrange(6)
    if kind == 0:
        return pick(rng, NAMES)
    if kind == 1:
        return pick(rng, SURROGATES)
    if kind == 2:
        return "".join(pick(rng, PIECES) for _ in range(rng.randint(1, 6)))
    if kind == 3:
        return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randint(1, 4)))
    if kind == 4:
        return pick(rng, ["9" * pick(rng, DIGITS[:4]), "-" + "9" * 30, "1" + "0" * 25])
    return pick(rng, PIECES) * rng.randint(2, 300)


def mutate_text(rng: random.Random, text: str) -> str:
    """``text`` with a few pieces inserted, deleted, replaced or repeated;
    sometimes one big one (a deep nesting, a huge number, a huge string)."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text) + 1)
        end = min(len(text), at + rng.randint(1, 12))
        action = rng.randrange(5)
        if action == 0:
            text = text[:at] + odd_text(rng) + text[at:]
        elif action == 1:
            text = text[:at] + text[end:]
        elif action == 2:
            text = text[:at] + odd_text(rng) + text[end:]
        elif action == 3:
            text = text[:at] + text[at:end] * rng.randint(2, 50) + text[end:]
        else:
            text = text[:at] + pick(rng, NAMES) + text[end:]
    if rng.random() < 0.15:
        text = big_insert(rng, text)
    return text


def big_insert(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    kind = rng.randrange(4)
    if kind == 0:
        depth = pick(rng, NESTING)
        opener, closer = pick(rng, [("[", "]"), ("{", "}"), ("(", ")")])
        big = opener * depth + closer * depth
    elif kind == 1:
        big = "9" * pick(rng, DIGITS)
    elif kind == 2:
        big = '"' + "a" * pick(rng, LONG) + '"'
    else:
        big = "\n" * pick(rng, LONG[:2])
    return text[:at] + big + text[at:]


def encode(rng: random.Random, text: str) -> bytes:
    """The text as UTF-8 (lone surrogates as the bytes CPython would write
    with surrogatepass), sometimes with a BOM, as UTF-16, or cut mid-character."""
    data = text.encode("utf-8", "surrogatepass")
    roll = rng.random()
    if roll < 0.05:
        return b"\xef\xbb\xbf" + data
    if roll < 0.07:
        return text.encode("utf-16", "surrogatepass")
    if roll < 0.09 and data:
        return data[: rng.randrange(len(data))] + b"\xc3"
    if roll < 0.11:
        return data + b"\xed\xb2\x80"  # a lone surrogate as raw bytes
    return data


# ------------------------------------------------------------------ data


def paths(data, path=()):
    yield path
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for name, value in items:
        yield from paths(value, (*path, name))


def odd_value(rng: random.Random) -> Any:
    """A JSON value of any type, hostile ones often."""
    kind = rng.randrange(12)
    if kind == 0:
        return f"{HUGE_INT}{pick(rng, DIGITS)}"
    if kind == 1:
        return f"{DEEP}{pick(rng, NESTING)}"
    if kind == 2:
        return f"{HUGE_STRING}{pick(rng, LONG)}"
    if kind == 3:
        return odd_text(rng)
    if kind == 4:
        return pick(
            rng,
            [
                None,
                True,
                False,
                0,
                -1,
                1,
                2,
                3,
                4,
                12,
                13,
                2**63,
                -(2**63),
                float("nan"),
                float("inf"),
                -0.0,
                0.5,
            ],
        )
    if kind == 5:
        return [odd_value(rng) for _ in range(rng.randint(0, 3))]
    if kind == 6:
        return {odd_text(rng): odd_value(rng) for _ in range(rng.randint(0, 2))}
    if kind == 7:
        return pick(
            rng,
            [
                "hera",
                "zeus",
                "front",
                "back",
                "central",
                "base",
                "two-greeks",
                "norse-gift",
                "the-fairest",
                "setup",
                "decision",
                "event",
                "final",
                "human",
                "greedy",
                "dioses-game",
                "dioses-log",
            ],
        )
    return pick(rng, NAMES)


def mutate_data(rng: random.Random, data: Any) -> Any:
    """``data`` with values of any type put at (or removed from) a few keys."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        found = [p for p in paths(data) if p]
        if not found:
            return odd_value(rng)
        path = pick(rng, found)
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        action = rng.randrange(5)
        if action == 0:
            del parent[path[-1]]
        elif action == 1 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
        elif (
            action == 2
            and isinstance(parent[path[-1]], int)
            and not isinstance(parent[path[-1]], bool)
        ):
            parent[path[-1]] += rng.randint(-2, 2)  # the same type: past the schema
        elif action == 3 and isinstance(parent, dict):
            parent[odd_text(rng)] = odd_value(rng)
        else:
            parent[path[-1]] = odd_value(rng)
    return data


def _raw(kind: str, size: int) -> str:
    if kind == "digits":
        return "9" * size
    if kind == "deep":
        return "[" * size + "]" * size
    return '"' + "a" * size + '"'


def to_json(data: Any) -> str:
    """JSON text of ``data``, placeholders written out raw."""
    text = json.dumps(data)  # NaN and Infinity as Python's json writes them
    return RAW.sub(lambda found: _raw(found.group(1), int(found.group(2))), text)


def to_toml(data: Any) -> str:
    """TOML-ish text of a board's ``data`` (inline tables; what TOML cannot
    hold, such as null, is written as JSON would: a mistake to refuse)."""

    def value(item) -> str:
        if isinstance(item, dict):
            return (
                "{" + ", ".join(f"{json.dumps(str(k))} = {value(v)}" for k, v in item.items()) + "}"
            )
        if isinstance(item, list):
            return "[" + ", ".join(value(v) for v in item) + "]"
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, float) and item != item:
            return "nan"
        if isinstance(item, float) and item in (float("inf"), float("-inf")):
            return "inf" if item > 0 else "-inf"
        return json.dumps(item)

    if not isinstance(data, dict):
        return "value = " + RAW.sub(lambda f: _raw(f.group(1), int(f.group(2))), value(data))
    text = "".join(f"{json.dumps(str(k))} = {value(v)}\n" for k, v in data.items())
    return RAW.sub(lambda found: _raw(found.group(1), int(found.group(2))), text)
