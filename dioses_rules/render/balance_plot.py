"""``dioses balance --plot``: each Myth card's mean points on random full
areas with its spread (one standard deviation each side, never below the
least the card can score: 0 for a card that cannot lose points, else its
lines' worst, ``scoring/extremes.line_bounds``), the printed cards marked,
the band of the printed cards' means shaded, and the flagged cards
highlighted with their flags (docs/balance.md)."""

from __future__ import annotations

import math
from collections.abc import Callable

import drawsvg as dw

from ..language import model as m
from ..scoring.balance import BalanceReport, CardStats
from ..scoring.board import LAW_LINES
from ..scoring.extremes import PoolLimits, line_bounds
from ..wording import words
from ..wording.balance import flag_text, provenance_word
from ..wording.names import name_of
from .draw import FONT, INK, MUTED, NOT_MET, label, title

ROW = 16.0
NAME_W = 230.0
PLOT_W = 520.0
FLAG_W = 380.0
TOP = 92.0
LEFT = 16.0
PRINTED = "#2b6cb0"
OTHER = "#718096"


def floors(report: BalanceReport, limits: PoolLimits | None = None) -> dict[str, int]:
    """The least each card of the report can score, by id: its lines' worst
    in ``limits`` (the pool's; None: its cards, with a law met on every
    line, R13, and 100 patterns completed, so that no floor is too high)."""
    if limits is None:
        limits = PoolLimits(tuple(s.card for s in report.cards), len(LAW_LINES), 100)
    return {s.card.id: line_bounds(s.card.lines, limits)[0] for s in report.cards}


def _whisker(stats: CardStats, floor: float) -> tuple[float, float]:
    """The spread's two ends: one standard deviation each side of the
    mean, the low end never below ``floor``."""
    return max(stats.mean - stats.spread, floor), stats.mean + stats.spread


def _scale(
    report: BalanceReport, floor: dict[str, int]
) -> tuple[int, int, Callable[[float], float]]:
    low = min([0.0, *(_whisker(s, floor[s.card.id])[0] for s in report.cards)])
    high = max([1.0, *(s.mean + s.spread for s in report.cards)])
    low, high = math.floor(low), math.ceil(high)
    x0 = LEFT + NAME_W

    def at(value: float) -> float:
        return x0 + (value - low) / (high - low) * PLOT_W

    return low, high, at


def balance_plot(
    report: BalanceReport, title: str = "", limits: PoolLimits | None = None, lang: str = "en"
) -> str:
    """The balance report as an SVG document in ``lang``, the cards sorted by
    mean; ``limits``: the pool's, for each card's least points (:func:`floors`)."""
    _ = words(lang)._
    cards = sorted(report.cards, key=lambda s: (-s.mean, s.card.id))
    floor = floors(report, limits)
    low, high, at = _scale(report, floor)
    height = TOP + len(cards) * ROW + 40
    width = LEFT + NAME_W + PLOT_W + FLAG_W
    drawing = dw.Drawing(width, height, font_family=FONT)
    drawing.append(dw.Rectangle(0, 0, width, height, fill="white"))
    printed_low, printed_high = report.printed_range
    heading = title or _(
        "{cards} cards, {boards} random areas, seed {seed}: mean total {mean} per area"
    ).format(
        cards=len(cards), boards=report.boards, seed=report.seed, mean=f"{report.mean_total:.2f}"
    )
    drawing.append(label(heading, 15, LEFT, 26, font_weight="bold", class_="title"))
    drawing.append(
        label(
            _(
                "mean points per card, with one standard deviation each side (never below "
                "the least the card can score); shaded: the printed cards' means "
                "({low}-{high}); \u25c6 printed card, \u25cf other"
            ).format(low=f"{printed_low:.2f}", high=f"{printed_high:.2f}"),
            11.5,
            LEFT,
            46,
            fill=MUTED,
        )
    )
    bottom = TOP + len(cards) * ROW
    for index, stats in enumerate(cards):  # under the band and the grid lines
        y = TOP + index * ROW
        if stats.flags:
            drawing.append(
                dw.Rectangle(
                    0, y, width, ROW, fill="#fed7d7", class_="flagged", data_id=stats.card.id
                )
            )
        elif index % 2:
            drawing.append(dw.Rectangle(0, y, width, ROW, fill="#f7fafc"))
    drawing.append(
        dw.Rectangle(
            at(printed_low),
            TOP - 4,
            max(at(printed_high) - at(printed_low), 1.5),
            bottom - TOP + 4,
            fill="#bee3f8",
            opacity=0.6,
            class_="printed-range",
        )
    )
    for tick in range(low, high + 1):
        drawing.append(
            dw.Line(
                at(tick),
                TOP - 4,
                at(tick),
                bottom,
                stroke="#e2e8f0",
                stroke_width=1 if tick else 1.6,
            )
        )
        for y in (TOP - 10, bottom + 16):
            drawing.append(label(str(tick), 11, at(tick), y, fill=MUTED, text_anchor="middle"))
    drawing.append(
        label(
            _("flags"), 11.5, LEFT + NAME_W + PLOT_W + 12, TOP - 10, fill=MUTED, font_weight="bold"
        )
    )
    for index, stats in enumerate(cards):
        drawing.append(_row(stats, TOP + index * ROW, at, floor[stats.card.id], lang))
    svg: str = drawing.as_svg()  # drawsvg ships no type information
    return svg


def _row(
    stats: CardStats, y: float, at: Callable[[float], float], floor: float, lang: str
) -> dw.Group:
    _ = words(lang)._
    card = stats.card
    flags = "; ".join(flag_text(flag, lang) for flag in stats.flags)
    shown = name_of(card, lang) if lang != "en" else card.name
    start, end = _whisker(stats, floor)
    printed = card.provenance is m.Provenance.PRINTED
    flagged = bool(stats.flags)
    group = dw.Group(
        class_="card-stat",
        data_id=card.id,
        data_mean=f"{stats.mean:.3f}",
        data_spread=f"{stats.spread:.3f}",
        data_low=f"{start:.3f}",
        data_floor=str(floor),
        data_printed=str(printed).lower(),
        data_flags="; ".join(stats.flags),  # the report's own words, as --format json
    )
    group.append(
        title(
            _(
                "{name} ({id}, {provenance}): mean {mean}, spread {spread}, scores in {rate} of areas"
            ).format(
                name=shown,
                id=card.id,
                provenance=provenance_word(card.provenance.value, lang),
                mean=f"{stats.mean:.2f}",
                spread=f"{stats.spread:.2f}",
                rate=f"{stats.score_rate:.0%}",
            )
        )
    )
    middle = y + ROW / 2
    name = f"{shown} ({card.id})" if shown.lower() != card.id else shown
    group.append(
        label(
            name,
            10.5,
            LEFT + NAME_W - 10,
            middle + 3.7,
            text_anchor="end",
            fill=NOT_MET if flagged else INK,
            font_weight="bold" if printed or flagged else "normal",
        )
    )
    colour = PRINTED if printed else OTHER
    group.append(
        dw.Line(
            at(start),
            middle,
            at(end),
            middle,
            stroke=colour,
            stroke_width=2,
        )
    )
    cx = at(stats.mean)
    group.append(_marker(cx, middle, printed))
    group.append(label(f"{stats.mean:.2f}", 9, at(end) + 5, middle + 3.2, fill=MUTED))
    if flagged:
        group.append(
            label(
                flags,
                10.5,
                LEFT + NAME_W + PLOT_W + 12,
                middle + 3.7,
                fill=NOT_MET,
                font_weight="bold",
                class_="flags",
            )
        )
    return group


def _marker(cx: float, middle: float, printed: bool) -> dw.DrawingBasicElement:
    """A card's mean: a diamond for a printed card, a dot for another."""
    if printed:
        return dw.Lines(
            cx,
            middle - 5.5,
            cx + 5.5,
            middle,
            cx,
            middle + 5.5,
            cx - 5.5,
            middle,
            close=True,
            fill=PRINTED,
            class_="printed",
        )
    return dw.Circle(cx, middle, 3.6, fill=OTHER)
