"""A scored board as a picture: the 3 x 4 area (R1) with every card drawn
(:func:`card.card_group`), its face state and its points; laws beside their
row or above their column (R13), met or not; patterns held (R14),
objectives (R15), the scenario's conditions, the total and the R16
tie-break count. With ``explain``, under each card a map of the area marks
the cells its condition matched.
"""

from __future__ import annotations

from collections.abc import Sequence

import drawsvg as dw

from ..language import model as m
from ..language.headers import bundled_tie_break
from ..scoring.area import HEIGHT, WIDTH, cell_index, cell_name
from ..scoring.board import Board
from ..scoring.score import CardScore, LawScore, ScoreReport
from ..wording import N_
from ..wording.names import cell_word, line_name, name_of, on_line
from .card import CARD_HEIGHT, CARD_WIDTH, CardText, band_colour, card_group
from .draw import FONT, INK, MET, MUTED, NOT_MET, fit, label, lines_text, title, wrap
from .panel import Panel

SCALE = 2.3
CARD_W, CARD_H = CARD_WIDTH * SCALE, CARD_HEIGHT * SCALE
GAP = 12.0
LAW_W, LAW_H = 150.0, 84.0  # a law's box beside a row, above a column
MAP_H = 46.0  # the explanation's map under a card's points
POINTS_H = 32.0  # a card's points, under the card
TOP = 64.0
LEFT = 20.0
PANEL_W = 360.0


# a scenario's victory and challenge, met or not (R34: a challenge only with its victory)
VERDICTS = {
    "victory": {True: N_("Victory: met"), False: N_("Victory: not met")},
    "challenge": {True: N_("Challenge: met"), False: N_("Challenge: not met")},
}


def _points_colour(points: int) -> str:
    return MET if points > 0 else NOT_MET if points < 0 else MUTED


def board_picture(
    board: Board, report: ScoreReport, text: CardText, title: str = "", explain: bool = False
) -> str:
    """The picture of a scored board, as an SVG document."""
    row_h = CARD_H + POINTS_H + GAP + (MAP_H if explain else 0.0)
    grid_x = LEFT + LAW_W + GAP
    grid_y = TOP + 18.0 + LAW_H + GAP
    grid_w = WIDTH * (CARD_W + GAP)
    panel_x = grid_x + grid_w + 2 * GAP
    panel = Panel(panel_x, TOP + 18.0, PANEL_W)
    _summary(panel, report, _tie_break_words(board, text), text)
    _patterns(panel, report, text)
    _objectives(panel, report, text)
    _scenario(panel, report, text)
    width = panel_x + PANEL_W + LEFT
    height = max(grid_y + HEIGHT * row_h + GAP, panel.y + GAP)
    drawing = dw.Drawing(width, height, font_family=FONT)
    drawing.append(dw.Rectangle(0, 0, width, height, fill="#f7fafc"))
    _ = text.say
    total = _(N_("{total} points")).format(total=report.total)
    heading = f"{title}: {total}" if title else total
    drawing.append(label(heading, 22, LEFT, 38, font_weight="bold", class_="title"))
    drawing.append(_laws(report, text, grid_x, grid_y, row_h))
    area = dw.Group(class_="area")
    scores = {score.cell: score for score in report.cards}
    for row in m.ROWS:
        for column in m.COLUMNS:
            cell = cell_index(row, column)
            x = grid_x + (column - 1) * (CARD_W + GAP)
            y = grid_y + row.index * row_h
            area.append(_cell(board, scores.get(cell), cell, x, y, text, explain))
    drawing.append(area)
    drawing.append(panel.group)
    svg: str = drawing.as_svg()  # drawsvg ships no type information
    return svg


def _cell(
    board: Board,
    score: CardScore | None,
    cell: int,
    x: float,
    y: float,
    text: CardText,
    explain: bool,
) -> dw.Group:
    placed = board.area.cells[cell]
    group = dw.Group(class_="cell", data_cell=cell_name(cell).replace(" ", "-"))
    if placed is None or score is None:
        group.append(
            dw.Rectangle(
                x, y, CARD_W, CARD_H, rx=6, fill="none", stroke="#a0aec0", stroke_dasharray="6,4"
            )
        )
        group.append(
            label(
                text.say(N_("empty")),
                14,
                x + CARD_W / 2,
                y + CARD_H / 2,
                fill=MUTED,
                text_anchor="middle",
            )
        )
        return group
    group.args["data-face"] = "up" if placed.face_up else "down"
    group.args["data-points"] = str(score.points)
    group.append(card_group(placed.card, text, x, y, SCALE))
    if not placed.face_up:
        group.append(
            dw.Rectangle(
                x - 3,
                y - 3,
                CARD_W + 6,
                CARD_H + 6,
                rx=8,
                fill="none",
                stroke=INK,
                stroke_width=2.5,
                stroke_dasharray="8,5",
            )
        )
        group.append(_pill(text.say(N_("face down")), x + CARD_W / 2, y - 1, INK, 10.5, "face"))
    group.append(
        _pill(
            f"{score.points:+d}p" if score.points else "0p",
            x + CARD_W / 2,
            y + CARD_H + 17,
            _points_colour(score.points),
            17,
            "points",
        )
    )
    if explain:
        group.append(
            _matched_map(
                score,
                x,
                y + CARD_H + POINTS_H + 4,
                band_colour(placed.card, text.vocabulary),
                text,
            )
        )
    return group


def _pill(words: str, cx: float, cy: float, colour: str, size: float, kind: str) -> dw.Group:
    width = len(words) * size * 0.6 + size
    group = dw.Group(class_=kind)
    group.append(
        dw.Rectangle(
            cx - width / 2, cy - size * 0.85, width, size * 1.5, rx=size * 0.75, fill=colour
        )
    )
    group.append(
        label(
            words,
            size,
            cx,
            cy + size * 0.25,
            fill="white",
            font_weight="bold",
            text_anchor="middle",
        )
    )
    return group


def _matched_map(score: CardScore, x: float, y: float, colour: str, text: CardText) -> dw.Group:
    """The area in miniature: the card's own cell outlined, the cells its
    lines matched filled; each line and its cells in the tooltip."""
    matched = sorted({cell for line in score.lines for cell in line.cells})
    group = dw.Group(
        class_="matched", data_cells=" ".join(cell_name(c).replace(" ", "-") for c in matched)
    )
    _ = text.say
    card = score.card

    def cells(found: Sequence[int]) -> str:
        return ", ".join(cell_word(c, text.lang) for c in found) or _(N_("no cell"))

    tip = [
        _(N_("{line}: {points}p; matched {cells}")).format(
            line=text.texts.line(card.lines[index], card) if index < len(card.lines) else line.text,
            points=line.points,
            cells=cells(line.cells),
        )
        for index, line in enumerate(score.lines)
    ]
    group.append(title("\n".join(tip) or _(N_("no scoring line"))))
    side = 10.0
    for cell in range(WIDTH * HEIGHT):
        r, c = divmod(cell, WIDTH)
        own = cell == score.cell
        group.append(
            dw.Rectangle(
                x + c * (side + 1.5),
                y + r * (side + 1.5),
                side,
                side,
                fill=colour if cell in matched else "white",
                stroke=INK if own else "#a0aec0",
                stroke_width=2 if own else 0.8,
            )
        )
    words = (
        _(N_("matched: {cells}")).format(cells=cells(matched))
        if matched
        else _(N_("no cell matched"))
    )
    size, lines = fit(words, CARD_W - 4 * (side + 1.5) - 6, MAP_H - 8, 9.5, 6.0)
    group.append(lines_text(lines, size, x + 4 * (side + 1.5) + 4, y + size, fill=MUTED))
    return group


def _laws(
    report: ScoreReport, text: CardText, grid_x: float, grid_y: float, row_h: float
) -> dw.Group:
    group = dw.Group(class_="laws")
    for row in m.ROWS:
        y = grid_y + row.index * row_h
        said = line_name(text.lang, row=row)
        group.append(label(said, 13, LEFT, y + 14, fill=MUTED, font_weight="bold"))
    for column in m.COLUMNS:
        x = grid_x + (column - 1) * (CARD_W + GAP)
        group.append(
            label(
                line_name(text.lang, column=column),
                13,
                x + CARD_W / 2,
                grid_y - 6,
                fill=MUTED,
                font_weight="bold",
                text_anchor="middle",
            )
        )
    for law in report.laws:
        if law.row is not None:
            x, y = LEFT, grid_y + law.row.index * row_h + 24
        else:
            assert law.column is not None, "a law's line is a row or a column"
            x, y = grid_x + (law.column - 1) * (CARD_W + GAP), grid_y - 22 - LAW_H
        group.append(_law_box(law, text, x, y, LAW_W if law.row is not None else CARD_W))
    return group


def _law_box(law: LawScore, text: CardText, x: float, y: float, width: float) -> dw.Group:
    met = law.points > 0
    colour = MET if met else NOT_MET
    where = on_line(text.lang, row=law.row, column=law.column)
    name = text.name(law.law)
    group = dw.Group(
        class_="law",
        data_id=law.law.id,
        data_met=str(met).lower(),
        data_points=str(law.points),
        data_line=law.row.value if law.row is not None else str(law.column),
    )
    group.append(title(f"{name}: {where}"))
    group.append(
        dw.Rectangle(x, y, width, LAW_H, rx=6, fill="white", stroke=colour, stroke_width=2)
    )
    size, lines = fit(name, width - 12, 30, 12.5, 8, bold=True)
    group.append(lines_text(lines, size, x + 6, y + 6 + size, font_weight="bold", class_="name"))
    body = text.text(law.law).removeprefix(text.writer().phrase("law"))
    top = y + 10 + len(lines) * size * 1.25
    small, body_lines = fit(body, width - 12, y + LAW_H - 24 - top, 10.5, 7)
    group.append(lines_text(body_lines, small, x + 6, top + small, fill=MUTED))
    verdict = (
        text.say(N_("met: +{points}p")).format(points=law.points)
        if met
        else text.say(N_("not met: 0p"))
    )
    group.append(
        label(verdict, 12, x + 6, y + LAW_H - 8, fill=colour, font_weight="bold", class_="verdict")
    )
    return group


def _tie_break_words(board: Board, text: CardText) -> str:
    """What R16 counts: "gods" (the declared plural of the tie-break type)."""
    counted = board.tie_break or bundled_tie_break()
    if counted is None:
        return text.say(N_("tie-break count"))
    plural = (
        text.vocabulary.spanish_noun(counted).plural
        if text.lang == "es"
        else text.vocabulary.plural("type", counted)
    )
    return text.say(N_("{counted} for the tie-break")).format(counted=plural)


def _summary(panel: Panel, report: ScoreReport, tie_break: str, text: CardText) -> None:
    _ = text.say
    group = panel.section("summary")
    group.append(
        label(
            _(N_("Total: {total} points")).format(total=report.total),
            20,
            panel.x,
            panel.y + 20,
            font_weight="bold",
            class_="total",
            data_total=str(report.total),
        )
    )
    parts = [
        (N_("cards"), sum(c.points for c in report.cards)),
        (N_("laws"), sum(x.points for x in report.laws)),
        (N_("patterns"), sum(x.points for x in report.patterns)),
        (N_("objectives"), sum(x.points for x in report.objectives)),
    ]
    shown = " + ".join(f"{_(name)} {points}" for name, points in parts if points or name == "cards")
    group.append(label(shown, 12, panel.x, panel.y + 40, fill=MUTED))
    group.append(
        label(
            f"{tie_break}: {report.gods}",
            13,
            panel.x,
            panel.y + 60,
            class_="tie-break",
            data_gods=str(report.gods),
        )
    )
    panel.y += 80


def _patterns(panel: Panel, report: ScoreReport, text: CardText) -> None:
    if not report.patterns:
        return
    group = panel.section("patterns")
    panel.heading(group, text.say(N_("Patterns held")))
    scale, per_row = 1.8, 3
    width, height = CARD_WIDTH * scale, CARD_HEIGHT * scale
    for index, held in enumerate(report.patterns):
        r, c = divmod(index, per_row)
        x, y = panel.x + c * (width + 6), panel.y + r * (height + 36)
        item = dw.Group(
            class_="pattern",
            data_id=held.pattern.id,
            data_completed=str(held.completed).lower(),
            data_points=str(held.points),
        )
        item.append(card_group(held.pattern, text, x, y, scale))
        verdict = text.say(N_("completed") if held.completed else N_("not completed"))
        how = "" if held.judged else text.say(N_(" (as saved)"))
        words = wrap(f"{verdict}{how}: {held.points}p", width, 10)
        item.append(
            lines_text(
                words,
                10,
                x,
                y + height + 13,
                font_weight="bold",
                fill=MET if held.completed else NOT_MET,
            )
        )
        group.append(item)
    rows = (len(report.patterns) + per_row - 1) // per_row
    panel.y += rows * (height + 36) + 8


def _objectives(panel: Panel, report: ScoreReport, text: CardText) -> None:
    if not report.objectives:
        return
    group = panel.section("objectives")
    panel.heading(group, text.say(N_("Objectives")))
    for objective in report.objectives:
        item = dw.Group(
            class_="objective",
            data_goal=objective.goal.id,
            data_element=objective.element.id,
            data_points=str(objective.points),
        )
        goal, element = (name_of(x, text.lang) for x in (objective.goal, objective.element))
        head = f"{goal} + {element}: {objective.points}p"  # in the picture's language
        panel.paragraph(item, head, 13, bold=True, colour=_points_colour(objective.points))
        panel.paragraph(item, text.text(objective.goal), 11, colour=MUTED)
        panel.paragraph(item, text.text(objective.element), 11, colour=MUTED)
        group.append(item)
        panel.y += 6


def _scenario(panel: Panel, report: ScoreReport, text: CardText) -> None:
    result = report.scenario
    if result is None:
        return
    group = panel.section("scenario")
    group.args["data-id"] = result.scenario.id
    _ = text.say
    panel.heading(
        group,
        _(N_("Scenario {number}: {name}")).format(
            number=result.scenario.number, name=text.name(result.scenario)
        ),
    )
    for what, conditions, trees, met in (
        ("victory", result.victory_conditions, result.scenario.victory, result.victory),
        ("challenge", result.challenge_conditions, result.scenario.challenge, result.challenge),
    ):
        if not conditions:
            continue
        said = VERDICTS[what][met]
        if what == "challenge" and not met and not result.victory:  # R34
            said = N_("Challenge: not met: a challenge counts only with the victory")
        panel.paragraph(
            group,
            _(said),
            13,
            bold=True,
            colour=MET if met else NOT_MET,
        )
        for condition, tree in zip(conditions, trees, strict=True):
            item = dw.Group(class_="condition", data_met=str(condition.met).lower())
            mark = "\u2713" if condition.met else "\u2717"
            panel.paragraph(
                item,
                f"{mark} {text.condition(tree)}",
                11.5,
                colour=MET if condition.met else NOT_MET,
                indent=10,
            )
            group.append(item)
    if result.beaten:
        beaten = _(N_("beaten"))
    elif report.total > result.threshold:  # the points are there, the victory is not
        beaten = _(N_("not beaten: {total} points, but no victory")).format(total=report.total)
    else:
        beaten = _(N_("not beaten"))
    panel.paragraph(
        group,
        _(N_("More than {threshold} points to beat: {beaten}")).format(
            threshold=result.threshold, beaten=beaten
        ),
        13,
        bold=True,
        colour=MET if result.beaten else NOT_MET,
    )
