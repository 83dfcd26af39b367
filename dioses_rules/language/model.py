"""The compiled form of the card language: predicate trees as frozen attrs data.

(Long by nature: one small declarative class per node kind, nothing else.)

Every node is plain data (enums, ints, strings, tuples of nodes); no node holds
a callable, so any back end (the reference evaluator, the source and English
writers, the linter, the game engine) can read the same tree. The unions at
the end of each section (``Selector``, ``Condition``, ...) are what the back
ends dispatch on (:mod:`walk`): a new node kind goes into its union, and the
coverage test names every back end that does not handle it yet. Every node
built from source keeps its :class:`Span`, excluded from equality so that
round-trip tests compare meaning only.
"""

from __future__ import annotations

import enum
from typing import Optional, Union

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


def _span():
    return field(default=None, eq=False, repr=False, kw_only=True)


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
    def at(cls, index: int) -> "Row":
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


class Comparison(enum.Enum):
    AT_LEAST = "at least"
    AT_MOST = "at most"
    EXACTLY = "exactly"
    MORE_THAN = "more than"
    FEWER_THAN = "fewer than"

    def test(self, value: int, amount: int) -> bool:
        if self is Comparison.AT_LEAST:
            return value >= amount
        if self is Comparison.AT_MOST:
            return value <= amount
        if self is Comparison.EXACTLY:
            return value == amount
        if self is Comparison.MORE_THAN:
            return value > amount
        return value < amount


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


class Fact(enum.Enum):
    PATTERNS_COMPLETED = "patterns completed"
    LAWS_MET = "laws met"
    TOTAL = "points"


class TriggerKind(enum.Enum):
    PATTERN_COMPLETED = "pattern completed"
    PLACED = "placed"
    REVEALED = "revealed"
    START = "start"


# --------------------------------------------------------------------------
# Selectors: which single card a cell must hold


@frozen
class AnyCard:
    span: Optional[Span] = _span()


@frozen
class TypeIs:
    """A card of a declared type (``god``): the word's id, not its plural."""

    type: str
    span: Optional[Span] = _span()


@frozen
class MythologyIs:
    """A card of a declared mythology (``greek``), among any it has."""

    mythology: str
    span: Optional[Span] = _span()


@frozen
class FaceIs:
    face_up: bool
    span: Optional[Span] = _span()


@frozen
class Named:
    """A card id or a tag (``hera``, ``throne``); the linter checks it exists."""

    name: str
    span: Optional[Span] = _span()


@frozen
class SelfCard:
    """``it``: the anchor card itself."""

    span: Optional[Span] = _span()


@frozen
class SameAs:
    """``of same mythology``: shares an attribute with the anchor card."""

    attribute: Attribute
    span: Optional[Span] = _span()


@frozen
class MostCommon:
    """``of most common mythology`` (R24): the card's mythology (or type) has
    strictly the most cards in the area; on a tie no card matches."""

    attribute: Attribute
    span: Optional[Span] = _span()


@frozen
class StateRef:
    """``the fairest``: a card named by the scenario's own state."""

    name: str
    span: Optional[Span] = _span()


@frozen
class ElementRef:
    """``element``: the objective element paired with a goal (R15)."""

    span: Optional[Span] = _span()


@frozen
class SelNot:
    item: "Selector"
    span: Optional[Span] = _span()


@frozen
class SelAnd:
    items: tuple["Selector", ...]
    span: Optional[Span] = _span()


@frozen
class SelOr:
    items: tuple["Selector", ...]
    span: Optional[Span] = _span()


@frozen
class Leader:
    """R24: the one candidate whose count is strictly the highest; none on a tie."""

    candidates: "Selector"
    count: "Count"
    span: Optional[Span] = _span()


Selector = Union[
    AnyCard, TypeIs, MythologyIs, FaceIs, Named, SelfCard, SameAs, MostCommon,
    StateRef, ElementRef, SelNot, SelAnd, SelOr, Leader,
]


# --------------------------------------------------------------------------
# Scopes and counts


@frozen
class Scope:
    kind: ScopeKind
    row: Optional[Row] = None
    column: Optional[int] = None
    group: Optional["Selector"] = None
    span: Optional[Span] = _span()


@frozen
class Count:
    """Weighted count (R11) of cards matching ``selector`` in ``scope``.

    ``where`` further filters with a condition judged with each counted card as
    the anchor ("gods that are close to ...").
    """

    selector: Selector
    scope: Scope
    where: Optional["Condition"] = None
    span: Optional[Span] = _span()


@frozen
class FactCount:
    """A game fact counted: completed patterns, met laws, the total score."""

    fact: Fact
    span: Optional[Span] = _span()


@frozen
class Distinct:
    """``different mythology in row``: how many different values of an
    attribute the matching cards of the scope show (a card of several
    mythologies shows each)."""

    attribute: "Attribute"
    scope: Scope
    selector: Selector = AnyCard()
    span: Optional[Span] = _span()


Countable = Union[Count, FactCount, Distinct]


# --------------------------------------------------------------------------
# Conditions


@frozen
class Relation:
    """The anchor card stands in ``kind`` to a card matching ``target``
    ("on both sides" is :class:`Between`)."""

    kind: RelationKind
    target: Selector
    span: Optional[Span] = _span()


@frozen
class Between:
    """R3 "on both sides": one target directly left, the other directly right."""

    first: Selector
    second: Selector
    span: Optional[Span] = _span()


@frozen
class InRow:
    row: Row
    span: Optional[Span] = _span()


@frozen
class InColumn:
    column: int
    span: Optional[Span] = _span()


@frozen
class AtCell:
    row: Row
    column: int
    span: Optional[Span] = _span()


@frozen
class InCorner:
    """R7."""

    span: Optional[Span] = _span()


@frozen
class Present:
    """``in area``: the anchor exists (used with a subject)."""

    span: Optional[Span] = _span()


@frozen
class Scores:
    """R24: the anchor card's own lines give it more than 0 (or at least N)."""

    at_least: Optional[int] = None
    span: Optional[Span] = _span()


@frozen
class Subject:
    """Rebind the anchor: ``hades above persephone``, ``every card scores``.

    SOME: each selector in ``subjects`` has a card that satisfies ``condition``;
    EVERY: every card matching any of them does; NONE: no such card does.
    """

    mode: SubjectMode
    subjects: tuple[Selector, ...]
    condition: "Condition"
    span: Optional[Span] = _span()


@frozen
class Quantity:
    comparison: Comparison
    amount: int
    count: Countable
    span: Optional[Span] = _span()


@frozen
class NoneIn:
    """``no greek in line``."""

    count: Count
    span: Optional[Span] = _span()


@frozen
class Only:
    """``only gods in line``: every present card of the scope matches."""

    selector: Selector
    scope: Scope
    span: Optional[Span] = _span()


@frozen
class MoreThan:
    """``more gods than objects in row``: a strict comparison of two counts
    (a scope written once applies to both; ``where`` clauses are not used)."""

    more: Count
    less: Count
    span: Optional[Span] = _span()


@frozen
class AllFaceUpAtEnd:
    """R21: the area was all face up before the final reveal (always in solo)."""

    span: Optional[Span] = _span()


@frozen
class CondNot:
    item: "Condition"
    span: Optional[Span] = _span()


@frozen
class CondAnd:
    items: tuple["Condition", ...]
    span: Optional[Span] = _span()


@frozen
class CondOr:
    items: tuple["Condition", ...]
    span: Optional[Span] = _span()


# The conditions that say where the card being judged is (the grammar's
# ``relation``): they follow a subject ("hades above persephone") or a count's
# "that is".
Position = Union[Relation, Between, InRow, InColumn, AtCell, InCorner, Present, Scores]

Condition = Union[
    Relation, Between, InRow, InColumn, AtCell, InCorner, Present, Scores,
    Subject, Quantity, NoneIn, Only, MoreThan, AllFaceUpAtEnd, CondNot,
    CondAnd, CondOr,
]


# --------------------------------------------------------------------------
# Scoring lines


@frozen
class Fixed:
    """R8: ``N points if condition`` scores N once when it holds."""

    points: int
    condition: Optional[Condition] = None
    span: Optional[Span] = _span()


@frozen
class PerCount:
    """R9: ``N points per K things`` scores N x floor(count / K)."""

    points: int
    per: int
    count: Countable
    span: Optional[Span] = _span()


@frozen
class Capped:
    """``1 point per god in neighbours up to 6 points``: a multiplier line
    whose total is at most ``limit`` points (a penalty at most ``limit`` off)."""

    line: PerCount
    limit: int
    span: Optional[Span] = _span()


@frozen
class ScoresLike:
    """``scores like hera``: this card scores as that card's lines would at
    this card's place. The pool fills ``lines`` from the other card when it
    loads the sets (never from text), so the two cannot drift apart."""

    card: str
    lines: tuple["ScoringLine", ...] = field(default=(), eq=False, repr=False)
    span: Optional[Span] = _span()


ScoringLine = Union[Fixed, PerCount, Capped, ScoresLike]


@frozen
class Weight:
    """R11: ``counts as 2 gods``."""

    amount: int
    type: str
    span: Optional[Span] = _span()


# --------------------------------------------------------------------------
# Effects (events, power effects, scenario rule changes)


@frozen
class CellRef:
    """A card by selector, or the cell next to it in a direction."""

    card: Selector
    direction: Optional[Direction] = None
    span: Optional[Span] = _span()


@frozen
class SwapAny:
    """``swap 2 cards``: the player swaps that many cards of their area."""

    count: int
    span: Optional[Span] = _span()


@frozen
class SwapCards:
    first: CellRef
    second: CellRef
    span: Optional[Span] = _span()


@frozen
class DrawLaw:
    count: int
    span: Optional[Span] = _span()


@frozen
class DrawPattern:
    count: int
    difficulty: Optional[Difficulty] = None
    keep: Optional[int] = None
    span: Optional[Span] = _span()


@frozen
class Reveal:
    count: int
    span: Optional[Span] = _span()


@frozen
class TurnFaceDown:
    count: int
    span: Optional[Span] = _span()


@frozen
class RecoverDiscard:
    """R22 (3): take any card from the discards and put it on top of a pile."""

    span: Optional[Span] = _span()


@frozen
class SeekDeck:
    """R22 (4): name a mythology or type, reveal until a match, discard it."""

    span: Optional[Span] = _span()


@frozen
class DiscardTop:
    """``discard top of goddesses as fairest``: scenario 6's goddess deck."""

    deck: str
    remember: Optional[str] = None
    span: Optional[Span] = _span()


Effect = Union[
    SwapAny, SwapCards, DrawLaw, DrawPattern, Reveal, TurnFaceDown,
    RecoverDiscard, SeekDeck, DiscardTop,
]


# --------------------------------------------------------------------------
# Scenario setup and rule changes


@frozen
class Separate:
    """Setup: shuffle these cards with N random ones on top of the deck."""

    cards: tuple[str, ...]
    random: int
    span: Optional[Span] = _span()


@frozen
class PowerCards:
    count: int
    span: Optional[Span] = _span()


@frozen
class Place:
    """Setup: put cards into the area before dealing.

    ``row``/``column`` both set: that cell; only ``row``: a random cell of that
    row; neither: random cells.
    """

    cards: tuple[str, ...]
    face_up: bool
    row: Optional[Row] = None
    column: Optional[int] = None
    span: Optional[Span] = _span()


@frozen
class SetAside:
    """Setup: form a separate face-down deck under a name."""

    cards: tuple[str, ...]
    deck: str
    span: Optional[Span] = _span()


@frozen
class SetupDraw:
    effect: Union[DrawLaw, DrawPattern]
    span: Optional[Span] = _span()


SetupStep = Union[Separate, PowerCards, Place, SetAside, SetupDraw]


@frozen
class Lock:
    """These cards may never be moved or discarded."""

    cards: tuple[str, ...]
    span: Optional[Span] = _span()


@frozen
class Trigger:
    kind: TriggerKind
    selector: Optional[Selector]
    effects: tuple[Effect, ...]
    span: Optional[Span] = _span()


@frozen
class Ability:
    """An extra action paid with Power cards, optionally once per game."""

    effect: Effect
    cost: int
    once: bool
    condition: Optional[Condition] = None
    span: Optional[Span] = _span()


RuleChange = Union[Lock, Trigger, Ability]


@frozen
class Setting:
    name: str
    value: Union[str, int]
    span: Optional[Span] = _span()


# --------------------------------------------------------------------------
# Definitions


@frozen
class WordDecl:
    """A word a set declares: ``mythology greek "Griega" aka "Greek" plural
    greeks symbol circle`` or ``type god "Dios" aka "God" plural gods symbol D``.
    ``name`` is the printed name, ``aliases`` English names, ``plural`` the
    selector's plural word, ``symbol`` what Pattern cards and pictures show."""

    kind: str  # "mythology" or "type"
    id: str
    name: str
    aliases: tuple[str, ...] = ()
    plural: Optional[str] = None
    symbol: Optional[str] = None
    span: Optional[Span] = _span()


@frozen
class CardSet:
    id: str
    name: str
    version: Optional[str] = None
    requires: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    expects: tuple[tuple[str, int], ...] = ()  # (kind, count) the set must define
    difficulties: tuple[tuple["Difficulty", int], ...] = ()  # R14: points per level
    words: tuple[WordDecl, ...] = ()  # the mythologies and types it declares
    tie_break: Optional[str] = None  # R16: the type whose cards break ties
    span: Optional[Span] = _span()


def _words(value) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


@frozen
class MythCard:
    id: str
    name: str
    aliases: tuple[str, ...]
    type: str
    mythologies: tuple[str, ...] = field(converter=_words)
    provenance: Provenance = Provenance.PRINTED
    tags: tuple[str, ...] = ()
    weights: tuple[Weight, ...] = ()
    lines: tuple[ScoringLine, ...] = ()
    event: tuple[Effect, ...] = ()
    span: Optional[Span] = _span()

    @property
    def kind(self) -> str:
        return "event" if self.event else "myth"

    @property
    def mythology(self) -> str:
        """The first of its mythologies (most cards have one)."""
        return self.mythologies[0] if self.mythologies else ""


@frozen
class Law:
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    lines: tuple[ScoringLine, ...]
    span: Optional[Span] = _span()
    kind = "law"


@frozen
class PatternCell:
    type: str
    mythology: Optional[str] = None  # None: any mythology
    span: Optional[Span] = _span()


@frozen
class Pattern:
    id: str
    name: str
    aliases: tuple[str, ...]
    difficulty: Difficulty
    provenance: Provenance
    shape: tuple[tuple[Optional[PatternCell], ...], ...]
    span: Optional[Span] = _span()
    kind = "pattern"


@frozen
class ObjectiveGoal:
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    lines: tuple[ScoringLine, ...]
    span: Optional[Span] = _span()
    kind = "objective-goal"


@frozen
class ObjectiveElement:
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    selector: Selector
    span: Optional[Span] = _span()
    kind = "objective-element"


@frozen
class PowerEffect:
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    cost: int
    effects: tuple[Effect, ...]
    span: Optional[Span] = _span()
    kind = "power"


@frozen
class RuleOption:
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    settings: tuple[Setting, ...] = ()
    start: tuple[Effect, ...] = ()
    span: Optional[Span] = _span()
    kind = "rule-option"


@frozen
class Scenario:
    id: str
    number: int
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    options: tuple[str, ...] = ()
    setup: tuple[SetupStep, ...] = ()
    rules: tuple[RuleChange, ...] = ()
    victory: tuple[Condition, ...] = ()
    challenge: tuple[Condition, ...] = ()
    challenge_setup: tuple[SetupStep, ...] = ()
    threshold: int = 0
    span: Optional[Span] = _span()
    kind = "scenario"

    @property
    def state_names(self) -> set[str]:
        """What the scenario remembers (``discard top of DECK as NAME``)."""
        return {effect.remember for rule in self.rules if isinstance(rule, Trigger)
                for effect in rule.effects if isinstance(effect, DiscardTop) and effect.remember}


Definition = Union[
    MythCard, Law, Pattern, ObjectiveGoal, ObjectiveElement, PowerEffect,
    RuleOption, Scenario,
]


@frozen
class CardFile:
    """One parsed ``.dioses`` file: its set header and its definitions."""

    card_set: Optional[CardSet]
    definitions: tuple[Definition, ...]
    path: str = field(default="<string>", eq=False)


KINDS = ("myth", "event", "law", "pattern", "objective-goal", "objective-element", "power",
         "rule-option", "scenario")


