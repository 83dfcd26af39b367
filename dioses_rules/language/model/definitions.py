"""Definitions: what a card file defines, and the file itself."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

import attrs
from attrs import field, frozen

from .conditions import Condition, ScoringLine, Weight
from .effects import DiscardTop, Effect, RuleChange, Setting, SetupDraw, SetupStep, Trigger
from .nouns import ChallengeDraws, Difficulty, Provenance, Span, _span
from .selectors import Selector

# --------------------------------------------------------------------------
# Definitions


@frozen
class WordDecl:
    """A word a set declares: ``mythology greek "Griega" aka "Greek" plural
    greeks symbol circle`` or ``type god "Dios" aka "God" plural gods symbol D``.
    ``name`` is the printed name, ``aliases`` English names, ``plural`` the
    selector's plural word, ``symbol`` what Pattern cards and pictures show,
    ``spanish`` the Spanish forms Spanish card text agrees with."""

    kind: str  # "mythology", "type", or "tag" (a tag's names only: no selector word)
    id: str
    name: str
    aliases: tuple[str, ...] = ()
    plural: str | None = None
    symbol: str | None = None
    # ``spanish masculine "dios" "dioses"``: (gender, singular, plural) per gender
    spanish: tuple[tuple[str, str, str], ...] = ()
    span: Span | None = _span()


@frozen
class CardSet:
    id: str
    name: str
    version: str | None = None
    requires: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    expects: tuple[tuple[str, int], ...] = ()  # (kind, count) the set must define
    difficulties: tuple[tuple[Difficulty, int], ...] = ()  # R14: points per level
    words: tuple[WordDecl, ...] = ()  # the mythologies and types it declares
    tie_break: str | None = None  # R16: the type whose cards break ties
    always: tuple[str, ...] = ()  # R25: rule options in play whenever the set is
    aliases: tuple[str, ...] = ()  # its other names (an English one)
    span: Span | None = _span()
    # where each word of its lists is written: (statement, word, span), so
    # that a diagnostic about 'requires x' or 'expect 3 law' points there
    places: tuple[tuple[str, str, Span | None], ...] = field(
        default=(), eq=False, repr=False, kw_only=True
    )

    def span_of(self, statement: str, word: str) -> Span | None:
        """Where ``statement`` names ``word`` ('requires', 'base'), or the header's span."""
        for key, named, span in self.places:
            if key == statement and named == word and span is not None:
                return span
        return self.span


def _words(value: str | Iterable[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


@frozen
class _Written:
    """What every definition records of its text beside its own fields:
    whether the text says its provenance (a modder's set may leave it out),
    and where it is written. Keyword-only and outside equality, so each
    definition's own fields keep their places and its meaning is theirs."""

    provenance_stated: bool = field(default=True, eq=False, repr=False, kw_only=True)
    # as _span() makes it, written out for the type checker's attrs plugin,
    # which must see that it is keyword-only to allow the fields after it
    span: Span | None = field(default=None, eq=False, repr=False, kw_only=True)


@frozen
class MythCard(_Written):
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
    # where the event's text comes from when it differs from the card's (R27:
    # Geb y Nut's scoring is printed, its event reconstructed); None: the card's
    event_provenance: Provenance | None = None

    @property
    def kind(self) -> str:
        return "event" if self.event else "myth"

    @property
    def event_origin(self) -> Provenance | None:
        """Where its event comes from: stated on the event, else the card's;
        None for a card without an event."""
        if not self.event:
            return None
        return self.event_provenance or self.provenance

    @property
    def mythology(self) -> str:
        """The first of its mythologies (most cards have one)."""
        return self.mythologies[0] if self.mythologies else ""


@frozen
class Law(_Written):
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    lines: tuple[ScoringLine, ...]
    kind = "law"


def _names_a_card(
    cell: PatternCell, attribute: attrs.Attribute[str | None], value: str | None
) -> None:
    if cell.type is None and cell.mythology is None:
        raise ValueError("a pattern cell names a type, a mythology or both")


@frozen
class PatternCell:
    """R14: what one cell of a Pattern card wants: a card of a type (``any
    god``, ``god``), of a mythology (``aztec``), or both (``greek god``).
    :meth:`fits` is the one place that says which cards fit it."""

    type: str | None  # None: any type (a mythology-only cell)
    mythology: str | None = field(default=None, validator=_names_a_card)  # None: any mythology
    span: Span | None = _span()

    def fits(self, card_type: str, mythologies: tuple[str, ...]) -> bool:
        """Whether a card of this type and these mythologies fits the cell
        (its face, R12, is the caller's to judge)."""
        return (self.type is None or card_type == self.type) and (
            self.mythology is None or self.mythology in mythologies
        )


@frozen
class Pattern(_Written):
    id: str
    name: str
    aliases: tuple[str, ...]
    difficulty: Difficulty
    provenance: Provenance
    shape: tuple[tuple[PatternCell | None, ...], ...]
    kind = "pattern"


@frozen
class ObjectiveGoal(_Written):
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    lines: tuple[ScoringLine, ...]
    kind = "objective-goal"


@frozen
class ObjectiveElement(_Written):
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    selector: Selector
    kind = "objective-element"


@frozen
class PowerEffect(_Written):
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    cost: int
    effects: tuple[Effect, ...]
    kind = "power"


@frozen
class RuleOption(_Written):
    id: str
    name: str
    aliases: tuple[str, ...]
    provenance: Provenance
    settings: tuple[Setting, ...] = ()
    start: tuple[Effect, ...] = ()
    kind = "rule-option"


@frozen
class Scenario(_Written):
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
    # what the challenge setup does to the setup's draws; None: a bare
    # ``challenge setup``, which replaces them when it has steps (0.1.0)
    challenge_draws: ChallengeDraws | None = None
    # where the (first) challenge setup is written, for the linter (DL504)
    challenge_setup_span: Span | None = _span()
    # where the (first) mode is written, for the linter (DL112)
    mode_span: Span | None = _span()
    kind = "scenario"

    def setup_for(self, challenge: bool) -> list[SetupStep]:
        """The setup steps played: with the challenge, its challenge setup's
        steps are added, and its draws replace the setup's (``replaces
        draws``, and a bare ``challenge setup`` with steps, as 0.1.0 read it)
        or are added to them (``adds draws``)."""
        steps = list(self.setup)
        if not challenge:
            return steps
        draws = self.challenge_draws
        if draws is ChallengeDraws.REPLACES or (draws is None and self.challenge_setup):
            steps = [s for s in steps if not isinstance(s, SetupDraw)]
        return steps + list(self.challenge_setup)

    @property
    def state_names(self) -> set[str]:
        """What the scenario remembers (``discard top of DECK as NAME``)."""
        return {
            effect.remember
            for rule in self.rules
            if isinstance(rule, Trigger)
            for effect in rule.effects
            if isinstance(effect, DiscardTop) and effect.remember
        }


Definition = Union[
    MythCard,
    Law,
    Pattern,
    ObjectiveGoal,
    ObjectiveElement,
    PowerEffect,
    RuleOption,
    Scenario,
]


@frozen
class CardFile:
    """One parsed ``.dioses`` file: its set header and its definitions."""

    card_set: CardSet | None
    definitions: tuple[Definition, ...]
    path: str = field(default="<string>", eq=False)
    # (kind, id) of definitions that did not parse or build ("myth", "law",
    # "set", ...): counts and references skip them rather than err twice
    broken: tuple[tuple[str, str], ...] = field(default=(), eq=False)


KINDS = (
    "myth",
    "event",
    "law",
    "pattern",
    "objective-goal",
    "objective-element",
    "power",
    "rule-option",
    "scenario",
)
