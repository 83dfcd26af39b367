"""What a greedy agent sees an area to be worth, fast (issue #12).

:class:`~.agents.GreedyAgent` values every trial move by the score the player
can see: the area with its face-down cards left out, scored at the end with
``all_face_up_at_end`` false, plus credit for the scenario's victory
conditions met. Its reference is ``score_board(board_of(..., seen_only=True))``
(:func:`~.reference.reference_value`, the oracle tests/test_greedy_valuation.py
compares with); that path builds a :class:`~..scoring.board.Board`, a report with a
score per card, and judges laws and objectives with the reference evaluator
with explanations, about a thousand times per game.

:class:`Valuation` computes the same number straight from the game's slots,
with the compiled evaluator (``scoring.compiled``): one :class:`Scene` of the
face-up cards, judged once per law, once for the cards, once per objective
and once for the scenario, and nothing else built. The compiled evaluator
scores exactly what the reference scores (tests/test_compiled.py), and every
sum here is the one ``score_board`` and the agent make, in the same order, so
the value is the same float.

A trial move (a card placed, two cards swapped) is valued from the area as
it is (:class:`Near`, :meth:`Valuation.value_near`, issue #29): its scene is
the near one's with one or two cells changed, in place, and the cards and
laws whose points read none of those cells (``card_reads``) keep what they
give in the near area; the others are judged on the trial's scene
(``trials``: a decision's trials in one loop, :meth:`Valuation.trial_values`).
Points are integers, so the sum is the same float in any order.

Everything it reads from the definitions is resolved once per registry and
compiled pool, for all their games (``valuation_parts``): the compiled form
of each card, law, objective and scenario condition, and the parts of each
victory condition (kept alive there: compiled forms are keyed by the identity
of their trees). It holds on to the compiled pool it started with, so that
cards and closures always come from the same vocabulary even if the
process's pool is replaced meanwhile.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from itertools import compress, repeat
from operator import call
from typing import TYPE_CHECKING

from ..scoring import compiled
from ..scoring.board import LawEntry
from ..scoring.evaluator import Facts
from ..scoring.scene import CELLS, Scene
from .patterns import Signature
from .trials import Near, Trial, Trials
from .valuation_parts import Context, ContextKey, Holds, parts_of

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Context", "ContextKey", "Near", "Signature", "Trial", "Valuation"]

_CALL: Callable[..., int] = call  # a card's points at its cell (value_in's map)

VICTORY_BONUS, CHALLENGE_BONUS = 8, 4  # all of them met
ABILITY_READY = 2.5  # a scenario ability whose condition is met, not used yet


# ---------------------------------------------------------------- the fast path


class Valuation:
    """The agent's value of an area of one game, from its face-up signature."""

    def __init__(self, game: Game):
        self._game = weakref.ref(game)  # not kept alive: see game
        self.registry = game.registry
        self.pool = compiled.pool()  # kept: cards and closures of one vocabulary
        # the definitions resolved, shared by the registry's games (valuation_parts)
        shared = parts_of(game.tables, self.pool)
        self._infos, self._lanes, self._points = shared.infos, shared.lanes, shared.points
        self.trials = Trials(shared, self.pool)  # the trial moves' values (trials.py)
        self._law, self._pattern, self._objective = shared.law, shared.pattern, shared.objective
        self.scenario = game.scenario
        self._victory: list[Holds] = []
        self._challenge: list[Holds] = []
        self._parts: list[tuple[float, list[list[Holds]]]] = []
        self._abilities: list[tuple[int, Holds]] = []
        if self.scenario is not None:
            scenario = shared.scenario(self.scenario)
            self._victory, self._challenge = scenario.victory, scenario.challenge
            self._parts, self._abilities = scenario.parts, scenario.abilities

    @property
    def game(self) -> Game:
        """The game valued (held weakly: the agents that value it are held
        by the game, so game and agents are freed as soon as they are done
        with, not by the collector after)."""
        game = self._game()
        assert game is not None, "a valuation is asked only during its game"
        return game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = weakref.ref(game)

    # ------------------------------------------------------------ the value
    def scene(self, signature: Signature) -> Scene:
        """The scene of the face-up cards of a signature (``Trials.scene``)."""
        return self.trials.scene(signature)

    def scene_near(self, near: Near, signature: Signature, cells: tuple[int, ...]) -> Scene:
        """The scene of a trial move from ``near`` (``Trials.scene_near``)."""
        return self.trials.scene_near(near, signature, cells)

    def context(self, area: int, laws: list[LawEntry] | None = None) -> Context:
        """What the values of an area depend on besides its face-up cards,
        read from the game as it is now (``laws``: instead of the area's)."""
        return self.context_of(self.context_key(area, laws), laws)

    def context_key(self, area: int, laws: list[LawEntry] | None = None) -> ContextKey:
        """The key of :meth:`context` (all it is made from, by id): cheaper
        to make than the context, so a caller keeping contexts by key makes
        one only for a key it has not seen."""
        state = self.game.state
        own = state.areas[area]
        scenario_state = state.scenario_state
        objectives = state.objectives
        return (
            area,
            tuple([(e.card, e.row, e.column) for e in (own.laws if laws is None else laws)]),
            tuple([(e.card, e.completed) for e in own.patterns]) if own.patterns else (),
            tuple([tuple(pair) for pair in objectives]) if objectives else (),
            tuple(sorted(scenario_state.items())) if scenario_state else (),
            tuple(own.used_abilities),
        )

    def context_of(self, key: ContextKey, laws: list[LawEntry] | None = None) -> Context:
        """The context of ``key`` (:meth:`context_key` of the game now)."""
        state = self.game.state
        own = state.areas[key[0]]
        return Context(
            key,
            [self._law(entry) for entry in (own.laws if laws is None else laws)],
            [self._pattern(held.card) + (bool(held.completed),) for held in own.patterns],
            [self._objective(goal, element) for goal, element in state.objectives],
            key[4],
            key[5],
        )

    def value(self, area: int, signature: Signature, laws: list[LawEntry] | None = None) -> float:
        """As :func:`~.reference.reference_value` for the cells whose signature this is."""
        return self.value_in(self.context(area, laws), signature)

    def value_in(self, context: Context, signature: Signature, scene: Scene | None = None) -> float:
        """:meth:`value` in a context read before (the game has not changed);
        ``scene``: the signature's, when made already (:meth:`scene_near`)."""
        if scene is None:
            scene = self.scene(signature)
        total, completed, met = self._judged(context, signature, scene)
        # the cards' own points (R8-R11), cell by cell (compress: the occupied ones)
        points: Iterable[int] = map(
            _CALL,
            map(self._points.__getitem__, compress(signature, signature)),
            repeat(scene),
            compress(CELLS, signature),
        )
        if self.scenario is not None:
            points = list(points)
        total += sum(points)
        for lines, element_facts, selector in context.objectives:  # R15
            scene.judge_with(element_facts, selector)
            total += lines(scene, None)
        value = float(total)
        if self.scenario is not None:
            card_points = dict(zip(compress(CELLS, signature), points, strict=True))
            scene.judge_with(
                Facts(
                    card_points=card_points,
                    patterns_completed=completed,
                    laws_met=met,
                    total=total,
                    scenario_state=dict(context.scenario_state),
                )
            )
            value += self._progress(scene, context.used)
        return value

    def value_near(
        self, context: Context, near: Near, signature: Signature, cells: tuple[int, ...]
    ) -> float:
        """:meth:`value_in` of a trial move from ``near``: ``signature``
        differs from its only at ``cells``. The cards and laws the move
        neither changes nor reaches keep what they give in ``near``
        (``Trials.value``). In a scenario, whose credit reads each card's
        points, every card is judged (:meth:`value_in`)."""
        if self.scenario is not None:
            return self.value_in(context, signature, self.trials.scene_near(near, signature, cells))
        return self.trials.value(context, near, signature, cells)

    def trial_values(self, context: Context, near: Near, trials: Sequence[Trial]) -> list[float]:
        """:meth:`value_near` of each trial move (its signature and the cells
        it changes), remembered in ``context.values`` by signature."""
        if self.scenario is None:
            return self.trials.values(context, near, trials)
        values, value_near = context.values, self.value_near
        found = []
        for trial, cells in trials:
            value = values.get(trial)
            if value is None:
                value = values[trial] = value_near(context, near, trial, cells)
            found.append(value)
        return found

    def _judged(self, context: Context, signature: Signature, scene: Scene) -> tuple[int, int, int]:
        """The points of the area's laws (R13) and held patterns (R14), how
        many of each are met and completed; ``scene`` is left judged with the
        facts its cards are judged with."""
        total = met = 0
        for lines, law_facts, line, _ in context.laws:  # R13
            scene.judge_line(law_facts, line)
            got = lines(scene, None)
            total += got
            if got > 0:
                met += 1
        worth, completed = self.trials.held(context, scene, met)  # R14
        return total + worth, completed, met

    def _progress(self, scene: Scene, used: tuple[int, ...]) -> float:
        """As :func:`~.reference.reference_progress`, with compiled conditions."""
        value = 0.0
        for weight, conditions in self._parts:
            for split in conditions:
                met = sum(1 for part in split if part(scene, None))
                value += weight * met / len(split)
        value += VICTORY_BONUS if all(c(scene, None) for c in self._victory) else 0
        value += CHALLENGE_BONUS if all(c(scene, None) for c in self._challenge) else 0
        for index, condition in self._abilities:
            if index not in used and condition(scene, None):
                value += ABILITY_READY
        return value
