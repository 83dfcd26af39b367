"""One name per card on screen (#28): the printed name in the terminal's
language (``--lang``), never the id (ids are for files and commands).

English: a Myth card's or objective's English name where the printed one is
Spanish ("Battlefield" for Campo de Guerra), as the English card text says
it; Spanish: the printed name (a card no rulebook names in Spanish keeps its
English one: none is invented, CARDS.md). Laws, patterns and scenarios have
one printed name."""

from __future__ import annotations

import re

from dioses_rules.language import model as m
from dioses_rules.pool.our_names import spanish_name

from .i18n import _, lang

_ENGLISH_ALIAS = ("myth", "objective-goal", "objective-element")


def name_of(definition: m.Definition) -> str:
    """A definition's name on screen, in the current language: in Spanish, a
    law's or pattern's Spanish name of ours where it has one (no rulebook
    prints them in Spanish; ``dioses cards`` marks them as our translation)."""
    english_alias = isinstance(definition, m.MythCard) or definition.kind in _ENGLISH_ALIAS
    if lang() == "en" and english_alias and definition.aliases:
        return definition.aliases[0]
    if lang() == "es":
        return spanish_name(definition) or definition.name
    return definition.name


def named(registry, family: str, ident) -> str:
    """The name of ``family``'s ``ident`` ('odin' -> "Odin"); anything the
    registry does not know is shown as it is."""
    if not isinstance(ident, str):
        return str(ident)
    definition = registry.get(family, ident)
    return ident if definition is None else name_of(definition)


_CACHE: dict = {}  # (what, id(registry), lang) -> (registry, value)


def _cached(what: str, registry, make):
    key = (what, id(registry), lang())
    entry = _CACHE.get(key)
    if entry is None or entry[0] is not registry:
        entry = _CACHE[key] = (registry, make())
    return entry[1]


def texts(registry):
    """The card texts of ``registry`` in the current language (cached)."""
    return _cached("texts", registry, lambda: registry.texts(lang()))


def _id_pattern(registry):
    names = {}
    for family in ("law", "pattern", "myth"):  # a Myth card's name wins a clash
        names.update({d.id: name_of(d) for d in registry.definitions(family)})
    ids = sorted(names, key=len, reverse=True)  # 'hera' never inside 'heracles'
    pattern = (
        re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else None
    )
    return pattern, names


def printed_names(registry, text: str) -> str:
    """``text`` (an engine prompt or choice label, which name cards, laws and
    patterns by id) with each id written as its name."""
    pattern, names = _cached("ids", registry, lambda: _id_pattern(registry))
    return text if pattern is None else pattern.sub(lambda hit: names[hit.group(1)], text)


def row_word(row) -> str:
    """A row's word on screen: "front" / "delantera"."""
    value = row.value if isinstance(row, m.Row) else str(row)
    return {"front": _("front"), "central": _("central"), "back": _("back")}.get(value, value)


def line_name(row=None, column=None) -> str:
    """The row or column a law is on: "front row", "column 4" / "fila
    delantera", "columna 4" (what the player may type back, faces.py)."""
    if row is not None:
        value = row.value if isinstance(row, m.Row) else str(row)
        return {"front": _("front row"), "central": _("central row"), "back": _("back row")}.get(
            value, value
        )
    return _("column {number}").format(number=column)


def cell_word(index: int) -> str:
    """A cell: "front 1" / "delantera 1"."""
    from dioses_rules.scoring.area import cell_column, cell_row

    return f"{row_word(cell_row(index))} {cell_column(index)}"


def on_line(row=None, column=None) -> str:
    """Where a law is: "on the front row", "on column 4"."""
    if row is not None:
        value = row.value if isinstance(row, m.Row) else str(row)
        return {
            "front": _("on the front row"),
            "central": _("on the central row"),
            "back": _("on the back row"),
        }.get(value, value)
    return _("on column {number}").format(number=column)
