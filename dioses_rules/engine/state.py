"""A game's state as plain data (what a save holds), and the shapes of a decision.

The state names cards by id and is changed in place by the game; scoring
reads the resolved view :func:`view.board_of` builds from it. Laws and
patterns use the entries of board files (``LawEntry``, ``PatternEntry``), so a
game's area and a board file are written the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, overload

from attrs import define, field, frozen

from ..errors import DiosesError
from ..language.settings import Settings
from ..scoring.area import SIZE
from ..scoring.board import LawEntry, PatternEntry

if TYPE_CHECKING:
    from ..scoring.score import ScoreReport

SAVE_KIND = "dioses-game"  # the "kind" of a save file (a log has none)
MAX_TURNS_PER_SEAT = 200  # a safeguard: every game terminates

# The revision of the engine's reading of the rulebooks a game is played
# under. A new game is played under RULES; a log's setup record ("rules") and
# a save's state ("rules") say which, and a file written before they said it
# was played under revision 1, so it replays and resumes exactly as written.
#   1  dioses-rules 0.1.0 up to issue #11: Power only before the action; the
#      seek returns the revealed cards in the order they came; no effect turns
#      a locked card face down; a scenario is set up with one area for every
#      seat, all face down and no objectives whatever its mode says, and the
#      base game gives each seat its own area.
#   2  R26: Power also after the action; R32: the seek's order is chosen;
#      R33: a locked card can be turned face down; R21: the solo and
#      cooperative mode is its rule options' settings on either path
#      ('areas', 'initial-reveals', 'objectives' read for a scenario too).
FIRST_RULES = 1
RULES = 2
KNOWN_RULES = tuple(range(FIRST_RULES, RULES + 1))


@define
class Slot:
    """A Myth card in a cell of an area, by id."""

    card: str
    face_up: bool = False


@define
class AreaState:
    cells: list[Slot | None] = field(factory=lambda: [None] * SIZE)
    laws: list[LawEntry] = field(factory=list)
    patterns: list[PatternEntry] = field(factory=list)
    power: list[str] = field(factory=list)  # R22: face-down Myth cards
    used_abilities: list[int] = field(factory=list)

    def face_up_count(self) -> int:
        count = 0
        for slot in self.cells:
            if slot is not None and slot.face_up:
                count += 1
        return count

    def all_face_up(self) -> bool:
        # a loop, as all() of a generator is slower (asked once a turn)
        for slot in self.cells:  # noqa: SIM110
            if slot is not None and not slot.face_up:
                return False
        return True

    def find(self, card_id: str) -> int | None:
        for index, slot in enumerate(self.cells):
            if slot is not None and slot.card == card_id:
                return index
        return None


@define
class GameState:
    seats: int
    seat_area: list[int]
    areas: list[AreaState]
    settings: Settings
    options: list[str] = field(factory=list)
    scenario: str | None = None
    challenge: bool = False
    deck: list[str] = field(factory=list)  # the top card is the last one
    discards: list[list[str]] = field(factory=list)
    law_deck: list[str] = field(factory=list)
    pattern_deck: list[str] = field(factory=list)
    removed: list[str] = field(factory=list)  # out of the game (R18)
    side_decks: dict[str, list[str]] = field(factory=dict)
    scenario_state: dict[str, str] = field(factory=dict)  # what a scenario remembers
    objectives: list[list[str]] = field(factory=list)
    start_player: int = 0
    active: int = 0
    turn: int = 0
    ending_seat: int | None = None
    turns_left: int | None = None
    finished: bool = False
    turn_limit_reached: bool = False
    rules: int = FIRST_RULES  # the rules revision (absent from a save: the first)

    def all_card_places(self) -> list[tuple[str, str]]:
        """(place, card) for every Myth card: each must be in exactly one place."""
        places = [("deck", c) for c in self.deck]
        for index, pile in enumerate(self.discards):
            places += [(f"discard {index}", c) for c in pile]
        for index, area in enumerate(self.areas):
            places += [(f"area {index}", s.card) for s in area.cells if s is not None]
            places += [(f"power {index}", c) for c in area.power]
        for name, pile in self.side_decks.items():
            places += [(f"deck {name}", c) for c in pile]
        places += [("removed", c) for c in self.removed]
        return places


def copy_state(state: GameState) -> GameState:
    """A copy of a game's state that shares nothing the game changes (its
    settings, never changed during a game, are shared): what a planning
    agent plays on without touching the real game. Much faster than a deep
    copy, which a planner makes once a turn and once a simulation."""
    areas = [
        AreaState(
            [None if s is None else Slot(s.card, s.face_up) for s in a.cells],
            list(a.laws),  # LawEntry: never changed once placed (R13)
            [PatternEntry(p.card, p.completed) for p in a.patterns],
            list(a.power),
            list(a.used_abilities),
        )
        for a in state.areas
    ]
    return GameState(
        seats=state.seats,
        seat_area=list(state.seat_area),
        areas=areas,
        settings=state.settings,
        options=list(state.options),
        scenario=state.scenario,
        challenge=state.challenge,
        deck=list(state.deck),
        discards=[list(p) for p in state.discards],
        law_deck=list(state.law_deck),
        pattern_deck=list(state.pattern_deck),
        removed=list(state.removed),
        side_decks={k: list(v) for k, v in state.side_decks.items()},
        scenario_state=dict(state.scenario_state),
        objectives=[list(o) for o in state.objectives],
        start_player=state.start_player,
        active=state.active,
        turn=state.turn,
        ending_seat=state.ending_seat,
        turns_left=state.turns_left,
        finished=state.finished,
        turn_limit_reached=state.turn_limit_reached,
        rules=state.rules,
    )


@define(unsafe_hash=True)
class Choice:
    """One option of a decision: a kind and plain arguments, and a label.

    The label is text, or a function that makes it when it is read (the log
    reads only the chosen option's; a human reads them all): most decisions
    are made by agents that never read a label. A lazy label reads the game
    as it is when read, so it is read before the decision's move is made
    (:meth:`game.Game.decide` logs it at once). Two options of the same kind
    and arguments are the same option whatever their labels.

    Not frozen only because a frozen class is slow to make and a game makes
    tens of thousands (every pair of cells of a swap): treat it as frozen.
    """

    kind: str
    # by the decision's kind: a cell or a pile (int), a card id or a row (str), ...
    args: tuple[Any, ...] = ()
    _label: str | Callable[[], str] = field(default="", eq=False)

    @property
    def label(self) -> str:
        label = self._label
        return label() if callable(label) else label

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args), "label": self.label}


class LazyChoices(Sequence[Choice]):
    """The options of a decision, each made when it is read.

    Most decisions are made by a random agent that reads one option (the
    one it picks) of many: the 66 swaps of an area, the 12 cells to play a
    card at. This sequence is what the list of them was, the same options in
    the same order (its length, its items by index, its iteration), but an
    option is made by ``make(index)`` only when read: a new equal
    :class:`Choice` each time. Its maker may also say each option's kind
    and arguments without making it (``options``, :func:`options_of`):
    an agent that weighs every option by them (the greedy agent, the 66
    swaps of an area at a time) reads them so.
    """

    __slots__ = ("_count", "_make", "_options")

    def __init__(
        self, count: int, make: Callable[[int], Choice], options: Options | None = None
    ) -> None:
        self._count = count
        self._make = make
        self._options = options

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Choice: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Choice, ...]: ...

    def __getitem__(self, index: int | slice) -> Choice | tuple[Choice, ...]:
        if type(index) is int and 0 <= index < self._count:
            return self._make(index)
        if isinstance(index, slice):
            return tuple(self._make(i) for i in range(*index.indices(self._count)))
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("choice index out of range")
        return self._make(index)

    def __iter__(self) -> Iterator[Choice]:
        return map(self._make, range(self._count))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LazyChoices, tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LazyChoices({list(self)!r})"


# what a maker of options says of the one of an index: its kind and arguments
Options = Callable[[int], tuple[str, tuple[Any, ...]]]


def options_of(choices: Sequence[Choice]) -> list[tuple[str, tuple[Any, ...]]]:
    """The kind and arguments of each option, in order: said by the maker
    of lazy options that says them (``LazyChoices``), else read from the
    options."""
    if type(choices) is LazyChoices and choices._options is not None:
        return list(map(choices._options, range(choices._count)))
    return [(choice.kind, choice.args) for choice in choices]


@define(unsafe_hash=True)
class Decision:
    """What an agent is asked. Not frozen only because a frozen class is
    slow to make and a game makes one a decision: treat it as frozen."""

    seat: int
    kind: str
    prompt: str
    choices: Sequence[Choice]  # a tuple, or the same options made lazily (LazyChoices)
    subject: str | None = None  # the card or law the decision is about


@frozen
class GameResult:
    """A finished game's scores and winners (:meth:`.game.Game.result`)."""

    reports: tuple[ScoreReport, ...]  # one per area
    winners: tuple[int, ...]  # area indexes (R16)
    turns: int
    turn_limit_reached: bool = False


class Agent(Protocol):
    name: str

    def choose(self, game: Any, decision: Decision) -> int:
        """The index of the chosen option (``game`` is the :class:`game.Game`)."""


class GameError(DiosesError):
    """A game that cannot be set up or continued as asked."""


def game_error(
    message: str, help: str | None = None, path: str = "", code: str = "G001"
) -> GameError:
    """G001: the engine refuses; G100: a game's files or arguments (the commands)."""
    return GameError.one(code, message, path, help)
