"""Quick fixes: the edits a diagnostic's help names, for an editor's code
actions. The help line is the linter's own text, read here (it is written
by the linter in a few fixed forms), so the fix is always what the help
says:

- ``did you mean 'hera'?`` (DL101-DL103, DL107, DL109, DL001 at a misspelt
  keyword; ``... 'a' or 'b'?``: one fix each) replaces the underlined word;
- ``write 'next to'`` (DL001 at a natural phrasing, the message quoting it)
  replaces the phrase;
- ``write it as 'my-card'`` (DL106) replaces the id;
- ``add 'requires base' to this file's set header`` (DL118) adds the set to
  the header's ``requires`` line, or a ``requires`` line;
- ``end it with '"' on the same line`` (DL005) closes the string at the end
  of its line.

"Fix all" applies each diagnostic's fix where it has exactly one (a did
you mean with two names is left for the modder to pick), once per place.
"""

from __future__ import annotations

import re

from attrs import frozen

from ..errors import Diagnostic
from .features import Place, diagnostic_place
from .keywords import name_pattern

_DID_YOU_MEAN = re.compile(r"did you mean ((?:'[^']+'(?: or )?)+)\?")
_WRITE = re.compile(r"^write '([^']+)'$")
_WRITE_AS = re.compile(r"^write it as '([^']+)'$")
_REQUIRES = re.compile(r"^add 'requires ([^']+)' to this file's set header$")
_PHRASE = re.compile(r"^'([^']+)' is not how the card language says it")
_SET_HEADER = re.compile(r"^\s*set\s")
_REQUIRES_LINE = re.compile(r"^(\s*requires\s+[^#;}\n]*?)(\s*(?:[#;}].*)?)$")


@frozen
class Edit:
    place: Place  # on one line
    new_text: str


@frozen
class Fix:
    title: str
    edits: tuple[Edit, ...]
    diagnostic: Diagnostic
    only: bool = True  # the diagnostic's one fix (what "fix all" applies)


def fixes_for(text: str, diagnostic: Diagnostic) -> list[Fix]:
    """The fixes the help of ``diagnostic`` (one of ``text``'s) names."""
    help_text = diagnostic.help or ""
    place = diagnostic_place(text, diagnostic)
    found = _DID_YOU_MEAN.search(help_text)
    if found:
        names = re.findall(r"'([^']+)'", found.group(1))
        place = _misspelt(text, diagnostic, place)
        return [
            Fix(f"Replace with '{name}'", (Edit(place, name),), diagnostic, len(names) == 1)
            for name in names
        ]
    for pattern in (_WRITE, _WRITE_AS):
        better = pattern.match(help_text)
        if better:
            phrase = _PHRASE.match(diagnostic.message)
            if phrase:  # the phrase, from the diagnostic's column on
                place = Place(
                    place.path, place.line, place.start, place.start + len(phrase.group(1))
                )
            return [Fix(f"Write '{better.group(1)}'", (Edit(place, better.group(1)),), diagnostic)]
    required = _REQUIRES.match(help_text)
    if required:
        edit = _add_requires(text, diagnostic.path, required.group(1))
        return (
            [Fix(f"Add 'requires {required.group(1)}' to the set header", (edit,), diagnostic)]
            if edit
            else []
        )
    return []


def _misspelt(text: str, diagnostic: Diagnostic, place: Place) -> Place:
    """The word a did-you-mean replaces: the last name the message quotes
    ("unknown rule option 'sollo'"), found from the diagnostic's place on (a
    scenario's mode is reported at the scenario); the underlined word if the
    message quotes none, or the text does not have it there."""
    quoted = [
        word
        for word in re.findall(r"'([^']+)'", diagnostic.message)
        if re.fullmatch(name_pattern(), word)
    ]
    if not quoted or diagnostic.code == "DL001":
        return place
    lines = text.split("\n")
    offset = sum(len(line) + 1 for line in lines[: place.line]) + place.start
    found = re.compile(r"(?<![\w-])" + re.escape(quoted[-1]) + r"(?![\w-])").search(text, offset)
    if found is None:
        return place
    line = text.count("\n", 0, found.start())
    start = found.start() - (text.rfind("\n", 0, found.start()) + 1)
    return Place(place.path, line, start, start + len(quoted[-1]))


def _add_requires(text: str, path: str, set_id: str) -> Edit | None:
    """The edit adding ``set_id`` to the set header's ``requires`` (a new
    line after the header's first line if it has none)."""
    lines = text.split("\n")
    start = next((n for n, line in enumerate(lines) if _SET_HEADER.match(line)), None)
    if start is None:
        return None
    depth, opened = 0, False
    for number in range(start, len(lines)):
        line = lines[number].rstrip("\r")
        code = re.sub(r'"(\\.|[^"\\])*"?|#.*', "", line)
        if opened and depth == 1 and code.lstrip().startswith("requires"):
            found = _REQUIRES_LINE.match(line)
            if found:
                at = len(found.group(1))
                return Edit(Place(path, number, at, at), f", {set_id}")
        depth += code.count("{") - code.count("}")
        opened = opened or "{" in code
        if opened and depth <= 0:
            break
    header = lines[start].rstrip("\r")
    if header.rstrip().endswith("{"):
        end = len(header)
        return Edit(Place(path, start, end, end), f"\n  requires {set_id}")
    brace = header.rfind("}")
    if brace > header.find("{") >= 0:  # a header on one line: set x "X" { }
        return Edit(Place(path, start, brace, brace), f"requires {set_id} ")
    return None


def fix_all(text: str, diagnostics: list[Diagnostic]) -> list[Edit]:
    """Each diagnostic's one fix, in order of place, an edit overlapping
    one taken already (or the same insertion twice) left out."""
    edits: list[Edit] = []
    for diagnostic in diagnostics:
        for fix in fixes_for(text, diagnostic):
            if fix.only:
                edits += fix.edits
    taken: list[Edit] = []
    for edit in sorted(edits, key=lambda e: (e.place.line, e.place.start, e.place.end)):
        if any(_overlaps(edit, other) for other in taken):
            continue
        taken.append(edit)
    return taken


def _overlaps(one: Edit, other: Edit) -> bool:
    a, b = one.place, other.place
    if a.line != b.line:
        return False
    if a.start == a.end == b.start == b.end:
        return True  # two insertions at one place
    return (a.start < b.end and b.start < a.end) or (a.start == b.start)
