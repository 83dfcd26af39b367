"""Spanish agreement: nouns and adjectives in gender and number, articles,
counts and lists, for the Spanish card text (:mod:`spanish`).

A declared type is a :class:`Noun` ("dios"/"dioses", masculine) and a
declared mythology an :class:`Adjective` ("griego", "griega", "griegos",
"griegas"), from the set's ``spanish`` forms; a declaration without them
gets the regular forms of its printed name (:func:`noun_of`,
:func:`adjective_of`).
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from attrs import frozen

MASCULINE, FEMININE = "masculine", "feminine"

SPANISH_HELP = {
    "type": 'a type is a noun of one gender: spanish masculine "dios" "dioses"',
    "mythology": 'give each gender once: spanish masculine "griego" "griegos" '
    'feminine "griega" "griegas"',
}


def spanish_problem(kind: str, forms: Sequence[tuple[str, str, str]]) -> str | None:
    """What is wrong with a declaration's ``spanish`` forms, or None (DL121)."""
    genders = [gender for gender, _, _ in forms]
    if kind == "type" and len(genders) > 1:
        return "a card type's Spanish noun has one gender, not " + " and ".join(genders)
    twice = sorted({gender for gender in genders if genders.count(gender) > 1})
    if twice:
        return f"the Spanish {twice[0]} forms are given twice"
    if any(not singular.strip() or not plural.strip() for _, singular, plural in forms):
        return "a Spanish form is empty"
    return None


# ---------------------------------------------------------------------- words


@frozen
class Noun:
    """A Spanish noun: "carta"/"cartas", feminine."""

    singular: str
    plural: str
    feminine: bool = False

    def form(self, plural: bool) -> str:
        return self.plural if plural else self.singular


@frozen
class Adjective:
    """A Spanish adjective in its four forms (masculine and feminine,
    singular and plural)."""

    masculine: str
    feminine: str
    masculine_plural: str
    feminine_plural: str

    def agree(self, feminine: bool, plural: bool) -> str:
        if feminine:
            return self.feminine_plural if plural else self.feminine
        return self.masculine_plural if plural else self.masculine


def _plain(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def plural_of(word: str) -> str:
    """The regular Spanish plural: -s after an unstressed vowel, -es after a
    consonant or a stressed i/u ("lugar" -> "lugares", "dios" -> "dioses",
    "nación" -> "naciones"), -z -> -ces; a word ending in an unstressed
    vowel + s is invariable ("crisis")."""
    if not word:
        return word
    last = word[-1]
    if last in "zZ":
        return word[:-1] + "ces"
    if _plain(last).lower() in "aeo" or last in "iu":
        return word + "s"
    if _plain(word[-2:-1]).lower() in "aeiou" and word[-2] != _plain(word[-2]):
        return word[:-2] + _plain(word[-2]) + last + "es"  # "nación" -> "naciones"
    if last in "sx" and _syllables(word) > 1 and word == _plain(word):
        return word  # "crisis", "lunes": unstressed last syllable
    return word + "es"


def _syllables(word: str) -> int:
    """The vowel groups of a word (a diphthong is one: "dios" has one)."""
    plain = _plain(word).lower()
    return sum(
        1
        for at, ch in enumerate(plain)
        if ch in "aeiou" and (at == 0 or plain[at - 1] not in "aeiou")
    )


def gender_of(noun: str) -> str:
    """The likely gender of a noun: feminine ending in -a, -ión, -dad, -tad,
    -tud, -umbre; else masculine."""
    plain = _plain(noun).lower()
    feminine = plain.endswith(("a", "ion", "dad", "tad", "tud", "umbre"))
    return FEMININE if feminine and not plain.endswith(("ma", "pa")) else MASCULINE


def noun_of(name: str, forms: Sequence[tuple[str, str, str]] = ()) -> Noun:
    """A type's Spanish noun: its declared form, else its printed name, its
    gender by its ending and its plural by the regular rule."""
    if forms:
        gender, singular, plural = forms[0]
        return Noun(singular, plural, gender == FEMININE)
    word = name[:1].lower() + name[1:]
    return Noun(word, plural_of(word), gender_of(word) == FEMININE)


def adjective_of(name: str, forms: Sequence[tuple[str, str, str]] = ()) -> Adjective:
    """A mythology's Spanish adjective: its declared forms (one gender given
    serves both: "celta"), else its printed name for both genders with the
    regular plural."""
    by_gender = {gender: (singular, plural) for gender, singular, plural in forms}
    if not by_gender:
        word = name[:1].lower() + name[1:]
        by_gender[MASCULINE] = (word, plural_of(word))
    masculine = by_gender.get(MASCULINE) or by_gender[FEMININE]
    feminine = by_gender.get(FEMININE) or masculine
    return Adjective(masculine[0], feminine[0], masculine[1], feminine[1])


# ---------------------------------------------------------------------- articles


def indefinite(feminine: bool) -> str:
    """un, una (the plural is never said: "2 dioses", "dioses")."""
    return "una" if feminine else "un"


def counted(amount: int, noun: Noun) -> str:
    """ "1 dios", "2 dioses", "0 cartas"; "1 card", "2 cards"."""
    return f"{amount} {noun.form(amount != 1)}"


def _starts_with_sound(word: str, sounds: tuple[str, ...]) -> bool:
    plain = _plain(word).lower()
    return plain.startswith(sounds) and not plain.startswith(("hie", "hia", "hio", "hue"))


def conjunction(word: str, following: str) -> str:
    """ "y" is "e" before an i sound ("Horus e Isis"), "o" is "u" before an o
    sound ("Isis u Osiris")."""
    if word == "y" and _starts_with_sound(following, ("i", "hi")):
        return "e"
    if word == "o" and _starts_with_sound(following, ("o", "ho")):
        return "u"
    return word


def join(items: Sequence[str], word: str) -> str:
    """ "a", "a y b", "a, b y c" (with the conjunction agreeing with the last)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction(word, items[-1])} " + items[-1]


_OUR_NAMES = Path(__file__).parents[1] / "locale" / "es" / "our-names.toml"


@cache
def _state_words() -> dict[str, str]:
    data = tomllib.loads(_OUR_NAMES.read_text(encoding="utf-8"))
    return {
        word: str(value).partition("|")[0].strip()
        for word, value in data.get("state", {}).items()
        if str(value).partition("|")[2].strip() == word
    }


def state_word(word: str) -> str:
    """A scenario's state word or set-aside deck in Spanish: our translation
    (``locale/es/our-names.toml``, [state]: "fairest" -> "la más bella"),
    else the word as the card file says it."""
    return _state_words().get(word, word)


_AGREEMENT = Path(__file__).parents[1] / "locale" / "es" / "agreement.toml"
_PROPER_FORMS = {  # agreement.toml's [proper-names] lists: (feminine, plural)
    "masculine": (False, False),
    "feminine": (True, False),
    "masculine-plural": (False, True),
    "feminine-plural": (True, True),
}


@cache
def agreement() -> dict[str, object]:
    """``locale/es/agreement.toml``: how Spanish card text agrees with a card."""
    return tomllib.loads(_AGREEMENT.read_text(encoding="utf-8"))


@cache
def _proper_names() -> dict[str, tuple[bool, bool]]:
    table = agreement().get("proper-names", {})
    assert isinstance(table, dict)
    return {name: _PROPER_FORMS[form] for form, names in table.items() for name in names}


def proper_name_gender(name: str) -> tuple[bool, bool] | None:
    """Whether a card's proper name ("Odín", "Idun") is feminine and plural
    in Spanish (``agreement.toml``, [proper-names]), or None when not known."""
    return _proper_names().get(name)
