"""The player at the keyboard: :class:`HumanAgent` draws the table, lists the
legal choices of each decision and reads a number; :class:`Narrator` tells in
one line what happened since the player last decided."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.text import Text

from dioses_rules.engine.game import Game
from dioses_rules.engine.state import Decision
from dioses_rules.errors import whole_number
from dioses_rules.language import model as m
from dioses_rules.pool.names import fold

from .best import suggestion
from .choice_words import choice_text, prompt_text
from .faces import CELL_KINDS, SPANISH_VERBS, named_choice, named_choices
from .i18n import _, lang
from .names import agent_word, card_kind, cell_word, name_of
from .names import texts as screen_texts
from .narration import Narrator
from .output import console
from .table import draw_board, seat_label

if TYPE_CHECKING:
    from .output import Console  # the console() factory's, which only output.py imports

HUMAN = "human"


class InputClosed(Exception):
    """The player's input ended (EOF) or they asked to stop ('q')."""


def read_line(prompt: str) -> str:
    """One line of the player's input (tests replace this)."""
    return input(prompt)


MAX_LISTED = 24  # more choices than this (the 66 swaps) are named, not listed


def _typed_cell(index: int) -> str:
    """A cell as the player types it, with the first letter of its row on
    screen: 'f1' (front 1), 'd1' (delantera 1); faces.cell_of reads both."""
    row, column = cell_word(index).rsplit(" ", 1)
    return f"{row[0].lower()}{column}"


def _example(game: Game, decision: Decision) -> str:
    """How to name one of this decision's choices, from its first choice:
    its cells, or the first word it is shown with when that word alone names
    it ('take', 'coger'), else all its words as shown (never an engine id
    such as 'take-discard')."""
    first = decision.choices[0]
    if first.kind in CELL_KINDS:
        cells = " ".join(_typed_cell(c) for c in first.args)
        verb = {"swap": "swap", "play": "play"}.get(first.kind, decision.kind)
        if lang() == "es":  # the verb a Spanish screen's help names: 'revelar d1'
            verb = SPANISH_VERBS.get(verb, verb)
        return f"'{verb} {cells}'"
    said = choice_text(game, first)  # its cards as printed: 'take Anubis ...', not 'anubis'
    word = said.split()[0].lower() if said.split() else said
    shown = [choice_text(game, c).lower() for c in decision.choices]
    if named_choice(word, decision.choices, decision.kind, shown) == 0:
        return f"'{word}'"
    return f"'{said}'"


def _named(game: Game, family: str, name: str) -> m.Definition | None:
    """The definition ``name`` names: its id, name or alias, or the name the
    screen shows it by ("Un solo panteón", a Spanish name of ours)."""
    try:
        return game.registry.resolve(family, name)
    except LookupError:
        wanted = fold(name)
        shown = [d for d in game.registry.definitions(family) if fold(name_of(d)) == wanted]
        return shown[0] if len(shown) == 1 else None


class HumanAgent:
    """A player at the keyboard: draws the board, lists the legal choices,
    reads a number until it is a valid one."""

    name = HUMAN
    plans = True  # the game keeps each turn's start, so that 'h' asks the planner

    def __init__(
        self,
        out: Console | None = None,
        narrator: Narrator | None = None,
        read: Callable[[str], str] | None = None,
        lang: str = "en",
    ) -> None:
        self.out = out or console()
        self.lang = lang  # of card text: "en" or "es" (dioses play --lang)
        self.narrator = narrator
        self.read = read
        self._last_seat: int | None = None  # used without a narrator

    @property
    def last_seat(self) -> int | None:
        """The seat asked last, by any human at this table (hot-seat)."""
        return self.narrator.last_seat if self.narrator is not None else self._last_seat

    @last_seat.setter
    def last_seat(self, seat: int) -> None:
        if self.narrator is not None:
            self.narrator.last_seat = seat
        self._last_seat = seat

    def _read(self, prompt: str) -> str:
        reader = self.read or read_line  # looked up at call time (tests patch it)
        try:
            return reader(prompt)
        except EOFError:
            raise InputClosed("input closed") from None

    def choose(self, game: Game, decision: Decision) -> int:
        self._announce(game, decision)
        self._show_decision(game, decision)
        count = len(decision.choices)
        prompt = _("seat {seat}, choose 1-{count} (? for help): ").format(
            seat=decision.seat + 1, count=count
        )
        shown = [choice_text(game, c).lower() for c in decision.choices]
        while True:
            answer = self._read(prompt).strip()
            if self._command(game, decision, answer):
                continue
            chosen = self._answer(game, decision, answer, shown)
            if chosen is not None:
                return chosen

    def _announce(self, game: Game, decision: Decision) -> None:
        """What the others did, whose keyboard it is, and the board when it
        changed or another seat is asked."""
        out, narrator = self.out, self.narrator
        if narrator is not None and narrator.seat != decision.seat:
            narrator.flush(game)  # what the others did (one's own turn is told at its end)
        humans = sum(1 for agent in game.agents if agent.name == HUMAN)
        if humans > 1 and decision.seat != self.last_seat:
            out.print(
                Text(
                    "=== "
                    + _("{seat}: your turn (pass the keyboard)").format(
                        seat=seat_label(game, decision.seat)
                    )
                    + " ===",
                    style="bold yellow",
                )
            )
        if narrator is None or narrator.dirty or decision.seat != self.last_seat:
            in_setup = narrator is not None and narrator.seat is None
            draw_board(out, game, decision.seat, setup=in_setup)
            if narrator is not None:
                narrator.dirty = False
        self.last_seat = decision.seat

    def _command(self, game: Game, decision: Decision, answer: str) -> bool:
        """A key that is no choice ('?', 'h', 'b', 'l', 'c NAME'), done;
        False for anything else. 'q' stops the game."""
        lowered = answer.lower()
        if lowered in ("q", "quit", "exit"):
            raise InputClosed("quit")
        if lowered in ("?", "help"):
            self.out.print(
                _(
                    "type the number of a choice, or name it: cells as f1..b4 "
                    "(front, central, back; columns 1-4), e.g. 'swap f1 b4', "
                    "'play c2', 'reveal b3', 'take' (a discard pile's top card), "
                    "'exchange f1' (the card you took goes there), 'draw', 'discard'; "
                    "a choice as it "
                    "is shown, e.g. 'column 4', 'front row'; 'h' suggests one; 'b' "
                    "draws the board again; 'l' lists all the choices; 'c NAME' shows "
                    "a card's text; 'q' saves and stops (continue later with "
                    "--resume)"
                ),
                markup=False,
            )
        elif lowered in ("h", "hint"):
            self._hint(game, decision)
        elif lowered == "b":
            draw_board(self.out, game, decision.seat)
        elif lowered == "l":
            self._show_decision(game, decision, everything=True)
        elif lowered.startswith(("c ", "card ")):
            self._card_text(game, answer.split(None, 1)[1])
        else:
            return False
        return True

    def _answer(self, game: Game, decision: Decision, answer: str, shown: list[str]) -> int | None:
        """The choice an answer names (its number, its words as shown, or its
        cells), or None after saying why it names none."""
        lowered, count = answer.lower(), len(decision.choices)
        if shown.count(lowered) == 1:  # a choice typed as shown: 'column 4'
            return shown.index(lowered)
        number = whole_number(answer, 6)  # '١', '1_0', '+1' are not choice numbers
        if number is None:
            named = named_choices(answer, decision.choices, decision.kind, shown)
            if len(named) == 1:
                return named[0]
            if named:  # 'take' with two discard piles
                self.out.print(
                    _("'{answer}' names {count} choices: {choices}; type its number").format(
                        answer=answer,
                        count=len(named),
                        choices=", ".join(
                            f"{i + 1}. {choice_text(game, decision.choices[i])}" for i in named
                        ),
                    ),
                    markup=False,
                )
                return None
            self.out.print(
                _(
                    "'{answer}' is not a choice: type 1 to {count}, or name one "
                    "(e.g. {example}; ? for help)"
                ).format(answer=answer, count=count, example=_example(game, decision)),
                markup=False,
            )
            return None
        if not 1 <= number <= count:
            self.out.print(
                _("{number} is not a choice: type 1 to {count}").format(number=number, count=count),
                markup=False,
            )
            return None
        return number - 1

    def _hint(self, game: Game, decision: Decision) -> None:
        index, who = suggestion(game, decision)
        choice = decision.choices[index]
        self.out.print(
            _("hint ({agent} agent): {number}. {choice}").format(
                agent=agent_word(who), number=index + 1, choice=choice_text(game, choice)
            ),
            markup=False,
        )

    def _show_decision(self, game: Game, decision: Decision, everything: bool = False) -> None:
        """The prompt and the numbered choices; a long list of swaps is not
        printed unless asked ('l'): they are typed by their cells."""
        out = self.out
        out.print(Text(prompt_text(game, decision.prompt), style="bold"))
        if decision.subject:
            self._card_text(game, decision.subject, quiet=True)
        count = len(decision.choices)
        if count > MAX_LISTED and not everything:
            out.print(
                _(
                    "{count} choices: name one, e.g. {example} ('l' lists them all, numbered)"
                ).format(count=count, example=_example(game, decision)),
                markup=False,
            )
            return
        items = [f"{i + 1:>2}. {choice_text(game, c)}" for i, c in enumerate(decision.choices)]
        if len(items) > 12:
            out.print(Columns([Text(item) for item in items], padding=(0, 3)))
        else:
            for item in items:
                out.print(item, markup=False)

    def _card_text(self, game: Game, name: str, quiet: bool = False) -> None:
        texts = screen_texts(game.registry)
        for family in ("myth", "law", "pattern", "scenario", "power", "rule-option"):
            definition = _named(game, family, name.strip())
            if definition is None:
                continue
            head = name_of(definition)
            if isinstance(definition, m.MythCard):
                head += f" ({card_kind(game.registry, definition)})"
            self.out.print(
                f"  {head}: " + texts.text(definition).replace("\n", "\n  "), markup=False
            )
            return
        if not quiet:
            self.out.print(
                _("no card, law or pattern named '{name}'").format(name=name), markup=False
            )
