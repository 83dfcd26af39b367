"""The engine's shortcuts (issue #12) against what they replace:

- LazyChoices is the list of options it stands for: the same length, items,
  order, equality and hash as the tuple of them;
- in real games (base game, rule options, scenarios, greedy and random
  agents) every decision offers exactly the options the engine used to make
  eagerly, with the same labels, in the same order, and what the makers say
  of them unmade (``options_of``) is their kinds and arguments;
- checking only the areas a move changed for patterns plays the same games,
  record for record, as checking every area after every move;
- a game with no log plays the same game as one with a log;
- a registry's tables are made once and made again when its definitions change.
"""

from __future__ import annotations

import pytest

from dioses_rules.engine.agents import GreedyAgent, RandomAgent
from dioses_rules.engine.game import CELL_NAMES, Game
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import Choice, Decision, LazyChoices, Slot, options_of
from dioses_rules.engine.tables import tables_of
from dioses_rules.pool.load import load_registry

# (agent, seats, scenario, options, challenge): games that reach every kind of move
GAMES = [
    ("random", 4, None, (), False),
    (
        "random",
        3,
        None,
        ("power-cards", "double-discard", "initial-patterns", "initial-laws", "objectives"),
        False,
    ),
    ("random", 2, None, ("help-card-discard", "power-cards", "easier-game"), False),
    ("greedy", 2, None, ("initial-patterns", "power-cards"), False),
    ("random", 1, "afterlife-travel-agency", (), True),
    ("random", 1, "power-of-ra", (), False),
    ("random", 2, "the-fairest", ("power-cards",), False),
    ("greedy", 1, "ragnarok", (), False),
]


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def play(registry, agent, seats, scenario, options, challenge, seed, log=None, wrap=None):
    agents = [
        (GreedyAgent if agent == "greedy" and seat == 0 else RandomAgent)(seed * 10 + seat)
        for seat in range(seats)
    ]
    if wrap is not None:
        agents = [wrap(a) for a in agents]
    game = new_game(registry, agents, scenario, options, seed, challenge, log=log)
    return game, game.play()


# ------------------------------------------------------------------ LazyChoices
def test_lazy_choices_are_the_tuple_they_stand_for():
    made = []

    def make(index: int) -> Choice:
        made.append(index)
        return Choice("cell", (index * 2,), f"cell {index}")

    eager = tuple(Choice("cell", (i * 2,), f"cell {i}") for i in range(5))
    lazy = LazyChoices(5, make)
    assert made == []  # nothing is made before it is read
    assert len(lazy) == 5
    third = lazy[3]
    assert third == eager[3] and third.label == "cell 3"
    assert made == [3]  # only the option read
    assert lazy[-1] == eager[-1] and lazy[1:4] == eager[1:4] and lazy[::2] == eager[::2]
    assert list(lazy) == list(eager) and [c.label for c in lazy] == [c.label for c in eager]
    assert lazy == eager and lazy == list(eager) and lazy == LazyChoices(5, make)
    assert lazy != eager[:4] and lazy != LazyChoices(4, make)
    assert hash(lazy) == hash(eager)
    assert Choice("cell", (4,)) in lazy and Choice("cell", (5,)) not in lazy
    assert lazy.index(Choice("cell", (6,))) == 3
    for bad in (5, -6, 100):
        with pytest.raises(IndexError):
            lazy[bad]
    assert LazyChoices(0, make) == () and not LazyChoices(0, make)
    assert Decision(0, "cell", "Which?", lazy) == Decision(0, "cell", "Which?", eager)


# ------------------------------------------------------------------ options as they were made
def eager_options(game: Game, decision: Decision) -> list[tuple]:
    """The options of the decisions that are now made lazily, as the engine
    made them before (a list of Choice for every one), as (kind, args, label)."""
    area = game.state.seat_area[decision.seat]
    if decision.kind in (
        "power",
        "power-after",
        "law",
        "pattern",
        "seek",
        "seek-order",
        "hide",
        "recover",
        "discard-pile",
        "after-discard",
    ):
        return None  # still made eagerly, as before
    cells = game.movable_cells(area)
    if decision.kind == "action":
        made = game.legal_actions(area)
    elif decision.kind == "swap":
        made = [
            Choice("swap", (a, b), game.swap_label(area, a, b))
            for i, a in enumerate(cells)
            for b in cells[i + 1 :]
        ]
    elif decision.kind == "exchange":
        made = [Choice("cell", (i,), game.cell_label(area, i)) for i in cells]
    elif decision.kind == "drawn":
        made = [Choice("play", (i,), game.play_label(area, i)) for i in cells]
        made.append(Choice("discard", (), f"discard {decision.subject}"))
    elif decision.kind == "reveal":
        down = [
            i
            for i, slot in enumerate(game.state.areas[area].cells)
            if slot is not None and not slot.face_up
        ]
        made = [Choice("cell", (i,), CELL_NAMES[i]) for i in down]
    else:
        raise AssertionError(f"a decision kind this test does not know: {decision.kind}")
    return [(c.kind, c.args, c.label) for c in made]


class Checking:
    """Wraps an agent: compares each decision's options with the eager ones,
    then lets the agent choose."""

    def __init__(self, agent, seen: dict, said: dict | None = None):
        self.agent, self.name, self.seen = agent, agent.name, seen
        self.said = {} if said is None else said

    def choose(self, game, decision):
        expected = eager_options(game, decision)
        if expected is not None:
            assert isinstance(decision.choices, LazyChoices)
            got = [(c.kind, c.args, c.label) for c in decision.choices]
            assert got == expected, decision.kind
            # what the maker says of each option without making it (state.options_of)
            assert options_of(decision.choices) == [(k, a) for k, a, _ in expected]
            said = decision.choices._options is not None
            self.said[decision.kind] = self.said.get(decision.kind, 0) + said
            assert [decision.choices[i] for i in range(len(expected))] == list(decision.choices)
            self.seen[decision.kind] = self.seen.get(decision.kind, 0) + 1
        return self.agent.choose(game, decision)


def test_lazy_options_are_the_eager_ones_in_real_games(registry):
    seen: dict[str, int] = {}
    said: dict[str, int] = {}  # the decisions whose maker said its options
    for spec in GAMES:
        for seed in range(3):
            wrapped, _ = play(registry, *spec, seed, wrap=lambda a: Checking(a, seen, said))
            plain, _ = play(registry, *spec, seed)
            # the comparison read every label and option: the game went on the same
            assert wrapped.state == plain.state
    assert {"swap", "exchange", "drawn", "reveal"} <= set(seen), seen
    assert all(said[kind] for kind in ("swap", "exchange", "drawn", "action")), said


# ------------------------------------------------------------------ incremental pattern checks
def test_checking_the_moved_areas_plays_the_games_of_checking_them_all(registry, monkeypatch):
    def records(seed, spec):
        log = []
        play(registry, *spec, seed, log=log.append)
        return log

    specs = [spec for spec in GAMES if spec[0] == "random"]
    fast = {(seed, spec): records(seed, spec) for seed in range(6) for spec in specs}
    original = Game._check_moved

    def check_every_area(self):  # what check_patterns() did after every move
        self._checked = [None] * len(self.state.areas)
        original(self)

    monkeypatch.setattr(Game, "_check_moved", check_every_area)
    completed = 0
    for (seed, spec), log in fast.items():
        assert records(seed, spec) == log, (seed, spec)
        completed += sum(1 for r in log if r.get("event") == "pattern-completed")
    assert completed >= 15  # the games did complete patterns


def test_an_area_laid_out_from_outside_is_checked_again(registry):
    game = new_game(
        registry, [RandomAgent(1), RandomAgent(2)], seed=5, options=("initial-patterns",)
    )
    game.check_patterns()
    area = game.state.areas[1]
    held = [p for p in area.patterns if not p.completed]
    assert held
    pattern = registry.get("pattern", held[0].card)
    # lay out area 1 so that its first held pattern shows, in a new cells list
    shape = game.patterns._shapes(pattern)[0]
    cells = list(area.cells)
    for cell, fitting in shape:  # (the card may be somewhere else too: only shapes count)
        cells[cell] = Slot(sorted(fitting)[0], True)
    area.cells = cells
    assert not held[0].completed
    game.reveal(0, next(i for i, s in enumerate(game.state.areas[0].cells) if not s.face_up))
    assert held[0].completed  # a move in area 0 checks area 1, replaced from outside


# ------------------------------------------------------------------ no log
def test_a_game_without_a_log_is_the_same_game(registry):
    for spec in GAMES:
        for seed in range(2):
            quiet, quiet_result = play(registry, *spec, seed)
            log = []
            logged, logged_result = play(registry, *spec, seed, log=log.append)
            assert quiet.state == logged.state and quiet_result == logged_result
            assert [a.rng.getstate() for a in quiet.agents] == [
                a.rng.getstate() for a in logged.agents
            ]
            assert quiet._log is None and log
            assert sum(1 for r in log if r["type"] == "decision") > 0


# ------------------------------------------------------------------ tables
def test_a_registry_s_tables_are_made_once_and_again_when_it_changes(registry):
    tables = tables_of(registry)
    assert tables_of(registry) is tables
    assert tables.card_ids == tuple(sorted(c.id for c in registry.myth_cards()))
    assert tables.law_ids == tuple(sorted(d.id for d in registry.definitions("law")))
    assert all(
        tables.pattern_points[p.id] == registry.pattern_points(p)
        for p in registry.definitions("pattern")
    )
    other = load_registry()[0]
    assert tables_of(other) is not tables
    key = next(k for k in other.by_id if k[0] == "law")
    removed = other.by_id.pop(key)
    try:
        assert key[1] not in tables_of(other).law_ids
    finally:
        other.by_id[key] = removed
    assert key[1] in tables_of(other).law_ids


def test_games_of_one_registry_share_its_tables_but_not_their_answers(registry):
    first = new_game(registry, [RandomAgent(1), RandomAgent(2)], seed=1)
    second = new_game(registry, [RandomAgent(1), RandomAgent(2)], seed=1)
    assert first.tables is second.tables
    assert first.patterns.answers is not second.patterns.answers
    first.cards.pop(next(iter(first.cards)))  # a game's own cards are its own
    assert len(second.cards) == len(tables_of(registry).cards)


# ------------------------------------------------------------------ patterns on the cells
def test_a_pattern_shown_on_the_cells_is_the_reference_answer(registry):
    """PatternChecker.shows (the game's check, on the cells) against scoring's
    pattern_matches, over random areas where many patterns show."""
    import random

    from dioses_rules.engine.patterns import PatternChecker
    from dioses_rules.scoring.area import SIZE, Area, Placed
    from dioses_rules.scoring.patterns import pattern_matches

    rng = random.Random(3)
    cards = {c.id: c for c in registry.myth_cards()}
    ids = sorted(cards)
    checker = PatternChecker(cards, tables_of(registry))
    shown = 0
    for _ in range(300):
        # few types in the area, so that patterns show
        kinds = rng.sample(sorted({c.type for c in cards.values()}, key=str), 2)
        pool = [i for i in ids if cards[i].type in kinds]
        cells = [
            None if rng.random() < 0.05 else Slot(rng.choice(pool), rng.random() < 0.85)
            for _ in range(SIZE)
        ]
        area = Area(tuple(None if s is None else Placed(cards[s.card], s.face_up) for s in cells))
        for pattern in registry.definitions("pattern"):
            expected = pattern_matches(area, pattern) is not None
            assert checker.shows(pattern, cells) == expected
            assert checker.matches(pattern, cells) == expected
            shown += expected
    assert shown > 50
