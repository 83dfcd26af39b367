"""What an editor shows with a lint diagnostic besides its message: the
word it underlines, the other places it is about (DL201's first definition)
and a link to the code's row in docs/card-language.md's table.

The page ships with the source (a checkout, an editable install, the
sdist), not in the wheel: where it is not beside the package, a diagnostic
carries no link rather than one to nowhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from ..errors import Diagnostic
from ..language import model as m
from .features import Place, _name_place, diagnostic_place
from .workspace import Snapshot

DOC = Path(__file__).resolve().parents[2] / "docs" / "card-language.md"
_HERE = re.compile(r"duplicate id '([^']+)' in set '[^']+' \(first defined at line (\d+)\)")
_ELSEWHERE = re.compile(r"duplicate id '([^']+)': set '([^']+)' already defines it")
_ANCHOR = re.compile(r'<a id="((?:dl|e)\d+)"></a>')


@lru_cache(maxsize=1)
def _anchors() -> frozenset[str]:
    try:
        return frozenset(_ANCHOR.findall(DOC.read_text(encoding="utf-8")))
    except OSError:
        return frozenset()


def code_link(code: str) -> str | None:
    """The URI of ``code``'s row in the page's table of codes, if the page is here."""
    anchor = code.lower()
    return f"{DOC.as_uri()}#{anchor}" if anchor in _anchors() else None


def place(text: str, diagnostic: Diagnostic) -> Place:
    """Where the diagnostic is underlined: DL201 under the duplicate id (its
    line and column are the definition's, whose first word is 'god')."""
    found = diagnostic_place(text, diagnostic)
    word = _duplicate(diagnostic)
    if word is None or not diagnostic.line:
        return found
    line = text.split("\n")[found.line]
    at = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", line[found.start :])
    if at is None:
        return found
    return Place(found.path, found.line, found.start + at.start(), found.start + at.end())


def _duplicate(diagnostic: Diagnostic) -> str | None:
    if diagnostic.code != "DL201":
        return None
    found = _HERE.match(diagnostic.message) or _ELSEWHERE.match(diagnostic.message)
    return found.group(1) if found else None


def related(snapshot: Snapshot, diagnostic: Diagnostic) -> list[tuple[Place, str]]:
    """The other places a diagnostic is about, each with what it is there."""
    if diagnostic.code != "DL201":
        return []
    here = _HERE.match(diagnostic.message)
    if here is not None:
        word, line = here.group(1), int(here.group(2))
        for definition in _definitions_at(snapshot, diagnostic.path, line):
            if definition.id == word and definition.span is not None:
                return [
                    (_name_place(snapshot, definition.span, word), f"'{word}' first defined here")
                ]
        return []
    elsewhere = _ELSEWHERE.match(diagnostic.message)
    if elsewhere is None:
        return []
    word, set_id = elsewhere.groups()
    loaded = snapshot.registry.sets.get(set_id)
    for definition in loaded.definitions if loaded is not None else ():
        if definition.id == word and definition.span is not None:
            return [
                (_name_place(snapshot, definition.span, word), f"set '{set_id}' defines '{word}'")
            ]
    return []


def _definitions_at(snapshot: Snapshot, path: str, line: int) -> Iterator[m.Definition]:
    source = snapshot.source(path)
    for definition in source.card_file.definitions if source is not None else ():
        if definition.span is not None and definition.span.line == line:
            yield definition
