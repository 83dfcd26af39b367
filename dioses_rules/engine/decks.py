"""The decks of a game: drawing, discarding, Law and Pattern draws, and the
Power effects that search the discards or the deck (a mixin of ``Game``)."""

from __future__ import annotations

from ..language import model as m
from ..scoring.board import LawEntry, PatternEntry
from .core import GameCore
from .draws import shuffle
from .state import Choice

ROW_VALUES = tuple(row.value for row in m.ROWS)  # read once: an enum's value is slow to read


class DeckRules(GameCore):
    """Methods of :class:`game.Game` that move cards between decks and piles."""

    def draw(self) -> str | None:
        """The top card of the deck; an empty deck is refilled from the
        discard piles (all but their top cards), shuffled (R31); when that
        gives no card either, None: the draw does not happen."""
        state = self.state
        if not state.deck:
            refill = []
            for pile in state.discards:
                refill.extend(pile[:-1])
                del pile[:-1]
            shuffle(self.rng, refill)  # rng.shuffle's order (draws.py)
            state.deck = refill
            if refill:
                self.event("deck-refilled", cards=len(refill))
        return state.deck.pop() if state.deck else None

    def discard(self, card_id: str, area: int, pile: int | None = None) -> None:
        """Put a card on a discard pile; an Event card leaves the game (R18)."""
        if self.cards[card_id].event:
            self.state.removed.append(card_id)
            self.event("removed", card=card_id)
            return
        piles = self.state.discards
        if pile is None:
            pile = 0 if len(piles) == 1 else self.choose_pile(area, "discard")
        piles[pile].append(card_id)
        if self._log is not None:
            self.event("discarded", card=card_id, pile=pile)

    def choose_pile(self, area: int, why: str) -> int:
        piles = self.state.discards
        if len(piles) == 1:
            return 0
        empty = [i for i, p in enumerate(piles) if not p]
        if empty:  # an empty pile must take the card (double discard)
            return empty[0]
        choices = [
            Choice("pile", (i,), f"discard pile {i + 1} (top: {piles[i][-1]})")
            for i in range(len(piles))
        ]
        pile: int = self.decide(
            self.deciding_seat(area), "discard-pile", f"Which discard pile ({why})?", choices
        ).args[0]
        return pile

    # ------------------------------------------------------------------ laws (R13)
    def free_lines(self, area: int) -> list[Choice]:
        taken_rows = {entry.row for entry in self.state.areas[area].laws if entry.row}
        taken_columns = {entry.column for entry in self.state.areas[area].laws if entry.column}
        choices = [
            Choice("row", (row,), f"{row} row") for row in ROW_VALUES if row not in taken_rows
        ]
        choices += [
            Choice("column", (c,), f"column {c}") for c in m.COLUMNS if c not in taken_columns
        ]
        return choices

    def draw_law(self, area: int) -> None:
        """R13: place the top Law on a free row or column; never moved again."""
        if not self.state.law_deck:
            return
        law = self.state.law_deck.pop()
        lines = self.free_lines(area)
        if not lines:  # R31: all 7 lines hold a law: it goes under the Law deck
            self.state.law_deck.insert(0, law)
            return
        choice = self.decide(
            self.deciding_seat(area),
            "law",
            f"Place the law '{law}' on which row or column?",
            lines,
            law,
        )
        entry = (
            LawEntry(law, row=choice.args[0])
            if choice.kind == "row"
            else LawEntry(law, column=choice.args[0])
        )
        self.state.areas[area].laws.append(entry)
        self.event("law-placed", area=area, law=law, line=choice.label)

    # ------------------------------------------------------------------ patterns (R14, R28)
    def draw_patterns(
        self, area: int, count: int, difficulty: m.Difficulty | None, keep: int | None
    ) -> None:
        deck = self.state.pattern_deck
        drawn = []
        for _ in range(count):
            if difficulty is None:  # R28: the top card
                if deck:
                    drawn.append(deck.pop())
                continue
            # R28: draw until one of that difficulty; the rest go to the bottom.
            passed = []
            while deck:
                top = deck.pop()
                drawn_pattern = self.registry.get("pattern", top)
                assert drawn_pattern is not None, "the pattern deck holds the registry's patterns"
                if drawn_pattern.difficulty is difficulty:
                    drawn.append(top)
                    break
                passed.append(top)
            deck[:0] = passed
        if keep is not None and len(drawn) > keep:
            kept = []
            for _ in range(keep):
                choice = self.decide(
                    self.deciding_seat(area),
                    "pattern",
                    "Keep which pattern?",
                    [Choice("pattern", (p,), p) for p in drawn],
                )
                kept.append(choice.args[0])
                drawn.remove(choice.args[0])
            deck[:0] = drawn
            drawn = kept
        for pattern in drawn:
            self.state.areas[area].patterns.append(PatternEntry(pattern, completed=False))
            self.event("pattern-drawn", area=area, pattern=pattern)
        self.check_patterns()

    # ------------------------------------------------------------------ searching (R22)
    def recover_discard(self, seat: int, area: int) -> None:
        """R22 (3): take any card from the discards, put it on top of a pile."""
        options = [
            Choice("card", (p, i), f"{card} from discard pile {p + 1}")
            for p, pile in enumerate(self.state.discards)
            for i, card in enumerate(pile)
            if i < len(pile) - 1 or len(self.state.discards) > 1
        ]
        if not options:
            return
        choice = self.decide(seat, "recover", "Take which card from the discards?", options)
        pile, index = choice.args
        card = self.state.discards[pile].pop(index)
        target = self.decide(
            seat,
            "discard-pile",
            "Put it on top of which pile?",
            [
                Choice("pile", (i,), f"discard pile {i + 1}")
                for i in range(len(self.state.discards))
            ],
        ).args[0]
        self.state.discards[target].append(card)
        self.event("recovered", card=card, pile=target)

    def seek(self, seat: int, area: int) -> None:
        """R22 (4): name a mythology or type, reveal until a match, discard it."""
        vocabulary = self.registry.vocabulary
        names = [
            Choice(kind, (word,), word)
            for kind in ("mythology", "type")
            for word in vocabulary.ids(kind)
        ]
        wanted = self.decide(seat, "seek", "Name a mythology or a card type", names)
        passed, match = [], None
        while True:
            card = self.draw()
            if card is None:
                break
            definition = self.card(card)
            values = definition.mythologies if wanted.kind == "mythology" else (definition.type,)
            if wanted.args[0] in values:
                match = card
                break
            passed.append(card)
        # The rest go to the bottom first, so that no revealed card is in
        # limbo while the player chooses a discard pile for the match; then
        # (R32) the player puts them in the order they like there.
        self.state.deck[:0] = passed
        if match is not None:
            self.discard(match, area)
        self.order_bottom(seat, len(passed))

    def order_bottom(self, seat: int, count: int) -> None:
        """R32: the seek returns the revealed cards, the deck's ``count``
        bottom cards, "to the bottom of the deck in any order": the player's,
        one decision per card ("seek-order"), each card put under the deck
        beneath the ones put there before it, so the first is drawn first.
        Under rules revision 1 they stayed in the order they were revealed,
        the first revealed at the very bottom."""
        if not self.rules_since(2) or count < 2:
            return
        deck = self.state.deck
        left, returned = deck[:count], []
        while len(left) > 1:  # the last card left goes last, without a question
            choice = self.decide(
                seat,
                "seek-order",
                "Put which revealed card under the deck "
                "next? (each goes beneath the ones put "
                "there before it: the first is drawn first)",
                [Choice("card", (card,), card) for card in reversed(left)],
            )
            left.remove(choice.args[0])
            returned.append(choice.args[0])
        deck[:count] = (returned + left)[::-1]  # the deck is kept bottom card first
