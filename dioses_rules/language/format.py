"""``dioses fmt``: a card file in the canonical layout, every comment kept.

The definitions are printed canonically (:mod:`source_definitions`, the same
printer as everywhere else); each comment goes back next to what it was
next to: a comment at the end of a line stays at the end of the line of the
statement it followed, a comment on a line of its own stays above the
statement (or the definition) below it. The result is checked to mean what
the file meant (the built trees are equal) before it is returned.
"""

from __future__ import annotations

from attrs import frozen

from . import model as m
from .builder import build, parse_card_text
from .source import INDENT
from .source_definitions import DefinitionWriter, Line, Unit
from .vocabulary import Vocabulary


@frozen
class Comment:
    line: int
    text: str
    own_line: bool  # nothing but blanks before it on its line


def comments(text: str) -> list[Comment]:
    """Every comment of a card file (a '#' outside strings, to the line end)."""
    found: list[Comment] = []
    line, index, start_of_line = 1, 0, True
    while index < len(text):
        char = text[index]
        if char == "\n":
            line, start_of_line = line + 1, True
        elif char == '"':
            index += 1
            while index < len(text) and text[index] not in '"\n':
                index += 2 if text[index] == "\\" else 1
            start_of_line = False
        elif char == "#":
            end = text.find("\n", index)
            end = len(text) if end < 0 else end
            found.append(Comment(line, text[index:end].rstrip(), start_of_line))
            index = end
            continue
        elif not char.isspace():
            start_of_line = False
        index += 1
    return found


def format_text(text: str, path: str = "<string>", vocabulary: Vocabulary | None = None) -> str:
    """``text`` in the canonical layout; a file with an error is refused
    (:class:`CardSyntaxError`) and never rewritten."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    card_file = parse_card_text(text, path, vocabulary)
    writer = DefinitionWriter(vocabulary)
    units: list[Unit] = sorted(
        ([card_file.card_set] if card_file.card_set else []) + list(card_file.definitions),
        key=lambda unit: _span(unit).line,
    )
    lines = text.split("\n")
    found = comments(text)  # in order of line, as the units are
    out: list[str] = []
    taken = 0  # the comments before this one went with earlier units
    for unit in units:
        span = _span(unit)
        before = taken
        while before < len(found) and found[before].line < span.line:
            before += 1
        inside = before
        while inside < len(found) and found[inside].line <= span.end_line:
            inside += 1
        if out:
            out.append("")
        out += _leading(found[taken:before], lines, span.line)
        out += _placed(writer.layout(unit), unit, found[before:inside], lines)
        taken = inside
    if taken < len(found):
        out += ([""] if out else []) + [c.text for c in found[taken:]]
    formatted = "\n".join(out) + "\n"
    _check_meaning(card_file, formatted, path, vocabulary)
    return formatted


def _span(unit: Unit) -> m.Span:
    """Where a definition stands in the file (the builder gives each its span)."""
    assert unit.span is not None, "a definition built from text has its span"
    return unit.span


def _leading(found: list[Comment], lines: list[str], header: int) -> list[str]:
    """Comments above a definition, with one blank line where they had any."""
    out: list[str] = []
    for index, comment in enumerate(found):
        if index and _blank_between(lines, found[index - 1].line, comment.line):
            out.append("")
        out.append(comment.text)
    if found and _blank_between(lines, found[-1].line, header):
        out.append("")
    return out


def _blank_between(lines: list[str], first: int, second: int) -> bool:
    return any(not lines[number - 1].strip() for number in range(first + 1, second))


def _placed(layout: list[Line], unit: Unit, found: list[Comment], lines: list[str]) -> list[str]:
    """A definition's lines with the comments inside it put back."""
    anchors = _anchors(layout, unit, lines)
    rendered = [line.render() for line in layout]
    before: dict[int, list[str]] = {}
    for comment in found:
        at = _owner(anchors, layout, comment.line) if not comment.own_line else None
        if at is not None:
            rendered[at] += "  " + comment.text
            continue
        following = [i for i in range(1, len(layout)) if anchors[i] > comment.line]
        target = min(following, key=lambda i: (anchors[i], i)) if following else len(layout) - 1
        depth = layout[target].depth if target < len(layout) - 1 else 1
        before.setdefault(target, []).append(INDENT * max(depth, 1) + comment.text)
    out: list[str] = []
    for index, text in enumerate(rendered):
        out += before.get(index, [])
        out.append(text)
    return out


def _owner(anchors: list[int], layout: list[Line], line: int) -> int | None:
    """The output line a comment at the end of source line ``line`` follows."""
    same = [i for i, anchor in enumerate(anchors) if anchor == line]
    if same:
        return same[-1]
    for index, entry in enumerate(layout):
        span = getattr(entry.node, "span", None)
        if span is not None and span.line <= line <= span.end_line:
            return index
    return None


def _anchors(layout: list[Line], unit: Unit, lines: list[str]) -> list[int]:
    """The source line of each output line: its node's, or (for what has no
    node: a set's items, tags, a block's braces) the first line of the
    definition not taken yet that starts with the same word."""
    first, last = _span(unit).line, _span(unit).end_line
    taken: set[int] = set()
    anchors: list[int] = []
    for position, entry in enumerate(layout):
        span = getattr(entry.node, "span", None)
        if position == 0:
            anchor = first
        elif position == len(layout) - 1:
            anchor = last
        elif span is not None:
            anchor = span.line
        else:
            word = entry.node if isinstance(entry.node, str) else entry.text.split()[0]
            anchor = next(
                (
                    n
                    for n in range(first + 1, last)
                    if n not in taken and _starts_with(lines[n - 1], word)
                ),
                anchors[-1] if anchors else first,
            )
        taken.add(anchor)
        anchors.append(anchor)
    return anchors


def _starts_with(line: str, word: str) -> bool:
    text = line.strip()
    return text == word or text.startswith((word + " ", word + "{"))


def _check_meaning(
    card_file: m.CardFile, formatted: str, path: str, vocabulary: Vocabulary | None
) -> None:
    again, diagnostics = build(formatted, path, vocabulary)
    if (
        again.card_set != card_file.card_set
        or again.definitions != card_file.definitions
        or any(d.is_error for d in diagnostics)
    ):  # pragma: no cover - a bug of ours
        raise AssertionError(f"formatting {path} would change its meaning")
