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
give in the near area; the others are judged on the trial's scene. Points
are integers, so the sum is the same float in any order.

Everything it reads from the definitions is resolved once per registry and
compiled pool, for all their games (``valuation_parts``): the compiled form
of each card, law, objective and scenario condition, and the parts of each
victory condition (kept alive there: compiled forms are keyed by the identity
of their trees). It holds on to the compiled pool it started with, so that
cards and closures always come from the same vocabulary even if the
process's pool is replaced meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress, repeat
from operator import call, getitem
from typing import TYPE_CHECKING

from ..scoring import compiled
from ..scoring.board import LawEntry
from ..scoring.evaluator import Facts
from ..scoring.masks import BIT, FULL, cells_of
from ..scoring.scene import ALWAYS, CELLS, HEAVY_SHIFT, LANE, CardInfo, Scene
from .card_reads import FACTS
from .valuation_parts import (
    Holds,
    LawPart,
    ObjectivePart,
    Shows,
    parts_of,
)

if TYPE_CHECKING:
    from .game import Game

Signature = tuple[str | None, ...]  # the card id of each face-up cell, else None
# What a context is made from, by id (Valuation.context_key): the area; its
# laws (card, row, column); its held patterns (card, completed); the game's
# objectives (goal, element); what the scenario remembers; the abilities used
ContextKey = tuple[
    int,
    tuple[tuple[str, str | None, int | None], ...],
    tuple[tuple[str, bool | None], ...],
    tuple[tuple[str, ...], ...],
    tuple[tuple[str, str], ...],
    tuple[int, ...],
]
_CALL: Callable[..., int] = call  # a card's points at its cell (value_in's map)

VICTORY_BONUS, CHALLENGE_BONUS = 8, 4  # all of them met
ABILITY_READY = 2.5  # a scenario ability whose condition is met, not used yet


# ---------------------------------------------------------------- the fast path


class Context:
    """What the values of an area depend on besides its face-up cards, at
    one moment of the game: its laws (compiled lines, facts), held patterns
    (pattern, points, completed already), objectives (lines, facts,
    element), what the scenario remembers and the abilities used. ``key``
    holds all of it by id; ``values`` is free for a caller to remember
    values in (by signature)."""

    __slots__ = (
        "card_facts",
        "key",
        "laws",
        "objectives",
        "patterns",
        "scenario_state",
        "used",
        "values",
    )

    def __init__(
        self,
        key: ContextKey,
        laws: list[LawPart],
        patterns: list[tuple[Shows, int, bool]],
        objectives: list[ObjectivePart],
        scenario_state: tuple[tuple[str, str], ...],
        used: tuple[int, ...],
    ):
        self.key = key
        self.laws = laws
        self.patterns = patterns
        self.objectives = objectives
        self.scenario_state = scenario_state
        self.used = used
        self.values: dict[Signature, float] = {}
        self.card_facts: dict[tuple[int, int], Facts] = {}  # (completed, laws met) -> Facts


class Near:
    """A signature the agent tries moves from (the area as it is), and the
    parts of its scene (each cell's card, the sum of their lanes) once
    asked for: a trial move's scene is these with one or two cells changed
    (:meth:`Valuation.scene_near`), not a sum of twelve again. The trials
    share one scene, changed in place for each: it holds the last trial's.
    And the points of its cards whose reach is known (``card_reads``), so
    that a trial judges again only the cards it changes or reaches
    (:meth:`Valuation.value_near`)."""

    __slots__ = (
        "base",
        "both",
        "changed",
        "infos",
        "judged",
        "kept",
        "kept_for",
        "kept_total",
        "laws",
        "readers",
        "scene",
        "signature",
        "unknown",
        "work",
    )

    def __init__(self, signature: Signature):
        self.signature = signature
        self.infos: list[CardInfo | None] = []  # the signature's cards, once a scene is asked
        self.work: list[CardInfo | None] = []  # the scene's: infos, the last trial's cells changed
        self.changed: tuple[int, ...] = ()  # those cells
        self.scene: Scene | None = None  # made when first asked
        self.both = 0
        # once a trial asks (Valuation._keep): the points of each card whose
        # reach is known (0 elsewhere), their sum, per cell the cards that
        # read it, and the cells of the cards whose reach is not known
        self.kept: list[int] | None = None
        self.kept_total = 0
        self.kept_for = (0, 0)  # the patterns completed and laws met they are judged with
        self.readers: list[int] = []
        self.unknown = 0
        self.judged = 0  # the cells of the cards that read those facts
        self.base: Scene | None = None  # its own scene (not the trials'), once asked
        self.laws: dict[int, int] = {}  # by a law's parts' id: what it gives on its cells


class Valuation:
    """The agent's value of an area of one game, from its face-up signature."""

    def __init__(self, game: Game):
        self.game = game
        self.registry = game.registry
        self.pool = compiled.pool()  # kept: cards and closures of one vocabulary
        # the definitions resolved, shared by the registry's games (valuation_parts)
        shared = parts_of(game.tables, self.pool)
        self._infos, self._lanes, self._points = shared.infos, shared.lanes, shared.points
        self._reads = shared.reads
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

    # ------------------------------------------------------------ the value
    def scene(self, signature: Signature) -> Scene:
        """The scene of the face-up cards of a signature, every one of them
        face up: ``Scene.sparse`` of them. Its kinds and occupied cells are
        one sum of each card's lanes at its cell shifted up one lane, and its
        cell's bit in the freed lane (no two cards set the same bit)."""
        infos = list(map(self._infos.__getitem__, signature))  # first: fills the others
        both = sum(map(getitem, map(self._lanes.__getitem__, signature), CELLS))
        occupied, kinds = both & FULL, (both >> LANE) + ALWAYS
        # every card of the scene is face up: the weighted ones are lane 1's
        return Scene(infos, occupied, occupied, kinds, (kinds >> HEAVY_SHIFT) & FULL)

    def scene_near(self, near: Near, signature: Signature, cells: tuple[int, ...]) -> Scene:
        """:meth:`scene` of ``signature``, which differs from ``near``'s
        only at ``cells``: its sum of lanes is the near one's, those cells'
        lanes taken out and the new ones put in (the same integers). The
        scene is the near one's, changed in place: it is this trial's until
        the next is asked for."""
        base = near.signature
        by_card, lanes = self._infos, self._lanes
        scene, infos, work = near.scene, near.infos, near.work
        if scene is None:
            infos = near.infos = list(map(by_card.__getitem__, base))  # fills the lanes
            near.both = sum(map(getitem, map(lanes.__getitem__, base), CELLS))
            work = near.work = infos.copy()
            scene = near.scene = Scene(work, 0, 0, 0, 0)
        else:
            for cell in near.changed:  # the last trial's cells back as they are
                work[cell] = infos[cell]
            scene.area = None
            if scene.memo:
                scene.memo = {}
        near.changed = cells
        both = near.both
        for cell in cells:
            card = signature[cell]
            work[cell] = by_card[card]  # first: fills its lanes
            both += lanes[card][cell] - lanes[base[cell]][cell]
        occupied, kinds = both & FULL, (both >> LANE) + ALWAYS
        scene.occ = scene.up = occupied
        scene.kinds, scene.heavy = kinds, (kinds >> HEAVY_SHIFT) & FULL
        scene._names_of = -1  # its name lanes summed when a line asks (Scene.names)
        return scene

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
        differs from its only at ``cells``. The cards the move neither
        changes nor reaches (``card_reads``: their points read none of those
        cells) keep the points they have in ``near``; the others are judged
        on the trial's scene. Points are integers: the sum is the same in any
        order. In a scenario, whose credit reads each card's points, every
        card is judged (:meth:`value_in`)."""
        scene = self.scene_near(near, signature, cells)
        if self.scenario is not None:
            return self.value_in(context, signature, scene)
        total, completed, met = self._judged(context, signature, scene, near)
        kept = near.kept
        if kept is None:  # judged with this trial's facts: most of its trials have them
            kept = self._keep(context, near, completed, met)
        redo, readers = near.unknown, near.readers
        if (completed, met) != near.kept_for:
            redo |= near.judged
        for cell in cells:
            redo |= readers[cell] | BIT[cell]
        points = near.kept_total
        for cell in cells_of(redo):
            points -= kept[cell]
            card = signature[cell]
            if card is not None:
                points += self._points[card](scene, cell)
        total += points
        for lines, element_facts, selector in context.objectives:  # R15
            scene.judge_with(element_facts, selector)
            total += lines(scene, None)
        return float(total)

    def _keep(self, context: Context, near: Near, completed: int, met: int) -> list[int]:
        """``near``'s points of each card whose reach is known, on its own
        scene, judged with the facts of ``completed`` patterns and ``met``
        laws (a card whose reach holds ``FACTS`` is judged again at a trial
        of other numbers), and who reads which cell (:class:`Near`)."""
        signature = near.signature
        scene = near.base
        if scene is None:
            scene = near.base = self.scene(signature)
        scene.judge_with(self.pool.card_facts(False, context.scenario_state, completed, met))
        kept, readers, unknown, judged = [0] * len(CELLS), [0] * len(CELLS), 0, 0
        for cell, card in enumerate(signature):
            if card is None:
                continue
            reads = self._reads[card][cell]
            if reads is None:
                unknown |= BIT[cell]
                continue
            kept[cell] = self._points[card](scene, cell)
            if reads & FACTS:
                judged |= BIT[cell]
            for read in cells_of(reads & FULL):
                readers[read] |= BIT[cell]
        near.kept, near.kept_total, near.kept_for = kept, sum(kept), (completed, met)
        near.readers, near.unknown, near.judged = readers, unknown, judged
        return kept

    def _law_near(self, near: Near, law: LawPart) -> int:
        """What a law gives on ``near``'s own cells, remembered in ``near``
        by the law (a law's parts are made once: its identity is its key)."""
        base = near.base
        if base is None:
            base = near.base = self.scene(near.signature)
        lines, law_facts, line, _ = law
        base.judge_line(law_facts, line)
        got: int = lines(base, None)
        near.laws[id(law)] = got
        return got

    def _judged(
        self, context: Context, signature: Signature, scene: Scene, near: Near | None = None
    ) -> tuple[int, int, int]:
        """The points of the area's laws (R13) and held patterns (R14), how
        many of each are met and completed; ``scene`` is left judged with the
        facts its cards are judged with. For a trial from ``near`` (its
        cells ``near.changed``), a law whose lines read none of them gives
        what it gives in ``near`` (:meth:`_law_near`)."""
        total = met = changed = 0
        if near is not None:
            for cell in near.changed:
                changed |= BIT[cell]
        for law in context.laws:  # R13
            lines, law_facts, line, reads = law
            if near is not None and reads is not None and not reads & changed:
                got = near.laws.get(id(law))
                if got is None:
                    got = self._law_near(near, law)
            else:
                scene.judge_line(law_facts, line)
                got = lines(scene, None)
            total += got
            if got > 0:
                met += 1
        completed = 0
        up, kinds = scene.up, scene.kinds
        for shows, worth, done in context.patterns:  # R14: judged unless completed
            if not done:
                for cells, wanted in shows:  # valuation_parts: ValuationParts._shows
                    if up & cells == cells and kinds & wanted == wanted:
                        break
                else:
                    continue
            completed += 1
            total += worth
        facts = context.card_facts.get((completed, met))
        if facts is None:
            facts = context.card_facts[completed, met] = self.pool.card_facts(
                False, context.scenario_state, completed, met
            )
        scene.judge_with(facts)
        return total, completed, met

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
