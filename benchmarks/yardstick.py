"""A hand-written engine of the base game: the yardstick our engine is timed
against (#29), and a second oracle of the base game.

No card language here: the 97 base Myth cards are a table written out below
(id, type, mythology), their scoring lines Python functions written from
their texts (``cards/base.dioses``), the geometry (R1-R7) 12-bit masks, and
the turn (R17, R20) plain code over integer card codes, a face-up bitmask per
area and one discard pile. Random agents pick with the same calls on the
same random streams as ours (``random.Random(seed).randrange``), and the game
shuffles, draws and refills (R31) with the same calls in the same order as
``engine/setup.py``, ``decks.py`` and ``turns.py``, so that for the same seed
it plays the same game: every decision (its kind, the options and the pick),
the same turns, totals, gods and winners. tests/test_yardstick.py proves it
on a bounded number of seeds at 2-6 players; ``bench_games.py --prove N``
on N seeds per player count.

What it leaves out is what the base game never does with the bundled base
set: events, Power, laws, patterns, objectives, scenarios, several discard
piles, R11 weights (no base card has one).
"""

from __future__ import annotations

import random
from collections.abc import Callable

# ---------------------------------------------------------------- the cards

CARDS = """
    aegis object greek | amun god egyptian | ankh object egyptian
    anubis god egyptian | aphrodite god greek | apollo god greek
    apple object greek | ares god greek | artemis god greek
    asgard place norse | athena god greek | baldur god norse
    bastet god egyptian | battlefield place norse | bifrost place norse
    book-of-the-dead object egyptian | bragi god norse | brisingamen object norse
    caduceus object greek | canopic-jar object egyptian | delphi place greek
    demeter god greek | dionysus god greek | djed object egyptian
    draupnir object norse | duat place egyptian | elysium place greek
    embalming-room place egyptian | freyja god norse | freyr god norse
    frigg god norse | gjallarhorn object norse | golden-fleece object greek
    gungnir object norse | hades god greek | hammer object norse
    hathor god egyptian | heimdall god norse | hela god norse
    heliopolis place egyptian | hephaestus god greek | hera god greek
    hermes god greek | hestia god greek | horus god egyptian
    idun god norse | isis god egyptian | jardines-cucos place greek
    jormungandr god norse | jotunheim place norse | karnak place egyptian
    labyrinth place greek | lyre object greek | maat god egyptian
    mead-of-poetry object norse | memphis place egyptian | midgard place norse
    muspelheim place norse | nephthys god egyptian | niflheim place norse
    nile place egyptian | njord god norse | odin god norse
    olympus-throne place greek | osiris god egyptian | pandoras-box object greek
    parthenon place greek | persephone god greek | portable-sarcophagus object egyptian
    poseidon god greek | ptah god egyptian | pyramid place egyptian
    ra god egyptian | river-styx place greek | scarab object egyptian
    sekhmet god egyptian | seth god egyptian | ship object egyptian
    sif god norse | skadi god norse | skidbladnir object norse
    sobek god egyptian | sun-eye object egyptian | thor god norse
    throne-room place egyptian | thunderbolt object greek | toth god egyptian
    trident object greek | troy place greek | tyr god norse
    underworld place greek | valhalla place norse | valley-of-the-kings place egyptian
    was-sceptre object egyptian | wedding-dress object norse | yggdrasil place norse
    zeus god greek
"""
TABLE = sorted(
    tuple(entry.split()) for line in CARDS.strip().splitlines() for entry in line.split("|")
)
IDS = [card_id for card_id, _, _ in TABLE]  # sorted: the deck before its shuffle
CODE = {card_id: code for code, card_id in enumerate(IDS)}
TYPE = [card_type for _, card_type, _ in TABLE]
MYTHOLOGY = [mythology for _, _, mythology in TABLE]

# ---------------------------------------------------------------- the area (R1-R7)

WIDTH, SIZE = 4, 12  # 3 rows of 4, cell 0 front left, row by row (front = 0)
BIT = [1 << cell for cell in range(SIZE)]
FRONT, CENTRAL, BACK = 0xF, 0xF << 4, 0xF << 8
CORNER = BIT[0] | BIT[3] | BIT[8] | BIT[11]


def _mask(cells) -> int:
    return sum(BIT[cell] for cell in set(cells))


def _at(cell: int, rows: int, columns: int) -> int | None:
    row, column = divmod(cell, WIDTH)
    row, column = row + rows, column + columns
    return row * WIDTH + column if 0 <= row < 3 and 0 <= column < WIDTH else None


def _around(cell: int, steps) -> int:
    return _mask(c for c in (_at(cell, r, k) for r, k in steps) if c is not None)


NEXT = [_around(c, ((-1, 0), (1, 0), (0, -1), (0, 1))) for c in range(SIZE)]  # R4
CLOSE = [
    _around(c, ((r, k) for r in (-1, 0, 1) for k in (-1, 0, 1) if (r, k) != (0, 0)))
    for c in range(SIZE)
]  # R5
ABOVE = [_around(c, ((1, 0),)) for c in range(SIZE)]  # "above X": X one row further back
BELOW = [_around(c, ((-1, 0),)) for c in range(SIZE)]
ROW = [0xF << (c // WIDTH * WIDTH) for c in range(SIZE)]  # its row, itself included
COLUMN = [_mask(range(c % WIDTH, SIZE, WIDTH)) for c in range(SIZE)]
SIDES = [(_at(c, 0, -1), _at(c, 0, 1)) for c in range(SIZE)]  # R3 "between"


class Masks:
    """One area at the final scoring, every card face up (R12): the cells of
    each type and mythology, and where each card is."""

    __slots__ = ("egyptian", "god", "greek", "norse", "object", "place", "where")

    def __init__(self, cells: list[int]):
        kinds = {"god": 0, "place": 0, "object": 0, "greek": 0, "egyptian": 0, "norse": 0}
        for cell, code in enumerate(cells):
            kinds[TYPE[code]] |= BIT[cell]
            kinds[MYTHOLOGY[code]] |= BIT[cell]
        for name, mask in kinds.items():
            setattr(self, name, mask)
        self.where = {code: cell for cell, code in enumerate(cells)}

    def named(self, *card_ids: str) -> int:
        where = self.where
        return _mask(where[CODE[i]] for i in card_ids if CODE[i] in where)


def _between(c: int, one: int, two: int) -> bool:
    left, right = SIDES[c]
    if left is None or right is None:
        return False
    return bool((BIT[left] & one and BIT[right] & two) or (BIT[left] & two and BIT[right] & one))


def count(mask: int) -> int:
    return mask.bit_count()


ALL = (1 << SIZE) - 1
# Each card's scoring line, from its text (c: its cell; k: the area's Masks).
RULES: dict[str, Callable[[int, Masks], int]] = {
    "aegis": lambda c, k: 2 if BELOW[c] & (k.god | k.greek) else 0,
    "amun": lambda c, k: 2 * (count(ROW[c] & k.egyptian) // 2),
    "ankh": lambda c, k: count(NEXT[c] & k.god),
    "anubis": lambda c, k: count(BACK & k.egyptian),
    "aphrodite": lambda c, k: 2 if NEXT[c] & k.god else 0,
    "apollo": lambda c, k: 2 if count(CLOSE[c] & k.greek) >= 2 else 0,
    "apple": lambda c, k: 2 if NEXT[c] & k.named("hera", "athena", "aphrodite") else 0,
    "ares": lambda c, k: 3 if count(NEXT[c] & k.god) >= 2 else 0,
    "artemis": lambda c, k: 2 if count(NEXT[c] & k.god) <= 1 else 0,
    "asgard": lambda c, k: 2 if count(FRONT & k.norse) >= 2 else 0,
    "athena": lambda c, k: 2 if NEXT[c] & k.greek & (k.object | k.place) else 0,
    "baldur": lambda c, k: 0 if NEXT[c] & k.object else 2,
    "bastet": lambda c, k: 0 if NEXT[c] & k.norse else 3,
    "battlefield": lambda c, k: count(CLOSE[c] & k.god) // 2,
    "bifrost": lambda c, k: 3 if _between(c, k.norse, ALL) else 0,
    "book-of-the-dead": lambda c, k: 2 if NEXT[c] & k.egyptian & k.god else 0,
    "bragi": lambda c, k: 2 if count(CLOSE[c] & k.god) >= 3 else 0,
    "brisingamen": lambda c, k: 4 if count(NEXT[c] & k.norse) >= 2 else 0,
    "caduceus": lambda c, k: 2 if _between(c, k.god, ALL) else 0,
    "canopic-jar": lambda c, k: (
        2 if NEXT[c] & (k.egyptian & k.god | k.named("embalming-room")) else 0
    ),
    "delphi": lambda c, k: 2 if CLOSE[c] & k.egyptian and CLOSE[c] & k.norse else 0,
    "demeter": lambda c, k: 2 if NEXT[c] & k.place else 0,
    "dionysus": lambda c, k: count(ROW[c] & k.god) // 2,
    "djed": lambda c, k: 2 if (ABOVE[c] | BELOW[c]) & k.egyptian else 0,
    "draupnir": lambda c, k: count(k.object) // 3,
    "duat": lambda c, k: 2 * count(BACK & k.egyptian & k.god),
    "elysium": lambda c, k: count(CLOSE[c] & k.greek & k.god),
    "embalming-room": lambda c, k: count(NEXT[c] & k.egyptian & k.god),
    "freyja": lambda c, k: 2 if NEXT[c] & k.norse & k.god else 0,
    "freyr": lambda c, k: count(CLOSE[c] & k.place),
    "frigg": lambda c, k: 2 if CLOSE[c] & k.named("odin") or BIT[c] & CENTRAL else 0,
    "gjallarhorn": lambda c, k: 2 * (count(FRONT & k.god) // 2),
    "golden-fleece": lambda c, k: 2 if count(CLOSE[c] & k.greek) <= 1 else 0,
    "gungnir": lambda c, k: 2 if ROW[c] & ~BIT[c] & k.norse & k.god else 0,
    "hades": lambda c, k: 2 if CLOSE[c] & k.named("underworld") or BIT[c] & BACK else 0,
    "hammer": lambda c, k: 2 if NEXT[c] & k.norse & k.god else 0,
    "hathor": lambda c, k: 3 if count(NEXT[c] & k.god) == 2 else 0,
    "heimdall": lambda c, k: 2 if BIT[c] & FRONT or NEXT[c] & k.named("bifrost") else 0,
    "hela": lambda c, k: 2 if BIT[c] & FRONT else 0,
    "heliopolis": lambda c, k: 2 if BIT[c] & FRONT or CLOSE[c] & k.named("ra") else 0,
    "hephaestus": lambda c, k: count(NEXT[c] & k.object),
    "hera": lambda c, k: 2 if NEXT[c] & k.egyptian else 0,
    "hermes": lambda c, k: 2 if NEXT[c] & k.egyptian and NEXT[c] & k.norse else 0,
    "hestia": lambda c, k: 4 if c in (5, 6) else 0,  # central 2, central 3
    "horus": lambda c, k: 2 if ABOVE[c] & k.egyptian else 0,
    "idun": lambda c, k: count(CLOSE[c] & k.norse & k.god),
    "isis": lambda c, k: 2 if NEXT[c] & k.egyptian & k.god else 0,
    "jardines-cucos": lambda c, k: count(CLOSE[c] & k.greek),
    "jormungandr": lambda c, k: 3 if BIT[c] & CORNER else 0,
    "jotunheim": lambda c, k: 2 if BIT[c] & BACK else 0,
    "karnak": lambda c, k: 2 if count(CLOSE[c] & k.egyptian) >= 2 else 0,
    "labyrinth": lambda c, k: 3 if count(NEXT[c] & k.god) == 1 else 0,
    "lyre": lambda c, k: count(COLUMN[c] & k.god),
    "maat": lambda c, k: 2 if ROW[c] & k.greek and ROW[c] & k.norse else 0,
    "mead-of-poetry": lambda c, k: 2 * count(NEXT[c] & k.norse & k.god),
    "memphis": lambda c, k: 2 if NEXT[c] & k.god and NEXT[c] & k.object else 0,
    "midgard": lambda c, k: 3 if BIT[c] & CENTRAL and NEXT[c] & k.norse else 0,
    "muspelheim": lambda c, k: count(CLOSE[c] & k.object),
    "nephthys": lambda c, k: 2 if BIT[c] & BACK or CLOSE[c] & k.named("isis") else 0,
    "niflheim": lambda c, k: 2 if count(CLOSE[c] & k.egyptian) <= 1 else 0,
    "nile": lambda c, k: count(NEXT[c] & k.egyptian),
    "njord": lambda c, k: 3 if count(ROW[c] & k.norse) == 1 else 0,
    "odin": lambda c, k: count(CLOSE[c] & k.norse),
    "olympus-throne": lambda c, k: 2 if NEXT[c] & k.greek & k.god else 0,
    "osiris": lambda c, k: 2 if BIT[c] & CENTRAL else 0,
    "pandoras-box": lambda c, k: 2 if NEXT[c] & k.god and NEXT[c] & k.place else 0,
    "parthenon": lambda c, k: 3 if BIT[c] & FRONT and NEXT[c] & k.greek else 0,
    "persephone": lambda c, k: 2 if BIT[c] & BACK else 0,
    "portable-sarcophagus": lambda c, k: 3 if BIT[c] & BACK else 0,
    "poseidon": lambda c, k: count(ROW[c] & k.place),
    "ptah": lambda c, k: count(ROW[c] & k.object),
    "pyramid": lambda c, k: 3 if BIT[c] & BACK and NEXT[c] & k.egyptian else 0,
    "ra": lambda c, k: count(CLOSE[c] & k.egyptian),
    "river-styx": lambda c, k: 3 if BIT[c] & BACK and NEXT[c] & k.god else 0,
    "scarab": lambda c, k: 2 if BIT[c] & FRONT or NEXT[c] & k.named("ra") else 0,
    "sekhmet": lambda c, k: 2 if NEXT[c] & k.god & (k.greek | k.norse) else 0,
    "seth": lambda c, k: 3 if count(CLOSE[c] & k.norse) > count(CLOSE[c] & k.egyptian) else 0,
    "ship": lambda c, k: count(ROW[c] & k.god),
    "sif": lambda c, k: 2 if CLOSE[c] & (k.named("thor") | k.norse & k.object) else 0,
    "skadi": lambda c, k: 2 if BIT[c] & (FRONT | CORNER) else 0,
    "skidbladnir": lambda c, k: 2 if BIT[c] & CORNER or NEXT[c] & k.named("freyr") else 0,
    "sobek": lambda c, k: count(NEXT[c] & k.place),
    "sun-eye": lambda c, k: 3 if ABOVE[c] & k.egyptian & k.god or CLOSE[c] & k.named("ra") else 0,
    "thor": lambda c, k: (
        2 if CLOSE[c] & k.norse & k.object or NEXT[c] & k.named("jotunheim") else 0
    ),
    "throne-room": lambda c, k: 2 if NEXT[c] & k.egyptian & k.god else 0,
    "thunderbolt": lambda c, k: 3 if COLUMN[c] & k.greek & k.god else 0,
    "toth": lambda c, k: 2 if NEXT[c] & k.object else 0,
    "trident": lambda c, k: 4 if count(CLOSE[c] & k.god) == 3 else 0,
    "troy": lambda c, k: 5 if count(CLOSE[c] & k.greek & k.god) >= 3 else 0,
    "tyr": lambda c, k: 2 if count(NEXT[c] & k.god) > count(NEXT[c] & k.object) else 0,
    "underworld": lambda c, k: 2 if BIT[c] & CORNER else 0,
    "valhalla": lambda c, k: 2 if NEXT[c] & k.norse & k.god else 0,
    "valley-of-the-kings": lambda c, k: 2 if count(BACK & k.egyptian) >= 2 else 0,
    "was-sceptre": lambda c, k: 3 if COLUMN[c] & ~BIT[c] & k.egyptian & k.god else 0,
    "wedding-dress": lambda c, k: 2 if ABOVE[c] & k.god else 0,
    "yggdrasil": lambda c, k: 2 if (ABOVE[c] | BELOW[c]) & k.place else 0,
    "zeus": lambda c, k: count(FRONT & k.greek & k.god),
}
RULE = [RULES[card_id] for card_id in IDS]  # by code


def score(cells: list[int]) -> tuple[int, int, list[int]]:
    """R12, R16: an area's total, its gods (the tie-break) and each cell's points."""
    masks = Masks(cells)
    points = [RULE[code](cell, masks) for cell, code in enumerate(cells)]
    return sum(points), masks.god.bit_count(), points


# ---------------------------------------------------------------- the game

PAIRS = [(i, j) for i in range(SIZE) for j in range(i + 1, SIZE)]  # swaps, in our order
MAX_TURNS_PER_SEAT = 200


class Game:
    """One base game: ``play()`` gives totals, gods, winners and turns;
    ``decisions`` (when asked for) lists (seat, kind, index, options)."""

    def __init__(self, seats: int, seed: int, agent_seeds: list[int], record: bool = False):
        self.seats = seats
        self.rng = random.Random(seed)
        self.picks = [random.Random(s).randrange for s in agent_seeds]
        self.decisions: list | None = [] if record else None
        self.refills = 0  # R31: times the deck was refilled from the pile

    def decide(self, seat: int, kind: str, options: int) -> int:
        index = self.picks[seat](options) if options > 1 else 0
        if self.decisions is not None:
            self.decisions.append((seat, kind, index, options))
        return index

    def draw(self) -> int | None:
        """The top card; an empty deck is refilled from the pile but its top (R31)."""
        if not self.deck:
            refill = self.pile[:-1]
            del self.pile[:-1]
            self.rng.shuffle(refill)
            self.deck = refill
            self.refills += 1
        return self.deck.pop() if self.deck else None

    def reveal_one(self, seat: int) -> None:
        down = [cell for cell in range(SIZE) if not self.up[seat] & BIT[cell]]
        if down:
            self.up[seat] |= BIT[down[self.decide(seat, "reveal", len(down))]]

    def place(self, seat: int, cell: int, card: int) -> None:
        self.pile.append(self.cells[seat][cell])
        self.cells[seat][cell] = card
        self.up[seat] |= BIT[cell]

    def setup(self) -> None:
        rng, seats = self.rng, self.seats
        self.deck = list(range(len(IDS)))
        rng.shuffle(self.deck)  # the Law and Pattern decks are empty: no draw
        self.start = rng.randrange(seats)
        self.cells = [[self.deck.pop() for _ in range(SIZE)] for _ in range(seats)]
        self.up = [0] * seats
        self.pile = [self.deck.pop()]
        for step in range(seats):
            seat = (self.start + step) % seats
            for _ in range(2):  # the base game's two initial reveals
                self.reveal_one(seat)

    def turn(self, seat: int) -> None:
        pile, deck = self.pile, self.deck
        actions = (1 if pile else 0) + (1 if deck or len(pile) > 1 else 0)
        if not actions:
            self.reveal_one(seat)
            return
        if self.decide(seat, "action", actions) == 0 and pile:  # take the pile's top
            self.place(seat, self.decide(seat, "exchange", SIZE), pile.pop())
            return
        card = self.draw()
        if card is None:
            return
        cell = self.decide(seat, "drawn", SIZE + 1)
        if cell < SIZE:
            self.place(seat, cell, card)
            return
        self.pile.append(card)  # R17: discarded, then a swap and a reveal
        first, second = PAIRS[self.decide(seat, "swap", len(PAIRS))]
        cells, up = self.cells[seat], self.up[seat]
        cells[first], cells[second] = cells[second], cells[first]
        if bool(up & BIT[first]) != bool(up & BIT[second]):  # faces go with the cards
            self.up[seat] = up ^ (BIT[first] | BIT[second])
        self.reveal_one(seat)

    def play(self) -> dict:
        self.setup()
        seats, active, turn = self.seats, self.start, 0
        ending, turns_left, finished = None, 0, False
        while not finished:
            seat = active
            self.turn(seat)
            if ending is None:  # R20: the others play one more turn each
                if self.up[seat] == ALL:
                    ending, turns_left = seat, seats - 1
                    finished = turns_left == 0
            else:
                turns_left -= 1
                finished = turns_left <= 0
            turn += 1
            if turn >= MAX_TURNS_PER_SEAT * seats:
                finished = True
            active = (seat + 1) % seats
        scores = [score(cells) for cells in self.cells]
        best = max((total, gods) for total, gods, _ in scores)
        return {
            "turns": turn,
            "totals": [s[0] for s in scores],
            "gods": [s[1] for s in scores],
            "winners": [i for i, s in enumerate(scores) if (s[0], s[1]) == best],
        }


def play(seats: int, seed: int, agent_seeds: list[int], record: bool = False) -> dict:
    """One base game between random agents; with ``record``, its decisions too."""
    game = Game(seats, seed, agent_seeds, record)
    result = game.play()
    if record:
        result["decisions"] = game.decisions
        result["refills"] = game.refills
    return result
