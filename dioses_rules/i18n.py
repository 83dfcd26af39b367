"""The terminal's message catalogues: gettext at run time (the standard
library), one catalogue per language under ``dioses_rules/locale/``.

The catalogues are made with Babel (a dev tool, the ``[test]`` extra):
``tools/catalogues.sh`` extracts every ``_()``/``ngettext()`` of the command
line into ``locale/dioses.pot``, merges it into each language's ``.po`` and
compiles the ``.mo`` that gettext reads. The ``.mo`` is committed beside its
``.po`` (and so ships in the wheel, which carries ``dioses_rules/`` whole):
an install needs no Babel and no build step, and a test checks that each
``.mo`` says what its ``.po`` says. English is the messages themselves (no
catalogue); a third language is one more ``locale/LANG/LC_MESSAGES/dioses.po``.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

DOMAIN = "dioses"
LOCALE_DIR = Path(__file__).parent / "locale"


def languages() -> tuple[str, ...]:
    """English and every language with a compiled catalogue."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return ("en", *found)


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang``; English (and only English) is the messages
    as written. A language without a catalogue raises ValueError."""
    if lang == "en":
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    except OSError:
        raise ValueError(
            f"no messages in '{lang}': the languages are {', '.join(languages())}"
        ) from None
