"""What the web app shows of the loaded sets: every definition as an entry,
its filters, its search, its texts and the rulings its card file cites.

One :class:`Catalog` is made when the server starts and only read after.
An entry is named by (set, family, id): a base card an expansion replaces
keeps its own page beside the card that replaces it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from attrs import frozen

from ..language import model as m
from ..language.english_definitions import english_text, provenance_text
from ..language.format import Comment, comments
from ..language.source_definitions import DefinitionWriter
from ..pool.our_names import our_translation
from ..pool.registry import Registry, family_of, normalize
from ..pool.sources import SourceFile
from ..render.card import CardText, card_svg, kind_line
from ..scoring.balance import BalanceReport, CardStats
from ..wording.names import name_of

FILTERS = ("set", "kind", "mythology", "type", "provenance")
# A card page's balance figures: dioses balance's own defaults (--boards
# 2000 --seed 1), so that the command without options gives the same.
BALANCE_BOARDS = 2000
BALANCE_SEED = 1
_RULING = re.compile(r"\bR(\d{1,3})\b")
_RULING_TITLE = re.compile(r"^- \*\*R(\d+) ([^*]+?)\.?\*\*")
# docs/sources/RULINGS.md beside the package (a source checkout or an
# editable install); a wheel does not carry it, and then only numbers show.
RULINGS_FILE = Path(__file__).resolve().parent.parent.parent / "docs" / "sources" / "RULINGS.md"


@frozen
class Entry:
    set_id: str
    definition: m.Definition
    replaces: str | None  # the set whose card of this id it replaces
    replaced_by: str | None  # the set whose card of this id replaces it

    @property
    def family(self) -> str:
        return family_of(self.definition)

    @property
    def key(self) -> tuple[str, str, str]:
        return self.set_id, self.family, self.definition.id

    @property
    def url(self) -> str:
        return f"/cards/{self.set_id}/{self.family}/{self.definition.id}"

    def value(self, name: str) -> tuple[str, ...]:
        """The entry's values for one of :data:`FILTERS`."""
        definition = self.definition
        if name == "set":
            return (self.set_id,)
        if name == "kind":
            return (definition.kind,)
        if name == "provenance":
            return (definition.provenance.value,)
        if not isinstance(definition, m.MythCard):
            return ()
        return tuple(definition.mythologies) if name == "mythology" else (definition.type,)

    def search_keys(self) -> tuple[str, ...]:
        definition = self.definition
        return tuple(normalize(x) for x in (definition.id, definition.name, *definition.aliases))


@frozen
class Citation:
    number: int
    title: str  # "" when RULINGS.md is not at hand


class Catalog:
    """The loaded definitions, as the gallery, the card pages and the board
    builder read them."""

    def __init__(
        self, registry: Registry, sources: Sequence[SourceFile], rulings_file: Path = RULINGS_FILE
    ) -> None:
        self.registry = registry
        self.sources = list(sources)
        self.text = CardText.of(registry)
        self.writer = DefinitionWriter(registry.vocabulary)
        old_sets = {(family_of(d), d.id): (old, new) for d, old, new in registry.replaced}
        self.entries: list[Entry] = []
        for set_id, definition, replaces, replaced_by, by_set in registry.listing():
            old_set = old_sets.get((family_of(definition), definition.id), (None, None))[0]
            self.entries.append(
                Entry(
                    set_id,
                    definition,
                    old_set if replaces else None,
                    by_set if replaced_by else None,
                )
            )
        self.by_key = {entry.key: entry for entry in self.entries}
        self._titles = _ruling_titles(rulings_file)
        self._svgs: dict[tuple[str, str, str, str], str] = {}
        self._texts_in: dict[str, CardText] = {}

    # ---------------------------------------------------------------- queries
    def get(self, set_id: str, family: str, card_id: str) -> Entry | None:
        return self.by_key.get((set_id, family, card_id))

    def in_play(self, family: str, card_id: str) -> Entry | None:
        """The entry of the definition in play under this id (not a replaced one)."""
        found = self.registry.by_id.get((family, card_id))
        return self.get(found[1], family, card_id) if found else None

    def facets(self) -> dict[str, list[str]]:
        """Every value each filter can take, in the order first met."""
        found: dict[str, dict[str, None]] = {name: {} for name in FILTERS}
        for entry in self.entries:
            for name in FILTERS:
                found[name].update(dict.fromkeys(entry.value(name)))
        return {name: list(values) for name, values in found.items()}

    def select(self, filters: dict[str, str], query: str = "") -> list[Entry]:
        """The entries matching every filter given (an empty one is no filter)
        whose id, name or an alias holds ``query`` (case and accents ignored)."""
        wanted = normalize(query) if query.strip() else ""
        chosen = []
        for entry in self.entries:
            if any(value and value not in entry.value(name) for name, value in filters.items()):
                continue
            if wanted and not any(wanted in key for key in entry.search_keys()):
                continue
            chosen.append(entry)
        return chosen

    # ---------------------------------------------------------------- texts
    def svg(self, entry: Entry, lang: str = "en") -> str:
        """The card's face drawn in ``lang`` (made once per language)."""
        key = (*entry.key, lang)
        found = self._svgs.get(key)
        if found is None:
            text = self.text if lang == "en" else self._text_in(lang)
            found = self._svgs[key] = card_svg(entry.definition, text, entry.set_id)
        return found

    def _text_in(self, lang: str) -> CardText:
        found = self._texts_in.get(lang)
        if found is None:
            found = self._texts_in[lang] = CardText.of(self.registry, lang)
        return found

    def english(self, entry: Entry) -> str:
        return english_text(
            entry.definition, self.text.names, self.text.pattern_points, self.registry.vocabulary
        )

    def spanish(self, entry: Entry) -> str:
        """The card text in Spanish, as ``dioses cards --text --lang es`` writes it."""
        return self.registry.texts("es").text(entry.definition)

    def balance(self, entry: Entry) -> CardStats | None:
        """``dioses balance``'s figures for a Myth card in play (its mean
        points on random full areas, spread, how often it scores, flags),
        or None for anything else. The whole pool is dealt once, the first
        time a page asks, with :data:`BALANCE_BOARDS` and :data:`BALANCE_SEED`."""
        if self.in_play(entry.family, entry.definition.id) is not entry:
            return None
        report = self.balance_report
        if report is None:
            return None
        return next((s for s in report.cards if s.card.id == entry.definition.id), None)

    @cached_property
    def balance_report(self) -> BalanceReport | None:
        """The pool's balance report (None for a pool too small for a full area)."""
        from ..scoring.area import SIZE
        from ..scoring.balance import balance
        from ..scoring.balance_reference import printed_reference

        pool = self.registry.myth_cards()
        if len(pool) < SIZE:
            return None
        arguments: dict[str, Any] = dict(boards=BALANCE_BOARDS, seed=BALANCE_SEED)
        printed, _ = printed_reference(self.registry, pool, arguments)
        return balance(pool, **arguments, **printed)

    def source(self, entry: Entry) -> str:
        """The definition as ``dioses fmt`` writes it."""
        return self.writer.definition(entry.definition)

    def what(self, entry: Entry, lang: str = "en") -> str:
        """What it is and where its text comes from: "Greek god, printed" /
        "dios griego, impreso" (as ``dioses cards --text --lang es`` says)."""
        definition = entry.definition
        if lang == "en":
            return (
                f"{kind_line(definition, self.registry.vocabulary)}, {provenance_text(definition)}"
            )
        texts = self.registry.texts(lang)
        kind = (
            texts.card_kind(definition)
            if isinstance(definition, m.MythCard)
            else texts.kind(definition)
        )
        return f"{kind[:1].upper()}{kind[1:]}, {texts.provenance(definition)}"

    def notes(self, entry: Entry) -> list[str]:
        """The comments of its card file about it: those just above it and
        those inside it, without the '#'."""
        return [text for _, text in self._comments(entry)]

    def citations(self, entry: Entry) -> list[Citation]:
        """The rulings (R1 ...) its comments cite, each once, in order."""
        numbers: dict[int, None] = {}
        for note in self.notes(entry):
            numbers.update(dict.fromkeys(int(x) for x in _RULING.findall(note)))
        return [Citation(n, self._titles.get(n, "")) for n in numbers]

    def _comments(self, entry: Entry) -> list[tuple[int, str]]:
        span = getattr(entry.definition, "span", None)
        text = self._file_text(self.registry.sets[entry.set_id].path)
        if span is None or text is None:
            return []
        lines = text.split("\n")
        end = _block_end(lines, span.line)
        found = comments(text)
        inside = [c for c in found if span.line <= c.line <= end]
        above: list[Comment] = []
        line = span.line - 1
        by_line = {c.line: c for c in found if c.own_line}
        while line in by_line:
            above.insert(0, by_line[line])
            line -= 1
        return [
            (c.line, c.text.lstrip("#").strip())
            for c in above + inside
            if c.text.lstrip("#").strip()
        ]

    @cached_property
    def _texts(self) -> dict[str, str]:
        return {source.path: source.text for source in self.sources}

    def _file_text(self, path: str) -> str | None:
        return self._texts.get(path)


def _block_end(lines: list[str], first: int) -> int:
    """The last line of the definition starting on line ``first`` (1-based):
    its closing brace at the start of a line, or the line itself."""
    if not lines[first - 1].rstrip().endswith("{"):
        return first
    for number in range(first + 1, len(lines) + 1):
        if lines[number - 1].startswith("}"):
            return number
    return len(lines)


def _ruling_titles(path: Path) -> dict[int, str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    titles = {}
    for line in text.splitlines():
        found = _RULING_TITLE.match(line)
        if found:
            titles[int(found.group(1))] = found.group(2).strip()
    return titles


def entry_json(
    catalog: Catalog, entries: Iterable[Entry], lang: str = "en"
) -> list[dict[str, Any]]:
    """What the board builder needs of each entry in play, its name and
    text in ``lang``."""
    out = []
    for entry in entries:
        definition = entry.definition
        name = name_of(definition, lang)
        out.append(
            {
                "id": definition.id,
                "name": name,
                "ours": our_translation(definition, name),
                "aliases": list(definition.aliases),
                "kind": definition.kind,
                "family": entry.family,
                "set": entry.set_id,
                "url": entry.url,
                "text": catalog.english(entry) if lang == "en" else catalog.spanish(entry),
                "search": " ".join(entry.search_keys()),
            }
        )
    return out
