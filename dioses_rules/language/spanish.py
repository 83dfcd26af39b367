"""Predicate trees -> Spanish card text, in the rulebook's style ("2p si está
al lado de un egipcio").

The English writer (:mod:`english`) with Spanish words: they are
``locale/es/card-text.toml`` (checked to have every entry of the English
file), and only what Spanish grammar says differently is a method here
(articles, adjectives after the noun, contractions). Nouns carry their
gender (:class:`Phrase`) so that articles and adjectives agree ("un dios
griego", "una carta egipcia", "2 dioses"); the words of types and mythologies
come from the vocabulary's Spanish forms (:mod:`spanish_words`). ``names``
maps card ids to the printed (Spanish) names. Whole definitions are written
by :mod:`spanish_definitions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import model as m
from .card_words import card_words
from .english import EnglishWriter
from .english_nouns import Phrase
from .spanish_words import Noun, indefinite, join, proper_name_gender, state_word

_CONTRACTED = {"de": "del", "a": "al"}


class SpanishWriter(EnglishWriter):
    """Spanish phrases for the pieces of a predicate tree; the words of
    mythologies and types come from a vocabulary (the bundled sets' when none
    is given)."""

    WORDS = card_words("es")  # the words, locale/es/card-text.toml

    def type_noun(self, type_id: str) -> Noun:
        return self.vocabulary.spanish_noun(type_id)

    def tag_word(self, tag: str) -> str:
        return self.vocabulary.spanish_tag(tag)  # «templo», not «temple»

    def state_word(self, word: str) -> str:
        return state_word(word)  # our translation: «la más bella»

    def mythology_word(self, mythology: str, feminine: bool = False, plural: bool = False) -> str:
        """A mythology in Spanish, agreeing: "griego", "egipcias"."""
        return self.vocabulary.spanish_adjective(mythology).agree(feminine, plural)

    def capital(self, word: str) -> str:
        return word[:1].upper() + word[1:]  # "Campo de Guerra" keeps its capitals

    def join(self, items: Sequence[str], word: str) -> str:
        return join(items, word)  # "Horus e Isis"

    def before(self, preposition: str, text: str) -> str:
        """A preposition before a phrase, contracted: "de el" -> "del", "a el" -> "al"."""
        head, _, last = preposition.rpartition(" ")
        if text.startswith("el ") and last in _CONTRACTED:
            return " ".join(word for word in (head, _CONTRACTED[last], text[3:]) if word)
        return f"{preposition} {text}"

    # ------------------------------------------------------------ selectors
    def takes_article(self, selector: m.Selector) -> bool:
        return not self.names_cards(selector) and not isinstance(selector, m.SelOr)

    def with_article(self, phrase: Phrase) -> str:
        return f"{indefinite(phrase.feminine)} {phrase.text}"

    def _mythology(self, sel: m.MythologyIs, plural: bool) -> Phrase:
        # as the printed cards say: "al lado de un egipcio", "no hay griegos"
        return Phrase(self.mythology_word(sel.mythology, plural=plural))

    def _not(self, sel: m.SelNot, plural: bool) -> Phrase:
        return self.other_than(self.noun(sel.item, plural, article=not plural), plural)

    def head_words(
        self, head: Phrase, face: m.FaceIs | None, mythology: m.MythologyIs | None, plural: bool
    ) -> str:
        words = [head.text]  # "carta griega boca arriba"
        if mythology is not None:
            words.append(self.mythology_word(mythology.mythology, head.feminine, plural))
        if face is not None:
            words.append(self.pair("face word", face.face_up))
        return " ".join(words)

    # ------------------------------------------------------------ conditions
    def names_feminine(self, subjects: Sequence[m.Selector]) -> bool | None:
        """Whether the cards named are all feminine ("ninguna de Hera o
        Athena"; one masculine makes the group masculine), or None when a
        name's gender is not known (agreement.toml, [proper-names])."""
        genders = [proper_name_gender(self.names.get(n, n)) for n in self.named_ids(subjects)]
        if not genders or None in genders:
            return None
        return all(gender[0] for gender in genders if gender is not None)

    def named_ids(self, selectors: Sequence[m.Selector]) -> list[str]:
        """The card ids a list of selectors names ("hera" of "hera or
        athena"; none of a restriction, "other than the fairest")."""
        found: list[str] = []
        for selector in selectors:
            if isinstance(selector, m.Named) and self.is_proper(selector):
                found.append(selector.name)
            elif isinstance(selector, (m.SelOr, m.SelAnd)):
                found += self.named_ids(selector.items)
        return found

    def subject_noun(self, selector: m.Selector, mode: m.SubjectMode) -> str:
        return self.noun(selector, article=mode is m.SubjectMode.SOME)  # "un dios está ..."
