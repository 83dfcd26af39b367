"""The names of one card file and what each stands for where it stands:
a definition's own id, a card or tag in a selector, a set id after
``requires``, a declared mythology or type, or no name the editor moves
(a row, a difficulty, a setting, a scenario's state).

A definition that parses is read off its parse tree (the grammar says what
each name is); one that does not is scanned word by word (strings, comments
and keywords left out), so that a half-typed file still has its names.
"""

from __future__ import annotations

import re
from functools import lru_cache

from attrs import frozen
from lark import Token, Tree

from ..language.parser import parse_tree
from ..language.vocabulary import Vocabulary
from .keywords import is_keyword, name_pattern

# The definitions whose ``word`` child is the id they define.
_DEFINITIONS = frozenset(
    [
        "myth_def",
        "law_def",
        "goal_def",
        "element_def",
        "pattern_def",
        "power_def",
        "option_def",
        "scenario_def",
    ]
)
# Statements whose name list names definitions (cards, options).
_ID_LISTS = frozenset(
    [
        "set_replaces",
        "set_always",
        "scenario_mode",
        "separate",
        "place_at",
        "place_random",
        "set_aside",
        "lock",
    ]
)
_DECLARATIONS = frozenset(["declare_mythology", "declare_type", "plural_option"])
_SCANNED = re.compile(r'"(?:\\.|[^"\\\n])*"?|#[^\n]*|' + name_pattern())


@frozen
class Name:
    """A name in a file: 0-based line, start and end characters, the word,
    and its role: "id" (a definition's id, defined or referred to), "tag"
    (in a card's ``tags``), "named" (a card or a tag: a selector's name),
    "set", "declared" (a mythology or a type)."""

    line: int
    start: int
    end: int
    word: str
    role: str


def names(text: str, path: str, vocabulary: Vocabulary | None) -> tuple[Name, ...]:
    """Every name of the file that stands for a definition, a tag, a set
    or a declared word, in order (cached per text: rename reads many files)."""
    return _names(text, path, vocabulary or Vocabulary())


@lru_cache(maxsize=256)
def _names(text: str, path: str, vocabulary: Vocabulary) -> tuple[Name, ...]:
    parsed = parse_tree(text, path, vocabulary)
    found: list[Name] = []
    covered: list[tuple[int, int]] = []  # (first, last) 1-based lines of parsed definitions
    for tree in parsed.trees:
        for definition in tree.children:
            if isinstance(definition, Tree) and not definition.meta.empty:
                covered.append((definition.meta.line, definition.meta.end_line))
            _walk(definition, [], found)
    found += _scanned(text, covered, vocabulary)
    return tuple(sorted(found, key=lambda name: (name.line, name.start)))


def _walk(node: Tree[Token] | Token, ancestors: list[str], found: list[Name]) -> None:
    if isinstance(node, Token):
        role = _role(node, ancestors)
        if role is not None and node.line is not None and node.column is not None:
            start = node.column - 1
            found.append(Name(node.line - 1, start, start + len(node.value), node.value, role))
        return
    if isinstance(node, Tree):
        ancestors.append(str(node.data))
        for child in node.children:
            _walk(child, ancestors, found)
        ancestors.pop()


def _role(token: Token, ancestors: list[str]) -> str | None:
    parent = ancestors[-1] if ancestors else ""
    grand = ancestors[-2] if len(ancestors) > 1 else ""
    if parent == "word" and grand in _DEFINITIONS:
        return "id"
    if token.type in ("MYTH_WORD", "TYPE_WORD"):
        return "declared"
    if token.type != "NAME":
        return None
    if parent == "named":
        return "named"
    if parent == "scores_like":
        return "id"
    if parent != "word":
        return None  # a row, a difficulty, a setting, a state, a provenance
    if grand == "set_def":
        return "set"
    if grand in _DECLARATIONS:
        return "declared"
    if grand == "name_list" and len(ancestors) > 2:
        statement = ancestors[-3]
        if statement in _ID_LISTS:
            return "id"
        if statement == "tags":
            return "tag"
        if statement == "set_requires":
            return "set"
    return None


def _scanned(text: str, covered: list[tuple[int, int]], vocabulary: Vocabulary) -> list[Name]:
    """The names of what did not parse: every word that is no keyword, a
    declared word as one, the others as a card or a tag."""
    found: list[Name] = []
    line, line_start = 0, 0
    covered_lines: set[int] = set()
    for first, last in covered:
        covered_lines.update(range(first - 1, last))
    for match in _SCANNED.finditer(text):
        line += text.count("\n", line_start, match.start())
        line_start = max(line_start, text.rfind("\n", 0, match.start()) + 1)
        word = match.group()
        if line in covered_lines or word[0] in '"#' or is_keyword(word):
            continue
        start = match.start() - line_start
        role = "declared" if word in vocabulary.kinds else "named"
        found.append(Name(line, start, start + len(word), word, role))
    return found


def name_at(found: tuple[Name, ...], line: int, character: int) -> Name | None:
    """The name under (or just before) the cursor."""
    for name in found:
        if name.line == line and name.start <= character <= name.end:
            return name
    return None
