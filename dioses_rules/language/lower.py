"""Sugar lowered into the core: one rule per surface kind that says nothing new.

The card language has more node kinds than meanings. ``no greeks in line``
is ``exactly 0 greeks in line``; ``between a god and a place`` is "a god on
the left and a place on the right, or the other way round"; ``at front 2``
is "in the front row and in column 2"; ``in a corner`` is "in the first or last row and the first or last
column"; ``card`` is "a face-up card". The writers
(source, English, Spanish), ``fmt``, the linter and the editor read the
surface trees, so that a card is printed, linted and completed as it was
written. The back ends that judge trees (the reference evaluator, the
compiled evaluator, the batch planes, the solver) read only the **core**:
each surface kind in :data:`RULES` is rewritten here, once, into core kinds,
and no back end has a method for it.

Each rule is one function from the surface node to an equal-meaning tree of
core nodes (sqlglot's ``optimizer.RULES``: small one-pass rewrites, tree to
tree). A back end's :class:`~.walk.Dispatch` declared over the core
(``Dispatch(m.Condition, lowering=LOWERING)``) sends a node of a lowered kind
through :func:`lowered` and on to the core form's method, so a tree from a
card file, a test or a property strategy is judged the same way; the
lowered form is made once per node object and kept.

A rule's output keeps the surface node's span, so a back end's message
(E300) points at what the modder wrote. ``tests/test_lower.py`` checks that
every rule gives only core kinds, and that the core kinds are exactly what
every back end has a method for.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs
from attrs import frozen

from . import model as m
from .walk import iter_nodes, members, total

# ---------------------------------------------------------------- the core's scopes
# A surface scope (``m.Scope``: a ScopeKind and its row, column or group) is
# one of four meanings; the back ends read these, one method each, and the
# five kinds read from the card's own place are one of them.


@frozen
class AroundCard:
    """The cells of a scope read from the card's own place: its row or column
    (R10), its neighbours (R4), surroundings (R5) or diagonals, as the one
    geometry table gives them (``scoring/area.py`` ``ANCHORED_CELLS[kind]``,
    per anchor cell); no cell without an anchor."""

    kind: m.ScopeKind
    span: m.Span | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


@frozen
class FixedCells:
    """Cells that are the same from any card: the cells of ``row`` and of
    ``column`` (None: any), so the whole area, a named row or a named column."""

    row: m.Row | None = None
    column: int | None = None
    span: m.Span | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


@frozen
class LawLine:
    """R13: the row or column the law being judged sits on (none elsewhere)."""

    span: m.Span | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


@frozen
class LargestGroup:
    """R6: the orthogonally connected group of cards matching ``group`` that
    counts most."""

    group: m.Selector
    span: m.Span | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


CoreScope = AroundCard | FixedCells | LawLine | LargestGroup
# what a back end's scope table is declared over: the surface scope, lowered
Scoping = m.Scope | AroundCard | FixedCells | LawLine | LargestGroup


def _around(s: m.Scope) -> CoreScope:
    return AroundCard(s.kind, span=s.span)


def _group(s: m.Scope) -> CoreScope:
    assert s.group is not None  # the builder gives a largest group its selector
    return LargestGroup(s.group, span=s.span)


_SCOPES: Mapping[m.ScopeKind, Callable[[m.Scope], CoreScope]] = total(
    m.ScopeKind,
    {
        **{kind: _around for kind in m.ScopeKind if kind.anchored},
        m.ScopeKind.AREA: lambda s: FixedCells(span=s.span),
        m.ScopeKind.NAMED_ROW: lambda s: FixedCells(row=s.row, span=s.span),
        m.ScopeKind.NAMED_COLUMN: lambda s: FixedCells(column=s.column, span=s.span),
        m.ScopeKind.LINE: lambda s: LawLine(span=s.span),
        m.ScopeKind.LARGEST_GROUP: _group,
    },
    "lower._SCOPES",
)


def _scope(s: m.Scope) -> CoreScope:
    """A surface scope as the one of the core's four meanings it has."""
    return _SCOPES[s.kind](s)


# ---------------------------------------------------------------- the rules


def _none_in(c: m.NoneIn) -> m.Condition:
    """``no greeks in line``: exactly 0 of them (R11 weights as any count)."""
    return m.Quantity(m.Comparison.EXACTLY, 0, c.count, span=c.span)


def _between(c: m.Between) -> m.Condition:
    """R3 ``between a god and a place``: one directly left of the card (the
    card is right of it) and the other directly right, either way round."""

    def sides(left: m.Selector, right: m.Selector) -> m.Condition:
        return m.CondAnd(
            (
                m.Relation(m.RelationKind.RIGHT_OF, left, span=c.span),
                m.Relation(m.RelationKind.LEFT_OF, right, span=c.span),
            ),
            span=c.span,
        )

    return m.CondOr((sides(c.first, c.second), sides(c.second, c.first)), span=c.span)


def _at_cell(c: m.AtCell) -> m.Condition:
    """``at front 2``: in that row and in that column."""
    return m.CondAnd((m.InRow(c.row, span=c.span), m.InColumn(c.column, span=c.span)), span=c.span)


def _in_corner(c: m.InCorner) -> m.Condition:
    """R7 ``in a corner``: in the first or last row and the first or last column."""
    rows, columns = list(m.Row), m.COLUMNS
    return m.CondAnd(
        (
            m.CondOr((m.InRow(rows[0], span=c.span), m.InRow(rows[-1], span=c.span)), span=c.span),
            m.CondOr(
                (m.InColumn(columns[0], span=c.span), m.InColumn(columns[-1], span=c.span)),
                span=c.span,
            ),
        ),
        span=c.span,
    )


def _only(c: m.Only) -> m.Condition:
    """``only gods in line``: no present card of the scope is not a god (an
    empty scope passes; R12: a face-down card shows no type, so it breaks
    it). The second part always holds: it is the gods of the scope, so that
    the reference's explanation names them when it holds (and the cards
    that break it when it does not, as ``no X in S`` does)."""
    others = m.Count(m.SelNot(c.selector, span=c.span), c.scope, span=c.span)
    matching = m.Count(c.selector, c.scope, span=c.span)
    return m.CondAnd(
        (
            m.Quantity(m.Comparison.EXACTLY, 0, others, span=c.span),
            m.Quantity(m.Comparison.AT_LEAST, 0, matching, span=c.span),
        ),
        span=c.span,
    )


def _scores_like(line: m.ScoresLike) -> m.ScoringLine:
    """``scores like hera``: the sum of Hera's lines, judged from this card,
    bounded by nothing. Which lines those are needs the pool: it fills them
    at pool load (``pool/scores_like.py``, the one step that reads another
    card, where chains are measured and a cycle or a missing card leaves the
    line empty for the linter's DL117); this rule then reads only the line."""
    return m.Bounded(line.lines, span=line.span)


def _any_card(s: m.AnyCard) -> m.Selector:
    """``card``: any face-up card (R12: a face-down card shows nothing)."""
    return m.FaceIs(True, span=s.span)


# surface kind -> its rule; the kinds here are sugar, every other kind is core
RULES: Mapping[type, Callable[[Any], Any]] = total(
    (m.NoneIn, m.Between, m.AtCell, m.InCorner, m.AnyCard, m.Only, m.ScoresLike, m.Scope),
    {
        m.Scope: _scope,
        m.Only: _only,
        m.ScoresLike: _scores_like,
        m.InCorner: _in_corner,
        m.AnyCard: _any_card,
        m.NoneIn: _none_in,
        m.Between: _between,
        m.AtCell: _at_cell,
    },
    "lower.RULES",
)

SUGAR = frozenset(RULES)


# ---------------------------------------------------------------- lowering

_LIMIT = 1 << 14
_LOWERED: dict[int, tuple[Any, Any]] = {}  # id -> (the surface node, kept; its core form)
_LOCK = threading.Lock()


def lowered(node: Any) -> Any:
    """The core form of a node of a lowered kind, made once per node object
    (keyed by identity: equal nodes from two card files keep their spans)."""
    found = _LOWERED.get(id(node))
    if found is None or found[0] is not node:
        core = RULES[type(node)](node)
        with _LOCK:
            if len(_LOWERED) >= _LIMIT:  # a process of throwaway trees (the property tests)
                _LOWERED.clear()
            found = _LOWERED[id(node)] = (node, core)
    return found[1]


# what a back end's Dispatch is given: each lowered kind -> its core form, kept
LOWERING: Mapping[type, Callable[[Any], Any]] = total(
    SUGAR, dict.fromkeys(SUGAR, lowered), "lower.LOWERING"
)


def iter_core(node: Any) -> Iterator[Any]:
    """Every node of ``node``'s core form (itself included), depth first, as
    ``walk.iter_nodes`` but through each lowered kind's core form: what a
    back end asks of a whole tree ("does it read the anchor?"), asked of
    what it judges."""
    return iter_nodes(node, LOWERING)


def core_kinds(union: Any) -> frozenset[type]:
    """The members of a node union that the back ends read (its sugar lowered)."""
    return members(union) - SUGAR


# every core kind a tree judged by a back end holds: what a table over node
# kinds (checked total at import) must say something of
CORE: frozenset[type] = frozenset().union(
    *(core_kinds(union) for union in (m.Selector, m.Condition, m.Countable, m.ScoringLine, Scoping))
)
