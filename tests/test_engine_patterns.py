"""What the engine remembers instead of working out again, against the
reference that works it out:

- the fast pattern check (engine/patterns.py) against scoring's
  pattern_matches (R14), over many seeded random areas: the bundled patterns
  and shapes cut out of the area itself (so that many match), then changed
  one card at a time as a game changes an area;
- the greedy agent's remembered values against fresh scores, over games."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from dioses_rules.engine import valuation
from dioses_rules.engine.agents import GreedyAgent
from dioses_rules.engine.patterns import PatternChecker
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import Slot
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import HEIGHT, SIZE, WIDTH, Area, Placed
from dioses_rules.scoring.board import LawEntry
from dioses_rules.scoring.patterns import pattern_matches


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def reference(cards, cells, pattern) -> bool:
    area = Area(tuple(None if s is None else Placed(cards[s.card], s.face_up) for s in cells))
    return pattern_matches(area, pattern) is not None


def cut_out(rng: random.Random, cards, cells, index: int) -> m.Pattern:
    """A shape taken from a rectangle of the area: its cells' types and,
    sometimes, a mythology; some cells left blank, some asked of another type."""
    height, width = rng.randint(1, HEIGHT), rng.randint(1, WIDTH)
    top, left = rng.randint(0, HEIGHT - height), rng.randint(0, WIDTH - width)
    rows = []
    for r in range(height):
        row = []
        for c in range(width):
            slot = cells[(top + r) * WIDTH + left + c]
            if slot is None or rng.random() < 0.2:
                row.append(None)
                continue
            card = cards[slot.card]
            kind = (
                card.type
                if rng.random() < 0.9
                else rng.choice(sorted({c.type for c in cards.values()}))
            )
            mythology = (
                rng.choice(card.mythologies) if card.mythologies and rng.random() < 0.5 else None
            )
            row.append(m.PatternCell(kind, mythology))
        rows.append(tuple(row))
    return m.Pattern(f"cut-{index}", "cut", (), m.Difficulty.EASY, m.Provenance.NAMED, tuple(rows))


def test_the_fast_check_agrees_with_the_reference(registry):
    rng = random.Random(12)
    cards = {c.id: c for c in registry.myth_cards()}
    ids = sorted(cards)
    bundled = registry.definitions("pattern")
    checker = PatternChecker(cards)
    matched = compared = 0
    for trial in range(200):
        cells = [
            None if rng.random() < 0.1 else Slot(rng.choice(ids), rng.random() < 0.8)
            for _ in range(SIZE)
        ]
        patterns = list(bundled) + [cut_out(rng, cards, cells, trial * 10 + k) for k in range(5)]
        for _ in range(8):  # a game changes an area one card at a time
            for pattern in patterns:
                expected = reference(cards, cells, pattern)
                assert checker.matches(pattern, cells) == expected, (pattern, cells)
                assert checker.matches(pattern, cells) == expected  # remembered
                matched += expected
                compared += 1
            cell = rng.randrange(SIZE)
            if rng.random() < 0.5 and cells[cell] is not None:
                cells[cell] = Slot(cells[cell].card, not cells[cell].face_up)
            else:
                cells[cell] = Slot(rng.choice(ids), True)
    assert matched > compared // 20  # the comparison saw plenty of matches


class _Asked(dict):
    """A context's remembered values, noting every value asked of them (the
    agent reads them through value_of and in its loops over a decision's
    options)."""

    asked: ClassVar[list] = []

    def get(self, signature, default=None):
        _Asked.asked.append((self, signature))
        return super().get(signature, default)


class _AskedContext(valuation.Context):
    def __init__(self, *args):
        super().__init__(*args)
        self.values = _Asked()
        self.values.key = self.key


class CheckedGreedy(GreedyAgent):
    """A greedy agent that scores every layout it answered afresh too, at
    the end of each decision (nothing changed meanwhile), and compares."""

    checked = 0

    def choose(self, game, decision) -> int:
        _Asked.asked = []
        index = super().choose(game, decision)
        for values, signature in _Asked.asked:
            area, law_keys = values.key[0], values.key[1]
            laws = [LawEntry(card, row, column) for card, row, column in law_keys]
            # the face-up cards of the signature (the only ones a value sees)
            cells = [None if card is None else Slot(card, True) for card in signature]
            assert values[signature] == self._score(game, area, cells, laws)
            CheckedGreedy.checked += 1
        return index


@pytest.mark.parametrize(
    "scenario, options, seats",
    [
        (None, (), 3),
        (None, ("power-cards", "initial-laws", "initial-patterns", "objectives"), 4),
        ("afterlife-travel-agency", (), 1),
    ],
)
def test_the_greedy_agents_remembered_values_are_its_scores(
    registry, scenario, options, seats, monkeypatch
):
    """GreedyAgent.value remembers a layout's value by what the score reads:
    every answer equals a fresh score, over whole games."""
    monkeypatch.setattr(valuation, "Context", _AskedContext)
    for seed in range(2):
        agents = [CheckedGreedy(seed * 10 + s) for s in range(seats)]
        new_game(registry, agents, scenario=scenario, options=options, seed=seed).play()
    assert CheckedGreedy.checked > 100
