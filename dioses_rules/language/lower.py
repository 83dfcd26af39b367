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

from . import model as m
from .walk import members, total

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


def _any_card(s: m.AnyCard) -> m.Selector:
    """``card``: any face-up card (R12: a face-down card shows nothing)."""
    return m.FaceIs(True, span=s.span)


# surface kind -> its rule; the kinds here are sugar, every other kind is core
RULES: Mapping[type, Callable[[Any], Any]] = total(
    (m.NoneIn, m.Between, m.AtCell, m.InCorner, m.AnyCard),
    {
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
    if isinstance(node, tuple):
        for item in node:
            yield from iter_core(item)
        return
    if not attrs.has(type(node)):
        return
    if type(node) in RULES:
        yield from iter_core(lowered(node))
        return
    yield node
    for attribute in attrs.fields(type(node)):
        if attribute.name != "span":
            yield from iter_core(getattr(node, attribute.name))


def core_kinds(union: Any) -> frozenset[type]:
    """The members of a node union that the back ends read (its sugar lowered)."""
    return members(union) - SUGAR
