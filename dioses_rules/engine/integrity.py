"""Is a saved game a game? The checks a save passes before it is resumed.

The strict converter has checked every value's type; these check what the
types cannot say: a play area has 12 cells, the active seat sits at the
table, every id names a card of the loaded pool, every setting takes one of
its values, a law sits on a row or a column of the grid and no two laws on
one, and every card is in one place only (the deck, a discard pile, an area,
a Power pile, a scenario's deck or out of the game). Each mistake is named
by its key in the save (``$.state.areas[0].cells``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..language import model as m
from ..language.settings import SETTINGS, Settings
from ..pool.registry import Registry
from ..scoring.area import SIZE
from .setup import MAX_SEATS
from .state import AreaState, GameState

MAX_TURN = 10_000  # far beyond any game's end (MAX_TURNS_PER_SEAT per seat)


class _Checker:
    def __init__(self, registry: Registry, root: str = "$.state") -> None:
        self.registry = registry
        self.root = root
        self.mistakes: list[tuple[str, str]] = []

    def fail(self, key: str, message: str) -> None:
        self.mistakes.append((f"{self.root}{key}", message))

    def known(self, family: str, card_id: str, key: str, what: str) -> bool:
        if self.registry.get(family, card_id) is None:
            self.fail(key, f"unknown {what} '{card_id}' (no loaded set defines it)")
            return False
        return True

    def in_range(
        self, value: int | None, low: int, high: int, key: str, what: str, optional: bool = False
    ) -> bool:
        if value is None and optional:
            return True
        if value is None or not low <= value <= high:
            self.fail(key, f"{what} must be {low} to {high}, not {value}")
            return False
        return True


def check_state(
    state: GameState, registry: Registry, root: str = "$.state"
) -> list[tuple[str, str]]:
    """Every mistake of a saved game state, as (key, message); [] when sound."""
    check = _Checker(registry, root)
    seats_ok = check.in_range(state.seats, 1, MAX_SEATS, ".seats", "the number of seats")
    areas = len(state.areas)
    if not 1 <= areas <= max(state.seats, 1):
        check.fail(".areas", f"{areas} play areas for {state.seats} seats")
    if len(state.seat_area) != state.seats:
        check.fail(".seat_area", f"{len(state.seat_area)} entries for {state.seats} seats")
    for seat, number in enumerate(state.seat_area):
        check.in_range(number, 0, areas - 1, f".seat_area[{seat}]", "a seat's area")
    if seats_ok:
        last = state.seats - 1
        check.in_range(state.active, 0, last, ".active", "the active seat")
        check.in_range(state.start_player, 0, last, ".start_player", "the start player")
        check.in_range(state.ending_seat, 0, last, ".ending_seat", "the ending seat", True)
    check.in_range(state.turn, 0, MAX_TURN, ".turn", "the turn")
    check.in_range(state.turns_left, 0, MAX_TURN, ".turns_left", "the turns left", True)
    _check_settings(check, state.settings)
    _check_rules(check, state)
    scenario = registry.get("scenario", state.scenario) if state.scenario else None
    rules = len(scenario.rules) if isinstance(scenario, m.Scenario) else 0
    for index, area in enumerate(state.areas):
        _check_area(check, area, f".areas[{index}]")
        for i, ability in enumerate(area.used_abilities):
            key = f".areas[{index}].used_abilities[{i}]"
            if not 0 <= ability < rules:
                check.fail(key, f"no scenario rule {ability} to have used")
    _check_piles(check, state)
    _check_once(check, _myth_places(state), "card")
    for kind, deck, held in (("law", "law_deck", "laws"), ("pattern", "pattern_deck", "patterns")):
        _check_once(
            check,
            [(f".{deck}[{i}]", c) for i, c in enumerate(getattr(state, deck))]
            + [
                (f".areas[{a}].{held}[{i}]", card.card)
                for a, area in enumerate(state.areas)
                for i, card in enumerate(getattr(area, held))
            ],
            kind,
        )
    return check.mistakes


def _check_settings(check: _Checker, settings: Settings) -> None:
    for name, spec in SETTINGS.items():
        value = getattr(settings, spec.field)
        key = f".settings.{spec.field}"
        if isinstance(spec.allowed, tuple) and spec.allowed != ("on", "off"):
            if value not in spec.allowed:
                check.fail(key, f"'{value}' is not a value of {name}: {', '.join(spec.allowed)}")
        elif spec.allowed is int:
            low, high = spec.range or (0, SIZE)
            check.in_range(value, low, high, key, name)


def _check_rules(check: _Checker, state: GameState) -> None:
    for index, option in enumerate(state.options):
        check.known("rule-option", option, f".options[{index}]", "rule option")
    if state.scenario is not None:
        scenario = check.registry.get("scenario", state.scenario)
        if check.known("scenario", state.scenario, ".scenario", "scenario") and scenario:
            names = scenario.state_names
            for name, card in state.scenario_state.items():
                if name not in names:
                    check.fail(
                        f".scenario_state.{name}",
                        f"scenario '{state.scenario}' remembers no '{name}'",
                    )
                check.known("myth", card, f".scenario_state.{name}", "card")
    elif state.scenario_state or state.side_decks:
        check.fail(".scenario", "a scenario's memory or decks, but no scenario")
    elif state.challenge:
        check.fail(".challenge", "a challenge belongs to a scenario")
    for index, pair in enumerate(state.objectives):
        key = f".objectives[{index}]"
        if len(pair) != 2:
            check.fail(key, "an objective is a [goal, element] pair")
            continue
        check.known("objective-goal", pair[0], f"{key}[0]", "objective goal")
        check.known("objective-element", pair[1], f"{key}[1]", "objective element")


def _check_area(check: _Checker, area: AreaState, key: str) -> None:
    if len(area.cells) != SIZE:
        check.fail(
            f"{key}.cells",
            f"a play area has {SIZE} cells (3 rows of 4), this one {len(area.cells)}",
        )
    for index, slot in enumerate(area.cells):
        if slot is not None:
            check.known("myth", slot.card, f"{key}.cells[{index}].card", "card")
    for index, card in enumerate(area.power):
        check.known("myth", card, f"{key}.power[{index}]", "card")
    taken: dict[object, int] = {}
    for index, law in enumerate(area.laws):
        where = f"{key}.laws[{index}]"
        check.known("law", law.card, f"{where}.card", "law")
        if (law.row is None) == (law.column is None):
            check.fail(where, "a law sits on one row or one column")
            continue
        if law.row is not None and law.row not in {r.value for r in m.ROWS}:
            check.fail(f"{where}.row", f"unknown row '{law.row}' (rows: front, central, back)")
            continue
        if law.column is not None and law.column not in m.COLUMNS:
            check.fail(f"{where}.column", f"column {law.column} is outside the grid (1 to 4)")
            continue
        line = law.row or law.column
        if line in taken:
            check.fail(where, f"a second law on the line of {check.root}{key}.laws[{taken[line]}]")
        taken[line] = index
    for index, pattern in enumerate(area.patterns):
        check.known("pattern", pattern.card, f"{key}.patterns[{index}].card", "pattern")


def _check_piles(check: _Checker, state: GameState) -> None:
    if not state.discards:
        check.fail(".discards", "a game has at least 1 discard pile")
    for where, card in _myth_places(state):
        if where.startswith((".deck", ".discards", ".removed", ".side_decks")):
            check.known("myth", card, where, "card")
    for index, law in enumerate(state.law_deck):
        check.known("law", law, f".law_deck[{index}]", "law")
    for index, pattern in enumerate(state.pattern_deck):
        check.known("pattern", pattern, f".pattern_deck[{index}]", "pattern")


def _myth_places(state: GameState) -> list[tuple[str, str]]:
    places = [(f".deck[{i}]", c) for i, c in enumerate(state.deck)]
    places += [
        (f".discards[{p}][{i}]", c)
        for p, pile in enumerate(state.discards)
        for i, c in enumerate(pile)
    ]
    for a, area in enumerate(state.areas):
        places += [
            (f".areas[{a}].cells[{i}].card", s.card)
            for i, s in enumerate(area.cells)
            if s is not None
        ]
        places += [(f".areas[{a}].power[{i}]", c) for i, c in enumerate(area.power)]
    places += [
        (f".side_decks.{name}[{i}]", c)
        for name, pile in state.side_decks.items()
        for i, c in enumerate(pile)
    ]
    places += [(f".removed[{i}]", c) for i, c in enumerate(state.removed)]
    return places


def _check_once(check: _Checker, places: Iterable[tuple[str, str]], what: str) -> None:
    """Card conservation: each card is in one place."""
    places = list(places)
    counts = Counter(card for _, card in places)
    first: dict[str, str] = {}
    for where, card in places:
        if counts[card] > 1:
            if card in first:
                check.fail(
                    where,
                    f"{what} '{card}' is also at {check.root}{first[card]}: "
                    f"each card is in one place",
                )
            else:
                first[card] = where
