"""Predicate trees -> Spanish card text, in the rulebook's style ("2p si está
al lado de un egipcio").

The Spanish twin of :mod:`english`, on the same dispatcher: every node kind
has its phrase. Nouns carry their gender (:class:`Phrase`) so that articles
and adjectives agree ("un dios griego", "una carta egipcia", "2 dioses");
the words of types and mythologies come from the vocabulary's Spanish forms
(:mod:`spanish_words`). ``names`` maps card ids to the printed (Spanish)
names. Whole definitions are written by :mod:`spanish_definitions`.
"""

from __future__ import annotations

from typing import Optional

from attrs import frozen

from . import model as m
from .english import Names
from .headers import bundled_vocabulary
from .spanish_words import CARD, definite, indefinite, join, none_of
from .vocabulary import Vocabulary
from .walk import Dispatch

ROW_WORDS = {m.Row.FRONT: "delantera", m.Row.CENTRAL: "central", m.Row.BACK: "trasera"}
_RELATION_WORDS = {
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
}
# "it" is the card ("la carta"): "cerca de ella".
_SCOPE_WORDS = {
    m.ScopeKind.AREA: "en el área", m.ScopeKind.ROW: "en su fila",
    m.ScopeKind.COLUMN: "en su columna", m.ScopeKind.LINE: "en esta fila/columna",
    m.ScopeKind.NEIGHBOURS: "a su lado", m.ScopeKind.SURROUNDINGS: "cerca de ella",
    m.ScopeKind.DIAGONALS: "en diagonal con ella",
}
_FACT_WORDS = {m.Fact.PATTERNS_COMPLETED: ("patrón completado", "patrones completados"),
               m.Fact.LAWS_MET: ("ley cumplida", "leyes cumplidas"),
               m.Fact.TOTAL: ("punto", "puntos")}
COMPARISON_WORDS = {m.Comparison.AT_LEAST: "al menos", m.Comparison.AT_MOST: "como mucho",
                    m.Comparison.EXACTLY: "exactamente", m.Comparison.MORE_THAN: "más de",
                    m.Comparison.FEWER_THAN: "menos de"}
# The attribute a card shares or is counted by: (noun, feminine, plural).
_ATTRIBUTES = {m.Attribute.MYTHOLOGY: ("mitología", True, "mitologías"),
               m.Attribute.TYPE: ("tipo", False, "tipos")}


@frozen
class Phrase:
    """A Spanish noun phrase and its gender, for what agrees with it."""

    text: str
    feminine: bool = False


def before(preposition: str, text: str) -> str:
    """A preposition before a phrase, contracted: "de el" -> "del", "a el" -> "al"."""
    if text.startswith("el "):
        if preposition.endswith(" de") or preposition == "de":
            return f"{preposition[:-3] + ' ' if preposition != 'de' else ''}del {text[3:]}"
        if preposition.endswith(" a") or preposition == "a":
            return f"{preposition[:-2] + ' ' if preposition != 'a' else ''}al {text[3:]}"
    return f"{preposition} {text}"


def attribute_phrase(attribute: m.Attribute, which: str) -> str:
    """"de la misma mitología", "del tipo más común"."""
    noun, feminine, _ = _ATTRIBUTES[attribute]
    if which == "same":
        return f"de {'la misma' if feminine else 'el mismo'} {noun}".replace("de el ", "del ")
    return f"de {definite(feminine)} {noun} más común".replace("de el ", "del ")


def is_verb(plural: bool) -> str:
    return "están" if plural else "está"


class SpanishWriter:
    """Spanish phrases for the pieces of a predicate tree; the words of
    mythologies and types come from a vocabulary (the bundled sets' when none
    is given)."""

    def __init__(self, names: Optional[Names] = None, vocabulary: Optional[Vocabulary] = None):
        self.names = dict(names or {})
        self.vocabulary = vocabulary if vocabulary is not None else bundled_vocabulary()

    def type_word(self, type_id: str, plural: bool = False) -> str:
        """A card type in Spanish: "dios", "dioses"."""
        return self.vocabulary.spanish_noun(type_id).form(plural)

    def mythology_word(self, mythology: str, feminine: bool = False, plural: bool = False) -> str:
        """A mythology in Spanish, agreeing: "griego", "egipcias"."""
        return self.vocabulary.spanish_adjective(mythology).agree(feminine, plural)

    # ------------------------------------------------------------ selectors
    def is_proper(self, selector: m.Selector) -> bool:
        """A selector naming one card (no article, no plural)."""
        return isinstance(selector, (m.Named, m.SelfCard, m.StateRef, m.Leader)) and not (
            isinstance(selector, m.Named) and selector.name not in self.names)

    def names_cards(self, selector: m.Selector) -> bool:
        """Whether a selector is said by card names, with no article: "Zeus,
        Odín o Ra de la mitología más común"."""
        if isinstance(selector, m.SelOr):
            return all(self.names_cards(item) for item in selector.items)
        if isinstance(selector, m.SelAnd):
            return any(self.names_cards(item) for item in selector.items)
        return self.is_proper(selector)

    def noun(self, selector: m.Selector, plural: bool = False, article: bool = False) -> str:
        return self.noun_with(selector, plural, article).text

    def noun_with(self, selector: m.Selector, plural: bool = False,
                  article: bool = False) -> Phrase:
        """The noun phrase with its gender; ``article``: with "un"/"una" when singular."""
        phrase = self.noun_phrase(selector, plural)
        if article and not plural and not self.names_cards(selector) and not isinstance(
                selector, m.SelOr):
            return Phrase(f"{indefinite(phrase.feminine)} {phrase.text}", phrase.feminine)
        return phrase

    noun_phrase = Dispatch(m.Selector)

    @noun_phrase.on(m.AnyCard)
    def _any(self, s, plural: bool) -> Phrase:
        return Phrase(CARD.form(plural), True)

    @noun_phrase.on(m.TypeIs)
    def _type(self, s, plural: bool) -> Phrase:
        noun = self.vocabulary.spanish_noun(s.type)
        return Phrase(noun.form(plural), noun.feminine)

    @noun_phrase.on(m.MythologyIs)
    def _mythology(self, s, plural: bool) -> Phrase:
        # as the printed cards say: "al lado de un egipcio", "no hay griegos"
        return Phrase(self.mythology_word(s.mythology, plural=plural))

    @noun_phrase.on(m.FaceIs)
    def _face(self, s, plural: bool) -> Phrase:
        return Phrase(f"{CARD.form(plural)} boca {'arriba' if s.face_up else 'abajo'}", True)

    @noun_phrase.on(m.Named)
    def _named(self, s, plural: bool) -> Phrase:
        if s.name in self.names:
            return Phrase(self.names[s.name])
        return Phrase(f"{CARD.form(plural)} «{s.name}»", True)  # a tag: "carta «throne»"

    @noun_phrase.on(m.SelfCard)
    def _self(self, s, plural: bool) -> Phrase:
        return Phrase("esta carta", True)

    @noun_phrase.on(m.StateRef)
    def _state(self, s, plural: bool) -> Phrase:
        return Phrase(f"la carta «{s.name}»", True)

    @noun_phrase.on(m.ElementRef)
    def _element(self, s, plural: bool) -> Phrase:
        return Phrase(f"{CARD.form(plural)} del elemento", True)

    @noun_phrase.on(m.SameAs)
    def _same(self, s, plural: bool) -> Phrase:
        return Phrase(f"{CARD.form(plural)} {attribute_phrase(s.attribute, 'same')}", True)

    @noun_phrase.on(m.MostCommon)
    def _most_common(self, s, plural: bool) -> Phrase:
        return Phrase(f"{CARD.form(plural)} {attribute_phrase(s.attribute, 'most')}", True)

    @noun_phrase.on(m.Leader)
    def _leader(self, s, plural: bool) -> Phrase:
        one = self.noun_with(s.candidates)
        return Phrase(f"{definite(one.feminine)} {one.text} con más "
                      f"{self.count_phrase(s.count, plural=True)}", one.feminine)

    @noun_phrase.on(m.SelNot)
    def _not(self, s, plural: bool) -> Phrase:
        inner = self.noun(s.item, plural, article=not plural)
        return Phrase(f"{CARD.form(plural)} que no {'son' if plural else 'es'} {inner}", True)

    @noun_phrase.on(m.SelOr)
    def _or(self, s, plural: bool) -> Phrase:
        first = self.noun_with(s.items[0], plural)
        return Phrase(join([self.noun(i, plural, article=not plural) for i in s.items], "o"),
                      first.feminine)

    @noun_phrase.on(m.SelAnd)
    def _and(self, s, plural: bool) -> Phrase:
        suffixes = (m.SameAs, m.MostCommon)
        same = [i for i in s.items if isinstance(i, suffixes)]
        rest = [i for i in s.items if not isinstance(i, suffixes)]
        face = next((i for i in rest if isinstance(i, m.FaceIs)), None)
        myth = next((i for i in rest if isinstance(i, m.MythologyIs)), None)
        kind = next((i for i in rest if isinstance(i, m.TypeIs)), None)
        others = [i for i in rest if i not in (face, myth, kind)]
        excluded = [i for i in others if isinstance(i, m.SelNot)]
        others = [i for i in others if not isinstance(i, m.SelNot)]
        head = self.noun_phrase(kind, plural) if kind else None
        if head is None and len(others) == 1 and myth is None and face is None:
            head = self.noun_phrase(others.pop(), plural)
        head = head or Phrase(CARD.form(plural), True)
        words = [head.text]
        if myth is not None:
            words.append(self.mythology_word(myth.mythology, head.feminine, plural))
        if face is not None:
            words.append(f"boca {'arriba' if face.face_up else 'abajo'}")
        text = " ".join(words)
        for other in others:
            text += f" que {'son' if plural else 'es'} {self.noun(other, article=True)}"
        for item in excluded:
            text += f" que no {'son' if plural else 'es'} {self.noun(item.item, article=True)}"
        for item in same:
            which = "same" if isinstance(item, m.SameAs) else "most"
            text += " " + attribute_phrase(item.attribute, which)
        return Phrase(text, head.feminine)

    # ------------------------------------------------------------ scopes, counts
    def scope(self, scope: m.Scope) -> str:
        kind = scope.kind
        if kind in _SCOPE_WORDS:
            return _SCOPE_WORDS[kind]
        if kind is m.ScopeKind.NAMED_ROW:
            return f"en la fila {ROW_WORDS[scope.row]}"
        if kind is m.ScopeKind.NAMED_COLUMN:
            return f"en la columna {scope.column}"
        return f"en el mayor grupo de {self.noun(scope.group, plural=True)}"

    def count_phrase(self, count: m.Count, plural: bool) -> str:
        text = f"{self.noun(count.selector, plural)} {self.scope(count.scope)}"
        if count.where is not None:
            text += f" que {is_verb(plural)} {self.position(count.where)}"
        return text

    countable = Dispatch(m.Countable)

    @countable.on(m.Count)
    def _count(self, count: m.Count, amount: int) -> str:
        return self.count_phrase(count, amount != 1)

    @countable.on(m.FactCount)
    def _fact(self, fact: m.FactCount, amount: int) -> str:
        return _FACT_WORDS[fact.fact][0 if amount == 1 else 1]

    @countable.on(m.Distinct)
    def _distinct(self, distinct: m.Distinct, amount: int) -> str:
        noun, feminine, plural_noun = _ATTRIBUTES[distinct.attribute]
        word = (f"{plural_noun} {'distintas' if feminine else 'distintos'}" if amount != 1
                else f"{noun} {'distinta' if feminine else 'distinto'}")
        among = "" if isinstance(distinct.selector, m.AnyCard) else \
            f" entre {self.noun(distinct.selector, plural=True)}"
        return f"{word}{among} {self.scope(distinct.scope)}"

    # ------------------------------------------------------------ positions
    position = Dispatch(m.Position)
    """A relation or position, without its subject: 'al lado de un egipcio'."""

    @position.on(m.Relation)
    def _relation(self, c) -> str:
        return before(_RELATION_WORDS[c.kind], self.noun(c.target, article=True))

    @position.on(m.Between)
    def _between(self, c) -> str:
        return "entre " + join([self.noun(c.first, article=True),
                                self.noun(c.second, article=True)], "y")

    @position.on(m.InRow)
    def _in_row(self, c) -> str:
        return f"en la fila {ROW_WORDS[c.row]}"

    @position.on(m.InColumn)
    def _in_column(self, c) -> str:
        return f"en la columna {c.column}"

    @position.on(m.AtCell)
    def _at_cell(self, c) -> str:
        return f"en la fila {ROW_WORDS[c.row]}, columna {c.column}"

    @position.on(m.InCorner)
    def _in_corner(self, c) -> str:
        return "en una esquina"

    @position.on(m.Present)
    def _present(self, c) -> str:
        return "en juego"

    @position.on(m.Scores)
    def _scoring(self, c) -> str:
        return "puntuando" if c.at_least is None else \
            f"puntuando al menos {c.at_least} {'punto' if c.at_least == 1 else 'puntos'}"

    @staticmethod
    def scores_verb(c: m.Scores, plural: bool = False) -> str:
        verb = "puntúan" if plural else "puntúa"
        if c.at_least is None:
            return verb
        return f"{verb} al menos {c.at_least} {'punto' if c.at_least == 1 else 'puntos'}"

    # ------------------------------------------------------------ conditions
    condition = Dispatch(m.Condition)
    """A condition as a clause; ``subject`` is who it is about (by default
    the card itself, which Spanish leaves unsaid: "está en una esquina")."""

    @condition.on(m.CondAnd)
    def _cond_and(self, c, subject: str = "") -> str:
        return join([self.condition(i, subject) for i in c.items], "y")

    @condition.on(m.CondOr)
    def _cond_or(self, c, subject: str = "") -> str:
        return join([self.condition(i, subject) for i in c.items], "o")

    @condition.on(m.CondNot)
    def _cond_not(self, c, subject: str = "") -> str:
        return f"no ({self.condition(c.item, subject)})"

    @condition.on(m.Subject)
    def _subject(self, c, subject: str = "") -> str:
        scores = isinstance(c.condition, m.Scores)
        phrase = "" if scores else self.position(c.condition)
        if c.mode is m.SubjectMode.EVERY:
            names = [self.noun_with(s) for s in c.subjects]
            listed = join([f"{'toda' if n.feminine else 'todo'} {n.text}" for n in names], "y")
        else:
            listed = join([self.noun(s, article=c.mode is m.SubjectMode.SOME)
                           for s in c.subjects], "o" if c.mode is m.SubjectMode.NONE else "y")
        many = len(c.subjects) > 1
        if c.mode is m.SubjectMode.NONE:
            first = self.noun_with(c.subjects[0])
            verb = self.scores_verb(c.condition) if scores else f"está {phrase}"
            if many:
                return f"{'ninguna' if first.feminine else 'ninguno'} de {listed} {verb}"
            if self.is_proper(c.subjects[0]) or isinstance(c.subjects[0], (m.SelOr, m.SelAnd)):
                return f"{listed} no {verb}"
            return f"{none_of(first.feminine)} {listed} {verb}"
        if scores:
            return f"{listed} {self.scores_verb(c.condition, many)}"
        return f"{listed} {is_verb(many)} {phrase}"

    @condition.on(m.Relation, m.Between, m.InRow, m.InColumn, m.AtCell, m.InCorner, m.Present)
    def _positioned(self, c, subject: str = "") -> str:
        return f"{subject} está {self.position(c)}".lstrip()

    @condition.on(m.Scores)
    def _scores(self, c, subject: str = "") -> str:
        return f"{subject} {self.scores_verb(c)}".lstrip()

    @condition.on(m.Quantity)
    def _quantity(self, c, subject: str = "") -> str:
        amount = f"{COMPARISON_WORDS[c.comparison]} {c.amount}"
        if isinstance(c.count, m.FactCount) and c.count.fact is m.Fact.TOTAL:
            return f"sumas {amount} {self.countable(c.count, c.amount)}"
        return f"hay {amount} {self.countable(c.count, c.amount)}"

    @condition.on(m.NoneIn)
    def _none_in(self, c, subject: str = "") -> str:
        return f"no hay {self.count_phrase(c.count, True)}"

    @condition.on(m.Only)
    def _only(self, c, subject: str = "") -> str:
        return f"solo hay {self.noun(c.selector, plural=True)} {self.scope(c.scope)}"

    @condition.on(m.MoreThan)
    def _more_than(self, c, subject: str = "") -> str:
        return (f"hay más {self.count_phrase(c.more, True)} que "
                f"{self.count_phrase(c.less, True)}")

    @condition.on(m.AllFaceUpAtEnd)
    def _all_face_up(self, c, subject: str = "") -> str:
        return "terminas la partida con todas las cartas boca arriba"

    # ------------------------------------------------------------ lines
    line = Dispatch(m.ScoringLine)

    @line.on(m.Fixed)
    def _fixed(self, line: m.Fixed) -> str:
        if line.condition is None:
            return f"{line.points}p"
        return f"{line.points}p si {self.condition(line.condition)}"

    @line.on(m.PerCount)
    def _per_count(self, line: m.PerCount) -> str:
        what = self.countable(line.count, line.per)
        if line.per == 1:
            return f"1x: {line.points}p por cada {what}"
        return f"1x: {line.points}p por cada {line.per} {what}"

    @line.on(m.Capped)
    def _capped(self, line: m.Capped) -> str:
        worst = "como máximo" if line.line.points > 0 else "como mínimo"
        sign = "" if line.line.points > 0 else "-"
        return f"{self.line(line.line)} ({worst} {sign}{line.limit}p)"

    @line.on(m.ScoresLike)
    def _scores_like(self, line: m.ScoresLike) -> str:
        name = self.names.get(line.card, line.card)
        if not line.lines:
            return f"puntúa como {name}"
        return f"puntúa como {name} ({'. '.join(self.line(other) for other in line.lines)})"
