"""Setting up a game: the base game's deal, or a scenario's setup steps.

The rule options in play fill the engine's :class:`Settings` (one table,
``language.settings``): first those the sets in play are ``always`` played
with (R25), then the chosen ones; a scenario's own ``mode`` is applied last
("the rules of each scenario take precedence").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from ..errors import did_you_mean
from ..language import model as m
from ..language.settings import SETTINGS, Settings, setting_problem, setting_value
from ..pool.registry import Registry, required
from ..scoring.area import SIZE
from .draws import shuffle
from .game import Game
from .setup_deal import SetupDeal
from .setup_steps import Phase, SetupRules
from .state import FIRST_RULES, KNOWN_RULES, RULES, Agent, AreaState, GameState, Slot, game_error
from .tables import tables_of

MAX_SEATS = 6


def settings_for(registry: Registry, options: Iterable[str]) -> Settings:
    settings = Settings()
    for option_id in options:
        option = registry.get("rule-option", option_id)
        if option is None:
            _unknown(registry, "rule-option", option_id, "rule option")
        for setting in option.settings:
            spec = SETTINGS[setting.name]
            problem = setting_problem(setting.name, setting.value)
            if problem is not None:  # the linter refuses it too (DL120)
                raise game_error(f"rule option '{option_id}': {problem}")
            setattr(settings, spec.field, setting_value(spec, setting.value))
    return settings


def _unknown(registry: Registry, kind: str, def_id: str, word: str) -> NoReturn:
    """No definition of ``kind`` is named ``def_id``: an error naming the
    nearest one, else every one there is."""
    pool = [d.id for d in registry.definitions(kind)]
    raise game_error(
        f"unknown {word} '{def_id}'", did_you_mean(def_id, pool) or f"{word}s: {', '.join(pool)}"
    )


def new_game(
    registry: Registry,
    agents: Sequence[Agent],
    scenario: str | None = None,
    options: Sequence[str] = (),
    seed: int = 0,
    challenge: bool = False,
    log: Callable[[dict[str, Any]], None] | None = None,
    rules: int = RULES,
) -> Game:
    """Set up a game: the base game, or a scenario (solo and cooperative
    mode), for the seats the rule options' ``areas`` allows (:func:`seat_areas`).
    ``rules`` is the revision of the rules it is played under
    (:data:`state.RULES`; a replay gives its log's)."""
    seats = len(agents)
    if rules not in KNOWN_RULES:
        raise game_error(
            f"unknown rules revision {rules}",
            f"this version plays revisions {', '.join(map(str, KNOWN_RULES))}",
        )
    scenario_def = None
    # R25: the options the sets in play are always played with come first
    # (the expansion's equal turns), then the chosen ones.
    option_ids = [*registry.always_options(), *options]
    option_ids = [o for i, o in enumerate(option_ids) if o not in option_ids[:i]]
    if scenario is not None:
        scenario_def = registry.get("scenario", scenario)
        if scenario_def is None:
            _unknown(registry, "scenario", scenario, "scenario")
        # "All the rules of play and setup explained in each scenario take
        # precedence": the scenario's own mode is applied last.
        option_ids = [o for o in option_ids if o not in scenario_def.options] + list(
            scenario_def.options
        )
    settings = settings_for(registry, option_ids)
    seat_area = seat_areas(seats, settings, scenario_def is not None, rules)
    cards = tables_of(registry).cards
    if scenario_def is None:
        _check_base_deal(len(cards), max(seat_area) + 1, settings)
    else:
        steps = setup_steps(scenario_def, challenge)
        _check_scenario_deal(set(cards), scenario_def, steps, settings, max(seat_area) + 1)
    state = GameState(
        seats=seats,
        seat_area=seat_area,
        areas=[AreaState() for _ in range(max(seat_area) + 1)],
        settings=settings,
        options=option_ids,
        scenario=scenario,
        challenge=challenge,
        rules=rules,
    )
    game = Game(registry, state, agents, random.Random(seed), log)
    if log:  # the game keeps it (Game.log): a record made only for a log
        log(
            {
                "type": "setup",
                "seed": seed,
                "seats": seats,
                "scenario": scenario,
                "options": option_ids,
                "challenge": challenge,
                "agents": [a.name for a in agents],
                "rules": rules,
            }
        )
    _shuffle_decks(game)
    if scenario_def is None:
        _deal_base_game(game)
    else:
        _deal_scenario(game, scenario_def)
    return game


def seat_areas(seats: int, settings: Settings, scenario: bool, rules: int = RULES) -> list[int]:
    """The area each seat plays: one of its own, or one shared by all
    (``areas shared``, cooperative play, R21). The base game with areas of
    their own is for 2 to 6 players; a scenario, or any game on a shared
    area, for 1 to 6. Under rules revision 1 a scenario always shares one
    area and the base game never does (0.1.0, whatever the options said)."""
    shared = scenario if rules == FIRST_RULES else settings.areas == "shared"
    least = 1 if shared or scenario else 2
    if not least <= seats <= MAX_SEATS:
        if least == 2:
            raise game_error(
                f"the base game is for 2 to {MAX_SEATS} players, not {seats}",
                "use --scenario for the solo and cooperative mode, or a rule "
                "option that sets 'areas shared'",
            )
        raise game_error(f"a game is for 1 to {MAX_SEATS} players, not {seats}")
    return [0] * seats if shared else list(range(seats))


def setup_steps(scenario: m.Scenario, challenge: bool) -> list[m.SetupStep]:
    """A scenario's setup steps, with or without its challenge (the model's
    ``Scenario.setup_for``)."""
    return scenario.setup_for(challenge)


def _check_base_deal(deck: int, areas: int, settings: Settings) -> None:
    """Refuse, before anything is dealt, a game the deck cannot deal: 12
    cards to each area and one to start each discard pile."""
    needed = SIZE * areas + settings.discard_piles
    if needed > deck:
        raise game_error(
            f"the game deals {needed} cards ({areas} areas of {SIZE}, "
            f"{settings.discard_piles} to start the discard piles) but the deck "
            f"holds {deck}",
            "play with fewer players or load more sets",
        )


def _check_scenario_deal(
    cards: set[str],
    scenario: m.Scenario,
    steps: Sequence[m.SetupStep],
    settings: Settings,
    areas: int = 1,
) -> None:
    """Refuse, before anything is dealt, a scenario setup that names cards
    not in play, does not fit the area (12 cells, 4 a row, one card a cell)
    or that the deck cannot deal: the areas' other cells, the Power cards,
    the random cards separated and one card to start each discard pile.

    With areas of their own (``areas own``) every area gets the setup's
    Power cards and draws, the separated cards go once on the one deck and a
    set-aside deck is shared; a card placed in the area cannot be placed in
    every area, so such a setup is refused for more than one area."""
    deal = SetupDeal(steps)
    named = deal.named
    missing = sorted(named - cards)
    if missing:
        raise game_error(
            f"scenario '{scenario.id}' needs cards no loaded set defines: {', '.join(missing)}"
        )
    places = deal.places
    placed = sum(len(step.cards) for step in places)
    if places and areas > 1:
        shown = ", ".join(card for step in places for card in step.cards)
        raise game_error(
            f"scenario '{scenario.id}' places cards in the play area ({shown}), "
            f"but its mode gives each of the {areas} players an area of their "
            f"own, and a card can be in one area only",
            "play it alone, or with a mode that sets 'areas shared'",
        )
    cells = [
        (step.row, step.column) for step in places if step.column is not None for _ in step.cards
    ]
    rows = {row: sum(len(step.cards) for step in places if step.row is row) for row in m.ROWS}
    where = f"scenario '{scenario.id}'"
    if placed > SIZE or len(set(cells)) < len(cells) or max(rows.values()) > SIZE // len(m.ROWS):
        raise game_error(
            f"{where} places {placed} cards that do not fit an area of {SIZE} "
            f"cells, {SIZE // len(m.ROWS)} a row, one card a cell",
            "dioses-lint reports where (DL502)",
        )
    power = deal.power
    parts = {
        "to the area" if areas == 1 else f"to the {areas} areas": SIZE * areas - placed,
        "as Power cards": (power + settings.extra_power_cards) * areas,
        "separated at random": deal.random,
        "to start the discard piles": settings.discard_piles,
    }
    needed, left = sum(parts.values()), len(cards) - len(named)
    if needed > left:
        said = ", ".join(f"{count} {what}" for what, count in parts.items() if count)
        raise game_error(
            f"{where} deals {needed} cards from the deck ({said}) but the deck holds {left}",
            "load more sets, or separate fewer random cards",
        )


def _shuffle_decks(game: Game) -> None:
    state, rng = game.state, game.rng
    deck = list(game.tables.card_ids)  # sorted
    shuffle(rng, deck)  # rng.shuffle's order (draws.py)
    state.deck = deck
    state.law_deck = list(game.tables.law_ids)  # sorted
    shuffle(rng, state.law_deck)
    state.pattern_deck = list(game.tables.pattern_ids)  # sorted
    shuffle(rng, state.pattern_deck)
    state.discards = [[] for _ in range(max(1, state.settings.discard_piles))]
    state.start_player = rng.randrange(state.seats)
    state.active = state.start_player


def _deal_base_game(game: Game) -> None:
    """The base rulebook's setup, with the rule options' changes."""
    state = game.state
    deck = state.deck  # deals the cards draw() would: checked to hold them (_check_base_deal)
    for area in state.areas:  # 12 face down each, 3 rows of 4
        area.cells = [Slot(deck.pop(), False) for _ in range(SIZE)]
    _start_discards(game)
    _reveal_objectives(game)
    _initial_reveals(game)
    _start_effects(game)
    if state.settings.power_cards and state.settings.extra_power_cards:
        for index in range(len(state.areas)):
            game.gain_power(index, state.settings.extra_power_cards)


def _dealt(game: Game) -> str:
    """The top card of the deck, for the deal: there is one, since
    :func:`new_game` refused a deal the deck cannot make
    (:func:`_check_base_deal`, :func:`_check_scenario_deal`)."""
    card = game.draw()
    assert card is not None, "the deal was checked against the deck's size"
    return card


def _reveal_objectives(game: Game) -> None:
    """R15: with ``objectives on``, one goal and one element, for every area."""
    state, rng, registry = game.state, game.rng, game.registry
    if state.settings.objectives and registry.definitions("objective-goal"):
        goal = rng.choice(sorted(d.id for d in registry.definitions("objective-goal")))
        element = rng.choice(sorted(d.id for d in registry.definitions("objective-element")))
        state.objectives = [[goal, element]]
        game.event("objective", goal=goal, element=element)


def _initial_reveals(game: Game) -> None:
    """Each player, from the start player on, turns ``initial-reveals``
    cards of their area face up (the base game's 2 of their choice; a
    shared area gets each player's)."""
    state = game.state
    for step in range(state.seats):
        # R29: these are reveals like any other: an Event card's event fires.
        seat = (state.start_player + step) % state.seats
        for _ in range(state.settings.initial_reveals):
            state.active = seat
            game.choose_reveal(seat, state.seat_area[seat], "Setup: turn a card face up")
    state.active = state.start_player


def _deal_scenario(game: Game, scenario: m.Scenario) -> None:
    """Solo and cooperative mode, rulebook setup steps 1-8 (scenario rules
    first). From rules revision 2 the mode is its rule options' settings
    (R21, the ``solo`` option): the areas (:func:`seat_areas`), the
    objectives and the initial reveals are read here as in the base deal.
    Under revision 1 a scenario is set up as 0.1.0 did whatever its mode
    says: one area for every seat, all face down, no objectives."""
    state = game.state
    steps = setup_steps(scenario, state.challenge)
    named = SetupDeal(steps).named
    state.deck = [card for card in state.deck if card not in named]  # step 2: set them aside
    rules = SetupRules(game, steps)
    rules.play(Phase.PLACE)
    for area in state.areas:  # step 4: the rest face down
        for cell in range(SIZE):
            if area.cells[cell] is None:
                area.cells[cell] = Slot(_dealt(game), False)
    rules.play(Phase.POWER)
    power = rules.power + state.settings.extra_power_cards
    if power:
        for index in range(len(state.areas)):
            game.gain_power(index, power)  # step 5
    rules.play(Phase.SEPARATE)  # step 6: separated cards + N random ones on top
    _start_discards(game)  # from the top of the deck: the separated stack (R21)
    if game.rules_since(2):
        _reveal_objectives(game)  # step 1 puts them away: 'objectives off' in 'solo'
        _initial_reveals(game)  # step 4: none, 'initial-reveals 0' in 'solo'
    rules.play(Phase.DRAW)  # step 7: the scenario's Pattern and Law draws
    _start_effects(game)
    game.check_patterns()


def _start_discards(game: Game) -> None:
    """Reveal the top card(s) to start the discard pile(s); an Event card
    leaves the game instead (R18)."""
    for pile in game.state.discards:
        while not pile:
            card = game.draw()
            if card is None:
                return
            if game.card(card).event:
                game.state.removed.append(card)
                continue
            pile.append(card)


def _start_effects(game: Game) -> None:
    """The rule options' "at start" effects (initial patterns, initial laws)."""
    for option_id in game.state.options:
        # known: settings_for refused an unknown one, check_state a save's
        option = required(game.registry.get("rule-option", option_id), "rule-option", option_id)
        for effect in option.start:
            for area in game.areas_from_active():
                game.run_effect(effect, area, source=option.id)
