"""How ``dioses play`` draws the table: every area as a grid, the decks and
piles, and the final scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from dioses_rules.engine.game import Game, GameResult
from dioses_rules.language import model as m
from dioses_rules.pool.registry import Registry
from dioses_rules.scoring.area import cell_index
from dioses_rules.scoring.report import ScenarioResult
from dioses_rules.scoring.score import ScoreReport
from dioses_rules.wording.errors import message_text
from dioses_rules.wording.scenario import scenario_verdict as wording_verdict

from .faces import mythology_style, short_rule, visible_report
from .i18n import _, lang, ngettext, pgettext, ruling
from .names import (
    agent_word,
    card_kind,
    name_of,
    named,
    on_line,
    row_word,
    state_name,
    texts,
)
from .views import difficulty_word, render_report

if TYPE_CHECKING:
    from .best import Best
    from .output import Console  # the console() factory's, which only output.py imports


def area_table(
    game: Game,
    area: int,
    title: str,
    detailed: bool,
    report: ScoreReport | None = None,
    width: int = 120,
) -> Table:
    """An area as a 3x4 grid; face-down cards are '?' for everyone. A
    face-up card shows its printed name in its mythology's colour and the
    points it scores now; ``detailed``, also its type, mythology and rule."""
    state = game.state.areas[area]
    row_laws = {entry.row: entry.card for entry in state.laws if entry.row}
    column_laws = {entry.column: entry.card for entry in state.laws if entry.column}
    locked = game.locked()
    points = {c.cell: c.points for c in report.cards} if report is not None else {}
    registry = game.registry
    # a compact area: its laws in the caption (area_notes), two areas abreast
    table = Table(
        title=title,
        title_justify="left",
        show_lines=detailed,
        show_header=detailed,
        width=None if detailed or width // 2 - 2 < COMPACT_ABREAST else width // 2 - 2,
    )
    # never wider than the terminal: rich wraps a cell, it would cut a column
    least = max(4, min(16, (width - 18) // 4 - 3))
    table.add_column("")
    for column in m.COLUMNS:
        header = str(column)
        if column in column_laws and detailed:
            # rich aligns a header at its foot: the law above, the numbers in one line
            law = _("law: {name}").format(name=named(registry, "law", column_laws[column]))
            header = f"{law}\n{header}"
        table.add_column(
            header,
            justify="center",
            min_width=least if detailed else None,
            max_width=24 if detailed else None,
            overflow="fold",
        )
    for row in m.ROWS:
        label = Text(row_word(row) if detailed else row_word(row)[0])
        if row.value in row_laws and detailed:
            label.append(
                "\n" + _("law: {name}").format(name=named(registry, "law", row_laws[row.value])),
                style="cyan",
            )
        cells = []
        for column in m.COLUMNS:
            index = cell_index(row, column)
            slot = state.cells[index]
            if slot is None:
                cells.append(Text(".", style="dim"))
            elif not slot.face_up:
                cells.append(Text("?", style="bold magenta"))
            else:
                cells.append(
                    _face(
                        game.card(slot.card),
                        points.get(index),
                        registry,
                        detailed,
                        slot.card in locked,
                    )
                )
        table.add_row(label, *cells)
    return table


COMPACT_NAME = 9  # a compact area abbreviates longer names (never cuts its columns)
# Two compact areas abreast only when each is this wide: a narrower grid
# breaks names mid-word ('Pyrami|d'); below it each takes the width it needs
# and they stack (an 80-column terminal).
COMPACT_ABREAST = 56


def _face(
    card: m.MythCard, points: int | None, registry: Registry, detailed: bool, locked: bool
) -> Text:
    name = name_of(card)
    if not detailed and len(name) > COMPACT_NAME:
        name = name[: COMPACT_NAME - 1].rstrip() + "…"
    text = Text(name, style=f"bold {mythology_style(card.mythology)}")
    if detailed:
        text.append(f"\n{card_kind(registry, card)}", style="dim")
        rule = short_rule(registry, card)
        if rule:
            text.append(f"\n{rule}")
    if points is not None:
        text.append(
            f"\n{points}p" if detailed else f" {points}p",
            style="green" if points > 0 else ("red" if points < 0 else "dim"),
        )
    if locked:
        text.append(("\n" if detailed else " ") + _("(locked)"), style="yellow")
    return text


def area_notes(game: Game, area: int, report: ScoreReport | None = None) -> str:
    """The area's laws on their lines (with ``report``, each met or not and
    its points as the face-up cards stand), its patterns and Power cards."""
    state = game.state.areas[area]
    registry = game.registry
    patterns = []
    for held in state.patterns:
        pattern = registry.get("pattern", held.card)
        assert pattern is not None, "a game deals its patterns from its registry"
        done = _("completed") if held.completed else _("not completed")
        patterns.append(f"{name_of(pattern)} ({difficulty_word(pattern.difficulty)}, {done})")
    scored = {
        (law.law.id, law.row.value if law.row else None, law.column): law.points
        for law in (report.laws if report is not None else ())
    }
    laws = []
    for entry in state.laws:
        law = f"{named(registry, 'law', entry.card)} {on_line(entry.row, entry.column)}"
        points = scored.get((entry.card, entry.row, entry.column))
        if points is not None:
            law += (
                " ("
                + (
                    pgettext("law", "met, {points}p").format(points=points)
                    if points
                    else pgettext("law", "not met")
                )
                + ")"
            )
        laws.append(law)
    parts = [
        _("laws: {laws}").format(laws=", ".join(laws) or _("none")),
        _("patterns: {patterns}").format(
            patterns=", ".join(patterns) or pgettext("patterns", "none")
        ),
    ]
    if game.state.settings.power_cards or state.power:
        parts.append(_("Power cards: {count}").format(count=len(state.power)))
    return "   ".join(parts)


def seat_label(game: Game, seat: int) -> str:
    return _("seat {number} ({agent})").format(
        number=seat + 1, agent=agent_word(game.agents[seat].name)
    )


def draw_board(out: Console, game: Game, seat: int | None, setup: bool = False) -> None:
    """The whole table as seen from ``seat`` (None: an onlooker): ``seat``'s
    area first and in full, the others compact side by side, each with the
    points its face-up cards score now; the heading names whose turn it is
    and, when another seat must decide (an event), that seat."""
    state = game.state
    own = state.seat_area[seat] if seat is not None else None
    order = list(range(len(state.areas)))
    if own is not None:
        order.remove(own)
        order.insert(0, own)
    registry = game.registry
    status = _heading(game, seat, setup)
    _piles(status, game)
    out.print(status)
    compact = []
    for area in order:
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        report = visible_report(game, area)
        title = _("Area {number}: {seats}").format(number=area + 1, seats=seats)
        if area == own:
            title += " - " + _("yours")
        title += " - " + ngettext(
            "{count} point showing", "{count} points showing", report.total
        ).format(count=report.total)
        detailed = area == own or len(order) <= 2
        table = area_table(game, area, title, detailed, report, out.width)
        if detailed:
            out.print(table)
            out.print(area_notes(game, area, report), markup=False)
            _scenario_ticks(out, report, registry)
        else:
            table.caption = area_notes(game, area, report)
            table.caption_justify = "left"
            compact.append(table)
    if compact:
        out.print(Columns(compact, padding=(0, 2)))


def _heading(game: Game, seat: int | None, setup: bool) -> Text:
    """Whose turn it is (and who decides, if another seat), and the scenario."""
    state = game.state
    status = Text()
    if setup:
        status.append(_("Setup"), style="bold")
    else:
        status.append(_("Turn {number}").format(number=state.turn + 1), style="bold")
        status.append(" - " + _("{seat} to play").format(seat=seat_label(game, state.active)))
        if seat is not None and seat != state.active:
            status.append(
                "; " + _("{seat} decides").format(seat=seat_label(game, seat)), style="bold yellow"
            )
    if game.scenario is not None:
        status.append(
            " - "
            + _("scenario {number}: {name}").format(
                number=game.scenario.number, name=name_of(game.scenario)
            )
        )
        if state.challenge:
            status.append(" " + _("(challenge)"))
    return status


def _piles(status: Text, game: Game) -> None:
    """The deck, the discard piles' tops, what is out of the game, the
    objectives, the scenario's state and the last round's turns left."""
    state, registry = game.state, game.registry
    status.append("\n" + _("deck: {cards}").format(cards=cards_count(len(state.deck))))
    for index, pile in enumerate(state.discards):
        if pile:
            said = _("discard pile {number}: {top} on top ({cards})").format(
                number=index + 1,
                top=named(registry, "myth", pile[-1]),
                cards=cards_count(len(pile)),
            )
        else:
            said = _("discard pile {number}: empty").format(number=index + 1)
        status.append("   " + said)
    if state.removed:
        status.append(
            "\n"
            + _("out of the game: {cards}").format(
                cards=", ".join(named(registry, "myth", c) for c in state.removed)
            )
        )
    if state.objectives:
        status.append(
            "\n"
            + _("objectives: {objectives}").format(
                objectives=", ".join(
                    f"{named(registry, 'objective-goal', g)} + {named(registry, 'objective-element', e)}"
                    for g, e in state.objectives
                )
            )
        )
    if state.scenario_state:
        status.append(
            "\n"
            + ", ".join(
                f"{state_name(k)}: {named(registry, 'myth', v)}"
                for k, v in sorted(state.scenario_state.items())
            )
        )
    if state.ending_seat is not None and state.turns_left is not None:
        status.append(
            "\n"
            + ngettext(
                "last round: {count} turn left", "last round: {count} turns left", state.turns_left
            ).format(count=state.turns_left),
            style="yellow",
        )


def cards_count(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _scenario_ticks(out: Console, report: ScoreReport, registry: Registry) -> None:
    """A scenario's conditions, ticked as they hold on the face-up cards,
    each said as its card says it (the card text writer, in the language)."""
    scenario = report.scenario
    if scenario is None:
        return
    line = Text()
    said = texts(registry)
    for label, conditions, written in (
        (_("victory"), scenario.victory_conditions, scenario.scenario.victory),
        # R34: a challenge is met only with its victory
        (
            _("challenge, with the victory"),
            scenario.challenge_conditions,
            scenario.scenario.challenge,
        ),
    ):
        if conditions:
            line.append(f"{label}: ", style="bold")
            for index, condition in enumerate(conditions):
                line.append(
                    "[x] " if condition.met else "[ ] ", style="green" if condition.met else "dim"
                )
                text = said.condition(written[index]) if index < len(written) else condition.text
                line.append(f"{text}   ")
            line.append("\n")
    out.print(line, end="")


def print_result(out: Console, game: Game, result: GameResult, bests: Sequence[Best] = ()) -> None:
    """The final scoring of every area; ``bests`` (one :class:`.best.Best`
    per area, or none) adds the best each area could have scored."""
    out.print(Text(_("Final scoring (every card revealed)") + ruling("R12"), style="bold"))
    for area, report in enumerate(result.reports):
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        render_report(
            report,
            _("Area {number} - {seats}").format(number=area + 1, seats=seats),
            explain=False,
            texts=texts(game.registry),
            in_game=True,
        )
    title = ngettext(
        "Game over after {count} turn", "Game over after {count} turns", result.turns
    ).format(count=result.turns)
    if result.turn_limit_reached:
        title += " " + _("(turn limit reached)")
    table = Table(title=title, title_justify="left")
    for header in (_("area"), _("seats"), _("total"), _("gods"), _("result")):
        table.add_column(header)
    if bests:
        table.add_column(_("best possible\n(dioses solve)"))
    shared = len(result.winners) > 1
    for area, report in enumerate(result.reports):
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        verdict = ""
        if area in result.winners and len(result.reports) > 1:
            verdict = _("shared win") + ruling("R16") if shared else _("WINNER")
        row = [str(area + 1), seats, str(report.total), str(report.gods), verdict]
        table.add_row(*row, *([bests[area].cell()] if bests else []))
    out.print(table)
    _best_notes(out, bests)
    if len(result.reports) > 1:
        names = _(" and ").join(
            _("Area {number} - {seats}").format(
                number=w + 1,
                seats=", ".join(seat_label(game, s) for s in game.seats_of_area(w)),
            )
            for w in result.winners
        )
        out.print(
            ngettext(
                "Winner (most points, then most gods): {areas}",
                "Winners (most points, then most gods): {areas}",
                len(result.winners),
            ).format(areas=names)
            + ruling("R16"),
            markup=False,
        )
    scenario = result.reports[0].scenario
    if scenario is not None:
        out.print(scenario_verdict(scenario, game.state.challenge), markup=False)


def scenario_verdict(scenario: ScenarioResult, challenged: bool) -> str:
    """The scenario's outcome in one line, in the terminal's language (R34:
    the challenge is told as part of the victory)."""
    return wording_verdict(scenario, challenged, lang(), ruling("R34"))


def _best_notes(out: Console, bests: Sequence[Best]) -> None:
    """What the best column means, and why an area has none."""
    if not bests:
        return
    if any(best.total is not None for best in bests):
        out.print(
            _(
                "best possible: the same cards rearranged, laws on their lines, patterns "
                "and objectives as they ended (every card face up); '>=' when not proven "
                "in the time allowed"
            ),
            markup=False,
        )
    for why in dict.fromkeys(best.why_not for best in bests if best.why_not):
        out.print(_("best possible: {why}").format(why=message_text(why, lang())), markup=False)
