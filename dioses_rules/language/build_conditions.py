"""Builder methods for conditions, quantities, counts, scopes and selectors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, cast

from lark import Token, v_args
from lark.tree import Meta

from . import model as m
from .build_base import BuilderBase, BuildError, Item, keyword_rule, record_errors
from .sugar import its_most_common

# The grammar fixes each child's kind by its place; where a rule's children
# are of several kinds, a cast names the kind of each place.


def _relation(kind: m.RelationKind) -> Callable[[BuilderBase, Meta, list[m.Selector]], m.Relation]:
    """The builder method of one relation's rule (``next to X``, ...)."""

    def build(self: BuilderBase, meta: Meta, children: list[m.Selector]) -> m.Relation:
        return m.Relation(kind, children[0], span=self.span(meta))

    return build


def _quantity(
    comparison: m.Comparison,
) -> Callable[[BuilderBase, Meta, list[Token | m.Countable]], m.Quantity]:
    """The builder method of one comparison's rule (``at least N X``, ...)."""

    def build(self: BuilderBase, meta: Meta, children: list[Token | m.Countable]) -> m.Quantity:
        amount, counted = cast("tuple[Token, m.Countable]", children)
        return m.Quantity(comparison, self.number(amount, "amount"), counted, span=self.span(meta))

    return build


@v_args(wrapper=record_errors)
class ConditionRules(BuilderBase):
    def or_cond(self, meta: Meta, children: list[m.Condition]) -> m.CondOr:
        return m.CondOr(tuple(children), span=self.span(meta))

    def and_cond(self, meta: Meta, children: list[m.Condition]) -> m.CondAnd:
        return m.CondAnd(tuple(children), span=self.span(meta))

    def cond_not(self, meta: Meta, children: list[m.Condition]) -> m.CondNot:
        return m.CondNot(children[0], span=self.span(meta))

    def subjects(self, meta: Meta, children: list[m.Selector]) -> tuple[m.Selector, ...]:
        return tuple(children)

    def its_most_common(self, meta: Meta, children: list[m.Attribute]) -> m.Condition:
        return its_most_common(children[0], self.span(meta))  # R24 (language/sugar.py)

    def subject_some(
        self, meta: Meta, children: list[tuple[m.Selector, ...] | m.Position]
    ) -> m.Subject:
        subjects, position = cast("tuple[tuple[m.Selector, ...], m.Position]", children)
        return m.Subject(m.SubjectMode.SOME, subjects, position, span=self.span(meta))

    def subject_none(
        self, meta: Meta, children: list[tuple[m.Selector, ...] | m.Position]
    ) -> m.Subject:
        subjects, position = cast("tuple[tuple[m.Selector, ...], m.Position]", children)
        return m.Subject(m.SubjectMode.NONE, subjects, position, span=self.span(meta))

    def subject_every(self, meta: Meta, children: list[m.Selector | m.Position]) -> m.Subject:
        subject, position = cast("tuple[m.Selector, m.Position]", children)
        return m.Subject(m.SubjectMode.EVERY, (subject,), position, span=self.span(meta))

    def all_face_up_at_end(self, meta: Meta, children: list[Token]) -> m.AllFaceUpAtEnd:
        return m.AllFaceUpAtEnd(span=self.span(meta))

    # one rule per relation (R3-R5, R8): each builds a Relation of its kind
    next_to = _relation(m.RelationKind.NEXT_TO)
    close_to = _relation(m.RelationKind.CLOSE_TO)
    diagonal_to = _relation(m.RelationKind.DIAGONAL_TO)
    above = _relation(m.RelationKind.ABOVE)
    below = _relation(m.RelationKind.BELOW)
    left_of = _relation(m.RelationKind.LEFT_OF)
    right_of = _relation(m.RelationKind.RIGHT_OF)
    same_row = _relation(m.RelationKind.SAME_ROW)
    same_column = _relation(m.RelationKind.SAME_COLUMN)
    opposite_corner = _relation(m.RelationKind.OPPOSITE_CORNER)

    def between(self, meta: Meta, children: list[m.Selector]) -> m.Between:
        return m.Between(children[0], children[1], span=self.span(meta))

    def in_row(self, meta: Meta, children: list[Token]) -> m.InRow:
        return m.InRow(self.row(children[0]), span=self.span(meta))

    def in_column(self, meta: Meta, children: list[Token]) -> m.InColumn:
        return m.InColumn(self.column(children[0]), span=self.span(meta))

    def in_corner(self, meta: Meta, children: list[Token]) -> m.InCorner:
        return m.InCorner(span=self.span(meta))

    def present(self, meta: Meta, children: list[Token]) -> m.Present:
        return m.Present(span=self.span(meta))

    def at_cell(self, meta: Meta, children: list[Token]) -> m.AtCell:
        return m.AtCell(self.row(children[0]), self.column(children[1]), span=self.span(meta))

    def scores(self, meta: Meta, children: list[Token]) -> m.Scores:
        return m.Scores(
            self.number(children[0], "scores") if children else None, span=self.span(meta)
        )

    # one rule per comparison: each builds a Quantity of its own
    at_least = _quantity(m.Comparison.AT_LEAST)
    at_most = _quantity(m.Comparison.AT_MOST)
    exactly = _quantity(m.Comparison.EXACTLY)
    more_than = _quantity(m.Comparison.MORE_THAN)
    fewer_than = _quantity(m.Comparison.FEWER_THAN)

    def none_in(self, meta: Meta, children: list[m.Count]) -> m.NoneIn:
        return m.NoneIn(children[0], span=self.span(meta))

    def only(self, meta: Meta, children: list[m.Selector | m.Scope]) -> m.Only:
        selector = cast("m.Selector", children[0])
        scope = cast(m.Scope, children[1]) if len(children) > 1 else m.Scope(m.ScopeKind.AREA)
        return m.Only(selector, scope, span=self.span(meta))

    def more_x_than_y(self, meta: Meta, children: list[m.Selector | m.Scope]) -> m.MoreThan:
        # "more gods than objects in row": a scope given on one side only
        # applies to both; none means the whole area.
        sides: list[tuple[m.Selector, list[m.Scope]]] = []
        for child in children:
            if isinstance(child, m.Scope):
                sides[-1][1].append(child)
            else:
                sides.append((child, []))
        (more, more_scope), (less, less_scope) = sides
        shared = more_scope or less_scope or [m.Scope(m.ScopeKind.AREA)]
        return m.MoreThan(
            m.Count(more, (more_scope or shared)[0], span=self.span(meta)),
            m.Count(less, (less_scope or shared)[0], span=self.span(meta)),
            span=self.span(meta),
        )

    def patterns_completed(self, meta: Meta, children: list[Token]) -> m.FactCount:
        return m.FactCount(m.Fact.PATTERNS_COMPLETED, span=self.span(meta))

    def laws_met(self, meta: Meta, children: list[Token]) -> m.FactCount:
        return m.FactCount(m.Fact.LAWS_MET, span=self.span(meta))

    def total_points(self, meta: Meta, children: list[Token]) -> m.FactCount:
        return m.FactCount(m.Fact.TOTAL, span=self.span(meta))

    def different(
        self, meta: Meta, children: list[m.Attribute | m.Selector | m.Scope]
    ) -> m.Distinct:
        attribute = cast(m.Attribute, children[0])
        rest = cast("list[m.Selector | m.Scope]", children[1:])
        selector: m.Selector = m.AnyCard()
        scope = m.Scope(m.ScopeKind.AREA)
        for item in rest:
            if isinstance(item, m.Scope):
                scope = item
            else:
                selector = item
        return m.Distinct(attribute, scope, selector, span=self.span(meta))

    def count(self, meta: Meta, children: list[m.Selector | m.Scope | m.Position]) -> m.Count:
        selector = cast("m.Selector", children[0])
        rest = cast("list[m.Scope | m.Position]", children[1:])
        scope = m.Scope(m.ScopeKind.AREA)
        where: m.Position | None = None
        for item in rest:
            if isinstance(item, m.Scope):
                scope = item
            else:
                where = item
        return m.Count(selector, scope, where, span=self.span(meta))

    def scope_area(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(m.ScopeKind.AREA, span=self.span(meta))

    def scope_row(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(m.ScopeKind.ROW, span=self.span(meta))

    def scope_column(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(m.ScopeKind.COLUMN, span=self.span(meta))

    def scope_line(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(m.ScopeKind.LINE, span=self.span(meta))

    def scope_neighbours(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(m.ScopeKind.NEIGHBOURS, span=self.span(meta))

    def scope_surroundings(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(m.ScopeKind.SURROUNDINGS, span=self.span(meta))

    def scope_diagonals(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(m.ScopeKind.DIAGONALS, span=self.span(meta))

    def scope_named_row(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(m.ScopeKind.NAMED_ROW, row=self.row(children[0]), span=self.span(meta))

    def scope_named_column(self, meta: Meta, children: list[Token]) -> m.Scope:
        return m.Scope(
            m.ScopeKind.NAMED_COLUMN, column=self.column(children[0]), span=self.span(meta)
        )

    def scope_largest_group(self, meta: Meta, children: list[m.Selector]) -> m.Scope:
        return m.Scope(m.ScopeKind.LARGEST_GROUP, group=children[0], span=self.span(meta))

    def _word_id(self, token: Token) -> str:
        """The id of a MYTH_WORD or TYPE_WORD: the post-lexer made it one
        because the vocabulary declares it."""
        found = self.vocabulary.kind_of(str(token))
        assert found is not None  # the post-lexer read it in the vocabulary
        return found[1]

    # ------------------------------------------------------------ selectors
    def named(self, meta: Meta, children: list[Token]) -> m.Named:
        return m.Named(str(children[0]), span=self.span(meta))

    def sel_self(self, meta: Meta, children: list[Token]) -> m.SelfCard:
        return m.SelfCard(span=self.span(meta))

    def element_ref(self, meta: Meta, children: list[Token]) -> m.ElementRef:
        return m.ElementRef(span=self.span(meta))

    def state_ref(self, meta: Meta, children: list[Token]) -> m.StateRef:
        return m.StateRef(str(children[0]), span=self.span(meta))

    def sel_or(self, meta: Meta, children: list[m.Selector]) -> m.SelOr:
        return m.SelOr(tuple(children), span=self.span(meta))

    def sel_and(self, meta: Meta, children: list[m.Selector]) -> m.SelAnd:
        return m.SelAnd(tuple(children), span=self.span(meta))

    def sel_not(self, meta: Meta, children: list[m.Selector]) -> m.SelNot:
        return m.SelNot(children[0], span=self.span(meta))

    def of_same(self, meta: Meta, children: list[m.Selector | m.Attribute]) -> m.SelAnd:
        selector, attribute = cast("tuple[m.Selector, m.Attribute]", children)
        return m.SelAnd((selector, m.SameAs(attribute, span=self.span(meta))), span=self.span(meta))

    def of_most_common(self, meta: Meta, children: list[m.Selector | m.Attribute]) -> m.SelAnd:
        selector, attribute = cast("tuple[m.Selector, m.Attribute]", children)
        return m.SelAnd(
            (selector, m.MostCommon(attribute, span=self.span(meta))), span=self.span(meta)
        )

    attr_mythology = keyword_rule(m.Attribute.MYTHOLOGY)
    attr_type = keyword_rule(m.Attribute.TYPE)

    def leader(self, meta: Meta, children: list[m.Selector | m.Count]) -> m.Leader:
        candidates, count = cast("tuple[m.Selector, m.Count]", children)
        return m.Leader(candidates, count, span=self.span(meta))

    def sel_words(
        self, meta: Meta, children: list[Literal["article"] | m.Selector | None]
    ) -> m.Selector:
        # "article" is the one text among them
        parts = [child for child in children if child is not None and not isinstance(child, str)]
        if len(parts) > 1:
            # "greek cards" is "greek": the card word adds nothing to a modifier.
            parts = [part for part in parts if not isinstance(part, m.AnyCard)]
        if len(parts) == 1:
            return parts[0]
        return m.SelAnd(tuple(parts), span=self.span(meta))

    def article(self, meta: Meta, children: list[Token]) -> Literal["article"]:
        return "article"

    def face_up(self, meta: Meta, children: list[Token]) -> m.FaceIs:
        return m.FaceIs(True, span=self.span(meta))

    def face_down(self, meta: Meta, children: list[Token]) -> m.FaceIs:
        return m.FaceIs(False, span=self.span(meta))

    def myth_word(self, meta: Meta, children: list[Token]) -> m.MythologyIs:
        return m.MythologyIs(self._word_id(children[0]), span=self.span(meta))

    def any_card(self, meta: Meta, children: list[None]) -> m.AnyCard:
        return m.AnyCard(span=self.span(meta))

    def type_word(self, meta: Meta, children: list[Token]) -> m.TypeIs:
        return m.TypeIs(self._word_id(children[0]), span=self.span(meta))

    def card_word(self, meta: Meta, children: list[Token]) -> None:
        return None

    def pattern_word(self, meta: Meta, children: list[Token]) -> None:
        return None

    def law_word(self, meta: Meta, children: list[Token]) -> None:
        return None

    # ------------------------------------------------------------ bounds on points
    def card_floor(self, meta: Meta, children: list[int]) -> Item[int]:
        return Item("floor", children[0])

    def card_ceiling(self, meta: Meta, children: list[int]) -> Item[int]:
        return Item("ceiling", children[0])

    def like_floor(self, meta: Meta, children: list[int]) -> Item[int]:
        return Item("floor", children[0])

    def _bounded(
        self, lines: list[m.ScoringLine], bounds: list[Item[int]], meta: Meta
    ) -> tuple[m.ScoringLine, ...]:
        """A card's lines, as one :class:`m.Bounded` line when it states a
        floor or a ceiling on its total (each at most once, the floor not
        above the ceiling)."""
        found: dict[str, int] = {}
        for item in bounds:
            if item.key in found:
                self.record(
                    BuildError(
                        "DL601",
                        f"the card's {item.key} is stated twice",
                        meta=meta,
                        help="state 'never below' and 'never above' once each",
                    )
                )
            found[item.key] = item.value
        floor, ceiling = found.get("floor"), found.get("ceiling")
        if floor is not None and ceiling is not None and floor > ceiling:
            self.record(
                BuildError(
                    "DL601",
                    f"'never below {floor} points' is above 'never above {ceiling} points'",
                    meta=meta,
                    help="give a floor at most the ceiling",
                )
            )
        if not found:
            return tuple(lines)
        return (m.Bounded(tuple(lines), floor, ceiling, span=self.span(meta)),)
