"""How definitions are named: the family words, the key a name is matched
by (:func:`fold`), the search key (:func:`normalize`), and the id space a
definition's id belongs to (:func:`family_of`)."""

from __future__ import annotations

import re
import unicodedata

from ..language import model as m

FAMILY_WORDS = {
    "myth": "card",
    "law": "law",
    "pattern": "pattern",
    "objective-goal": "objective goal",
    "objective-element": "objective element",
    "power": "power effect",
    "rule-option": "rule option",
    "scenario": "scenario",
}


_NOT_KEY = re.compile(r"[^a-z0-9]+")


def fold(name: str) -> str:
    """The key a name is matched by: case folded and accents stripped
    (canonical decomposition, combining marks removed: 'Odín' -> 'odin',
    'JÖRMUNGANDR' -> 'jormungandr'), and nothing else. Any other difference
    is another name: 'Кra' (a Cyrillic letter), 'hera\u200b', '!!hera!!',
    '?hera' and the fullwidth 'ｈｅｒａ' name no card (issue #23). NFD rather
    than NFKD: compatibility decomposition would fold fullwidth and other
    look-alike letters into ASCII, which is exactly the misreading refused."""
    if name.isascii():  # no accent to take off, and casefold() is lower()
        return name.lower()
    text = unicodedata.normalize("NFD", name)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


def normalize(name: str) -> str:
    """A search key: case-, accent- and punctuation-insensitive ('sun eye'
    finds 'sun-eye'); for searching a catalogue, never for naming a card
    (that is :func:`fold`)."""
    if name.isascii():
        return _NOT_KEY.sub("-", name.lower()).strip("-")
    return _NOT_KEY.sub("-", fold(unicodedata.normalize("NFKD", name))).strip("-")


def family_of(definition: m.Definition) -> str:
    """Myth and event cards share one id space (events are Myth cards, R18)."""
    kind = definition.kind
    return "myth" if kind in ("myth", "event") else kind
