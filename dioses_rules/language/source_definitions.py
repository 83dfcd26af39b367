"""Whole definitions and card files as card-language source text.

The canonical layout: one definition per block, one statement per line, a
``;`` only where the next statement would otherwise continue this one, two
spaces of indentation per level, Pattern cells aligned in columns. A
definition is first laid out as :class:`Line` records, each naming the node
it prints, so that ``dioses fmt`` can put the file's comments back next to
the statements they were next to (:mod:`format`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Union

from attrs import frozen

from . import model as m
from .source import INDENT, WRITER, SourceWriter, points_text, quote
from .vocabulary import CONTINUING_WORDS, Vocabulary
from .walk import Dispatch

# What a card file is made of: its set header and its definitions.
Unit = Union[m.CardSet, m.Definition]


@frozen
class Line:
    """One line of a definition's canonical text: its depth (0 for the
    header and the closing brace), its text, and the node it prints (or the
    first word a reader would find it by, for what has no node)."""

    depth: int
    text: str
    node: object = None

    def render(self) -> str:
        return INDENT * self.depth + self.text


def statements(
    items: Iterable[tuple[str, object]], depth: int, declared: Collection[str] = frozenset()
) -> list[Line]:
    """Block statements one per line, with ';' where the next would merge
    (``declared``: the vocabulary's words, which continue a selector too)."""
    listed = list(items)
    out = []
    for index, (text, node) in enumerate(listed):
        if index + 1 < len(listed):
            # the first word, without the comma of a subject list ("greek, norse ...")
            following = listed[index + 1][0].split(" ", 1)[0].rstrip(",")
            if following in CONTINUING_WORDS or following in declared or following.startswith("("):
                text += ";"
            elif following == "at" and text.endswith(("scores", "score")):
                # "anubis scores" + "at least 3 points" would read as one
                # "scores at least 3 points" condition.
                text += ";"
        out.append(Line(depth, text, node))
    return out


def _stated(definition: m.Definition) -> list[str]:
    """ "printed" when the text said so; nothing when it left the provenance out."""
    return [definition.provenance.value] if definition.provenance_stated else []


def _header(
    keyword: str, named: Unit | m.WordDecl, *middle: str, trailing: Iterable[str] = ()
) -> str:
    """ "KEYWORD id MIDDLE "Name" aka "Alias", ... TRAILING"."""
    words = [keyword, named.id, *middle, quote(named.name)]
    if named.aliases:
        words.append("aka " + ", ".join(quote(a) for a in named.aliases))
    words.extend(trailing)
    return " ".join(words)


def _block(head: str, definition: Unit, lines: list[Line]) -> list[Line]:
    return [Line(0, head + " {", definition), *lines, Line(0, "}", "}")]


def pattern_cell_text(cell: m.PatternCell | None) -> str:
    if cell is None:
        return "_"
    if cell.type is None:  # a mythology-only cell: any card of it
        assert cell.mythology is not None  # a cell names a type, a mythology or both
        return cell.mythology
    return f"{cell.mythology or 'any'} {cell.type}"


def pattern_rows_text(shape: tuple[tuple[m.PatternCell | None, ...], ...]) -> list[str]:
    """A Pattern card's rows, each column as wide as its widest cell."""
    cells = [[pattern_cell_text(cell) for cell in row] for row in shape]
    widths = [
        max(len(row[index]) for row in cells if index < len(row))
        for index in range(max((len(row) for row in cells), default=0))
    ]
    return [
        "| " + " | ".join(text.ljust(widths[i]) for i, text in enumerate(row)) + " |"
        for row in cells
    ]


def word_text(word: m.WordDecl) -> str:
    """A set's declaration of a mythology or a card type."""
    text = _header(word.kind, word)
    if word.plural:
        text += f" plural {word.plural}"
    if word.symbol:
        text += f" symbol {word.symbol}"
    if word.spanish:
        text += " spanish " + " ".join(
            f"{gender} {quote(singular)} {quote(plural)}"
            for gender, singular, plural in word.spanish
        )
    return text


class DefinitionWriter:
    """Writes set headers and definitions as source blocks, with the plurals
    and words of a vocabulary (the bundled sets' when none is given)."""

    def __init__(self, vocabulary: Vocabulary | None = None) -> None:
        self.writer = WRITER if vocabulary is None else SourceWriter(vocabulary)

    def definition(self, definition: Unit) -> str:
        return "\n".join(line.render() for line in self.layout(definition))

    def statements(self, items: Iterable[tuple[str, object]], depth: int = 1) -> list[Line]:
        return statements(items, depth, self.writer.vocabulary.kinds)

    def block(
        self, keyword: str, items: list[tuple[str, object]], empty: bool = False
    ) -> list[Line]:
        """A ``keyword { ... }`` block of statements; none without them,
        unless ``empty`` (the keyword itself says something)."""
        if not items and not empty:
            return []
        return [
            Line(1, f"{keyword} {{", keyword.split()[0]),
            *self.statements(items, 2),
            Line(1, "}", "}"),
        ]

    layout = Dispatch(Unit)

    @layout.on(m.CardSet)
    def _set(self, card_set: m.CardSet) -> list[Line]:
        items: list[tuple[str, object]] = []
        if card_set.version is not None:
            items.append((f"version {quote(card_set.version)}", "version"))
        if card_set.requires:
            items.append((f"requires {', '.join(card_set.requires)}", "requires"))
        if card_set.replaces:
            items.append((f"replaces {', '.join(card_set.replaces)}", "replaces"))
        if card_set.always:
            items.append((f"always {', '.join(card_set.always)}", "always"))
        items += [(word_text(word), word) for word in card_set.words]
        if card_set.tie_break is not None:
            items.append((f"tie-break {card_set.tie_break}", "tie-break"))
        items += [
            (f"difficulty {level.value} {points_text(points)}", "difficulty")
            for level, points in card_set.difficulties
        ]
        items += [(f"expect {count} {kind}", "expect") for kind, count in card_set.expects]
        lines = [Line(1, text, node) for text, node in items]
        return _block(_header("set", card_set), card_set, lines)

    @layout.on(m.MythCard)
    def _myth(self, card: m.MythCard) -> list[Line]:
        head = _header(card.type, card, trailing=[" and ".join(card.mythologies), *_stated(card)])
        items: list[tuple[str, object]] = []
        if card.tags:
            items.append(("tags " + ", ".join(card.tags), "tags"))
        for weight in card.weights:
            items.append((f"counts as {weight.amount} {self.writer.plural(weight.word)}", weight))
        if card.event:
            stated = f" {card.event_provenance.value}" if card.event_provenance else ""
            items.append(
                (
                    "event " + ", ".join(self.writer.effect(e) for e in card.event) + stated,
                    card.event[0],
                )
            )
        bounded = m.total_bound(card.lines)  # "never below 0 points": the whole total
        lines = card.lines if bounded is None else bounded.lines
        items += [(self.writer.line(line), line) for line in lines]
        if bounded is not None:
            items += [(text, bounded) for text in self.writer.bounds(bounded)]
        return _block(head, card, self.statements(items))

    @layout.on(m.Law, m.ObjectiveGoal)
    def _lines(self, definition: m.Law | m.ObjectiveGoal) -> list[Line]:
        keyword = "law" if isinstance(definition, m.Law) else "goal"
        head = _header(keyword, definition, trailing=_stated(definition))
        lines = self.statements((self.writer.line(line), line) for line in definition.lines)
        return _block(head, definition, lines)

    @layout.on(m.ObjectiveElement)
    def _element(self, element: m.ObjectiveElement) -> list[Line]:
        head = _header("element", element, trailing=_stated(element))
        return _block(
            head, element, [Line(1, self.writer.selector(element.selector), element.selector)]
        )

    @layout.on(m.Pattern)
    def _pattern(self, pattern: m.Pattern) -> list[Line]:
        head = _header("pattern", pattern, trailing=[pattern.difficulty.value, *_stated(pattern)])
        rows = [
            Line(1, text, next((c for c in row if c is not None), "|"))
            for text, row in zip(pattern_rows_text(pattern.shape), pattern.shape, strict=True)
        ]
        return _block(head, pattern, rows)

    @layout.on(m.PowerEffect)
    def _power(self, power: m.PowerEffect) -> list[Line]:
        head = _header("power", power, trailing=[*_stated(power), f"cost {power.cost}"])
        return _block(
            head, power, self.statements((self.writer.effect(e), e) for e in power.effects)
        )

    @layout.on(m.RuleOption)
    def _option(self, option: m.RuleOption) -> list[Line]:
        head = _header("option", option, trailing=_stated(option))
        items: list[tuple[str, object]] = [(f"set {s.name} {s.value}", s) for s in option.settings]
        items += [(f"at start: {self.writer.effect(e)}", e) for e in option.start]
        return _block(head, option, self.statements(items))

    @layout.on(m.Scenario)
    def _scenario(self, scenario: m.Scenario) -> list[Line]:
        head = _header("scenario", scenario, str(scenario.number), trailing=_stated(scenario))
        write = self.writer
        lines: list[Line] = []
        if scenario.options:
            lines.append(Line(1, f"mode {', '.join(scenario.options)}", "mode"))
        lines += self.block("setup", [(write.setup_step(s), s) for s in scenario.setup])
        lines += self.block("rules", [(write.rule(r), r) for r in scenario.rules])
        lines += self.block("victory", [(write.condition(c), c) for c in scenario.victory])
        lines += self.block("challenge", [(write.condition(c), c) for c in scenario.challenge])
        keyword = "challenge setup"
        if scenario.challenge_draws is not None:  # a bare one stays bare (0.1.0's files)
            keyword += f" {scenario.challenge_draws.value} draws"
        lines += self.block(
            keyword,
            [(write.setup_step(s), s) for s in scenario.challenge_setup],
            empty=scenario.challenge_draws is not None,
        )
        if scenario.threshold:
            lines.append(Line(1, f"beat {points_text(scenario.threshold)}", "beat"))
        return _block(head, scenario, lines)


definition_text = DefinitionWriter().definition


def card_file_text(card_file: m.CardFile, vocabulary: Vocabulary | None = None) -> str:
    """A whole card file as canonical source."""
    write = definition_text if vocabulary is None else DefinitionWriter(vocabulary).definition
    parts = []
    if card_file.card_set is not None:
        parts.append(write(card_file.card_set))
    parts.extend(write(d) for d in card_file.definitions)
    return "\n\n".join(parts) + "\n"
