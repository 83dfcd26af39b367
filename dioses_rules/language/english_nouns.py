"""The English writer's noun phrases: selectors, scopes and counts, in the
words of its ``locale/en/card-text.toml`` (the clauses built from them are
in :mod:`english`, whose docstring says the shape every language's writer
has)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from attrs import frozen

from . import model as m
from .card_words import card_words
from .headers import bundled_vocabulary
from .spanish_words import Noun
from .vocabulary import Vocabulary
from .walk import Dispatch

Names = Mapping[str, str]


@frozen
class Phrase:
    """A noun phrase and its gender, for what agrees with it (Spanish)."""

    text: str
    feminine: bool = False


class EnglishNouns:
    """English words and noun phrases for the pieces of a predicate tree;
    the words of mythologies and types come from a vocabulary (the bundled
    sets' when none is given). :class:`english.EnglishWriter` adds the
    clauses."""

    WORDS = card_words("en")  # the words, locale/en/card-text.toml
    # The card the text is on, for "it" after a preposition: feminine ("la
    # carta", unless a language says otherwise: agree_with) and plural.
    own_feminine, own_plural = True, False
    # the EnglishWriter's, which this is part of (its clauses)
    position: Callable[[m.Position], str]

    def __init__(self, names: Names | None = None, vocabulary: Vocabulary | None = None) -> None:
        self.names = dict(names or {})
        self.vocabulary = vocabulary if vocabulary is not None else bundled_vocabulary()
        words = self.WORDS  # the words most read, at hand
        self.IT = words.words["it"]  # whom a condition is about, unless told
        self.AND, self.OR = words.words["and"], words.words["or"]
        self.CARD: Noun = words.card
        self.ROWS: Mapping[m.Row, str] = words.ones["rows"]

    def type_noun(self, type_id: str) -> Noun:
        """A card type as a noun: "god"/"gods"."""
        english = self.vocabulary.english
        return Noun(
            english("type", type_id, False) or type_id, english("type", type_id, True) or type_id
        )

    def tag_word(self, tag: str) -> str:
        """A tag in English: its declared English name (``aka``), else itself."""
        return self.vocabulary.english("tag", tag)

    def state_word(self, word: str) -> str:
        """A scenario's state word or deck ("fairest"), as the card file says it."""
        return word

    def mythology_word(self, mythology: str, feminine: bool = False, plural: bool = False) -> str:
        """A mythology in English: "Greek" (agreeing with nothing)."""
        return self.vocabulary.english("mythology", mythology)

    def capital(self, word: str) -> str:
        """A word as a title has it: "God"."""
        return word.capitalize()

    def phrase(self, key: str, *args: object, **kwargs: object) -> str:
        """One template of the language's ``[phrases]``, filled."""
        return self.WORDS.phrase(key).format(*args, **kwargs)

    def pair(self, key: str, second: bool) -> str:
        """One template of a pair of ``[phrases]``, unfilled: the first
        (singular, false, masculine) or, when ``second``, the second."""
        return self.WORDS.pair(key)[second]

    def join(self, items: Sequence[str], word: str) -> str:
        """ "a", "a and b", "a, b and c"."""
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {word} " + items[-1]

    def before(self, preposition: str, text: str) -> str:
        """A preposition before a noun phrase."""
        return f"{preposition} {text}"

    # ------------------------------------------------------------ selectors
    def is_proper(self, selector: m.Selector) -> bool:
        """A selector naming one card (no article, no plural)."""
        return isinstance(selector, (m.Named, m.SelfCard, m.StateRef, m.Leader)) and not (
            isinstance(selector, m.Named) and selector.name not in self.names
        )

    def names_cards(self, selector: m.Selector) -> bool:
        """Whether a selector is said by card names, with no article: "Zeus,
        Odín o Ra de la mitología más común", "Hera other than the fairest"."""
        if isinstance(selector, m.SelOr):
            return all(self.names_cards(item) for item in selector.items)
        if isinstance(selector, m.SelAnd):
            return any(self.names_cards(item) for item in selector.items)
        return self.is_proper(selector)

    def lists_names(self, selector: m.Selector) -> bool:
        """Whether a selector lists several cards by name, maybe with a
        restriction: "Hera, Athena or Aphrodite (other than the fairest)"."""
        if isinstance(selector, m.SelOr):
            return len(selector.items) > 1 and self.names_cards(selector)
        if isinstance(selector, m.SelAnd):
            return any(self.lists_names(item) for item in selector.items)
        return False

    def takes_article(self, selector: m.Selector) -> bool:
        """Whether the singular noun phrase takes "a"/"an"."""
        return not self.is_proper(selector) and not isinstance(selector, (m.SelOr, m.ElementRef))

    def with_article(self, phrase: Phrase) -> str:
        return ("an " if phrase.text[:1].lower() in "aeiou" else "a ") + phrase.text

    def noun(self, selector: m.Selector, plural: bool = False, article: bool = False) -> str:
        return self.noun_with(selector, plural, article).text

    def noun_with(
        self, selector: m.Selector, plural: bool = False, article: bool = False
    ) -> Phrase:
        """The noun phrase with its gender; ``article``: with the indefinite
        article when singular."""
        phrase: Phrase = self.noun_phrase(selector, plural)
        if article and not plural and self.takes_article(selector):
            return Phrase(self.with_article(phrase), phrase.feminine)
        return phrase

    def cards(self, plural: bool) -> Phrase:
        return Phrase(self.CARD.form(plural), self.CARD.feminine)

    noun_phrase = Dispatch(m.Selector)

    @noun_phrase.on(m.AnyCard)
    def _any(self, sel: m.AnyCard, plural: bool) -> Phrase:
        return self.cards(plural)

    @noun_phrase.on(m.TypeIs)
    def _type(self, sel: m.TypeIs, plural: bool) -> Phrase:
        noun = self.type_noun(sel.type)
        return Phrase(noun.form(plural), noun.feminine)

    @noun_phrase.on(m.MythologyIs)
    def _mythology(self, sel: m.MythologyIs, plural: bool) -> Phrase:
        name = self.mythology_word(sel.mythology)
        if plural:  # "no Greeks", as the printed laws say; "Norse cards"
            return Phrase(
                self.vocabulary.english("mythology", sel.mythology, True) or f"{name} cards"
            )
        return Phrase(f"{name} card")

    @noun_phrase.on(m.FaceIs)
    def _face(self, sel: m.FaceIs, plural: bool) -> Phrase:
        return Phrase(
            self.pair("face", sel.face_up).format(cards=self.CARD.form(plural)),
            self.CARD.feminine,
        )

    @noun_phrase.on(m.Named, m.SelfCard, m.StateRef, m.ElementRef)
    def _card_word(
        self, sel: m.Named | m.SelfCard | m.StateRef | m.ElementRef, plural: bool
    ) -> Phrase:
        """A card by name, or a tag ("throne card"); this card; a state's
        card ("the chosen"); the element's cards."""
        if isinstance(sel, m.Named) and sel.name in self.names:
            return Phrase(self.names[sel.name])
        key = self._CARD_WORDS[type(sel)]
        name = (
            self.tag_word(sel.name)
            if isinstance(sel, m.Named)
            else self.state_word(sel.name)
            if isinstance(sel, m.StateRef)
            else ""
        )
        return Phrase(
            self.phrase(key, cards=self.CARD.form(plural), name=name),
            self.CARD.feminine,
        )

    _CARD_WORDS = {m.Named: "tag", m.SelfCard: "self", m.StateRef: "state", m.ElementRef: "element"}  # noqa: RUF012 (a table, read only)

    @noun_phrase.on(m.SameAs, m.MostCommon)
    def _same(self, sel: m.SameAs | m.MostCommon, plural: bool) -> Phrase:
        return Phrase(f"{self.CARD.form(plural)} {self.attribute_phrase(sel)}", self.CARD.feminine)

    def attribute_phrase(self, suffix: m.SameAs | m.MostCommon) -> str:
        """ "of the same mythology", "of the most common type"."""
        which = "same" if isinstance(suffix, m.SameAs) else "most-common"
        return self.WORDS.ones[which][suffix.attribute]

    @noun_phrase.on(m.Leader)
    def _leader(self, sel: m.Leader, plural: bool) -> Phrase:
        """ "the one of hera or zeus with the most ...", "el dios con más ..."."""
        one = self.noun_with(sel.candidates)
        return Phrase(
            self.phrase(
                "leader",
                the=self.pair("the", one.feminine),
                candidate=one.text,
                candidates=self.noun(sel.candidates, plural=True),
                count=self.count_phrase(sel.count, plural=True),
            ),
            one.feminine,
        )

    @noun_phrase.on(m.SelNot)
    def _not(self, sel: m.SelNot, plural: bool) -> Phrase:
        inner = self.noun_phrase(sel.item, plural).text
        return Phrase(f"non-{inner}") if " " not in inner else self.other_than(inner, plural)

    def other_than(self, inner: str, plural: bool) -> Phrase:
        """ "cards other than Greek god", "cartas que no son dioses"."""
        text = self.pair("other than", plural).format(inner)
        return Phrase(f"{self.CARD.form(plural)} {text}", self.CARD.feminine)

    @noun_phrase.on(m.SelOr)
    def _or(self, sel: m.SelOr, plural: bool) -> Phrase:
        first = self.noun_with(sel.items[0], plural)
        return Phrase(
            self.join([self.noun(i, plural, article=not plural) for i in sel.items], self.OR),
            first.feminine,
        )

    @noun_phrase.on(m.SelAnd)
    def _and(self, sel: m.SelAnd, plural: bool) -> Phrase:
        suffixes = (m.SameAs, m.MostCommon)
        same = [i for i in sel.items if isinstance(i, suffixes)]
        rest = [i for i in sel.items if not isinstance(i, suffixes)]
        face = next((i for i in rest if isinstance(i, m.FaceIs)), None)
        myth = next((i for i in rest if isinstance(i, m.MythologyIs)), None)
        kind = next((i for i in rest if isinstance(i, m.TypeIs)), None)
        others = [i for i in rest if i not in (face, myth, kind)]
        excluded = [i for i in others if isinstance(i, m.SelNot)]
        others = [i for i in others if not isinstance(i, m.SelNot)]
        head = self.noun_phrase(kind, plural) if kind else None
        if head is None and len(others) == 1 and myth is None and face is None:
            head = self.noun_phrase(others.pop(), plural)
        head = head or self.cards(plural)
        text = self.head_words(head, face, myth, plural)
        for other in others:
            text += " " + self.pair("which is", plural).format(self.noun(other, article=True))
        for item in excluded:
            text += " " + self.pair("other than", plural).format(self.noun(item.item, article=True))
        for suffix in same:
            text += " " + self.attribute_phrase(suffix)
        return Phrase(text, head.feminine)

    def head_words(
        self, head: Phrase, face: m.FaceIs | None, mythology: m.MythologyIs | None, plural: bool
    ) -> str:
        """A selector's words around its head noun: "face-up Greek god"."""
        words = []
        if face is not None:
            words.append(self.pair("face word", face.face_up))
        if mythology is not None:
            words.append(self.mythology_word(mythology.mythology))
        return " ".join(words + [head.text])

    # ------------------------------------------------------------ scopes, counts
    def scope(self, scope: m.Scope) -> str:
        return self.WORDS.ones["scopes"][scope.kind].format(
            row=self.ROWS[scope.row] if scope.row is not None else "",
            column=scope.column,
            group=self.noun(scope.group, plural=True) if scope.group is not None else "",
            it=self.pair("them" if self.own_plural else "it", self.own_feminine),
        )

    def count_phrase(self, count: m.Count, plural: bool) -> str:
        text = f"{self.noun(count.selector, plural)} {self.scope(count.scope)}"
        if count.where is not None:
            text += " " + self.pair("where", plural).format(self.position(count.where))
        return text

    countable = Dispatch(m.Countable)

    @countable.on(m.Count)
    def _count(self, count: m.Count, amount: int) -> str:
        return self.count_phrase(count, amount != 1)

    @countable.on(m.FactCount)
    def _fact(self, fact: m.FactCount, amount: int) -> str:
        return self.WORDS.twos["facts"][fact.fact][amount != 1]

    @countable.on(m.Distinct)
    def _distinct(self, distinct: m.Distinct, amount: int) -> str:
        among = (
            ""
            if isinstance(distinct.selector, m.AnyCard)
            else self.phrase("among", self.noun(distinct.selector, plural=True))
        )
        return self.phrase(
            "distinct",
            word=self.WORDS.twos["distinct"][distinct.attribute][amount != 1],
            among=among,
            scope=self.scope(distinct.scope),
        )
