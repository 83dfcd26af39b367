"""Game nouns and source positions: the enums the predicate trees use."""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable

from attrs import field, frozen

# --------------------------------------------------------------------------
# Source positions


@frozen
class Span:
    """Where a node came from: file, 1-based line and column."""

    path: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


def _span() -> Span | None:
    """The ``span`` field of every node: keyword-only, outside equality and
    repr (typed, as attrs' stubs type field(), as the value it holds)."""
    span: Span | None = field(default=None, eq=False, repr=False, kw_only=True)
    return span


# --------------------------------------------------------------------------
# Game nouns


class Row(enum.Enum):
    """R1: rows from the top of the grid."""

    FRONT = "front"
    CENTRAL = "central"
    BACK = "back"

    @property
    def index(self) -> int:
        return _ROW_INDEX[self]

    @classmethod
    def at(cls, index: int) -> Row:
        return _ROWS[index]


_ROWS = (Row.FRONT, Row.CENTRAL, Row.BACK)
_ROW_INDEX = {row: i for i, row in enumerate(_ROWS)}
ROWS = _ROWS
COLUMNS = (1, 2, 3, 4)


class Provenance(enum.Enum):
    """CARDS.md, Provenance."""

    PRINTED = "printed"
    NAMED = "named"
    RECONSTRUCTED = "reconstructed"


class Difficulty(enum.Enum):
    """R14: Easy = 2p, Medium = 4p, Hard = 6p. A set declares its own points
    per level (``difficulty easy 2 points``); ``points`` is the default for a
    set that declares none."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @property
    def points(self) -> int:
        return {"easy": 2, "medium": 4, "hard": 6}[self.value]


class ChallengeDraws(enum.Enum):
    """What a scenario's challenge setup does to the setup's draws:
    ``challenge setup replaces draws`` or ``challenge setup adds draws``."""

    REPLACES = "replaces"
    ADDS = "adds"


class Comparison(enum.Enum):
    AT_LEAST = "at least"
    AT_MOST = "at most"
    EXACTLY = "exactly"
    MORE_THAN = "more than"
    FEWER_THAN = "fewer than"

    @property
    def operator(self) -> Callable[[int, int], bool]:
        """The comparison as a function of (value, amount)."""
        return _OPERATORS[self]

    def test(self, value: int, amount: int) -> bool:
        return _OPERATORS[self](value, amount)


# the operator module's functions are typed (object, object) -> Any; on ints they give bools
_OPERATORS: dict[Comparison, Callable[[int, int], bool]] = {
    Comparison.AT_LEAST: operator.ge,
    Comparison.AT_MOST: operator.le,
    Comparison.EXACTLY: operator.eq,
    Comparison.MORE_THAN: operator.gt,
    Comparison.FEWER_THAN: operator.lt,
}


class Attribute(enum.Enum):
    MYTHOLOGY = "mythology"
    TYPE = "type"


class Direction(enum.Enum):
    """R2 / R3: the cell directly above, below, left or right."""

    ABOVE = "above"
    BELOW = "below"
    LEFT = "left"
    RIGHT = "right"

    @property
    def offset(self) -> tuple[int, int]:
        return {
            "above": (-1, 0),
            "below": (1, 0),
            "left": (0, -1),
            "right": (0, 1),
        }[self.value]


class RelationKind(enum.Enum):
    NEXT_TO = "next to"  # R4: orthogonal neighbours
    CLOSE_TO = "close to"  # R5: the 8 surrounding cells
    DIAGONAL_TO = "diagonal to"  # the up to 4 cells that share only a corner
    ABOVE = "above"  # R2: directly above the target
    BELOW = "below"
    LEFT_OF = "left of"  # R3: directly left of the target
    RIGHT_OF = "right of"
    SAME_ROW = "in same row as"
    SAME_COLUMN = "in same column as"
    OPPOSITE_CORNER = "in opposite corner to"  # R7


class SubjectMode(enum.Enum):
    SOME = "some"  # each listed subject is present and one such card holds
    EVERY = "every"  # every card matching the subject holds
    NONE = "none"  # no card matching the subject holds


class ScopeKind(enum.Enum):
    AREA = "area"
    ROW = "row"  # the anchor card's own row (R10)
    COLUMN = "column"
    LINE = "line"  # the row or column a law sits on (R13)
    NEIGHBOURS = "neighbours"  # R4
    SURROUNDINGS = "surroundings"  # R5
    DIAGONALS = "diagonals"  # the up to 4 diagonal cells
    NAMED_ROW = "named row"
    NAMED_COLUMN = "named column"
    LARGEST_GROUP = "largest group"  # R6

    @property
    def anchored(self) -> bool:
        """Whether the scope is read from the card's own place (R10, R4, R5):
        its row, column, neighbours, surroundings or diagonals."""
        return self in _ANCHORED_SCOPES

    @property
    def most_cells(self) -> int:
        """The most cells the scope holds (R1: an area of 3 rows of 4; a law's
        line is a row or a column; R4, R5 the neighbours and surroundings)."""
        return _MOST_CELLS[self]


_ANCHORED_SCOPES = frozenset(
    {
        ScopeKind.ROW,
        ScopeKind.COLUMN,
        ScopeKind.NEIGHBOURS,
        ScopeKind.SURROUNDINGS,
        ScopeKind.DIAGONALS,
    }
)


_MOST_CELLS = {
    ScopeKind.AREA: 12,
    ScopeKind.ROW: 4,
    ScopeKind.COLUMN: 3,
    ScopeKind.LINE: 4,
    ScopeKind.NEIGHBOURS: 4,
    ScopeKind.SURROUNDINGS: 8,
    ScopeKind.DIAGONALS: 4,
    ScopeKind.NAMED_ROW: 4,
    ScopeKind.NAMED_COLUMN: 3,
    ScopeKind.LARGEST_GROUP: 12,
}
assert set(_MOST_CELLS) == set(ScopeKind), "every scope says how many cells it holds"


class Fact(enum.Enum):
    PATTERNS_COMPLETED = "patterns completed"
    LAWS_MET = "laws met"
    TOTAL = "points"


class TriggerKind(enum.Enum):
    PATTERN_COMPLETED = "pattern completed"
    PLACED = "placed"
    REVEALED = "revealed"
    START = "start"
