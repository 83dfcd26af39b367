"""Symbols for an editor's outline and its workspace search: a set file's
set, the words it declares and its definitions, each with its range; and
every definition, set and declared word of the workspace whose id,
printed name or alias matches a query (case and accents ignored, as card
names are matched: 'odin' finds Odín)."""

from __future__ import annotations

from attrs import frozen

from ..language import model as m
from ..pool.registry import family_of, fold
from ..pool.sources import SourceFile
from .features import Place, _name_place
from .navigation import Files

# Workspace symbols in one answer (an empty query lists everything).
MAX_SYMBOLS = 500


@frozen
class Symbol:
    """A named thing of a file: ``kind`` is "set", "mythology", "type" or a
    definition's family ("myth", "law", ...); ``detail`` what it is in
    words ('god', 'law'); ``whole`` its whole text, ``place`` its id."""

    name: str
    kind: str
    detail: str
    place: Place
    whole: tuple[int, int, int, int]  # 0-based (line, character, end line, end character)
    children: tuple[Symbol, ...] = ()
    container: str = ""  # the set it is in (workspace symbols)


def _whole(span: m.Span, place: Place) -> tuple[int, int, int, int]:
    start = (span.line - 1, max(span.column - 1, 0))
    end = (span.end_line - 1, max(span.end_column - 1, 0)) if span.end_line else start
    end = max(end, (place.line, place.end))
    return (*start, *end)


def _definition_symbol(files: Files, definition: m.Definition, set_id: str) -> Symbol | None:
    if definition.span is None:
        return None
    place = _name_place(files.snapshot, definition.span, definition.id)
    detail = getattr(definition, "type", None) or family_of(definition)
    return Symbol(
        definition.id,
        family_of(definition),
        f"{detail} {definition.name}",
        place,
        _whole(definition.span, place),
        container=set_id,
    )


def _word_symbols(files: Files, card_set: m.CardSet) -> list[Symbol]:
    found = []
    for decl in card_set.words:
        if decl.span is not None:
            place = _name_place(files.snapshot, decl.span, decl.id)
            found.append(
                Symbol(
                    decl.id,
                    decl.kind,
                    f"{decl.kind} {decl.name}",
                    place,
                    _whole(decl.span, place),
                    container=card_set.id,
                )
            )
    return found


def document_symbols(files: Files, path: str) -> list[Symbol]:
    """The outline of a file: its set, holding the words it declares and
    its definitions in order; a file without a set header (yet), its
    definitions."""
    source = files.sources.get(path)
    if source is None:
        return []
    card_file = source.card_file
    card_set = card_file.card_set
    set_id = card_set.id if card_set else ""
    inner = [
        found
        for definition in card_file.definitions
        if (found := _definition_symbol(files, definition, set_id)) is not None
    ]
    if card_set is None or card_set.span is None:
        return inner
    inner = _word_symbols(files, card_set) + inner
    place = _name_place(files.snapshot, card_set.span, card_set.id)
    header = _whole(card_set.span, place)
    last = max([header[2:], *(symbol.whole[2:] for symbol in inner)])
    return [
        Symbol(
            card_set.id, "set", f"set {card_set.name}", place, (*header[:2], *last), tuple(inner)
        )
    ]


def _matches(query: str, *names: str) -> tuple[int, str] | None:
    """(0 for a prefix, 1 inside; the id) if the folded query is in a name."""
    best = None
    for name in names:
        key = fold(name)
        if key.startswith(query):
            return 0, names[0]
        if query in key:
            best = (1, names[0])
    return best


def workspace_symbols(files: Files, query: str) -> list[Symbol]:
    """Every set, declared word and definition whose id, printed name or
    alias holds the query, prefixes first; of the files that define one set
    id only the one a pool would load (a workspace copy before the bundled
    set, not the test fixtures' copies)."""
    wanted = fold(query.strip())
    found: list[tuple[tuple[int, str], Symbol]] = []
    for path, source in files.sources.items():
        card_set = source.card_file.card_set
        if card_set is None or files.providers.get(card_set.id, [path])[0] != path:
            continue
        for symbol in document_symbols(files, path):
            for one in (symbol, *symbol.children):
                names = (one.name, one.detail.split(" ", 1)[-1])
                extra = _aliases(source, one)
                rank = _matches(wanted, *names, *extra)
                if rank is not None:
                    found.append((rank, one))
    found.sort(key=lambda pair: (pair[0], pair[1].place.path in files.bundled))
    return [symbol for _, symbol in found[:MAX_SYMBOLS]]


def _aliases(source: SourceFile, symbol: Symbol) -> tuple[str, ...]:
    card_file = source.card_file
    if symbol.kind in ("mythology", "type") and card_file.card_set:
        return next((d.aliases for d in card_file.card_set.words if d.id == symbol.name), ())
    for definition in card_file.definitions:
        if definition.id == symbol.name:
            return tuple(definition.aliases)
    return ()
