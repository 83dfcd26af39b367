"""A column of text and groups laid out top to bottom (the board picture's side)."""

from __future__ import annotations

import drawsvg as dw

from .draw import INK, LINE_HEIGHT, lines_text, wrap


class Panel:
    """Where the next section goes: ``x``, ``y`` (moving down), ``width``."""

    def __init__(self, x: float, y: float, width: float) -> None:
        self.x, self.y, self.width = x, y, width
        self.group = dw.Group(class_="panel")

    def section(self, kind: str) -> dw.Group:
        group = dw.Group(class_=kind)
        self.group.append(group)
        return group

    def heading(self, group: dw.Group, words: str) -> None:
        self.paragraph(group, words, 15, bold=True)
        self.y += 4

    def paragraph(
        self,
        group: dw.Group,
        words: str,
        size: float,
        bold: bool = False,
        colour: str = INK,
        indent: float = 0.0,
    ) -> None:
        lines = wrap(words, self.width - indent, size, bold)
        group.append(
            lines_text(
                lines,
                size,
                self.x + indent,
                self.y + size,
                fill=colour,
                font_weight="bold" if bold else "normal",
            )
        )
        self.y += len(lines) * size * LINE_HEIGHT + 4
