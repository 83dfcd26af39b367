"""The card language's words that other code must know, in one place.

The grammar (``grammar/dioses.lark``) is the authority on the keywords; the
tables below are the ones the rest of the language layer reasons about: the
builder refuses them as ids, the source writer knows which ones continue a
selector, the parser recovers at definition keywords, the linter suggests
them (``tests/test_walk.py`` checks each is a keyword of the grammar).
Mythologies and card types are not keywords: sets declare them, and
:class:`Vocabulary` holds what a file can see.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .spanish_words import Adjective, Noun, adjective_of, noun_of

if TYPE_CHECKING:  # pragma: no cover
    from .model import WordDecl

# Keywords of selectors, with the plural of "card".
CARD = {"card": "cards"}
FACES = ("face-up", "face-down")
ARTICLES = ("a", "an")
# Words that are selectors by themselves: the anchor card, an objective's element.
SELF_WORDS = ("it", "element")

# The keywords that start a definition other than a Myth card (which starts
# with its declared type: ``god hera ...``): parse errors recover at them.
DEFINITIONS = ("set", "law", "pattern", "goal", "element", "power", "option", "scenario")

PLURALS = dict(CARD)

# Where a definition's text comes from (CARDS.md): the optional word after its header.
PROVENANCES = ("printed", "named", "reconstructed")

# The selector keywords, offered as suggestions for an unknown name (with the
# declared mythologies and types).
SELECTOR_WORDS = frozenset([*CARD, *FACES, *SELF_WORDS])

# Words a card id or tag may not be (nor a declared word): a selector naming
# it would mean the keyword ("next to a" reads an article, "the" a state or a
# leader, "(not" a negation).
RESERVED_IDS = SELECTOR_WORDS | frozenset(CARD.values()) | frozenset([*ARTICLES, "the", "not"])

# Words a set may not declare as a mythology or type: they can stand where
# such a word does (in a selector, a condition, a pattern cell).
UNDECLARABLE = RESERVED_IDS | frozenset(
    [
        "and",
        "or",
        "any",
        "every",
        "only",
        "no",
        "more",
        "fewer",
        "exactly",
        "at",
        "in",
        "of",
        "that",
        "with",
        "than",
        "to",
        "is",
        "are",
        "if",
        "per",
        "up",
        "p",
        "point",
        "points",
        "scores",
        "score",
        "like",
        "different",
        "among",
        "largest",
        "same",
        "most",
        "common",
    ]
)

# Words that can continue a selector: a statement that starts with one of them
# (or with a declared word) must be separated from the one before it by ";".
CONTINUING_WORDS = frozenset([*ARTICLES, *FACES, *CARD.keys(), *CARD.values(), "of", "that"])


# ---------------------------------------------------------------------- declared words


class Vocabulary:
    """The mythologies and card types a file can see: those its own set
    declares and those of the sets it requires (``mythology greek ...``,
    ``type god ...``). The parser reads their words (and plurals) as
    MYTH_WORD and TYPE_WORD; everything that shows a mythology or a type reads
    its names here."""

    def __init__(
        self, words: Iterable[WordDecl] = (), elsewhere: Mapping[str, str] | None = None
    ) -> None:
        # words other loaded sets declare, which this file cannot see: word -> set id
        self.elsewhere: dict[str, str] = dict(elsewhere or {})
        self.declarations: dict[tuple[str, str], WordDecl] = {}
        self.kinds: dict[str, tuple[str, str]] = {}  # word or plural -> (kind, id)
        for word in words:
            self.declarations.setdefault((word.kind, word.id), word)
        self._ids: dict[str, tuple[str, ...]] = {
            kind: tuple(word_id for (k, word_id) in self.declarations if k == kind)
            for kind in ("mythology", "type")
        }
        for kind, word_id in self.declarations:
            if kind == "tag":  # a tag is a NAME, never a MYTH_WORD or TYPE_WORD
                continue
            self.kinds.setdefault(word_id, (kind, word_id))
            self.kinds.setdefault(self.plural(kind, word_id), (kind, word_id))

    def __bool__(self) -> bool:
        return bool(self.declarations)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vocabulary) and self.declarations == other.declarations

    def __hash__(self) -> int:
        return hash(tuple(self.declarations))

    def ids(self, kind: str) -> tuple[str, ...]:
        """The declared ids of a kind ("mythology" or "type"), in declaration order."""
        return self._ids.get(kind, ())

    def kind_of(self, word: str) -> tuple[str, str] | None:
        """("mythology" or "type", id) for a word or its plural; None if undeclared."""
        return self.kinds.get(word)

    def get(self, kind: str, word_id: str) -> WordDecl | None:
        return self.declarations.get((kind, word_id))

    def plural(self, kind: str, word_id: str) -> str:
        """The selector's plural word ("gods"); the id itself when none is declared."""
        word = self.get(kind, word_id)
        return word.plural if word is not None and word.plural else word_id

    def english(self, kind: str, word_id: str, many: bool = False) -> str:
        """An English name: the declared alias ("Greek"), else the id (a
        mythology capitalized, as English writes them); plural from the
        declared plural when it differs from the singular, else ""."""
        word = self.get(kind, word_id)
        singular = (
            word.aliases[0]
            if word is not None and word.aliases
            else (word_id.capitalize() if kind == "mythology" else word_id)
        )
        if not many:
            return singular
        plural = self.plural(kind, word_id)
        if plural == word_id:
            return ""  # no plural of its own: the caller says "Norse cards"
        return plural[:1].upper() + plural[1:] if singular[:1].isupper() else plural

    def spanish_tag(self, tag: str) -> str:
        """A tag's Spanish name: its declared one (``tag temple "templo"``),
        else the tag itself."""
        word = self.get("tag", tag)
        return word.name if word is not None and word.name else tag

    def spanish_noun(self, type_id: str) -> Noun:
        """A card type's Spanish noun ("dios"/"dioses", masculine): its
        declared ``spanish`` form, else its printed name with the regular
        plural and the gender of its ending (the id for an undeclared type)."""
        word = self.get("type", type_id)
        if word is None:
            return noun_of(type_id)
        return noun_of(word.name or type_id, word.spanish)

    def spanish_adjective(self, mythology: str) -> Adjective:
        """A mythology's Spanish adjective ("griego", "griega", "griegos",
        "griegas"): its declared forms, else its printed name for both genders."""
        word = self.get("mythology", mythology)
        if word is None:
            return adjective_of(mythology)
        return adjective_of(word.name or mythology, word.spanish)

    def merged(self, other: Vocabulary) -> Vocabulary:
        return Vocabulary([*self.declarations.values(), *other.declarations.values()])


def kebab_case(word: str) -> str:
    """'Cù-sìth' -> 'cu-sith': accents dropped, lowercase, words joined by '-'."""
    text = unicodedata.normalize("NFKD", word)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")
