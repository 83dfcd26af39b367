"""Conditions, scoring lines and weights."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Union

from attrs import field, frozen

from .nouns import Comparison, RelationKind, Row, Span, SubjectMode, _span
from .selectors import Count, Countable, Scope, Selector

# --------------------------------------------------------------------------
# Conditions


@frozen
class Relation:
    """The anchor card stands in ``kind`` to a card matching ``target``
    ("on both sides" is :class:`Between`)."""

    kind: RelationKind
    target: Selector
    span: Span | None = _span()


@frozen
class Between:
    """R3 "on both sides": one target directly left, the other directly right."""

    first: Selector
    second: Selector
    span: Span | None = _span()


@frozen
class InRow:
    row: Row
    span: Span | None = _span()


@frozen
class InColumn:
    column: int
    span: Span | None = _span()


@frozen
class AtCell:
    row: Row
    column: int
    span: Span | None = _span()


@frozen
class InCorner:
    """R7."""

    span: Span | None = _span()


@frozen
class Present:
    """``in area``: the anchor exists (used with a subject)."""

    span: Span | None = _span()


@frozen
class Scores:
    """R24: the anchor card's own lines give it more than 0 (or at least N)."""

    at_least: int | None = None
    span: Span | None = _span()


@frozen
class Subject:
    """Rebind the anchor: ``hades above persephone``, ``every card scores``.

    SOME: each selector in ``subjects`` has a card that satisfies ``condition``;
    EVERY: every card matching any of them does; NONE: no such card does.
    """

    mode: SubjectMode
    subjects: tuple[Selector, ...]
    condition: Condition
    span: Span | None = _span()


@frozen
class Quantity:
    comparison: Comparison
    amount: int
    count: Countable
    span: Span | None = _span()


@frozen
class NoneIn:
    """``no greek in line``."""

    count: Count
    span: Span | None = _span()


@frozen
class Only:
    """``only gods in line``: every present card of the scope matches."""

    selector: Selector
    scope: Scope
    span: Span | None = _span()


@frozen
class MoreThan:
    """``more gods than objects in row``: a strict comparison of two counts
    (a scope written once applies to both; ``where`` clauses are not used)."""

    more: Count
    less: Count
    span: Span | None = _span()


@frozen
class AllFaceUpAtEnd:
    """R21: the area was all face up before the final reveal (always in solo)."""

    span: Span | None = _span()


@frozen
class CondNot:
    item: Condition
    span: Span | None = _span()


@frozen
class CondAnd:
    items: tuple[Condition, ...]
    span: Span | None = _span()


@frozen
class CondOr:
    items: tuple[Condition, ...]
    span: Span | None = _span()


# The conditions that say where the card being judged is (the grammar's
# ``relation``): they follow a subject ("hades above persephone") or a count's
# "that is".
Position = Union[Relation, Between, InRow, InColumn, AtCell, InCorner, Present, Scores]

Condition = Union[
    Relation,
    Between,
    InRow,
    InColumn,
    AtCell,
    InCorner,
    Present,
    Scores,
    Subject,
    Quantity,
    NoneIn,
    Only,
    MoreThan,
    AllFaceUpAtEnd,
    CondNot,
    CondAnd,
    CondOr,
]


# --------------------------------------------------------------------------
# Scoring lines


@frozen
class Fixed:
    """R8: ``N points if condition`` scores N once when it holds."""

    points: int
    condition: Condition | None = None
    span: Span | None = _span()


@frozen
class PerCount:
    """R9: ``N points per K things`` scores N x floor(count / K)."""

    points: int
    per: int
    count: Countable
    span: Span | None = _span()


@frozen
class Capped:
    """``1 point per god in neighbours up to 6 points``: a multiplier line
    whose total is at most ``limit`` points (a penalty at most ``limit`` off)."""

    line: PerCount
    limit: int
    span: Span | None = _span()


@frozen
class ScoresLike:
    """``scores like hera``: this card scores as that card's lines would at
    this card's place. The pool fills ``lines`` from the other card when it
    loads the sets (never from text), so the two cannot drift apart."""

    card: str
    lines: tuple[ScoringLine, ...] = field(default=(), eq=False, repr=False)
    span: Span | None = _span()


@frozen
class Bounded:
    """The sum of ``lines``, never below ``floor`` nor above ``ceiling`` points
    (either may be None). A card's ``never below 0 points`` bounds its whole
    total (its lines are this one line); ``scores like hera up to 4 points,
    never below 0 points`` bounds that card's lines alone."""

    lines: tuple[ScoringLine, ...]
    floor: int | None = None
    ceiling: int | None = None
    span: Span | None = _span()

    def clamp(self, points: int) -> int:
        """The bounds applied to a sum of points (one rule for every back end)."""
        if self.ceiling is not None:
            points = min(points, self.ceiling)
        if self.floor is not None:
            points = max(points, self.floor)
        return points

    @property
    def scores_like(self) -> ScoresLike | None:
        """The line it bounds when it reads as a bounded ``scores like``
        (``up to`` takes no negative cap), else None."""
        only = self.lines[0] if len(self.lines) == 1 else None
        if isinstance(only, ScoresLike) and (self.ceiling is None or self.ceiling >= 0):
            return only
        return None


ScoringLine = Union[Fixed, PerCount, Capped, ScoresLike, Bounded]


def total_bound(lines: tuple[ScoringLine, ...]) -> Bounded | None:
    """The line bounding a card's whole total (``never below 0 points``),
    when its lines are that one line; else None."""
    only = lines[0] if len(lines) == 1 else None
    return only if isinstance(only, Bounded) and only.scores_like is None else None


def scores_like_lines(lines: tuple[ScoringLine, ...]) -> Iterator[ScoresLike]:
    """The ``scores like`` lines among ``lines``, a bounded one's included
    (not those of the lines they fill in)."""
    for line in lines:
        if isinstance(line, ScoresLike):
            yield line
        elif isinstance(line, Bounded):
            yield from scores_like_lines(line.lines)


@frozen
class Weight:
    """R11: ``counts as 2 gods`` (a type) or ``counts as 2 aztecs`` (a
    mythology): the card counts ``amount`` wherever that word is counted."""

    amount: int
    type: str | None  # None: a mythology's weight
    mythology: str | None = None
    span: Span | None = _span()

    @property
    def word(self) -> str:
        """The type or mythology it weighs (ids never clash across kinds)."""
        found = self.type if self.mythology is None else self.mythology
        assert found is not None  # a weight names a type or a mythology
        return found
