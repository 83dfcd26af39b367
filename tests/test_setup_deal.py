"""What a scenario's setup steps take from the deck (engine/setup_deal.py),
read by dispatch for the deal's check and the determinizer (issue #26)."""

from __future__ import annotations

import pytest

from dioses_rules.engine.setup_deal import SetupDeal
from dioses_rules.language import model as m
from dioses_rules.language.walk import UnhandledNode

STEPS = [
    m.Place(("odin", "thor"), True, m.Row.FRONT, 1),
    m.SetAside(("hammer",), "relics"),
    m.PowerCards(3),
    m.Separate(("zeus", "ra"), 2),
    m.PowerCards(1),
    m.Separate(("hades",), 4),
    m.SetupDraw(m.DrawLaw(1)),
]


def test_every_step_kind_says_what_it_takes_from_the_deck():
    """R21 (solo setup steps 2, 5 and 6): placed, set aside and separated
    cards leave the deck; Power cards and random cards are counted; draws take
    Laws and Patterns from their own decks."""
    deal = SetupDeal(STEPS)
    assert deal.named == {"odin", "thor", "hammer", "zeus", "ra", "hades"}
    assert deal.places == [STEPS[0]]
    assert deal.power == 4
    assert deal.separated == {"zeus", "ra", "hades"}
    assert deal.random == 6


def test_an_unknown_step_kind_is_refused_not_ignored():
    with pytest.raises(UnhandledNode, match="SetupDeal"):
        SetupDeal([object()])  # type: ignore[list-item]  # not a setup step
