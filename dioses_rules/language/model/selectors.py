"""Selectors (which single card a cell must hold), scopes and counts."""

from __future__ import annotations

from typing import Union

from attrs import frozen

from .nouns import Attribute, Fact, Row, ScopeKind, Span, _span

# --------------------------------------------------------------------------
# Selectors: which single card a cell must hold


@frozen
class AnyCard:
    span: Span | None = _span()


@frozen
class TypeIs:
    """A card of a declared type (``god``): the word's id, not its plural."""

    type: str
    span: Span | None = _span()


@frozen
class MythologyIs:
    """A card of a declared mythology (``greek``), among any it has."""

    mythology: str
    span: Span | None = _span()


@frozen
class FaceIs:
    face_up: bool
    span: Span | None = _span()


@frozen
class Named:
    """A card id or a tag (``hera``, ``throne``); the linter checks it exists."""

    name: str
    span: Span | None = _span()


@frozen
class SelfCard:
    """``it``: the anchor card itself."""

    span: Span | None = _span()


@frozen
class SameAs:
    """``of same mythology``: shares an attribute with the anchor card."""

    attribute: Attribute
    span: Span | None = _span()


@frozen
class MostCommon:
    """``of most common mythology`` (R24): the card's mythology (or type) has
    strictly the most cards in the area; on a tie no card matches."""

    attribute: Attribute
    span: Span | None = _span()


@frozen
class StateRef:
    """``the fairest``: a card named by the scenario's own state."""

    name: str
    span: Span | None = _span()


@frozen
class ElementRef:
    """``element``: the objective element paired with a goal (R15)."""

    span: Span | None = _span()


@frozen
class SelNot:
    item: Selector
    span: Span | None = _span()


@frozen
class SelAnd:
    items: tuple[Selector, ...]
    span: Span | None = _span()


@frozen
class SelOr:
    items: tuple[Selector, ...]
    span: Span | None = _span()


@frozen
class Leader:
    """R24: the one candidate whose count is strictly the highest; none on a tie."""

    candidates: Selector
    count: Count
    span: Span | None = _span()


Selector = Union[
    AnyCard,
    TypeIs,
    MythologyIs,
    FaceIs,
    Named,
    SelfCard,
    SameAs,
    MostCommon,
    StateRef,
    ElementRef,
    SelNot,
    SelAnd,
    SelOr,
    Leader,
]


# --------------------------------------------------------------------------
# Scopes and counts


@frozen
class Scope:
    kind: ScopeKind
    row: Row | None = None
    column: int | None = None
    group: Selector | None = None
    span: Span | None = _span()


@frozen
class Count:
    """Weighted count (R11) of cards matching ``selector`` in ``scope``.

    ``where`` further filters with a condition judged with each counted card as
    the anchor ("gods that are close to ...").
    """

    selector: Selector
    scope: Scope
    # conditions.py, which imports this module, defines Condition; importing
    # it here, even under TYPE_CHECKING, is an import cycle to check_layers
    where: Condition | None = None  # type: ignore[name-defined]  # noqa: F821
    span: Span | None = _span()


@frozen
class FactCount:
    """A game fact counted: completed patterns, met laws, the total score."""

    fact: Fact
    span: Span | None = _span()


@frozen
class Distinct:
    """``different mythology in row``: how many different values of an
    attribute the matching cards of the scope show (a card of several
    mythologies shows each)."""

    attribute: Attribute
    scope: Scope
    selector: Selector = AnyCard()
    span: Span | None = _span()


Countable = Union[Count, FactCount, Distinct]
