"""One card drawn as a poker-size card face (63 x 88 mm, in millimetres).

:func:`card_group` returns the card as an SVG group at a place and a scale;
the sheet, the board picture (and later the web app) draw every card
through it. The face shows the printed name, what the card is (type and
mythology, or its kind), the mythology symbols, the English card text that
``dioses cards --text`` prints, a Pattern's shape drawn as cells, and the
provenance mark (CARDS.md: printed, named, reconstructed).
"""

from __future__ import annotations

from collections.abc import Mapping

import drawsvg as dw
from attrs import field, frozen

from ..language import model as m
from ..language.english_definitions import CardTextWriter, english_text, provenance_text
from ..language.vocabulary import Vocabulary
from ..pool.registry import Registry
from .draw import FONT, LINE_HEIGHT, MUTED, fit, label, lines_text, one_line, text_width, title
from .symbols import any_mythology_symbol, colour_of, mythology_symbol, type_mark

CARD_WIDTH = 63.0
CARD_HEIGHT = 88.0
MARGIN = 3.5
BAND = 15.0  # the coloured band holding the name
KIND_COLOURS = {
    "law": "#553c9a",
    "pattern": "#744210",
    "objective-goal": "#285e61",
    "objective-element": "#285e61",
    "power": "#9b2c2c",
    "rule-option": "#2d3748",
    "scenario": "#702459",
}
PROVENANCE_MARKS = {"printed": "\u25cf", "named": "\u25d0", "reconstructed": "\u25cb"}


@frozen
class CardText:
    """What English card text needs beyond the definition: the display names
    of cards, each pattern's points (R14) and the declared words."""

    names: Mapping[str, str] = field(factory=dict)
    pattern_points: Mapping[str, int] = field(factory=dict)
    vocabulary: Vocabulary = field(factory=Vocabulary)
    option_names: Mapping[str, str] = field(factory=dict)  # a scenario's "played with"

    @classmethod
    def of(cls, registry: Registry) -> CardText:
        return cls(
            registry.display_names(),
            registry.pattern_points_table(),
            registry.vocabulary,
            registry.option_names(),
        )

    def text(self, definition: m.Definition) -> str:
        return english_text(
            definition, self.names, self.pattern_points, self.vocabulary, self.option_names
        )

    def condition(self, condition: m.Condition) -> str:
        """A scenario's condition in English, as its card says it."""
        writer = CardTextWriter(self.names, self.pattern_points, self.vocabulary)
        return writer.condition(condition, "it")


def kind_line(definition: m.Definition, vocabulary: Vocabulary) -> str:
    """What a card is, in English: "Greek god", "Celtic and Greek god", "Law"."""
    if isinstance(definition, m.MythCard):
        mythologies = " and ".join(
            vocabulary.english("mythology", x) for x in definition.mythologies
        )
        what = f"{mythologies} {vocabulary.english('type', definition.type)}"
        return ("Event card: " if definition.event else "") + what
    if isinstance(definition, m.Pattern):
        return f"Pattern, {definition.difficulty.value}"
    return definition.kind.replace("-", " ").capitalize()


def band_colour(definition: m.Definition, vocabulary: Vocabulary) -> str:
    if isinstance(definition, m.MythCard):
        return colour_of(vocabulary, definition.mythology)
    return KIND_COLOURS.get(definition.kind, "#2d3748")


def card_group(
    definition: m.Definition,
    text: CardText,
    x: float = 0.0,
    y: float = 0.0,
    scale: float = 1.0,
    set_id: str | None = None,
    note: str = "",
) -> dw.Group:
    """One card face, its top-left corner at (x, y), ``scale`` times 63 x 88."""
    vocabulary = text.vocabulary
    group = dw.Group(
        transform=f"translate({x:g},{y:g}) scale({scale:g})",
        class_="card",
        data_id=definition.id,
        data_kind=definition.kind,
        data_provenance=definition.provenance.value,
        **({"data_set": set_id} if set_id else {}),
    )
    group.append(title(f"{definition.name} ({definition.id})"))
    colour = band_colour(definition, vocabulary)
    group.append(
        dw.Rectangle(
            0, 0, CARD_WIDTH, CARD_HEIGHT, rx=3, fill="white", stroke="#2d3748", stroke_width=0.35
        )
    )
    group.append(
        dw.Path(
            f"M0,{BAND} V3 A3,3 0 0 1 3,0 H{CARD_WIDTH - 3} A3,3 0 0 1 {CARD_WIDTH},3 V{BAND} Z",
            fill=colour,
        )
    )
    symbols = definition.mythologies if isinstance(definition, m.MythCard) else ()
    group.append(_name(definition.name, CARD_WIDTH - 2 * MARGIN - 7.8 * len(symbols)))
    for index, mythology in enumerate(symbols):
        cx = CARD_WIDTH - MARGIN - 3.4 - 7.8 * index
        group.append(dw.Rectangle(cx - 3.4, BAND / 2 - 3.4, 6.8, 6.8, rx=1.2, fill="white"))
        group.append(mythology_symbol(vocabulary, mythology, cx, BAND / 2, 2.5))
    subtitle = kind_line(definition, vocabulary)
    if definition.aliases and definition.aliases[0] != definition.name:
        subtitle = f"{definition.aliases[0]} \u00b7 {subtitle}"
    group.append(
        label(
            subtitle,
            one_line(subtitle, CARD_WIDTH - 2 * MARGIN, 3.0),
            MARGIN,
            BAND + 4.5,
            fill=MUTED,
            class_="kind",
        )
    )
    body_top = BAND + 7.5
    body = text.text(definition)
    if isinstance(definition, m.Pattern):
        body_top = _pattern_shape(group, definition, vocabulary, body_top)
        body = body.split("\n")[0].rstrip(":")
    body_height = CARD_HEIGHT - 9.0 - body_top - (3.5 if note else 0.0)
    size, lines = fit(body, CARD_WIDTH - 2 * MARGIN, body_height, 4.2)
    group.append(lines_text(lines, size, MARGIN, body_top + size, class_="card-text"))
    _footer(group, definition, set_id, note)
    return group


def _name(name: str, width: float) -> dw.Text:
    """The name in the band: one line, or two smaller ones when one line
    would be too small to read."""
    size = one_line(name, width, 5.2)
    if size >= 3.4:
        return label(
            name,
            size,
            MARGIN,
            BAND / 2 + size * 0.36,
            fill="white",
            font_weight="bold",
            class_="name",
        )
    size, lines = fit(name, width, BAND - 2.0, 4.4, bold=True)
    top = (BAND - len(lines) * size * LINE_HEIGHT) / 2 + size * 0.92
    return lines_text(lines, size, MARGIN, top, fill="white", font_weight="bold", class_="name")


def _footer(group: dw.Group, definition: m.Definition, set_id: str | None, note: str) -> None:
    base = CARD_HEIGHT - 3.2
    group.append(
        dw.Line(
            MARGIN, base - 3.6, CARD_WIDTH - MARGIN, base - 3.6, stroke="#cbd5e0", stroke_width=0.25
        )
    )
    taken = 0.0
    if definition.provenance_stated:
        shown = (
            f"{PROVENANCE_MARKS.get(definition.provenance.value, '')} {provenance_text(definition)}"
        )
        group.append(label(shown, 2.3, MARGIN, base, fill=MUTED, class_="provenance"))
        taken = text_width(shown, 2.3) + 2.0
    if note:
        group.append(
            label(
                note,
                one_line(note, CARD_WIDTH - 2 * MARGIN, 2.4),
                MARGIN,
                base - 5.0,
                fill=MUTED,
                font_style="italic",
                class_="note",
            )
        )
    where = " \u00b7 ".join(x for x in (set_id, definition.id) if x)
    room = CARD_WIDTH - 2 * MARGIN - taken
    if one_line(where, room, 2.0) < 1.6 and not note:  # too small beside it: above the rule
        base, room = base - 5.0, CARD_WIDTH - 2 * MARGIN
    group.append(
        label(
            where,
            one_line(where, room, 2.0),
            CARD_WIDTH - MARGIN,
            base,
            fill=MUTED,
            text_anchor="end",
            class_="id",
        )
    )


def _pattern_shape(
    group: dw.Group, pattern: m.Pattern, vocabulary: Vocabulary, top: float
) -> float:
    """The pattern's cells (R14), each with its mythology's symbol (none: any
    mythology) and its type's mark; returns where the text below goes."""
    rows = len(pattern.shape)
    columns = max(len(row) for row in pattern.shape)
    cell = min((CARD_WIDTH - 2 * MARGIN) / columns, 34.0 / rows, 13.0)
    left = (CARD_WIDTH - cell * columns) / 2
    shape = dw.Group(class_="pattern-shape")
    for r, row in enumerate(pattern.shape):
        for c, wanted in enumerate(row):
            cx, cy = left + c * cell, top + r * cell
            if wanted is None:
                shape.append(
                    dw.Rectangle(
                        cx + 0.6,
                        cy + 0.6,
                        cell - 1.2,
                        cell - 1.2,
                        rx=1,
                        fill="none",
                        stroke="#cbd5e0",
                        stroke_width=0.3,
                        stroke_dasharray="1,1",
                    )
                )
                continue
            shape.append(_pattern_cell(wanted, vocabulary, cx, cy, cell))
    group.append(shape)
    return top + rows * cell + 2.0


def _pattern_cell(
    wanted: m.PatternCell, vocabulary: Vocabulary, x: float, y: float, cell: float
) -> dw.Group:
    colour = colour_of(vocabulary, wanted.mythology)
    drawn = dw.Group(
        class_="pattern-cell",
        data_type=wanted.type or "any",
        data_mythology=wanted.mythology or "any",
    )
    drawn.append(
        dw.Rectangle(
            x + 0.6,
            y + 0.6,
            cell - 1.2,
            cell - 1.2,
            rx=1,
            fill="#f7fafc",
            stroke=colour,
            stroke_width=0.4,
        )
    )
    if wanted.mythology is not None:
        drawn.append(
            mythology_symbol(
                vocabulary, wanted.mythology, x + cell / 2, y + cell * 0.36, cell * 0.2
            )
        )
    else:
        drawn.append(any_mythology_symbol(vocabulary, x + cell / 2, y + cell * 0.36, cell * 0.2))
    if wanted.type is None:  # a mythology-only cell: its symbol alone
        return drawn
    drawn.append(
        label(
            type_mark(vocabulary, wanted.type),
            cell * 0.28,
            x + cell / 2,
            y + cell * 0.86,
            text_anchor="middle",
            font_weight="bold",
            fill=colour,
        )
    )
    return drawn


def card_svg(definition: m.Definition, text: CardText, set_id: str | None = None) -> str:
    """One card as a standalone SVG document, 63 x 88 mm."""
    drawing = dw.Drawing(CARD_WIDTH, CARD_HEIGHT, font_family=FONT)
    drawing.set_render_size(f"{CARD_WIDTH:g}mm", f"{CARD_HEIGHT:g}mm")
    drawing.append(card_group(definition, text, set_id=set_id))
    return drawing.as_svg()
