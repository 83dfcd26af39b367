"""The game's words as a player reads them, in English or Spanish, for
every face of the game (the terminal, the web pages): the names of cards,
rows and cells, the engine's prompts and choice labels, and what a move
did. One source, looked up in the library's gettext catalogue
(:mod:`dioses_rules.i18n`, domain ``dioses``), so that ``dioses play
--lang es`` and the Spanish web page say the same words.

Every function takes the language (``"en"``, ``"es"``); none keeps one.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache

from ..i18n import translation


class Words:
    """One language's messages: ``_()`` and ``ngettext()``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.catalogue: gettext.NullTranslations = translation(lang)

    def _(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.catalogue.ngettext(singular, plural, count)


@cache
def words(lang: str) -> Words:
    """The messages of ``lang`` (ValueError for a language with none)."""
    return Words(lang)


def N_(message: str) -> str:
    """A message marked for the catalogue, looked up where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """A message with a plural form marked for the catalogue, looked up with
    ``ngettext`` where it is shown (click's "Got unexpected extra
    argument(s)")."""
    return singular, plural


# An English text the library says (an engine prompt, a message, a flag) and
# the catalogue's message it stands for, its groups the message's {fields}.
Table = list[tuple[re.Pattern[str], str]]
# What a field of a message matches where it is not any text: an id the
# engine names a card by, a number.
FIELDS = {"card": r"[\w-]+", "law": r"[\w-]+", "number": r"\d+", "count": r"\d+"}
_FIELD = re.compile(r"\{(\w+)\}")


def pattern_of(message: str) -> str:
    """The pattern of the English text a message says: its own words, each
    ``{field}`` a group of the field's text (:data:`FIELDS`, else any)."""
    parts = _FIELD.split(message)
    return (
        "^"
        + "".join(
            f"(?P<{part}>{FIELDS.get(part, '.+')})" if odd else re.escape(part)
            for odd, part in ((i % 2 == 1, part) for i, part in enumerate(parts))
        )
        + "$"
    )


def table(rows: Iterable[str | tuple[str, str]]) -> Table:
    """Each row a message, which the English text says word for word
    (:func:`pattern_of`), or a (pattern, message) pair where the library
    says it otherwise; the patterns compiled once."""
    return [
        (re.compile(row[0]), row[1])
        if isinstance(row, tuple)
        else (re.compile(pattern_of(row)), row)
        for row in rows
    ]


def matched(
    rows: Table, text: str, lang: str, said: Mapping[str, Callable[[str], str]] | None = None
) -> str:
    """``text`` in ``lang`` by the first pattern of ``rows`` it matches, its
    groups put into the message (a group named in ``said`` said by its
    function first: a reason inside a reason, a row's word); as it is when
    none matches."""
    for pattern, message in rows:
        found = pattern.match(text)
        if found:
            fields = {
                name: said[name](value) if said and name in said and value else value or ""
                for name, value in found.groupdict().items()
            }
            return words(lang)._(message).format(**fields)
    return text
