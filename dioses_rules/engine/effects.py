"""Effects and scenario triggers: what an event, a Power card or a scenario
rule does to an area (a mixin of ``Game``).

One method per effect node, gathered by the shared dispatcher (``walk``): an
effect kind the engine does not know raises instead of being skipped.
"""

from __future__ import annotations

from functools import partial

from ..language import model as m
from ..language.walk import Dispatch
from ..scoring.area import cell_name, offset
from ..scoring.evaluator import Evaluator, Facts
from .core import GameCore
from .rules import rules_of
from .state import Choice


class EffectRules(GameCore):
    """Methods of :class:`game.Game` that carry out effect nodes."""

    def run_effect(self, effect: m.Effect, area: int, source: str = "") -> None:
        """Carry out one effect in ``area``; its choices fall to the seat that
        decides for the area."""
        self.effect(effect, area, self.deciding_seat(area), source)

    effect = Dispatch(m.Effect)

    @effect.on(m.SwapAny)
    def _swap_any(self, effect: m.SwapAny, area: int, seat: int, source: str) -> None:
        self.choose_swap(seat, area, f"Swap {effect.count} cards ({source})")

    @effect.on(m.SwapCards)
    def _swap_cards(self, effect: m.SwapCards, area: int, seat: int, source: str) -> None:
        first, second = self.cell_of(effect.first, area), self.cell_of(effect.second, area)
        if first is not None and second is not None and first != second:
            self.swap(area, first, second)

    @effect.on(m.DrawLaw)
    def _draw_law(self, effect: m.DrawLaw, area: int, seat: int, source: str) -> None:
        for _ in range(effect.count):
            self.draw_law(area)

    @effect.on(m.DrawPattern)
    def _draw_pattern(self, effect: m.DrawPattern, area: int, seat: int, source: str) -> None:
        self.draw_patterns(area, effect.count, effect.difficulty, effect.keep)

    @effect.on(m.Reveal)
    def _reveal(self, effect: m.Reveal, area: int, seat: int, source: str) -> None:
        for _ in range(effect.count):
            self.choose_reveal(seat, area, f"Turn a card face up ({source})")

    @effect.on(m.TurnFaceDown)
    def _hide(self, effect: m.TurnFaceDown, area: int, seat: int, source: str) -> None:
        """R33: a locked card "cannot be moved in the usual way", but turning
        it face down does not move it: the 4-card Power effect (and an event
        that hides a card, the same effect) may pick it. Under rules
        revision 1 locked cards were left out, as logs of then recorded."""
        slots = self.state.areas[area].cells
        candidates = range(len(slots)) if self.rules_since(2) else self.movable_cells(area)
        cells = [i for i in candidates if (slot := slots[i]) is not None and slot.face_up]
        if cells:
            choice = self.decide(
                seat,
                "hide",
                "Turn which card face down?",
                [Choice("cell", (i,), partial(self.cell_label, area, i)) for i in cells],
            )
            hidden = self.state.areas[area].cells[choice.args[0]]
            assert hidden is not None, "a face-up card was chosen (cells, above)"
            hidden.face_up = False
            self.moved(area)
            self.event("hidden", area=area, cell=cell_name(choice.args[0]))

    @effect.on(m.RecoverDiscard)
    def _recover(self, effect: m.RecoverDiscard, area: int, seat: int, source: str) -> None:
        self.recover_discard(seat, area)

    @effect.on(m.SeekDeck)
    def _seek(self, effect: m.SeekDeck, area: int, seat: int, source: str) -> None:
        self.seek(seat, area)

    @effect.on(m.DiscardTop)
    def _discard_top(self, effect: m.DiscardTop, area: int, seat: int, source: str) -> None:
        pile = self.state.side_decks.get(effect.deck, [])
        if pile:
            card = pile.pop()
            self.discard(card, area)  # either pile; an empty one must take it
            if effect.remember:
                self.state.scenario_state[effect.remember] = card
                self.event("state", name=effect.remember, card=card)

    # ------------------------------------------------------------------ scenario rules
    def run_triggers(self, kind: m.TriggerKind, area: int, card_id: str | None) -> None:
        if self.scenario is None:
            return
        for _, rule in rules_of(self.scenario, m.Trigger):
            if rule.kind is not kind:
                continue
            if rule.selector is not None and (
                card_id is None or not self._card_matches(rule.selector, area, card_id)
            ):
                continue
            for effect in rule.effects:
                self.run_effect(effect, area, source=f"scenario rule '{kind.value}'")

    def _card_matches(self, selector: m.Selector, area: int, card_id: str) -> bool:
        cell = self.state.areas[area].find(card_id)
        if cell is None:
            return False
        return Evaluator(self.area_model(area, reveal=True)).matches(selector, cell, cell)

    def cell_of(self, ref: m.CellRef, area: int) -> int | None:
        model = self.area_model(area, reveal=True)
        evaluator = Evaluator(model, Facts(scenario_state=dict(self.state.scenario_state)))
        cells = [c for c in model.occupied() if evaluator.matches(ref.card, c, None)]
        if not cells:
            return None
        if ref.direction is None:
            return cells[0]
        return offset(cells[0], *ref.direction.offset)
