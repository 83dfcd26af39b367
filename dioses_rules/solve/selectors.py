"""Selectors on card placements, for the solver's :class:`~.compiler.TreeCompiler`.

A selector asks of one card in one cell whether it matches: every card is
face up at the end (R12), so most answers are known before solving (its
type, mythologies, id, tags) and are Python bools; what depends on which
cards the solver puts in the area (the most common mythology when the cards
are the solver's choice, R24; a scenario state the solver chooses) is a
literal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NoReturn, Optional, Protocol

from ..language import model as m
from ..language.lower import (
    CORE,
    LOWERING,
    AroundCard,
    FixedCells,
    LargestGroup,
    LawLine,
    iter_core,
)
from ..language.walk import Dispatch, total
from ..scoring.evaluator import values_of
from .cpsat import ZERO, Builder, Lin, Lit, lit_lin
from .cpsat import total as total_of

if TYPE_CHECKING:
    from ..unsupported import Unsupported

Anchor = Optional[tuple[int, int]]  # (cell, card index) or none

# What a core node reads of the anchor (cell, card): its place (the
# anchor's cell or card as a place: the selectors keep their holders per
# anchor) and its card (the compiler then keeps a card's expressions per card
# and cell, not per cell). An element reads the anchor when the selector it
# stands for does (asked of the context). Every core kind is in one table,
# checked at import, so a new kind says which.
_PLACE_AND_CARD = (m.SelfCard, m.SameAs, m.Scores, m.Leader)
_PLACE = (AroundCard, m.Relation, m.InRow, m.InColumn, m.Present)
_CARD = (m.Subject, m.ElementRef)
_NEITHER = (
    *(m.TypeIs, m.MythologyIs, m.FaceIs, m.Named, m.MostCommon, m.StateRef),
    *(m.SelNot, m.SelAnd, m.SelOr, m.Quantity, m.MoreThan, m.AllFaceUpAtEnd),
    *(m.CondNot, m.CondAnd, m.CondOr, m.FactCount, m.Distinct),
    *(m.Fixed, m.PerCount, m.Capped, m.Bounded, FixedCells, LawLine, LargestGroup),
)
_YES, _NO = (lambda node: True), (lambda node: False)
READS: Mapping[type, tuple[bool, Callable[[Any], bool]]] = total(
    CORE,
    {
        **dict.fromkeys(_PLACE_AND_CARD, (True, _YES)),
        **dict.fromkeys(_PLACE, (True, _NO)),
        **dict.fromkeys(_CARD, (False, _YES)),
        **dict.fromkeys(_NEITHER, (False, _NO)),
        m.Count: (False, lambda count: count.where is not None),  # 'that is' judges each card
    },
    "solve.selectors.READS",
)


class SelectorContext(Protocol):
    """What a selector reads of the compiler's :class:`~.compiler.Context`."""

    scenario_state: dict[str, object]  # a card id, or per card id a literal
    element: m.Selector | None


class PlacementSelectors:
    """The selector half of the tree compiler: :class:`~.compiler.TreeCompiler`
    sets ``b``, ``cards``, ``x``, ``context``, ``hand_fixed``, ``_most`` and
    the caches, and gives ``unsupported`` (declared here for the type
    checker: annotations without values, and the method under
    ``TYPE_CHECKING``, as :class:`~dioses_rules.engine.core.GameCore` does)."""

    b: Builder
    cards: list[m.MythCard]
    x: list[list[Lit]]  # x[d][j]: card d stands in cell j
    context: SelectorContext
    hand_fixed: bool
    _most: dict[m.Attribute, str | None]  # R24, when every card is in the area (hand_fixed)
    _most_lits: dict[tuple[m.Attribute, str], Lit]  # (attribute, value) -> R24 holds
    _holders: dict[tuple[m.Selector, int, Anchor, m.Selector | None], list[tuple[int, Lit]]]
    _reads_anchor: dict[tuple[object, m.Selector | None], bool]

    if TYPE_CHECKING:

        def unsupported(self, what: str, node: object) -> Unsupported: ...

    # -> a literal: True/False when known before solving
    match = Dispatch(m.Selector, lowering=LOWERING)

    @match.on(m.TypeIs)
    def _type(self, sel: m.TypeIs, d: int, cell: int, anchor: Anchor) -> bool:
        return self.cards[d].type == sel.type

    @match.on(m.MythologyIs)
    def _mythology(self, sel: m.MythologyIs, d: int, cell: int, anchor: Anchor) -> bool:
        return sel.mythology in self.cards[d].mythologies

    @match.on(m.FaceIs)
    def _face(self, sel: m.FaceIs, d: int, cell: int, anchor: Anchor) -> bool:
        return sel.face_up  # every card is face up at the final scoring (R12)

    @match.on(m.Named)
    def _named(self, sel: m.Named, d: int, cell: int, anchor: Anchor) -> bool:
        card = self.cards[d]
        return card.id == sel.name or sel.name in card.tags

    @match.on(m.SelfCard)
    def _self(self, sel: m.SelfCard, d: int, cell: int, anchor: Anchor) -> bool:
        return anchor is not None and cell == anchor[0]

    @match.on(m.SameAs)
    def _same(self, sel: m.SameAs, d: int, cell: int, anchor: Anchor) -> bool:
        if anchor is None:
            return False
        return not set(values_of(self.cards[d], sel.attribute)).isdisjoint(
            values_of(self.cards[anchor[1]], sel.attribute)
        )

    @match.on(m.MostCommon)
    def _most_common(self, sel: m.MostCommon, d: int, cell: int, anchor: Anchor) -> Lit:
        values = values_of(self.cards[d], sel.attribute)
        if self.hand_fixed:  # every card of the hand is in the area
            return self._most[sel.attribute] in values
        return self.b.any_of(self.most_common(sel.attribute, value) for value in values)

    @match.on(m.StateRef)
    def _state(self, sel: m.StateRef, d: int, cell: int, anchor: Anchor) -> Lit:
        state = self.context.scenario_state.get(sel.name, None)
        if isinstance(state, dict):  # chosen by the solver: a literal per card id
            lit: Lit = state.get(self.cards[d].id, False)
            return lit
        return self.cards[d].id == state

    @match.on(m.ElementRef)
    def _element(self, sel: m.ElementRef, d: int, cell: int, anchor: Anchor) -> Lit:
        element = self.context.element
        return element is not None and self.match(element, d, cell, anchor)

    @match.on(m.SelNot)
    def _not(self, sel: m.SelNot, d: int, cell: int, anchor: Anchor) -> Lit:
        return self.b.negate(self.match(sel.item, d, cell, anchor))

    @match.on(m.SelAnd)
    def _and(self, sel: m.SelAnd, d: int, cell: int, anchor: Anchor) -> Lit:
        return self.b.all_of(self.match(item, d, cell, anchor) for item in sel.items)

    @match.on(m.SelOr)
    def _or(self, sel: m.SelOr, d: int, cell: int, anchor: Anchor) -> Lit:
        return self.b.any_of(self.match(item, d, cell, anchor) for item in sel.items)

    @match.on(m.Leader)
    def _leader(self, sel: m.Leader, d: int, cell: int, anchor: Anchor) -> NoReturn:
        raise self.unsupported("a leader ('the ... with most ...', R24)", sel)

    def holders(self, selector: m.Selector, cell: int, anchor: Anchor) -> list[tuple[int, Lit]]:
        """Each card that may stand in ``cell``, with the literal that it
        stands there and matches ``selector`` (cards that cannot, left out).
        Kept per selector and cell (and anchor, when the selector reads it)."""
        key = (
            selector,
            cell,
            anchor if self.reads_anchor(selector) else None,
            self.context.element,
        )
        found = self._holders.get(key)
        if found is None:
            found = self._holders[key] = []
            for d in range(len(self.cards)):
                placed = self.x[d][cell]
                if placed is not False:
                    lit = self.b.all_of((placed, self.match(selector, d, cell, anchor)))
                    if lit is not False:
                        found.append((d, lit))
        return found

    def reads_anchor(self, node: object) -> bool:
        """Whether a tree's meaning depends on the anchor's cell or card
        (``it``, ``of same mythology``, an element that does, a card's score)."""
        key = (node, self.context.element)
        found = self._reads_anchor.get(key)
        if found is None:
            element = self.context.element
            found = any(
                READS[type(n)][0]
                or (
                    isinstance(n, m.ElementRef)
                    and element is not None
                    and self.reads_anchor(element)
                )
                for n in iter_core(node)
            )
            self._reads_anchor[key] = found
        return found

    def has(self, selector: m.Selector, cell: int | None, anchor: Anchor) -> Lit:
        """Whether ``cell`` holds a card matching ``selector``."""
        if cell is None:
            return False
        return self.b.any_of(lit for _, lit in self.holders(selector, cell, anchor))

    def most_common(self, attribute: m.Attribute, value: str) -> Lit:
        """R24, when the cards in the area are the solver's choice: ``value``
        has strictly more cards than any other (a card counts for each of its
        values)."""
        key = (attribute, value)
        if key not in self._most_lits:
            counts: dict[str, Lin] = {}
            for d, card in enumerate(self.cards):
                in_area = total_of(lit_lin(lit) for lit in self.x[d] if lit is not False)
                for each in values_of(card, attribute):
                    counts[each] = counts.get(each, ZERO) + in_area
            for each, count in counts.items():
                self._most_lits[(attribute, each)] = self.b.all_of(
                    self.b.greater(count, other) for name, other in counts.items() if name != each
                )
        return self._most_lits.get(key, False)
