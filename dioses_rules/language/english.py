"""Predicate trees -> English card text, as a player reads it on the card.

Not to be confused with :mod:`source`, the card-language text of a
``.dioses`` file. Generated from the compiled tree, never stored, so the text
cannot drift from what the engine scores. ``names`` maps card ids to display
names (the English names); unknown ids are shown as they are. Whole
definitions are written by :mod:`english_definitions`.
"""

from __future__ import annotations

from typing import Mapping, Optional

from . import model as m
from .headers import bundled_vocabulary
from .vocabulary import Vocabulary
from .walk import Dispatch

Names = Mapping[str, str]

ROW_WORDS = {m.Row.FRONT: "front", m.Row.CENTRAL: "central", m.Row.BACK: "back"}
_RELATION_WORDS = {
    m.RelationKind.NEXT_TO: "next to",
    m.RelationKind.CLOSE_TO: "close to",
    m.RelationKind.DIAGONAL_TO: "diagonal to",
    m.RelationKind.ABOVE: "directly above",
    m.RelationKind.BELOW: "directly below",
    m.RelationKind.LEFT_OF: "directly left of",
    m.RelationKind.RIGHT_OF: "directly right of",
    m.RelationKind.SAME_ROW: "in the same row as",
    m.RelationKind.SAME_COLUMN: "in the same column as",
    m.RelationKind.OPPOSITE_CORNER: "in the corner opposite",
}
_SCOPE_WORDS = {
    m.ScopeKind.AREA: "in the area", m.ScopeKind.ROW: "in its row",
    m.ScopeKind.COLUMN: "in its column", m.ScopeKind.LINE: "in this row/column",
    m.ScopeKind.NEIGHBOURS: "next to it", m.ScopeKind.SURROUNDINGS: "close to it",
    m.ScopeKind.DIAGONALS: "diagonal to it",
}
_FACT_WORDS = {m.Fact.PATTERNS_COMPLETED: ("completed pattern", "completed patterns"),
               m.Fact.LAWS_MET: ("law met", "laws met"), m.Fact.TOTAL: ("point", "points")}


def with_article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def join(items: list[str], word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _cards(plural: bool) -> str:
    return "cards" if plural else "card"


class EnglishWriter:
    """English phrases for the pieces of a predicate tree; the words of
    mythologies and types come from a vocabulary (the bundled sets' when none
    is given)."""

    def __init__(self, names: Optional[Names] = None, vocabulary: Optional[Vocabulary] = None):
        self.names = dict(names or {})
        self.vocabulary = vocabulary if vocabulary is not None else bundled_vocabulary()

    def type_word(self, type_id: str, plural: bool = False) -> str:
        """A card type in English: "god", "gods"."""
        return self.vocabulary.english("type", type_id, plural) or type_id

    def mythology_word(self, mythology: str) -> str:
        """A mythology in English: "Greek"."""
        return self.vocabulary.english("mythology", mythology)

    # ------------------------------------------------------------ selectors
    def is_proper(self, selector: m.Selector) -> bool:
        """A selector naming one card (no article, no plural)."""
        return isinstance(selector, (m.Named, m.SelfCard, m.StateRef, m.Leader)) and not (
            isinstance(selector, m.Named) and selector.name not in self.names)

    def noun(self, selector: m.Selector, plural: bool = False, article: bool = False) -> str:
        text = self.noun_phrase(selector, plural)
        if article and not plural and not self.is_proper(selector) and not isinstance(
                selector, (m.SelOr, m.ElementRef)):
            text = with_article(text)
        return text

    noun_phrase = Dispatch(m.Selector)

    @noun_phrase.on(m.AnyCard)
    def _any(self, s, plural: bool) -> str:
        return _cards(plural)

    @noun_phrase.on(m.TypeIs)
    def _type(self, s, plural: bool) -> str:
        return self.type_word(s.type, plural)

    @noun_phrase.on(m.MythologyIs)
    def _mythology(self, s, plural: bool) -> str:
        name = self.mythology_word(s.mythology)
        if plural:  # "no Greeks", as the printed laws say; "Norse cards"
            return self.vocabulary.english("mythology", s.mythology, True) or f"{name} cards"
        return f"{name} card"

    @noun_phrase.on(m.FaceIs)
    def _face(self, s, plural: bool) -> str:
        return f"face-{'up' if s.face_up else 'down'} {_cards(plural)}"

    @noun_phrase.on(m.Named)
    def _named(self, s, plural: bool) -> str:
        if s.name in self.names:
            return self.names[s.name]
        return f"{s.name} {_cards(plural)}"  # a tag: "throne card"

    @noun_phrase.on(m.SelfCard)
    def _self(self, s, plural: bool) -> str:
        return "this card"

    @noun_phrase.on(m.StateRef)
    def _state(self, s, plural: bool) -> str:
        return f"the {s.name}"

    @noun_phrase.on(m.ElementRef)
    def _element(self, s, plural: bool) -> str:
        return f"{_cards(plural)} of the element"

    @noun_phrase.on(m.SameAs)
    def _same(self, s, plural: bool) -> str:
        return f"{_cards(plural)} of the same {s.attribute.value}"

    @noun_phrase.on(m.MostCommon)
    def _most_common(self, s, plural: bool) -> str:
        return f"{_cards(plural)} of the most common {s.attribute.value}"

    @noun_phrase.on(m.Leader)
    def _leader(self, s, plural: bool) -> str:
        return (f"the one of {self.noun(s.candidates, plural=True)} with the most "
                f"{self.count_phrase(s.count, plural=True)}")

    @noun_phrase.on(m.SelNot)
    def _not(self, s, plural: bool) -> str:
        inner = self.noun_phrase(s.item, plural)
        return f"non-{inner}" if " " not in inner else f"{_cards(plural)} other than {inner}"

    @noun_phrase.on(m.SelOr)
    def _or(self, s, plural: bool) -> str:
        return join([self.noun(i, plural, article=not plural) for i in s.items], "or")

    @noun_phrase.on(m.SelAnd)
    def _and(self, s, plural: bool) -> str:
        suffixes = (m.SameAs, m.MostCommon)
        same = [i for i in s.items if isinstance(i, suffixes)]
        rest = [i for i in s.items if not isinstance(i, suffixes)]
        face = next((i for i in rest if isinstance(i, m.FaceIs)), None)
        myth = next((i for i in rest if isinstance(i, m.MythologyIs)), None)
        kind = next((i for i in rest if isinstance(i, m.TypeIs)), None)
        others = [i for i in rest if i not in (face, myth, kind)]
        words = []
        if face is not None:
            words.append(f"face-{'up' if face.face_up else 'down'}")
        if myth is not None:
            words.append(self.mythology_word(myth.mythology))
        head = self.type_word(kind.type, plural) if kind else None
        excluded = [i for i in others if isinstance(i, m.SelNot)]
        others = [i for i in others if not isinstance(i, m.SelNot)]
        if head is None and len(others) == 1 and not words:
            head = self.noun_phrase(others.pop(), plural)
        text = " ".join(words + [head or _cards(plural)])
        for other in others:
            text += f" that {'are' if plural else 'is'} {self.noun(other, article=True)}"
        for item in excluded:
            text += f" other than {self.noun(item.item, article=True)}"
        for item in same:
            which = "same" if isinstance(item, m.SameAs) else "most common"
            text += f" of the {which} {item.attribute.value}"
        return text

    # ------------------------------------------------------------ scopes, counts
    def scope(self, scope: m.Scope) -> str:
        kind = scope.kind
        if kind in _SCOPE_WORDS:
            return _SCOPE_WORDS[kind]
        if kind is m.ScopeKind.NAMED_ROW:
            return f"in the {ROW_WORDS[scope.row]} row"
        if kind is m.ScopeKind.NAMED_COLUMN:
            return f"in column {scope.column}"
        return f"in the largest group of {self.noun(scope.group, plural=True)}"

    def count_phrase(self, count: m.Count, plural: bool) -> str:
        text = f"{self.noun(count.selector, plural)} {self.scope(count.scope)}"
        if count.where is not None:
            text += f" that {'are' if plural else 'is'} {self.position(count.where)}"
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
        word = distinct.attribute.value
        if amount != 1:
            word = {"mythology": "mythologies", "type": "types"}[word]
        among = "" if isinstance(distinct.selector, m.AnyCard) else \
            f" among {self.noun(distinct.selector, plural=True)}"
        return f"different {word}{among} {self.scope(distinct.scope)}"

    # ------------------------------------------------------------ positions
    position = Dispatch(m.Position)
    """A relation or position, without its subject: 'next to an Egyptian card'."""

    @position.on(m.Relation)
    def _relation(self, c) -> str:
        return f"{_RELATION_WORDS[c.kind]} {self.noun(c.target, article=True)}"

    @position.on(m.Between)
    def _between(self, c) -> str:
        return (f"between {self.noun(c.first, article=True)} and "
                f"{self.noun(c.second, article=True)}")

    @position.on(m.InRow)
    def _in_row(self, c) -> str:
        return f"in the {ROW_WORDS[c.row]} row"

    @position.on(m.InColumn)
    def _in_column(self, c) -> str:
        return f"in column {c.column}"

    @position.on(m.AtCell)
    def _at_cell(self, c) -> str:
        return f"in the {ROW_WORDS[c.row]} row, column {c.column}"

    @position.on(m.InCorner)
    def _in_corner(self, c) -> str:
        return "in a corner"

    @position.on(m.Present)
    def _present(self, c) -> str:
        return "in play"

    @position.on(m.Scores)
    def _scoring(self, c) -> str:
        return "scoring" if c.at_least is None else f"scoring at least {c.at_least} points"

    @staticmethod
    def scores_verb(c: m.Scores) -> str:
        return "scores" if c.at_least is None else f"scores at least {c.at_least} points"

    # ------------------------------------------------------------ conditions
    condition = Dispatch(m.Condition)

    @condition.on(m.CondAnd)
    def _cond_and(self, c, subject: str = "it") -> str:
        return join([self.condition(i, subject) for i in c.items], "and")

    @condition.on(m.CondOr)
    def _cond_or(self, c, subject: str = "it") -> str:
        return join([self.condition(i, subject) for i in c.items], "or")

    @condition.on(m.CondNot)
    def _cond_not(self, c, subject: str = "it") -> str:
        return f"not ({self.condition(c.item, subject)})"

    @condition.on(m.Subject)
    def _subject(self, c, subject: str = "it") -> str:
        every = c.mode is m.SubjectMode.EVERY
        names = [("every " if every else "") + self.noun(s) for s in c.subjects]
        phrase = "scoring" if isinstance(c.condition, m.Scores) else self.position(c.condition)
        if c.mode is m.SubjectMode.NONE:
            listed = join(names, "or")
            if len(names) > 1:
                return f"none of {listed} is {phrase}"
            if self.is_proper(c.subjects[0]) or isinstance(c.subjects[0], (m.SelOr, m.SelAnd)):
                return f"{listed} is not {phrase}"
            return f"no {listed} is {phrase}"
        if len(names) > 1:
            listed = join(names, "and")
            if isinstance(c.condition, m.Scores):
                return f"{listed} each {self.scores_verb(c.condition).replace('scores', 'score')}"
            return f"{listed} are each {phrase}"
        if phrase.startswith("scor"):
            return f"{names[0]} {self.scores_verb(c.condition)}"
        return f"{names[0]} is {phrase}"

    @condition.on(m.Relation, m.Between, m.InRow, m.InColumn, m.AtCell, m.InCorner, m.Present)
    def _positioned(self, c, subject: str = "it") -> str:
        return f"{subject} is {self.position(c)}"

    @condition.on(m.Scores)
    def _scores(self, c, subject: str = "it") -> str:
        return f"{subject} {self.scores_verb(c)}"

    @condition.on(m.Quantity)
    def _quantity(self, c, subject: str = "it") -> str:
        return f"{c.comparison.value} {c.amount} {self.countable(c.count, c.amount)}"

    @condition.on(m.NoneIn)
    def _none_in(self, c, subject: str = "it") -> str:
        return f"no {self.count_phrase(c.count, True)}"

    @condition.on(m.Only)
    def _only(self, c, subject: str = "it") -> str:
        return f"only {self.noun(c.selector, plural=True)} {self.scope(c.scope)}"

    @condition.on(m.MoreThan)
    def _more_than(self, c, subject: str = "it") -> str:
        return f"more {self.count_phrase(c.more, True)} than {self.count_phrase(c.less, True)}"

    @condition.on(m.AllFaceUpAtEnd)
    def _all_face_up(self, c, subject: str = "it") -> str:
        return "you end the game with every card face up"

    # ------------------------------------------------------------ lines
    line = Dispatch(m.ScoringLine)

    @line.on(m.Fixed)
    def _fixed(self, line: m.Fixed) -> str:
        if line.condition is None:
            return f"{line.points}p"
        return f"{line.points}p: {self.condition(line.condition)}"

    @line.on(m.PerCount)
    def _per_count(self, line: m.PerCount) -> str:
        what = self.countable(line.count, line.per)
        if line.per == 1:
            return f"1x: {line.points}p per {what}"
        return f"1x: {line.points}p for every {line.per} {what}"

    @line.on(m.Capped)
    def _capped(self, line: m.Capped) -> str:
        worst = "at most" if line.line.points > 0 else "at worst"
        sign = "" if line.line.points > 0 else "-"
        return f"{self.line(line.line)} ({worst} {sign}{line.limit}p)"

    @line.on(m.ScoresLike)
    def _scores_like(self, line: m.ScoresLike) -> str:
        name = self.names.get(line.card, line.card)
        if not line.lines:
            return f"scores like {name}"
        return f"scores like {name} ({'. '.join(self.line(other) for other in line.lines)})"
