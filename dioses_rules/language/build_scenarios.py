"""Builder methods for scenarios: setup steps, rule changes and effects."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from . import model as m
from .build_base import BuilderBase, BuildError, Item, enum_word, record_errors, string


@v_args(wrapper=record_errors)
class ScenarioRules(BuilderBase):
    def scenario_number(self, meta, children):
        return children[0]

    def scenario_def(self, meta, children):
        rest, aliases = self.header(children)
        id_token, number_token, name_token, *rest = rest
        prov_token = None
        if rest and isinstance(rest[0], Token):
            prov_token = rest.pop(0)
        fields: dict[str, Any] = {}
        for item in rest:
            if item.key == "challenge_setup":
                self.challenge_setup(fields, *item.value)
            elif item.key in ("options", "setup", "rules", "victory", "challenge"):
                fields[item.key] = fields.get(item.key, ()) + tuple(item.value)
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

    def scenario_mode(self, meta, children):
        return Item("options", children[0], self.span(meta))

    def scenario_setup(self, meta, children):
        return Item("setup", children)

    def scenario_rules(self, meta, children):
        return Item("rules", children)

    def scenario_victory(self, meta, children):
        return Item("victory", children)

    def scenario_challenge(self, meta, children):
        return Item("challenge", children)

    def scenario_challenge_setup(self, meta, children):
        draws = None
        if children and isinstance(children[0], m.ChallengeDraws):
            draws, *children = children
        return Item("challenge_setup", (draws, tuple(children), meta))

    def challenge_setup(self, fields: dict, draws, steps: tuple, meta) -> None:
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

    def draws_replaced(self, meta, children):
        return m.ChallengeDraws.REPLACES

    def draws_added(self, meta, children):
        return m.ChallengeDraws.ADDS

    def scenario_beat(self, meta, children):
        return Item("threshold", self.number(children[0], "beat"))

    def separate(self, meta, children):
        return m.Separate(children[0], self.number(children[1], "random"), span=self.span(meta))

    def power_cards(self, meta, children):
        return m.PowerCards(self.number(children[0], "power-cards"), span=self.span(meta))

    def place_at(self, meta, children):
        cards, face_up, row, column = children
        return m.Place(
            cards, face_up.face_up, self.row(row), self.column(column), span=self.span(meta)
        )

    def place_random(self, meta, children):
        cards, face_up, *row = children
        return m.Place(
            cards, face_up.face_up, self.row(row[0]) if row else None, None, span=self.span(meta)
        )

    def set_aside(self, meta, children):
        return m.SetAside(children[0], str(children[1]), span=self.span(meta))

    def setup_draw(self, meta, children):
        return m.SetupDraw(children[0], span=self.span(meta))

    def lock(self, meta, children):
        return m.Lock(children[0], span=self.span(meta))

    def when(self, meta, children):
        (kind, selector), *effects = children
        return m.Trigger(kind, selector, tuple(effects), span=self.span(meta))

    def on_pattern_completed(self, meta, children):
        return (m.TriggerKind.PATTERN_COMPLETED, None)

    def on_placed(self, meta, children):
        return (m.TriggerKind.PLACED, children[0])

    def on_revealed(self, meta, children):
        return (m.TriggerKind.REVEALED, children[0])

    def allow(self, meta, children):
        effect, *rest = children
        once = bool(rest) and rest[-1] == "once"
        if once:
            rest = rest[:-1]
        condition = None
        if len(rest) == 2:
            condition, cost = rest
        else:
            (cost,) = rest
        return m.Ability(
            effect, self.number(cost, "ability-cost"), once, condition, span=self.span(meta)
        )

    def once(self, meta, children):
        return "once"

    # ------------------------------------------------------------ effects
    def swap_any(self, meta, children):
        return m.SwapAny(self.number(children[0], "swap"), span=self.span(meta))

    def swap_cards(self, meta, children):
        return m.SwapCards(children[0], children[1], span=self.span(meta))

    def draw_pattern(self, meta, children):
        amount, *rest = children
        count = self.amount_of(amount, "patterns")
        difficulty = keep = None
        for item in rest:
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

    def draw_law(self, meta, children):
        return m.DrawLaw(self.amount_of(children[0], "laws"), span=self.span(meta))

    def difficulty(self, meta, children):
        return enum_word(m.Difficulty, children[0], "DL105", "difficulty")

    def amount(self, meta, children):
        return children[0]  # the number's token, checked by what it counts

    def one(self, meta, children):
        return 1

    def amount_of(self, amount, key: str) -> int:
        """An amount ('a', 'an' or a number) in the range of ``key``."""
        return amount if isinstance(amount, int) else self.number(amount, key)

    def reveal(self, meta, children):
        return m.Reveal(self.amount_of(children[0], "reveal"), span=self.span(meta))

    def hide(self, meta, children):
        return m.TurnFaceDown(self.amount_of(children[0], "reveal"), span=self.span(meta))

    def recover(self, meta, children):
        return m.RecoverDiscard(span=self.span(meta))

    def seek(self, meta, children):
        return m.SeekDeck(span=self.span(meta))

    def discard_top(self, meta, children):
        deck = str(children[0])
        remember = str(children[1]) if len(children) > 1 else None
        return m.DiscardTop(deck, remember, span=self.span(meta))

    def cell_of(self, meta, children):
        return m.CellRef(children[0], None, span=self.span(meta))

    def cell_beside(self, meta, children):
        return m.CellRef(children[1], children[0], span=self.span(meta))

    def up(self, meta, children):
        return m.Direction.ABOVE

    def down(self, meta, children):
        return m.Direction.BELOW

    def left(self, meta, children):
        return m.Direction.LEFT

    def right(self, meta, children):
        return m.Direction.RIGHT
