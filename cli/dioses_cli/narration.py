"""What happened, told in one line a turn: :class:`Narrator` collects the
log records of a turn and says them in the terminal's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text

from dioses_rules.engine.game import Game
from dioses_rules.wording import moves

from .choice_words import card_name, label_text
from .i18n import _, lang
from .names import named, texts
from .table import seat_label

if TYPE_CHECKING:
    from .output import Console  # the console() factory's, which only output.py imports

# A log record (engine.log): JSON, values of every kind.
Record = dict[str, Any]


def record_phrase(
    record: Record,
    name: Callable[[str], str] = str,
    names: Callable[[str, str], str] | None = None,
    label: Callable[[str], str] = str,
) -> str | None:
    """A few words for one log record, or None for records not worth a word;
    ``name`` names a Myth card by its id, ``names`` (family, id) any card
    (:func:`dioses_rules.wording.moves.record_phrase` in the terminal's
    language)."""
    return moves.record_phrase(record, moves.Namers(lang(), name, names, label))


def _event_effects(game: Game, record: Record) -> str:
    """What an Event card does, after its name ("EVENT Crete: every player
    draws a Pattern"), as the web history says it (R18: of every player)."""
    card = game.registry.get("myth", str(record.get("card")))
    if card is None or not card.event:
        return ""
    writer = texts(game.registry).writer
    return ": " + "; ".join(writer.effect(e, every_player=True) for e in card.event)


class Narrator:
    """Collects the records of a turn and tells what happened in one line."""

    def __init__(self, out: Console) -> None:
        self.out = out
        self.pending: list[Record] = []
        self.seat: int | None = None  # whose turn it is (None: the setup)
        self.last_seat: int | None = None  # the human seat asked last
        self.turn = 0
        self.dirty = True  # the board changed since it was drawn

    def record(self, record: Record) -> None:
        if record["type"] == "event" and record.get("event") == "turn":
            self.seat = record.get("seat")
            self.turn = record.get("turn", 0)
        elif record["type"] in ("decision", "event"):
            self.pending.append(record)
        if record["type"] == "event" and record.get("event") != "drew":
            self.dirty = True  # (a drawn card is in the prompt, not on the board)

    def flush(self, game: Game, heading: str | None = None) -> None:
        def names(family: str, ident: str) -> str:
            return named(game.registry, family, ident)

        phrases = [
            p + _event_effects(game, r) if r.get("event") == "event" else p
            for r, p in (
                (r, record_phrase(r, card_name(game), names, lambda text: label_text(game, text)))
                for r in self.pending
            )
            if p
        ]
        self.pending = []
        if not phrases:
            return
        if heading is None:
            heading = (
                _("turn {number}, {seat}").format(
                    number=self.turn + 1, seat=seat_label(game, self.seat)
                )
                if self.seat is not None
                else _("setup")
            )
        line = Text(f"{heading}: ", style="bold")
        line.append("; ".join(phrases))
        self.out.print(line)
