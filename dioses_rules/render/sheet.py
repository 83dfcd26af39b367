"""Print-and-play sheets: poker-size cards (63 x 88 mm), 3 x 3 on an A4 page.

The cards touch, so one cut along each grid line separates them; the grid's
lines run to the page's edges as cut marks. A sheet as SVG stacks its pages
in one file, one under the other with a gap (:func:`sheet_svg`); as PDF,
each page is a page (:func:`page_svgs`, then ``export.pdf_pages``).

With ``backs``, each page of faces is followed by a page of the same cards'
backs (``back.py``), mirrored left to right: printed on both sides and
flipped on the long edge, each back lands behind its own face (the grid is
centred on the page, so the cut lines of both sides meet).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import drawsvg as dw

from ..language import model as m
from ..wording import words
from .back import back_group, deck_of
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
    cards: Iterable[SheetCard],
    text: CardText,
    number: int,
    pages: int,
    y: float = 0.0,
    backs: bool = False,
) -> dw.Group:
    """One A4 page of up to nine cards, its top at ``y``: their faces, or
    with ``backs`` their backs, each row mirrored for long-edge duplex."""
    side = "back" if backs else "front"
    page = dw.Group(
        transform=f"translate(0,{y:g})", class_="page", data_page=str(number), data_side=side
    )
    page.append(dw.Rectangle(0, 0, PAGE_WIDTH, PAGE_HEIGHT, fill="white"))
    _cut_marks(page)
    for index, (definition, set_id, note) in enumerate(cards):
        row, column = divmod(index, PER_ROW)
        top = TOP + row * CARD_HEIGHT
        if backs:
            left = LEFT + (PER_ROW - 1 - column) * CARD_WIDTH
            drawn = back_group(deck_of(definition), text.vocabulary, left, top, lang=text.lang)
            drawn.args["data-id"] = definition.id  # which face it is behind
            page.append(drawn)
            continue
        left = LEFT + column * CARD_WIDTH
        page.append(card_group(definition, text, left, top, set_id=set_id, note=note))
    _ = words(text.lang)._
    said = _("page {number} of {pages}").format(number=number, pages=pages)
    said += _(", backs") if backs else ""
    page.append(label(said, 3.0, PAGE_WIDTH / 2, PAGE_HEIGHT - 5, fill=MUTED, text_anchor="middle"))
    return page


def _drawing(height: float) -> dw.Drawing:
    drawing = dw.Drawing(PAGE_WIDTH, height, font_family=FONT)
    drawing.set_render_size(f"{PAGE_WIDTH:g}mm", f"{height:g}mm")
    return drawing


def _sides(
    cards: Sequence[SheetCard], backs: bool
) -> Iterator[tuple[int, int, Sequence[SheetCard], bool]]:
    """(page number, pages, its cards, backs?) in print order: each page of
    faces, then (with ``backs``) its backs."""
    pages = pages_of(cards)
    for number, chunk in enumerate(pages, 1):
        yield number, len(pages), chunk, False
        if backs:
            yield number, len(pages), chunk, True


def page_svgs(cards: Sequence[SheetCard], text: CardText, backs: bool = False) -> list[str]:
    """Each page as its own SVG document, A4 (with ``backs``, each page of
    faces followed by its page of backs)."""
    found = []
    for number, pages, chunk, back in _sides(cards, backs):
        drawing = _drawing(PAGE_HEIGHT)
        drawing.append(page_group(chunk, text, number, pages, backs=back))
        found.append(drawing.as_svg())
    return found


def sheet_svg(cards: Sequence[SheetCard], text: CardText, backs: bool = False) -> str:
    """Every page in one SVG document, stacked top to bottom with a gap."""
    sides = list(_sides(cards, backs))
    drawing = _drawing(len(sides) * PAGE_HEIGHT + (len(sides) - 1) * GAP)
    drawing.append(dw.Rectangle(0, 0, PAGE_WIDTH, drawing.height, fill="#e2e8f0"))
    for index, (number, pages, chunk, back) in enumerate(sides):
        drawing.append(
            page_group(chunk, text, number, pages, index * (PAGE_HEIGHT + GAP), backs=back)
        )
    svg: str = drawing.as_svg()  # drawsvg ships no type information
    return svg
