"""Which cells a card's points read, from each cell it may stand on: what
lets a trial move keep the points of the cards it does not reach (#29).

The greedy agent tries moves that change one or two cells of an area
(``valuation.Valuation.value_near``). Most cards of the game score from their
own place: "2 points if next to egyptian", "1 point per god in row", "3
points if at least 2 gods in neighbours". Such a card's points depend only
on the cards in a few cells (its neighbours, its row) and on its own cell,
so a move that changes none of those leaves them as they were.

:func:`card_reads` says, for a card and each anchor cell, the mask of the
cells its lines read (beyond its own), or None when it cannot tell. It
knows only the core kinds whose reach is a fixed table of cells (the
geometry of ``scoring.masks``, derived from ``scoring.area``): relations,
"between", positions, and counts, quantities, "no", "only", "more than" and
"different" over a scope read from the card's place or a named row or
column, of selectors that look only at the counted card (and at the anchor
card: "of same mythology"); and the facts a card is judged with (the
patterns completed, the laws met, R21's all face up at the end), said by the
bit :data:`FACTS` above the cells' (a trial that meets another number of laws
or patterns judges those cards again). Anything else (the total, the most
common mythology, a subject, a scenario's state, a count with ``where``, a
law's line, the largest group, a kind added later) is None: that card is
judged again at every trial. A None is never wrong, only slower; a mask too
small would be: tests/test_card_reads.py compares the trials' values with
the whole valuation's on random areas of every bundled card.
"""

from __future__ import annotations

from ..language import model as m
from ..scoring.masks import ANCHORED_SCOPES, COLUMNS, FULL, RELATION, ROWS, SIDES, mask_of
from ..scoring.scene import CELLS

FACTS = 1 << len(CELLS)  # the card's points read the facts it is judged with (a mask's bit)
_FACTS_READ = frozenset({m.Fact.PATTERNS_COMPLETED, m.Fact.LAWS_MET})

# Selectors that look at the counted (or related) card alone, or at it and
# the anchor card: their answer for a cell depends on that cell's card (and
# the anchor's, which a trial that keeps the card keeps too).
_OWN = (m.AnyCard, m.TypeIs, m.MythologyIs, m.FaceIs, m.Named, m.SelfCard, m.SameAs)
# Conditions on the anchor's own place: they read no other cell.
_PLACE = (m.InRow, m.InColumn, m.AtCell, m.InCorner, m.Present)


def card_reads(card: m.MythCard) -> tuple[int | None, ...]:
    """Per anchor cell, the cells the card's lines read there, and
    :data:`FACTS` if they read the facts (module doc)."""
    return tuple(card_reads_at(card, anchor) for anchor in CELLS)


def card_reads_at(card: m.MythCard, anchor: int) -> int | None:
    """:func:`card_reads` from the one anchor cell ``anchor``."""
    return _Reach(anchor, 0).lines(card.lines)


class Reads(dict[int, int | None]):
    """A card's :func:`card_reads` by anchor cell, each worked out when first
    asked (a card of a game stands on a few cells of the twelve)."""

    __slots__ = ("card",)

    def __init__(self, card: m.MythCard):
        super().__init__()
        self.card = card

    def __missing__(self, anchor: int) -> int | None:
        found = self[anchor] = card_reads_at(self.card, anchor)
        return found


def law_reads(lines: tuple[m.ScoringLine, ...], line: int) -> int | None:
    """The cells a law's lines read when it sits on the line of these cells
    (R13: judged with no anchor, "in line" its line), and :data:`FACTS` if
    they read the facts; None when it cannot tell."""
    return _Reach(None, line).lines(lines)


class _Reach:
    """The cells some lines read from ``anchor`` (None: a law's, which has
    none), ``line`` the cells of a law's line (0: none)."""

    def __init__(self, anchor: int | None, line: int):
        self.anchor = anchor
        self.line = line

    def lines(self, lines: tuple[m.ScoringLine, ...]) -> int | None:
        found: int | None = 0
        for line in lines:
            found = _union(found, self.scoring(line))
        return found

    def scoring(self, line: m.ScoringLine) -> int | None:
        if isinstance(line, m.Fixed):
            return 0 if line.condition is None else self.condition(line.condition)
        if isinstance(line, m.PerCount):
            return self.countable(line.count)
        if isinstance(line, m.Capped):
            return self.scoring(line.line)
        if isinstance(line, m.Bounded):
            return self.lines(line.lines)
        if isinstance(line, m.ScoresLike) and line.lines:
            return self.lines(line.lines)  # the other card's lines, at this card's place
        return None

    def condition(self, condition: m.Condition) -> int | None:
        anchor = self.anchor
        if isinstance(condition, m.AllFaceUpAtEnd):
            return FACTS
        if isinstance(condition, (m.CondAnd, m.CondOr)):
            found: int | None = 0
            for item in condition.items:
                found = _union(found, self.condition(item))
            return found
        if isinstance(condition, m.CondNot):
            return self.condition(condition.item)
        if isinstance(condition, (m.Quantity, m.NoneIn)):
            return self.countable(condition.count)
        if isinstance(condition, m.Only):
            return self.scope(condition.scope) if _own(condition.selector) else None
        if isinstance(condition, m.MoreThan):
            return _union(self.countable(condition.more), self.countable(condition.less))
        if anchor is None:  # the rest are said of the anchor's place
            return None
        if isinstance(condition, _PLACE):
            return 0
        if isinstance(condition, m.Relation):
            return RELATION[condition.kind][anchor] if _own(condition.target) else None
        if isinstance(condition, m.Between) and _own(condition.first) and _own(condition.second):
            return mask_of(SIDES[anchor])
        return None

    def countable(self, count: m.Countable) -> int | None:
        if isinstance(count, m.Count):
            if count.where is not None or not _own(count.selector):
                return None
            return self.scope(count.scope)
        if isinstance(count, m.Distinct):
            return self.scope(count.scope) if _own(count.selector) else None
        if isinstance(count, m.FactCount) and count.fact in _FACTS_READ:
            return FACTS
        return None

    def scope(self, scope: m.Scope) -> int | None:
        kind = scope.kind
        if kind.anchored:
            return None if self.anchor is None else ANCHORED_SCOPES[kind][self.anchor]
        if kind is m.ScopeKind.LINE:
            return self.line or None
        if kind is m.ScopeKind.NAMED_ROW and scope.row is not None:
            return ROWS[scope.row]
        if kind is m.ScopeKind.NAMED_COLUMN and scope.column is not None:
            return COLUMNS[scope.column]
        if kind is m.ScopeKind.AREA:
            return FULL
        return None


def _own(selector: m.Selector) -> bool:
    if isinstance(selector, _OWN):
        return True
    if isinstance(selector, m.SelNot):
        return _own(selector.item)
    if isinstance(selector, (m.SelAnd, m.SelOr)):
        return all(_own(item) for item in selector.items)
    return False


def _union(one: int | None, other: int | None) -> int | None:
    return None if one is None or other is None else one | other
