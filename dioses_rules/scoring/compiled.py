"""The compiled evaluator: predicate trees compiled once into generated code over masks.

The reference evaluator (``evaluator``) walks a tree every time it judges it;
this one writes each tree once (``compiler``) as one Python function over a
:class:`~.scene.Scene`, the area as a few integers, and then only calls it.
It never runs a card file's text: a card file gives data, the generated text
is ours, made only from validated trees, with their words as lanes and
masks (``generated``; tests/test_compiled_source.py checks every source).
It must score exactly what the reference scores
(tests/test_compiled.py compares the two on random boards, random trees and
every example board); the reference stays the oracle and ``score_board``'s
``evaluator="reference"``.

Compiled forms are kept in a :class:`CompiledPool`, keyed by the identity of
the definition objects (a Myth card, a law, a condition), so a registry's
cards are compiled once, however many boards are scored. Two equal trees from
different objects are compiled twice, which is cheap; keying by identity
rather than equality matters for ``scores like``, whose filled-in lines take
no part in equality. A pool that grows past ``LIMIT`` definitions (a process
scoring many throwaway cards, as the property tests do) is replaced by a
fresh one.

**Threads.** The web app scores from threads. Whatever a pool hands out
lazily (a lane, a card's form, a compiled tree, a fresh pool) is built whole
under one re-entrant lock (``scene.LOCK``) and only then published; a look-up
that finds it takes no lock, so scoring with a warm pool costs nothing more.
The rest a pool keeps (shared facts, card scores kept per cell) are plain
values whose caches may only miss. tests/test_compiled_threads.py scores from
many threads at once against the reference.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..language import model as m
from ..language.headers import bundled_tie_break
from . import unrolled
from .area import Area
from .board import LawPlacement
from .compiler import Compiler, Sel
from .evaluator import Facts
from .generated import Fn
from .judges import card_facts, law_facts
from .masks import BIT
from .patterns import shape_cells, shape_origins
from .scene import (
    CELLS,
    LOCK,
    NO_FACTS,
    CardInfo,
    LaneTable,
    Scene,
)

T = TypeVar("T")
_ALL_UP = [True for _ in CELLS]


class CompiledPool:
    """The compiled forms of every definition seen, by object identity."""

    LIMIT = 20_000

    def __init__(self) -> None:
        self.lanes = LaneTable()
        self.compiler = Compiler(self.lanes)
        # a card's lines, judged from its cell only; its fallbacks counted as the pool's
        self.card_compiler = Compiler(self.lanes, anchored=True, root=self.compiler)
        self.cards: dict[int, CardInfo] = {}
        self._compiled: dict[int, tuple[object, Any]] = {}  # id -> (the object, its form)
        # ("law", row, column, flag) -> a law's facts; (flag, completed, met) -> the cards'
        self._facts: dict[
            tuple[str, m.Row | None, int | None, bool] | tuple[bool, int, int], Facts
        ] = {}
        self._tie_break: tuple[str | None] | None = None  # (the answer,) once asked
        # the cards' facts with no scenario state, pattern or law (R21's flag: index)
        self.plain = tuple(card_facts(flag, (), 0, 0) for flag in (False, True))
        # a board's tie-break type (None: the bundled sets') -> ``tie``'s answer
        self.ties: dict[str | None, tuple[str, int] | None] = {}
        self.spent = False  # past LIMIT definitions: ``pool()`` makes a fresh one
        self.kept: Any = None  # what ``lean`` keeps of boards' parts for this pool (its Kept)

    def info(self, card: m.MythCard) -> CardInfo:
        """The card's compiled form (the dict holds the card, so its id is its own)."""
        info = self.cards.get(id(card))
        if info is None:
            with LOCK:  # built once, whole, before another thread can see it
                info = self.cards.get(id(card))
                if info is None:
                    info = CardInfo(card, self.lanes)
                    info.points = self.card_compiler.build("lines", card.lines)
                    self.cards[id(card)] = info
                    self.spent = len(self.cards) + len(self._compiled) > self.LIMIT
        return info

    def _once(self, node: object, compile_it: Callable[[Any], T]) -> T:
        found = self._compiled.get(id(node))
        if found is None:
            with LOCK:
                found = self._compiled.get(id(node))
                if found is None:
                    found = self._compiled[id(node)] = (node, compile_it(node))
                    self.spent = len(self.cards) + len(self._compiled) > self.LIMIT
        return found[1]

    def lines(self, lines: tuple[m.ScoringLine, ...]) -> Fn:
        """``fn(scene, anchor)``: the points of some scoring lines."""
        return self._once(lines, lambda node: self.compiler.build("lines", node))

    def line(self, line: m.ScoringLine) -> Fn:
        """``fn(scene, anchor)``: the points of one scoring line."""
        return self._once(line, lambda node: self.compiler.build("compile_line", node))

    def condition(self, condition: m.Condition) -> Fn:
        return self._once(condition, lambda node: self.compiler.build("condition", node))

    def selector(self, selector: m.Selector) -> Sel:
        return self._once(selector, lambda node: Sel(self.compiler.build("selector", node)))

    def pattern(self, pattern: m.Pattern) -> Callable[[Scene], tuple[int, ...] | None]:
        """``fn(scene)``: the cells of the first placement of the shape whose
        every cell holds a matching face-up card (as ``pattern_matches``), or None."""
        return self._once(pattern, self._pattern)

    def _pattern(self, pattern: m.Pattern) -> Callable[[Scene], tuple[int, ...] | None]:
        placements = []  # (cells, needed): the cells, and every lane's mask shifted into it
        for top, left in shape_origins(pattern):
            cells, needed = [], 0
            for cell, want in shape_cells(pattern, top, left):
                cells.append(cell)
                if want.type is not None:
                    needed |= BIT[cell] << self.lanes.kind("type", want.type)
                if want.mythology is not None:
                    needed |= BIT[cell] << self.lanes.kind("mythology", want.mythology)
            placements.append((tuple(cells), needed))

        def first(scene: Scene) -> tuple[int, ...] | None:
            kinds = scene.kinds  # face-up cards only (R12, R14), one lane per feature
            for cells, needed in placements:
                if kinds & needed == needed:
                    return cells
            return None

        return first

    def scene(self, area: Area, facts: Facts = NO_FACTS) -> Scene:
        """The area as masks, judged with these facts: its revealed scene
        when every card is face up, else one where the face-down cards show
        nothing (R12)."""
        scene, face_up = self.revealed_scene(area)
        if not face_up:
            faces = [placed is not None and placed.face_up for placed in area.cells]
            scene = Scene.sparse(scene.infos, faces, area)
        if facts is not NO_FACTS:
            scene.judge_with(facts, None if facts.element is None else self.selector(facts.element))
        return scene

    def revealed_scene(self, area: Area) -> tuple[Scene, bool]:
        """R12: the scene of the area with every card turned face up (whose
        facts the caller sets), and whether it was all face up already. The
        revealed area itself is made when asked for (``Scene.area_model``)."""
        try:
            if self.lanes.both:  # the kinds and names in one sum (see ``scene``'s text)
                return unrolled.scene(area, self.cards)
            infos, face_up = unrolled.revealed(area.cells, self.cards)
        except (AttributeError, KeyError):  # an empty cell, a card not compiled yet
            return self._first_seen(area)
        return Scene.face_up(infos, unrolled.kinds(infos), area if face_up else None), face_up

    def _first_seen(self, area: Area) -> tuple[Scene, bool]:
        """``revealed_scene`` of an area with an empty cell or a card not
        compiled yet (compiled now)."""
        cells = area.cells
        infos = [None if placed is None else self.info(placed.card) for placed in cells]
        if None in cells:
            face_up = all(placed is None or placed.face_up for placed in cells)
            return Scene.sparse(infos, _ALL_UP, area if face_up else None), face_up
        return self.revealed_scene(area)  # every card compiled now

    def law_facts(self, placement: LawPlacement, all_face_up_at_end: bool) -> Facts:
        """The facts a law is judged with (R13): its line, and R21's flag
        (shared: plain values, one per line and flag)."""
        key = ("law", placement.row, placement.column, all_face_up_at_end)
        facts = self._facts.get(key)
        if facts is None:
            facts = self._facts[key] = law_facts(placement, all_face_up_at_end)
        return facts

    def card_facts(
        self,
        all_face_up_at_end: bool,
        scenario_state: Mapping[str, str] | tuple[tuple[str, str], ...],
        completed: int,
        met: int,
    ) -> Facts:
        """The facts cards are judged with at the final scoring (shared when
        there is no scenario state: they are plain values)."""
        if not (scenario_state or completed or met):
            return self.plain[all_face_up_at_end]
        if scenario_state:
            return card_facts(all_face_up_at_end, scenario_state, completed, met)
        key = (all_face_up_at_end, completed, met)
        facts = self._facts.get(key)
        if facts is None:
            facts = card_facts(all_face_up_at_end, (), completed, met)
            if len(self._facts) < 256:
                self._facts[key] = facts
        return facts

    def bundled_tie_break(self) -> str | None:
        if self._tie_break is None:
            self._tie_break = (bundled_tie_break(),)
        return self._tie_break[0]

    def tie(self, tie_break: str | None) -> tuple[str, int] | None:
        """R16: a board's tie-break type (``tie_break``, else the bundled
        sets') and its kinds lane, or None when there is no such type; kept
        in ``ties``."""
        wanted = tie_break or self.bundled_tie_break()
        found = None if wanted is None else (wanted, self.lanes.kind("type", wanted))
        if len(self.ties) < 64:
            self.ties[tie_break] = found
        return found


_POOL: CompiledPool | None = None


def pool() -> CompiledPool:
    """The process's compiled pool (replaced by a fresh one when too large;
    whoever holds the old one keeps using it, whole)."""
    global _POOL
    current = _POOL
    if current is None or current.spent:
        with LOCK:
            current = _POOL
            if current is None or current.spent:
                current = _POOL = CompiledPool()
    return current


def card_points(area: Area, facts: Facts = NO_FACTS) -> dict[int, int]:
    """Each occupied cell's own points (R8-R11), as ``score.card_points``."""
    scene = pool().scene(area, facts)
    return {
        cell: info.points(scene, cell) for cell, info in enumerate(scene.infos) if info is not None
    }


def lines_points(
    area: Area, facts: Facts, lines: tuple[m.ScoringLine, ...], anchor: int | None
) -> int:
    """As ``Evaluator(area, facts).lines_points(lines, anchor)``."""
    current = pool()
    points: int = current.lines(lines)(current.scene(area, facts), anchor)
    return points


def holds(area: Area, facts: Facts, condition: m.Condition, anchor: int | None) -> bool:
    """As ``Evaluator(area, facts).holds(condition, anchor)``."""
    current = pool()
    return bool(current.condition(condition)(current.scene(area, facts), anchor))


def matches(area: Area, facts: Facts, selector: m.Selector, anchor: int | None) -> int:
    """The mask of the cells matching ``selector`` (bit i: cell i)."""
    current = pool()
    cells: int = current.selector(selector).fn(current.scene(area, facts), anchor)
    return cells
