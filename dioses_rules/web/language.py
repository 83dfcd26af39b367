"""The web pages' language: English or Spanish, chosen per browser (a
cookie set by the switch in every page's header), the pages' words from the
``web`` gettext catalogue (``dioses_rules/locale/LANG/LC_MESSAGES/web.po``,
made by ``tools/catalogues.sh`` with Babel, which reads the templates with
Jinja2's own extractor). A third language is one more catalogue.

The templates call ``_("text")`` and ``ngettext(one, many, n)``, with
``%(name)s`` placeholders filled from keyword arguments (Jinja2's
"new style" gettext); the result is escaped as any other text.
"""

from __future__ import annotations

import gettext
from functools import cache

from starlette.requests import Request

from ..i18n import LOCALE_DIR
from ..wording.names import agent_word

DOMAIN = "web"
LANGUAGES = {"en": "English", "es": "Español"}
COOKIE = "dioses-lang"


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def chosen(request: Request) -> str:
    """The browser's language: its cookie, else the first of its
    Accept-Language the pages speak, else English."""
    lang = request.cookies.get(COOKIE, "")
    if lang in LANGUAGES:
        return lang
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def page_words(request: Request) -> dict[str, object]:
    """The template context's language: ``lang``, ``_``, ``gettext``, ``ngettext``."""
    lang = chosen(request)
    words = catalogue(lang)

    def said(message: str, **values: object) -> str:
        text = words.gettext(message)
        return text % values if values else text

    def said_n(one: str, many: str, n: int, **values: object) -> str:
        return words.ngettext(one, many, n) % {"num": n, **values}

    def agent(name: str) -> str:  # "greedy" -> "voraz", as the terminal says it
        return agent_word(name, lang)

    return {
        "lang": lang,
        "languages": LANGUAGES,
        "_": said,
        "gettext": said,
        "ngettext": said_n,
        "agent": agent,
    }


def N_(message: str) -> str:
    return message


def say(request: Request, message: str, **values: object) -> str:
    """``message`` (marked with :func:`N_` or ``_``) in the request's
    language, its ``%(name)s`` placeholders filled: what the server answers
    a page in (bad form input, a link of no seat, a game gone)."""
    text = catalogue(chosen(request)).gettext(message)
    return text % values if values else text


# words the templates translate from data (a row's name, a cell's verb): marked
# here so that Babel extracts them
DATA_WORDS = (
    N_("front"),
    N_("central"),
    N_("back"),
    N_("turn face up"),
    N_("turn face down"),
    N_("replace"),
    N_("play the drawn card at"),
    N_("choose"),
)


# the card gallery's filters (catalog.FILTERS) and the kinds of definition
FACET_NAMES = {
    "set": N_("Set"),
    "kind": N_("Kind"),
    "mythology": N_("Mythology"),
    "type": N_("Type"),
    "provenance": N_("Provenance"),
}
KIND_WORDS = (
    N_("myth"),
    N_("event"),
    N_("law"),
    N_("pattern"),
    N_("scenario"),
    N_("objective goal"),
    N_("objective element"),
    N_("power"),
    N_("rule option"),
)


# a game's state on the Play page's list of the games on the table
STATE_WORDS = {
    "starting": N_("starting"),
    "deciding": N_("waiting for a choice"),
    "thinking": N_("the agents are playing"),
    "finished": N_("finished"),
    "failed": N_("stopped"),
    "left": N_("left the table"),
}

# Starlette's own answers' words, when no route or method matches
HTTP_WORDS = (N_("Not Found"), N_("Method Not Allowed"))
