"""Effects, setup steps and rule changes -> card-language source text: the
part of :class:`source.SourceWriter` that writes what events, Power cards,
rule options and scenarios do: a template of :data:`TEMPLATES` for each node
kind that says its fields in a fixed order, a short method for each other."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import cache
from string import Formatter
from types import MappingProxyType
from typing import Any

from . import model as m
from .walk import Dispatch, members


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    return singular if count == 1 else (plural_form or singular + "s")


def points_text(points: int) -> str:
    return f"{points} {plural(abs(points), 'point')}"


def amount_text(count: int, singular: str, plural_form: str) -> str:
    return f"a {singular}" if count == 1 else f"{count} {plural_form}"


def face_text(face_up: bool) -> str:
    return "face-up" if face_up else "face-down"


# A field is the node's attribute of that name, said by the writer's method
# its spec names ("{target:selector}"), else as it is (an enum by its value).
TEMPLATES: Mapping[type, str] = MappingProxyType(
    {
        m.SwapCards: "swap {first:cell_ref} with {second:cell_ref}",
        m.RecoverDiscard: "recover a card from discards",
        m.SeekDeck: "seek a card by mythology or type",
        m.PowerCards: "power cards {count}",
        m.SetAside: "aside {cards:ids} as {deck}",
        m.SetupDraw: "{effect:effect}",
        m.Lock: "lock {cards:ids}",
    }
)


def templated(templates: Iterable[type], union: Any) -> tuple[type, ...]:
    """The kinds of ``union`` that have a template: what ``filled`` is registered for."""
    kinds = members(union)
    return tuple(kind for kind in templates if kind in kinds)


@cache
def _parts(template: str) -> tuple[tuple[str, str | None, str], ...]:
    """A template's parts, parsed once: (literal text, field or None, spec)."""
    return tuple((text, name, spec or "") for text, name, spec, _ in Formatter().parse(template))


class EffectWriter:
    """Writes effects, setup steps and rule changes; the conditions and
    selectors they hold are written by the :class:`source.SourceWriter`
    this is part of."""

    TEMPLATES = TEMPLATES
    effect = Dispatch(m.Effect)
    setup_step = Dispatch(m.SetupStep)
    rule = Dispatch(m.RuleChange)
    # the SourceWriter's, which this is part of
    selector: Callable[[m.Selector], str]
    condition: Callable[[m.Condition], str]

    @effect.on(*templated(TEMPLATES, m.Effect))
    @setup_step.on(*templated(TEMPLATES, m.SetupStep))
    @rule.on(*templated(TEMPLATES, m.RuleChange))
    def filled(self, node: object, *_: object) -> str:
        """A node's template (:attr:`TEMPLATES`), filled from its fields."""
        out = []
        for text, name, spec in _parts(self.TEMPLATES[type(node)]):
            out.append(text)
            if name is not None:
                value = getattr(node, name)
                word = getattr(self, spec)(value) if spec else value
                out.append(str(word.value if isinstance(word, Enum) else word))
        return "".join(out)

    ids = staticmethod(", ".join)  # card ids, as a file lists them

    def cell_ref(self, ref: m.CellRef) -> str:
        if ref.direction is None:
            return self.selector(ref.card)
        return f"the card {ref.direction.value} of {self.selector(ref.card)}"

    @effect.on(m.SwapAny)
    def _swap_any(self, e: m.SwapAny) -> str:
        return f"swap {e.count} {plural(e.count, 'card')}"

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

    @effect.on(m.Reveal, m.TurnFaceDown)
    def _turn(self, e: m.Reveal | m.TurnFaceDown) -> str:
        verb = "reveal " if isinstance(e, m.Reveal) else "hide "
        return verb + amount_text(e.count, "card", "cards")

    @effect.on(m.DiscardTop)
    def _discard_top(self, e: m.DiscardTop) -> str:
        return f"discard top of {e.deck}" + (f" as {e.remember}" if e.remember else "")

    # ---------------------------------------------------------------- scenario parts
    @setup_step.on(m.Separate)
    def _separate(self, step: m.Separate) -> str:
        return (
            f"separate {self.ids(step.cards)} with {step.random} random "
            f"{plural(step.random, 'card')}"
        )

    @setup_step.on(m.Place)
    def _place(self, step: m.Place) -> str:
        head = f"place {self.ids(step.cards)} {face_text(step.face_up)} at "
        if step.column is not None:
            assert step.row is not None  # a cell: the builder sets both
            return head + f"{step.row.value} {step.column}"
        if step.row is not None:
            return head + f"random in {step.row.value} row"
        return head + "random"

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
