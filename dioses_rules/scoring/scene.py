"""A play area as the compiled evaluator reads it: a few integers.

The compiled evaluator (``compiler``) turns predicate trees into generated
functions over a :class:`Scene`, which holds the area as 12-bit masks (:mod:`masks`) rather
than as cells to walk:

* ``occ`` and ``up``: the occupied and the face-up cells;
* ``kinds``: one 12-bit *lane* per card type and per mythology, packed into
  one integer, for the face-up cards only (R12: a face-down card shows
  neither). The mask of the cells holding a face-up Greek card is
  ``(kinds >> shift) & FULL``, where ``shift`` is the lane the
  :class:`LaneTable` gave to ``("mythology", "greek")``. Lane 0 is always
  full, so that "the anchor is in a corner" can be tested the same way as "a
  Greek card is next to the anchor": ``kinds & table[anchor]``;
* ``names``: the same, one lane per card id or tag that a compiled tree asks
  about (``Named``), computed the first time generated code asks for it. Only
  names asked about get a lane, so that the integer stays small whatever the
  size of the pool; a card seen before its name was first asked about gets
  the new lane then (:meth:`LaneTable.name`), and a scene whose names were
  computed before that computes them again (``generation``);
* ``heavy``: the cells whose card has an R11 weight ("counts as 2 gods"),
  face up or not (lane 1 of ``kinds`` has the face-up ones).

A revealed area's scene (the final scoring's, R12) gets its kinds and its
names from one sum: each card's *both* lanes hold its kinds lanes below
``NAMES_AT`` and its names lanes above (while the kinds take fewer lanes
than that; ``LaneTable.both``), then one ``&`` and one ``>>`` part them.

A :class:`CardInfo` holds what a Myth card brings to a scene, computed once
per card object: its lanes at each of the 12 cells (so a scene is the sum of
12 integers), its R11 weights, and its compiled scoring lines.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter, getitem
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from ..language import model as m
from . import area as g
from .area import Area, Placed
from .evaluator import Facts, values_of
from .masks import BIT, FULL, cells_of, mask_of
from .report import CardScore

LANE = g.SIZE  # bits per lane
ALWAYS = FULL  # lane 0 of every scene's kinds: set whatever the cards
HEAVY, HEAVY_SHIFT = ("weights", ""), LANE  # lane 1: the cards with an R11 weight
# lane 2: the face-up cards weighed for a mythology ("counts as 2 aztecs"): a
# count of a mythology looks at weights only when a scene has one
MYTHOLOGY_HEAVY, MYTHOLOGY_HEAVY_SHIFT = ("mythology weights", ""), 2 * LANE
MYTHOLOGY_HEAVY_LANE = FULL << MYTHOLOGY_HEAVY_SHIFT
CELLS = range(g.SIZE)
# where a card's names lanes start in its ``both`` lanes: above every kinds
# lane while there are fewer than 32 kinds (types, mythologies, 3 fixed)
NAMES_AT = 32 * LANE
KINDS_MASK = (1 << NAMES_AT) - 1
NO_FACTS = Facts()  # what a scene knows when told nothing beyond the area
NO_MEMO: Mapping[object, Any] = MappingProxyType({})  # a scene's memo until it keeps one
T = TypeVar("T")
# bumped whenever any lane table gives a name a lane: scenes whose names were
# computed before compute them again
_GENERATION = [0]
# Held by whatever hands out something lazily (a lane here; a card's form or a
# compiled tree in ``compiled``): the web app scores from threads (#23). What
# is handed out is only read afterwards, so a look-up that finds it takes no
# lock; one that misses takes it and looks again. Re-entrant: compiling a tree
# asks for lanes.
LOCK = threading.RLock()


class LaneTable:
    """Lane numbers (as shifts) of the features compiled trees ask about.

    Lanes are handed out on first sight and never change, so generated code
    may hold a shift. Every card registers its own types and mythologies when it is
    first seen, and each pair of its type and one of its mythologies ("greek
    god": ``paired``), so that a selector of both is one lane (a kind asked
    about before any card has it simply has a lane no card sets yet). Names
    get a lane only when a tree asks about them; the cards already seen that
    bear the name are given it then.
    """

    def __init__(self) -> None:
        self.kinds: dict[tuple[str, str], int] = {
            ("always", ""): 0,
            HEAVY: HEAVY_SHIFT,
            MYTHOLOGY_HEAVY: MYTHOLOGY_HEAVY_SHIFT,
        }
        self.names: dict[str, int] = {}
        self._bearers: dict[str, list[CardInfo]] = {}  # name -> the cards seen with it
        # every kinds lane is below NAMES_AT: the cards' ``both`` lanes hold
        # kinds and names apart (once False, always: a kinds lane above it)
        self.both = True
        # per attribute ("type", "mythology"): each value given a lane, with
        # its shift (R24's most common value is counted from them), and the
        # attributes of which some card lists a value twice (counted so)
        self.values: dict[str, tuple[tuple[str, int], ...]] = {}
        self.repeated: set[str] = set()
        self.attributes: dict[int, tuple[str, str]] = {}  # shift -> (attribute, value)

    def pair(self, card_type: str, mythology: str) -> int:
        """The lane of the cards of this type and this mythology."""
        return self.kind("pair", f"{card_type} {mythology}")

    def paired(self, shifts: tuple[int, ...]) -> tuple[int, ...]:
        """Lanes all required, with a type's and a mythology's as their
        pair's one lane (the same cells: a card has both or not)."""
        if len(shifts) != 2:
            return shifts
        keys = {self.attributes.get(shift, ("", ""))[0]: shift for shift in shifts}
        if keys.keys() != {"type", "mythology"}:
            return shifts
        return (self.pair(self.attributes[keys["type"]][1], self.attributes[keys["mythology"]][1]),)

    def kind(self, attribute: str, value: str) -> int:
        key = (attribute, value)
        shift = self.kinds.get(key)
        if shift is None:
            with LOCK:  # two threads must never give two kinds one lane
                shift = self.kinds.get(key)
                if shift is None:
                    shift = self.kinds[key] = len(self.kinds) * LANE
                    self.attributes[shift] = key
                    if shift >= NAMES_AT:
                        self.both = False
                    self.values[attribute] = (*self.values.get(attribute, ()), (value, shift))
        return shift

    def name(self, name: str) -> int:
        shift = self.names.get(name)
        if shift is None:
            with LOCK:
                shift = self.names.get(name)
                if shift is None:
                    # the bearers get the lane before the name is published,
                    # and scenes recompute their names after (the generation)
                    shift = len(self.names) * LANE
                    pending = dict(self.names)
                    pending[name] = shift
                    for info in self._bearers.get(name, ()):
                        info.name_lanes = info.lanes_of_names(pending)
                        info.both = info.both_lanes()
                    self.names[name] = shift
                    _GENERATION[0] += 1
        return shift

    def bear(self, info: CardInfo) -> None:
        """Remember a card by its id and tags, to give it their lanes later
        (with ``LOCK`` held, as a card's form is built)."""
        for name in info.bears:
            self._bearers.setdefault(name, []).append(info)

    def value_shift(self, attribute: m.Attribute, value: str) -> int:
        return self.kind(attribute.value, value)


class CardInfo:
    """What one Myth card object brings to a scene (built once per card)."""

    __slots__ = (
        "bears",
        "both",
        "card",
        "heavy",
        "kind_lanes",
        "name_lanes",
        "points",
        "revealed",
        "scores",
        "value_shifts",
        "weights",
    )

    def __init__(self, card: m.MythCard, lanes: LaneTable) -> None:
        self.card = card
        # R11: the first weight given for each type (card_weight reads them in order)
        weights: dict[str, int] = {}
        for weight in card.weights:
            weights.setdefault(weight.word, weight.amount)
        self.weights = weights
        kinds = {lanes.kind("type", card.type)}
        kinds.update(lanes.kind("mythology", value) for value in card.mythologies)
        kinds.update(lanes.pair(card.type, value) for value in card.mythologies)
        if weights:
            kinds.add(HEAVY_SHIFT)
        if any(weight.mythology is not None for weight in card.weights):
            kinds.add(MYTHOLOGY_HEAVY_SHIFT)
        self.kind_lanes = tuple(sum(1 << (shift + cell) for shift in kinds) for cell in CELLS)
        self.bears = tuple(dict.fromkeys((card.id, *card.tags)))
        self.name_lanes = self.lanes_of_names(lanes.names)
        self.both = self.both_lanes()
        lanes.bear(self)
        self.heavy = tuple(BIT[cell] if weights else 0 for cell in CELLS)
        for attribute in m.Attribute:
            values = values_of(card, attribute)
            if len(set(values)) != len(values):  # "greek, greek": counted twice (R24)
                lanes.repeated.add(attribute.value)
        self.value_shifts = {
            attribute: tuple(
                dict.fromkeys(
                    lanes.value_shift(attribute, value) for value in values_of(card, attribute)
                )
            )
            for attribute in m.Attribute
        }
        # the card's points from a cell (compiled.CompiledPool.info sets it)
        self.points: Callable[[Scene, int | None], int] = _unset
        self.revealed = Placed(card, True)
        # per cell, points -> the CardScore handed out again (judges._card_score)
        self.scores: tuple[dict[int, CardScore], ...] = tuple({} for _ in CELLS)

    def both_lanes(self) -> tuple[int, ...]:
        """At each cell, its kinds lanes and, from ``NAMES_AT`` up, its names
        lanes (read only while ``LaneTable.both``)."""
        return tuple(
            kinds | names << NAMES_AT
            for kinds, names in zip(self.kind_lanes, self.name_lanes, strict=True)
        )

    def lanes_of_names(self, names: dict[str, int]) -> tuple[int, ...]:
        """At each cell, the lanes of the card's names asked about so far."""
        shifts = [names[name] for name in self.bears if name in names]
        return tuple(sum(1 << (shift + cell) for shift in shifts) for cell in CELLS)


def _unset(
    scene: Scene, anchor: int | None
) -> int:  # pragma: no cover - replaced as soon as the card is compiled
    raise RuntimeError("card not compiled")


class Matcher(Protocol):
    """A compiled selector as a scene holds it (``compiler.Sel``, which
    imports this module): ``fn(scene, anchor)`` gives the matching cells."""

    fn: Callable[[Scene, int | None], Any]


KIND_LANES = attrgetter("kind_lanes")
_NAME_LANES = attrgetter("name_lanes")
_HEAVY = attrgetter("heavy")
_NEW = object.__new__


class Scene:
    """One area with one set of facts, as masks (see the module's text)."""

    __slots__ = (
        "_names",
        "_names_of",
        "area",
        "element",
        "facts",
        "heavy",
        "infos",
        "kinds",
        "line",
        "memo",
        "occ",
        "up",
    )

    def __init__(
        self,
        infos: Sequence[CardInfo | None],
        occ: int,
        up: int,
        kinds: int,
        heavy: int,
        area: Area | None = None,
    ) -> None:
        """An area told no facts (``judge_with`` tells it some)."""
        # a CardInfo per cell, None where empty; Any to the type checker: the
        # generated code reads only occupied cells (no None test to please it)
        self.infos: Sequence[Any] = infos
        self.occ = occ
        self.up = up
        self.kinds = kinds
        self.heavy = heavy
        self._names = 0  # read only once _names_of is a generation (>= 0)
        self._names_of = -1  # the generation _names was computed in
        self.facts = NO_FACTS
        self.line = 0  # the cells of facts.law_line (R13)
        self.element: Matcher | None = None  # the compiled facts.element (a Sel), or None (R15)
        # a generated loop's key -> its result (``generated._kept``), kept by ``remember``
        self.memo: Mapping[object, Any] = NO_MEMO
        self.area = area

    @staticmethod
    def face_up(
        infos: Sequence[CardInfo], kinds: int, area: Area | None, names: int = 0, of: int = -1
    ) -> Scene:
        """A full area with every card face up, told no facts: ``__init__``'s
        scene, made without its call (a final scoring makes one a board);
        ``names`` are its name lanes if computed in generation ``of``."""
        scene: Scene = _NEW(Scene)  # stores three at a time: no tuple is built
        scene.infos, scene.occ, scene.up = infos, FULL, FULL
        scene.kinds, scene.heavy, scene.area = kinds, (kinds >> HEAVY_SHIFT) & FULL, area
        scene._names, scene._names_of, scene.facts = names, of, NO_FACTS
        scene.line, scene.element, scene.memo = 0, None, NO_MEMO
        return scene

    @classmethod
    def sparse(
        cls, infos: Sequence[CardInfo | None], faces: Sequence[bool], area: Area | None = None
    ) -> Scene:
        """A scene of an area, its empty cells None in ``infos`` (``faces``: face up?)."""
        occ = up = heavy = 0
        kinds = ALWAYS
        for cell, info in enumerate(infos):
            if info is not None:
                occ |= BIT[cell]
                heavy |= info.heavy[cell]
                if faces[cell]:
                    up |= BIT[cell]
                    kinds += info.kind_lanes[cell]
        return cls(infos, occ, up, kinds, heavy, area=area)

    def refill(self, infos: Sequence[CardInfo], kinds: int) -> None:
        """Another full, face-up area with the same facts (a batch reuses one
        scene): its cards and kinds; what was cached for the last one goes."""
        self.infos, self.kinds, self.heavy = infos, kinds, (kinds >> HEAVY_SHIFT) & FULL
        if self.memo is not NO_MEMO or self.area is not None or self._names_of != -1:
            self.memo, self.area, self._names_of = NO_MEMO, None, -1

    @property
    def names(self) -> int:
        """The name lanes of the face-up cards (computed when first asked)."""
        if self._names_of != _GENERATION[0]:
            self._names_of = _GENERATION[0]
            infos = self.infos
            if self.up == FULL:
                self._names = sum(map(getitem, map(_NAME_LANES, infos), CELLS))
            else:
                cells = cells_of(self.up)
                self._names = sum(
                    map(getitem, map(_NAME_LANES, map(infos.__getitem__, cells)), cells)
                )
        return self._names

    def judge_with(self, facts: Facts, element: Matcher | None = None) -> None:
        """Judge the same area with other facts (forgetting what depended on them)."""
        self.facts = facts
        self.line = mask_of(facts.law_line) if facts.law_line else 0
        self.element = element
        self.memo = NO_MEMO

    def judge_line(self, facts: Facts, line: int) -> None:
        """``judge_with`` a law's facts whose line's mask is ``line`` (R13),
        known already."""
        self.facts = facts
        self.line = line
        self.element = None
        self.memo = NO_MEMO

    def remember(self, key: object, value: T) -> T:
        """Keep a generated loop's result for this scene and these facts (a scene
        made or told other facts has none: ``NO_MEMO``, read only)."""
        memo = self.memo
        if not isinstance(memo, dict):
            memo = self.memo = {}
        memo[key] = value
        return value

    def weighed(self, mask: int, wanted: str | None) -> int:
        """R11: the cards of ``mask`` counted with their weight for ``wanted``."""
        total = mask.bit_count()
        heavy = mask & self.heavy
        if heavy and wanted is not None:
            infos: Sequence[CardInfo] = self.infos  # a heavy cell holds a card
            if not heavy & (heavy - 1):  # one heavy card (Geb y Nut)
                return total + infos[heavy.bit_length() - 1].weights.get(wanted, 1) - 1
            for cell in cells_of(heavy):
                total += infos[cell].weights.get(wanted, 1) - 1
        return total

    def values(self, cell: int, attribute: m.Attribute) -> tuple[str, ...]:
        return values_of(self.infos[cell].card, attribute)

    def ids(self, card_id: str) -> int:
        """The cells holding the card of this id (not a tag: ``StateRef``)."""
        return mask_of(cell for cell in cells_of(self.occ) if self.infos[cell].card.id == card_id)

    def area_model(self) -> Area:
        """The area as the reference evaluator reads it (for lines it judges)."""
        if self.area is None:
            up = self.up
            self.area = Area(
                tuple(
                    None
                    if info is None
                    else info.revealed
                    if up & BIT[cell]
                    else Placed(info.card, False)
                    for cell, info in enumerate(self.infos)
                )
            )
        return self.area
