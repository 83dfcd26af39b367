"""Power cards (R22) and a scenario's paid abilities (a mixin of ``Game``)."""

from __future__ import annotations

from ..language import model as m
from ..language.source import effect_text
from ..scoring.evaluator import Evaluator, Facts
from .core import GameCore
from .rules import rules_of
from .state import Choice

MAX_POWER_USES_PER_PHASE = 20  # a safeguard: a phase always ends


def ability_label(rule: m.Ability) -> str:
    return effect_text(rule.effect)


class PowerRules(GameCore):
    """Methods of :class:`game.Game` for gaining and spending Power cards."""

    def gain_power(self, area: int, count: int) -> None:
        """R22: each Power card is a face-down card from the deck."""
        pile = self.state.areas[area].power
        for _ in range(count):
            card = self.draw()
            if card is None:
                break
            pile.append(card)
        self.event("power-gained", area=area, count=count, total=len(pile))

    def may_use_power(self) -> bool:
        """Whether a Power phase can offer anything in this game: Power cards
        (R22) or a scenario's abilities; else :meth:`power_choices` is empty."""
        return bool(self.state.settings.power_cards) or self.scenario is not None

    def power_choices(self, area: int) -> list[Choice]:
        pile = len(self.state.areas[area].power)
        choices = []
        if self.state.settings.power_cards:
            for power in self.registry.definitions("power"):
                if power.cost <= pile:
                    choices.append(
                        Choice("power", (power.id,), f"{power.name} ({power.cost} Power cards)")
                    )
        if self.scenario is not None:
            choices += self._ability_choices(area, pile)
        return choices

    def _ability_choices(self, area: int, pile: int) -> list[Choice]:
        assert self.scenario is not None, "abilities are a scenario's (power_choices)"
        used = self.state.areas[area].used_abilities
        choices = []
        for index, rule in rules_of(self.scenario, m.Ability):
            if rule.cost > pile:
                continue
            if rule.once and index in used:
                continue
            if rule.condition is not None:  # R12: face-down cards show nothing
                evaluator = Evaluator(
                    self.area_model(area), Facts(scenario_state=dict(self.state.scenario_state))
                )
                if not evaluator.holds(rule.condition, None):
                    continue
            choices.append(
                Choice(
                    "ability",
                    (index,),
                    f"scenario: {ability_label(rule)} ({rule.cost} Power cards)",
                )
            )
        return choices

    def spend_power(self, area: int, cost: int) -> None:
        pile = self.state.areas[area].power
        for _ in range(cost):  # returned to the top of the deck unseen
            self.state.deck.append(pile.pop())

    def power_phase(self, seat: int, area: int, after: bool = False) -> None:
        """R26: the player may spend Power cards, one effect after another,
        before the action and (``after``, rules revision 2) after it. The two
        moments are distinct decisions ("power", "power-after") so that a log
        says which one it answers."""
        kind, when = ("power-after", "after") if after else ("power", "before")
        for _ in range(MAX_POWER_USES_PER_PHASE):
            options = self.power_choices(area)
            if not options:
                return
            choice = self.decide(
                seat,
                kind,
                f"Use a Power effect {when} your action?",
                [Choice("pass", (), "no")] + options,
            )
            if choice.kind == "pass":
                return
            if choice.kind == "power":
                power = self.registry.get("power", choice.args[0])
                assert power is not None, "offered from the registry (power_choices)"
                self.spend_power(area, power.cost)
                self.event("power-used", area=area, power=power.id)
                for effect in power.effects:
                    self.run_effect(effect, area, source=power.id)
            else:
                assert self.scenario is not None, "abilities are a scenario's (power_choices)"
                rule = self.scenario.rules[choice.args[0]]
                assert isinstance(rule, m.Ability), "offered by rules_of(.., m.Ability)"
                self.spend_power(area, rule.cost)
                self.state.areas[area].used_abilities.append(choice.args[0])
                self.event("ability-used", area=area, ability=ability_label(rule))
                self.run_effect(rule.effect, area, source="scenario ability")
