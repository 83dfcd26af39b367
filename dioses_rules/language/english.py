"""Predicate trees -> English card text, as a player reads it on the card.

Not to be confused with :mod:`source`, the card-language text of a
``.dioses`` file. Generated from the compiled tree, never stored, so the text
cannot drift from what the engine scores. ``names`` maps card ids to display
names (the English names); unknown ids are shown as they are. Whole
definitions are written by :mod:`english_definitions`.

Every language's writer has this shape: its words are data
(``locale/LANG/card-text.toml``, read and checked total at import by
:mod:`card_words`: a template per phrase and per effect, a table per enum);
a language subclasses it with its own file and overrides only the methods
whose grammar differs (:mod:`spanish`). Noun phrases are
:class:`Phrase` records, a text and its gender, for what agrees with them.
The words and noun phrases are in :mod:`english_nouns`; this module writes the
clauses: positions, conditions and scoring lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import model as m
from .english_nouns import EnglishNouns
from .sugar import own_most_common
from .walk import Dispatch


class EnglishWriter(EnglishNouns):
    """English phrases for the pieces of a predicate tree; the words of
    mythologies and types come from a vocabulary (the bundled sets' when none
    is given)."""

    # ------------------------------------------------------------ positions
    position = Dispatch(m.Position)
    """A relation or position, without its subject: 'next to an Egyptian card'."""

    @position.on(m.Relation)
    def _relation(self, c: m.Relation) -> str:
        return self.before(self.WORDS.ones["relations"][c.kind], self.noun(c.target, article=True))

    @position.on(m.Between)
    def _between(self, c: m.Between) -> str:
        return self.phrase("between") + self.join(
            [self.noun(c.first, article=True), self.noun(c.second, article=True)], self.AND
        )

    @position.on(m.InRow)
    def _in_row(self, c: m.InRow) -> str:
        return self.phrase("in row", row=self.ROWS[c.row])

    @position.on(m.InColumn)
    def _in_column(self, c: m.InColumn) -> str:
        return self.phrase("in column", column=c.column)

    @position.on(m.AtCell)
    def _at_cell(self, c: m.AtCell) -> str:
        return self.phrase("at cell", row=self.ROWS[c.row], column=c.column)

    @position.on(m.InCorner)
    def _in_corner(self, c: m.InCorner) -> str:
        return self.phrase("in corner")

    @position.on(m.Present)
    def _present(self, c: m.Present) -> str:
        return self.phrase("present")

    @position.on(m.Scores)
    def _scoring(self, c: m.Scores) -> str:
        return self.phrase("scoring") + self.at_least(c)

    def scores_verb(self, c: m.Scores, plural: bool = False) -> str:
        """ "scores", "score at least 2 points" (of more than one card)."""
        return self.pair("scores", plural) + self.at_least(c)

    def at_least(self, c: m.Scores) -> str:
        if c.at_least is None:
            return ""
        return self.phrase("at least points", n=c.at_least, points=self.points(c.at_least))

    def points(self, amount: int) -> str:
        """ "1 point", "2 points"."""
        return f"{amount} {self.WORDS.twos['facts'][m.Fact.TOTAL][amount != 1]}"

    # ------------------------------------------------------------ conditions
    condition = Dispatch(m.Condition)
    """A condition as a clause; ``subject`` is whom it is about (by default
    :attr:`IT`, the card itself)."""

    @condition.on(m.CondAnd, m.CondOr)
    def _cond_list(self, c: m.CondAnd | m.CondOr, subject: str | None = None) -> str:
        word = self.AND if isinstance(c, m.CondAnd) else self.OR
        return self.join([self.condition(i, subject) for i in c.items], word)

    @condition.on(m.CondNot)
    def _cond_not(self, c: m.CondNot, subject: str | None = None) -> str:
        return self.phrase("not", self.condition(c.item, subject))

    @condition.on(m.Subject)
    def _subject(self, c: m.Subject, subject: str | None = None) -> str:
        own = own_most_common(c)
        if own is not None:  # R24, language/sugar.py
            return self.pair("its most common", own is m.Attribute.TYPE)
        return self.subjects_clause(c)

    def subjects_clause(self, c: m.Subject) -> str:
        """Named cards and what holds of them: "hera is next to a god",
        "ningún dios está en una esquina"."""
        many, first = len(c.subjects) > 1, self.noun_with(c.subjects[0])
        scores = c.condition if isinstance(c.condition, m.Scores) else None
        position = self.phrase("scoring") if scores else self.position(c.condition)
        if c.mode is m.SubjectMode.EVERY:
            names = [
                self.pair("every one", n.feminine).format(n.text)
                for n in map(self.noun_with, c.subjects)
            ]
        else:
            names = [self.subject_noun(s, c.mode) for s in c.subjects]
        listed = self.join(names, self.OR if c.mode is m.SubjectMode.NONE else self.AND)
        if c.mode is m.SubjectMode.NONE:
            verb = (
                self.scores_verb(scores)
                if scores
                else self.phrase("is", subject="", position=position).lstrip()
            )
            key = self.none_key(c.subjects, many)
            feminine = self.names_feminine(c.subjects) if key == "none of" else None
            return self.pair(key, first.feminine if feminine is None else feminine).format(
                subject=listed, position=position, verb=verb
            )
        if scores is not None:
            return self.pair("subject scores", many).format(
                subject=listed, verb=self.scores_verb(scores, many)
            )
        return self.pair("subject is", many).format(subject=listed, position=position)

    def none_key(self, subjects: Sequence[m.Selector], many: bool) -> str:
        """How a NONE subject is said: "none of" several cards, or of a list
        of names ("none of Hera, Athena or Aphrodite other than the fairest
        is ..."); "is not" of one card by name ("Hera is not ..."); else "no
        one" ("no Greek god is ...")."""
        if many or self.lists_names(subjects[0]):
            return "none of"
        return "is not" if self.names_cards(subjects[0]) else "no one"

    def names_feminine(self, subjects: Sequence[m.Selector]) -> bool | None:
        """Whether the cards a "none of" names are all feminine (Spanish:
        "ninguna de Hera o Athena"), or None when it is not known (English
        agrees with nothing)."""
        return None

    def subject_noun(self, selector: m.Selector, mode: m.SubjectMode) -> str:
        """A card a condition is about, by itself: "hera", "god"."""
        return self.noun(selector)

    @condition.on(m.Relation, m.Between, m.InRow, m.InColumn, m.AtCell, m.InCorner, m.Present)
    def _positioned(
        self,
        c: m.Relation | m.Between | m.InRow | m.InColumn | m.AtCell | m.InCorner | m.Present,
        subject: str | None = None,
    ) -> str:
        subject = self.IT if subject is None else subject
        return self.phrase("is", subject=subject, position=self.position(c)).lstrip()

    @condition.on(m.Scores)
    def _scores(self, c: m.Scores, subject: str | None = None) -> str:
        return f"{self.IT if subject is None else subject} {self.scores_verb(c)}".lstrip()

    @condition.on(m.Quantity)
    def _quantity(self, c: m.Quantity, subject: str | None = None) -> str:
        points = isinstance(c.count, m.FactCount) and c.count.fact is m.Fact.TOTAL
        return self.pair("quantity", points).format(
            comparison=self.WORDS.ones["comparisons"][c.comparison],
            amount=c.amount,
            what=self.countable(c.count, c.amount),
        )

    @condition.on(m.NoneIn)
    def _none_in(self, c: m.NoneIn, subject: str | None = None) -> str:
        return self.phrase("none in", self.count_phrase(c.count, True))

    @condition.on(m.Only)
    def _only(self, c: m.Only, subject: str | None = None) -> str:
        return self.phrase("only", self.noun(c.selector, plural=True), self.scope(c.scope))

    @condition.on(m.MoreThan)
    def _more_than(self, c: m.MoreThan, subject: str | None = None) -> str:
        return self.phrase(
            "more than", self.count_phrase(c.more, True), self.count_phrase(c.less, True)
        )

    @condition.on(m.AllFaceUpAtEnd)
    def _all_face_up(self, c: m.AllFaceUpAtEnd, subject: str | None = None) -> str:
        return self.phrase("all face up")

    # ------------------------------------------------------------ lines
    line = Dispatch(m.ScoringLine)

    @line.on(m.Fixed)
    def _fixed(self, line: m.Fixed) -> str:
        if line.condition is None:
            return f"{line.points}p"
        return self.phrase("fixed", points=line.points, condition=self.condition(line.condition))

    @line.on(m.PerCount)
    def _per_count(self, line: m.PerCount) -> str:
        return self.pair("per", line.per != 1).format(
            points=line.points, per=line.per, what=self.countable(line.count, line.per)
        )

    @line.on(m.Capped)
    def _capped(self, line: m.Capped) -> str:
        worst = self.pair("capped", line.line.points > 0)
        sign = "" if line.line.points > 0 else "-"
        return f"{self.line(line.line)} ({worst} {sign}{line.limit}p)"

    @line.on(m.Bounded)
    def _bounded(self, line: m.Bounded) -> str:
        found = [("floor", line.floor), ("ceiling", line.ceiling)]
        bounds = self.join([self.phrase(key, n) for key, n in found if n is not None], self.AND)
        if line.scores_like is not None:
            return self.phrase("like bounds", line=self.line(line.scores_like), bounds=bounds)
        lines = ". ".join(self.line(inner) for inner in line.lines)
        return self.phrase("bounds", lines=lines, bounds=bounds)

    @line.on(m.ScoresLike)
    def _scores_like(self, line: m.ScoresLike) -> str:
        text = self.phrase("scores like", name=self.names.get(line.card, line.card))
        if not line.lines:
            return text
        return f"{text} ({'. '.join(self.line(other) for other in line.lines)})"
