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
