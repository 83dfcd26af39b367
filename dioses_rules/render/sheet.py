"""Print-and-play sheets: poker-size cards (63 x 88 mm), 3 x 3 on an A4 page.

The cards touch, so one cut along each grid line separates them; the grid's
lines run to the page's edges as cut marks. A sheet as SVG stacks its pages
in one file, one under the other with a gap (:func:`sheet_svg`); as PDF,
each page is a page (:func:`page_svgs`, then ``export.pdf_pages``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import drawsvg as dw

from ..language import model as m
from .card import CARD_HEIGHT, CARD_WIDTH, CardText, card_group
from .draw import FONT, MUTED, label

PAGE_WIDTH = 210.0  # A4, millimetres
PAGE_HEIGHT = 297.0
PER_ROW = 3
PER_PAGE = PER_ROW * 3
GAP = 10.0  # between stacked pages in one SVG
LEFT = (PAGE_WIDTH - PER_ROW * CARD_WIDTH) / 2
TOP = (PAGE_HEIGHT - 3 * CARD_HEIGHT) / 2

# (definition, set id, a note such as "replaced by aun-mas-divinos")
SheetCard = tuple[m.Definition, str | None, str]


def pages_of(cards: Sequence[SheetCard]) -> list[Sequence[SheetCard]]:
    return [cards[i : i + PER_PAGE] for i in range(0, len(cards), PER_PAGE)] or [[]]


def _cut_marks(group: dw.Group) -> None:
    style = dict(stroke="#a0aec0", stroke_width=0.2)
    for i in range(PER_ROW + 1):
        x = LEFT + i * CARD_WIDTH
        group.append(dw.Line(x, 0, x, TOP - 2, **style))
        group.append(dw.Line(x, PAGE_HEIGHT - TOP + 2, x, PAGE_HEIGHT, **style))
    for i in range(4):
        y = TOP + i * CARD_HEIGHT
        group.append(dw.Line(0, y, LEFT - 2, y, **style))
        group.append(dw.Line(PAGE_WIDTH - LEFT + 2, y, PAGE_WIDTH, y, **style))


def page_group(
    cards: Iterable[SheetCard], text: CardText, number: int, pages: int, y: float = 0.0
) -> dw.Group:
    """One A4 page of up to nine cards, its top at ``y``."""
    page = dw.Group(transform=f"translate(0,{y:g})", class_="page", data_page=str(number))
    page.append(dw.Rectangle(0, 0, PAGE_WIDTH, PAGE_HEIGHT, fill="white"))
    _cut_marks(page)
    for index, (definition, set_id, note) in enumerate(cards):
        row, column = divmod(index, PER_ROW)
        page.append(
            card_group(
                definition,
                text,
                LEFT + column * CARD_WIDTH,
                TOP + row * CARD_HEIGHT,
                set_id=set_id,
                note=note,
            )
        )
    page.append(
        label(
            f"page {number} of {pages}",
            2.5,
            PAGE_WIDTH / 2,
            PAGE_HEIGHT - 5,
            fill=MUTED,
            text_anchor="middle",
        )
    )
    return page


def _drawing(height: float) -> dw.Drawing:
    drawing = dw.Drawing(PAGE_WIDTH, height, font_family=FONT)
    drawing.set_render_size(f"{PAGE_WIDTH:g}mm", f"{height:g}mm")
    return drawing


def page_svgs(cards: Sequence[SheetCard], text: CardText) -> list[str]:
    """Each page as its own SVG document, A4."""
    pages = pages_of(cards)
    found = []
    for number, chunk in enumerate(pages, 1):
        drawing = _drawing(PAGE_HEIGHT)
        drawing.append(page_group(chunk, text, number, len(pages)))
        found.append(drawing.as_svg())
    return found


def sheet_svg(cards: Sequence[SheetCard], text: CardText) -> str:
    """Every page in one SVG document, stacked top to bottom with a gap."""
    pages = pages_of(cards)
    drawing = _drawing(len(pages) * PAGE_HEIGHT + (len(pages) - 1) * GAP)
    drawing.append(dw.Rectangle(0, 0, PAGE_WIDTH, drawing.height, fill="#e2e8f0"))
    for number, chunk in enumerate(pages, 1):
        drawing.append(
            page_group(chunk, text, number, len(pages), (number - 1) * (PAGE_HEIGHT + GAP))
        )
    return drawing.as_svg()
