"""A scenario's rules, read by kind: which part of the game plays each kind
of rule change is a table checked total at import, so a new kind fails there
until the game plays it, instead of being skipped by every filter."""

from __future__ import annotations

from typing import TypeVar

from ..language import model as m
from ..language.walk import members, total

# Which part of the game plays each kind of scenario rule (a new kind fails
# here, at import, until one does): the rules are read by kind through
# :func:`rules_of`, never by a filter that would skip a kind it does not know.
RULE_PLAYED_BY = total(
    members(m.RuleChange),
    {
        m.Lock: "Game.locked: the cards the normal turn cannot move (R33)",
        m.Trigger: "EffectRules.run_triggers: effects when a card is placed or revealed",
        m.Ability: "PowerRules: a Power ability the player may buy (R26)",
    },
    "rules.RULE_PLAYED_BY",
)


RuleT = TypeVar("RuleT", bound=m.RuleChange)


def rules_of(scenario: m.Scenario, kind: type[RuleT]) -> list[tuple[int, RuleT]]:
    """The scenario's rules of one kind, each with its index among the rules."""
    if kind not in RULE_PLAYED_BY:
        raise TypeError(f"{kind.__name__} is not a kind of scenario rule")
    return [
        (index, rule)
        for index, rule in enumerate(scenario.rules)
        if type(rule) is kind and isinstance(rule, kind)  # the second for the checker
    ]
