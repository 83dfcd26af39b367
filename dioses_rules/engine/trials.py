"""Trial moves valued from the area as it is (issue #29): what the greedy
agent's valuation (``valuation``) does for each card placed and each two
cards swapped that it weighs, sharing what the trials of one area share.

A trial differs from its *near* area (:class:`Near`, the area as it is) at
one or two cells. Its scene is the near one's with those cells changed, in
place (:meth:`Trials.scene_near`); a law whose lines read none of them gives
what it gives in the near area; and the cards the move neither changes nor
reaches (``card_reads``: their points read none of those cells) keep the
points they have in the near area. What a trial from a cell judges again is
known once per near area (:meth:`Trials._keep`). Points are integers: the sum is the same in any order, and the
value the same float as the whole valuation's (``Valuation.value_in``,
tests/test_card_reads.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import getitem

from ..scoring.compiled import CompiledPool
from ..scoring.masks import BIT, FULL, cells_of
from ..scoring.scene import ALWAYS, CELLS, HEAVY_SHIFT, LANE, NO_MEMO, CardInfo, Scene
from .card_reads import FACTS
from .patterns import Signature
from .valuation_parts import Context, LawPart, ValuationParts

# a trial move: the signature it makes, and the cells it changes
Trial = tuple[Signature, tuple[int, ...]]
# a near area keeps the points of the one before it when they differ at
# this many cells at most (else it judges its twelve cards again)
MOST_CHANGED = 4


class Near:
    """A signature the agent tries moves from (the area as it is), and the
    parts of its scene (each cell's card, the sum of their lanes) once
    asked for: a trial move's scene is these with one or two cells changed
    (:meth:`Trials.scene_near`), not a sum of twelve again. The trials share
    one scene, changed in place for each: it holds the last trial's. And
    the points of its cards whose reach is known (``card_reads``), so that a
    trial judges again only the cards it changes or reaches
    (:meth:`Trials.value`)."""

    __slots__ = (
        "base",
        "before",
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

    def __init__(self, signature: Signature, before: Near | None = None):
        self.signature = signature
        # the area's near area before this one (its last move not made), whose
        # kept points this one keeps where it can (Trials._keep); only one
        # that kept some, and forgotten once this one has
        self.before = before if before is not None and before.kept is not None else None
        self.infos: list[CardInfo | None] = []  # the signature's cards, once a scene is asked
        self.work: list[CardInfo | None] = []  # the scene's: infos, the last trial's cells changed
        self.changed: tuple[int, ...] = ()  # those cells
        self.scene: TrialScene | None = None  # made when first asked
        self.both = 0
        # once a trial asks (Trials._keep): the points of each card whose
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


class TrialScene(Scene):
    """The scene of a near area's trial moves (:meth:`Trials.scene_near`),
    whose name lanes, when a line asks for them (``Scene.names``), are its
    near area's own (``base``, whose cards are ``base_infos``) with the
    trial's ``changed`` cells changed: not a sum over every face-up cell (a
    planner game asks some fifty thousand times). It holds those, not the
    near area, which holds it: no cycle for the collector to find."""

    __slots__ = ("base", "base_infos", "changed")

    def __init__(
        self, infos: list[CardInfo | None], base: Scene, base_infos: list[CardInfo | None]
    ):
        super().__init__(infos, 0, 0, 0, 0)
        self.base = base
        self.base_infos = base_infos
        self.changed: tuple[int, ...] = ()

    @property
    def names(self) -> int:
        base = self.base
        names = base.names  # its own: summed again when a name has been given a lane since
        if self._names_of != base._names_of:  # this trial's not summed yet, or before that
            infos, work = self.base_infos, self.infos
            for cell in self.changed:
                new, old = work[cell], infos[cell]
                if new is not None:
                    names += new.name_lanes[cell]
                if old is not None:
                    names -= old.name_lanes[cell]
            self._names, self._names_of = names, base._names_of
        return self._names


class Trials:
    """The values of trial moves from near areas, for one valuation."""

    def __init__(self, shared: ValuationParts, pool: CompiledPool):
        self.pool = pool
        self._infos, self._lanes, self._points = shared.infos, shared.lanes, shared.points
        self._reads = shared.reads

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
            if near.base is None:
                near.base = self.scene(base)
            scene = near.scene = TrialScene(work, near.base, infos)
        else:
            for cell in near.changed:  # the last trial's cells back as they are
                work[cell] = infos[cell]
            if scene.area is not None:
                scene.area = None
        near.changed = scene.changed = cells
        both = near.both
        for cell in cells:
            card = signature[cell]
            work[cell] = by_card[card]  # first: fills its lanes
            both += lanes[card][cell] - lanes[base[cell]][cell]
        scene.occ = scene.up = both & FULL
        scene.kinds = kinds = (both >> LANE) + ALWAYS
        scene.heavy = (kinds >> HEAVY_SHIFT) & FULL
        scene._names_of = -1  # its name lanes worked out when a line asks (TrialScene.names)
        return scene

    def values(self, context: Context, near: Near, trials: Sequence[Trial]) -> list[float]:
        """The value of each trial move from ``near`` (its signature and the
        cells it changes), remembered in the context's values by signature:
        a value known is read, one not known valued by :meth:`value`."""
        values = context.values
        get, value_of = values.get, self.value
        found = []
        for trial, cells in trials:
            value = get(trial)
            if value is None:
                value = values[trial] = value_of(context, near, trial, cells)
            found.append(value)
        return found

    def value(
        self, context: Context, near: Near, signature: Signature, cells: tuple[int, ...]
    ) -> float:
        """The value of a trial move from ``near`` in a game without a
        scenario (whose credit reads every card's points): ``signature``
        differs from its only at ``cells`` (module doc)."""
        scene = self.scene_near(near, signature, cells)
        total = met = 0
        if context.laws:
            total, met = self._laws(context, near, scene, cells)
        worth, completed = self.held(context, scene, met)
        total += worth
        kept = near.kept
        if kept is None:  # judged with this trial's facts: most of its trials have them
            kept = self._keep(context, near, completed, met)
        # the cards it changes or reaches judged again, the others keep their points
        redo, readers, points = near.unknown, near.readers, self._points
        if near.kept_for != (completed, met):
            redo |= near.judged
        for cell in cells:
            redo |= readers[cell] | BIT[cell]
        total += near.kept_total
        for cell in cells_of(redo):
            total -= kept[cell]
            card = signature[cell]
            if card is not None:
                total += points[card](scene, cell)
        for lines, element_facts, selector in context.objectives:  # R15
            scene.judge_with(element_facts, selector)
            total += lines(scene, None)
        return float(total)

    def held(self, context: Context, scene: Scene, met: int) -> tuple[int, int]:
        """The points of the area's held patterns (R14) on ``scene``, and
        how many are completed; the scene is left judged with the facts its
        cards are judged with (those and ``met`` laws, R13)."""
        worth = completed = 0
        if context.patterns:
            up, kinds = scene.up, scene.kinds
            for shows, points, done in context.patterns:  # judged unless completed
                if not done:
                    for mask, wanted in shows:  # valuation_parts: ValuationParts._shows
                        if up & mask == mask and kinds & wanted == wanted:
                            break
                    else:
                        continue
                completed += 1
                worth += points
        if completed or met:
            key = (completed, met)
            facts = context.card_facts.get(key)
            if facts is None:
                facts = context.card_facts[key] = self.pool.card_facts(
                    False, context.scenario_state, completed, met
                )
        else:  # the common facts: none completed, none met
            facts = context.plain
            if facts is None:
                facts = context.plain = self.pool.card_facts(False, context.scenario_state, 0, 0)
        # Scene.judge_line(facts, 0), its stores made here (card facts name no law's line)
        scene.facts = facts
        scene.line = 0
        scene.element = None
        scene.memo = NO_MEMO
        return worth, completed

    def _laws(
        self, context: Context, near: Near, scene: Scene, cells: tuple[int, ...]
    ) -> tuple[int, int]:
        """The points of the area's laws (R13) on a trial's scene, and how
        many are met: a law whose lines read none of the trial's ``cells``
        gives what it gives in ``near`` (:meth:`_law_near`)."""
        changed = total = met = 0
        for cell in cells:
            changed |= BIT[cell]
        for law in context.laws:
            lines, law_facts, line, reads = law
            if reads is not None and not reads & changed:
                got = near.laws.get(id(law))
                if got is None:
                    got = self._law_near(near, law)
            else:
                scene.judge_line(law_facts, line)
                got = lines(scene, None)
            total += got
            if got > 0:
                met += 1
        return total, met

    def _keep(self, context: Context, near: Near, completed: int, met: int) -> list[int]:
        """``near``'s points of each card whose reach is known, on its own
        scene, judged with the facts of ``completed`` patterns and ``met``
        laws (a card whose reach holds ``FACTS`` is judged again at a trial
        of other numbers), and who reads which cell (:class:`Near`): from
        the near area before it where it has one, judged with the same facts
        and a few cells apart (:meth:`_keep_from`)."""
        signature = near.signature
        scene = near.base
        if scene is None:
            scene = near.base = self.scene(signature)
        scene.judge_with(self.pool.card_facts(False, context.scenario_state, completed, met))
        before, near.before = near.before, None
        if before is not None and before.kept_for == (completed, met):
            changed = 0
            for cell, card in enumerate(before.signature):
                if card != signature[cell]:
                    changed |= BIT[cell]
            if changed.bit_count() <= MOST_CHANGED:
                return self._keep_from(near, before, changed, scene)
        kept, readers, unknown, judged = [0] * len(CELLS), [0] * len(CELLS), 0, 0
        points, reach = self._points, self._reads
        for cell, card in enumerate(signature):
            if card is None:
                continue
            reads = reach[card][cell]
            if reads is None:
                unknown |= BIT[cell]
                continue
            kept[cell] = points[card](scene, cell)
            if reads & FACTS:
                judged |= BIT[cell]
            for read in cells_of(reads & FULL):
                readers[read] |= BIT[cell]
        near.kept, near.kept_total, near.kept_for = kept, sum(kept), (completed, met)
        near.readers, near.unknown, near.judged = readers, unknown, judged
        return kept

    def _keep_from(self, near: Near, before: Near, changed: int, scene: Scene) -> list[int]:
        """:meth:`_keep` from ``before``, whose signature differs from
        ``near``'s at the cells of ``changed``: the cards in them, and the
        ones that read them, judged on ``near``'s scene; every other card
        keeps its points (its cell, its card, what it reads and the facts are
        the same). Who reads which cell: ``before``'s, the changed cells'
        cards taken out and the new ones put in."""
        assert before.kept is not None, "a near area before keeps its points (Near)"
        kept, readers = before.kept.copy(), before.readers.copy()
        unknown, judged = before.unknown & ~changed, before.judged & ~changed
        points, reach, signature = self._points, self._reads, near.signature
        for cell in cells_of(changed):
            reads = reach[before.signature[cell]][cell]
            if reads is not None:  # (an empty cell reads none)
                for read in cells_of(reads & FULL):
                    readers[read] &= ~BIT[cell]
        for cell in cells_of(changed):
            reads = reach[signature[cell]][cell]
            if reads is None:
                unknown |= BIT[cell]
                continue
            if reads & FACTS:
                judged |= BIT[cell]
            for read in cells_of(reads & FULL):
                readers[read] |= BIT[cell]
        again = changed
        for cell in cells_of(changed):
            again |= readers[cell]
        for cell in cells_of(again):
            card = signature[cell]
            kept[cell] = 0 if card is None or unknown & BIT[cell] else points[card](scene, cell)
        near.kept, near.kept_total, near.kept_for = kept, sum(kept), before.kept_for
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
