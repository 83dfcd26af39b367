"""Hover over any word of a card file: what :func:`.features.hover` says of
card ids, definitions and declared words, and besides, by what the word is
where it stands (:mod:`.tokens`):

- a keyword: the phrases of docs/card-language.md that use it, with their
  meaning and ruling (:mod:`.phrases`);
- a mythology or type where card text reads one (``celtic`` in ``creature
  selkie "Selkie" celtic``: the mythology, though a set is called so too);
- a tag: the cards that carry it; a scenario's state or deck: the statement
  that names it; a row, a difficulty, a setting and its values;
- a number: what it counts and its range (``dioses_rules/language/limits.py``).

Only the definition under the cursor is read (from the end of the one
before it), so a hover costs the same in a large file, and it reads the
snapshot it is given, never waiting for a check.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..language import model as m
from ..language.lexing import lark_parser
from ..language.limits import RANGES
from ..language.settings import SETTINGS, setting_range
from ..language.vocabulary import PROVENANCES
from . import features
from .expected import definition_start
from .phrases import PHRASES
from .tokens import Token, declared_words, definition_end, tokens
from .workspace import Snapshot

DOC = "docs/card-language.md"
MAX_SHOWN = 8  # phrases of a keyword, cards of a tag
_WORD = re.compile(r"[^\W\d][\w]*(?:-[\w]+)*")


def hover(snapshot: Snapshot, path: str, line: int, character: int) -> str | None:
    """Markdown for the word or number under the cursor, or None."""
    text = snapshot.texts.get(path)
    if text is None:
        return None
    found = token_at(text, line, character)
    if found is None:
        return features.hover(snapshot, path, line, character)
    token, context = found
    said = _by_kind(snapshot, token, context, text)
    header = token.kind in ("keyword", "type", "definition") and (
        features._defined_at(snapshot, path, line) is not None
    )
    if said is None or header:  # a definition's header line: the definition
        return features.hover(snapshot, path, line, character) or said
    return said


def token_at(text: str, line: int, character: int) -> tuple[Token, list[Token]] | None:
    """The name or number at the cursor, with the tokens of its definition."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    offset = sum(len(one) + 1 for one in lines[:line]) + min(character, len(lines[line]))
    start = definition_start(text[:offset])
    end = definition_end(text, start)
    context = tokens(text, declared_words(text), start, text.count("\n", 0, start), end)
    for token in context:
        if token.start <= offset <= token.end and token.kind not in (
            "comment",
            "string",
            "punctuation",
        ):
            return token, context
    return None


def _by_kind(snapshot: Snapshot, token: Token, context: list[Token], text: str) -> str | None:
    kind, word = token.kind, token.text
    if kind == "number":
        return number_text(context, context.index(token))
    if kind in ("mythology", "type"):
        return _declared(snapshot, word, kind)
    if kind == "keyword":
        return keyword_text(word)
    if kind == "state":
        return _state(context, word, text)
    if kind == "constant":
        return _constant(context, context.index(token))
    if kind == "setting":
        spec = SETTINGS.get(word)
        return f"setting `{word}`: {spec.doc}" if spec else None
    if kind in ("tag", "id"):
        carried = _tag(snapshot, word)
        if carried and kind == "id" and any(d.id == word for d in snapshot.registry.definitions()):
            return None  # a card id: the card (features.hover)
        return carried
    return None


def keyword_text(word: str) -> str | None:
    """The docs' phrases that use ``word`` (or its singular or plural), with
    their meaning; else the grammar's rules that spell it."""
    if word in PROVENANCES:
        return (
            f"provenance `{word}`: where a definition's text comes from "
            f"({', '.join(PROVENANCES)}; the game's CARDS.md)"
        )
    forms = dict.fromkeys(
        [word, word + "s", word.removesuffix("s"), word.removesuffix("ies") + "y"]
    )
    rows = [row for row in PHRASES if set(forms) & set(_WORD.findall(" ".join(_quoted(row[1]))))]
    if not rows:
        rules = _grammar_rules().get(word)
        return f"keyword `{word}`, in the grammar's {', '.join(rules)}" if rules else None
    shown = [
        f"- {phrase}: {meaning}" + (f" ({ruling})" if ruling else "")
        for _, phrase, meaning, ruling in rows[:MAX_SHOWN]
    ]
    sections = ", ".join(dict.fromkeys(section for section, *_ in rows))
    more = f"\n- ... and {len(rows) - MAX_SHOWN} more" if len(rows) > MAX_SHOWN else ""
    return f"keyword `{word}`\n\n" + "\n".join(shown) + more + f"\n\n{DOC}: {sections}"


@lru_cache(maxsize=1)
def _grammar_rules() -> dict[str, list[str]]:
    """Keyword -> the names of the grammar rules that spell it ('different
    mythology among ...': 'different')."""
    parser = lark_parser()
    spelt = {
        term.name: term.pattern.value for term in parser.terminals if term.pattern.type == "str"
    }
    found: dict[str, list[str]] = {}
    for rule in parser.rules:
        name = str(rule.alias or rule.origin.name).strip("_?").replace("_", " ")
        for symbol in rule.expansion:
            word = spelt.get(symbol.name) if symbol.is_term else None
            if word and f"`{name}`" not in found.setdefault(word, []):
                found[word].append(f"`{name}`")
    return found


def _quoted(cell: str) -> list[str]:
    return re.findall(r"`([^`]*)`", cell)


def _declared(snapshot: Snapshot, word: str, kind: str) -> str | None:
    """A declared word's text (not a set's of the same name)."""
    for set_id, loaded in snapshot.registry.sets.items():
        for decl in loaded.card_set.words:
            if decl.kind == kind and word in (decl.id, decl.plural):
                return features.declaration_text(decl, set_id)
    return None


def _tag(snapshot: Snapshot, word: str) -> str | None:
    cards = [d for d in snapshot.registry.definitions() if word in getattr(d, "tags", ())]
    if not cards:
        return None
    shown = ", ".join(f"`{d.id}` ({d.name})" for d in cards[:MAX_SHOWN])
    more = f" and {len(cards) - MAX_SHOWN} more" if len(cards) > MAX_SHOWN else ""
    return f"tag `{word}`, carried by {len(cards)} card(s): {shown}{more}"


def _state(context: list[Token], word: str, text: str) -> str | None:
    """Where a scenario names its state or deck (``... as NAME``)."""
    for index, token in enumerate(context):
        if token.kind == "state" and token.declaration and token.text == word:
            start = _statement_start(context, index)
            statement = text[context[start].start : token.end]
            what = "deck" if context[start].text == "aside" else "state"
            meaning = (
                "a separate face-down deck of the scenario"
                if what == "deck"
                else "the card a scenario's state names (`the NAME`)"
            )
            return f"scenario {what} `{word}`: {meaning}, named by `{statement}` (line {token.line + 1})"
    return f"scenario state `{word}`: no statement of this scenario names it (`... as {word}`)"


def _statement_start(context: list[Token], index: int) -> int:
    """The first token of the statement holding ``context[index]``."""
    line = context[index].line
    while index > 0 and context[index - 1].text not in ("{", "}", ";", ":"):
        if context[index - 1].line != line:
            break
        index -= 1
    return index


def _constant(context: list[Token], index: int) -> str | None:
    word = context[index].text
    before = [t.text for t in context[max(index - 2, 0) : index] if t.kind != "comment"][::-1]
    if word in {row.value for row in m.Row}:
        rows = ", ".join(row.value for row in m.Row)
        return f"row `{word}` of the area (R1: {rows}, front to back)"
    if word in {level.value for level in m.Difficulty}:
        levels = ", ".join(level.value for level in m.Difficulty)
        return (
            f"pattern difficulty `{word}` ({levels}): a completed Pattern card is "
            "worth its level's points, as its set's `difficulty` says (R14)"
        )
    if len(before) >= 2 and before[1] == "set" and before[0] in SETTINGS:
        return f"value `{word}` of setting `{before[0]}`: {SETTINGS[before[0]].doc}"
    if before and before[0] == "symbol":
        return f"symbol `{word}`: what a Pattern card shows for the declared word"
    if word in m.KINDS:
        return f"definition kind `{word}`: `expect N {word}` counts this set's definitions of it"
    return None


def number_text(context: list[Token], index: int) -> str | None:
    """What the number at ``context[index]`` counts, and its range."""
    back = [t.text for t in context[:index] if t.kind != "comment"][-3:][::-1] + ["", "", ""]
    after = context[index + 1].text if index + 1 < len(context) else ""
    in_header = not any(t.text == "{" for t in context[:index])
    key = _range_key(back, after, context[0].text if context else "", in_header)
    if key == "column":
        return f"a column: {m.COLUMNS[0]} to {m.COLUMNS[-1]} (R1; DL108 outside)"
    if key and key.startswith("setting:"):
        name = key.split(":", 1)[1]
        found = setting_range(name)
        spec = SETTINGS.get(name)
        if found is None or spec is None:
            return None
        return f"setting `{name}`: {found.low} to {found.high} - {spec.doc}"
    if key is None:
        return None
    found = RANGES[key]
    extra = ", not 0" if found.not_zero else ""
    return (
        f"{found.what}: {found.low} to {found.high}{extra} (e.g. {found.example}); {DOC}, Numbers"
    )


def _range_key(back: list[str], after: str, opener: str, in_header: bool) -> str | None:
    """The key of :data:`RANGES` for a number after ``back`` (nearest
    first), before ``after``; "column", or "setting:NAME"."""
    previous, before, third = back[0], back[1], back[2]
    if after in ("point", "points", "p") and previous not in ("least", "beat", "to"):
        return "difficulty" if before == "difficulty" else "points"
    keyed = {
        "per": "per",
        "as": "weight",
        "expect": "expect",
        "beat": "beat",
        "with": "random",
        "swap": "swap",
        "reveal": "reveal",
        "hide": "reveal",
        "keep": "keep",
        "exactly": "amount",
        "than": "amount",
        "column": "column",
    }
    if previous == "to" and before == "up":
        return "cap"
    if previous == "least" and third == "scores":
        return "scores"
    if previous in ("least", "most"):
        return "amount"
    if previous == "cost":
        return "cost" if in_header else "ability-cost"  # a Power card's, an ability's
    if previous == "cards" and before == "power":
        return "power-cards"
    if previous == "draw":
        return "laws" if after in ("law", "laws") else "patterns"
    if opener == "option" and before == "set":
        return "setting:" + previous
    if opener == "scenario" and before == "scenario":
        return "scenario"
    if before == "at" and previous not in ("least", "most"):
        return "column"
    return keyed.get(previous)
