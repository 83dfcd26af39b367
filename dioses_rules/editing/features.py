"""What a language server answers about one position of one card file:
the lint diagnostics as ranges, hover text, definitions and the formatted
text (completion: :mod:`.completion`). Positions are 0-based lines and character indexes of
the Python string (the server converts the editor's units)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from attrs import frozen

from ..errors import Diagnostic, DiosesError
from ..language import model as m
from ..language.english_definitions import english_text, provenance_text
from ..language.format import format_text
from ..pool.registry import FAMILY_WORDS, family_of
from .keywords import name_pattern
from .workspace import Snapshot

_RULING = re.compile(r"\bR\d{1,3}\b")


@frozen
class Place:
    """A range of a file: 0-based line, start and end characters."""

    path: str
    line: int
    start: int
    end: int


@frozen
class Completion:
    label: str
    kind: str  # "keyword", "mythology", "type", "set", "row", ... or a definition family
    detail: str = ""
    replace: tuple[int, int, int] | None = None  # (line, start, end) of the word it replaces


def word_at(text: str, line: int, character: int) -> tuple[str, int, int] | None:
    """The name under (or just before) the cursor: (word, start, end)."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    for found in re.finditer(name_pattern(), lines[line]):
        if found.start() <= character <= found.end():
            return found.group(), found.start(), found.end()
    return None


def diagnostic_place(text: str, diagnostic: Diagnostic) -> Place:
    """Where an editor underlines a diagnostic: the word (or character) at
    its line and column; the file's start when it has no line."""
    if not diagnostic.line:
        return Place(diagnostic.path, 0, 0, 0)
    lines = text.split("\n")
    line = min(diagnostic.line, len(lines)) - 1
    start = min(max(diagnostic.column - 1, 0), len(lines[line]))
    found = re.compile(name_pattern() + r'|"(\\.|[^"\\\n])*"?|\S').match(lines[line], start)
    end = found.end() if found else min(start + 1, len(lines[line]))  # a blank: one character
    return Place(diagnostic.path, line, start, end)


def _all_definitions(snapshot: Snapshot) -> Iterator[tuple[m.Definition, str, str]]:
    """(definition, set id, path) of every loaded set, replaced ones too."""
    for set_id, loaded in snapshot.registry.sets.items():
        for definition in loaded.definitions:
            yield definition, set_id, loaded.path


def _everywhere(snapshot: Snapshot) -> Iterator[tuple[m.Definition, str | None, str]]:
    """:func:`_all_definitions` and those of the workspace's other files."""
    yield from _all_definitions(snapshot)
    for source in snapshot.elsewhere():
        for definition in source.card_file.definitions:
            yield definition, source.header.set_id, source.path


def _defined_at(snapshot: Snapshot, path: str, line: int) -> tuple[m.Definition, str] | None:
    """The definition of this file whose header is on ``line`` (0-based)."""
    for definition, set_id, where in _all_definitions(snapshot):
        if where == path and definition.span is not None and definition.span.line == line + 1:
            return definition, set_id
    return None


def hover(snapshot: Snapshot, path: str, line: int, character: int) -> str | None:
    """Markdown for the card id, definition header or declared word under the cursor."""
    text = snapshot.texts.get(path)
    if text is None:
        return None
    found = word_at(text, line, character)
    word = found[0] if found else None
    header = _defined_at(snapshot, path, line)
    declared = _word_text(snapshot, word) if word else None
    if header is not None and (
        word == header[0].id
        or (not declared and word not in _ids(snapshot))
        or _first_word(header[0], found)
    ):
        return _definition_text(snapshot, *header)
    if declared is not None:  # card text reads a declared word as one, never as an id
        return declared
    shown = [
        _definition_text(snapshot, d, set_id)
        for d, set_id, _ in _all_definitions(snapshot)
        if d.id == word
    ]
    return "\n\n---\n\n".join(shown) or None


def _first_word(definition: m.Definition, found: tuple[str, int, int] | None) -> bool:
    """The word that opens a definition ('god' of 'god hera ...', 'law')."""
    return (
        found is not None and definition.span is not None and found[1] == definition.span.column - 1
    )


def _ids(snapshot: Snapshot) -> set[str]:
    return {d.id for d, _, _ in _all_definitions(snapshot)}


def _definition_text(snapshot: Snapshot, definition: m.Definition, set_id: str) -> str:
    registry = snapshot.registry
    family = family_of(definition)
    what = getattr(definition, "type", None) or FAMILY_WORDS[family]
    myths = ", ".join(
        registry.vocabulary.english("mythology", word)
        for word in getattr(definition, "mythologies", ())
    )
    active = registry.by_id.get((family, definition.id))
    replaced_by = active[1] if active is not None and active[1] != set_id else None
    head = (
        f"**{definition.name}** `{definition.id}` - {what}"
        + (f", {myths}" if myths else "")
        + f" - set `{set_id}`"
        + (f" (replaced by set `{replaced_by}`)" if replaced_by is not None else "")
    )
    body = english_text(
        definition, registry.display_names(), registry.pattern_points_table(), registry.vocabulary
    )
    parts = [head, body.replace("\n", "  \n"), f"Provenance: {provenance_text(definition)}"]
    rulings = _rulings(snapshot, definition)
    if rulings:
        parts.append("Rulings cited: " + ", ".join(rulings))
    return "\n\n".join(parts)


def _rulings(snapshot: Snapshot, definition: m.Definition) -> list[str]:
    """The rulings (R1-R33) the comments above and inside a definition cite."""
    span = definition.span
    text = snapshot.texts.get(span.path) if span is not None else None
    if span is None or text is None:
        return []
    lines = text.split("\n")
    first = span.line - 1
    while first > 0 and lines[first - 1].lstrip().startswith("#"):
        first -= 1
    last = max(span.end_line, span.line)
    comments = " ".join(line[line.find("#") :] for line in lines[first:last] if "#" in line)
    return sorted(set(_RULING.findall(comments)), key=lambda code: int(code[1:]))


def _word_text(snapshot: Snapshot, word: str) -> str | None:
    """A declared mythology or type, or a set id."""
    for set_id, loaded in snapshot.registry.sets.items():
        if word == set_id:
            return f"set `{set_id}`: {loaded.card_set.name}"
        for decl in loaded.card_set.words:
            if word in (decl.id, decl.plural):
                return declaration_text(decl, set_id)
    return None


def declaration_text(decl: m.WordDecl, set_id: str) -> str:
    """What hover says of a declared word: its kind, name, aliases, plural,
    symbol and the set that declares it."""
    aliases = f" ({', '.join(decl.aliases)})" if decl.aliases else ""
    extra = "".join(
        f", {label} {value}"
        for label, value in (("plural", decl.plural), ("symbol", decl.symbol))
        if value
    )
    return f"{decl.kind} `{decl.id}`: {decl.name}{aliases}{extra} - declared by set `{set_id}`"


def definitions(snapshot: Snapshot, path: str, line: int, character: int) -> list[Place]:
    """Where the card id, set id or declared word under the cursor is defined."""
    found = word_at(snapshot.texts.get(path, ""), line, character)
    if found is None:
        return []
    word, places = found[0], []
    for set_id, loaded in snapshot.registry.sets.items():  # sets and declared words first
        card_set = loaded.card_set
        if set_id == word and card_set.span is not None:
            places.append(_name_place(snapshot, card_set.span, word))
        places += [
            _name_place(snapshot, decl.span, decl.id)
            for decl in card_set.words
            if word in (decl.id, decl.plural) and decl.span is not None
        ]
    places += [
        _name_place(snapshot, d.span, word)
        for d, _, _ in _everywhere(snapshot)
        if d.id == word and d.span
    ]
    for source in snapshot.elsewhere():  # a set of the workspace no open file requires
        file_set = source.card_file.card_set
        if file_set is not None and file_set.id == word and file_set.span is not None:
            places.append(_name_place(snapshot, file_set.span, word))
    return list(dict.fromkeys(places))


def _name_place(snapshot: Snapshot, span: m.Span, word: str) -> Place:
    """The word on the span's first line (the id after 'god', 'law', ...)."""
    lines = snapshot.texts.get(span.path, "").split("\n")
    line = span.line - 1
    text = lines[line] if 0 <= line < len(lines) else ""
    for found in re.finditer(name_pattern(), text):
        if found.group() == word and found.start() >= span.column - 1:
            return Place(span.path, line, found.start(), found.end())
    return Place(span.path, line, max(span.column - 1, 0), max(span.column - 1, 0))


def formatted(snapshot: Snapshot, path: str) -> str:
    """The file in ``dioses fmt``'s canonical layout; a file with an error
    raises :class:`DiosesError` (it is never reformatted)."""
    text = snapshot.texts.get(path)
    source = snapshot.source(path)
    if text is None or source is None:
        raise DiosesError.one("DL000", "not a loaded card file", path)
    return format_text(text, path, source.vocabulary)
