"""What a condition may see where it is written (DL401, DL402).

A card's own line judges from the card itself (``it``, its row, its
neighbours); a law judges only the row or column it sits on (R13); an
objective goal pairs with an element (R15); a scenario's conditions see its
state, the total and whether cards score (R24). :class:`ContextChecker`
walks a condition with the shared dispatcher and reports what it may not see.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import Diagnostic
from ..language import model as m
from ..language.source import condition_text, scope_text
from ..language.walk import Dispatch


class ContextChecker:
    """Checks one scoring line or condition of a definition kind.

    ``where`` names the definition kind for messages ("card", "law", ...);
    ``allowed`` is a subset of {'line', 'element', 'facts', 'total', 'scores',
    'state'}; ``add(code, message, node, help)`` records a diagnostic.
    Every method takes ``anchored`` (a card is being judged) and ``top`` (not
    inside a subject or a count's "that is").
    """

    def __init__(
        self, add: Callable[..., Diagnostic | None], where: str, allowed: set[str]
    ) -> None:
        self.add = add
        self.where = where
        self.allowed = allowed
        self.law = where == "law"

    def bad(self, thing: str, node: object, help_text: str) -> None:
        article = "an" if self.where[0] in "aeiou" else "a"
        self.add(
            "DL401" if self.law else "DL402",
            f"{article} {self.where} cannot see {thing}",
            node,
            help=help_text,
        )

    def check(self, node: m.ScoringLine | m.Count | m.Condition, anchored: bool) -> None:
        """A scoring line, a count or a condition, written at the top."""
        if isinstance(node, m.Fixed):
            if node.condition is not None:
                self.condition(node.condition, anchored, True)
        elif isinstance(node, m.PerCount):
            self.countable(node.count, anchored, True)
        elif isinstance(node, m.Capped):
            self.check(node.line, anchored)
        elif isinstance(node, m.Bounded):
            for line in node.lines:
                self.check(line, anchored)
        elif isinstance(node, m.ScoresLike):
            if not anchored:
                self.bad(
                    "'scores like': only a Myth card scores like another",
                    node,
                    "write the lines themselves",
                )
        elif isinstance(node, m.Count):
            self.count(node, anchored, True)
        else:
            self.condition(node, anchored, True)

    # ---------------------------------------------------------------- selectors
    selector = Dispatch(m.Selector)

    @selector.on(m.AnyCard, m.TypeIs, m.MythologyIs, m.FaceIs, m.Named, m.MostCommon)
    def _plain(self, sel: m.Selector, anchored: bool) -> None:
        pass

    @selector.on(m.SelfCard, m.SameAs)
    def _anchored(self, sel: m.SelfCard | m.SameAs, anchored: bool) -> None:
        if not anchored:
            self.bad(
                "'it' or 'of same ...' here: no card is being judged",
                sel,
                "use it inside a card's own line or after a subject",
            )

    @selector.on(m.ElementRef)
    def _element(self, sel: m.ElementRef, anchored: bool) -> None:
        if "element" not in self.allowed:
            self.bad(
                "'element': only objective goals pair with an element",
                sel,
                "name the cards directly",
            )

    @selector.on(m.StateRef)
    def _state(self, sel: m.StateRef, anchored: bool) -> None:
        if "state" not in self.allowed:
            self.bad(
                f"scenario state 'the {sel.name}'",
                sel,
                "scenario state is known only in a scenario's conditions",
            )

    @selector.on(m.Leader)
    def _leader(self, sel: m.Leader, anchored: bool) -> None:
        self.selector(sel.candidates, anchored)
        self.count(sel.count, True)  # judged from each candidate (R24)

    @selector.on(m.SelNot)
    def _not(self, sel: m.SelNot, anchored: bool) -> None:
        self.selector(sel.item, anchored)

    @selector.on(m.SelAnd, m.SelOr)
    def _items(self, sel: m.SelAnd | m.SelOr, anchored: bool) -> None:
        for part in sel.items:
            self.selector(part, anchored)

    # ---------------------------------------------------------------- scopes, counts
    def scope(self, scope: m.Scope, anchored: bool, top: bool) -> None:
        if scope.kind is m.ScopeKind.LINE and "line" not in self.allowed:
            self.bad(
                "'line': only a law sits on a row or column", scope, "use 'row', 'column' or 'area'"
            )
        if scope.kind.anchored and not anchored:
            self.bad(
                f"its own '{scope.kind.value}': no card is being judged",
                scope,
                "use 'line'" if self.law else "use 'area' or a named row or column",
            )
        elif self.law and top and scope.kind is not m.ScopeKind.LINE:
            self.bad(
                f"'{scope_text(scope)}': a law judges only its own row or column (R13)",
                scope,
                "use 'line'",
            )
        if scope.group is not None:
            self.selector(scope.group, anchored)

    countable = Dispatch(m.Countable)

    @countable.on(m.Count)
    def count(self, c: m.Count, anchored: bool, top: bool = False) -> None:
        self.selector(c.selector, anchored)
        self.scope(c.scope, anchored, top)
        if c.where is not None:
            self.condition(c.where, True, False)

    @countable.on(m.Distinct)
    def _distinct(self, c: m.Distinct, anchored: bool, top: bool = False) -> None:
        self.selector(c.selector, anchored)
        self.scope(c.scope, anchored, top)

    @countable.on(m.FactCount)
    def _fact(self, c: m.FactCount, anchored: bool, top: bool = False) -> None:
        if c.fact is m.Fact.TOTAL and "total" not in self.allowed:
            self.bad("the total score", c, "only a scenario's conditions may use the total")
        elif c.fact is not m.Fact.TOTAL and "facts" not in self.allowed:
            self.bad(f"'{c.fact.value}'", c, "count cards instead")

    # ---------------------------------------------------------------- conditions
    condition = Dispatch(m.Condition)

    @condition.on(m.CondAnd, m.CondOr)
    def _cond_items(self, c: m.CondAnd | m.CondOr, anchored: bool, top: bool) -> None:
        for item in c.items:
            self.condition(item, anchored, top)

    @condition.on(m.CondNot)
    def _cond_not(self, c: m.CondNot, anchored: bool, top: bool) -> None:
        self.condition(c.item, anchored, top)

    @condition.on(m.Subject)
    def _subject(self, c: m.Subject, anchored: bool, top: bool) -> None:
        if self.law:
            self.bad(
                "the whole area through a subject: a law judges only its line (R13)",
                c,
                "use 'only', 'no' or a count 'in line'",
            )
        for s in c.subjects:
            self.selector(s, anchored)
        self.condition(c.condition, True, False)

    @condition.on(m.Quantity)
    def _quantity(self, c: m.Quantity, anchored: bool, top: bool) -> None:
        self.countable(c.count, anchored, top)

    @condition.on(m.NoneIn)
    def _none_in(self, c: m.NoneIn, anchored: bool, top: bool) -> None:
        self.count(c.count, anchored, top)

    @condition.on(m.Only)
    def _only(self, c: m.Only, anchored: bool, top: bool) -> None:
        self.selector(c.selector, anchored)
        self.scope(c.scope, anchored, top)

    @condition.on(m.MoreThan)
    def _more_than(self, c: m.MoreThan, anchored: bool, top: bool) -> None:
        self.count(c.more, anchored, top)
        self.count(c.less, anchored, top)

    @condition.on(m.Scores)
    def _scores(self, c: m.Scores, anchored: bool, top: bool) -> None:
        if "scores" not in self.allowed:
            self.bad(
                "whether a card scores", c, "'scores' belongs in a scenario's victory or challenge"
            )
        elif not anchored:
            self.bad("'scores' without a subject", c, "write e.g. 'anubis scores'")

    @condition.on(m.AllFaceUpAtEnd)
    def _all_face_up(self, c: m.AllFaceUpAtEnd, anchored: bool, top: bool) -> None:
        pass

    @condition.on(m.Between)
    def _between(self, c: m.Between, anchored: bool, top: bool) -> None:
        if not anchored:
            self.bad("a position without a card to judge", c, "give a subject first")
        self.selector(c.first, anchored)
        self.selector(c.second, anchored)

    @condition.on(m.Relation, m.InRow, m.InColumn, m.AtCell, m.InCorner, m.Present)
    def _position(
        self,
        c: m.Relation | m.InRow | m.InColumn | m.AtCell | m.InCorner | m.Present,
        anchored: bool,
        top: bool,
    ) -> None:
        if not anchored:
            self.bad(
                f"'{condition_text(c)}' without a card to judge",
                c,
                "give a subject first, e.g. 'hades above persephone'"
                if not self.law
                else "a law has no card of its own: use 'only ... in line'",
            )
            return  # one mistake: its target ('next to it') says no more
        if isinstance(c, m.Relation):
            self.selector(c.target, anchored)
