"""Builder methods for scenarios: setup steps, rule changes and effects."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, cast

from lark import Token, v_args
from lark.tree import Meta

from . import model as m
from .build_base import (
    Aliases,
    BuilderBase,
    BuildError,
    Item,
    enum_word,
    keyword_rule,
    record_errors,
    string,
)

# What a challenge setup block passes to its scenario: its draws, its steps
# and where it stands.
ChallengeSetup = tuple[m.ChallengeDraws | None, tuple[m.SetupStep, ...], Meta]
# A statement of a scenario's body, told apart by its key.
ScenarioItem = (
    Item[tuple[str, ...]]
    | Item[list[m.SetupStep]]
    | Item[list[m.RuleChange]]
    | Item[list[m.Condition]]
    | Item[ChallengeSetup]
    | Item[int]
)
# A trigger's kind and the cards it watches (none: a completed pattern).
TriggerWords = tuple[m.TriggerKind, m.Selector | None]

# The grammar fixes each child's kind by its place; where a rule's children
# are of several kinds, a cast names the kind of each place (and a body's
# statement, its key).


@v_args(wrapper=record_errors)
class ScenarioRules(BuilderBase):
    def scenario_number(self, meta: Meta, children: list[Token]) -> Token:
        return children[0]

    def scenario_def(
        self, meta: Meta, children: list[Token | Aliases | ScenarioItem]
    ) -> m.Scenario:
        head, aliases = self.header(children)
        id_token, number_token, name_token = cast("list[Token]", head[:3])
        prov_token, rest = self.split_provenance(head[3:])
        fields: dict[str, Any] = {}  # Scenario's keywords
        for item in cast("list[ScenarioItem]", rest):
            if item.key == "challenge_setup":
                self.challenge_setup(fields, *cast("ChallengeSetup", item.value))
            elif item.key in ("options", "setup", "rules", "victory", "challenge"):
                values = cast("Sequence[object]", item.value)
                fields[item.key] = fields.get(item.key, ()) + tuple(values)
                if item.key == "options":
                    fields.setdefault("mode_span", item.span)
            else:
                fields[item.key] = item.value
        return m.Scenario(
            id=self.card_id(id_token),
            number=self.number(number_token, "scenario"),
            name=string(name_token),
            aliases=aliases,
            provenance=self.provenance(prov_token),
            span=self.span(meta),
            provenance_stated=prov_token is not None,
            **fields,
        )

    def scenario_mode(self, meta: Meta, children: list[tuple[str, ...]]) -> Item[tuple[str, ...]]:
        return Item("options", children[0], self.span(meta))

    def scenario_setup(self, meta: Meta, children: list[m.SetupStep]) -> Item[list[m.SetupStep]]:
        return Item("setup", children)

    def scenario_rules(self, meta: Meta, children: list[m.RuleChange]) -> Item[list[m.RuleChange]]:
        return Item("rules", children)

    def scenario_victory(self, meta: Meta, children: list[m.Condition]) -> Item[list[m.Condition]]:
        return Item("victory", children)

    def scenario_challenge(
        self, meta: Meta, children: list[m.Condition]
    ) -> Item[list[m.Condition]]:
        return Item("challenge", children)

    def scenario_challenge_setup(
        self, meta: Meta, children: list[m.ChallengeDraws | m.SetupStep]
    ) -> Item[ChallengeSetup]:
        draws: m.ChallengeDraws | None = None
        steps = children
        if children and isinstance(children[0], m.ChallengeDraws):
            draws, steps = children[0], children[1:]
        return Item("challenge_setup", (draws, tuple(cast("list[m.SetupStep]", steps)), meta))

    def challenge_setup(
        self,
        fields: dict[str, Any],
        draws: m.ChallengeDraws | None,
        steps: tuple[m.SetupStep, ...],
        meta: Meta,
    ) -> None:
        """A challenge setup block joins the others; they must not disagree
        on the setup's draws (a bare one agrees with either)."""
        before = fields.get("challenge_draws")
        if draws is not None and before is not None and draws is not before:
            raise BuildError(
                "DL502",
                f"one challenge setup {before.value} draws and another {draws.value} them",
                meta=meta,
                help="say it once: 'challenge setup replaces draws' or "
                "'challenge setup adds draws'",
            )
        fields["challenge_setup"] = fields.get("challenge_setup", ()) + steps
        fields["challenge_draws"] = before or draws
        fields.setdefault("challenge_setup_span", self.span(meta))

    draws_replaced = keyword_rule(m.ChallengeDraws.REPLACES)
    draws_added = keyword_rule(m.ChallengeDraws.ADDS)

    def scenario_beat(self, meta: Meta, children: list[Token]) -> Item[int]:
        return Item("threshold", self.number(children[0], "beat"))

    def separate(self, meta: Meta, children: list[tuple[str, ...] | Token | None]) -> m.Separate:
        cards, random = cast("tuple[tuple[str, ...], Token]", children[:2])  # then the card word
        return m.Separate(cards, self.number(random, "random"), span=self.span(meta))

    def power_cards(self, meta: Meta, children: list[Token]) -> m.PowerCards:
        return m.PowerCards(self.number(children[0], "power-cards"), span=self.span(meta))

    def place_at(self, meta: Meta, children: list[tuple[str, ...] | m.FaceIs | Token]) -> m.Place:
        cards, face_up, row, column = cast(
            "tuple[tuple[str, ...], m.FaceIs, Token, Token]", children
        )
        return m.Place(
            cards, face_up.face_up, self.row(row), self.column(column), span=self.span(meta)
        )

    def place_random(
        self, meta: Meta, children: list[tuple[str, ...] | m.FaceIs | Token]
    ) -> m.Place:
        cards, face_up = cast("tuple[tuple[str, ...], m.FaceIs]", children[:2])
        row = cast("list[Token]", children[2:])
        return m.Place(
            cards, face_up.face_up, self.row(row[0]) if row else None, None, span=self.span(meta)
        )

    def set_aside(self, meta: Meta, children: list[tuple[str, ...] | Token]) -> m.SetAside:
        cards, deck = cast("tuple[tuple[str, ...], Token]", children)
        return m.SetAside(cards, str(deck), span=self.span(meta))

    def setup_draw(self, meta: Meta, children: list[m.DrawLaw | m.DrawPattern]) -> m.SetupDraw:
        return m.SetupDraw(children[0], span=self.span(meta))

    def lock(self, meta: Meta, children: list[tuple[str, ...]]) -> m.Lock:
        return m.Lock(children[0], span=self.span(meta))

    def when(self, meta: Meta, children: list[TriggerWords | m.Effect]) -> m.Trigger:
        kind, selector = cast("TriggerWords", children[0])
        effects = cast("list[m.Effect]", children[1:])
        return m.Trigger(kind, selector, tuple(effects), span=self.span(meta))

    def on_pattern_completed(self, meta: Meta, children: list[Token]) -> TriggerWords:
        return (m.TriggerKind.PATTERN_COMPLETED, None)

    def on_placed(self, meta: Meta, children: list[m.Selector]) -> TriggerWords:
        return (m.TriggerKind.PLACED, children[0])

    def on_revealed(self, meta: Meta, children: list[m.Selector]) -> TriggerWords:
        return (m.TriggerKind.REVEALED, children[0])

    def allow(
        self, meta: Meta, children: list[m.Effect | m.Condition | Token | Literal["once"]]
    ) -> m.Ability:
        effect = cast("m.Effect", children[0])
        rest = children[1:]
        once = bool(rest) and rest[-1] == "once"
        if once:
            rest = rest[:-1]
        condition: m.Condition | None = None
        if len(rest) == 2:
            condition, cost = cast("tuple[m.Condition, Token]", rest)
        else:
            (cost,) = cast("list[Token]", rest)
        return m.Ability(
            effect, self.number(cost, "ability-cost"), once, condition, span=self.span(meta)
        )

    def once(self, meta: Meta, children: list[Token]) -> Literal["once"]:
        return "once"

    # ------------------------------------------------------------ effects
    def swap_any(self, meta: Meta, children: list[Token]) -> m.SwapAny:
        return m.SwapAny(self.number(children[0], "swap"), span=self.span(meta))

    def swap_cards(self, meta: Meta, children: list[m.CellRef]) -> m.SwapCards:
        return m.SwapCards(children[0], children[1], span=self.span(meta))

    def draw_pattern(
        self, meta: Meta, children: list[Token | int | m.Difficulty | None]
    ) -> m.DrawPattern:
        count = self.amount_of(cast("Token | int", children[0]), "patterns")
        difficulty: m.Difficulty | None = None
        keep: int | None = None
        for item in children[1:]:
            if isinstance(item, m.Difficulty):
                difficulty = item
            elif isinstance(item, Token) and item.type == "INT":
                keep = self.number(item, "keep")
                if keep > count:
                    raise BuildError(
                        "DL120",
                        f"keeps {keep} of {count} patterns drawn",
                        token=item,
                        help="keep at most as many as are drawn",
                    )
        return m.DrawPattern(count, difficulty, keep, span=self.span(meta))

    def draw_law(self, meta: Meta, children: list[Token | int | None]) -> m.DrawLaw:
        return m.DrawLaw(
            self.amount_of(cast("Token | int", children[0]), "laws"), span=self.span(meta)
        )

    def difficulty(self, meta: Meta, children: list[Token]) -> m.Difficulty:
        return enum_word(m.Difficulty, children[0], "DL105", "difficulty")

    def amount(self, meta: Meta, children: list[Token]) -> Token:
        return children[0]  # the number's token, checked by what it counts

    def one(self, meta: Meta, children: list[Token]) -> int:
        return 1

    def amount_of(self, amount: Token | int, key: str) -> int:
        """An amount ('a', 'an' or a number) in the range of ``key``."""
        return amount if isinstance(amount, int) else self.number(amount, key)

    def reveal(self, meta: Meta, children: list[Token | int | None]) -> m.Reveal:
        return m.Reveal(
            self.amount_of(cast("Token | int", children[0]), "reveal"), span=self.span(meta)
        )

    def hide(self, meta: Meta, children: list[Token | int | None]) -> m.TurnFaceDown:
        amount = self.amount_of(cast("Token | int", children[0]), "reveal")
        return m.TurnFaceDown(amount, span=self.span(meta))

    def recover(self, meta: Meta, children: list[Token]) -> m.RecoverDiscard:
        return m.RecoverDiscard(span=self.span(meta))

    def seek(self, meta: Meta, children: list[Token]) -> m.SeekDeck:
        return m.SeekDeck(span=self.span(meta))

    def discard_top(self, meta: Meta, children: list[Token]) -> m.DiscardTop:
        deck = str(children[0])
        remember = str(children[1]) if len(children) > 1 else None
        return m.DiscardTop(deck, remember, span=self.span(meta))

    def cell_of(self, meta: Meta, children: list[m.Selector]) -> m.CellRef:
        return m.CellRef(children[0], None, span=self.span(meta))

    def cell_beside(self, meta: Meta, children: list[m.Direction | m.Selector]) -> m.CellRef:
        direction, card = cast("tuple[m.Direction, m.Selector]", children)
        return m.CellRef(card, direction, span=self.span(meta))

    up = keyword_rule(m.Direction.ABOVE)
    down = keyword_rule(m.Direction.BELOW)
    left = keyword_rule(m.Direction.LEFT)
    right = keyword_rule(m.Direction.RIGHT)
