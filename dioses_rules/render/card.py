"""One card drawn as a poker-size card face (63 x 88 mm, in millimetres).

:func:`card_group` returns the card as an SVG group at a place and a scale;
the sheet, the board picture and the web app draw every card through it.
The face, top to bottom: a band in its mythology's colour (its kind's for
the other definitions) with the printed name, in white or ink, whichever
passes WCAG AA on the band, and the mythology symbols; a picture panel with
the type's icon (a god's crown, a place's temple, an object's amphora; a
Pattern's shape with its legend); what the card is; its text, one row per
scoring line with the points large beside it (``card_rows``); and the
footer: the provenance mark (CARDS.md: printed, named, reconstructed) and
where the card comes from. The whole English card text that ``dioses cards
--text`` prints is the face's description (``desc``) too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

import drawsvg as dw
from attrs import field, frozen

from ..language import model as m
from ..language.english_definitions import CardTextWriter, english_text, provenance_text
from ..language.texts import Texts
from ..language.vocabulary import Vocabulary
from ..pool.our_names import our_translation
from ..pool.registry import Registry
from ..wording import N_, words
from ..wording.names import english_kind, name_of
from .card_pattern import pattern_legend, pattern_shape
from .card_rows import Row, draw_rows, face_rows
from .draw import (
    FONT,
    LINE_HEIGHT,
    MUTED,
    fit,
    ink_on,
    label,
    lines_text,
    one_line,
    shown,
    tint,
    title,
)
from .icons import icon
from .symbols import colour_of, mythology_symbol

CARD_WIDTH = 63.0
CARD_HEIGHT = 88.0
MARGIN = 3.5
BAND = 13.0  # the coloured band holding the name
FOOTER = 7.6  # the footer's two lines of 2.6 mm text, under its rule
FOOTER_SIZE = 2.6  # 7.4 pt: readable on paper, about 10 px on a screen at 96 dpi
NOTE = 4.2  # a note ("replaced by ...") above the footer
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
    """What card text needs beyond the definition: the display names of
    cards, each pattern's points (R14), the declared words; and the
    language the pictures are drawn in (``lang``: "en", "es"), its card text
    by that language's writer and the pictures' own words from the
    ``dioses`` catalogue."""

    names: Mapping[str, str] = field(factory=dict)
    pattern_points: Mapping[str, int] = field(factory=dict)
    vocabulary: Vocabulary = field(factory=Vocabulary)
    option_names: Mapping[str, str] = field(factory=dict)  # a scenario's "played with"
    lang: str = "en"

    @classmethod
    def of(cls, registry: Registry, lang: str = "en") -> CardText:
        if lang != "en":
            texts = registry.texts(lang)
            return cls(
                texts.names, texts.pattern_points, texts.vocabulary, texts.option_names, lang
            )
        return cls(
            registry.display_names(),
            registry.pattern_points_table(),
            registry.vocabulary,
            registry.option_names(),
        )

    @property
    def texts(self) -> Texts:
        return Texts(self.lang, self.names, self.pattern_points, self.vocabulary, self.option_names)

    def text(self, definition: m.Definition) -> str:
        if self.lang != "en":
            return self.texts.text(definition)
        return english_text(
            definition, self.names, self.pattern_points, self.vocabulary, self.option_names
        )

    def writer(self) -> CardTextWriter:
        """The card text writer of the language (Spanish's is one of English's kind)."""
        return self.texts.writer

    def condition(self, condition: m.Condition) -> str:
        """A scenario's condition as its card says it."""
        return self.texts.condition(condition)

    def say(self, message: str) -> str:
        """One of the pictures' own words (marked with ``N_``) in the language."""
        return words(self.lang)._(message)

    def name(self, definition: m.Definition) -> str:
        """The name on its face: the one the reader's history and prompts
        say (#28: one name per card), so in English a card printed in
        Spanish shows its English name, the printed one beneath it; in
        Spanish a law's or pattern's name of ours (marked in the footer)."""
        return name_of(definition, self.lang)

    def kind_line(self, definition: m.Definition) -> str:
        """What it is: "Greek god" / "Dios griego"."""
        if self.lang == "en":
            return kind_line(definition, self.vocabulary)
        texts = self.texts
        if isinstance(definition, m.MythCard):
            kind = texts.card_kind(definition)
            kind = kind[:1].upper() + kind[1:]
            return self.say(N_("Event card: ")) + kind if definition.event else kind
        if isinstance(definition, m.Pattern):
            level = self.writer().LEVELS[definition.difficulty][0]
            return f"{texts.kind(definition).capitalize()}, {level}"
        return texts.kind(definition).capitalize()

    def provenance(self, definition: m.Definition) -> str:
        return (
            provenance_text(definition) if self.lang == "en" else self.texts.provenance(definition)
        )


def kind_line(definition: m.Definition, vocabulary: Vocabulary) -> str:
    """What a card is, in English: "Greek god", "Celtic and Greek god", "Law"."""
    if isinstance(definition, m.MythCard):
        what = english_kind(vocabulary, definition)
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
    whole = text.text(definition)
    group.append(title(text.name(definition)))
    group.append(dw.Raw(f"<desc>{escape(shown(whole))}</desc>"))
    colour = band_colour(definition, vocabulary)
    group.append(
        dw.Rectangle(
            0, 0, CARD_WIDTH, CARD_HEIGHT, rx=3, fill="white", stroke="#2d3748", stroke_width=0.35
        )
    )
    _band(group, definition, text, colour)
    rows = face_rows(definition, text.writer(), whole, text.say)
    art = _art_height(definition, rows)
    _art(group, definition, text, colour, art)
    top = BAND + art + 1.2
    kind, used = _kind(definition, text, top)
    group.append(kind)
    top += used + 0.6
    bottom = CARD_HEIGHT - FOOTER - (NOTE if note else 0.0) - 1.0
    group.append(
        draw_rows(rows, MARGIN, top, CARD_WIDTH - 2 * MARGIN, bottom - top, colour, ink_on(colour))
    )
    _footer(group, definition, text, set_id, note)
    return group


def _band(group: dw.Group, definition: m.Definition, text: CardText, colour: str) -> None:
    """The coloured band: the name and the mythology symbols on white discs."""
    vocabulary = text.vocabulary
    group.append(
        dw.Path(
            f"M0,{BAND} V3 A3,3 0 0 1 3,0 H{CARD_WIDTH - 3} A3,3 0 0 1 {CARD_WIDTH},3 V{BAND} Z",
            fill=colour,
            class_="band",
        )
    )
    symbols = definition.mythologies if isinstance(definition, m.MythCard) else ()
    group.append(_name(text.name(definition), CARD_WIDTH - 2 * MARGIN - 7.8 * len(symbols), colour))
    for index, mythology in enumerate(symbols):
        cx = CARD_WIDTH - MARGIN - 3.4 - 7.8 * index
        group.append(dw.Circle(cx, BAND / 2, 3.5, fill="white"))
        group.append(mythology_symbol(vocabulary, mythology, cx, BAND / 2, 2.4, lang=text.lang))


def _art_height(definition: m.Definition, rows: Sequence[Row]) -> float:
    """The picture panel's height: room for a Pattern's shape and legend;
    less for a long text, so that the text stays large."""
    if isinstance(definition, m.Pattern):
        return 36.0
    words = sum(len(row.sentence) for row in rows)
    return 27.0 if words <= 110 else 20.0 if words <= 200 else 12.0


def _art(
    group: dw.Group, definition: m.Definition, text: CardText, colour: str, height: float
) -> None:
    """The picture panel under the band, tinted in the band's colour."""
    vocabulary = text.vocabulary
    panel = dw.Group(class_="art")
    panel.append(dw.Rectangle(0, BAND, CARD_WIDTH, height, fill=tint(colour, 0.88)))
    if isinstance(definition, m.Pattern):
        width = CARD_WIDTH - 2 * MARGIN
        _, used = pattern_legend(definition, vocabulary, MARGIN, 0.0, width, text.lang)
        legend, _ = pattern_legend(
            definition, vocabulary, MARGIN, BAND + height - used - 0.8, width, text.lang
        )
        panel.append(
            pattern_shape(
                definition, vocabulary, MARGIN, BAND + 1.5, width, height - used - 3.0, text.lang
            )
        )
        panel.append(legend)
    else:
        what = definition.type if isinstance(definition, m.MythCard) else definition.kind
        size = min(height - 4.0, 22.0)
        panel.append(
            icon(
                what,
                CARD_WIDTH / 2,
                BAND + height / 2,
                size,
                tint(colour, 0.25),
                vocabulary,
                text.lang,
            )
        )
    group.append(panel)


def _kind(definition: m.Definition, text: CardText, top: float) -> tuple[dw.Group, float]:
    """What the card is ("Greek god"), after its other name (in English),
    with its icon; on two lines when one would be too small; and the
    height it takes."""
    vocabulary = text.vocabulary
    subtitle = text.kind_line(definition)
    if text.lang == "en" and text.name(definition) != definition.name:
        subtitle = f"{definition.name} \u00b7 {subtitle}"  # the printed (Spanish) name
    group = dw.Group(class_="kind-line")
    what = definition.type if isinstance(definition, m.MythCard) else definition.kind
    group.append(icon(what, MARGIN + 1.7, top + 1.9, 3.6, MUTED, vocabulary, text.lang))
    width = CARD_WIDTH - 2 * MARGIN - 4.6
    size = one_line(subtitle, width, 3.2, bold=False)
    lines = [subtitle]
    if size < FOOTER_SIZE:
        size, lines = fit(subtitle, width, 2 * FOOTER_SIZE * LINE_HEIGHT, FOOTER_SIZE)
    group.append(lines_text(lines, size, MARGIN + 4.6, top + 3.1, fill=MUTED, class_="kind"))
    return group, 2.0 + len(lines) * size * LINE_HEIGHT


def _name(name: str, width: float, colour: str) -> dw.Text:
    """The name in the band: one line, or two smaller ones when one line
    would be too small to read; white or ink, whichever reads on the band."""
    ink = ink_on(colour)
    size = one_line(name, width, 5.4)
    if size >= 3.6:
        return label(
            name, size, MARGIN, BAND / 2 + size * 0.36, fill=ink, font_weight="bold", class_="name"
        )
    size, lines = fit(name, width, BAND - 1.6, 4.4, bold=True)
    top = (BAND - len(lines) * size * LINE_HEIGHT) / 2 + size * 0.92
    return lines_text(lines, size, MARGIN, top, fill=ink, font_weight="bold", class_="name")


def _footer(
    group: dw.Group, definition: m.Definition, text: CardText, set_id: str | None, note: str
) -> None:
    """Under a rule: the provenance, then the set and id, each on its own
    line at a readable size (smaller only for a line too long for the card)."""
    width = CARD_WIDTH - 2 * MARGIN
    rule = CARD_HEIGHT - FOOTER
    group.append(
        dw.Line(MARGIN, rule, CARD_WIDTH - MARGIN, rule, stroke="#a0aec0", stroke_width=0.25)
    )
    if note:
        size = one_line(note, width, FOOTER_SIZE, bold=False)
        group.append(
            label(note, size, MARGIN, rule - 1.2, fill=MUTED, font_style="italic", class_="note")
        )
    if definition.provenance_stated:
        mark = PROVENANCE_MARKS.get(definition.provenance.value, "")
        words = f"{mark} {text.provenance(definition)}"
        spanish = definition.name if text.lang == "en" else text.name(definition)
        if our_translation(definition, spanish):  # no rulebook prints that Spanish name
            words += text.say(N_("; name: our translation"))
        size = one_line(words, width, FOOTER_SIZE, bold=False)
        group.append(label(words, size, MARGIN, rule + 3.1, fill=MUTED, class_="provenance"))
    where = " \u00b7 ".join(x for x in (set_id, definition.id) if x)
    size = one_line(where, width, FOOTER_SIZE, bold=False)
    group.append(label(where, size, MARGIN, rule + 6.4, fill=MUTED, class_="id"))


def card_svg(definition: m.Definition, text: CardText, set_id: str | None = None) -> str:
    """One card as a standalone SVG document, 63 x 88 mm."""
    drawing = dw.Drawing(CARD_WIDTH, CARD_HEIGHT, font_family=FONT)
    drawing.set_render_size(f"{CARD_WIDTH:g}mm", f"{CARD_HEIGHT:g}mm")
    drawing.append(card_group(definition, text, set_id=set_id))
    svg: str = drawing.as_svg()  # drawsvg ships no type information
    return svg
