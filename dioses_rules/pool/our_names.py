"""Spanish names of ours (``locale/es/our-names.toml``): the Spanish names
no rulebook prints. The rulebooks name laws and patterns in English only,
and three Myth cards (CARDS.md: "our translation"); ``--lang es`` shows
these names, and wherever a card's provenance is shown its name is marked
as our translation, so that none is presented as printed.

A name applies only while the card's English name is the one the file
gives: a modder's card with the same id and another name is not ours.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from ..language import model as m

FILE = Path(__file__).resolve().parent.parent / "locale" / "es" / "our-names.toml"
FAMILIES = (
    "myth",
    "law",
    "pattern",
    "scenario",
    "rule-option",
    "power",
    "objective-goal",
    "objective-element",
)


@cache
def _table() -> dict[tuple[str, str], tuple[str, str]]:
    """(family, id) -> (Spanish name, English name)."""
    data = tomllib.loads(FILE.read_text(encoding="utf-8"))
    table = {}
    for family in FAMILIES:
        for ident, value in data.get(family, {}).items():
            spanish, _, english = value.partition("|")
            table[(family, ident)] = (spanish.strip(), english.strip())
    return table


def _family(definition: m.Definition) -> str:
    return "myth" if isinstance(definition, m.MythCard) else definition.kind


def _english(definition: m.Definition) -> str:
    """The card's English name: its first alias on a Myth card whose name is
    Spanish, else its name."""
    if isinstance(definition, m.MythCard) and definition.aliases:
        return definition.aliases[0]
    return definition.name


def _entry(definition: m.Definition) -> tuple[str, str] | None:
    found = _table().get((_family(definition), definition.id))
    if found is None or found[1].casefold() != _english(definition).casefold():
        return None
    return found


def spanish_name(definition: m.Definition) -> str | None:
    """Our Spanish name of a definition other than a Myth card (a law, a
    pattern, a scenario...; None: it has none of ours)."""
    found = _entry(definition)
    return found[0] if found is not None and not isinstance(definition, m.MythCard) else None


def our_translation(definition: m.Definition, name: str) -> bool:
    """Whether ``name``, shown for ``definition``, is a Spanish name of ours."""
    found = _entry(definition)
    return found is not None and found[0] == name
