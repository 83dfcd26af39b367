"""Card files on disk: finding them, reading them, building each one.

A :class:`SourceFile` is one ``.dioses`` file with its text, its built
definitions and the diagnostics of parsing and building it. A file is built
with the vocabulary it can see: the mythologies and types its own set
declares and those of the sets it requires, read from every file's header
first (:func:`language.parser.scan_header`). The bundled sets live in the
package's ``cards/`` folder (:mod:`resources`).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from pathlib import Path

from attrs import field, frozen

from .. import cache
from ..errors import Diagnostic, DiosesError, Severity
from ..files import open_regular
from ..language import model as m
from ..language.headers import Header, bundled_headers, scan_header
from ..language.vocabulary import Vocabulary
from ..resources import cards_dir

CARD_SUFFIX = ".dioses"


@frozen
class SourceFile:
    path: str
    text: str
    card_file: m.CardFile
    diagnostics: tuple[Diagnostic, ...]
    header: Header = field(factory=Header)
    vocabulary: Vocabulary | None = field(default=None, eq=False)  # what it could see


def card_paths(paths: Iterable[Path | str]) -> list[Path]:
    """Every ``.dioses`` file named or found under the folders named, sorted."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob(f"*{CARD_SUFFIX}") if p.is_file()))
        elif path.is_file():
            found.append(path)
        else:
            raise DiosesError(
                Diagnostic(
                    "DL000",
                    "no such file or folder",
                    str(path),
                    help=f"give a {CARD_SUFFIX} file or a folder holding some",
                )
            )
    return found


def _read_text(path: Path, shown: str) -> tuple[str | None, Diagnostic | None]:
    try:
        # a regular file only (a FIFO would block); utf-8-sig: a byte-order
        # mark is not part of the text; newlines read as Path.read_text reads them
        with io.TextIOWrapper(open_regular(path), encoding="utf-8-sig") as handle:
            return handle.read(), None
    except UnicodeDecodeError as error:
        return None, Diagnostic("DL003", f"not UTF-8 text ({error.reason})", shown)
    except OSError as error:
        return None, Diagnostic("DL000", f"cannot read: {error.strerror}", shown)


def visible_vocabulary(header: Header, headers: dict[str, Header]) -> Vocabulary:
    """What a file can see: its own words and those of the sets it requires,
    transitively. When a required set is not loaded (reported as DL203), or
    the file has no set header, every loaded word, so one mistake does not
    turn into a syntax error at every word. A set that sees no declared word
    at all sees the base game's (they were keywords before sets declared
    them, so a file written then still reads the same)."""
    words, seen, missing = list(header.words), set(), False
    pending = list(header.requires)
    while pending:
        set_id = pending.pop()
        if set_id in seen:
            continue
        seen.add(set_id)
        if set_id not in headers:
            missing = True
            continue
        words += headers[set_id].words
        pending += headers[set_id].requires
    if missing or header.set_id is None:
        words += [word for other in headers.values() for word in other.words]
    if not words:
        words = [word for other in bundled_headers() for word in other.words]
    visible = {(word.kind, word.id) for word in words}
    elsewhere = {
        form: set_id
        for set_id, other in headers.items()
        for word in other.words
        if (word.kind, word.id) not in visible
        for form in (word.id, word.plural)
        if form
    }
    return Vocabulary(words, elsewhere)


def read_sources(
    paths: Iterable[Path | str], context: Sequence[SourceFile] | None = None
) -> list[SourceFile]:
    """Build the card files at ``paths`` (each file once, however often it is
    named); ``context`` are files already read whose declared words they may
    see (None: the bundled sets). A file's own set header wins over a context
    file of the same set id (an edited copy of a bundled set)."""
    files, seen = [], set()
    for path in card_paths(paths):
        if path.resolve() in seen:
            continue
        seen.add(path.resolve())
        shown = _display_path(path)
        text, problem = _read_text(path, shown)
        files.append((shown, text, problem, scan_header(text) if text is not None else Header()))
    known = bundled_headers() if context is None else [source.header for source in context]
    headers = {header.set_id: header for header in known if header.set_id}
    headers.update((header.set_id, header) for _, _, _, header in files if header.set_id)
    return [_built(shown, text, problem, header, headers) for shown, text, problem, header in files]


def sources_from_texts(
    texts: Sequence[tuple[str, str]], context: Sequence[SourceFile] | None = None
) -> list[SourceFile]:
    """:func:`read_sources` for texts already in memory, as ``(path, text)``
    (an editor's unsaved buffers): each built with the words it can see, a
    text's own set header winning over a context file of the same set id."""
    files = [
        (path, text.lstrip("\ufeff"), scan_header(text.lstrip("\ufeff"))) for path, text in texts
    ]
    known = bundled_headers() if context is None else [source.header for source in context]
    headers = {header.set_id: header for header in known if header.set_id}
    headers.update((header.set_id, header) for _, _, header in files if header.set_id)
    return [_built(path, text, None, header, headers) for path, text, header in files]


def _built(
    shown: str,
    text: str | None,
    problem: Diagnostic | None,
    header: Header,
    headers: dict[str, Header],
) -> SourceFile:
    if text is None:
        # a file not read has its problem (_read_text); none is never one
        return SourceFile(
            shown, "", m.CardFile(None, (), shown), () if problem is None else (problem,)
        )
    vocabulary = visible_vocabulary(header, headers)
    card_file, diagnostics = cached_build(text, shown, vocabulary)
    if not card_file.card_set and not card_file.definitions and not diagnostics:
        diagnostics = [
            Diagnostic(
                "DL007",
                "the file defines nothing",
                shown,
                severity=Severity.WARNING,
                help='a card file holds one set: set my-set "My set" { }',
            )
        ]
    return SourceFile(shown, text, card_file, tuple(diagnostics), header, vocabulary)


def replacing_bundled(
    bundled: Sequence[SourceFile], extra: Sequence[SourceFile]
) -> tuple[list[SourceFile], list[str]]:
    """The bundled files and ``extra``, where a file of ``extra`` whose set id
    is a bundled set's replaces that bundled file (an owner's edited copy of
    a bundled set); returns the files and a note for each replacement."""
    replaced = {source.header.set_id: source.path for source in extra if source.header.set_id}
    kept, notes = [], []
    for source in bundled:
        set_id = source.header.set_id
        by = replaced.get(set_id) if set_id else None
        if by is not None:
            notes.append(
                f"{by} defines set '{source.header.set_id}': it replaces the "
                f"bundled {source.path} for this run"
            )
        else:
            kept.append(source)
    return kept + list(extra), notes


def cached_build(
    text: str, shown: str, vocabulary: Vocabulary
) -> tuple[m.CardFile, list[Diagnostic]]:
    """:func:`build`, or what it built from the very same text, shown path
    and visible words before (:mod:`dioses_rules.cache`)."""
    seen = repr((list(vocabulary.declarations.items()), sorted(vocabulary.elsewhere.items())))
    key = cache.key_of("card file", shown, text, seen)
    found = cache.read(key)
    if isinstance(found, tuple) and len(found) == 2 and isinstance(found[0], m.CardFile):
        return found[0], list(found[1])
    from ..language.builder import build  # a cached run never loads the parser

    card_file, diagnostics = build(text, shown, vocabulary)
    cache.write(key, (card_file, tuple(diagnostics)))
    return card_file, diagnostics


def _display_path(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def bundled_sources() -> list[SourceFile]:
    return read_sources([cards_dir()], context=[])
