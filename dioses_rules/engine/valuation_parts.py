"""What the greedy agent's valuation (``valuation``) reads from the
definitions, resolved once per registry and compiled pool and shared by
every game played from them (issue #29).

A :class:`~.valuation.Valuation` is made for each game, and each greedy
agent of a game makes its own: made anew, each would look up every card,
law, pattern and objective it meets again, build each card's lanes again and
compile the scenario's conditions again, about seventy card look-ups a game
for the same answers. These depend only on the registry's definitions and
the compiled pool (which keys its forms by the definitions' identity), so
:func:`parts_of` keeps one :class:`ValuationParts` per registry's tables
(``Game.tables``, which the engine remakes when a registry changes) and
pool, and every valuation of their games reads it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..language import model as m
from ..scoring.area import COLUMN_CELLS, ROW_CELLS
from ..scoring.board import LawEntry
from ..scoring.compiled import CompiledPool
from ..scoring.compiler import Sel
from ..scoring.evaluator import Facts
from ..scoring.masks import BIT, mask_of
from ..scoring.scene import CELLS, LANE, CardInfo, Scene
from .card_reads import Reads, law_reads
from .patterns import Signature, placements
from .rules import rules_of

if TYPE_CHECKING:
    from .tables import RegistryTables

# compiled forms: scoring lines and conditions judged on a scene (from an anchor)
Lines = Callable[[Scene, int | None], int]
Holds = Callable[[Scene, int | None], bool]
CardPoints = Callable[[Scene, int], int]
# a placed law's lines, the facts they are judged with, its line's mask, the
# cells its lines read there (card_reads.law_reads; None: unknown)
LawPart = tuple[Lines, Facts, int, int | None]
# R14: a pattern's placements, each the mask of its cells and the kinds
# lanes its cells want shifted into them (Shows), and the pattern's points
Shows = tuple[tuple[int, int], ...]
PatternPart = tuple[Shows, int]
ObjectivePart = tuple[Lines, Facts, Sel]  # an objective's lines, facts and element
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

VICTORY_WEIGHT, CHALLENGE_WEIGHT = 3.0, 1.5  # credit per victory / challenge condition


def parts(condition: m.Condition) -> list[m.Condition]:
    """A condition split into the parts an agent can meet one by one: each
    subject of a list ("isis, horus, sun-eye close to ra") and each item of
    an "and"."""
    if isinstance(condition, m.CondAnd):
        return [part for item in condition.items for part in parts(item)]
    if isinstance(condition, m.Subject) and len(condition.subjects) > 1:
        return [
            m.Subject(condition.mode, (subject,), condition.condition)
            for subject in condition.subjects
        ]
    return [condition]


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
        "plain",
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
        self.plain: Facts | None = None  # the cards' facts with none of either, once asked


class _ByCard(dict[str | None, CardInfo | None]):
    """Card id -> what a card brings to a scene, filled in on first sight."""

    def __init__(self, make: Callable[[str], CardInfo]):
        super().__init__()
        self.make = make
        self[None] = None  # an empty or a face-down cell

    def __missing__(self, card_id: str) -> CardInfo:
        found = self[card_id] = self.make(card_id)
        return found


class ScenarioParts:
    """A scenario's compiled conditions, as the valuation credits them: the
    victory and challenge conditions, each one's parts with its weight, and
    the abilities' conditions by the rule's index."""

    def __init__(self, scenario: m.Scenario, pool: CompiledPool):
        self.scenario = scenario  # kept: the compiled forms are keyed by the trees' identity
        condition = pool.condition
        self.victory: list[Holds] = [condition(c) for c in scenario.victory]
        self.challenge: list[Holds] = [condition(c) for c in scenario.challenge]
        # the parts are new trees: kept here so their compiled forms stay theirs
        self.parts: list[tuple[float, list[list[Holds]]]] = [
            (weight, [[condition(part) for part in parts(c)] for c in cs])
            for weight, cs in (
                (VICTORY_WEIGHT, scenario.victory),
                (CHALLENGE_WEIGHT, scenario.challenge),
            )
        ]
        self.abilities: list[tuple[int, Holds]] = [
            (index, condition(rule.condition))
            for index, rule in rules_of(scenario, m.Ability)
            if rule.condition is not None
        ]


class ValuationParts:
    """The cards, laws, patterns, objectives and scenarios of one registry
    as the valuation reads them, each resolved when first asked for."""

    def __init__(self, tables: RegistryTables, pool: CompiledPool):
        self.tables = tables  # the registry's definitions by id (not the registry: see parts_of)
        self.pool = pool
        # card id -> its CardInfo; then its lanes and cell (Valuation.scene); its points
        self.infos = _ByCard(self._card)
        self.lanes: dict[str | None, tuple[int, ...]] = {None: (0,) * len(CELLS)}
        self.points: dict[str | None, CardPoints] = {}  # never None: compress() skips it
        # per anchor cell, the cells its points read (card_reads.Reads: each
        # worked out when first asked), None: unknown; an empty cell reads none
        self.reads: dict[str | None, Mapping[int, int | None]] = {None: dict.fromkeys(CELLS, 0)}
        self._laws: dict[tuple[str, str | None, int | None], LawPart] = {}  # (law, row, column)
        self._patterns: dict[str, PatternPart] = {}  # by pattern id
        self._objectives: dict[tuple[str, str], ObjectivePart] = {}  # by (goal, element)
        self._scenarios: dict[int, ScenarioParts] = {}  # by the scenario's identity

    def _card(self, card_id: str) -> CardInfo:
        card = self.tables.cards.get(card_id)
        assert card is not None, "a card of the game is in its registry"
        info = self.pool.info(card)
        self.lanes[card_id] = tuple(
            (lanes << LANE) | BIT[cell] for cell, lanes in enumerate(info.kind_lanes)
        )
        self.points[card_id] = info.points
        self.reads[card_id] = Reads(card)
        return info

    def law(self, entry: LawEntry) -> LawPart:
        key = (entry.card, entry.row, entry.column)
        found = self._laws.get(key)
        if found is None:
            law = self.tables.laws.get(entry.card)
            assert law is not None, "a law of the game is in its registry"
            if entry.row:
                line = ROW_CELLS[m.Row(entry.row)]
            else:
                assert entry.column is not None, "a placed law is on a row or a column"
                line = COLUMN_CELLS[entry.column]
            mask = mask_of(line)
            found = self._laws[key] = (
                self.pool.lines(law.lines),
                Facts(law_line=line, all_face_up_at_end=False),
                mask,
                law_reads(law.lines, mask),
            )
        return found

    def pattern(self, pattern_id: str) -> PatternPart:
        found = self._patterns.get(pattern_id)
        if found is None:
            pattern = self.tables.patterns.get(pattern_id)
            assert pattern is not None, "a pattern of the game is in its registry"
            shows = self._shows(pattern)
            found = self._patterns[pattern_id] = (shows, self.tables.pattern_points[pattern_id])
        return found

    def _shows(self, pattern: m.Pattern) -> Shows:
        """R14: the pattern shows in a scene of face-up cards when, for one
        of its placements (never rotated or mirrored), every cell of it holds
        a card (``up & cells == cells``) with every kind its cell wants
        (``kinds & wanted == wanted``): a type, a mythology, or neither."""
        kind = self.pool.lanes.kind
        found = []
        for placement in placements(pattern):
            cells = wanted = 0
            for cell, want in placement:
                cells |= BIT[cell]
                if want.type is not None:
                    wanted |= BIT[cell] << kind("type", want.type)
                if want.mythology is not None:
                    wanted |= BIT[cell] << kind("mythology", want.mythology)
            found.append((cells, wanted))
        return tuple(found)

    def objective(self, goal_id: str, element_id: str) -> ObjectivePart:
        key = (goal_id, element_id)
        found = self._objectives.get(key)
        if found is None:
            goal = self.tables.goals.get(goal_id)
            element = self.tables.elements.get(element_id)
            assert goal is not None and element is not None, (
                "the game's objective is in its registry"
            )
            found = self._objectives[key] = (
                self.pool.lines(goal.lines),
                Facts(element=element.selector, all_face_up_at_end=False),
                self.pool.selector(element.selector),
            )
        return found

    def scenario(self, scenario: m.Scenario) -> ScenarioParts:
        found = self._scenarios.get(id(scenario))
        if found is None or found.scenario is not scenario:
            found = self._scenarios[id(scenario)] = ScenarioParts(scenario, self.pool)
        return found


# a registry's tables -> the parts of its games, for the pool they were made with
_PARTS: weakref.WeakKeyDictionary[RegistryTables, ValuationParts] = weakref.WeakKeyDictionary()


def parts_of(tables: RegistryTables, pool: CompiledPool) -> ValuationParts:
    """The parts of the games whose registry's tables these are, with the
    compiled pool ``pool``: made on their first game, and again when the pool
    is another (a replaced pool compiles everything anew). Kept while the
    tables live, which is while their registry does (``tables.tables_of``):
    the parts read the tables, never the registry, so as not to keep it."""
    found = _PARTS.get(tables)
    if found is None or found.pool is not pool:
        found = _PARTS[tables] = ValuationParts(tables, pool)
    return found
