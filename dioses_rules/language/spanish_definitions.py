"""Spanish card text for effects, scenario setups and whole definitions: the
English card writer (:mod:`english_definitions`) with the Spanish grammar of
:mod:`spanish` (the effects' verb forms are the Spanish file's), and "it"
agreeing with the card the text is on."""

from __future__ import annotations

from collections.abc import Mapping

from . import model as m
from .english_definitions import CardTextWriter
from .spanish import SpanishWriter
from .spanish_words import FEMININE, agreement, gender_of, proper_name_gender

# Where a definition's text comes from, in Spanish (the web pages' too).
PROVENANCE_WORDS: Mapping[m.Provenance, str] = SpanishWriter.WORDS.ones["provenance"]


def _noun_named_types() -> frozenset[str]:
    """The card types whose cards are named by a common noun, from the
    Spanish locale's data (``locale/es/agreement.toml``)."""
    kinds = agreement()["noun-named-types"]
    assert isinstance(kinds, list)
    return frozenset(str(kind) for kind in kinds)


class SpanishCardWriter(SpanishWriter, CardTextWriter):
    """Spanish text of effects and of whole definitions, as printed on cards:
    the English card writer with the Spanish words, effects included (said
    to the player, of every player and after "para", each form in the data),
    and "it" agreeing with the card the text is on."""

    # Types whose cards are named by a common noun ("Campo de Guerra",
    # "Manzana"): "it" on such a card agrees with that noun; on a god's or a
    # creature's card (a proper name) with the name's gender when the data
    # gives it ("cerca de él" on Odín), else "la carta" ("cerca de ella").
    # Data, not code: the types are the card files' (locale/es/agreement.toml).
    NAMED_BY_A_NOUN = _noun_named_types()

    def agree_with(self, card: m.MythCard) -> None:
        """Say "it" of ``card`` from now on: "cerca de él" on Campo de Guerra and on Odín."""
        name = card.name.split()
        if card.type in self.NAMED_BY_A_NOUN and name:
            self.own_feminine = gender_of(name[0]) == FEMININE
            # a noun and its adjective both plural: "Jardines Cucos"
            self.own_plural = len(name) > 1 and all(w.endswith("s") for w in name[:2])
        else:
            self.own_feminine, self.own_plural = proper_name_gender(card.name) or (True, False)

    def card_kind(self, card: m.MythCard) -> str:
        """ "dios griego", agreeing: "lugar griego", "criatura celta"."""
        noun = self.type_noun(card.type)
        adjectives = [self.mythology_word(x, noun.feminine) for x in card.mythologies]
        return f"{noun.singular} {self.join(adjectives, self.AND)}"

    def _myth(self, d: m.MythCard) -> str:
        before = self.own_feminine, self.own_plural
        self.agree_with(d)
        try:
            return super()._myth(d)
        finally:
            self.own_feminine, self.own_plural = before
