"""Rule options' settings as sentences, in English and in Spanish.

A rule option sets engine settings (``set end-rule equal-turns``,
:mod:`settings`); its card text says what that means for the players, not
the setting's name: "the game goes on until every player has played as many
turns". Every value of every setting has its sentence in each language's
``locale/LANG/card-text.toml`` (checked against ``settings.SETTINGS`` when
the file is read, by :mod:`card_words`).
"""

from __future__ import annotations

from .card_words import card_words


def setting_sentence(name: str, value: str | int, lang: str = "en") -> str:
    """What ``set NAME VALUE`` means, as a sentence in ``lang`` (its
    ``[settings.NAME]`` in ``locale/LANG/card-text.toml``; a number with no
    sentence of its own says its ``number`` pair, agreeing). A setting or
    value the engine does not know (a file the linter refuses) is said as it
    is written."""
    words = card_words(lang)
    found = words.settings.get((name, value))
    if found is None and isinstance(value, int) and name in words.numbers:
        return words.numbers[name][value != 1].format(n=value)
    return f"{name} {value}" if found is None else found
