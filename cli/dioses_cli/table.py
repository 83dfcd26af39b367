"""How ``dioses play`` draws the table: every area as a grid, the decks and
piles, and the final scores."""

from __future__ import annotations

from typing import Optional, Sequence

from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from dioses_rules.engine.game import Game, GameResult
from dioses_rules.language import model as m
from dioses_rules.scoring.area import cell_index
from dioses_rules.scoring.score import ScoreReport

from .faces import mythology_style, short_rule, visible_report, writer_of
from .output import counted
from .views import card_kind, render_report


def area_table(game: Game, area: int, title: str, detailed: bool,
               report: Optional[ScoreReport] = None, width: int = 120) -> Table:
    """An area as a 3x4 grid; face-down cards are '?' for everyone. A
    face-up card shows its printed name in its mythology's colour and the
    points it scores now; ``detailed``, also its type, mythology and rule."""
    state = game.state.areas[area]
    row_laws = {entry.row: entry.card for entry in state.laws if entry.row}
    column_laws = {entry.column: entry.card for entry in state.laws if entry.column}
    locked = game.locked()
    points = {c.cell: c.points for c in report.cards} if report is not None else {}
    writer = writer_of(game)
    # a compact area: its laws in the caption (area_notes), two areas abreast
    table = Table(title=title, title_justify="left", show_lines=detailed,
                  show_header=detailed, width=None if detailed else max(30, width // 2 - 2))
    # never wider than the terminal: rich wraps a cell, it would cut a column
    least = max(4, min(16, (width - 18) // 4 - 3))
    table.add_column("")
    for column in m.COLUMNS:
        header = str(column)
        if column in column_laws and detailed:
            header += f"\nlaw: {column_laws[column]}"
        table.add_column(header, justify="center", min_width=least if detailed else None,
                         max_width=24 if detailed else None, overflow="fold")
    for row in m.ROWS:
        label = Text(row.value if detailed else row.value[0])
        if row.value in row_laws and detailed:
            label.append(f"\nlaw: {row_laws[row.value]}", style="cyan")
        cells = []
        for column in m.COLUMNS:
            index = cell_index(row, column)
            slot = state.cells[index]
            if slot is None:
                cells.append(Text(".", style="dim"))
            elif not slot.face_up:
                cells.append(Text("?", style="bold magenta"))
            else:
                cells.append(_face(game.card(slot.card), points.get(index), writer, detailed,
                                   slot.card in locked))
        table.add_row(label, *cells)
    return table


COMPACT_NAME = 9  # a compact area abbreviates longer names (never cuts its columns)


def _face(card: m.MythCard, points: Optional[int], writer, detailed: bool,
          locked: bool) -> Text:
    name = card.name if detailed or len(card.name) <= COMPACT_NAME else \
        card.name[:COMPACT_NAME - 1].rstrip() + "…"
    text = Text(name, style=f"bold {mythology_style(card.mythology)}")
    if detailed:
        text.append(f"\n{card_kind(card)}", style="dim")
        rule = short_rule(writer, card)
        if rule:
            text.append(f"\n{rule}")
    if points is not None:
        text.append(f"\n{points}p" if detailed else f" {points}p",
                    style="green" if points > 0 else ("red" if points < 0 else "dim"))
    if locked:
        text.append("\n(locked)" if detailed else " (locked)", style="yellow")
    return text


def area_notes(game: Game, area: int) -> str:
    state = game.state.areas[area]
    patterns = []
    for held in state.patterns:
        pattern = game.registry.get("pattern", held.card)
        done = "completed" if held.completed else "not completed"
        patterns.append(f"{held.card} ({pattern.difficulty.value}, {done})")
    laws = [f"{e.card} on {'the ' + e.row + ' row' if e.row else f'column {e.column}'}"
            for e in state.laws]
    parts = [f"laws: {', '.join(laws) or 'none'}", f"patterns: {', '.join(patterns) or 'none'}"]
    if game.state.settings.power_cards or state.power:
        parts.append(f"Power cards: {len(state.power)}")
    return "   ".join(parts)


def seat_label(game: Game, seat: int) -> str:
    return f"seat {seat + 1} ({game.agents[seat].name})"


def draw_board(out, game: Game, seat: Optional[int], setup: bool = False) -> None:
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
    status = Text()
    if setup:
        status.append("Setup", style="bold")
    else:
        status.append(f"Turn {state.turn + 1}", style="bold")
        status.append(f" - {seat_label(game, state.active)} to play")
        if seat is not None and seat != state.active:
            status.append(f"; {seat_label(game, seat)} decides", style="bold yellow")
    if game.scenario is not None:
        status.append(f" - scenario {game.scenario.number}: {game.scenario.name}")
        if state.challenge:
            status.append(" (challenge)")
    status.append(f"\ndeck: {counted(len(state.deck), 'card')}")
    for index, pile in enumerate(state.discards):
        top = pile[-1] if pile else "empty"
        status.append(f"   discard pile {index + 1}: {top} on top ({counted(len(pile), 'card')})")
    if state.removed:
        status.append(f"\nout of the game: {', '.join(state.removed)}")
    if state.objectives:
        status.append("\nobjectives: " + ", ".join(f"{g} + {e}" for g, e in state.objectives))
    if state.scenario_state:
        status.append("\n" + ", ".join(f"{k}: {v}" for k, v in
                                       sorted(state.scenario_state.items())))
    if state.ending_seat is not None and state.turns_left is not None:
        status.append(f"\nlast round: {counted(state.turns_left, 'turn')} left", style="yellow")
    out.print(status)
    compact = []
    for area in order:
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        report = visible_report(game, area)
        title = f"Area {area + 1}: {seats}"
        if area == own:
            title += " - yours"
        title += f" - {counted(report.total, 'point')} showing"
        detailed = area == own or len(order) <= 2
        table = area_table(game, area, title, detailed, report, out.width)
        if detailed:
            out.print(table)
            out.print(area_notes(game, area), markup=False)
            _scenario_ticks(out, report)
        else:
            table.caption = area_notes(game, area)
            table.caption_justify = "left"
            compact.append(table)
    if compact:
        out.print(Columns(compact, padding=(0, 2)))


def _scenario_ticks(out, report: ScoreReport) -> None:
    """A scenario's conditions, ticked as they hold on the face-up cards."""
    scenario = report.scenario
    if scenario is None:
        return
    line = Text()
    for label, conditions in (("victory", scenario.victory_conditions),
                              ("challenge", scenario.challenge_conditions)):
        if conditions:
            line.append(f"{label}: ", style="bold")
            for condition in conditions:
                line.append("[x] " if condition.met else "[ ] ",
                            style="green" if condition.met else "dim")
                line.append(f"{condition.text}   ")
            line.append("\n")
    out.print(line, end="")


def print_result(out, game: Game, result: GameResult, bests: Sequence = ()) -> None:
    """The final scoring of every area; ``bests`` (one :class:`.best.Best`
    per area, or none) adds the best each area could have scored."""
    out.print(Text("Final scoring (every card revealed, R12)", style="bold"))
    for area, report in enumerate(result.reports):
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        render_report(report, f"Area {area + 1} ({seats})", explain=False)
    table = Table(title=f"Game over after {result.turns} turns" +
                  (" (turn limit reached)" if result.turn_limit_reached else ""),
                  title_justify="left")
    for header in ("area", "seats", "total", "gods", "result"):
        table.add_column(header)
    if bests:
        table.add_column("best possible\n(dioses solve)")
    shared = len(result.winners) > 1
    for area, report in enumerate(result.reports):
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        verdict = ""
        if area in result.winners and len(result.reports) > 1:
            verdict = "shared win (R16)" if shared else "WINNER"
        row = [str(area + 1), seats, str(report.total), str(report.gods), verdict]
        table.add_row(*row, *([bests[area].cell()] if bests else []))
    out.print(table)
    _best_notes(out, bests)
    if len(result.reports) > 1:
        names = " and ".join(f"area {w + 1}" for w in result.winners)
        out.print(f"Winner{'s' if shared else ''} (R16: most points, then most gods): {names}",
                  markup=False)
    scenario = result.reports[0].scenario
    if scenario is not None:
        out.print(f"Scenario {scenario.scenario.number} {scenario.scenario.name}: "
                  f"victory {'YES' if scenario.victory else 'no'}; "
                  f"challenge {'YES' if scenario.challenge else 'no'}; "
                  f"more than {scenario.threshold} points: "
                  f"{'BEATEN' if scenario.beaten else 'not beaten'}", markup=False)


def _best_notes(out, bests: Sequence) -> None:
    """What the best column means, and why an area has none."""
    if not bests:
        return
    if any(best.total is not None for best in bests):
        out.print("best possible: the same cards rearranged, laws on their lines, patterns "
                  "and objectives as they ended (every card face up); '>=' when not proven "
                  "in the time allowed", markup=False)
    for why in dict.fromkeys(best.why_not for best in bests if best.why_not):
        out.print(f"best possible: {why}", markup=False)
