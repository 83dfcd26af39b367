"""A turn and the end of the game (R17, R20, R21, R26, R31; a mixin of ``Game``).

A turn: Power before the action (R22), the action, Power after it (R26,
rules revision 2), then the end-of-turn checks (R21's must-reveal, the end
rule). The action carries out at once everything it sets off: the replaced
card's discard, the scenario rules it triggers, the events of the cards it
turns face up (for every player, R18, R29), the patterns they complete
(R14, R30) and the rules those trigger. So "after each event or scenario rule
it triggers" (R26) is, in this engine, the moment when the last of them has
resolved: the Power window after the action. It comes before the
end-of-turn checks, which judge the turn as the player leaves it (a card
turned face down by Power still has to be made up for, R21); and not when
the action turned the solo area's twelfth card face up, which ends the game
at once (R21).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from .core import NO_CARDS, GameCore
from .state import MAX_TURNS_PER_SEAT, Choice, GameResult

DRAW = Choice("draw", (), "draw from the deck")  # one option, shared: treated as frozen
_FIRST_PILE = (0,)  # the piles an action may take from, with one pile that holds cards


class TurnRules(GameCore):
    """Methods of :class:`game.Game` that play a turn and end the game."""

    def legal_actions(self, area: int) -> list[Choice]:
        """Take the top card of a discard pile, or draw (from the deck, or
        from the discards that would refill it, R31); none when no card of
        the area may be replaced (locked, R33). A turn with none becomes a
        reveal of a face-down card (R31)."""
        piles, draw = self._actions(area)
        return [self._action_choice(piles, index) for index in range(len(piles) + draw)]

    def _actions(self, area: int) -> tuple[Sequence[int], bool]:
        """The actions of :meth:`legal_actions` as the discard piles that
        may be taken from, and whether a draw may be made (after them)."""
        state = self.state
        # R33: locked cards stay; only a scenario locks any (locked(), not called without one)
        locked = NO_CARDS if self.scenario is None else self.locked()
        cells = state.areas[area].cells
        for slot in cells:  # a card that may be replaced
            if slot is not None and (not locked or slot.card not in locked):
                break
        else:
            return (), False
        discards = state.discards
        if len(discards) == 1:  # the common case: one pile
            piles: Sequence[int] = _FIRST_PILE if discards[0] else ()
            return piles, bool(state.deck) or len(discards[0]) > 1
        piles = [index for index, pile in enumerate(discards) if pile]
        return piles, bool(state.deck) or any(len(p) > 1 for p in discards)

    def _action_choice(self, piles: Sequence[int], index: int) -> Choice:
        if index == len(piles):
            return DRAW
        pile = piles[index]
        top = self.state.discards[pile][-1]
        return Choice("take-discard", (pile,), f"take {top} from discard pile {pile + 1}")

    def play_turn(self) -> None:
        bits = self._bits[self.state.active]
        if bits is None or not self._plain_turn(bits):
            self._turn()

    def _turn(self) -> None:
        """:meth:`play_turn`'s general path: every rule option, scenario and agent."""
        if self._plans or self.turn_start is not None or self.turn_picks is not None:
            self.keep_turn_start()  # else there is nothing to keep, nor to forget
        state = self.state
        seat = state.active
        area = state.seat_area[seat]
        must_reveal = state.settings.turn_must_reveal
        start_face_up = state.areas[area].face_up_count() if must_reveal else 0
        log = self._log
        if log is not None:  # the record event() makes
            log({"type": "event", "event": "turn", "turn": state.turn, "seat": seat})
        with_power = state.settings.power_cards or self.scenario is not None  # may_use_power()
        if with_power:
            self.power_phase(seat, area)  # R22, R26: before the action
        piles, draw = self._actions(area)
        count = len(piles) + draw
        if count:
            quick = self._quick[seat]
            if quick is not None and count > 1:  # see pick()
                index = quick(count)
            else:
                make = partial(self._action_choice, piles)
                options = partial(_action_option, piles)
                index = self.pick(seat, "action", "Your action", count, make, None, options)
            if index < len(piles):  # take the top card of a discard pile
                self.exchange(seat, area, state.discards[piles[index]].pop())
            else:
                self.draw_action(seat, area)
        elif not self.choose_reveal(seat, area, "No action is possible: turn a card face up"):
            self.event("pass", seat=seat)  # R31: no action (a reveal instead), no face-down card
        if with_power and self.rules_since(2) and not self.finished_by_reveal(area):
            self.power_phase(seat, area, after=True)  # R26: the action and all it set off are done
        # R21: a solo turn ends with more face-up cards than it began with
        # (after a Power card turned one face down, that may take two reveals).
        while (
            must_reveal
            and not self.finished_by_reveal(area)
            and state.areas[area].face_up_count() <= start_face_up
        ):
            if not self.choose_reveal(
                seat, area, "Turn a card face up (more face-up cards than at the start of the turn)"
            ):
                break
        self.end_turn(seat, area)

    def _plain_turn(self, bits: Callable[[int], int]) -> bool:
        """The turn of :meth:`play_turn` in its common case, played without
        the calls, options and checks the general path makes (#29); or
        False, with nothing done, when the turn is not that case. The case:
        an agent the game picks for from its plain generator (``bits``, its
        ``getrandbits``: ``_bits``, :meth:`quick_picks`: uniform, no log, no
        planning agent), no Power (R22), no scenario (so no card locked,
        R33, and no trigger), no must-reveal (R21), one discard pile, and
        every cell of the area holding a card. Each pick among n options is
        ``randrange(n)`` drawn inline as ``random.Random`` draws it (k =
        n.bit_length() bits, again while not below n: the agent's own
        draws). A card placed or replaced that has an event (R18, R29) is
        placed by :meth:`place`, a drawn card discarded goes on as
        :meth:`draw_action` does: the same draws, the same moves, the same
        game (tests/test_plain_turn.py plays it against the general path)."""
        state = self.state
        settings = state.settings
        if settings.power_cards or self.scenario is not None or settings.turn_must_reveal:
            return False
        discards = state.discards
        if len(discards) != 1:
            return False
        seat = state.active
        area = state.seat_area[seat]
        cells = state.areas[area].cells
        if not all(cells):  # then not every cell holds a card
            return False
        pile, deck = discards[0], state.deck
        if pile and (deck or len(pile) > 1):  # _actions(): take the top, or draw
            r = bits(2)  # randrange(2)
            while r >= 2:
                r = bits(2)
            take = r == 0
        elif pile or deck:  # one action: no pick
            take = bool(pile)
        else:
            return False  # R31: a reveal instead
        size = len(cells)
        if take:  # the pile's top, exchanged with a card (exchange())
            card = pile.pop()
            k = size.bit_length()
            cell = bits(k)  # randrange(size)
            while cell >= size:
                cell = bits(k)
        else:
            drawn = deck.pop() if deck else self.draw()  # draw(): R31 refills an empty deck
            if drawn is None:  # R31: nothing to draw
                self.end_turn(seat, area)
                return True
            card, options = drawn, size + 1  # play it at a cell, or discard it (draw_action())
            k = options.bit_length()
            cell = bits(k)  # randrange(options)
            while cell >= options:
                cell = bits(k)
            if cell == size:  # discarded
                self.discard(card, area)
                self.after_discard(seat, area)
                self.end_turn(seat, area)
                return True
        slot = cells[cell]
        assert slot is not None, "every cell holds a card (checked above)"
        cards, replaced = self.cards, slot.card
        if cards[card].event or cards[replaced].event:
            self.place(area, cell, card, True, played=True)
        else:  # place(): the new card face up in the cell, the old one on the pile
            slot.card, slot.face_up = card, True  # the cell's Slot (it is the state's alone)
            checked = self._checked
            if area < len(checked):
                checked[area] = None
            pile.append(replaced)
            for other in state.areas:  # became_face_up(): R14, R30 held patterns completed
                if other.patterns:
                    self._check_moved()
                    break
        self.end_turn(seat, area)
        return True

    def exchange(self, seat: int, area: int, card: str) -> None:
        """The card taken from a discard pile replaces one of the area's."""
        cells = self.movable_cells(area)
        count = len(cells)
        quick = self._quick[seat]
        if quick is not None and count > 1:  # see pick()
            index = quick(count)
        else:
            make = partial(self._cell_choice, area, cells)
            prompt = f"Exchange {card} with which card?"
            options = partial(_cell_option, cells)
            index = self.pick(seat, "exchange", prompt, count, make, card, options)
        self.place(area, cells[index], card, True, played=True)

    def _cell_choice(self, area: int, cells: list[int], index: int) -> Choice:
        return Choice("cell", (cells[index],), partial(self.cell_label, area, cells[index]))

    def _drawn_choice(self, area: int, cells: list[int], card: str, index: int) -> Choice:
        """Play the drawn card at one of the movable ``cells``, or (last) discard it."""
        if index == len(cells):
            return Choice("discard", (), f"discard {card}")
        return Choice("play", (cells[index],), partial(self.play_label, area, cells[index]))

    def draw_action(self, seat: int, area: int) -> None:
        card = self.draw()
        if card is None:  # R31: nothing to draw, even from the discards
            return
        if self._log is not None:
            self.event("drew", seat=seat, card=card)
        cells = self.movable_cells(area)
        count = len(cells) + 1
        quick = self._quick[seat]
        if quick is not None and count > 1:  # see pick()
            index = quick(count)
        else:
            make = partial(self._drawn_choice, area, cells, card)
            prompt = f"You drew {card}: play it or discard it?"
            options = partial(_drawn_option, cells)
            index = self.pick(seat, "drawn", prompt, count, make, card, options)
        if index < len(cells):  # play it there
            self.place(area, cells[index], card, True, played=True)
            return
        self.discard(card, area)
        self.after_discard(seat, area)

    def after_discard(self, seat: int, area: int) -> None:
        """R17: a drawn card discarded, swap two cards and turn one face up
        (or, with the Help Card alternative, do one of the two)."""
        if self.state.settings.deck_discard == "swap-or-reveal":
            which = self.decide(
                seat,
                "after-discard",
                "Swap two cards or turn one face up?",
                [Choice("swap", (), "swap two cards"), Choice("reveal", (), "turn a card face up")],
            )
            if which.kind == "swap":
                self.choose_swap(seat, area, "Swap which two cards?")
            else:
                self.choose_reveal(seat, area, "Turn which card face up?")
        else:
            self.choose_swap(seat, area, "Swap which two cards? (you must)")
            self.choose_reveal(seat, area, "Turn which card face up?")

    def play_label(self, area: int, cell: int) -> str:
        return f"play it at {self.cell_label(area, cell)}"

    def finished_by_reveal(self, area: int) -> bool:
        return (
            self.state.settings.end_rule == "twelfth-reveal"
            and self.state.areas[area].all_face_up()
        )

    def end_turn(self, seat: int, area: int) -> None:
        state = self.state
        rule = state.settings.end_rule
        if rule == "twelfth-reveal":  # R21
            if state.areas[area].all_face_up():
                state.finished = True
        elif state.ending_seat is None:
            if state.areas[area].all_face_up():
                state.ending_seat = seat
                if rule == "equal-turns":  # R20 with the Lightning Token
                    last = (state.start_player - 1) % state.seats
                    state.turns_left = (last - seat) % state.seats
                else:  # R20: every other player plays one more turn
                    state.turns_left = state.seats - 1
                self.event("game-ending", seat=seat, turns_left=state.turns_left)
                if state.turns_left == 0:
                    state.finished = True
        else:
            # set with ending_seat, above, when the end was announced
            assert state.turns_left is not None, "the game's end counts no turns"
            state.turns_left -= 1
            if state.turns_left <= 0:
                state.finished = True
        state.turn += 1
        if state.turn >= MAX_TURNS_PER_SEAT * state.seats and not state.finished:
            state.finished = True
            state.turn_limit_reached = True
            self.event("turn-limit", turns=state.turn)
        state.active = (seat + 1) % state.seats

    def play(self, on_turn: Callable[[Any], object] | None = None) -> GameResult:
        """Play turns until the game ends; ``on_turn(game)`` after each turn."""
        while not self.state.finished:
            bits = self._bits[self.state.active]  # play_turn(), one call fewer a turn
            if bits is None or not self._plain_turn(bits):
                self._turn()
            if on_turn is not None:
                on_turn(self)
        return self.result()


def _action_option(piles: Sequence[int], index: int) -> tuple[str, tuple[int, ...]]:
    """The kind and arguments of ``TurnRules._action_choice``'s option."""
    return ("draw", ()) if index == len(piles) else ("take-discard", (piles[index],))


def _cell_option(cells: list[int], index: int) -> tuple[str, tuple[int]]:
    """The kind and arguments of ``TurnRules._cell_choice``'s option."""
    return "cell", (cells[index],)


def _drawn_option(cells: list[int], index: int) -> tuple[str, tuple[int, ...]]:
    """The kind and arguments of ``TurnRules._drawn_choice``'s option."""
    return ("discard", ()) if index == len(cells) else ("play", (cells[index],))
