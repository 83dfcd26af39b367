"""The language the terminal speaks (``--lang``): ``_()`` and ``ngettext()``
look a message up in that language's catalogue (:mod:`dioses_rules.i18n`).

One language per command run: ``--lang`` sets it when the command line is
read (every command starts in English), so the drawing code need not pass
it around."""

from __future__ import annotations

import gettext

from dioses_rules.i18n import translation


class _State:
    lang = "en"
    catalogue: gettext.NullTranslations = translation("en")


_state = _State()


def use(lang: str) -> None:
    _state.catalogue = translation(lang)  # first: an unknown language raises
    _state.lang = lang


def lang() -> str:
    return _state.lang


def _(message: str) -> str:
    return _state.catalogue.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _state.catalogue.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` where its words agree with ``context`` ("none" of patterns:
    "ninguno", of laws: "ninguna")."""
    return _state.catalogue.pgettext(context, message)


_rulings = {"shown": False}


def show_rulings(shown: bool) -> None:
    """``--rulings``: name the ruling (R12, R16...) behind a line, for designers."""
    _rulings["shown"] = shown


def for_designers() -> bool:
    """Whether --rulings asked for the designers' details (rulings by code,
    which evaluator matched the cells)."""
    return bool(_rulings["shown"])


def ruling(code: str) -> str:
    """ " (R16)" after a line when --rulings asked for the codes, else ''."""
    return f" ({code})" if _rulings["shown"] else ""
