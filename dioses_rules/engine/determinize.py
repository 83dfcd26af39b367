"""A world a player could be in: the hidden cards of a game dealt again at
random, every card the player has seen where it was (for the planner,
``planner``).

What a player does not know (base rulebook: the area is dealt face down
"without looking at them"; R22: Power cards are face-down Myth cards from the
deck) is the order of the Myth deck, which card is under each face-down card
of any area, which cards are in each Power pile, and the order of the Law,
Pattern and set-aside decks. A world starts from the state at the start of
the current turn (``Game.turn_start``) and deals those hidden places again,
except the cards the player has seen since then (a drawn card, a card turned
face up, the patterns drawn, the seek's revealed cards): each of those stays
where it was, so the turn's picks replay to the same decision.

What the player knows of the deck's top is kept too: a scenario shuffles
its named cards with a few random ones on top of the deck (setup step 6), so
its named cards that nobody has seen yet are dealt again among the deck's
top places and the Power piles (drawn from that top), never into an area.

Known limits: a card seen and hidden again before this turn (turned face
down by an effect, a seek's passed cards of an earlier turn) is dealt again
like any unseen card; a deck refilled from the discards (R31) is treated as
any deck.
"""

from __future__ import annotations

import random
from typing import Literal

from ..language import model as m
from .setup_deal import SetupDeal
from .state import Decision, GameState, copy_state

# ("deck", index) | ("cell", area, cell) | ("power", area, index)
Place = tuple[Literal["deck"], int] | tuple[Literal["cell", "power"], int, int]


def seen_cards(state: GameState, decision: Decision | None) -> set[str]:
    """The Myth cards that are visible now, or shown to the deciding player
    by the decision (its card, the seek's revealed cards)."""
    seen = set(state.removed)
    for pile in state.discards:
        seen.update(pile)
    for area in state.areas:
        seen.update(slot.card for slot in area.cells if slot is not None and slot.face_up)
    seen.update(state.scenario_state.values())
    if decision is not None:
        if decision.subject is not None:
            seen.add(decision.subject)
        if decision.kind == "seek-order":
            seen.update(choice.args[0] for choice in decision.choices)
    return seen


def hidden_places(state: GameState) -> list[Place]:
    """Every place of a Myth card whose identity nobody knows."""
    places: list[Place] = [("deck", index) for index in range(len(state.deck))]
    for index, area in enumerate(state.areas):
        places += [
            ("cell", index, cell)
            for cell, slot in enumerate(area.cells)
            if slot is not None and not slot.face_up
        ]
        places += [("power", index, i) for i in range(len(area.power))]
    return places


def _get(state: GameState, place: Place) -> str:
    if place[0] == "deck":
        return state.deck[place[1]]
    if place[0] == "cell":  # a hidden cell holds a card (hidden_places); no check per place
        return state.areas[place[1]].cells[place[2]].card  # type: ignore[union-attr]  # a hidden cell holds a card
    return state.areas[place[1]].power[place[2]]


def _put(state: GameState, place: Place, card: str) -> None:
    if place[0] == "deck":
        state.deck[place[1]] = card
    elif place[0] == "cell":  # a hidden cell holds a card (hidden_places); no check per place
        state.areas[place[1]].cells[place[2]].card = card  # type: ignore[union-attr]  # a hidden cell holds a card
    else:
        state.areas[place[1]].power[place[2]] = card


def _separated(scenario: m.Scenario | None, challenge: bool) -> tuple[set[str], int]:
    """The cards a scenario's setup put on top of the deck by name, and how
    many random ones went with them."""
    if scenario is None:
        return set(), 0
    deal = SetupDeal(scenario.setup_for(challenge))
    return deal.separated, deal.random


def determinize(
    start: GameState,
    now: GameState,
    decision: Decision | None,
    scenario: m.Scenario | None,
    rng: random.Random,
) -> GameState:
    """A copy of ``start`` (the state at the start of the turn) with its
    hidden cards dealt again, as the deciding player of ``now`` could
    imagine them (module doc)."""
    world = copy_state(start)
    seen = seen_cards(now, decision)
    free = [p for p in hidden_places(world) if _get(world, p) not in seen]
    cards = [_get(world, p) for p in free]
    named, extra = _separated(scenario, world.challenge)
    top = [c for c in cards if c in named]
    if top:
        rest = [c for c in cards if c not in named]
        # the named cards' possible places: the Power piles, the deck's top
        near: list[Place] = [p for p in free if p[0] == "power"]
        deck = sorted((p for p in free if p[0] == "deck"), key=lambda p: -p[1])
        near += deck[: len(top) + extra]
        if len(near) < len(top):
            rest = cards  # nothing better known: anywhere
        else:
            chosen = rng.sample(near, len(top))
            for place, card in zip(chosen, top, strict=True):
                _put(world, place, card)
            taken = set(chosen)
            free = [p for p in free if p not in taken]
        cards = rest
    rng.shuffle(cards)
    for place, card in zip(free, cards, strict=True):
        _put(world, place, card)
    _shuffle_decks(world, now, decision, rng)
    return world


def _shuffle_decks(
    world: GameState, now: GameState, decision: Decision | None, rng: random.Random
) -> None:
    """The Law, Pattern and set-aside decks in a new order, the laws and
    patterns seen since the turn began kept in place."""
    laws = {entry.card for area in now.areas for entry in area.laws}
    patterns = {entry.card for area in now.areas for entry in area.patterns}
    if decision is not None:
        if decision.kind == "law" and decision.subject is not None:
            laws.add(decision.subject)
        if decision.kind == "pattern":
            patterns.update(choice.args[0] for choice in decision.choices)
    _shuffle_unseen(world.law_deck, laws, rng)
    _shuffle_unseen(world.pattern_deck, patterns, rng)
    for pile in world.side_decks.values():
        _shuffle_unseen(pile, seen_cards(now, decision), rng)


def _shuffle_unseen(pile: list[str], seen: set[str], rng: random.Random) -> None:
    """Shuffle in place the cards of ``pile`` not in ``seen``, among their places."""
    places = [i for i, card in enumerate(pile) if card not in seen]
    cards = [pile[i] for i in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        pile[place] = card
