"""Completion by context: the words the grammar accepts at the cursor (Lark's
interactive parser, :mod:`.expected`), and where it accepts a name, only the
names the checks would accept there, read off the words before it:

- a selector (``next to``, ``per``, ``only``): Myth card ids and tags (not
  laws, patterns, options or scenarios: DL109), with the declared words;
- ``requires``: set ids; ``replaces``: every definition's id;
  ``mode``/``always``: rule options; ``scores like``: Myth cards;
  ``separate``/``place``/``aside``/``lock``: cards;
- ``in``/``at`` (``in back row``, ``at front 2``): rows; ``difficulty`` and
  ``draw a``: difficulties; ``expect 3``: definition kinds;
- an option's ``set``: settings, and after a setting its values;
- ``the``: the scenario's state names; ``discard top of``: its decks;
- a card's header before ``{``: provenances.

Each item carries the whole word it replaces (start and end), so that an
editor replaces ``geb-a`` as one word. Nothing here waits for a check of the
workspace: it reads the buffer's text and a snapshot's registry.
"""

from __future__ import annotations

import re

from ..language import model as m
from ..language.settings import SETTINGS
from ..language.vocabulary import PROVENANCES
from ..pool.registry import FAMILY_WORDS, family_of
from .expected import accepted, accepted_keywords, definition_start
from .features import Completion, _all_definitions, word_at
from .keywords import keywords, name_pattern
from .workspace import Snapshot

_TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"?|#[^\n]*|' + name_pattern() + r"|-?[0-9]+|\S")
_NAME = re.compile(name_pattern())
_CARD_LISTS = frozenset(["separate", "place", "aside", "lock"])


def completions(snapshot: Snapshot, path: str, line: int, character: int) -> list[Completion]:
    """What may be written at the cursor that starts with the word before it."""
    text = snapshot.texts.get(path, "")
    lines = text.split("\n")
    found = word_at(text, line, character)
    prefix = found[0][: character - found[1]] if found else ""
    start, end = (found[1], found[2]) if found else (character, character)
    source = snapshot.source(path)
    vocabulary = (
        source.vocabulary
        if source is not None and source.vocabulary
        else snapshot.registry.vocabulary
    )
    before = (
        "\n".join(lines[:line] + [lines[line][: character - len(prefix)]])
        if 0 <= line < len(lines)
        else text
    )
    piece = before[definition_start(before) :]
    if _in_comment_or_string(before[before.rfind("\n") + 1 :]):
        return []
    terminals = accepted(piece, vocabulary)
    wanted = {"MYTH_WORD", "TYPE_WORD", "NAME"} if terminals is None else terminals
    items: dict[str, Completion] = {}
    context = name_context(piece) if terminals is not None else "any"
    for word, (kind, word_id) in vocabulary.kinds.items():
        if ("MYTH_WORD" if kind == "mythology" else "TYPE_WORD") in wanted and not (
            context == "new" and "NAME" in wanted
        ):  # an id being defined
            items.setdefault(word, Completion(word, kind, f"{kind} {word_id}"))
    if "NAME" in wanted:
        for item in _names(snapshot, context, piece, prefix):
            items.setdefault(item.label, item)
    for word in sorted(keywords() if terminals is None else accepted_keywords(terminals)):
        items.setdefault(word, Completion(word, "keyword", "keyword"))
    return [
        Completion(item.label, item.kind, item.detail, (line, start, end))
        for label, item in sorted(items.items())
        if label.startswith(prefix)
    ]


def _in_comment_or_string(line: str) -> bool:
    """Whether the end of ``line`` (up to the cursor) is in a comment or a quoted text."""
    last = None
    for found in _TOKEN.finditer(line):
        last = found.group()
    return last is not None and (
        last[0] == "#"
        or (last[0] == '"' and (len(last) == 1 or not last.endswith('"') or last.endswith('\\"')))
    )


def name_context(piece: str) -> str:
    """Which names a NAME at the end of ``piece`` (a definition so far) may be."""
    tokens = [found.group() for found in _TOKEN.finditer(piece) if found.group()[0] != "#"]
    while len(tokens) >= 2 and tokens[-1] == "," and _NAME.fullmatch(tokens[-2]):
        tokens = tokens[:-2]  # back over a list: 'requires base, winds, '
    last = tokens[-1] if tokens else ""
    previous = tokens[-2] if len(tokens) >= 2 else ""
    if "{" not in tokens:  # a definition's header: its id, then words of its own
        return "new" if len(tokens) <= 1 else "provenance"
    if last == "set" and tokens[0] == "option":
        return "setting"
    if previous == "set" and tokens[0] == "option":
        return "value:" + last
    if previous == "expect":
        return "kind"
    if previous == "scores" and last == "like":
        return "myth"
    if previous == "top" and last == "of":
        return "deck"
    if (previous in ("a", "an") and len(tokens) >= 3 and tokens[-3] == "draw") or last == "draw":
        return "difficulty"
    return {
        "requires": "set",
        "replaces": "id",
        "mode": "option",
        "always": "option",
        "in": "row",
        "at": "row",
        "difficulty": "difficulty",
        "the": "state",
        "as": "new",
    }.get(last, "card" if last in _CARD_LISTS else "selector")


def _names(snapshot: Snapshot, context: str, piece: str, prefix: str) -> list[Completion]:
    """The names of ``context`` that start with ``prefix``."""
    return [
        item
        for item in _all_names(snapshot, context, piece, prefix)
        if item.label.startswith(prefix)
    ]


def _all_names(snapshot: Snapshot, context: str, piece: str, prefix: str) -> list[Completion]:
    registry = snapshot.registry
    if context == "new":  # an id being defined, a state being named
        return []
    if context == "set":
        return [Completion(set_id, "set", "set") for set_id in registry.sets]
    if context == "row":
        return [Completion(row.value, "row", "row") for row in m.Row]
    if context == "difficulty":
        return [
            Completion(level.value, "difficulty", "pattern difficulty") for level in m.Difficulty
        ]
    if context == "kind":
        return [Completion(kind, "kind", "definition kind") for kind in m.KINDS]
    if context == "provenance":
        return [Completion(word, "provenance", "provenance") for word in PROVENANCES]
    if context == "setting":
        return [Completion(name, "setting", "setting") for name in SETTINGS]
    if context.startswith("value:"):
        spec = SETTINGS.get(context[len("value:") :])
        allowed = spec.allowed if spec is not None else ()
        if not isinstance(allowed, tuple):  # a number: any
            allowed = ()
        return [Completion(value, "value", "value") for value in allowed]
    if context in ("state", "deck"):
        pattern = (
            r"\bdiscard\s+top\s+of\s+\S+\s+as\s+("
            if context == "state"
            else r"\baside\b[^{}]*?\bas\s+("
        )
        names = dict.fromkeys(
            found.group(1) for found in re.finditer(pattern + name_pattern() + ")", piece)
        )
        return [Completion(name, context, f"scenario {context}") for name in names]
    keep = (
        {"rule-option"}
        if context == "option"
        else set(FAMILY_WORDS)
        if context in ("id", "any")
        else {"myth"}
    )
    found = []
    for definition, set_id, _ in _all_definitions(snapshot):
        if not definition.id.startswith(prefix):
            continue  # a large file has thousands: make items of the ones shown only
        family = family_of(definition)
        if family in keep:
            found.append(
                Completion(
                    definition.id, family, f"{definition.name} ({FAMILY_WORDS[family]}, {set_id})"
                )
            )
    if context in ("selector", "any"):
        found += [Completion(tag, "tag", "tag") for tag in registry.all_tags()]
    if context == "any":
        found += [Completion(set_id, "set", "set") for set_id in registry.sets]
    return found
