"""Effects (events, Power effects, scenario rules) and scenario setups."""

from __future__ import annotations

from typing import Union

from attrs import frozen

from .conditions import Condition
from .nouns import Difficulty, Direction, Row, Span, TriggerKind, _span
from .selectors import Selector

# --------------------------------------------------------------------------
# Effects (events, power effects, scenario rule changes)


@frozen
class CellRef:
    """A card by selector, or the cell next to it in a direction."""

    card: Selector
    direction: Direction | None = None
    span: Span | None = _span()


@frozen
class SwapAny:
    """``swap 2 cards``: the player swaps that many cards of their area."""

    count: int
    span: Span | None = _span()


@frozen
class SwapCards:
    first: CellRef
    second: CellRef
    span: Span | None = _span()


@frozen
class DrawLaw:
    count: int
    span: Span | None = _span()


@frozen
class DrawPattern:
    count: int
    difficulty: Difficulty | None = None
    keep: int | None = None
    span: Span | None = _span()


@frozen
class Reveal:
    count: int
    span: Span | None = _span()


@frozen
class TurnFaceDown:
    count: int
    span: Span | None = _span()


@frozen
class RecoverDiscard:
    """R22 (3): take any card from the discards and put it on top of a pile."""

    span: Span | None = _span()


@frozen
class SeekDeck:
    """R22 (4): name a mythology or type, reveal until a match, discard it."""

    span: Span | None = _span()


@frozen
class DiscardTop:
    """``discard top of goddesses as fairest``: scenario 6's goddess deck."""

    deck: str
    remember: str | None = None
    span: Span | None = _span()


Effect = Union[
    SwapAny,
    SwapCards,
    DrawLaw,
    DrawPattern,
    Reveal,
    TurnFaceDown,
    RecoverDiscard,
    SeekDeck,
    DiscardTop,
]


# --------------------------------------------------------------------------
# Scenario setup and rule changes


@frozen
class Separate:
    """Setup: shuffle these cards with N random ones on top of the deck."""

    cards: tuple[str, ...]
    random: int
    span: Span | None = _span()


@frozen
class PowerCards:
    count: int
    span: Span | None = _span()


@frozen
class Place:
    """Setup: put cards into the area before dealing.

    ``row``/``column`` both set: that cell; only ``row``: a random cell of that
    row; neither: random cells.
    """

    cards: tuple[str, ...]
    face_up: bool
    row: Row | None = None
    column: int | None = None
    span: Span | None = _span()


@frozen
class SetAside:
    """Setup: form a separate face-down deck under a name."""

    cards: tuple[str, ...]
    deck: str
    span: Span | None = _span()


@frozen
class SetupDraw:
    effect: DrawLaw | DrawPattern
    span: Span | None = _span()


SetupStep = Union[Separate, PowerCards, Place, SetAside, SetupDraw]


@frozen
class Lock:
    """These cards may never be moved or discarded."""

    cards: tuple[str, ...]
    span: Span | None = _span()


@frozen
class Trigger:
    kind: TriggerKind
    selector: Selector | None
    effects: tuple[Effect, ...]
    span: Span | None = _span()


@frozen
class Ability:
    """An extra action paid with Power cards, optionally once per game."""

    effect: Effect
    cost: int
    once: bool
    condition: Condition | None = None
    span: Span | None = _span()


RuleChange = Union[Lock, Trigger, Ability]


@frozen
class Setting:
    name: str
    value: str | int
    span: Span | None = _span()
