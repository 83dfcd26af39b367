"""Shared drawing: the font, text measured and wrapped to a width, fitted to a box.

SVG does not wrap text, so lines are broken here, with a width estimated
from the font size. The estimate errs wide (an average DejaVu Sans character
is about 0.52 em; :data:`CHAR_EM` is more), so a line never runs past its box.
"""

from __future__ import annotations

import re
import textwrap

import drawsvg as dw

from ..errors import escaped

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
CHAR_EM = 0.56  # an upper estimate of a character's width, in em (DejaVu Sans: about 0.52)
BOLD_EM = 0.64
LINE_HEIGHT = 1.25
INK = "#1a202c"
MUTED = "#4a5568"
MET = "#2f855a"
NOT_MET = "#c53030"


# What XML 1.0 cannot hold at all (a control character, U+FFFE, U+FFFF, a
# lone surrogate): a board's path may have one, and the SVG would not parse.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def shown(text: str) -> str:
    """``text`` as a picture may hold it: unprintable characters written out
    (``\\x1b``, as the terminal output does), nothing XML cannot hold."""
    return _NOT_XML.sub("\ufffd", escaped(text, keep="\n"))


def text_width(text: str, size: float, bold: bool = False) -> float:
    return len(text) * size * (BOLD_EM if bold else CHAR_EM)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width``; each line of the
    text starts a new line (a word longer than the width is broken too)."""
    columns = max(int(width / (size * (BOLD_EM if bold else CHAR_EM))), 1)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(textwrap.wrap(paragraph, columns, break_on_hyphens=False) or [""])
    return lines


def fit(
    text: str,
    width: float,
    height: float,
    largest: float,
    smallest: float = 0.8,
    bold: bool = False,
) -> tuple[float, list[str]]:
    """The largest font size (from ``largest`` down) at which ``text``,
    wrapped to ``width``, fits ``height``; and its lines. Text is never cut:
    below ``smallest`` it keeps shrinking until it fits."""
    size = largest
    while True:
        lines = wrap(text, width, size, bold)
        if len(lines) * size * LINE_HEIGHT <= height or size <= smallest / 4:
            return size, lines
        size *= 0.94


def one_line(text: str, width: float, largest: float, bold: bool = True) -> float:
    """The font size at which ``text`` fits ``width`` on one line (at most
    ``largest``; measured as bold unless ``bold`` is False)."""
    return min(largest, width / max(len(text) * (BOLD_EM if bold else CHAR_EM), 1))


def lines_text(lines: list[str], size: float, x: float, y: float, **attributes: object) -> dw.Text:
    """Lines of text whose first baseline is at ``y``."""
    attributes.setdefault("font_family", FONT)
    attributes.setdefault("fill", INK)
    lines = [shown(line) for line in lines]
    return dw.Text(
        lines if len(lines) > 1 else lines[0] if lines else "",
        size,
        x,
        y,
        line_height=LINE_HEIGHT,
        **attributes,
    )


def label(text: str, size: float, x: float, y: float, **attributes: object) -> dw.Text:
    """One line of text, its baseline at ``y``."""
    attributes.setdefault("font_family", FONT)
    attributes.setdefault("fill", INK)
    return dw.Text(shown(text), size, x, y, **attributes)


def ringed_mark(
    mark: str, cx: float, cy: float, r: float, stroke: float, size: float, colour: str
) -> list[dw.DrawingElement]:
    """A short mark in bold, centred in a ring of radius ``r`` at (cx, cy),
    both in ``colour``: a declared symbol that is no shape, a type with no
    icon of its own."""
    return [
        dw.Circle(cx, cy, r, fill="none", stroke=colour, stroke_width=stroke),
        dw.Text(mark, size, cx, cy, center=True, fill=colour, font_family=FONT, font_weight="bold"),
    ]


def title(text: str) -> dw.Title:
    """A tooltip (an SVG ``title``): what a browser shows on hovering."""
    return dw.Title(shown(text))


def _luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a ``#rrggbb`` colour."""
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two ``#rrggbb`` colours (1 to 21; AA text: 4.5)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(background: str) -> str:
    """The text colour for ``background``: white or ink, whichever contrasts more."""
    return "#ffffff" if contrast("#ffffff", background) >= contrast(INK, background) else INK


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: ``amount`` 0 is the colour, 1 is white."""
    channels = [int(colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in channels)
