"""The final scoring's scene made in one generated call (``unrolled.scene``,
``unrolled.scored`` and ``unrolled.totaled``, #29) is the scene ``Scene.face_up`` makes of the
same area, slot for slot; ``scored`` judges it with R21's flag from the area
and gives each card's own points; an empty cell or a card not compiled yet
gives None, while a card's function that raises goes up as itself."""

from __future__ import annotations

import random

import pytest
from test_properties import bundled

from dioses_rules.scoring import unrolled
from dioses_rules.scoring.area import SIZE, Area, Placed
from dioses_rules.scoring.compiled import CompiledPool
from dioses_rules.scoring.scene import Scene


def areas(count: int, seed: int) -> list[Area]:
    rng = random.Random(seed)
    cards = bundled("myth")
    return [
        Area(tuple(Placed(card, rng.random() < 0.7) for card in rng.sample(cards, SIZE)))
        for _ in range(count)
    ]


def slots(scene: Scene) -> dict[str, object]:
    return {name: getattr(scene, name) for name in Scene.__slots__}


def by_hand(current: CompiledPool, area: Area) -> tuple[Scene, bool]:
    """``Scene.face_up``'s scene of the area, its lanes summed one card at a time."""
    infos = [current.info(placed.card) for placed in area.cells]
    both = sum(info.both[cell] for cell, info in enumerate(infos)) + (1 << 12) - 1
    up = all(placed.face_up for placed in area.cells)
    kinds, names = both & ((1 << 32 * SIZE) - 1), both >> 32 * SIZE
    return Scene.face_up(infos, kinds, area if up else None, names, unrolled._GENERATION[0]), up


def test_the_generated_scene_is_face_ups_slot_for_slot():
    current = CompiledPool()
    for area in areas(40, 26):
        want, up = by_hand(current, area)
        scene, got_up = unrolled.scene(area, current.cards)
        assert got_up is up
        assert slots(scene) == slots(want)
        found = unrolled.scored(area, current.cards, current.plain)
        assert found is not None
        judged, scored_up, points = found
        assert scored_up is up and judged.facts is current.plain[up]  # R21
        want.facts = current.plain[up]
        assert slots(judged) == slots(want)
        assert points == [info.points(want, cell) for cell, info in enumerate(want.infos)]
        assert unrolled.totaled(area, current.cards, current.plain) == sum(points)


def test_an_empty_cell_or_a_card_not_compiled_gives_none():
    current = CompiledPool()
    area = areas(1, 29)[0]
    assert unrolled.scored(area, current.cards, current.plain) is None  # none compiled yet
    assert unrolled.totaled(area, current.cards, current.plain) is None
    for placed in area.cells:
        current.info(placed.card)
    assert unrolled.scored(area, current.cards, current.plain) is not None
    holed = Area((None, *area.cells[1:]))
    assert unrolled.scored(holed, current.cards, current.plain) is None
    assert unrolled.totaled(holed, current.cards, current.plain) is None
    with pytest.raises(AttributeError):
        unrolled.scene(holed, current.cards)


def test_a_cards_function_that_raises_goes_up_as_itself():
    current = CompiledPool()
    area = areas(1, 30)[0]
    for placed in area.cells:
        current.info(placed.card)

    def broken(scene: Scene, anchor: int | None) -> int:
        raise KeyError("sabotaged")

    current.info(area.cells[5].card).points = broken
    for judged in (unrolled.scored, unrolled.totaled):
        with pytest.raises(KeyError, match="sabotaged"):
            judged(area, current.cards, current.plain)
