"""What a final scoring gives: a report of the cards, laws, patterns,
objectives and scenario of one play area (``score.score_board``).

A :class:`ScoreReport` is read far more often for its total than for its
parts (agents, balance, the solver's checks, a game's end), so its cards and
its revealed area are built when first read (#29), and so is the tie-break
count of a board of cards alone: the scorer hands it the points it found and
how to make the rest. It compares, hashes and prints as
the plain value it stands for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from attrs import frozen

from ..language import model as m
from .area import Area, cell_column, cell_row

_NEW = object.__new__
Make = Callable[[Any, Any], tuple[Area, tuple["CardScore", ...]]]  # a lazy report's cards


@frozen
class LineScore:
    text: str
    points: int
    cells: tuple[int, ...]  # the cells that matched while judging it


@frozen
class CardScore:
    card: m.MythCard
    cell: int
    points: int
    lines: tuple[LineScore, ...] = ()


@frozen
class LawScore:
    law: m.Law
    row: m.Row | None
    column: int | None
    points: int
    cells: tuple[int, ...] = ()


@frozen
class PatternScore:
    pattern: m.Pattern
    completed: bool
    judged: bool  # True when completion was judged on this board (R14)
    points: int
    cells: tuple[int, ...] = ()


@frozen
class ObjectiveScore:
    goal: m.ObjectiveGoal
    element: m.ObjectiveElement
    points: int
    cells: tuple[int, ...] = ()


@frozen
class ConditionResult:
    text: str
    met: bool


@frozen
class ScenarioResult:
    scenario: m.Scenario
    victory: bool
    challenge: bool
    threshold: int
    beaten: bool
    victory_conditions: tuple[ConditionResult, ...] = ()
    challenge_conditions: tuple[ConditionResult, ...] = ()
    notes: tuple[str, ...] = ()  # with explain: who its leaders are and why (R24)


# a report's laws, patterns, objectives, scenario and explained_by
Parts = tuple[
    tuple[LawScore, ...],
    tuple[PatternScore, ...],
    tuple[ObjectiveScore, ...],
    ScenarioResult | None,
    str | None,
]
PLAIN: Parts = ((), (), (), None, None)


class ScoreReport:
    """One area's final score, made by :meth:`lazy` (or :meth:`plain`,
    its short form): ``cards`` and ``area`` are made when first read, or
    given as they are. ``explained_by``: the evaluator whose cells the explanations are
    (None without them)."""

    # its value, in this order; one string split, because no Python string of
    # the library may be a type's name such as "gods" (test_open_language)
    FIELDS = tuple(
        "area cards laws patterns objectives total gods all_face_up_before_reveal "  # noqa: SIM905
        "scenario explained_by".split()
    )
    # the laws, patterns, objectives, scenario and explained_by are one
    # tuple (``_parts``): a board of nothing but its cards shares ``PLAIN``'s
    __slots__ = (
        "_area",
        "_cards",
        "_count",
        "_gods",
        "_make",
        "_parts",
        "all_face_up_before_reveal",
        "total",
    )
    # the area and the cards; until ``_make`` (then not None) is called, the
    # two arguments it makes them from (a report kept holds no more)
    _area: Any
    _cards: Any
    _make: Make | None
    _parts: Parts
    total: int
    # R16's count (``gods``), or None until read: then ``_count(first)``
    # counts it (only while ``_make`` is pending, its ``first`` not yet made)
    _gods: int | None
    _count: Callable[[Any], int]
    all_face_up_before_reveal: bool

    @staticmethod
    def lazy(
        make: Make | None,
        first: Any,
        second: Any,
        laws: tuple[LawScore, ...],
        patterns: tuple[PatternScore, ...],
        objectives: tuple[ObjectiveScore, ...],
        total: int,
        gods: int,
        all_face_up_before_reveal: bool,
        scenario: ScenarioResult | None = None,
        explained_by: str | None = None,
    ) -> ScoreReport:
        """A report whose area and cards ``make(first, second)`` gives when
        first read; with ``make`` None, ``first`` is the area and ``second``
        the cards. Its slots are set on ``object.__new__``'s instance (no
        ``__init__``: a call less, and most reports are read for their total
        alone); only the properties read the area and the cards, and they
        call ``make`` first."""
        report: ScoreReport = _NEW(ScoreReport)
        report._make, report._area, report._cards = make, first, second
        report._parts = (laws, patterns, objectives, scenario, explained_by)
        report.total, report._gods = total, gods
        report.all_face_up_before_reveal = all_face_up_before_reveal
        return report

    @staticmethod
    def plain(
        make: Make,
        first: Any,
        second: Any,
        total: int,
        count: Callable[[Any], int],
        all_face_up_before_reveal: bool,
    ) -> ScoreReport:
        """``lazy``'s report of a board of nothing but its cards (no law,
        pattern, objective, scenario or explanation): five stores fewer, and
        its tie-break count (``gods``) is ``count(first)``, counted when
        first read (most reports are read for their total alone)."""
        report: ScoreReport = _NEW(ScoreReport)
        report._make, report._area, report._cards, report._parts = make, first, second, PLAIN
        report.total, report._gods, report._count = total, None, count
        report.all_face_up_before_reveal = all_face_up_before_reveal
        return report

    @property
    def gods(self) -> int:
        """R16: the tie-break count, with R11 weights."""
        gods = self._gods
        if gods is None:  # ``_make`` is pending: ``_area`` is still its ``first``
            gods = self._gods = self._count(self._area)
        return gods

    @gods.setter
    def gods(self, value: int) -> None:
        self._gods = value

    # the parts, read and set as the plain fields they stand for
    @property
    def laws(self) -> tuple[LawScore, ...]:
        return self._parts[0]

    @laws.setter
    def laws(self, value: tuple[LawScore, ...]) -> None:
        self._set_part(0, value)

    @property
    def patterns(self) -> tuple[PatternScore, ...]:
        return self._parts[1]

    @patterns.setter
    def patterns(self, value: tuple[PatternScore, ...]) -> None:
        self._set_part(1, value)

    @property
    def objectives(self) -> tuple[ObjectiveScore, ...]:
        return self._parts[2]

    @objectives.setter
    def objectives(self, value: tuple[ObjectiveScore, ...]) -> None:
        self._set_part(2, value)

    @property
    def scenario(self) -> ScenarioResult | None:
        return self._parts[3]

    @scenario.setter
    def scenario(self, value: ScenarioResult | None) -> None:
        self._set_part(3, value)

    @property
    def explained_by(self) -> str | None:
        return self._parts[4]

    @explained_by.setter
    def explained_by(self, value: str | None) -> None:
        self._set_part(4, value)

    def _set_part(self, index: int, value: object) -> None:
        parts: list[object] = list(self._parts)
        parts[index] = value
        self._parts = cast(Parts, tuple(parts))

    def _made(self) -> None:
        make = self._make
        assert make is not None  # called only while make() is pending
        if self._gods is None:  # counted from ``first`` while it is there
            self._gods = self._count(self._area)
        self._area, self._cards = make(self._area, self._cards)
        self._make = None

    @property
    def area(self) -> Area:
        if self._make is not None:
            self._made()
        area: Area = self._area
        return area

    @property
    def cards(self) -> tuple[CardScore, ...]:
        if self._make is not None:
            self._made()
        cards: tuple[CardScore, ...] = self._cards
        return cards

    def _value(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._value() == other._value()

    def __hash__(self) -> int:
        return hash(self._value())

    def __repr__(self) -> str:
        return (
            "ScoreReport("
            + ", ".join(f"{n}={v!r}" for n, v in zip(self.FIELDS, self._value(), strict=True))
            + ")"
        )

    def to_json(self) -> dict[str, Any]:
        def cell_fields(cell: int) -> dict[str, object]:
            return {"row": cell_row(cell).value, "column": cell_column(cell)}

        # an explanation's cells (laws, objectives: only with explain)
        def matched(cells: tuple[int, ...]) -> dict[str, object]:
            return {"matched": [cell_fields(x) for x in cells]} if cells else {}

        return {
            "total": self.total,
            "gods": self.gods,
            "cards": [
                {
                    "id": c.card.id,
                    **cell_fields(c.cell),
                    "points": c.points,
                    **(
                        {
                            "lines": [
                                {
                                    "text": line.text,
                                    "points": line.points,
                                    "matched": [cell_fields(x) for x in line.cells],
                                }
                                for line in c.lines
                            ]
                        }
                        if c.lines
                        else {}
                    ),
                }
                for c in self.cards
            ],
            "laws": [
                {
                    "id": law.law.id,
                    "row": law.row.value if law.row else None,
                    "column": law.column,
                    "points": law.points,
                    **matched(law.cells),
                }
                for law in self.laws
            ],
            "patterns": [
                {
                    "id": p.pattern.id,
                    "difficulty": p.pattern.difficulty.value,
                    "completed": p.completed,
                    "judged": p.judged,
                    "points": p.points,
                }
                for p in self.patterns
            ],
            "objectives": [
                {"goal": o.goal.id, "element": o.element.id, "points": o.points, **matched(o.cells)}
                for o in self.objectives
            ],
            "scenario": None
            if self.scenario is None
            else {
                "id": self.scenario.scenario.id,
                "victory": self.scenario.victory,
                "challenge": self.scenario.challenge,
                "threshold": self.scenario.threshold,
                "beaten": self.scenario.beaten,
                "conditions": {
                    "victory": [
                        {"text": c.text, "met": c.met} for c in self.scenario.victory_conditions
                    ],
                    "challenge": [
                        {"text": c.text, "met": c.met} for c in self.scenario.challenge_conditions
                    ],
                },
                **({"notes": list(self.scenario.notes)} if self.scenario.notes else {}),
            },
        }
