"""Whole definitions and card files as card-language source text.

The canonical layout: one definition per block, one statement per line, a
``;`` only where the next statement would otherwise continue this one.
"""

from __future__ import annotations

from typing import Iterable, Union

from . import model as m
from .source import INDENT, WRITER, points_text, quote
from .vocabulary import CONTINUING_WORDS
from .walk import Dispatch


def statements(items: Iterable[str], depth: int) -> list[str]:
    """Block statements one per line, with ';' where the next would merge."""
    items = list(items)
    out = []
    for index, text in enumerate(items):
        if index + 1 < len(items):
            # the first word, without the comma of a subject list ("greek, norse ...")
            following = items[index + 1].split(" ", 1)[0].rstrip(",")
            if following in CONTINUING_WORDS or following.startswith("("):
                text += ";"
            elif following == "at" and text.endswith(("scores", "score")):
                # "anubis scores" + "at least 3 points" would read as one
                # "scores at least 3 points" condition.
                text += ";"
        out.append(INDENT * depth + text)
    return out


def _header(keyword: str, definition, *middle: str, trailing: Iterable[str] = ()) -> str:
    words = [keyword, definition.id, *middle, quote(definition.name)]
    if definition.aliases:
        words.append("aka " + ", ".join(quote(a) for a in definition.aliases))
    words.extend(trailing)
    return " ".join(words)


def _block(head: str, lines: list[str]) -> str:
    if not lines:
        return head + " {\n}"
    return head + " {\n" + "\n".join(lines) + "\n}"


def _sub_block(keyword: str, items: list[str]) -> list[str]:
    if not items:
        return []
    return [f"{INDENT}{keyword} {{", *statements(items, 2), f"{INDENT}}}"]


def pattern_cell_text(cell: m.PatternCell | None) -> str:
    if cell is None:
        return "_"
    mythology = cell.mythology.value if cell.mythology else "any"
    return f"{mythology} {cell.type.value}"


def pattern_rows_text(shape) -> list[str]:
    cells = [[pattern_cell_text(cell) for cell in row] for row in shape]
    width = max((len(text) for row in cells for text in row), default=1)
    return ["| " + " | ".join(text.ljust(width) for text in row) + " |" for row in cells]


class DefinitionWriter:
    """Writes set headers and definitions as source blocks."""

    definition = Dispatch(Union[m.CardSet, m.Definition])

    @definition.on(m.CardSet)
    def _set(self, card_set: m.CardSet) -> str:
        lines = []
        if card_set.version is not None:
            lines.append(f"{INDENT}version {quote(card_set.version)}")
        if card_set.requires:
            lines.append(f"{INDENT}requires {', '.join(card_set.requires)}")
        if card_set.replaces:
            lines.append(f"{INDENT}replaces {', '.join(card_set.replaces)}")
        for kind, count in card_set.expects:
            lines.append(f"{INDENT}expect {count} {kind}")
        for level, points in card_set.difficulties:
            lines.append(f"{INDENT}difficulty {level.value} {points_text(points)}")
        return _block(f"set {card_set.id} {quote(card_set.name)}", lines)

    @definition.on(m.MythCard)
    def _myth(self, card: m.MythCard) -> str:
        head = f"{card.type.value} {card.id} {quote(card.name)}"
        if card.aliases:
            head += " aka " + ", ".join(quote(a) for a in card.aliases)
        head += f" {card.mythology.value} {card.provenance.value}"
        items = []
        if card.tags:
            items.append("tags " + ", ".join(card.tags))
        for weight in card.weights:
            items.append(f"counts as {weight.amount} {weight.type.value}s")
        if card.event:
            items.append("event " + ", ".join(WRITER.effect(e) for e in card.event))
        items.extend(WRITER.line(line) for line in card.lines)
        return _block(head, statements(items, 1))

    @definition.on(m.Law)
    def _law(self, law: m.Law) -> str:
        head = _header("law", law, trailing=[law.provenance.value])
        return _block(head, statements((WRITER.line(line) for line in law.lines), 1))

    @definition.on(m.ObjectiveGoal)
    def _goal(self, goal: m.ObjectiveGoal) -> str:
        head = _header("goal", goal, trailing=[goal.provenance.value])
        return _block(head, statements((WRITER.line(line) for line in goal.lines), 1))

    @definition.on(m.ObjectiveElement)
    def _element(self, element: m.ObjectiveElement) -> str:
        head = _header("element", element, trailing=[element.provenance.value])
        return _block(head, [INDENT + WRITER.selector(element.selector)])

    @definition.on(m.Pattern)
    def _pattern(self, pattern: m.Pattern) -> str:
        head = _header("pattern", pattern,
                       trailing=[pattern.difficulty.value, pattern.provenance.value])
        return _block(head, [INDENT + row for row in pattern_rows_text(pattern.shape)])

    @definition.on(m.PowerEffect)
    def _power(self, power: m.PowerEffect) -> str:
        head = _header("power", power, trailing=[power.provenance.value, f"cost {power.cost}"])
        return _block(head, statements((WRITER.effect(e) for e in power.effects), 1))

    @definition.on(m.RuleOption)
    def _option(self, option: m.RuleOption) -> str:
        head = _header("option", option, trailing=[option.provenance.value])
        items = [f"set {s.name} {s.value}" for s in option.settings]
        items += [f"at start: {WRITER.effect(e)}" for e in option.start]
        return _block(head, statements(items, 1))

    @definition.on(m.Scenario)
    def _scenario(self, scenario: m.Scenario) -> str:
        head = _header("scenario", scenario, str(scenario.number),
                       trailing=[scenario.provenance.value])
        lines = []
        if scenario.options:
            lines.append(f"{INDENT}mode {', '.join(scenario.options)}")
        lines += _sub_block("setup", [WRITER.setup_step(s) for s in scenario.setup])
        lines += _sub_block("rules", [WRITER.rule(r) for r in scenario.rules])
        lines += _sub_block("victory", [WRITER.condition(c) for c in scenario.victory])
        lines += _sub_block("challenge", [WRITER.condition(c) for c in scenario.challenge])
        lines += _sub_block("challenge setup",
                            [WRITER.setup_step(s) for s in scenario.challenge_setup])
        if scenario.threshold:
            lines.append(f"{INDENT}beat {points_text(scenario.threshold)}")
        return _block(head, lines)


definition_text = DefinitionWriter().definition


def card_file_text(card_file: m.CardFile) -> str:
    """A whole card file as canonical source."""
    parts = []
    if card_file.card_set is not None:
        parts.append(definition_text(card_file.card_set))
    parts.extend(definition_text(d) for d in card_file.definitions)
    return "\n\n".join(parts) + "\n"
