"""board_of reads a game's laws and objectives from the registry's tables,
and an id no definition in play has is named, not passed on as None
(issue #25: the type checker found Registry.get's None flowing into
Placed, LawPlacement and the objectives)."""

from __future__ import annotations

import pytest

from dioses_rules.engine.agents import RandomAgent
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.tables import tables_of
from dioses_rules.engine.view import board_of
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.registry import required


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def test_the_tables_hold_the_laws_and_objectives_in_play(registry):
    tables = tables_of(registry)
    assert tables.laws == {d.id: d for d in registry.definitions("law")}
    assert tables.law_ids == tuple(sorted(tables.laws))
    assert tables.goals == {d.id: d for d in registry.definitions("objective-goal")}
    assert tables.elements == {d.id: d for d in registry.definitions("objective-element")}


def test_a_board_s_laws_and_objectives_are_the_registry_s(registry):
    # R13 (laws on a line), R15 (one goal and one element for every area)
    game = new_game(registry, [RandomAgent(1), RandomAgent(2)], options=["objectives"], seed=4)
    game.play()
    for area, own in enumerate(game.state.areas):
        board = board_of(registry, game.state, area)
        assert [p.law for p in board.laws] == [registry.get("law", e.card) for e in own.laws]
        assert board.objectives == tuple(
            (registry.get("objective-goal", g), registry.get("objective-element", e))
            for g, e in game.state.objectives
        )
    assert game.state.objectives and any(own.laws for own in game.state.areas)


def test_an_id_not_in_play_is_named(registry):
    law = registry.definitions("law")[0]
    assert required(registry.get("law", law.id), "law", law.id) is law
    with pytest.raises(LookupError, match="no law 'no-such-law' is in play"):
        required(registry.get("law", "no-such-law"), "law", "no-such-law")
    game = new_game(registry, [RandomAgent(1), RandomAgent(2)], seed=1)
    game.state.objectives = [["no-such-goal", registry.definitions("objective-element")[0].id]]
    with pytest.raises(KeyError, match="no-such-goal"):
        board_of(registry, game.state, 0)
