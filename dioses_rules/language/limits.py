"""The limits of the card language, in one place: the range of every number a
card file can write, how deep expressions may nest, and how many errors of
one file are shown.

A card file is input from anyone; these limits keep checking it, and every
command that reads it, bounded in time and memory. Each range is generous
for the game (12 cards per area, 3 x 4 cells, a deck of some hundred Myth
cards, at most 6 seats) and is the one table docs/card-language.md lists
(``tests/test_hostile_cards.py`` checks that the two agree).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from attrs import frozen

from ..errors import Diagnostic, Severity, did_you_mean

# Errors shown per file; the rest are counted in one last diagnostic (DL009).
# Only the syntax errors shown are given a hint (a misspelling, a phrasing),
# so that each of a broken file's other errors costs little.
MAX_ERRORS = 50

# How deep a definition's parse tree may nest (parentheses, 'not', 'of same',
# leaders); deeper is DL004. The deepest bundled definition nests 10, and the
# recursive back ends (source, English, scoring) handle twice this.
MAX_DEPTH = 100

# How many statements (lines, or ';'-separated parts of one) one definition
# may hold; more is DL008 and the definition is set aside unparsed. The
# longest bundled definition holds about 50; a parse tree costs some kB a
# statement, so one definition of 100,000 lines took 600 MB (issue #23).
MAX_STATEMENTS = 1000

# How many cards a chain of 'scores like' may go through (each link nests the
# other card's lines once more); longer is DL117.
MAX_SCORES_LIKE = 8

# A number written with more digits than this is out of every range, and is
# reported without being converted (Python refuses to convert very long ones).
MAX_DIGITS = 9

# A word quoted in a message is cut to this many characters.
SHOWN_WORD = 40

# Candidates a file's 'did you mean's look through in all (each costs a
# comparison): with a pool of 15,000 card ids, a dozen hints, not fifty.
HINT_BUDGET = 200_000


@frozen
class Range:
    """The values a number of the card language may take: ``low`` to ``high``.

    ``low_code``: a value below ``low`` is reported by an older check of the
    linter with that code (DL601, DL602) instead of DL120; ``not_zero``: 0
    is refused too (DL601: points say a gain or, negative, a penalty).
    """

    key: str
    what: str
    low: int
    high: int
    example: str
    low_code: str | None = None
    not_zero: bool = False

    def check(self, value: int) -> str | None:
        """A DL120 message for ``value``, or None when it fits (or when the
        older check of ``low_code`` reports it)."""
        if self.low <= value <= self.high or (value < self.low and self.low_code):
            return None
        return self._outside(value_text(value))

    def check_text(self, digits: str) -> str | None:
        """:meth:`check` for a number as written, converted only when short."""
        value = number_value(digits)
        if value is None:
            return self._outside(number_text(digits))
        return self.check(value)

    def _outside(self, shown: str) -> str:
        return f"{self.what} must be {self.low} to {self.high}, not {shown}"

    @property
    def help(self) -> str:
        return f"e.g. {self.example}; every number's range: docs/card-language.md, Numbers"


# Cards in one area (R1); the base game deals 12 to each of up to 6 seats.
AREA = 12

RANGES: dict[str, Range] = {
    r.key: r
    for r in (
        Range(
            "points",
            "the points of a scoring line",
            -100,
            100,
            "'2 points if next to greek'",
            not_zero=True,
        ),
        Range("per", "'per'", 1, 100, "'1 point per 2 gods'", low_code="DL602"),
        Range("cap", "'up to'", 1, 1000, "'... up to 3 points'", low_code="DL601"),
        Range("weight", "'counts as'", 1, AREA, "'counts as 2 gods'", low_code="DL601"),
        Range("amount", "an amount compared", 0, 1000, "'at least 2 gods in row'"),
        Range("scores", "'scores at least'", 0, 1000, "'hera scores at least 3 points'"),
        Range("expect", "an 'expect' count", 0, 10000, "'expect 97 myth'"),
        Range(
            "difficulty",
            "a difficulty's points",
            1,
            100,
            "'difficulty hard 6 points'",
            low_code="DL601",
        ),
        Range("cost", "a power effect's cost", 1, AREA, "'cost 2'", low_code="DL601"),
        Range("scenario", "a scenario's number", 1, 999, "'scenario ragnarok 3 \"Ragnarok\"'"),
        Range("beat", "'beat'", 0, 1000, "'beat 30 points'"),
        Range(
            "random",
            "the random cards of 'separate'",
            0,
            200,
            "'separate thor with 4 random cards'",
        ),
        Range("power-cards", "'power cards'", 0, AREA, "'power cards 2'"),
        Range("ability-cost", "an ability's cost", 0, AREA, "'allow reveal 2 cards cost 2'"),
        Range("swap", "the cards swapped", 1, AREA, "'swap 2 cards'"),
        Range("reveal", "the cards revealed or hidden", 1, AREA, "'reveal 2 cards', 'hide a card'"),
        Range("patterns", "the patterns drawn", 1, AREA, "'draw 3 easy patterns'"),
        Range(
            "keep", "the patterns kept", 1, AREA, "'draw 3 patterns keep 1' (no more than drawn)"
        ),
        Range("laws", "the laws drawn", 1, AREA, "'draw 2 laws'"),
    )
}


def number_value(digits: str) -> int | None:
    """The value of a written number ("-12", "007"), or None when it has
    more than :data:`MAX_DIGITS` digits (out of every range: Python would
    refuse to convert a very long one, and a huge one would cost to)."""
    sign, body = ("-", digits[1:]) if digits.startswith("-") else ("", digits)
    body = body.lstrip("0") or "0"
    return int(sign + body) if len(body) <= MAX_DIGITS else None


def number_text(digits: str) -> str:
    """A written number as a message shows it: a very long one is cut."""
    body = digits.lstrip("-")
    if len(body) <= 15:
        return digits
    return f"{digits[: len(digits) - len(body) + 6]}... (a number of {len(body):,} digits)"


def value_text(value: int) -> str:
    """A number as a message shows it (converting a huge one to text would
    cost, or be refused)."""
    if abs(value) < 10**15:
        return str(value)
    return (
        f"{'-' if value < 0 else ''}a number of about {int(value.bit_length() * 0.30103):,} digits"
    )


_LONG_WORD = re.compile(r"[^\s',;]{%d,}" % (SHOWN_WORD + 1))  # noqa: UP031 (the regex's {n,} quantifier: an f-string would double its braces)


def shorten(message: str) -> str:
    """A message with every very long word in it cut (a file's 1 MB word is
    reported by its start, not copied into the report)."""
    return _LONG_WORD.sub(lambda m: m.group(0)[:SHOWN_WORD] + "...", message)


def capped(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """At most :data:`MAX_ERRORS` errors and as many warnings of each file,
    the first in order of place; from the first past either, the rest are
    counted in one DL009 at its place, after the file's others ("and 9,950
    more errors after line 812"), an error if any of them is."""
    by_path: dict[str, list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        by_path.setdefault(diagnostic.path, []).append(diagnostic)
    out: list[Diagnostic] = []
    for path, found in by_path.items():
        errors = sum(1 for d in found if d.is_error)
        if errors <= MAX_ERRORS and len(found) - errors <= MAX_ERRORS:
            out += found
            continue
        found = sorted(found, key=lambda d: (d.line, d.column))
        kept = {True: 0, False: 0}
        shown = 0
        while kept[found[shown].is_error] < MAX_ERRORS:
            kept[found[shown].is_error] += 1
            shown += 1
        rest = found[shown:]
        hidden = sum(1 for d in rest if d.is_error)
        counts = [_count(hidden, "error"), _count(len(rest) - hidden, "warning")]
        out += found[:shown]
        out.append(
            Diagnostic(
                "DL009",
                f"and {' and '.join(c for c in counts if c)} after line {found[shown - 1].line}",
                path,
                rest[0].line,
                rest[0].column,
                Severity.ERROR if hidden else Severity.WARNING,
                f"only the first {MAX_ERRORS} errors and {MAX_ERRORS} warnings of a file are "
                "shown; correct them and check again",
            )
        )
    return out


def _count(number: int, what: str) -> str:
    """'9,950 more errors', '1 more warning', '' for none."""
    if not number:
        return ""
    return f"{number:,} more {what}{'' if number == 1 else 's'}"


class Hints:
    """The 'did you mean's of one file: for its first :data:`MAX_ERRORS`
    diagnostics only (the others are not shown), and looking through at most
    :data:`HINT_BUDGET` candidates in all, so that a file of many unknown
    names costs in proportion to its size, not to its size times the pool."""

    def __init__(self) -> None:
        self.asked = 0  # words a hint was looked for (twice in a row counts once)
        self.looked = 0
        self.last: str | None = None

    def __call__(self, word: str, candidates: Collection[str]) -> str | None:
        if word != self.last:
            if self.asked >= MAX_ERRORS:
                return None
            self.asked, self.last = self.asked + 1, word
        if self.looked + len(candidates) > HINT_BUDGET:
            return None
        self.looked += len(candidates)
        return did_you_mean(word, candidates)
