"""How the commands draw the library's results with rich: score reports and
simulation reports (the game table is in :mod:`table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rich.table import Table
from rich.text import Text

from dioses_rules.language import model as m
from dioses_rules.pool.registry import Registry
from dioses_rules.scoring.area import cell_index, cell_name
from dioses_rules.scoring.score import ScoreReport

from .output import console, counted

if TYPE_CHECKING:  # scoring a board never loads the game engine
    from dioses_rules.engine.simulate import SimulationReport


def card_kind(card: m.MythCard) -> str:
    """What a Myth card is: "egyptian object", "celtic and greek god"."""
    return f"{' and '.join(card.mythologies)} {card.type}"


def render_report(report: ScoreReport, title: str, explain: bool) -> None:
    """A score report: the grid with each card's points, the laws, patterns and
    objectives, why each card scored (``explain``), the total and the scenario."""
    out = console()
    out.print(_grid(report, title))
    _table(out, "Laws (R13)", ("law", "on", "points"),
           ((law.law.id, f"{law.row.value} row" if law.row else f"column {law.column}",
             str(law.points)) for law in report.laws))
    _table(out, "Patterns (R14)", ("pattern", "difficulty", "completed", "points"),
           ((held.pattern.id, held.pattern.difficulty.value,
             f"{'yes' if held.completed else 'no'} "
             f"({'judged on this board' if held.judged else 'as saved'})", str(held.points))
            for held in report.patterns))
    _table(out, "Objectives (R15)", ("goal", "element", "points"),
           ((o.goal.id, o.element.id, str(o.points)) for o in report.objectives))
    if explain:
        _explain(out, report)
    out.print(f"Total: {report.total} points  (gods for the R16 tie-break: {report.gods})")
    if report.scenario is not None:
        _scenario(out, report.scenario)


def _grid(report: ScoreReport, title: str) -> Table:
    points_at = {c.cell: c.points for c in report.cards}
    grid = Table(title=f"{title}: {report.total} points", show_lines=True,
                 title_justify="left")
    grid.add_column("")
    for column in m.COLUMNS:
        grid.add_column(str(column), justify="center", min_width=14)
    for row in m.ROWS:
        cells = []
        for column in m.COLUMNS:
            index = cell_index(row, column)
            placed = report.area.cells[index]
            if placed is None:
                cells.append(Text(".", style="dim"))
                continue
            card = placed.card
            label = Text(card.id, style="bold")
            label.append(f"\n{card_kind(card)}", style="dim")
            points = points_at.get(index, 0)
            label.append(f"\n{points}p", style="green" if points else "red")
            cells.append(label)
        grid.add_row(row.value, *cells)
    return grid


def _table(out, title: str, headers: tuple[str, ...], rows) -> None:
    """A table of rows, or nothing when there are none."""
    rows = list(rows)
    if rows:
        shown = Table(title=title, title_justify="left")
        for header in headers:
            shown.add_column(header)
        for row in rows:
            shown.add_row(*row)
        out.print(shown)


def _cells(cells) -> str:
    return ", ".join(cell_name(c) for c in cells) or "no cell matched"


def _explain(out, report: ScoreReport) -> None:
    _explain_rest(out, report)
    out.print(Text("Why each card scored", style="bold"))
    for card_score in report.cards:
        out.print(f"{card_score.card.id} ({cell_name(card_score.cell)}): {card_score.points}p")
        if not card_score.lines:
            out.print("  (no scoring line)")
        for line in card_score.lines:
            verdict = "holds" if line.points else "does not hold"
            out.print(f"  {line.text}: {line.points}p ({verdict}; matched: {_cells(line.cells)})")


def _explain_rest(out, report: ScoreReport) -> None:
    """Which cells each law, pattern and objective matched (R13-R15)."""
    lines = []
    for law in report.laws:
        line = f"the {law.row.value} row" if law.row else f"column {law.column}"
        verdict = "met" if law.points else "not met"
        lines.append(f"law {law.law.id} on {line}: {verdict}, {law.points}p "
                     f"(matched: {_cells(law.cells)})")
    for held in report.patterns:
        if held.completed and held.cells:
            how = f"completed by {_cells(held.cells)}"
        elif held.completed:
            how = "completed during the game (as saved)"
        else:
            how = "not completed" + ("" if held.judged else " (as saved)")
        lines.append(f"pattern {held.pattern.id}: {how}, {held.points}p")
    for objective in report.objectives:
        lines.append(f"objective {objective.goal.id} + {objective.element.id}: "
                     f"{objective.points}p (matched: {_cells(objective.cells)})")
    if lines:
        out.print(Text("Why each law, pattern and objective scored", style="bold"))
        for line in lines:
            out.print(f"  {line}", markup=False)


def _scenario(out, result) -> None:
    out.print(Text(f"Scenario {result.scenario.number}: {result.scenario.name}", style="bold"))
    for label, conditions, met in (("victory", result.victory_conditions, result.victory),
                                   ("challenge", result.challenge_conditions, result.challenge)):
        out.print(f"  {label}: {'met' if met else 'not met'}")
        for condition in conditions:
            out.print(f"    [{'x' if condition.met else ' '}] {condition.text}", markup=False)
    for note in result.notes:
        out.print(f"  {note}", markup=False)
    out.print(f"  threshold: more than {result.threshold} points -> "
              f"{'BEATEN' if result.beaten else 'not beaten'}")


def _pct(rate: float) -> str:
    return f"{rate * 100:.1f}%"


def print_simulation(out, simulation: SimulationReport, registry: Registry, elapsed: float) -> None:
    report = simulation.to_json()
    what = "base game" if report["scenario"] is None else (
        f"scenario {registry.get('scenario', report['scenario']).number} "
        f"{report['scenario']}" + (" (challenge)" if report["challenge"] else ""))
    options = f", rule options: {', '.join(report['options'])}" if report["options"] else ""
    from dioses_rules.engine.state import RULES

    if simulation.rules != RULES:
        options += f", rules revision {simulation.rules}"
    out.print(f"{report['games']} games, {what}, {counted(report['players'], 'player')}, seeds "
              f"{report['seeds'][0]}..{report['seeds'][1]}{options} ({elapsed:.1f} s)",
              markup=False)
    base = report["scenario"] is None
    table = Table(title="Seats", title_justify="left")
    for header in ["seat", "agent", "mean score", "spread", "min", "max"] + (
            ["wins", "shared", "win rate"] if base else []):
        table.add_column(header, justify="right" if header not in ("agent",) else "left")
    for seat in report["seats"]:
        score = seat["score"]
        row = [str(seat["seat"]), seat["agent"], f"{score['mean']:.2f}", f"{score['spread']:.2f}",
               str(score["min"]), str(score["max"])]
        if base:
            row += [str(seat["wins"]), str(seat["shared_wins"]), _pct(seat["win_rate"])]
        table.add_row(*row)
    out.print(table)
    if base:
        agents = Table(title="Agents", title_justify="left")
        for header in ("agent", "seats", "mean score", "wins / seat-games", "win rate",
                       "games won"):
            agents.add_column(header)
        for name, entry in report["agents"].items():
            agents.add_row(name, ", ".join(map(str, entry["seats"])),
                           f"{entry['score']['mean']:.2f}",
                           f"{entry['wins']} / {entry['seat_games']}", _pct(entry["win_rate"]),
                           f"{entry['games_won']} ({_pct(entry['game_win_rate'])})")
        out.print(agents)
        out.print(f"Counting: {report['counting']}. Games with a shared win: "
                  f"{report['shared_wins']}.", markup=False)
    score, turns = report["score"], report["turns"]
    out.print(f"Score per area: mean {score['mean']:.2f}, spread {score['spread']:.2f} "
              f"(standard deviation), min {score['min']}, max {score['max']}", markup=False)
    out.print(f"Game length: mean {turns['mean']:.1f} turns, spread {turns['spread']:.1f}, "
              f"min {turns['min']}, max {turns['max']}; turn-limit hits: "
              f"{report['turn_limit_hits']}", markup=False)
    rates = report["scenario_rates"]
    if rates is not None:
        out.print(f"Scenario: victory {_pct(rates['victory'])} ({rates['victories']}), "
                  f"challenge {_pct(rates['challenge'])} ({rates['challenges']}), "
                  f"beaten {_pct(rates['beaten'])} ({rates['beaten_games']})", markup=False)


# ------------------------------------------------------------------ log records in words

# Keys of log records that hold a 0-based index (shown from 1, as the game
# shows seats, areas, piles and turns), and keys shown under another word.
_INDEX_KEYS = frozenset({"turn", "seat", "area", "pile", "index"})
_KEY_WORDS = {"face_up": "face up", "turns_left": "turns left"}


def _join(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"; "none" for no item."""
    if not items:
        return "none"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def words(value, key: Optional[str] = None) -> str:
    """A value of a log record in plain words: no Python reprs, no JSON.

    None is "none", booleans "yes"/"no", a mapping "key value, ...", a list
    its items joined in English ("none" when empty; a mapping in a list in
    parentheses); an index (``key`` in _INDEX_KEYS) counts from 1; winners
    and totals name their areas."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in _INDEX_KEYS and isinstance(value, int):
        return str(value + 1)
    if key == "winners" and isinstance(value, list):
        return _join([f"area {words(w, 'area')}" for w in value])
    if key == "totals" and isinstance(value, list):
        return ", ".join(f"area {i + 1}: {words(t)}" for i, t in enumerate(value)) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{_KEY_WORDS.get(k, k)} {words(v, k)}" for k, v in value.items()) \
            or "nothing"
    if isinstance(value, (list, tuple)):
        return _join([f"({words(item, key)})" if isinstance(item, dict) else words(item, key)
                      for item in value])
    return str(value)


def record_words(record: dict) -> str:
    """A game log record in a sentence: a decision, an event, the end, the setup."""
    kind = record.get("type")
    turn = f"turn {words(record['turn'], 'turn')}: " if "turn" in record else ""
    if kind == "decision":
        return (f"{turn}seat {words(record.get('seat'), 'seat')}, "
                f"{words(record.get('kind'))} decision: option "
                f"{words(record.get('index'), 'index')} of {words(record.get('options'))}, "
                f"{words(record.get('choice'))}")
    if kind == "final":
        winners = record.get("winners")
        several = isinstance(winners, list) and len(winners) > 1
        return (f"the end after {words(record.get('turns'))} turns: totals "
                f"{words(record.get('totals'), 'totals')}; "
                f"winner{'s' if several else ''} {words(winners, 'winners')}; "
                f"scenario {words(record.get('scenario'), 'scenario')}")
    rest = words({k: v for k, v in record.items() if k not in ("type", "event", "turn")})
    if kind == "event":
        return f"{turn}event {words(record.get('event'))} ({rest})"
    return f"{words(kind)} record ({rest})"
