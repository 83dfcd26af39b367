"""Effects, setup steps and rule changes -> card-language source text: the
part of :class:`source.SourceWriter` that writes what events, Power cards,
rule options and scenarios do (one short method per node kind)."""

from __future__ import annotations

from collections.abc import Callable

from . import model as m
from .walk import Dispatch


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    return singular if count == 1 else (plural_form or singular + "s")


def points_text(points: int) -> str:
    return f"{points} {plural(abs(points), 'point')}"


def amount_text(count: int, singular: str, plural_form: str) -> str:
    return f"a {singular}" if count == 1 else f"{count} {plural_form}"


class EffectWriter:
    """Writes effects, setup steps and rule changes; the conditions and
    selectors they hold are written by the :class:`source.SourceWriter`
    this is part of."""

    effect = Dispatch(m.Effect)
    # the SourceWriter's, which this is part of
    selector: Callable[[m.Selector], str]
    condition: Callable[[m.Condition], str]

    def cell_ref(self, ref: m.CellRef) -> str:
        if ref.direction is None:
            return self.selector(ref.card)
        return f"the card {ref.direction.value} of {self.selector(ref.card)}"

    @effect.on(m.SwapAny)
    def _swap_any(self, e: m.SwapAny) -> str:
        return f"swap {e.count} {plural(e.count, 'card')}"

    @effect.on(m.SwapCards)
    def _swap_cards(self, e: m.SwapCards) -> str:
        return f"swap {self.cell_ref(e.first)} with {self.cell_ref(e.second)}"

    @effect.on(m.DrawLaw)
    def _draw_law(self, e: m.DrawLaw) -> str:
        return "draw " + amount_text(e.count, "law", "laws")

    @effect.on(m.DrawPattern)
    def _draw_pattern(self, e: m.DrawPattern) -> str:
        amount = str(e.count)
        if e.count == 1:
            amount = "an" if e.difficulty is m.Difficulty.EASY else "a"
        words = [amount]
        if e.difficulty is not None:
            words.append(e.difficulty.value)
        words.append(plural(e.count, "pattern"))
        if e.keep is not None:
            words.append(f"keep {e.keep}")
        return "draw " + " ".join(words)

    @effect.on(m.Reveal)
    def _reveal(self, e: m.Reveal) -> str:
        return "reveal " + amount_text(e.count, "card", "cards")

    @effect.on(m.TurnFaceDown)
    def _hide(self, e: m.TurnFaceDown) -> str:
        return "hide " + amount_text(e.count, "card", "cards")

    @effect.on(m.RecoverDiscard)
    def _recover(self, e: m.RecoverDiscard) -> str:
        return "recover a card from discards"

    @effect.on(m.SeekDeck)
    def _seek(self, e: m.SeekDeck) -> str:
        return "seek a card by mythology or type"

    @effect.on(m.DiscardTop)
    def _discard_top(self, e: m.DiscardTop) -> str:
        return f"discard top of {e.deck}" + (f" as {e.remember}" if e.remember else "")

    # ---------------------------------------------------------------- scenario parts
    setup_step = Dispatch(m.SetupStep)

    @setup_step.on(m.Separate)
    def _separate(self, step: m.Separate) -> str:
        return (
            f"separate {', '.join(step.cards)} with {step.random} random "
            f"{plural(step.random, 'card')}"
        )

    @setup_step.on(m.PowerCards)
    def _power_cards(self, step: m.PowerCards) -> str:
        return f"power cards {step.count}"

    @setup_step.on(m.Place)
    def _place(self, step: m.Place) -> str:
        face = "face-up" if step.face_up else "face-down"
        head = f"place {', '.join(step.cards)} {face} at "
        if step.column is not None:
            assert step.row is not None  # a cell: the builder sets both
            return head + f"{step.row.value} {step.column}"
        if step.row is not None:
            return head + f"random in {step.row.value} row"
        return head + "random"

    @setup_step.on(m.SetAside)
    def _set_aside(self, step: m.SetAside) -> str:
        return f"aside {', '.join(step.cards)} as {step.deck}"

    @setup_step.on(m.SetupDraw)
    def _setup_draw(self, step: m.SetupDraw) -> str:
        text: str = self.effect(step.effect)
        return text

    rule = Dispatch(m.RuleChange)

    @rule.on(m.Lock)
    def _lock(self, rule: m.Lock) -> str:
        return "lock " + ", ".join(rule.cards)

    @rule.on(m.Trigger)
    def _trigger(self, rule: m.Trigger) -> str:
        if rule.kind is m.TriggerKind.PATTERN_COMPLETED:
            trigger = "pattern completed"
        else:
            assert rule.selector is not None  # every other trigger names its cards
            trigger = f"{self.selector(rule.selector)} {rule.kind.value}"
        return f"when {trigger}: " + ", ".join(self.effect(e) for e in rule.effects)

    @rule.on(m.Ability)
    def _ability(self, rule: m.Ability) -> str:
        text = f"allow {self.effect(rule.effect)}"
        if rule.condition is not None:
            text += f" if {self.condition(rule.condition)}"
        return text + f" cost {rule.cost}" + (" once" if rule.once else "")
