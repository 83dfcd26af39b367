"""A scenario's outcome in one line, in the reader's language."""

from __future__ import annotations

from ..scoring.report import ScenarioResult
from . import words
from .names import name_of


def scenario_verdict(
    scenario: ScenarioResult, challenged: bool, lang: str, ruling: str = ""
) -> str:
    """The outcome of a scenario (a ``ScenarioReport``) in one line. The
    challenge is an extra requirement on the victory (R34): it is told as
    part of the victory, never as met beside a victory missed. ``ruling``:
    what follows the outcome when the ruling is named (" (R34)"), if asked."""
    _ = words(lang)._
    head = _("Scenario {number} {name}").format(
        number=scenario.scenario.number, name=name_of(scenario.scenario, lang)
    )
    if scenario.victory and scenario.challenge:
        outcome = _("victory, with its challenge")
    elif scenario.victory:
        outcome = _("victory, without its challenge") if challenged else _("victory")
    else:
        outcome = _("no victory")
    beaten = _("BEATEN") if scenario.beaten else _("not beaten")
    return _("{head}: {outcome}; more than {threshold} points: {beaten}").format(
        head=head,
        outcome=outcome + ruling if challenged else outcome,
        threshold=scenario.threshold,
        beaten=beaten,
    )
