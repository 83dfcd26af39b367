"""The words of card text in each language, as data: ``locale/LANG/card-text.toml``.

A language's writers (:mod:`english`, :mod:`spanish`) keep only the grammar
(word order, agreement, contractions); what they say is read here, once per
language: the words of each enum member, the phrase templates, the effects'
sentences and the sentences of the rule options' settings.
A file is checked when it is read: a missing or unknown entry, or one of the
wrong shape, is a :class:`CardTextError` naming the file, the key and what is
expected. Enum-keyed tables are checked against the enum's members, the
effects against the node kinds of :data:`model.Effect`, the settings against
:data:`settings.SETTINGS`; the English file is the reference for the phrases,
and another language gives every phrase English has, of the same shape (one
template or a pair). A third language is one more file (and, for its
grammar, a small subclass of the English writer).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from enum import Enum
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from attrs import frozen

from . import model as m
from .settings import SETTINGS
from .spanish_words import FEMININE, MASCULINE, Noun
from .walk import members

LOCALE = Path(__file__).resolve().parent.parent / "locale"
FILE_NAME = "card-text.toml"

# A phrase's template, or a pair of them: (singular, plural), (false, true)
# or (masculine, feminine), as its use says.
Template = str | tuple[str, str]

# The forms an effect is said in: to the player, of every player (R18), after
# "to" ("you may pay 1 Power card to draw a Law"). A language's file gives the
# first; the others, when it has no section for them, its grammar derives.
YOU, EVERY, TO_DO = "effects", "effects-every", "effects-to-do"
# Parts of an effect's sentence beside the one named by its node kind.
EFFECT_PARTS = ("DrawPattern of a level", "DrawPattern keep", "DiscardTop remember")

# The enum-keyed tables, section -> enum: of one template a member ...
ONE_SECTIONS: Mapping[str, type[Enum]] = MappingProxyType(
    {
        "rows": m.Row,
        "relations": m.RelationKind,
        "scopes": m.ScopeKind,
        "comparisons": m.Comparison,
        "same": m.Attribute,
        "most-common": m.Attribute,
        "directions": m.Direction,
        "provenance": m.Provenance,
    }
)
# ... and of a pair (what the two are; one string serves as both).
PAIR_SECTIONS: Mapping[str, tuple[type[Enum], str]] = MappingProxyType(
    {
        "facts": (m.Fact, "a pair [singular, plural]"),
        "distinct": (m.Attribute, "a pair [singular, plural]"),
        "levels": (m.Difficulty, "a pair [singular, plural]"),
        "triggers": (m.TriggerKind, "a pair [masculine, feminine]"),
    }
)
WORDS = ("it", "and", "or")


class CardTextError(ValueError):
    """A card-text data file lacks an entry, has one too many, or one of the
    wrong shape (the package's own data: a bug of ours, found at import)."""


@frozen
class CardWords:
    """One language's card-text words, checked (see the module's docstring)."""

    lang: str
    file: str  # as errors name it: "locale/es/card-text.toml"
    words: Mapping[str, str]
    # the tables of ONE_SECTIONS and PAIR_SECTIONS: section -> member -> template(s)
    ones: Mapping[str, Mapping[Any, str]]
    twos: Mapping[str, Mapping[Any, tuple[str, str]]]
    phrases: Mapping[str, Template]
    effects: Mapping[str, Mapping[str, Template]]  # form -> key -> template(s)
    kinds: Mapping[str, str]
    settings: Mapping[tuple[str, str | int], str]  # (setting, value) -> sentence
    numbers: Mapping[str, tuple[str, str]]  # a number setting -> [one, many], with {n}
    card: Noun

    def phrase(self, key: str) -> str:
        """A phrase that is one template."""
        template = self.phrases[key]
        if not isinstance(template, str):
            raise TypeError(f"{self.file}: [phrases] {key!r} is a pair: use pair()")
        return template

    def pair(self, key: str) -> tuple[str, str]:
        """A phrase that is a pair of templates."""
        templates = self.phrases[key]
        if isinstance(templates, str):
            raise TypeError(f"{self.file}: [phrases] {key!r} is one template: use phrase()")
        return templates

    def setting(self, name: str, value: str | int) -> str:
        """What ``set NAME VALUE`` means, as a sentence (``[settings.NAME]``;
        a number with no sentence of its own says its ``number`` pair,
        agreeing). A setting or value the engine does not know (a file the
        linter refuses) is said as it is written."""
        found = self.settings.get((name, value))
        if found is None and isinstance(value, int) and name in self.numbers:
            return self.numbers[name][value != 1].format(n=value)
        return f"{name} {value}" if found is None else found


def _noun(file: str, data: Mapping[str, Any], name: str) -> Noun:
    """A noun of ``[nouns]``: ``card = { singular = "carta", plural =
    "cartas", gender = "feminine" }``."""
    entry = _entry(file, data, "nouns", name, "a noun")
    if not isinstance(entry, dict) or set(entry) - {"singular", "plural", "gender"}:
        raise _wrong(file, "nouns", name, "{ singular, plural, gender }", entry)
    gender = entry.get("gender", MASCULINE)
    if gender not in (MASCULINE, FEMININE):
        raise _wrong(file, "nouns", name, f"gender {MASCULINE!r} or {FEMININE!r}", gender)
    return Noun(
        _text(file, "nouns", name, entry.get("singular")),
        _text(file, "nouns", name, entry.get("plural")),
        gender == FEMININE,
    )


def _where(file: str, section: str, key: str) -> str:
    return f"{file}: [{section}] {key!r}"


def _wrong(file: str, section: str, key: str, expected: str, found: object) -> CardTextError:
    return CardTextError(f"{_where(file, section, key)} is {found!r}: expected {expected}")


def _unknown(file: str, section: str, key: str, valid: list[str]) -> CardTextError:
    return CardTextError(
        f"{_where(file, section, key)} is not an entry it may have: the entries are "
        + ", ".join(map(repr, valid))
    )


def _section(file: str, data: Mapping[str, Any], section: str) -> dict[str, Any]:
    found = data.get(section)
    if not isinstance(found, dict):
        raise CardTextError(f"{file}: no table [{section}]")
    return found


def _entry(file: str, data: Mapping[str, Any], section: str, key: str, expected: str) -> Any:
    given = _section(file, data, section)
    if key not in given:
        raise CardTextError(f"{file}: [{section}] has no {key!r}: expected {expected}")
    return given[key]


def _total(file: str, section: str, expected: set[str], given: Mapping[str, Any]) -> None:
    missing = sorted(expected - set(given))
    if missing:
        raise CardTextError(
            f"{file}: [{section}] has no {missing[0]!r}: expected an entry for each of "
            + ", ".join(map(repr, sorted(expected)))
        )
    unknown = sorted(set(given) - expected)
    if unknown:
        raise _unknown(file, section, unknown[0], sorted(expected))


def _texts(file: str, data: Mapping[str, Any], section: str, keys: Iterable[str]) -> dict[str, str]:
    """A table of one text for each of ``keys`` and nothing else."""
    given, keys = _section(file, data, section), list(keys)
    _total(file, section, set(keys), given)
    return {key: _text(file, section, key, given[key]) for key in keys}


def _text(file: str, section: str, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise _wrong(file, section, key, "a text", value)
    return value


def _pair(file: str, section: str, key: str, value: object, shape: str) -> tuple[str, str]:
    """A pair of templates (a string serves as both)."""
    if isinstance(value, str):
        return value, value
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return value[0], value[1]
    raise _wrong(file, section, key, shape, value)


def _template(
    file: str, section: str, key: str, value: object, english: Template | None
) -> Template:
    """One template or a pair of them; of the shape of ``english``'s, when given."""
    if isinstance(value, str) and not isinstance(english, tuple):
        return value
    if isinstance(value, list) and not isinstance(english, str):
        return _pair(file, section, key, value, "a pair [first, second]")
    if english is None:
        raise _wrong(file, section, key, "a text or a pair [first, second]", value)
    shape = "a text" if isinstance(english, str) else "a pair"
    raise _wrong(file, section, key, f"{shape}, as English has: {english!r}", value)


def _templates(
    file: str, data: Mapping[str, Any], section: str, reference: Mapping[str, Template] | None
) -> Mapping[str, Template]:
    """A table of templates keyed by name: English's as it is given (one or a
    pair each), another language's checked to have English's keys and shapes."""
    given = _section(file, data, section)
    if reference is not None:
        _total(file, section, set(reference), given)
    return MappingProxyType(
        {
            key: _template(file, section, key, value, None if reference is None else reference[key])
            for key, value in given.items()
        }
    )


def _settings(
    file: str, data: Mapping[str, Any]
) -> tuple[dict[tuple[str, str | int], str], dict[str, tuple[str, str]]]:
    """``[settings.NAME]``: a sentence for each value of each setting; a
    number setting's ``number`` is a pair [one, many] with ``{n}``, and a
    number of its own may have a sentence of its own (``0 = "..."``)."""
    given = _section(file, data, "settings")
    _total(file, "settings", set(SETTINGS), given)
    found: dict[tuple[str, str | int], str] = {}
    numbers: dict[str, tuple[str, str]] = {}
    for name, spec in SETTINGS.items():
        section = f"settings.{name}"
        values = given[name]
        if not isinstance(spec.allowed, tuple):  # int: a number
            digits = {key for key in values if key.isdigit()}
            _total(file, section, {"number", *digits}, values)
            numbers[name] = _pair(file, section, "number", values["number"], "a pair [one, many]")
            for key in digits:
                found[(name, int(key))] = _text(file, section, key, values[key])
            continue
        _total(file, section, set(spec.allowed), values)
        for value in spec.allowed:
            found[(name, value)] = _text(file, section, value, values[value])
    return found, numbers


def read(path: Path, lang: str, english: CardWords | None = None) -> CardWords:
    """A language's card-text file, checked (``english``: the reference for
    its phrases and effects; None when reading English itself)."""
    inside = path.resolve().is_relative_to(LOCALE.parent)
    file = str(path.resolve().relative_to(LOCALE.parent)) if inside else str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise CardTextError(f"{file}: {error}") from error
    ones: dict[str, Mapping[Any, str]] = {}
    for section, enum in ONE_SECTIONS.items():
        texts = _texts(file, data, section, [k.value for k in enum])
        ones[section] = MappingProxyType({k: texts[k.value] for k in enum})
    twos: dict[str, Mapping[Any, tuple[str, str]]] = {}
    for section, (enum, shape) in PAIR_SECTIONS.items():
        given = _section(file, data, section)
        _total(file, section, {k.value for k in enum}, given)
        twos[section] = MappingProxyType(
            {k: _pair(file, section, k.value, given[k.value], shape) for k in enum}
        )
    effects = {}
    for form in (YOU, EVERY, TO_DO):
        if form not in data and form != YOU:
            continue  # said by the grammar from the first form
        reference = english.effects[YOU] if english is not None else None
        effects[form] = _templates(file, data, form, reference)
    settings, numbers = _settings(file, data)
    kinds_of_effects = {kind.__name__ for kind in members(m.Effect)} | set(EFFECT_PARTS)
    _total(file, YOU, kinds_of_effects, _section(file, data, YOU))
    return CardWords(
        lang,
        file,
        MappingProxyType(_texts(file, data, "words", WORDS)),
        MappingProxyType(ones),
        MappingProxyType(twos),
        _templates(file, data, "phrases", english.phrases if english is not None else None),
        MappingProxyType(effects),
        MappingProxyType(_texts(file, data, "kinds", m.KINDS)),
        MappingProxyType(settings),
        MappingProxyType(numbers),
        _noun(file, data, "card"),
    )


@cache
def card_words(lang: str) -> CardWords:
    """The card-text words of ``lang`` ("en", "es"), read once."""
    english = None if lang == "en" else card_words("en")
    return read(LOCALE / lang / FILE_NAME, lang, english)
