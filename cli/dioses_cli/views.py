"""How the commands draw the library's results with rich: score reports and
simulation reports (the game table is in :mod:`table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rich.table import Table
from rich.text import Text

from dioses_rules.language import model as m
from dioses_rules.pool.registry import Registry
from dioses_rules.language.spanish import ROW_WORDS as SPANISH_ROWS
from dioses_rules.scoring.area import cell_column, cell_index, cell_name, cell_row
from dioses_rules.scoring.score import ScoreReport

from .output import console, counted

if TYPE_CHECKING:  # scoring a board never loads the game engine
    from dioses_rules.engine.simulate import SimulationReport
    from dioses_rules.language.texts import Texts


def card_kind(card: m.MythCard) -> str:
    """What a Myth card is: "egyptian object", "celtic and greek god"."""
    return f"{' and '.join(card.mythologies)} {card.type}"


# The report's words in Spanish (``--lang es``); English is the key itself.
_SPANISH = {
    "Laws (R13)": "Leyes (R13)", "law": "ley", "on": "en", "points": "puntos",
    "Patterns (R14)": "Patrones (R14)", "pattern": "patrón", "difficulty": "dificultad",
    "completed": "completado", "yes": "sí", "no": "no",
    "judged on this board": "juzgado en este tablero", "as saved": "según lo guardado",
    "Objectives (R15)": "Objetivos (R15)", "goal": "objetivo", "objective": "objetivo", "element": "elemento",
    "Why each card scored": "Por qué puntuó cada carta", "(no scoring line)":
    "(sin línea de puntuación)", "holds": "se cumple", "does not hold": "no se cumple",
    "matched": "casillas", "no cell matched": "ninguna casilla", "victory": "victoria",
    "challenge": "reto", "met": "cumplido", "not met": "no cumplido",
    "BEATEN": "SUPERADO", "not beaten": "no superado",
    "easy": "fácil", "medium": "medio", "hard": "difícil",
}


def say_column(texts) -> str:
    return "column" if texts is None else "columna"


class _Say:
    """The report's words and card texts in one language: English shows ids
    and each line as its card file writes it; Spanish the printed names and
    the Spanish card text (:class:`Texts`)."""

    def __init__(self, texts: "Optional[Texts]"):
        self.texts = texts if texts is not None and texts.lang == "es" else None

    def __call__(self, words: str) -> str:
        return words if self.texts is None else _SPANISH.get(words, words)

    def name(self, definition) -> str:
        return definition.id if self.texts is None else definition.name

    def cell(self, index: int) -> str:
        if self.texts is None:
            return cell_name(index)
        return f"{SPANISH_ROWS[cell_row(index)]} {cell_column(index)}"

    def line_of(self, law) -> str:
        """The row or column a law sits on: "front row", "fila delantera"."""
        if law.row is None:
            return f"{say_column(self.texts)} {law.column}"
        return f"{law.row.value} row" if self.texts is None else f"fila {SPANISH_ROWS[law.row]}"

    def line(self, card: m.MythCard, index: int, written: str) -> str:
        if self.texts is None or index >= len(card.lines):
            return written
        return self.texts.line(card.lines[index])

    def condition(self, conditions, index: int, written: str) -> str:
        if self.texts is None or index >= len(conditions):
            return written
        return self.texts.condition(conditions[index])


def render_report(report: ScoreReport, title: str, explain: bool,
                  texts: "Optional[Texts]" = None) -> None:
    """A score report: the grid with each card's points, the laws, patterns and
    objectives, why each card scored (``explain``), the total and the
    scenario; in Spanish with ``texts`` in Spanish (``--lang es``)."""
    out = console()
    say = _Say(texts)
    out.print(_grid(report, title, say))
    _table(out, say("Laws (R13)"), (say("law"), say("on"), say("points")),
           ((say.name(law.law), say.line_of(law), str(law.points)) for law in report.laws))
    _table(out, say("Patterns (R14)"), (say("pattern"), say("difficulty"), say("completed"),
                                         say("points")),
           ((say.name(held.pattern), say(held.pattern.difficulty.value),
             f"{say('yes' if held.completed else 'no')} "
             f"({say('judged on this board' if held.judged else 'as saved')})",
             str(held.points)) for held in report.patterns))
    _table(out, say("Objectives (R15)"), (say("goal"), say("element"), say("points")),
           ((say.name(o.goal), say.name(o.element), str(o.points)) for o in report.objectives))
    if explain:
        _explain(out, report, say)
    if say.texts is None:
        out.print(f"Total: {report.total} points  (gods for the R16 tie-break: {report.gods})")
    else:
        out.print(f"Total: {report.total} puntos  (dioses para el desempate, R16: "
                  f"{report.gods})")
    if report.scenario is not None:
        _scenario(out, report.scenario, say)


def _grid(report: ScoreReport, title: str, say: _Say) -> Table:
    points_at = {c.cell: c.points for c in report.cards}
    grid = Table(title=f"{title}: {report.total} {say('points')}", show_lines=True,
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
            label = Text(say.name(card), style="bold")
            kind = card_kind(card) if say.texts is None else say.texts.card_kind(card)
            label.append(f"\n{kind}", style="dim")
            points = points_at.get(index, 0)
            label.append(f"\n{points}p", style="green" if points else "red")
            cells.append(label)
        grid.add_row(row.value if say.texts is None else SPANISH_ROWS[row], *cells)
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


def _cells(cells, say: _Say) -> str:
    return ", ".join(say.cell(c) for c in cells) or say("no cell matched")


def _explain(out, report: ScoreReport, say: _Say) -> None:
    _explain_rest(out, report, say)
    out.print(Text(say("Why each card scored"), style="bold"))
    for card_score in report.cards:
        out.print(f"{say.name(card_score.card)} ({say.cell(card_score.cell)}): "
                  f"{card_score.points}p", markup=False)
        if not card_score.lines:
            out.print("  " + say("(no scoring line)"))
        for index, line in enumerate(card_score.lines):
            verdict = say("holds" if line.points else "does not hold")
            out.print(f"  {say.line(card_score.card, index, line.text)}: {line.points}p "
                      f"({verdict}; {say('matched')}: {_cells(line.cells, say)})", markup=False)


def _explain_rest(out, report: ScoreReport, say: _Say) -> None:
    """Which cells each law, pattern and objective matched (R13-R15)."""
    lines = []
    for law in report.laws:
        line = say.line_of(law)
        if law.row is not None and say.texts is None:
            line = f"the {line}"
        lines.append(f"{say('law')} {say.name(law.law)} {say('on')} {line}: "
                     f"{say('met' if law.points else 'not met')}, {law.points}p "
                     f"({say('matched')}: {_cells(law.cells, say)})")
    for held in report.patterns:
        if held.completed and held.cells:
            how = f"completed by {_cells(held.cells, say)}"
        elif held.completed:
            how = "completed during the game (as saved)"
        else:
            how = "not completed" + ("" if held.judged else " (as saved)")
        lines.append(f"{say('pattern')} {say.name(held.pattern)}: {how}, {held.points}p")
    for objective in report.objectives:
        lines.append(f"{say('objective')} {say.name(objective.goal)} + "
                     f"{say.name(objective.element)}: {objective.points}p "
                     f"({say('matched')}: {_cells(objective.cells, say)})")
    if lines:
        out.print(Text("Why each law, pattern and objective scored", style="bold"))
        for line in lines:
            out.print(f"  {line}", markup=False)


def _scenario(out, result, say: _Say) -> None:
    head = "Scenario" if say.texts is None else "Escenario"
    out.print(Text(f"{head} {result.scenario.number}: {result.scenario.name}", style="bold"))
    for label, conditions, met, written in (
            ("victory", result.victory_conditions, result.victory, result.scenario.victory),
            ("challenge", result.challenge_conditions, result.challenge,
             result.scenario.challenge)):
        state = say("met" if met else "not met")
        if say.texts is not None and label == "victory":
            state = state[:-1] + "a"  # "la victoria", "cumplida"
        out.print(f"  {say(label)}: {state}")
        for index, condition in enumerate(conditions):
            text = say.condition(written, index, condition.text)
            out.print(f"    [{'x' if condition.met else ' '}] {text}", markup=False)
    for note in result.notes:
        out.print(f"  {note}", markup=False)
    beaten = say("BEATEN" if result.beaten else "not beaten")
    if say.texts is None:
        out.print(f"  threshold: more than {result.threshold} points -> {beaten}")
    else:
        out.print(f"  umbral: más de {result.threshold} puntos -> {beaten}")


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
