"""A Pattern card's shape (R14) as cells, and its legend.

Each cell shows the card it wants: its type's icon (a god's crown, a
place's temple, an object's amphora) and its mythology's symbol (the
multicoloured disc: any mythology); an empty cell is dashed. Under the
shape, a legend names every icon and symbol the shape uses, so no letter
has to be decoded.
"""

from __future__ import annotations

import drawsvg as dw

from ..language import model as m
from ..language.vocabulary import Vocabulary
from ..wording import N_, words
from .draw import MUTED, label, text_width
from .icons import icon
from .symbols import any_mythology_symbol, colour_of, mythology_symbol

LEGEND_SIZE = 2.6  # the legend's font size (mm at scale 1)


def pattern_shape(
    pattern: m.Pattern,
    vocabulary: Vocabulary,
    left: float,
    top: float,
    width: float,
    height: float,
    lang: str = "en",
) -> dw.Group:
    """The cells centred in the box (left, top, width, height), their
    icons named in ``lang``."""
    rows = len(pattern.shape)
    columns = max(len(row) for row in pattern.shape)
    cell = min(width / columns, height / rows, 14.0)
    x0 = left + (width - cell * columns) / 2
    y0 = top + (height - cell * rows) / 2
    shape = dw.Group(class_="pattern-shape")
    for r, row in enumerate(pattern.shape):
        for c, wanted in enumerate(row):
            x, y = x0 + c * cell, y0 + r * cell
            if wanted is None:
                shape.append(
                    _frame(
                        x,
                        y,
                        cell,
                        fill="none",
                        stroke="#a0aec0",
                        stroke_width=0.3,
                        stroke_dasharray="1,1",
                    )
                )
                continue
            shape.append(_cell(wanted, vocabulary, x, y, cell, lang))
    return shape


def _frame(x: float, y: float, cell: float, **style: str | float) -> dw.Rectangle:
    """A cell's frame, inset in its square of side ``cell`` at (x, y): dashed
    for an empty cell, in the mythology's colour for a wanted one."""
    return dw.Rectangle(x + 0.6, y + 0.6, cell - 1.2, cell - 1.2, rx=1, **style)


def _cell(
    wanted: m.PatternCell, vocabulary: Vocabulary, x: float, y: float, cell: float, lang: str
) -> dw.Group:
    colour = colour_of(vocabulary, wanted.mythology)
    drawn = dw.Group(
        class_="pattern-cell",
        data_type=wanted.type or "any",
        data_mythology=wanted.mythology or "any",
    )
    drawn.append(_frame(x, y, cell, fill="white", stroke=colour, stroke_width=0.5))
    if wanted.type is None:  # a mythology-only cell: its symbol, large, is the cell
        assert wanted.mythology is not None  # a cell names a type, a mythology or both
        drawn.append(
            mythology_symbol(
                vocabulary, wanted.mythology, x + cell / 2, y + cell / 2, cell * 0.3, lang=lang
            )
        )
        return drawn
    drawn.append(
        icon(wanted.type, x + cell * 0.5, y + cell * 0.4, cell * 0.52, colour, vocabulary, lang)
    )
    cx, cy, r = x + cell * 0.8, y + cell * 0.8, cell * 0.12
    symbol = (
        mythology_symbol(vocabulary, wanted.mythology, cx, cy, r, lang=lang)
        if wanted.mythology is not None
        else any_mythology_symbol(vocabulary, cx, cy, r, lang)
    )
    drawn.append(symbol)
    return drawn


def legend_items(pattern: m.Pattern) -> tuple[list[str], list[str | None]]:
    """The types and the mythologies (None: any) its cells want, in order."""
    cells = [c for row in pattern.shape for c in row if c is not None]
    types = [c.type for c in cells if c.type is not None]  # a mythology-only cell: none
    return list(dict.fromkeys(types)), list(dict.fromkeys(c.mythology for c in cells))


def _type_word(vocabulary: Vocabulary, type_id: str, lang: str) -> str:
    if lang == "es":
        return vocabulary.spanish_noun(type_id).singular
    return vocabulary.english("type", type_id)


def _mythology_word(vocabulary: Vocabulary, mythology: str | None, lang: str) -> str:
    """A mythology's word ("Greek" / "griega", of a card), or any mythology's."""
    if mythology is None:
        return words(lang)._(N_("any mythology"))
    if lang == "es":
        return vocabulary.spanish_adjective(mythology).agree(True, False)
    return vocabulary.english("mythology", mythology)


def pattern_legend(
    pattern: m.Pattern,
    vocabulary: Vocabulary,
    left: float,
    top: float,
    width: float,
    lang: str = "en",
) -> tuple[dw.Group, float]:
    """What each icon and symbol of the shape means, in ``lang``, in lines
    as wide as ``width``; and the height it takes."""
    types, mythologies = legend_items(pattern)
    entries: list[tuple[str, str, str]] = [
        ("type", t, _type_word(vocabulary, t, lang)) for t in types
    ] + [("mythology", x or "any", _mythology_word(vocabulary, x, lang)) for x in mythologies]
    group = dw.Group(class_="legend")
    size, gap = LEGEND_SIZE, 2.4
    x, y = left, top
    for kind, what, said in entries:
        said = said or what
        needed = size * 1.3 + text_width(said, size)
        if x > left and x + needed > left + width:
            x, y = left, y + size * 1.5
        item = dw.Group(class_="legend-item", data_kind=kind, data_value=what)
        cx, cy = x + size * 0.5, y + size * 0.62
        if kind == "type":
            item.append(icon(what, cx, cy, size * 1.25, MUTED, vocabulary, lang))
        elif what == "any":
            item.append(any_mythology_symbol(vocabulary, cx, cy, size * 0.55, lang))
        else:
            item.append(mythology_symbol(vocabulary, what, cx, cy, size * 0.55, lang=lang))
        item.append(label(said, size, x + size * 1.3, y + size, fill=MUTED))
        group.append(item)
        x += needed + gap
    return group, y + size * 1.5 - top
