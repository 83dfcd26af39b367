"""Predicate trees -> Spanish card text, in the rulebook's style ("2p si está
al lado de un egipcio").

The English writer (:mod:`english`) with Spanish words: its tables are given
again in Spanish (each checked to have every entry of the English one), and
only what Spanish says differently is a method here. Nouns carry their
gender (:class:`Phrase`) so that articles and adjectives agree ("un dios
griego", "una carta egipcia", "2 dioses"); the words of types and mythologies
come from the vocabulary's Spanish forms (:mod:`spanish_words`). ``names``
maps card ids to the printed (Spanish) names. Whole definitions are written
by :mod:`spanish_definitions`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from . import model as m
from .english import EnglishWriter, Phrase
from .english_nouns import Template
from .spanish_words import CARD, Noun, definite, indefinite, join, none_of, state_word
from .walk import total

__all__ = ["ROW_WORDS", "Phrase", "SpanishWriter", "before"]

ROW_WORDS = total(
    m.Row,
    {m.Row.FRONT: "delantera", m.Row.CENTRAL: "central", m.Row.BACK: "trasera"},
    "spanish.ROW_WORDS",
)
# The attribute a card shares or is counted by: (noun, feminine).
_ATTRIBUTES = total(
    m.Attribute,
    {m.Attribute.MYTHOLOGY: ("mitología", True), m.Attribute.TYPE: ("tipo", False)},
    "spanish._ATTRIBUTES",
)


def before(preposition: str, text: str) -> str:
    """A preposition before a phrase, contracted: "de el" -> "del", "a el" -> "al"."""
    if text.startswith("el "):
        if preposition.endswith(" de") or preposition == "de":
            return f"{preposition[:-3] + ' ' if preposition != 'de' else ''}del {text[3:]}"
        if preposition.endswith(" a") or preposition == "a":
            return f"{preposition[:-2] + ' ' if preposition != 'a' else ''}al {text[3:]}"
    return f"{preposition} {text}"


def _points(amount: int) -> str:
    return f"{amount} {'punto' if amount == 1 else 'puntos'}"


class SpanishWriter(EnglishWriter):
    """Spanish phrases for the pieces of a predicate tree; the words of
    mythologies and types come from a vocabulary (the bundled sets' when none
    is given)."""

    LANG = "es"
    IT = ""  # the card itself, which Spanish leaves unsaid: "está en una esquina"
    AND, OR = "y", "o"
    CARD = CARD
    ROWS = ROW_WORDS
    RELATIONS = total(
        m.RelationKind,
        {
            m.RelationKind.NEXT_TO: "al lado de",
            m.RelationKind.CLOSE_TO: "cerca de",
            m.RelationKind.DIAGONAL_TO: "en diagonal con",
            m.RelationKind.ABOVE: "justo encima de",
            m.RelationKind.BELOW: "justo debajo de",
            m.RelationKind.LEFT_OF: "justo a la izquierda de",
            m.RelationKind.RIGHT_OF: "justo a la derecha de",
            m.RelationKind.SAME_ROW: "en la misma fila que",
            m.RelationKind.SAME_COLUMN: "en la misma columna que",
            m.RelationKind.OPPOSITE_CORNER: "en la esquina opuesta a",
        },
        "SpanishWriter.RELATIONS",
    )
    # "it" is the card ("la carta"): "cerca de ella".
    SCOPES = total(
        m.ScopeKind,
        {
            m.ScopeKind.AREA: "en el área",
            m.ScopeKind.ROW: "en su fila",
            m.ScopeKind.COLUMN: "en su columna",
            m.ScopeKind.LINE: "en esta fila/columna",
            m.ScopeKind.NEIGHBOURS: "a su lado",
            m.ScopeKind.SURROUNDINGS: "cerca de ella",
            m.ScopeKind.DIAGONALS: "en diagonal con ella",
            m.ScopeKind.NAMED_ROW: "en la fila {row}",
            m.ScopeKind.NAMED_COLUMN: "en la columna {column}",
            m.ScopeKind.LARGEST_GROUP: "en el mayor grupo de {group}",
        },
        "SpanishWriter.SCOPES",
    )
    # The same two with "it" a card whose own noun is masculine ("Campo de
    # Guerra ... cerca de él"): see SpanishCardWriter._myth.
    HIM: Mapping[m.ScopeKind, str] = MappingProxyType(
        {
            m.ScopeKind.SURROUNDINGS: "cerca de él",
            m.ScopeKind.DIAGONALS: "en diagonal con él",
        }
    )
    own_feminine = True  # the card the text is on: "la carta", unless said otherwise
    own_plural = False  # ... or a plural noun ("Jardines Cucos ... cerca de ellos")
    FACTS = total(
        m.Fact,
        {
            m.Fact.PATTERNS_COMPLETED: ("patrón completado", "patrones completados"),
            m.Fact.LAWS_MET: ("ley cumplida", "leyes cumplidas"),
            m.Fact.TOTAL: ("punto", "puntos"),
        },
        "SpanishWriter.FACTS",
    )
    COMPARISONS = total(
        m.Comparison,
        {
            m.Comparison.AT_LEAST: "al menos",
            m.Comparison.AT_MOST: "como mucho",
            m.Comparison.EXACTLY: "exactamente",
            m.Comparison.MORE_THAN: "más de",
            m.Comparison.FEWER_THAN: "menos de",
        },
        "SpanishWriter.COMPARISONS",
    )
    DISTINCT = total(
        m.Attribute,
        {
            m.Attribute.MYTHOLOGY: ("mitología distinta", "mitologías distintas"),
            m.Attribute.TYPE: ("tipo distinto", "tipos distintos"),
        },
        "SpanishWriter.DISTINCT",
    )
    PHRASES: Mapping[str, Template] = total(
        EnglishWriter.PHRASES,
        {
            "face": ("{cards} boca abajo", "{cards} boca arriba"),
            "tag": "{cards} «{name}»",
            "self": "esta carta",
            "state": "la carta «{name}»",
            "element": "{cards} del elemento",
            "which is": ("que es {}", "que son {}"),
            "other than": ("que no es {}", "que no son {}"),
            "where": ("que está {}", "que están {}"),
            "distinct": "{word}{among} {scope}",
            "among": " entre {}",
            "between": "entre ",
            "in row": "en la fila {row}",
            "in column": "en la columna {column}",
            "at cell": "en la fila {row}, columna {column}",
            "in corner": "en una esquina",
            "present": "en juego",
            "not": "no ({})",
            "is": "{subject} está {position}",
            "quantity": ("hay {comparison} {amount} {what}", "sumas {comparison} {amount} {what}"),
            "none in": "no hay {}",
            "only": "solo hay {} {}",
            "more than": "hay más {} que {}",
            "all face up": "terminas la partida con todas las cartas boca arriba",
            "its most common": (
                "su mitología es la más común en el área",
                "su tipo es el más común en el área",
            ),
            "fixed": "{points}p si {condition}",
            "per": ("1x: {points}p por cada {what}", "1x: {points}p por cada {per} {what}"),
            "capped": ("como mínimo", "como máximo"),
            "scores like": "puntúa como {name}",
            "floor": "nunca menos de {}p",
            "ceiling": "nunca más de {}p",
            "like bounds": "{line}, {bounds}",
            "bounds": "{lines}. En total, {bounds}",
        },
        "SpanishWriter.PHRASES",
    )

    def type_noun(self, type_id: str) -> Noun:
        return self.vocabulary.spanish_noun(type_id)

    def tag_word(self, tag: str) -> str:
        return self.vocabulary.spanish_tag(tag)  # «templo», not «temple»

    def scope(self, scope: m.Scope) -> str:
        said = super().scope(scope)
        if scope.kind in self.HIM and not self.own_feminine:
            said = self.HIM[scope.kind]
        if scope.kind in self.HIM and self.own_plural:
            said = said.replace("ella", "ellas").replace("él", "ellos")
        return said

    def _card_word(
        self, sel: m.Named | m.SelfCard | m.StateRef | m.ElementRef, plural: bool
    ) -> Phrase:
        if isinstance(sel, m.StateRef):  # a state's word in Spanish: «la más bella»
            name = state_word(sel.name)
            return Phrase(self.phrase("state", name=name), self.CARD.feminine)
        return super()._card_word(sel, plural)

    def mythology_word(self, mythology: str, feminine: bool = False, plural: bool = False) -> str:
        """A mythology in Spanish, agreeing: "griego", "egipcias"."""
        return self.vocabulary.spanish_adjective(mythology).agree(feminine, plural)

    def join(self, items: Sequence[str], word: str) -> str:
        return join(items, word)  # "Horus e Isis"

    def before(self, preposition: str, text: str) -> str:
        return before(preposition, text)

    # ------------------------------------------------------------ selectors
    def names_cards(self, selector: m.Selector) -> bool:
        """Whether a selector is said by card names, with no article: "Zeus,
        Odín o Ra de la mitología más común"."""
        if isinstance(selector, m.SelOr):
            return all(self.names_cards(item) for item in selector.items)
        if isinstance(selector, m.SelAnd):
            return any(self.names_cards(item) for item in selector.items)
        return self.is_proper(selector)

    def takes_article(self, selector: m.Selector) -> bool:
        return not self.names_cards(selector) and not isinstance(selector, m.SelOr)

    def with_article(self, phrase: Phrase) -> str:
        return f"{indefinite(phrase.feminine)} {phrase.text}"

    def attribute_phrase(self, suffix: m.SameAs | m.MostCommon) -> str:
        """ "de la misma mitología", "del tipo más común"."""
        noun, feminine = _ATTRIBUTES[suffix.attribute]
        if isinstance(suffix, m.SameAs):
            return f"de {'la misma' if feminine else 'el mismo'} {noun}".replace("de el ", "del ")
        return f"de {definite(feminine)} {noun} más común".replace("de el ", "del ")

    def _mythology(self, sel: m.MythologyIs, plural: bool) -> Phrase:
        # as the printed cards say: "al lado de un egipcio", "no hay griegos"
        return Phrase(self.mythology_word(sel.mythology, plural=plural))

    def _leader(self, sel: m.Leader, plural: bool) -> Phrase:
        one = self.noun_with(sel.candidates)
        return Phrase(
            f"{definite(one.feminine)} {one.text} con más "
            f"{self.count_phrase(sel.count, plural=True)}",
            one.feminine,
        )

    def _not(self, sel: m.SelNot, plural: bool) -> Phrase:
        inner = self.noun(sel.item, plural, article=not plural)
        return Phrase(f"{CARD.form(plural)} que no {'son' if plural else 'es'} {inner}", True)

    def head_words(
        self, head: Phrase, face: m.FaceIs | None, mythology: m.MythologyIs | None, plural: bool
    ) -> str:
        words = [head.text]  # "carta griega boca arriba"
        if mythology is not None:
            words.append(self.mythology_word(mythology.mythology, head.feminine, plural))
        if face is not None:
            words.append(f"boca {'arriba' if face.face_up else 'abajo'}")
        return " ".join(words)

    # ------------------------------------------------------------ conditions
    def _scoring(self, c: m.Scores) -> str:
        return "puntuando" if c.at_least is None else f"puntuando al menos {_points(c.at_least)}"

    @staticmethod
    def scores_verb(c: m.Scores, plural: bool = False) -> str:
        verb = "puntúan" if plural else "puntúa"
        return verb if c.at_least is None else f"{verb} al menos {_points(c.at_least)}"

    def subjects_clause(self, c: m.Subject) -> str:
        scores = c.condition if isinstance(c.condition, m.Scores) else None
        phrase = "" if scores is not None else self.position(c.condition)
        if c.mode is m.SubjectMode.EVERY:
            names = [self.noun_with(s) for s in c.subjects]
            listed = join([f"{'toda' if n.feminine else 'todo'} {n.text}" for n in names], "y")
        else:
            listed = join(
                [self.noun(s, article=c.mode is m.SubjectMode.SOME) for s in c.subjects],
                "o" if c.mode is m.SubjectMode.NONE else "y",
            )
        many = len(c.subjects) > 1
        if c.mode is m.SubjectMode.NONE:
            first = self.noun_with(c.subjects[0])
            verb = self.scores_verb(scores) if scores is not None else f"está {phrase}"
            if many:
                return f"{'ninguna' if first.feminine else 'ninguno'} de {listed} {verb}"
            if self.is_proper(c.subjects[0]) or isinstance(c.subjects[0], (m.SelOr, m.SelAnd)):
                return f"{listed} no {verb}"
            return f"{none_of(first.feminine)} {listed} {verb}"
        if scores is not None:
            return f"{listed} {self.scores_verb(scores, many)}"
        return f"{listed} {'están' if many else 'está'} {phrase}"
