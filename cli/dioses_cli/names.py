"""One name per card on screen (#28), in the terminal's language
(``--lang``): :mod:`dioses_rules.wording.names` with the language of the
command run."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dioses_rules.language import model as m
from dioses_rules.wording import names as wording

from .i18n import lang

if TYPE_CHECKING:
    from dioses_rules.language.texts import Texts
    from dioses_rules.pool.registry import Registry


def name_of(definition: m.Definition) -> str:
    """A definition's name on screen, in the current language."""
    return wording.name_of(definition, lang())


def named(registry: Registry, family: str, ident: object) -> str:
    """The name of ``family``'s ``ident`` ('odin' -> "Odin")."""
    return wording.named(registry, family, ident, lang())


def texts(registry: Registry) -> Texts:
    """The card texts of ``registry`` in the current language (cached)."""
    return wording.texts(registry, lang())


def card_kind(registry: Registry, card: m.MythCard) -> str:
    """What a Myth card is on screen: "Greek god" / "dios griego"."""
    return wording.card_kind(registry, card, lang())


def printed_names(registry: Registry, text: str) -> str:
    """``text`` (an engine prompt or choice label) with each id as its name."""
    return wording.printed_names(registry, text, lang())


def state_name(word: str) -> str:
    """A scenario's state word on screen ("fairest" / "la más bella")."""
    return wording.state_name(word, lang())


def row_word(row: m.Row | str) -> str:
    """A row's word on screen: "front" / "delantera"."""
    return wording.row_word(row, lang())


def line_name(row: m.Row | str | None = None, column: int | None = None) -> str:
    """The row or column a law is on: "front row", "column 4" (what the
    player may type back, faces.py)."""
    return wording.line_name(lang(), row=row, column=column)


def cell_word(index: int) -> str:
    """A cell: "front 1" / "delantera 1"."""
    return wording.cell_word(index, lang())


def on_line(row: m.Row | str | None = None, column: int | None = None) -> str:
    """Where a law is: "on the front row", "on column 4"."""
    return wording.on_line(lang(), row=row, column=column)


def agent_word(name: str) -> str:
    """An agent's name in the terminal's language ("greedy" -> "voraz")."""
    return wording.agent_word(name, lang())
