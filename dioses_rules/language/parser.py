"""Text -> Lark parse trees, recovering from syntax errors, in linear time.

Parsing knows nothing of scoring. A file's shape is read first
(:func:`syntax.outline`): a string or a '{' never closed is reported once
where it opens and the definition holding it is set aside. The rest is cut
into pieces of at most one definition each, parsed one by one, so that a
definition that does not parse is reported once and set aside without
parsing the others again, nor bringing errors of its own. Each piece's
positions are moved to where it stands in the file, and the definitions of
every piece make one tree. What was set aside is returned too
(:class:`Broken`), so that counts and references can skip it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from attrs import frozen
from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.tree import Meta

from ..errors import Diagnostic
from .lexing import VOCABULARY, declared_word_in_a_keywords_place, lark_parser
from .limits import MAX_DEPTH, MAX_ERRORS, MAX_STATEMENTS
from .syntax import HEADER, LineIndex, cut_short, next_token, outline, syntax_diagnostic
from .vocabulary import DEFINITIONS, Vocabulary

_NAMED = re.compile(r"(?:(" + "|".join(DEFINITIONS) + r")|[^\W\d][\w-]*)[ \t]+([^\s\"]+)")


@frozen
class Broken:
    """A definition that did not parse or build: its kind ("law", ...;
    "myth" for a Myth card) and id, as far as its header says."""

    kind: str
    id: str


@frozen
class ParseResult:
    trees: list[Tree[Token]]
    diagnostics: list[Diagnostic]
    broken: tuple[Broken, ...] = ()


def parse_tree(
    text: str,
    path: str = "<string>",
    vocabulary: Vocabulary | None = None,
    each: Callable[[Tree[Token]], None] | None = None,
) -> ParseResult:
    """Parse as much of ``text`` as possible, reading the words of
    ``vocabulary`` as the mythologies and types they are. The result holds
    one tree of every definition parsed; with ``each``, each piece's tree is
    given to it as soon as it is parsed instead, and none is kept (a long
    file is then never held as one large tree)."""
    reset = VOCABULARY.set(vocabulary if vocabulary is not None else Vocabulary())
    try:
        return _parse_recovering(text, path, each)
    finally:
        VOCABULARY.reset(reset)


def _parse_recovering(
    text: str, path: str, each: Callable[[Tree[Token]], None] | None
) -> ParseResult:
    lines = LineIndex(text)
    shape = outline(text, path, lines)
    diagnostics = list(shape.diagnostics)
    broken = [named(text, start) for start, _ in shape.regions]
    definitions: list[Tree[Token] | Token] = []
    failed, previous_failed = 0, False
    for start, end in shape.pieces:
        piece = text[start:end]
        if piece.isspace():
            continue
        first = next_token(text, start)
        headed = start == 0 or HEADER.match(text, first) is not None
        # an indented statement where a definition should start: the '}'
        # before it ended a definition too early
        stray = not headed and _indented(text, first)
        if stray and previous_failed:
            # what a '}' of a broken definition cut off ('setup' without its
            # '{' ends the scenario at the setup's '}'): part of that mistake
            continue
        previous_failed = False
        if _statements(piece) > MAX_STATEMENTS and not _SET_HEADER.match(piece):
            diagnostics.append(
                Diagnostic(
                    "DL008",
                    f"a definition of more than {MAX_STATEMENTS} statements "
                    "(it is set aside unparsed)",
                    path,
                    *lines.at(next_token(text, start)),
                    help="split it into several definitions",
                )
            )
            broken.append(named(text, start))
            continue
        try:
            tree = lark_parser().parse(piece, on_error=declared_word_in_a_keywords_place)
        except UnexpectedInput as error:
            failed += 1
            previous_failed = True
            if stray and error.pos_in_stream == first - start:
                diagnostics.append(_early_brace(text, path, lines, start - 1))
                continue
            diagnostics.append(
                _piece_error(error, text, path, lines, (start, end), detailed=failed <= MAX_ERRORS)
            )
            broken.append(named(text, start))
            continue
        except LarkError as error:  # pragma: no cover - defensive
            diagnostics.append(Diagnostic("DL001", str(error), path, *lines.at(start)))
            broken.append(named(text, start))
            continue
        deepest = _moved(tree, start, lines)
        if deepest is not None:
            diagnostics.append(
                Diagnostic(
                    "DL004",
                    f"expressions nested more than {MAX_DEPTH} deep",
                    path,
                    *deepest,
                    help="split the condition, or use fewer parentheses",
                )
            )
            broken.append(named(text, start))
            continue
        if each is None:
            definitions.extend(tree.children)
        else:
            each(tree)
    trees = [Tree("start", definitions)] if each is None else []
    return ParseResult(trees, _by_place(diagnostics), _known(broken))


# A set header's statements are declarations, read before parsing too
# (headers.py); a set may declare many words, so it has no such bound.
_SET_HEADER = re.compile(r"(?:\s|#[^\n]*)*set\b")


def _statements(piece: str) -> int:
    """How many statements a piece may hold at most: its lines that are
    neither blank nor a comment, and its ';' (counted without parsing)."""
    if piece.count("\n") + piece.count(";") <= MAX_STATEMENTS:
        return 0  # the common case, without looking at each line
    lines = sum(
        1 for line in piece.split("\n") if line.strip() and not line.lstrip().startswith("#")
    )
    return lines + piece.count(";")


def _piece_error(
    error: UnexpectedInput,
    text: str,
    path: str,
    lines: LineIndex,
    piece: tuple[int, int],
    detailed: bool,
) -> Diagnostic:
    """The diagnostic of a piece that did not parse, at its place in the file."""
    start, end = piece
    ended = isinstance(error, UnexpectedToken) and error.token.type == "$END"
    if isinstance(error, UnexpectedToken) and ended and next_token(text, end) < len(text):
        # the piece ends at the next definition's header: that header's word
        # is what the unfinished definition did not expect
        return cut_short(text, path, lines, next_token(text, end), error.expected)
    _move_error(error, start, lines)
    return syntax_diagnostic(error, text, path, lines, detailed)


def _indented(text: str, position: int) -> bool:
    """Whether the token at ``position`` starts its line, after blanks."""
    line_start = text.rfind("\n", 0, position) + 1
    return line_start < position and not text[line_start:position].strip()


def _early_brace(text: str, path: str, lines: LineIndex, brace: int) -> Diagnostic:
    """A definition's statements after the '}' that ended it: that '}' is the
    mistake (one too many, or the statements belong before it)."""
    return Diagnostic(
        "DL001",
        "this '}' ends the definition, but statements follow it",
        path,
        *lines.at(brace),
        help="remove this '}', or move the statements after it into a definition",
    )


def _move_error(error: UnexpectedInput, start: int, lines: LineIndex) -> None:
    """Positions of an error in a piece starting at ``start``, made the file's."""
    if isinstance(error, UnexpectedCharacters):
        position = _error_position(error) + start
        error.pos_in_stream = position  # type: ignore[assignment]  # see _error_position
        error.line, error.column = lines.at(position)
        return
    token = getattr(error, "token", None)
    if isinstance(token, Token) and token.start_pos is not None and token.type != "$END":
        _move_token(token, start, lines)
        error.line, error.column = lines.at(token.start_pos)
        error.pos_in_stream = token.start_pos  # type: ignore[assignment]  # see _error_position
    for before in getattr(error, "token_history", None) or ():
        if isinstance(before, Token) and before.start_pos is not None and before is not token:
            _move_token(before, start, lines)  # where an unfinished line ends


def _error_position(error: UnexpectedCharacters) -> int:
    """Where the lexer stopped, in the piece. Lark declares ``pos_in_stream``
    as ``None`` (its class default), so the checker takes it for always None;
    an UnexpectedCharacters sets it to the lexer's position, an int."""
    position: object = error.pos_in_stream
    assert isinstance(position, int), "an UnexpectedCharacters holds the lexer's position"
    return position


def _move_token(token: Token, start: int, lines: LineIndex) -> None:
    # lark types a token's places Optional; a token the lexer made has them all
    assert token.start_pos is not None and token.end_pos is not None
    token.line, token.column = lines.at(token.start_pos + start)
    token.end_line, token.end_column = lines.at(token.end_pos + start)
    token.start_pos += start
    token.end_pos += start


def _moved(tree: Tree[Token], start: int, lines: LineIndex) -> tuple[int, int] | None:
    """Move the positions of a piece's tree (parsed on its own) to where the
    piece starts in the file; return the file's (line, column) of the first
    token nested deeper than :data:`MAX_DEPTH` (so nothing recursive meets
    it), or None. Iterative."""
    first_line, first_column = lines.at(start)
    shift_line, shift_column = first_line - 1, first_column - 1
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return _first_place(node, start, lines)
        meta = node._meta
        if meta is not None and not meta.empty:
            _shift(meta, start, shift_line, shift_column)
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))
            elif isinstance(child, Token) and child.start_pos is not None:
                _shift(child, start, shift_line, shift_column)
    return None


def _shift(item: Token | Meta, start: int, shift_line: int, shift_column: int) -> None:
    """Line, column and position of a token or a tree's meta, from its
    piece's to the file's (a column moves only on the piece's first line)."""
    # lark types a token's places Optional; a token the lexer made has them all
    assert item.line is not None and item.column is not None and item.end_line is not None
    assert item.end_column is not None and item.start_pos is not None
    assert item.end_pos is not None
    if item.line == 1:
        item.column += shift_column
    if item.end_line == 1:
        item.end_column += shift_column
    item.line += shift_line
    item.end_line += shift_line
    item.start_pos += start
    item.end_pos += start


def _first_place(node: Tree[Token], start: int, lines: LineIndex) -> tuple[int, int]:
    """The file's (line, column) of the first token under ``node``, whose
    positions are still the piece's (that starts at ``start``)."""
    current: Tree[Token] | Token = node
    while isinstance(current, Tree):
        child = next((c for c in current.children if isinstance(c, (Tree, Token))), None)
        if child is None:  # pragma: no cover - every nested rule holds a token
            return lines.at(start)
        current = child
    assert current.start_pos is not None  # a token the lexer made has its place
    return lines.at(current.start_pos + start)


def _by_place(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=lambda d: (d.line, d.column))


def _known(broken: list[Broken | None]) -> tuple[Broken, ...]:
    return tuple(b for b in broken if b is not None)


def named(text: str, start: int) -> Broken | None:
    """The kind and id a definition's header gives, from its first line."""
    match = _NAMED.match(text, next_token(text, start))
    if match is None:
        return None
    return Broken(match.group(1) or "myth", match.group(2))
