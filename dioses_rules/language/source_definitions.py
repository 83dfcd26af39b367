"""Whole definitions and card files as card-language source text.

The canonical layout: one definition per block, one statement per line, a
``;`` only where the next statement would otherwise continue this one.
"""

from __future__ import annotations

from typing import Iterable, Optional, Union

from . import model as m
from .source import INDENT, WRITER, SourceWriter, points_text, quote
from .vocabulary import CONTINUING_WORDS, Vocabulary
from .walk import Dispatch


def statements(items: Iterable[str], depth: int, declared=frozenset()) -> list[str]:
    """Block statements one per line, with ';' where the next would merge
    (``declared``: the vocabulary's words, which continue a selector too)."""
    items = list(items)
    out = []
    for index, text in enumerate(items):
        if index + 1 < len(items):
            # the first word, without the comma of a subject list ("greek, norse ...")
            following = items[index + 1].split(" ", 1)[0].rstrip(",")
            if following in CONTINUING_WORDS or following in declared \
                    or following.startswith("("):
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


def _sub_block(keyword: str, items: list[str], declared) -> list[str]:
    if not items:
        return []
    return [f"{INDENT}{keyword} {{", *statements(items, 2, declared), f"{INDENT}}}"]


def pattern_cell_text(cell: m.PatternCell | None) -> str:
    if cell is None:
        return "_"
    return f"{cell.mythology or 'any'} {cell.type}"


def pattern_rows_text(shape) -> list[str]:
    cells = [[pattern_cell_text(cell) for cell in row] for row in shape]
    width = max((len(text) for row in cells for text in row), default=1)
    return ["| " + " | ".join(text.ljust(width) for text in row) + " |" for row in cells]


def word_text(word: m.WordDecl) -> str:
    """A set's declaration of a mythology or a card type."""
    text = f"{word.kind} {word.id} {quote(word.name)}"
    if word.aliases:
        text += " aka " + ", ".join(quote(a) for a in word.aliases)
    if word.plural:
        text += f" plural {word.plural}"
    return text + (f" symbol {word.symbol}" if word.symbol else "")


class DefinitionWriter:
    """Writes set headers and definitions as source blocks, with the plurals
    and words of a vocabulary (the bundled sets' when none is given)."""

    def __init__(self, vocabulary: Optional[Vocabulary] = None):
        self.writer = WRITER if vocabulary is None else SourceWriter(vocabulary)

    def statements(self, items: Iterable[str], depth: int = 1) -> list[str]:
        return statements(items, depth, self.writer.vocabulary.kinds)

    def block(self, keyword: str, items: list[str]) -> list[str]:
        return _sub_block(keyword, items, self.writer.vocabulary.kinds)

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
        for word in card_set.words:
            lines.append(INDENT + word_text(word))
        if card_set.tie_break is not None:
            lines.append(f"{INDENT}tie-break {card_set.tie_break}")
        return _block(f"set {card_set.id} {quote(card_set.name)}", lines)

    @definition.on(m.MythCard)
    def _myth(self, card: m.MythCard) -> str:
        head = f"{card.type} {card.id} {quote(card.name)}"
        if card.aliases:
            head += " aka " + ", ".join(quote(a) for a in card.aliases)
        head += f" {' and '.join(card.mythologies)} {card.provenance.value}"
        items = []
        if card.tags:
            items.append("tags " + ", ".join(card.tags))
        for weight in card.weights:
            items.append(f"counts as {weight.amount} {self.writer.plural(weight.type)}")
        if card.event:
            items.append("event " + ", ".join(self.writer.effect(e) for e in card.event))
        items.extend(self.writer.line(line) for line in card.lines)
        return _block(head, self.statements(items))

    @definition.on(m.Law)
    def _law(self, law: m.Law) -> str:
        head = _header("law", law, trailing=[law.provenance.value])
        return _block(head, self.statements(self.writer.line(line) for line in law.lines))

    @definition.on(m.ObjectiveGoal)
    def _goal(self, goal: m.ObjectiveGoal) -> str:
        head = _header("goal", goal, trailing=[goal.provenance.value])
        return _block(head, self.statements(self.writer.line(line) for line in goal.lines))

    @definition.on(m.ObjectiveElement)
    def _element(self, element: m.ObjectiveElement) -> str:
        head = _header("element", element, trailing=[element.provenance.value])
        return _block(head, [INDENT + self.writer.selector(element.selector)])

    @definition.on(m.Pattern)
    def _pattern(self, pattern: m.Pattern) -> str:
        head = _header("pattern", pattern,
                       trailing=[pattern.difficulty.value, pattern.provenance.value])
        return _block(head, [INDENT + row for row in pattern_rows_text(pattern.shape)])

    @definition.on(m.PowerEffect)
    def _power(self, power: m.PowerEffect) -> str:
        head = _header("power", power, trailing=[power.provenance.value, f"cost {power.cost}"])
        return _block(head, self.statements(self.writer.effect(e) for e in power.effects))

    @definition.on(m.RuleOption)
    def _option(self, option: m.RuleOption) -> str:
        head = _header("option", option, trailing=[option.provenance.value])
        items = [f"set {s.name} {s.value}" for s in option.settings]
        items += [f"at start: {self.writer.effect(e)}" for e in option.start]
        return _block(head, self.statements(items))

    @definition.on(m.Scenario)
    def _scenario(self, scenario: m.Scenario) -> str:
        head = _header("scenario", scenario, str(scenario.number),
                       trailing=[scenario.provenance.value])
        write = self.writer
        lines = []
        if scenario.options:
            lines.append(f"{INDENT}mode {', '.join(scenario.options)}")
        lines += self.block("setup", [write.setup_step(s) for s in scenario.setup])
        lines += self.block("rules", [write.rule(r) for r in scenario.rules])
        lines += self.block("victory", [write.condition(c) for c in scenario.victory])
        lines += self.block("challenge", [write.condition(c) for c in scenario.challenge])
        lines += self.block("challenge setup",
                            [write.setup_step(s) for s in scenario.challenge_setup])
        if scenario.threshold:
            lines.append(f"{INDENT}beat {points_text(scenario.threshold)}")
        return _block(head, lines)


definition_text = DefinitionWriter().definition


def card_file_text(card_file: m.CardFile, vocabulary: Optional[Vocabulary] = None) -> str:
    """A whole card file as canonical source."""
    write = definition_text if vocabulary is None else DefinitionWriter(vocabulary).definition
    parts = []
    if card_file.card_set is not None:
        parts.append(write(card_file.card_set))
    parts.extend(write(d) for d in card_file.definitions)
    return "\n\n".join(parts) + "\n"
