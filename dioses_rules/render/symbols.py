"""Mythology symbols and colours.

The rulebooks draw Greek as a circle, Norse as a square and Egyptian as a
triangle (the expansion's "Pattern Cards"); the base set declares those
with ``symbol circle`` and so on. A set's ``symbol WORD`` names one of
:data:`SHAPES`, or is a short mark (one or two characters) drawn as it is;
a mythology with neither gets a shape generated from its id, the same on
every picture. Colours follow the order the loaded sets declare mythologies
in, so no mythology is named here.
"""

from __future__ import annotations

import math
import zlib

import drawsvg as dw

from ..language.vocabulary import Vocabulary
from ..wording import N_, words
from .draw import ringed_mark, title

# Each dark enough for white text (WCAG AA, 4.5:1) and for text on white.
PALETTE = ("#2b6cb0", "#975a16", "#276749", "#6b46c1", "#9c4221", "#2c7a7b", "#b83280", "#4a5568")
UNKNOWN = "#5a6473"
GENERATED = ("pentagon", "hexagon", "star", "diamond", "octagon", "cross")


def _polygon(
    sides: int, cx: float, cy: float, r: float, turn: float = -90.0, inner: float | None = None
) -> list[float]:
    points: list[float] = []
    steps = sides * 2 if inner else sides
    for i in range(steps):
        radius = inner if inner and i % 2 else r
        angle = math.radians(turn + 360.0 * i / steps)
        points += [cx + radius * math.cos(angle), cy + radius * math.sin(angle)]
    return points


def _spiral(cx: float, cy: float, r: float) -> list[float]:
    points: list[float] = []
    for i in range(60):
        angle = i * math.pi / 12
        radius = r * i / 60
        points += [cx + radius * math.cos(angle), cy + radius * math.sin(angle)]
    return points


def _shape(name: str, cx: float, cy: float, r: float, **style: object) -> dw.DrawingElement:
    if name == "circle":
        return dw.Circle(cx, cy, r * 0.9, **style)
    if name == "square":
        side = r * 1.6
        return dw.Rectangle(cx - side / 2, cy - side / 2, side, side, **style)
    if name == "spiral":
        return dw.Lines(
            *_spiral(cx, cy, r),
            fill="none",
            stroke=style.get("fill", "none"),
            stroke_width=r * 0.22,
        )
    if name == "cross":
        w = r * 0.6
        return dw.Lines(
            cx - w / 2,
            cy - r,
            cx + w / 2,
            cy - r,
            cx + w / 2,
            cy - w / 2,
            cx + r,
            cy - w / 2,
            cx + r,
            cy + w / 2,
            cx + w / 2,
            cy + w / 2,
            cx + w / 2,
            cy + r,
            cx - w / 2,
            cy + r,
            cx - w / 2,
            cy + w / 2,
            cx - r,
            cy + w / 2,
            cx - r,
            cy - w / 2,
            cx - w / 2,
            cy - w / 2,
            close=True,
            **style,
        )
    sides = {"triangle": 3, "diamond": 4, "pentagon": 5, "hexagon": 6, "octagon": 8, "star": 5}[
        name
    ]
    if name == "triangle":
        return dw.Lines(*_polygon(3, cx, cy + r * 0.15, r * 1.05), close=True, **style)
    return dw.Lines(
        *_polygon(sides, cx, cy, r, inner=r * 0.45 if name == "star" else None), close=True, **style
    )


SHAPES = frozenset(["circle", "square", "triangle", "spiral", "cross", *GENERATED])


def symbol_of(vocabulary: Vocabulary, mythology: str) -> tuple[str, str]:
    """("shape", name) or ("mark", text) for a mythology: its declared symbol,
    else a shape generated from its id."""
    word = vocabulary.get("mythology", mythology)
    declared = (word.symbol or "") if word is not None else ""
    if declared.lower() in SHAPES:
        return "shape", declared.lower()
    if 0 < len(declared) <= 2:
        return "mark", declared
    return "shape", GENERATED[zlib.crc32(mythology.encode("utf-8")) % len(GENERATED)]


def colour_of(vocabulary: Vocabulary, mythology: str | None) -> str:
    """A mythology's colour: by the order the sets declare mythologies in."""
    ids = vocabulary.ids("mythology")
    if mythology is None or mythology not in ids:
        return UNKNOWN
    return PALETTE[ids.index(mythology) % len(PALETTE)]


def mythology_symbol(
    vocabulary: Vocabulary,
    mythology: str,
    cx: float,
    cy: float,
    r: float,
    colour: str | None = None,
    lang: str = "en",
) -> dw.Group:
    """The symbol of a mythology centred at (cx, cy), about ``r`` in radius;
    the group says which mythology it is (``data-mythology``) and names it
    in ``lang``."""
    fill = colour or colour_of(vocabulary, mythology)
    group = dw.Group(class_="mythology-symbol", data_mythology=mythology)
    named = (
        vocabulary.spanish_adjective(mythology).agree(True, False)
        if lang == "es"
        else vocabulary.english("mythology", mythology)
    )
    group.append(title(named))
    kind, value = symbol_of(vocabulary, mythology)
    if kind == "shape":
        group.append(_shape(value, cx, cy, r, fill=fill))
    else:
        group.extend(ringed_mark(value, cx, cy, r, r * 0.15, r * 1.1, fill))
    return group


def any_mythology_symbol(
    vocabulary: Vocabulary, cx: float, cy: float, r: float, lang: str = "en"
) -> dw.Group:
    """The rulebook's "any mythology" mark, a multicoloured symbol: a disc
    cut in one slice per declared mythology, in their colours."""
    group = dw.Group(class_="mythology-symbol", data_mythology="any")
    group.append(title(words(lang)._(N_("any mythology"))))
    ids = vocabulary.ids("mythology") or ("",)
    step = 360.0 / len(ids)
    for index, mythology in enumerate(ids):
        start, end = -90 + index * step, -90 + (index + 1) * step
        if len(ids) == 1:
            group.append(dw.Circle(cx, cy, r * 0.9, fill=colour_of(vocabulary, mythology)))
            break
        a, b = math.radians(start), math.radians(end)
        large = 1 if step > 180 else 0
        group.append(
            dw.Path(
                f"M{cx:g},{cy:g} L{cx + r * 0.9 * math.cos(a):.3f},{cy + r * 0.9 * math.sin(a):.3f} "
                f"A{r * 0.9:.3f},{r * 0.9:.3f} 0 {large} 1 {cx + r * 0.9 * math.cos(b):.3f},"
                f"{cy + r * 0.9 * math.sin(b):.3f} Z",
                fill=colour_of(vocabulary, mythology),
            )
        )
    return group
