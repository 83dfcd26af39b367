"""Icons of our own for what a card is: a god's crown, a place's temple,
an object's amphora; and one for each other kind (a law's scales, an
objective's target, a power's bolt, a rule option's cog, a scenario's flag).

Each icon is drawn in a box of side ``size`` centred at (cx, cy), in one
colour, as plain SVG shapes (no font, no image). A type a set declares
beyond the three of the base game gets a disc with its declared mark (its
symbol, else its initial), so a modder's type is never drawn as another's.
"""

from __future__ import annotations

import drawsvg as dw

from ..language.vocabulary import Vocabulary
from ..wording import N_, words
from .draw import ringed_mark, title


def _points(cx: float, cy: float, size: float, *pairs: float) -> list[float]:
    """Unit coordinates (-0.5 to 0.5 of the box) to the box's."""
    return [(cx if i % 2 == 0 else cy) + value * size for i, value in enumerate(pairs)]


def _crown(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """A god: a crown of three points, each tipped with a bead, on a band."""
    u = size
    shapes: list[dw.DrawingElement] = [
        dw.Lines(
            *_points(
                cx,
                cy,
                u,
                -0.42,
                0.22,
                -0.46,
                -0.2,
                -0.22,
                0.02,
                0.0,
                -0.32,
                0.22,
                0.02,
                0.46,
                -0.2,
                0.42,
                0.22,
            ),
            close=True,
            fill=fill,
        ),
        dw.Rectangle(cx - 0.42 * u, cy + 0.27 * u, 0.84 * u, 0.11 * u, rx=0.03 * u, fill=fill),
    ]
    for x, y in ((-0.46, -0.26), (0.0, -0.39), (0.46, -0.26)):
        shapes.append(dw.Circle(cx + x * u, cy + y * u, 0.07 * u, fill=fill))
    return shapes


def _temple(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """A place: a temple's pediment, four columns and two steps."""
    u = size
    shapes: list[dw.DrawingElement] = [
        dw.Lines(*_points(cx, cy, u, -0.48, -0.17, 0.0, -0.44, 0.48, -0.17), close=True, fill=fill),
        dw.Rectangle(cx - 0.44 * u, cy - 0.14 * u, 0.88 * u, 0.07 * u, fill=fill),
        dw.Rectangle(cx - 0.44 * u, cy + 0.3 * u, 0.88 * u, 0.07 * u, fill=fill),
        dw.Rectangle(cx - 0.5 * u, cy + 0.39 * u, 1.0 * u, 0.07 * u, fill=fill),
    ]
    for index in range(4):
        x = -0.36 + index * 0.24
        shapes.append(
            dw.Rectangle(cx + (x - 0.045) * u, cy - 0.05 * u, 0.09 * u, 0.33 * u, fill=fill)
        )
    return shapes


def _amphora(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """An object: an amphora with two handles."""
    u = size

    def p(x: float, y: float) -> str:
        return f"{cx + x * u:.3f},{cy + y * u:.3f}"

    body = (
        f"M{p(-0.1, -0.4)} L{p(0.1, -0.4)} L{p(0.09, -0.25)} "
        f"C{p(0.34, -0.16)} {p(0.36, 0.2)} {p(0.08, 0.38)} L{p(0.14, 0.46)} L{p(-0.14, 0.46)} "
        f"L{p(-0.08, 0.38)} C{p(-0.36, 0.2)} {p(-0.34, -0.16)} {p(-0.09, -0.25)} Z"
    )
    handles = (
        f"M{p(-0.09, -0.3)} C{p(-0.34, -0.34)} {p(-0.36, -0.08)} {p(-0.2, -0.06)} "
        f"M{p(0.09, -0.3)} C{p(0.34, -0.34)} {p(0.36, -0.08)} {p(0.2, -0.06)}"
    )
    return [
        dw.Path(body, fill=fill),
        dw.Path(handles, fill="none", stroke=fill, stroke_width=0.06 * u),
        dw.Rectangle(cx - 0.15 * u, cy - 0.46 * u, 0.3 * u, 0.07 * u, rx=0.02 * u, fill=fill),
    ]


def _scales(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """A law: a balance's beam, post and two pans."""
    u = size
    line = dict(stroke=fill, stroke_width=0.06 * u)
    shapes: list[dw.DrawingElement] = [
        dw.Line(cx, cy - 0.4 * u, cx, cy + 0.36 * u, **line),
        dw.Line(cx - 0.4 * u, cy - 0.28 * u, cx + 0.4 * u, cy - 0.28 * u, **line),
        dw.Rectangle(cx - 0.22 * u, cy + 0.36 * u, 0.44 * u, 0.08 * u, fill=fill),
    ]
    for side in (-1, 1):
        x = cx + side * 0.4 * u
        shapes.append(dw.Line(x, cy - 0.28 * u, x - 0.14 * u, cy + 0.06 * u, **line))
        shapes.append(dw.Line(x, cy - 0.28 * u, x + 0.14 * u, cy + 0.06 * u, **line))
        shapes.append(
            dw.Path(
                f"M{x - 0.18 * u:.3f},{cy + 0.06 * u:.3f} h{0.36 * u:.3f} "
                f"a{0.18 * u:.3f},{0.12 * u:.3f} 0 0 1 {-0.36 * u:.3f},0 Z",
                fill=fill,
            )
        )
    return shapes


def _target(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """An objective: a target's rings."""
    u = size
    return [
        dw.Circle(cx, cy, r * u, fill="none", stroke=fill, stroke_width=0.07 * u)
        for r in (0.42, 0.27)
    ] + [dw.Circle(cx, cy, 0.11 * u, fill=fill)]


def _bolt(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """A power: a lightning bolt."""
    pairs = (0.1, -0.46, -0.26, 0.06, -0.02, 0.06, -0.12, 0.46, 0.26, -0.08, 0.02, -0.08)
    return [dw.Lines(*_points(cx, cy, size, *pairs), close=True, fill=fill)]


def _cog(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """A rule option: a cog with eight teeth."""
    u = size
    shapes: list[dw.DrawingElement] = [dw.Circle(cx, cy, 0.3 * u, fill=fill)]
    for index in range(8):
        shapes.append(
            dw.Rectangle(
                cx - 0.07 * u,
                cy - 0.45 * u,
                0.14 * u,
                0.2 * u,
                fill=fill,
                transform=f"rotate({index * 45},{cx:.3f},{cy:.3f})",
            )
        )
    shapes.append(dw.Circle(cx, cy, 0.12 * u, fill="white"))
    return shapes


def _flag(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """A scenario: a flag on a pole."""
    u = size
    return [
        dw.Rectangle(cx - 0.3 * u, cy - 0.44 * u, 0.07 * u, 0.9 * u, fill=fill),
        dw.Lines(
            *_points(cx, cy, u, -0.23, -0.42, 0.4, -0.26, -0.23, -0.04), close=True, fill=fill
        ),
    ]


def _grid(cx: float, cy: float, size: float, fill: str) -> list[dw.DrawingElement]:
    """A pattern: three cells of a shape, one left empty."""
    u = size
    cells = [(-0.42, -0.42), (0.04, -0.42), (-0.42, 0.04)]
    shapes: list[dw.DrawingElement] = [
        dw.Rectangle(cx + x * u, cy + y * u, 0.38 * u, 0.38 * u, rx=0.05 * u, fill=fill)
        for x, y in cells
    ]
    shapes.append(
        dw.Rectangle(
            cx + 0.06 * u,
            cy + 0.06 * u,
            0.34 * u,
            0.34 * u,
            rx=0.05 * u,
            fill="none",
            stroke=fill,
            stroke_width=0.04 * u,
        )
    )
    return shapes


_DRAWN = {
    "god": _crown,
    "place": _temple,
    "object": _amphora,
    "law": _scales,
    "pattern": _grid,
    "objective-goal": _target,
    "objective-element": _target,
    "power": _bolt,
    "rule-option": _cog,
    "scenario": _flag,
}


# a definition kind's name as an icon's tooltip (the ``dioses`` catalogue)
KIND_NAMES = {
    "law": N_("law"),
    "pattern": N_("pattern"),
    "objective-goal": N_("objective"),
    "objective-element": N_("objective"),
    "power": N_("power"),
    "rule-option": N_("rule option"),
    "scenario": N_("scenario"),
}


def icon_name(what: str, vocabulary: Vocabulary | None, lang: str = "en") -> str:
    """What an icon stands for, in ``lang``: a card type ("god" / "dios"),
    a definition kind ("law" / "ley")."""
    if what in KIND_NAMES:
        return words(lang)._(KIND_NAMES[what])
    if vocabulary is not None and vocabulary.get("type", what) is not None:
        if lang == "es":
            return vocabulary.spanish_noun(what).singular
        return vocabulary.english("type", what)
    return what.replace("-", " ")


def icon(
    what: str,
    cx: float,
    cy: float,
    size: float,
    fill: str,
    vocabulary: Vocabulary | None = None,
    lang: str = "en",
) -> dw.Group:
    """The icon of a card type ("god") or a definition kind ("law"), its
    name in ``lang`` as a tooltip; an undeclared type: a disc with its mark."""
    group = dw.Group(class_="icon", data_icon=what)
    group.append(title(icon_name(what, vocabulary, lang)))
    drawn = _DRAWN.get(what)
    if drawn is not None:
        for shape in drawn(cx, cy, size, fill):
            group.append(shape)
        return group
    word = vocabulary.get("type", what) if vocabulary is not None else None
    mark = (word.symbol if word is not None and word.symbol else what[:1]).upper()
    group.extend(ringed_mark(mark, cx, cy, 0.45 * size, 0.06 * size, 0.5 * size, fill))
    return group
