"""A card face's text: one row per scoring line, its points large in a
chip beside the sentence (``2`` "points", ``1`` "each"), an event in a row
of its own, and what a line cannot say (a power, a setup) as a paragraph.

:func:`face_rows` says what the rows are, from the definition and the
English card text writer; :func:`draw_rows` fits them to a box at the
largest size that lets every row fit, and draws them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import drawsvg as dw
from attrs import frozen

from ..language import model as m
from ..language.english_definitions import CardTextWriter
from ..wording import N_
from .draw import LINE_HEIGHT, MUTED, label, lines_text, wrap

CHIP_W = 9.0  # a chip's width (mm at scale 1)
CHIP_GAP = 2.0
_PREFIX = re.compile(r"^-?\d+[px]: ")


@frozen
class Row:
    """One row of a face's text: ``chip`` (the points, or "Event") with its
    ``caption``, and the sentence; no chip: a paragraph."""

    sentence: str
    chip: str = ""
    caption: str = ""


def _sentence(text: str) -> str:
    """A line's text without its "2p: " prefix (the chip shows the points),
    capitalised, with its full stop."""
    text = _PREFIX.sub("", text)
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


# a chip's caption, in the pictures' language (the ``dioses`` catalogue)
CAPTIONS = {
    "like": N_("like"),
    "each": N_("each"),
    "point": N_("point"),
    "points": N_("points"),
    "event": N_("event"),
}


def _points(line: m.ScoringLine) -> tuple[str, str]:
    """The chip and caption of a scoring line: (points, "points"/"each")."""
    if isinstance(line, m.Capped):
        return _points(line.line)
    if isinstance(line, m.ScoresLike) or (
        isinstance(line, m.Bounded) and line.scores_like is not None
    ):
        return "=", "like"
    if isinstance(line, m.PerCount):
        return str(line.points), "each"
    assert isinstance(line, m.Fixed)  # a card's bounded total is rows of its own (line_rows)
    return str(line.points), "points" if abs(line.points) != 1 else "point"


def _unsaid(message: str) -> str:
    return message


def line_rows(
    writer: CardTextWriter, lines: Sequence[m.ScoringLine], say: Callable[[str], str] = _unsaid
) -> list[Row]:
    """A row per line; a line without a condition is its chip alone. A card's
    bounded total ("never below 0 points") is its lines' rows, then a row of
    its bounds."""
    bound = m.total_bound(tuple(lines))
    if bound is not None:
        found = [("floor", bound.floor), ("ceiling", bound.ceiling)]
        said = writer.join([writer.phrase(key, n) for key, n in found if n is not None], writer.AND)
        return line_rows(writer, bound.lines, say) + [Row(_sentence(said))]
    rows = []
    for line in lines:
        chip, caption = _points(line)
        sentence = (
            ""
            if isinstance(line, m.Fixed) and line.condition is None
            else _sentence(writer.lines((line,)))
        )
        rows.append(Row(sentence, chip, say(CAPTIONS[caption])))
    return rows


def face_rows(
    definition: m.Definition,
    writer: CardTextWriter,
    text: str,
    say: Callable[[str], str] = _unsaid,
) -> list[Row]:
    """The rows of a definition's face; ``text`` is its whole card text (for
    the kinds whose face is one paragraph), ``writer`` writes its lines and
    ``say`` gives the face's own words in the same language."""
    if isinstance(definition, m.MythCard):
        rows = []
        if definition.event:
            effects = "; ".join(writer.effect(e, every_player=True) for e in definition.event)
            rows.append(Row(_sentence(effects), "\u26a1", say(CAPTIONS["event"])))
        rows += line_rows(writer, definition.lines, say)
        rows += [
            Row(writer.phrase("counts as", writer.weight_phrase(w))) for w in definition.weights
        ]
        return rows or [Row(writer.phrase("no text"))]
    if isinstance(definition, (m.Law, m.ObjectiveGoal)):
        return line_rows(writer, definition.lines, say) or [Row(writer.phrase("no text"))]
    if isinstance(definition, m.Pattern):
        points = writer.pattern_points.get(definition.id, definition.difficulty.points)
        level = writer.LEVELS[definition.difficulty][0]
        return [
            Row(
                say(N_("Complete this shape in your area ({level}).")).format(level=level),
                str(points),
                say(CAPTIONS["point" if points == 1 else "points"]),
            )
        ]
    return [Row(text)]


def _layout(rows: list[Row], width: float, size: float) -> list[tuple[Row, list[str], float]]:
    """Each row, its lines at ``size`` and its height."""
    laid = []
    for row in rows:
        room = width - (CHIP_W + CHIP_GAP if row.chip else 0.0)
        lines = wrap(row.sentence, room, size)
        height = len(lines) * size * LINE_HEIGHT
        if row.chip:
            height = max(height, 8.6)
        laid.append((row, lines, height))
    return laid


def fit_rows(
    rows: list[Row], width: float, height: float, largest: float = 4.6
) -> tuple[float, list[tuple[Row, list[str], float]]]:
    """The largest size (from ``largest`` down) at which every row fits
    ``height``, with the rows laid out at it; never cut."""
    size = largest
    while True:
        laid = _layout(rows, width, size)
        used = sum(h for _, _, h in laid) + 1.6 * (len(laid) - 1)
        if used <= height or size <= 0.5:
            return size, laid
        size *= 0.94


def _chip(row: Row, x: float, y: float, colour: str, ink: str) -> dw.Group:
    group = dw.Group(class_="chip", data_points=row.chip)
    group.append(dw.Rectangle(x, y, CHIP_W, 8.6, rx=1.6, fill=colour))
    size = 5.6 if len(row.chip) <= 1 else 5.6 * 1.6 / len(row.chip) + 1.4
    group.append(
        label(
            row.chip,
            size,
            x + CHIP_W / 2,
            y + 5.4,
            fill=ink,
            font_weight="bold",
            text_anchor="middle",
        )
    )
    group.append(label(row.caption, 2.1, x + CHIP_W / 2, y + 7.9, fill=ink, text_anchor="middle"))
    return group


def draw_rows(
    rows: list[Row],
    x: float,
    y: float,
    width: float,
    height: float,
    colour: str,
    ink: str,
) -> dw.Group:
    """The rows in the box (x, y, width, height), centred in its height;
    chips in ``colour`` with ``ink`` on them."""
    size, laid = fit_rows(rows, width, height)
    used = sum(h for _, _, h in laid) + 1.6 * (len(laid) - 1)
    top = y + max(0.0, (height - used) / 2)
    group = dw.Group(class_="card-text", data_size=f"{size:.2f}")
    for row, lines, row_height in laid:
        item = dw.Group(class_="row")
        left = x
        if row.chip:
            item.append(_chip(row, x, top + (row_height - 8.6) / 2, colour, ink))
            left = x + CHIP_W + CHIP_GAP
        first = top + (row_height - len(lines) * size * LINE_HEIGHT) / 2 + size * 0.9
        fill = MUTED if not row.chip and len(rows) > 1 else None
        item.append(
            lines_text(
                lines, size, left, first, class_="sentence", **({"fill": fill} if fill else {})
            )
        )
        group.append(item)
        top += row_height + 1.6
    return group
