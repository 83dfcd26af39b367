"""The back of a card (63 x 88 mm): the game's name on a dark field, a
ring of every declared mythology's symbol, a gold frame.

Every Myth card (an Event card too) has the same back: the game is played
face down (R12), and a back that told one card from another would show what
a face-down card is. The other decks (laws, patterns, objectives, powers,
rule options, scenarios) are kept apart at the table, so their backs say
their deck's name under the game's, with its icon.
"""

from __future__ import annotations

import math

import drawsvg as dw

from ..language import model as m
from ..language.vocabulary import Vocabulary
from ..wording import N_, words
from .card import CARD_HEIGHT, CARD_WIDTH
from .draw import FONT, label, title
from .icons import icon
from .symbols import mythology_symbol

FIELD = "#1a365d"  # white on it: 12.6:1
GOLD = "#d69e2e"  # on the field: 5.3:1
DECKS = {
    "myth": "",
    "law": N_("Laws"),
    "pattern": N_("Patterns"),
    "objective-goal": N_("Objectives"),
    "objective-element": N_("Objectives"),
    "power": N_("Powers"),
    "rule-option": N_("Rule options"),
    "scenario": N_("Scenarios"),
}


def deck_of(definition: m.Definition) -> str:
    """Which back a definition has: "myth" for every Myth card, else its kind."""
    return "myth" if isinstance(definition, m.MythCard) else definition.kind


def back_group(
    deck: str,
    vocabulary: Vocabulary,
    x: float = 0.0,
    y: float = 0.0,
    scale: float = 1.0,
    lang: str = "en",
) -> dw.Group:
    """The back of a card of ``deck`` (:func:`deck_of`), its top-left corner
    at (x, y), its words in ``lang``."""
    _ = words(lang)._
    group = dw.Group(
        transform=f"translate({x:g},{y:g}) scale({scale:g})", class_="back", data_deck=deck
    )
    name = DECKS.get(deck, deck.replace("-", " ").capitalize())
    name = _(name) if name else ""
    group.append(
        title(
            _("the back of a card: {deck}").format(deck=name) if name else _("the back of a card")
        )
    )
    group.append(
        dw.Rectangle(
            0, 0, CARD_WIDTH, CARD_HEIGHT, rx=3, fill=FIELD, stroke="#2d3748", stroke_width=0.35
        )
    )
    for inset, width in ((3.0, 0.6), (4.4, 0.25)):
        group.append(
            dw.Rectangle(
                inset,
                inset,
                CARD_WIDTH - 2 * inset,
                CARD_HEIGHT - 2 * inset,
                rx=2,
                fill="none",
                stroke=GOLD,
                stroke_width=width,
            )
        )
    cx, cy = CARD_WIDTH / 2, CARD_HEIGHT / 2 - 4
    group.append(dw.Circle(cx, cy, 21, fill="none", stroke=GOLD, stroke_width=0.4))
    mythologies = vocabulary.ids("mythology")
    for index, mythology in enumerate(mythologies):
        angle = math.radians(-90 + 360 * index / max(len(mythologies), 1))
        group.append(
            mythology_symbol(
                vocabulary,
                mythology,
                cx + 21 * math.cos(angle),
                cy + 21 * math.sin(angle),
                3.2,
                GOLD,
                lang,
            )
        )
    group.append(
        label("Dioses!", 8.0, cx, cy + 2.8, fill="white", font_weight="bold", text_anchor="middle")
    )
    if name:
        group.append(icon(deck, cx, CARD_HEIGHT - 21, 9, GOLD, vocabulary, lang))
        group.append(
            label(
                name,
                5,
                cx,
                CARD_HEIGHT - 10.5,
                fill="white",
                font_weight="bold",
                text_anchor="middle",
            )
        )
    return group


def back_svg(deck: str, vocabulary: Vocabulary, lang: str = "en") -> str:
    """One back as a standalone SVG document, 63 x 88 mm."""
    drawing = dw.Drawing(CARD_WIDTH, CARD_HEIGHT, font_family=FONT)
    drawing.set_render_size(f"{CARD_WIDTH:g}mm", f"{CARD_HEIGHT:g}mm")
    drawing.append(back_group(deck, vocabulary, lang=lang))
    svg: str = drawing.as_svg()  # drawsvg ships no type information
    return svg
