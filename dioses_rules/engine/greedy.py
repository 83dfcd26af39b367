"""The greedy agent: what maximises the score it can see, one decision at a
time (face-down cards unknown), judged by the fast valuation
(``valuation``), plus a bonus for the scenario victory conditions it meets.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from ..language import model as m
from ..scoring.board import LawEntry
from .game import Game
from .patterns import Signature, face_up_signature
from .reference import reference_value
from .state import Choice, Decision, Slot, options_of
from .valuation import Context, ContextKey, Near, Trial, Valuation

T = TypeVar("T")
# the decisions judged option by option by _scorer (a card's cell and a swap: in one loop)
_SCORED = frozenset({"law", "pattern", "seek-order"})
# GreedyAgent forgets them all past this many: a planner's rollouts, which
# share one agent, ask again mostly for what they valued a few simulations
# before, and the collector's full passes walk every value kept (#29)
MAX_REMEMBERED_VALUES = 30_000


# A trial move (trials.Trial): the face-up signature it makes, and the cells
# it changes. A card played is face up; a swapped card keeps its face state (R17).


def _placed(seen: Signature, cell: int, card: str) -> Trial:
    return _placements(seen, card, (cell,))[0]


def _swapped(seen: Signature, first: int, second: int) -> Trial:
    return _swaps(seen, ((first, second),))[0]


def _placements(seen: Signature, card: str, cells: Iterable[int]) -> list[Trial]:
    """The trials of ``card`` played at each of ``cells`` (one list changed
    and put back for each: a tuple of it is each trial's signature)."""
    work: list[str | None] = list(seen)
    trials: list[Trial] = []
    for cell in cells:
        work[cell] = card
        trials.append((tuple(work), (cell,)))
        work[cell] = seen[cell]
    return trials


def _swaps(seen: Signature, pairs: Iterable[tuple[int, int]]) -> list[Trial]:
    """The trials of each pair of cells swapped (as :func:`_placements`)."""
    work: list[str | None] = list(seen)
    trials: list[Trial] = []
    for first, second in pairs:
        work[first], work[second] = seen[second], seen[first]
        trials.append((tuple(work), (first, second)))
        work[first], work[second] = seen[first], seen[second]
    return trials


class GreedyAgent:
    """Maximises the score it can see, one decision at a time."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._promises: dict[str, float] = {}  # R32: a card's worth to the area below
        # the (area, its cells' (card, face up) or None) the promises are for
        self._promised_for: tuple[int, tuple[tuple[str, bool] | None, ...]] | None = None
        # the game of the values (held weakly: the game holds the agent; Valuation.game)
        self._values_of: weakref.ref[Game] | None = None
        self._valuation: Valuation | None = None  # for the game of _values_of
        self._values: dict[ContextKey, Context] = {}  # contexts by key, their values; one game
        self._remembered = 0  # values in _values
        self._deciding = False  # within choose: the game does not change
        self._current: Context | None = None  # the area's, during a decision
        self._near: Near | None = None  # the last signature trial moves were made from
        self._nears: dict[int, Near] = {}  # by area: the last one made for it
        # the last card's values at cells (_played_values): context, area's signature,
        # card, cells, values
        self._played: tuple[Context, Signature, str, list[int], list[float]] | None = None

    # ------------------------------------------------------------ valuation
    def follow(self, game: Game, seed: int) -> None:
        """Play ``game`` next, keeping the values remembered in the game
        before (the planner's simulated games, copies of one game: a value
        depends only on the context key and the face-up cells, never on
        which game asks), with its random generator seeded anew."""
        self.rng.seed(seed)
        self._promises, self._promised_for, self._near = {}, None, None
        self._nears, self._played = {}, None
        if self._valuation is None:
            self._context(game, 0, None)
        assert self._valuation is not None, "_context makes one for a new game"
        self._valuation.game = game
        self._values_of = weakref.ref(game)

    def value(
        self,
        game: Game,
        area: int,
        cells: Sequence[Slot | None],
        laws: list[LawEntry] | None = None,
    ) -> float:
        """Known score of an area: face-down cards count as unknown (absent).

        Computed by :class:`~.valuation.Valuation` (equal to :meth:`_score`,
        the reference), and remembered by everything it reads: the agent
        asks again and again about layouts it judged already (the area as it
        is, at each of its decisions; the same trial move a turn later)."""
        return self.value_of(game, area, face_up_signature(cells), laws)

    def value_of(
        self,
        game: Game,
        area: int,
        signature: Signature,
        laws: list[LawEntry] | None = None,
        near: Near | None = None,
        cells: tuple[int, ...] = (),
    ) -> float:
        """:meth:`value` of the cells whose face-up signature this is,
        remembered by signature among the values of its context (all it
        depends on besides the face-up cards, :meth:`_context`). A trial
        move names the signature it was tried from (``near``) and the
        ``cells`` it changed: its scene is made from that one's."""
        context = self._context(game, area, laws) if laws else self._context_now(game, area)
        value = context.values.get(signature)
        if value is None:
            self._remembered += 1
            assert self._valuation is not None, "_context, above, made one for the game"
            valuation = self._valuation
            if near is None:
                value = valuation.value_in(context, signature)
            else:
                value = valuation.value_near(context, near, signature, cells)
            context.values[signature] = value
        return value

    def _context_now(self, game: Game, area: int) -> Context:
        """The area's context as the game is now: within one decision, the
        one read at its start (nothing changes while the agent weighs)."""
        current = self._current
        if current is not None and current.key[0] == area:
            return current
        context = self._context(game, area, None)
        if self._deciding:
            self._current = context
        return context

    def _near_of(self, area: int, seen: Signature) -> Near:
        """The trial moves' start for an area whose face-up signature this is:
        the last one when it is the same (the area as it was at the agent's
        last decision, as the action and then the card drawn, or a swap,
        are weighed), its scene and the points it keeps made once; else a
        new one, which keeps what it can of the area's last one (``Near``:
        the area changed by a move or two since, most of its cards' points
        are the same)."""
        near = self._near
        if near is None or near.signature != seen:
            before = self._nears.get(area)
            near = self._near = self._nears[area] = Near(seen, before)
        return near

    def _context(self, game: Game, area: int, laws: list[LawEntry] | None) -> Context:
        """The context of the area now (with ``laws`` instead of its own),
        the one kept for it if the game was in it before: the laws, the held
        patterns and whether completed, the objectives, what the scenario
        remembers and the abilities used (the game's fixed parts, registry
        and scenario, are the same for all of its contexts)."""
        known = self._values_of
        if known is None or known() is not game or self._remembered >= MAX_REMEMBERED_VALUES:
            if known is None or known() is not game:
                self._valuation, self._near, self._nears = Valuation(game), None, {}
            self._values, self._values_of, self._remembered = {}, weakref.ref(game), 0
        # made above the first time, when _values_of was still None
        assert self._valuation is not None, "a game's valuation is made with its values"
        valuation = self._valuation
        key = valuation.context_key(area, laws)
        context = self._values.get(key)
        if context is None:
            context = self._values[key] = valuation.context_of(key, laws)
        return context

    @staticmethod
    def _score(
        game: Game, area: int, cells: Sequence[Slot | None], laws: list[LawEntry] | None
    ) -> float:
        """The reference of :meth:`value`: the area as a board, scored."""
        return reference_value(game, area, cells, laws)

    # ------------------------------------------------------------ decisions
    def choose(self, game: Game, decision: Decision) -> int:
        """The decision's best option."""
        return self._weighing(self._choose, game, decision)[0]

    def choose_weighing(self, game: Game, decision: Decision) -> tuple[int, list[float] | None]:
        """:meth:`choose` and :meth:`option_values` at once: the values
        weighed once (the planner asks both)."""
        return self._weighing(self._choose, game, decision)

    def option_values(self, game: Game, decision: Decision) -> list[float] | None:
        """What the agent sees each option to be worth, for the decisions it
        judges option by option (a card's cell, a swap, a law's line, a
        pattern, a card of the seek); None for the others. The planner ranks
        its candidates by it."""
        return self._weighing(self._judged, game, decision)

    def _weighing(self, weigh: Callable[[Game, Decision], T], game: Game, decision: Decision) -> T:
        """``weigh(game, decision)``, inside the decision: nothing in the game
        changes while the agent weighs its options, so the context of its
        values is read once (:meth:`_context_now`)."""
        self._deciding, self._current = True, None
        try:
            return weigh(game, decision)
        finally:
            self._deciding, self._current = False, None

    def _judged(self, game: Game, decision: Decision) -> list[float] | None:
        """:meth:`option_values`, inside a decision. A card's cell and a
        swap, the decisions with the most options, are judged in one loop
        (what :meth:`_after_place` and :meth:`_after_swap` give each)."""
        kind = decision.kind
        if kind in ("exchange", "drawn", "swap"):
            area = game.state.seat_area[decision.seat]
            seen = face_up_signature(game.state.areas[area].cells)
            if kind == "swap":
                return self._swap_values(game, area, seen, decision.choices)
            assert decision.subject is not None, "the card played is the decision's subject"
            return self._place_values(game, area, seen, decision.subject, decision.choices)
        if kind not in _SCORED:  # judged as a whole (_chosen), or not at all
            return None
        score = self._scorer(game, decision)
        return [score(c) for c in decision.choices]

    def _trial_values(
        self, game: Game, area: int, seen: Signature, trials: list[Trial]
    ) -> list[float]:
        """The values of trial moves from the area whose face-up signature
        is ``seen`` (each its signature and the cells it changes), remembered
        in the area's context: what :meth:`value_of` gives each, in one loop
        (``Valuation.trial_values``)."""
        context = self._context_now(game, area)
        valuation = self._valuation
        assert valuation is not None, "_context_now made one for the game"
        values = context.values
        known = len(values)
        found = valuation.trial_values(context, self._near_of(area, seen), trials)
        self._remembered += len(values) - known
        return found

    def _place_values(
        self, game: Game, area: int, seen: Signature, card: str, choices: Sequence[Choice]
    ) -> list[float]:
        cells: list[int] = []
        discards: list[int] = []  # the options that discard the card, by index
        for index, (kind, args) in enumerate(options_of(choices)):  # not made (state.py)
            if kind == "discard":
                discards.append(index)
            else:
                cells.append(args[0])
        found = self._played_values(game, area, seen, card, cells)
        for index in discards:  # a discard as _after_place
            found.insert(index, self._as_is(game, area, seen) + 0.5)
        return found

    def _played_values(
        self, game: Game, area: int, seen: Signature, card: str, cells: list[int]
    ) -> list[float]:
        """The values of ``card`` played at each of ``cells`` (:meth:`_trial_values`),
        the last ones asked again as they were: the action weighs the
        discard pile's top at every cell, then the card taken is placed
        among the same cells of the same area."""
        context = self._context_now(game, area)  # the values' context: the area's now
        last = self._played
        if last is not None and last[0] is context and last[1:4] == (seen, card, cells):
            return last[4].copy()
        found = self._trial_values(game, area, seen, _placements(seen, card, cells))
        self._played = (context, seen, card, cells, found.copy())
        return found

    def _swap_values(
        self, game: Game, area: int, seen: Signature, choices: Sequence[Choice]
    ) -> list[float]:
        pairs = [args for _, args in options_of(choices)]  # the options not made (state.py)
        return self._trial_values(game, area, seen, _swaps(seen, pairs))

    def _as_is(self, game: Game, area: int, seen: Signature) -> float:
        """:meth:`value_of` the area as it is (``seen``, its signature now):
        valued from its near area (:meth:`_near_of`), whose points its trial
        moves keep, so that they are judged once for both."""
        return self.value_of(game, area, seen, None, self._near_of(area, seen), ())

    def _scorer(self, game: Game, decision: Decision) -> Callable[[Choice], float]:
        """The value of one option of ``decision``, for the kinds judged so
        (``_SCORED``)."""
        area = game.state.seat_area[decision.seat]
        cells = game.state.areas[area].cells
        seen = face_up_signature(cells)
        kind = decision.kind
        if kind == "law":
            law = decision.subject
            assert law is not None, "draw_law names the law it places"
            # every line's trial has the cells as they are: one scene
            near = self._near_of(area, seen)
            return lambda c: self._after_law(game, area, near, law, c)
        if kind == "pattern":
            return lambda c: self._pattern_promise(game, area, c.args[0])
        assert kind == "seek-order", "_SCORED's kinds"
        # R32: the card that would help most comes back first.
        return lambda c: self._promise(game, area, cells, seen, c.args[0])

    def _choose(self, game: Game, decision: Decision) -> tuple[int, list[float] | None]:
        """The best option, and the values of the options when judged one by one."""
        values = self._judged(game, decision)
        if values is not None:
            return self._best(values), values
        return self._chosen(game, decision), None

    def _chosen(self, game: Game, decision: Decision) -> int:
        """:meth:`_choose` of a decision whose options are not judged one by one."""
        area = game.state.seat_area[decision.seat]
        cells = game.state.areas[area].cells
        seen = face_up_signature(cells)
        kind = decision.kind
        choices = decision.choices
        if kind == "action":
            return self._action(game, area, seen, choices)
        if kind == "after-discard":
            near = self._near_of(area, seen)
            best_swap = max(
                self._after_swap(game, area, near, a, b)
                for a in range(len(cells))
                for b in range(a + 1, len(cells))
                if cells[a] is not None and cells[b] is not None
            )
            return 0 if best_swap > self._as_is(game, area, seen) else 1
        if kind in ("power", "power-after"):  # R26: the same reasons before and after
            return self._power(game, area, seen, choices)
        return self.rng.randrange(len(choices))

    def _power(self, game: Game, area: int, seen: Signature, choices: Sequence[Choice]) -> int:
        # Scenario abilities move its cards where the victory needs them.
        for index, choice in enumerate(choices):
            if choice.kind == "ability":
                return index
        # A paid swap (R22) when it gains clearly more than it costs.
        for index, choice in enumerate(choices):
            power = game.registry.get("power", choice.args[0]) if choice.kind == "power" else None
            if power and any(isinstance(e, m.SwapAny) for e in power.effects):
                current = self._as_is(game, area, seen)
                movable = game.movable_cells(area)
                near = self._near_of(area, seen)
                best = max(
                    (
                        self._after_swap(game, area, near, a, b)
                        for i, a in enumerate(movable)
                        for b in movable[i + 1 :]
                    ),
                    default=current,
                )
                if best - current >= max(2.0, power.cost):
                    return index
        return 0

    def _best(self, values: list[float]) -> int:
        best = max(values)
        return self.rng.choice([i for i, v in enumerate(values) if v == best])

    # The trial moves below: _placed and _swapped (the top of the module).
    def _after_place(self, game: Game, area: int, near: Near, card: str, choice: Choice) -> float:
        seen = near.signature
        if choice.kind == "discard":
            return self._as_is(game, area, seen) + 0.5  # keep options open
        trial, cells = _placed(seen, choice.args[0], card)
        return self.value_of(game, area, trial, None, near, cells)

    def _promise(
        self, game: Game, area: int, cells: Sequence[Slot | None], seen: Signature, card: str
    ) -> float:
        """What a card would be worth to the area at its best movable cell now."""
        layout = (area, tuple((s.card, s.face_up) if s else None for s in cells))
        if layout != self._promised_for:  # kept while the area stays as it is
            self._promises, self._promised_for = {}, layout
        if card not in self._promises:  # each card is asked about once per return
            near = self._near_of(area, seen)
            self._promises[card] = max(
                (
                    self._after_place(game, area, near, card, Choice("play", (cell,)))
                    for cell in game.movable_cells(area)
                ),
                default=0.0,
            )
        return self._promises[card]

    def _after_swap(self, game: Game, area: int, near: Near, first: int, second: int) -> float:
        trial, cells = _swapped(near.signature, first, second)
        return self.value_of(game, area, trial, None, near, cells)

    def _after_law(self, game: Game, area: int, near: Near, law: str, choice: Choice) -> float:
        entry = (
            LawEntry(law, row=choice.args[0])
            if choice.kind == "row"
            else LawEntry(law, column=choice.args[0])
        )
        laws = list(game.state.areas[area].laws) + [entry]
        return self.value_of(game, area, near.signature, laws, near, ())

    def _pattern_promise(self, game: Game, area: int, pattern_id: str) -> float:
        pattern = game.registry.get("pattern", pattern_id)
        assert pattern is not None, "a pattern offered is in the game's registry"
        cells = sum(1 for row in pattern.shape for c in row if c is not None)
        shows = game.patterns.matches(pattern, game.state.areas[area].cells)
        return game.registry.pattern_points(pattern) / cells + (10 if shows else 0)

    def _action(self, game: Game, area: int, seen: Signature, choices: Sequence[Choice]) -> int:
        current = self._as_is(game, area, seen)
        best_index, best_gain = None, 0.0
        options = options_of(choices)  # not made (state.py)
        for index, (kind, args) in enumerate(options):
            if kind != "take-discard":
                continue
            card = game.state.discards[args[0]][-1]
            for value in self._played_values(game, area, seen, card, game.movable_cells(area)):
                gain = value - current
                if gain > best_gain:
                    best_index, best_gain = index, gain
        if best_index is not None and best_gain >= 1:
            return best_index
        draw = [i for i, (kind, _) in enumerate(options) if kind == "draw"]
        return draw[0] if draw else self.rng.randrange(len(choices))
