"""One name per card (#28): the printed name in the reader's language,
never the id (ids are for files and commands); rows, lines and cells in
the reader's words.

English: a Myth card's or objective's English name where the printed one is
Spanish ("Battlefield" for Campo de Guerra), as the English card text says
it; Spanish: the printed name (a card no rulebook names in Spanish keeps its
English one: none is invented, CARDS.md), and a law's or pattern's Spanish
name of ours where it has one (``locale/es/our-names.toml``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ..language import model as m
from ..language.source import effect_text
from ..language.spanish_words import state_word
from ..pool.our_names import spanish_name
from ..scoring.area import cell_column, cell_row
from . import N_, words

if TYPE_CHECKING:
    from ..language.texts import Texts
    from ..language.vocabulary import Vocabulary
    from ..pool.registry import Registry

T = TypeVar("T")

_ENGLISH_ALIAS = ("myth", "objective-goal", "objective-element")


def name_of(definition: m.Definition, lang: str) -> str:
    """A definition's name in ``lang``."""
    english_alias = isinstance(definition, m.MythCard) or definition.kind in _ENGLISH_ALIAS
    if lang == "en" and english_alias and definition.aliases:
        return definition.aliases[0]
    if lang == "es":
        return spanish_name(definition) or definition.name
    return definition.name


def english_kind(vocabulary: Vocabulary, card: m.MythCard) -> str:
    """What a Myth card is, in English words as its face says it: "Greek
    god", "Celtic and Greek god" (not its ids, "greek god")."""
    mythologies = " and ".join(vocabulary.english("mythology", x) for x in card.mythologies)
    return f"{mythologies} {vocabulary.english('type', card.type)}"


def card_kind(registry: Registry, card: m.MythCard, lang: str) -> str:
    """What a Myth card is on a player's screen: "Greek god" / "dios
    griego" (agreeing: "lugar griego")."""
    if lang == "en":
        return english_kind(registry.vocabulary, card)
    kind: str = texts(registry, lang).card_kind(card)
    return kind


def named(registry: Registry, family: str, ident: object, lang: str) -> str:
    """The name of ``family``'s ``ident`` ('odin' -> "Odin"); anything the
    registry does not know is shown as it is."""
    if not isinstance(ident, str):
        return str(ident)
    if family == "ability":  # a log names a scenario ability by its English effect
        return ability_words(registry, ident, lang)
    definition = registry.get(family, ident)
    return ident if definition is None else name_of(definition, lang)


def ability_words(registry: Registry, written: str, lang: str) -> str:
    """A scenario ability as a log record names it (its effect as the card
    file writes it, engine/power.py) in ``lang``'s card text; as it is when
    no scenario of the pool has it."""
    for scenario in registry.definitions("scenario"):
        for rule in scenario.rules:
            if isinstance(rule, m.Ability) and effect_text(rule.effect) == written:
                said: str = texts(registry, lang).writer.effect(rule.effect)
                return said
    return written


_CACHE: dict[tuple[str, int, str], tuple[Registry, Any]] = {}  # -> (registry, value)


def _cached(what: str, registry: Registry, lang: str, make: Callable[[], T]) -> T:
    key = (what, id(registry), lang)
    entry = _CACHE.get(key)
    if entry is None or entry[0] is not registry:
        entry = _CACHE[key] = (registry, make())
    return entry[1]


def texts(registry: Registry, lang: str) -> Texts:
    """The card texts of ``registry`` in ``lang`` (cached)."""
    return _cached("texts", registry, lang, lambda: registry.texts(lang))


def _id_pattern(registry: Registry, lang: str) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    names: dict[str, str] = {}
    for family in ("law", "pattern", "myth"):  # a Myth card's name wins a clash
        names.update({d.id: name_of(d, lang) for d in registry.definitions(family)})
    ids = sorted(names, key=len, reverse=True)  # 'hera' never inside 'heracles'
    pattern = (
        re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else None
    )
    return pattern, names


def printed_names(registry: Registry, text: str, lang: str) -> str:
    """``text`` (an engine prompt or choice label, which name cards, laws and
    patterns by id) with each id written as its name."""
    pattern, names = _cached("ids", registry, lang, lambda: _id_pattern(registry, lang))
    return text if pattern is None else pattern.sub(lambda hit: names[hit.group(1)], text)


def _row_value(row: m.Row | str) -> str:
    return row.value if isinstance(row, m.Row) else str(row)


def row_word(row: m.Row | str, lang: str) -> str:
    """A row's word: "front" / "delantera"."""
    _ = words(lang)._
    value = _row_value(row)
    return {"front": _("front"), "central": _("central"), "back": _("back")}.get(value, value)


def line_name(lang: str, row: m.Row | str | None = None, column: int | str | None = None) -> str:
    """The row or column a law is on: "front row", "column 4" / "fila
    delantera", "columna 4" (what a player may type back)."""
    _ = words(lang)._
    if row is not None:
        value = _row_value(row)
        return {"front": _("front row"), "central": _("central row"), "back": _("back row")}.get(
            value, value
        )
    return _("column {number}").format(number=column)


def cell_word(index: int, lang: str) -> str:
    """A cell, short: "front 1" / "delantera 1"."""
    return f"{row_word(cell_row(index), lang)} {cell_column(index)}"


def cell_place(index: int, lang: str) -> str:
    """A cell as a player says it: "front row, column 1" / "fila
    delantera, columna 1" (R1)."""
    return f"{line_name(lang, row=cell_row(index))}, {line_name(lang, column=cell_column(index))}"


def on_line(lang: str, row: m.Row | str | None = None, column: int | str | None = None) -> str:
    """Where a law is: "on the front row", "on column 4"."""
    _ = words(lang)._
    if row is not None:
        value = _row_value(row)
        return {
            "front": _("on the front row"),
            "central": _("on the central row"),
            "back": _("on the back row"),
        }.get(value, value)
    return _("on column {number}").format(number=column)


def state_name(word: str, lang: str) -> str:
    """A scenario's state word ("fairest") or set-aside deck as ``lang``
    says it: Spanish, our translation ("la más bella", CARDS.md)."""
    return state_word(word) if lang == "es" else word


# Who sits in a seat ('--agents' and the web's seat choices take the ids)
AGENT_WORDS = {
    "human": N_("human"),
    "greedy": N_("greedy"),
    "random": N_("random"),
    "planner": N_("planner"),
}


def agent_word(name: str, lang: str) -> str:
    """An agent's name in ``lang`` ("greedy" -> "voraz"), the same in the
    terminal and on the web pages."""
    return words(lang)._(AGENT_WORDS[name]) if name in AGENT_WORDS else name
