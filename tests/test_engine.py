"""The rules as the game engine runs them, one or more tests per
ruling of RULINGS.md (R13, R14, R16-R23, R27).

Each test sets up a game, lays the cards out as the situation needs
(:func:`arrange`, which keeps every Myth card in exactly one place), and
drives the decisions with :class:`Plan`, a scripted agent whose rules pick an
option by its kind and arguments. Cards named here are the bundled ones the
rulebooks print or name; laws, patterns and filler cards that a test needs
come from a small probe set written to a temporary folder, so that no test
depends on the size of the bundled pool.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from dioses_rules.engine.game import Game
from dioses_rules.engine.setup import _start_discards, new_game
from dioses_rules.engine.state import Decision, Slot
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import SIZE, cell_name
from dioses_rules.scoring.board import LawEntry, PatternEntry

CELL = {cell_name(i): i for i in range(SIZE)}  # "front 1" -> 0 ... "back 4" -> 11

# R23: the Power cards each scenario draws at setup (printed icon rows).
SCENARIO_POWER = {
    "game-of-thrones": 0,
    "abduction-of-persephone": 3,
    "ragnarok": 3,
    "runaway-bride": 1,
    "power-of-ra": 3,
    "the-fairest": 2,
    "afterlife-travel-agency": 2,
}


# ------------------------------------------------------------------ card pools


def probe_set_text(cards: int = 60, laws: int = 10, blanks: int = 40) -> str:
    """A set that ``requires base``: plain filler Myth cards, blank cards (no
    scoring line), laws, four patterns and one event probe for R21."""
    types = ("god", "place", "object")
    myths = ("greek", "egyptian", "norse")
    out = ['set probes "Test probes" {', '  version "0.1"', "  requires base", "}", ""]
    for i in range(cards):
        kind, myth = types[i % 3], myths[(i // 3) % 3]
        line = (
            f"1 point per {myth} in row" if i % 2 else f"2 points if next to {types[(i + 1) % 3]}"
        )
        out += [f'{kind} filler-{i + 1} "Filler {i + 1}" {myth} reconstructed {{', f"  {line}", "}"]
    for i in range(blanks):  # half gods, half places, no points at all
        kind = "god" if i % 2 == 0 else "place"
        out += [f'{kind} blank-{i + 1} "Blank {i + 1}" norse reconstructed {{', "}"]
    for i in range(laws):
        out += [
            f'law probe-law-{i + 1} "Probe law {i + 1}" reconstructed {{',
            "  3 points if only gods in line",
            "}",
        ]
    out += [
        'pattern probe-easy "Probe easy" easy reconstructed {',
        "  | norse place |",
        "  | norse god   |",
        "}",
        'pattern probe-medium "Probe medium" medium reconstructed {',
        "  | egyptian god | egyptian object |",
        "}",
        'pattern probe-hard "Probe hard" hard reconstructed {',
        "  | greek god | greek object |",
        "}",
        'pattern probe-row "Probe row" easy reconstructed {',
        "  | norse object | norse place |",
        "}",
        # R21: an event card that rewards ending with every card face up.
        'god sun-probe "Sun probe" greek reconstructed {',
        "  event reveal 1 card",
        "  3 points if all face-up at end",
        "}",
    ]
    return "\n".join(out) + "\n"


_REGISTRIES: dict = {}


def bundled():
    if "bundled" not in _REGISTRIES:
        _REGISTRIES["bundled"] = load_registry()[0]
    return _REGISTRIES["bundled"]


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    """The bundled sets plus the probe set (enough cards for 6 players)."""
    path = tmp_path_factory.mktemp("probes") / "probes.dioses"
    path.write_text(probe_set_text(), encoding="utf-8")
    return load_registry([path])[0]


@pytest.fixture(scope="module")
def base_probes(tmp_path_factory):
    """The base set alone plus the probe set: the base game as its rulebook
    plays it, without the expansion's equal turns (R25)."""
    path = tmp_path_factory.mktemp("base-probes") / "probes.dioses"
    path.write_text(probe_set_text(), encoding="utf-8")
    return load_registry([path], active=["probes"])[0]


# ------------------------------------------------------------------ scripted agents


Rule = Callable[[Decision], int]


def pick(kind: str | None = None, args: Sequence | None = None, label: str | None = None) -> Rule:
    """The first option of that kind / with those arguments / label text."""

    def rule(decision: Decision) -> int:
        for index, choice in enumerate(decision.choices):
            if (
                (kind is None or choice.kind == kind)
                and (args is None or tuple(choice.args) == tuple(args))
                and (label is None or label in choice.label)
            ):
                return index
        raise AssertionError(
            f"no option kind={kind} args={args} label={label} in "
            f"'{decision.kind}': {[c.label for c in decision.choices]}"
        )

    return rule


def at(name: str, kind: str | None = None) -> Rule:
    """The option about one cell: exchange, reveal, hide, or play a drawn card."""
    return pick(kind, (CELL[name],))


def swap_of(first: str, second: str) -> Rule:
    return pick("swap", tuple(sorted((CELL[first], CELL[second]))))


class Plan:
    """A scripted agent: ``rules[kind]`` picks the option of each decision of
    that kind (a rule, or a list of rules used in turn); otherwise option 0.
    Every decision it is asked is kept in ``seen``."""

    name = "plan"

    def __init__(self, **rules):
        self.seen: list[Decision] = []
        self.set(**rules)

    def set(self, **rules) -> Plan:
        self.rules = {kind.replace("_", "-"): rule for kind, rule in rules.items()}
        self.seen = []
        return self

    def choose(self, game: Game, decision: Decision) -> int:
        self.seen.append(decision)
        rule = self.rules.get(decision.kind)
        if isinstance(rule, list):
            rule = rule.pop(0) if rule else None
        return 0 if rule is None else rule(decision)

    def kinds(self) -> list[str]:
        return [d.kind for d in self.seen]


# ------------------------------------------------------------------ laying out a game


def arrange(
    game: Game,
    areas: dict | None = None,
    deck: Sequence[str] = (),
    discards: Sequence[Sequence[str]] | None = None,
    power: dict | None = None,
    face_up_rest=False,
    patterns: dict | None = None,
) -> Game:
    """Lay a game out, keeping every Myth card in exactly one place.

    ``areas``: {area: {"front 1": "hera", "back 4": "?odin"}} ("?" = face
    down); other cells get plain (non-event) cards, face down unless the area
    is in ``face_up_rest`` (True: every area). ``deck``: its top cards, top
    first. ``discards``: the piles, bottom first (default: one plain card
    each). ``power``: {area: count, or the cards bottom first}. ``patterns``: {area: [pattern ids]}.
    Laws, patterns and the removed cards are cleared; scenario decks stay.
    """
    state = game.state
    areas, power, patterns = areas or {}, power or {}, patterns or {}
    named = [spec.lstrip("?") for cells in areas.values() for spec in cells.values()]
    named += list(deck) + [c for pile in (discards or []) for c in pile]
    named += [c for cards in power.values() if not isinstance(cards, int) for c in cards]
    assert len(named) == len(set(named)), f"a card named twice: {named}"
    side = {c for pile in state.side_decks.values() for c in pile}
    assert not side & set(named), "cards of a scenario deck stay there"
    every = sorted(c for _, c in state.all_card_places())
    pool = [c for c in every if c not in set(named) and c not in side]
    plain = [c for c in pool if not game.card(c).event]

    def take() -> str:
        card = plain.pop(0)
        pool.remove(card)
        return card

    for index, area in enumerate(state.areas):
        spec = areas.get(index, {})
        up = face_up_rest is True or (face_up_rest and index in face_up_rest)
        cells = []
        for cell in range(SIZE):
            wanted = spec.get(cell_name(cell))
            if wanted is None:
                cells.append(Slot(take(), bool(up)))
            else:
                cells.append(Slot(wanted.lstrip("?"), not wanted.startswith("?")))
        area.cells = cells
        cards = power.get(index, 0)
        area.power = [take() for _ in range(cards)] if isinstance(cards, int) else list(cards)
        area.laws = []
        area.patterns = [PatternEntry(p, completed=False) for p in patterns.get(index, [])]
    state.discards = (
        [list(p) for p in discards] if discards is not None else [[take()] for _ in state.discards]
    )
    state.removed = []
    state.deck = pool + list(reversed(deck))
    held = {p for area in state.areas for p in (s.card for s in area.patterns)}
    state.pattern_deck = sorted(
        d.id for d in game.registry.definitions("pattern") if d.id not in held
    )
    state.law_deck = sorted(d.id for d in game.registry.definitions("law"))
    assert sorted(c for _, c in state.all_card_places()) == every
    return game


def game_with(registry, plans: Sequence[Plan], log: list, **kwargs) -> Game:
    """A new game; ``log`` and the plans keep only what comes after setup."""
    game = new_game(registry, plans, log=log.append, **kwargs)
    log.clear()
    for plan in plans:
        plan.seen = []  # forget the setup decisions
    return game


def turn(game: Game, seat: int) -> None:
    game.state.active = seat
    game.play_turn()


def slot(game: Game, area: int, name: str) -> Slot:
    return game.state.areas[area].cells[CELL[name]]


def vars_of(s: Slot) -> dict:
    return {"card": s.card, "face_up": s.face_up}


def cards_of(game: Game, area: int) -> list[str | None]:
    return [s.card if s else None for s in game.state.areas[area].cells]


def records(log: list, kind: str, type_: str = "decision") -> list[dict]:
    key = "kind" if type_ == "decision" else "event"
    return [r for r in log if r["type"] == type_ and r.get(key) == kind]


# ------------------------------------------------------------------ R17 discarding from the deck


def test_r17_rulebook_example_swapped_card_keeps_its_face_state():
    """Base rulebook, "Play the card" then "Discard the card": Pascu plays
    Barco over the face-down Sun Eye (discarded face up); next turn he
    discards Odin, MUST swap Barco with his third card, and reveals the moved
    card, Anubis, which was still face down after the swap."""
    pascu, other = Plan(), Plan()
    log: list = []
    game = game_with(bundled(), [pascu, other], log, seed=1)
    arrange(
        game,
        areas={0: {"front 1": "hera", "front 2": "?sun-eye", "front 3": "?anubis"}},
        deck=["ship", "odin"],
    )

    pascu.set(action=pick("draw"), drawn=at("front 2", "play"))
    turn(game, 0)
    assert slot(game, 0, "front 2") == Slot("ship", True)
    assert game.state.discards[0][-1] == "sun-eye"
    assert pascu.kinds() == ["action", "drawn"]  # playing a card: no swap, no reveal

    seen_at_reveal = {}

    def reveal_moved(decision):
        seen_at_reveal["front 2"] = Slot(**vars_of(slot(game, 0, "front 2")))
        seen_at_reveal["front 3"] = Slot(**vars_of(slot(game, 0, "front 3")))
        seen_at_reveal["options"] = {c.args[0] for c in decision.choices}
        return at("front 2")(decision)

    face_up_before = game.state.areas[0].face_up_count()
    pascu.set(
        action=pick("draw"),
        drawn=pick("discard"),
        swap=swap_of("front 2", "front 3"),
        reveal=reveal_moved,
    )
    turn(game, 0)
    assert pascu.kinds() == ["action", "drawn", "swap", "reveal"]
    assert seen_at_reveal["front 2"] == Slot("anubis", False)  # moved, still face down
    assert seen_at_reveal["front 3"] == Slot("ship", True)  # moved, still face up
    # "The card that is turned face up can be any one of your play area."
    face_down = {i for i, s in enumerate(game.state.areas[0].cells) if not s.face_up}
    assert seen_at_reveal["options"] == face_down | {CELL["front 2"]}
    assert slot(game, 0, "front 2") == Slot("anubis", True)
    assert game.state.discards[0][-1] == "odin"
    assert game.state.areas[0].face_up_count() == face_up_before + 1


def test_r17_the_swap_after_discarding_is_mandatory():
    """R17 (manual): after discarding the drawn card the player MUST swap two
    cards: the decision offers every pair of cards and no way to pass."""
    player = Plan(action=pick("draw"), drawn=pick("discard"))
    log: list = []
    game = game_with(bundled(), [player, Plan()], log, seed=2)
    arrange(game, deck=["odin"])
    before = cards_of(game, 0)
    turn(game, 0)
    (swap,) = [d for d in player.seen if d.kind == "swap"]
    assert {c.kind for c in swap.choices} == {"swap"}
    assert len(swap.choices) == SIZE * (SIZE - 1) // 2
    after = cards_of(game, 0)
    moved = [i for i in range(SIZE) if before[i] != after[i]]
    assert len(moved) == 2 and after[moved[0]] == before[moved[1]]
    assert player.kinds()[-1] == "reveal"


@pytest.mark.parametrize("which", ["swap", "reveal"])
def test_r17_help_card_discard_option_swaps_or_reveals_not_both(which):
    """R17 alternative (rule option help-card-discard): after discarding the
    drawn card the player swaps two cards OR turns one face up."""
    player = Plan(action=pick("draw"), drawn=pick("discard"), after_discard=pick(which))
    log: list = []
    game = game_with(bundled(), [player, Plan()], log, seed=3, options=["help-card-discard"])
    arrange(game, deck=["odin"])
    before = cards_of(game, 0)
    face_up_before = game.state.areas[0].face_up_count()
    turn(game, 0)
    assert player.kinds() == ["action", "drawn", "after-discard", which]
    if which == "swap":
        assert cards_of(game, 0) != before
        assert game.state.areas[0].face_up_count() == face_up_before
    else:
        assert cards_of(game, 0) == before
        assert game.state.areas[0].face_up_count() == face_up_before + 1


# ------------------------------------------------------------------ R18 / R19 events


def test_r18_hercules_makes_every_player_swap_starting_with_the_active_one(probes):
    """R18, expansion example: Player 2 of 3 plays Hercules; the replaced card
    goes to the discard pile first, then every player swaps 2 cards, from the
    active player clockwise."""
    plans = [Plan(), Plan(), Plan()]
    log: list = []
    game = game_with(probes, plans, log, seed=4)
    arrange(game, areas={1: {"front 1": "?zeus"}}, deck=["hercules"])
    order = []

    def spy(decision):
        order.append((decision.seat, game.state.discards[0][-1]))
        return swap_of("front 1", "front 2")(decision)

    for plan in plans:
        plan.set(swap=spy)
    plans[1].rules.update({"action": pick("draw"), "drawn": at("front 1", "play")})
    before = [cards_of(game, a) for a in range(3)]
    turn(game, 1)
    assert [seat for seat, _ in order] == [1, 2, 0]
    assert all(top == "zeus" for _, top in order)  # discarded before the event
    assert len(records(log, "event", "event")) == 1
    assert slot(game, 1, "front 2") == Slot("hercules", True)
    for area in (0, 2):
        after = cards_of(game, area)
        assert after[:2] == before[area][1::-1] and after[2:] == before[area][2:]


def test_r18_event_fires_when_a_face_down_event_card_is_revealed():
    """R18: an event fires when its card becomes face up in an area, also by a
    reveal (here the reveal after discarding, R17)."""
    p0, p1 = Plan(), Plan()
    log: list = []
    game = game_with(bundled(), [p0, p1], log, seed=5)
    arrange(game, areas={0: {"back 4": "?hercules"}}, deck=["odin"])
    p0.set(
        action=pick("draw"),
        drawn=pick("discard"),
        swap=[swap_of("front 1", "front 2")],
        reveal=at("back 4"),
    )
    turn(game, 0)
    assert slot(game, 0, "back 4") == Slot("hercules", True)
    assert len(records(log, "event", "event")) == 1
    assert [r["seat"] for r in records(log, "swap")] == [0, 0, 1]  # R17 swap, then the event


def test_r18_event_does_not_fire_again_when_its_face_up_card_is_moved():
    """R18: the event fires when the card becomes face up, not when a face-up
    Event card is swapped."""
    p0 = Plan(action=pick("draw"), drawn=pick("discard"), swap=swap_of("front 1", "front 2"))
    log: list = []
    game = game_with(bundled(), [p0, Plan()], log, seed=6)
    arrange(game, areas={0: {"front 1": "hercules"}}, deck=["odin"])
    turn(game, 0)
    assert slot(game, 0, "front 2") == Slot("hercules", True)
    assert records(log, "event", "event") == []
    assert [r["seat"] for r in records(log, "swap")] == [0]


def test_r18_a_replaced_event_card_is_removed_not_discarded():
    """R18: Event cards are NEVER placed in the discard pile; exchanging a card
    over Hercules removes Hercules from the game."""
    p0 = Plan(action=pick("take-discard"), exchange=at("front 1"))
    log: list = []
    game = game_with(bundled(), [p0, Plan()], log, seed=7)
    arrange(game, areas={0: {"front 1": "hercules"}}, discards=[["odin"]])
    turn(game, 0)
    assert slot(game, 0, "front 1") == Slot("odin", True)
    assert game.state.removed == ["hercules"]
    assert all("hercules" not in pile for pile in game.state.discards)


def test_r18_a_drawn_event_card_that_is_discarded_leaves_the_game_without_firing():
    """R18: discarding a drawn Crete removes it; it never became face up in an
    area, so its event does not fire; the R17 swap and reveal still follow."""
    p0 = Plan(action=pick("draw"), drawn=pick("discard"))
    log: list = []
    game = game_with(bundled(), [p0, Plan()], log, seed=8)
    arrange(game, deck=["crete"])
    pile = list(game.state.discards[0])
    turn(game, 0)
    assert game.state.removed == ["crete"]
    assert game.state.discards[0] == pile
    assert records(log, "event", "event") == []
    assert all(not a.patterns for a in game.state.areas)
    assert p0.kinds() == ["action", "drawn", "swap", "reveal"]


def test_r18_an_event_card_never_starts_a_discard_pile():
    """R18 at setup: an Event card revealed to start a discard pile is removed
    and the next card starts the pile."""
    game = game_with(bundled(), [Plan(), Plan()], [], seed=9)
    arrange(game, deck=["hercules", "crete", "odin"], discards=[[]])
    _start_discards(game)
    assert game.state.discards == [["odin"]]
    assert game.state.removed == ["hercules", "crete"]


def test_r19_crete_makes_every_player_draw_a_pattern_from_the_active_one(probes):
    """R18/R19: Crete's event draws a Pattern (not a Law) for every player,
    starting with the active player: the active player gets the top card
    (R28: the top card, whatever its difficulty)."""
    p0, p1 = Plan(), Plan(action=pick("draw"), drawn=at("front 1", "play"))
    log: list = []
    game = game_with(probes, [p0, p1], log, seed=10)
    arrange(game, deck=["crete"])
    game.state.pattern_deck = ["probe-medium", "probe-hard", "probe-easy"]  # top last
    laws = len(game.state.law_deck)
    turn(game, 1)
    assert [s.card for s in game.state.areas[1].patterns] == ["probe-easy"]
    assert [s.card for s in game.state.areas[0].patterns] == ["probe-hard"]
    assert game.state.pattern_deck == ["probe-medium"]
    assert len(game.state.law_deck) == laws and not any(a.laws for a in game.state.areas)


def test_r27_geb_y_nut_is_an_event_card_every_player_draws_a_law(probes):
    """R27: Geb y Nut is one of the expansion's Event cards; its reconstructed
    event makes every player draw a Law, from the active player clockwise
    (R18): the active player gets the top card."""
    p1 = Plan(action=pick("draw"), drawn=at("front 1", "play"))
    log: list = []
    game = game_with(probes, [Plan(), p1], log, seed=10)
    arrange(game, deck=["geb-and-nut"])
    game.state.law_deck = ["probe-law-3", "probe-law-2", "probe-law-1"]  # top last
    turn(game, 1)
    assert slot(game, 1, "front 1") == Slot("geb-and-nut", True)
    assert [r["card"] for r in records(log, "event", "event")] == ["geb-and-nut"]
    assert [law.card for law in game.state.areas[1].laws] == ["probe-law-1"]
    assert [law.card for law in game.state.areas[0].laws] == ["probe-law-2"]
    assert game.state.law_deck == ["probe-law-3"]


def test_r27_a_replaced_geb_y_nut_is_removed_not_discarded():
    """R18 applies to Geb y Nut now that it is an Event card (R27)."""
    p0 = Plan(action=pick("take-discard"), exchange=at("front 1"))
    game = game_with(bundled(), [p0, Plan()], [], seed=7)
    arrange(game, areas={0: {"front 1": "geb-and-nut"}}, discards=[["odin"]])
    turn(game, 0)
    assert game.state.removed == ["geb-and-nut"]
    assert all("geb-and-nut" not in pile for pile in game.state.discards)


def test_r27_the_base_game_alone_deals_97_cards_with_amun_and_no_geb_y_nut():
    """R25: the base game can be played alone; R27: its 97 Myth cards hold
    Amun in Geb y Nut's place, and no Event card at all."""
    base = load_registry(active=["base"])[0]
    game = new_game(base, [Plan(), Plan()], seed=3)
    cards = {c for _, c in game.state.all_card_places()}
    assert len(cards) == 97 and "amun" in cards and "geb-and-nut" not in cards
    assert not any(game.card(c).event for c in cards)
    both = new_game(bundled(), [Plan(), Plan()], seed=3)
    assert game.card("amun").event == ()
    assert {c for _, c in both.state.all_card_places()} >= {"amun", "geb-and-nut"}
    assert both.card("geb-and-nut").event == (m.DrawLaw(1),)


# ------------------------------------------------------------------ R13 laws


def test_r13_a_law_goes_only_on_a_free_row_or_column(probes):
    """R13: at most one law per row and per column: the placement offers only
    the free rows and columns."""
    p0 = Plan()
    game = game_with(probes, [p0, Plan()], [], seed=11)
    arrange(game)
    area = game.state.areas[0]
    area.laws = [LawEntry("probe-law-1", row="front"), LawEntry("probe-law-2", column=2)]
    game.state.law_deck = ["probe-law-3"]
    game.state.active = 0
    game.draw_law(0)
    (decision,) = p0.seen
    assert decision.subject == "probe-law-3"
    offered = {(c.kind, c.args[0]) for c in decision.choices}
    assert offered == {
        ("row", "central"),
        ("row", "back"),
        ("column", 1),
        ("column", 3),
        ("column", 4),
    }
    assert area.laws[-1] == LawEntry("probe-law-3", row="central")


def test_r13_at_most_seven_laws_one_per_row_and_column(probes):
    """R13: 7 laws at most (3 rows + 4 columns); R31: a law drawn when every
    line holds one goes back under the Law deck without a decision."""
    p0 = Plan()
    game = game_with(probes, [p0, Plan()], [], seed=12)
    arrange(game)
    game.state.law_deck = [f"probe-law-{i}" for i in range(1, 10)]  # probe-law-9 on top
    game.state.active = 0
    game.run_effect(m.DrawLaw(9), 0)
    laws = game.state.areas[0].laws
    assert len(laws) == 7 and len(p0.seen) == 6  # the 7th had one free line left
    assert sorted(s.row for s in laws if s.row) == ["back", "central", "front"]
    assert sorted(s.column for s in laws if s.column) == [1, 2, 3, 4]
    assert sorted(game.state.law_deck) == ["probe-law-1", "probe-law-2"]


def test_r13_placed_laws_never_move(probes):
    """R13: once placed a law stays on its line while the cards move."""
    plans = [Plan(action=pick("draw"), drawn=pick("discard")), Plan()]
    game = game_with(probes, plans, [], seed=13)
    arrange(game)
    game.state.law_deck = ["probe-law-1", "probe-law-2"]
    game.state.active = 0
    game.run_effect(m.DrawLaw(2), 0)
    placed = [LawEntry(s.card, s.row, s.column) for s in game.state.areas[0].laws]
    for _ in range(4):
        turn(game, 0)
    assert game.state.areas[0].laws == placed
    assert placed == [LawEntry("probe-law-2", row="front"), LawEntry("probe-law-1", row="central")]


# ------------------------------------------------------------------ R14 patterns


def test_r14_a_pattern_completes_the_moment_it_forms_and_stays_completed(probes):
    """R14: completion is checked at any moment (here by the R17 swap, before
    the reveal of the same turn) and the pattern stays completed after the
    cards move apart; it scores its points at the end."""
    p0 = Plan()
    log: list = []
    game = game_with(probes, [p0, Plan()], log, seed=14)
    arrange(
        game,
        areas={0: {"front 1": "valhalla", "central 2": "odin"}},
        deck=["hera", "ra"],
        patterns={0: ["probe-easy"]},
    )
    held = game.state.areas[0].patterns[0]
    completed_at_reveal = []

    def reveal(decision):
        completed_at_reveal.append(held.completed)
        return 0

    p0.set(
        action=pick("draw"),
        drawn=pick("discard"),
        swap=swap_of("central 1", "central 2"),
        reveal=reveal,
    )
    assert held.completed is False
    turn(game, 0)
    assert completed_at_reveal == [True]
    assert len(records(log, "pattern-completed", "event")) == 1
    # Odin leaves the cell below Valhalla: the pattern stays completed.
    p0.set(action=pick("draw"), drawn=pick("discard"), swap=swap_of("central 1", "back 4"))
    turn(game, 0)
    assert slot(game, 0, "central 1").card != "odin"
    assert held.completed is True
    report = game.result().reports[0]
    (pattern,) = report.patterns
    assert pattern.completed and not pattern.judged and pattern.points == 2


def test_r14_face_down_cards_do_not_complete_a_pattern(probes):
    """R14 with R12: a pattern needs face-up cards; revealing the face-down
    Odin below Valhalla completes it."""
    game = game_with(probes, [Plan(), Plan()], [], seed=15)
    arrange(
        game, areas={0: {"front 1": "valhalla", "central 1": "?odin"}}, patterns={0: ["probe-easy"]}
    )
    game.check_patterns()
    held = game.state.areas[0].patterns[0]
    assert held.completed is False
    game.reveal(0, CELL["central 1"])
    assert held.completed is True


def test_r14_a_pattern_is_never_mirrored(probes):
    """R14: the shape must fit exactly; Odin above Valhalla is the easy
    probe pattern upside down and does not complete it."""
    game = game_with(probes, [Plan(), Plan()], [], seed=16)
    arrange(
        game, areas={0: {"front 1": "odin", "central 1": "valhalla"}}, patterns={0: ["probe-easy"]}
    )
    game.check_patterns()
    assert game.state.areas[0].patterns[0].completed is False


def test_r14_drawing_a_pattern_of_a_difficulty_puts_the_others_at_the_bottom(probes):
    """R28 and the expansion's solo setup: "draw cards from the top of the
    Pattern card deck until you find one of the marked difficulty. Keep that
    card and return the rest to the bottom of the deck"."""
    game = game_with(probes, [Plan()], [], scenario="game-of-thrones", seed=18)
    arrange(game)
    game.state.pattern_deck = ["probe-row", "probe-easy", "probe-hard", "probe-medium"]
    game.run_effect(m.DrawPattern(1, m.Difficulty.EASY), 0)
    assert [s.card for s in game.state.areas[0].patterns] == ["probe-easy"]
    assert game.state.pattern_deck[-1] == "probe-row"  # still on top
    assert sorted(game.state.pattern_deck[:2]) == ["probe-hard", "probe-medium"]


def test_r14_initial_patterns_option_keeps_one_of_three(probes):
    """R14 option initial-patterns: every player draws 3 Pattern cards, keeps
    one, and the other two go to the bottom of the Pattern deck; the active
    player draws first."""
    plans = [Plan(pattern=pick(None)), Plan(pattern=pick(None))]
    log: list = []
    # longer-game: no reveals at setup, so no event can draw patterns first
    game = new_game(
        probes, plans, log=log.append, seed=17, options=["initial-patterns", "longer-game"]
    )
    decisions = records(log, "pattern")
    assert [r["options"] for r in decisions] == [3, 3]
    start = game.state.start_player
    assert [r["seat"] for r in decisions] == [start, 1 - start]
    held = [s.card for a in game.state.areas for s in a.patterns]
    assert len(held) == 2 and all(len(a.patterns) == 1 for a in game.state.areas)
    total = len(probes.definitions("pattern"))
    every = sorted(d.id for d in probes.definitions("pattern"))
    assert sorted(game.state.pattern_deck + held) == every
    assert len(game.state.pattern_deck) == total - 2
    # the 4 not kept went to the bottom
    shown = {c.args[0] for d in (plans[0].seen + plans[1].seen) for c in d.choices}
    assert set(game.state.pattern_deck[:4]) == shown - set(held)


# ------------------------------------------------------------------ R20 game end


def _race(probes, seats: int, finisher: int, options=()) -> tuple[Game, list]:
    """Start player 0; ``finisher`` ends its first turn with every card face up."""
    plans = [Plan(action=pick("draw"), drawn=pick("discard")) for _ in range(seats)]
    log: list = []
    game = game_with(probes, plans, log, seed=20 + seats, options=list(options))
    arrange(game, areas={finisher: {"back 4": "?odin"}}, face_up_rest={finisher})
    game.state.start_player = game.state.active = 0
    game.play()
    return game, log


def turns_per_seat(log: list) -> Counter:
    return Counter(r["seat"] for r in records(log, "turn", "event"))


def test_r20_base_game_every_other_player_plays_one_more_turn(base_probes):
    """R20 (base game alone, R25): seat 1 of 4 ends its turn all face up;
    seats 2, 3 and 0 play one more turn each, then the game ends."""
    game, log = _race(base_probes, 4, 1)
    assert game.state.ending_seat == 1
    seats = [r["seat"] for r in records(log, "turn", "event")]
    assert seats == [0, 1, 2, 3, 0]
    assert game.state.finished and game.state.turn == 5


def test_r20_lightning_token_play_continues_until_the_player_before_the_start_player(probes):
    """R20 with the Lightning Token (rule option lightning-token): seat 1 of 4
    finishes; play goes on to seat 3, the player before the start player, so
    every player has had the same number of turns."""
    _, log = _race(probes, 4, 1, ["lightning-token"])
    assert [r["seat"] for r in records(log, "turn", "event")] == [0, 1, 2, 3]
    assert set(turns_per_seat(log).values()) == {1}


def test_r20_lightning_token_ends_at_once_when_the_player_before_the_start_player_finishes(probes):
    """R20 with the Lightning Token: when the last player of the round (seat 3,
    start player 0) finishes, nobody plays again; the base game would give
    every other player one more turn."""
    _, log = _race(probes, 4, 3, ["lightning-token"])
    assert [r["seat"] for r in records(log, "turn", "event")] == [0, 1, 2, 3]


def test_r25_the_base_game_alone_gives_every_other_player_one_more_turn(base_probes):
    """R25: with only the base set in play, the base rulebook's ending (R20)."""
    game, log = _race(base_probes, 4, 3)
    assert game.state.options == [] and game.state.settings.end_rule == "base"
    assert [r["seat"] for r in records(log, "turn", "event")] == [0, 1, 2, 3, 0, 1, 2]


def test_r25_with_the_expansion_in_play_equal_turns_are_not_optional(probes):
    """R25: the expansion's set is always played with the Lightning Token's
    ending (its 'always lightning-token'); no option asks for it, and the
    setup record says it was in play."""
    setup: list = []
    new_game(probes, [Plan(), Plan()], log=setup.append, seed=1)
    assert setup[0]["options"] == ["lightning-token"]
    game, log = _race(probes, 4, 1)
    assert game.state.settings.end_rule == "equal-turns"
    assert [r["seat"] for r in records(log, "turn", "event")] == [0, 1, 2, 3]
    assert set(turns_per_seat(log).values()) == {1}
    # asked for as well, it is in play once
    assert _race(probes, 4, 1, ["lightning-token"])[0].state.options == ["lightning-token"]


# ------------------------------------------------------------------ R21 solo mode


@pytest.mark.parametrize("scenario", sorted(SCENARIO_POWER))
def test_r21_solo_setup_all_face_down_but_scenario_cards_and_two_discard_piles(scenario):
    """R21: all 12 cards start face down except those the scenario places face
    up, and two discard piles are started."""
    game = game_with(bundled(), [Plan()], [], scenario=scenario, seed=30)
    definition = bundled().get("scenario", scenario)
    placed = {
        c
        for step in definition.setup
        if isinstance(step, m.Place) and step.face_up
        for c in step.cards
    }
    area = game.state.areas[0]
    assert {s.card for s in area.cells if s.face_up} == placed
    assert area.face_up_count() == len(placed)
    assert len(game.state.discards) == 2 and all(len(p) == 1 for p in game.state.discards)
    assert game.state.settings.end_rule == "twelfth-reveal"


def test_r21_a_solo_turn_ends_with_more_face_up_cards():
    """R21: exchanging a discard for a face-up card turns nothing face up, so
    the player must reveal a card before the turn ends."""
    p = Plan(action=pick("take-discard"), exchange=at("front 1"))
    log: list = []
    game = game_with(bundled(), [p], log, scenario="game-of-thrones", seed=31)
    arrange(game, areas={0: {"front 1": "hera"}}, discards=[["odin"], ["zeus"]])
    turn(game, 0)
    assert p.kinds() == ["action", "exchange", "reveal"]
    assert game.state.areas[0].face_up_count() == 2
    assert game.state.discards[0] == ["hera"]


def test_r21_solo_game_ends_when_the_twelfth_card_is_face_up():
    """R21: the game ends as soon as the 12th card is face up, not before."""
    p = Plan(action=pick("draw"), drawn=pick("discard"))
    game = game_with(bundled(), [p], [], scenario="game-of-thrones", seed=32)
    arrange(game, areas={0: {"back 3": "?ra", "back 4": "?odin"}}, face_up_rest=True)
    turn(game, 0)
    assert game.state.areas[0].face_up_count() == 11 and not game.state.finished
    turn(game, 0)
    assert game.state.finished and game.state.turn == 2
    assert game.play().turns == 2  # nothing more is played


def test_r21_all_face_up_events_always_count_as_face_up_in_solo(probes):
    """R21: an event card that rewards ending with every card face up scores
    3 in the solo mode even with a card face down; in the base game only if
    the area really was all face up."""
    solo = game_with(probes, [Plan()], [], scenario="game-of-thrones", seed=33)
    arrange(solo, areas={0: {"front 1": "sun-probe", "back 4": "?odin"}}, face_up_rest=True)
    assert _points(solo.result().reports[0], "sun-probe") == 3
    base = game_with(probes, [Plan(), Plan()], [], seed=33)
    arrange(base, areas={0: {"front 1": "sun-probe", "back 4": "?odin"}}, face_up_rest=True)
    assert _points(base.result().reports[0], "sun-probe") == 0
    base.state.areas[0].cells[CELL["back 4"]].face_up = True
    assert _points(base.result().reports[0], "sun-probe") == 3


def _points(report, card_id: str) -> int:
    (score,) = [c for c in report.cards if c.card.id == card_id]
    return score.points


# ------------------------------------------------------------------ R22 Power cards


def _solo(registry, plan: Plan, power, **layout) -> Game:
    """Scenario 1 (no rule changes, no abilities) laid out with ``power``
    Power cards (a count, or {0: [cards]})."""
    game = game_with(registry, [plan], [], scenario="game-of-thrones", seed=40)
    arrange(game, power=power if isinstance(power, dict) else {0: power}, **layout)
    game.state.active = 0
    return game


def test_r22_spending_power_returns_the_cards_to_the_top_of_the_deck():
    """R22: spending N Power cards returns N of them to the top of the deck;
    the 2-card effect swaps 2 cards of the area."""
    p = Plan(power=pick("power", ("swap-two-cards",)), swap=swap_of("front 1", "back 4"))
    game = _solo(bundled(), p, 3)
    pile = list(game.state.areas[0].power)
    deck = len(game.state.deck)
    before = cards_of(game, 0)
    game.power_phase(0, 0)
    assert game.state.areas[0].power == pile[:1]
    assert sorted(game.state.deck[-2:]) == sorted(pile[1:]) and len(game.state.deck) == deck + 2
    after = cards_of(game, 0)
    assert after[0] == before[11] and after[11] == before[0] and after[1:11] == before[1:11]
    assert p.kinds() == ["power", "swap"]  # 1 card left: no second Power decision


@pytest.mark.parametrize("power", [1, 2, 3, 4])
def test_r22_only_affordable_power_effects_are_offered(power):
    """R22 costs: 2 swap, 3 recover a discard, 4 turn face down, 4 seek."""
    p = Plan(power=pick("pass"))
    game = _solo(bundled(), p, power)
    game.power_phase(0, 0)
    offered = {c.args[0] for d in p.seen for c in d.choices if c.kind == "power"}
    expected = {"swap-two-cards": 2, "recover-discard": 3, "turn-face-down": 4, "seek": 4}
    assert offered == {e for e, cost in expected.items() if cost <= power}


def test_r22_completing_a_pattern_draws_as_many_power_cards_as_its_points(probes):
    """R22: an easy pattern (2p) draws 2 Power cards, a medium one (4p) 4,
    from the top of the deck."""
    game = _solo(
        probes,
        Plan(),
        0,
        deck=["hera", "zeus", "odin", "thor", "ship", "anubis"],
        areas={
            0: {
                "front 1": "valhalla",
                "central 1": "?freyja",
                "front 3": "ra",
                "front 4": "?sun-eye",
            }
        },
        patterns={0: ["probe-easy", "probe-medium"]},
    )
    game.reveal(0, CELL["central 1"])
    assert game.state.areas[0].power == ["hera", "zeus"]
    game.reveal(0, CELL["front 4"])
    assert game.state.areas[0].power == ["hera", "zeus", "odin", "thor", "ship", "anubis"]
    assert [s.completed for s in game.state.areas[0].patterns] == [True, True]


def test_r22_recover_a_card_from_the_discards_onto_a_discard_pile():
    """R22 (3 cards): find any card in the discards and put it on top of a
    discard pile."""
    p = Plan(
        power=pick("power", ("recover-discard",)),
        recover=pick("card", (0, 0)),
        discard_pile=pick("pile", (1,)),
    )
    game = _solo(bundled(), p, 3, discards=[["hera", "zeus", "ra"], ["odin"]])
    game.power_phase(0, 0)
    assert game.state.discards == [["zeus", "ra"], ["odin", "hera"]]
    assert game.state.areas[0].power == []


def test_r22_turn_a_card_face_down_and_the_solo_turn_still_ends_with_more_face_up():
    """R22 (4 cards): turn a card of the area face down. R21 then still asks
    for more face-up cards at the end of the turn than at its start: after
    hiding one and exchanging a face-up card, two reveals are needed."""
    p = Plan(
        power=pick("power", ("turn-face-down",)),
        hide=at("front 1"),
        action=pick("take-discard"),
        exchange=at("front 2"),
    )
    game = _solo(
        bundled(),
        p,
        4,
        areas={0: {"front 1": "hera", "front 2": "zeus"}},
        discards=[["odin"], ["ra"]],
    )
    start = game.state.areas[0].face_up_count()
    turn(game, 0)
    assert p.kinds()[:4] == ["power", "hide", "action", "exchange"]
    assert p.kinds()[4:] == ["reveal", "reveal"]
    assert game.state.areas[0].face_up_count() == start + 1
    assert slot(game, 0, "front 2") == Slot("odin", True)


def test_r22_seek_reveals_until_the_named_mythology_discards_it_rest_to_the_bottom():
    """R22 (4 cards): name a mythology, reveal from the deck until a card of
    it, discard that card, the others go to the bottom of the deck. The 4
    Power cards spent went to the top of the deck first, so they are revealed
    first."""
    p = Plan(
        power=pick("power", ("seek",)),
        seek=pick("mythology", ("norse",)),
        discard_pile=pick("pile", (1,)),
    )
    game = _solo(bundled(), p, {0: ["hera", "zeus", "ra", "isis"]}, deck=["ship", "odin", "thor"])
    deck = len(game.state.deck)
    game.power_phase(0, 0)
    assert game.state.discards[1][-1] == "odin"
    assert set(game.state.deck[:5]) == {"hera", "zeus", "ra", "isis", "ship"}
    assert game.state.deck[-1] == "thor" and len(game.state.deck) == deck + 4 - 1
    assert game.state.areas[0].power == []


def test_r22_seek_by_card_type():
    """R22 (4 cards): a card type may be named instead of a mythology."""
    p = Plan(
        power=pick("power", ("seek",)),
        seek=pick("type", ("object",)),
        discard_pile=pick("pile", (0,)),
    )
    game = _solo(bundled(), p, {0: ["hera", "zeus", "ra", "isis"]}, deck=["odin", "ship", "thor"])
    game.power_phase(0, 0)
    assert game.state.discards[0][-1] == "ship"
    assert set(game.state.deck[:5]) == {"hera", "zeus", "ra", "isis", "odin"}
    assert game.state.deck[-1] == "thor"


def test_r22_power_cards_option_in_the_base_game(probes):
    """R22 as an option of the base game (power-cards): completing a pattern
    draws Power cards and the effects are offered before the action."""
    plans = [Plan(power=pick("pass")), Plan()]
    game = game_with(probes, plans, [], seed=41, options=["power-cards"])
    arrange(
        game,
        areas={0: {"front 1": "valhalla", "central 1": "?freyja"}},
        patterns={0: ["probe-easy"]},
    )
    game.state.active = 0
    game.reveal(0, CELL["central 1"])
    assert len(game.state.areas[0].power) == 2 and game.state.areas[1].power == []
    turn(game, 0)
    assert plans[0].kinds()[0] == "power"


# ------------------------------------------------------------------ R23 scenario Power cards


def _setup_power_points(game: Game) -> int:
    """Power cards won at setup by patterns the placed cards complete (R22)."""
    return sum(
        game.registry.get("pattern", s.card).difficulty.points
        for s in game.state.areas[0].patterns
        if s.completed
    )


@pytest.mark.parametrize("scenario", sorted(SCENARIO_POWER))
def test_r23_scenario_power_cards_at_setup_and_two_more_for_an_easier_game(scenario):
    """R23: the printed icon rows give each scenario's Power cards; the
    easier-game option adds 2."""
    for options, extra in (((), 0), (("easier-game",), 2)):
        game = game_with(bundled(), [Plan()], [], scenario=scenario, seed=50, options=list(options))
        power = len(game.state.areas[0].power)
        assert power == SCENARIO_POWER[scenario] + extra + _setup_power_points(game)


def test_r23_easier_game_in_a_base_game_with_power_cards():
    """R23 with R22 as a base-game option: each player starts with 2."""
    game = game_with(
        bundled(), [Plan(), Plan()], [], seed=51, options=["power-cards", "easier-game"]
    )
    assert [len(a.power) for a in game.state.areas] == [2, 2]
    plain = game_with(bundled(), [Plan(), Plan()], [], seed=51, options=["easier-game"])
    assert [len(a.power) for a in plain.state.areas] == [0, 0]


# ------------------------------------------------------------------ R16 ties


def _blank_game(probes, gods: Sequence[int], extra: dict | None = None) -> Game:
    """Two areas of cards that score nothing: ``gods[i]`` blank gods each."""
    blank_gods = [f"blank-{i}" for i in range(1, 41, 2)]
    blank_places = [f"blank-{i}" for i in range(2, 41, 2)]
    game = game_with(probes, [Plan(), Plan()], [], seed=60)
    areas = {}
    for area, count in enumerate(gods):
        cards = [blank_gods.pop() for _ in range(count)]
        cards += [blank_places.pop() for _ in range(SIZE - count)]
        areas[area] = {cell_name(i): c for i, c in enumerate(cards)}
    for area, cells in (extra or {}).items():
        areas[area].update(cells)
    return arrange(game, areas=areas)


def test_r16_a_tie_on_points_goes_to_the_most_gods(probes):
    """R16: equal points (0 each), 4 gods beat 3."""
    result = _blank_game(probes, [4, 3]).result()
    assert [r.total for r in result.reports] == [0, 0]
    assert [r.gods for r in result.reports] == [4, 3]
    assert result.winners == (0,)


def test_r16_a_remaining_tie_is_a_shared_victory(probes):
    """R16: equal points and equal gods: both players win."""
    result = _blank_game(probes, [3, 3]).result()
    assert result.winners == (0, 1)


def test_r16_points_come_before_gods(probes):
    """R16: the tie-break only breaks ties: 1 point with 2 gods (Geb and Nut,
    R11) beats 0 points with 5 gods."""
    result = _blank_game(probes, [5, 0], {1: {"front 1": "geb-and-nut"}}).result()
    assert [r.total for r in result.reports] == [0, 1]
    assert [r.gods for r in result.reports] == [5, 2]
    assert result.winners == (1,)


def test_scenario_rules_take_precedence_over_chosen_options():
    """Solo mode: "All the rules of play and setup explained in each scenario
    take precedence" - the Lightning Token cannot replace the 12th-reveal end (R21)."""
    from dioses_rules.engine.agents import RandomAgent
    from dioses_rules.engine.setup import new_game
    from dioses_rules.pool.load import load_registry

    registry = load_registry()[0]
    game = new_game(
        registry,
        [RandomAgent(1)],
        scenario="ragnarok",
        options=["lightning-token", "longer-game"],
        seed=5,
    )
    assert game.state.settings.end_rule == "twelfth-reveal"
    assert game.state.options[-1] == "solo"
