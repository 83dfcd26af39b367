"""How the commands draw the library's results with rich: score reports and
simulation reports (the game table is in :mod:`table`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from dioses_rules.language import model as m
from dioses_rules.language.headers import bundled_vocabulary
from dioses_rules.language.texts import Texts
from dioses_rules.scoring.area import cell_index
from dioses_rules.scoring.report import LawScore, PatternScore, ScenarioResult
from dioses_rules.scoring.score import ScoreReport
from dioses_rules.wording.leaders import leader_sentences, report_facts
from dioses_rules.wording.names import english_kind

from .i18n import _, for_designers, pgettext, ruling
from .names import cell_word, line_name, name_of, on_line, row_word
from .output import console

if TYPE_CHECKING:  # scoring a board never loads the game engine
    from .output import Console  # the console() factory's, which only output.py imports


class _Say:
    """The report's names and card texts in the terminal's language
    (``--lang``): every card, law, pattern and objective by its name on
    screen (names.py), each line and condition as the card text writer of
    that language says it."""

    def __init__(self, texts: Texts | None) -> None:
        self.texts = texts

    def __call__(self, words: str) -> str:
        return _(words)

    def name(self, definition: m.Definition) -> str:
        return name_of(definition)

    def cell(self, index: int) -> str:
        return cell_word(index)

    def kind(self, card: m.MythCard) -> str:
        """What a Myth card is: "Greek god" / "dios griego"."""
        if self.texts is None:
            return english_kind(bundled_vocabulary(), card)
        if self.texts.lang == "en":
            return english_kind(self.texts.vocabulary, card)
        kind: str = self.texts.card_kind(card)
        return kind

    def line_of(self, law: LawScore) -> str:
        """The row or column a law sits on: "front row", "fila delantera"."""
        return line_name(law.row, law.column)

    def line(self, card: m.MythCard, index: int, written: str) -> str:
        if self.texts is None or index >= len(card.lines):
            return written
        return self.texts.line(card.lines[index], card)

    def condition(self, conditions: Sequence[m.Condition], index: int, written: str) -> str:
        if self.texts is None or index >= len(conditions):
            return written
        return self.texts.condition(conditions[index])


def render_report(
    report: ScoreReport,
    title: str,
    explain: bool,
    texts: Texts | None = None,
    in_game: bool = False,
) -> None:
    """A score report: the grid with each card's points, the laws, patterns and
    objectives, why each card scored (``explain``), the total and the
    scenario, in the terminal's language; ``texts`` says the card lines and
    conditions (None: as the card file writes them). ``in_game``: a game's
    final scoring, whose patterns were completed (or not) during the game,
    not as a board file saved them."""
    out = console()
    say = _Say(texts)
    out.print(_grid(report, title, say))
    _table(
        out,
        _("Laws") + ruling("R13"),
        (_("law"), _("on"), _("points")),
        ((say.name(law.law), say.line_of(law), str(law.points)) for law in report.laws),
    )
    _table(
        out,
        _("Patterns") + ruling("R14"),
        (_("pattern"), _("difficulty"), _("completed"), _("points")),
        (
            (
                say.name(held.pattern),
                difficulty_word(held.pattern.difficulty),
                _completed(held, in_game),
                str(held.points),
            )
            for held in report.patterns
        ),
    )
    _table(
        out,
        _("Objectives") + ruling("R15"),
        (_("goal"), _("element"), _("points")),
        ((say.name(o.goal), say.name(o.element), str(o.points)) for o in report.objectives),
    )
    if explain:
        _explain(out, report, say)
    out.print(
        _("Total: {total} points  (gods, for a tie: {gods})").format(
            total=report.total, gods=report.gods
        )
        + ruling("R16"),
        markup=False,
    )
    if report.scenario is not None:
        _scenario(out, report.scenario, say, _leaders(report, say), report.total)


def _completed(held: PatternScore, in_game: bool = False) -> str:
    done = _("yes") if held.completed else _("no")
    if in_game and not held.judged:  # R14: a game keeps a pattern completed on a turn
        how = _("during the game")
    else:
        how = _("judged on this board") if held.judged else _("as saved")
    return f"{done} ({how})"


def difficulty_word(difficulty: m.Difficulty | str) -> str:
    value = difficulty.value if isinstance(difficulty, m.Difficulty) else difficulty
    return {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}.get(value, value)


def _grid(report: ScoreReport, title: str, say: _Say) -> Table:
    points_at = {c.cell: c.points for c in report.cards}
    grid = Table(
        title=_("{title}: {total} points").format(title=title, total=report.total),
        show_lines=True,
        title_justify="left",
    )
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
            label.append(f"\n{say.kind(card)}", style="dim")
            points = points_at.get(index, 0)
            label.append(f"\n{points}p", style="green" if points else "red")
            cells.append(label)
        grid.add_row(row_word(row), *cells)
    return grid


def _table(
    out: Console, title: str, headers: tuple[str, ...], rows: Iterable[tuple[str, ...]]
) -> None:
    """A table of rows, or nothing when there are none."""
    listed = list(rows)
    if listed:
        shown = Table(title=title, title_justify="left")
        for header in headers:
            shown.add_column(header)
        for row in listed:
            shown.add_row(*row)
        out.print(shown)


def _cells(cells: Iterable[int], say: _Say) -> str:
    return ", ".join(say.cell(c) for c in cells) or _("no cell matched")


def _explain(out: Console, report: ScoreReport, say: _Say) -> None:
    _explain_rest(out, report, say)
    out.print(Text(_("Why each card scored"), style="bold"))
    if report.explained_by == "reference" and for_designers():  # not a player's words
        out.print(_("(the matched cells are the reference evaluator's)"), markup=False)
    for card_score in report.cards:
        out.print(
            f"{say.name(card_score.card)} ({say.cell(card_score.cell)}): {card_score.points}p",
            markup=False,
        )
        if not card_score.lines:
            out.print("  " + _("(no scoring line)"))
        for index, line in enumerate(card_score.lines):
            verdict = _("holds") if line.points else _("does not hold")
            if line.cells:
                where = _("({verdict}; matched: {cells})").format(
                    verdict=verdict, cells=_cells(line.cells, say)
                )
            elif line.points:  # it holds of the card itself ("in the front row")
                where = _("(holds)")
            else:
                where = _("({verdict}; no cell matched)").format(verdict=verdict)
            out.print(
                f"  {say.line(card_score.card, index, line.text)}: {line.points}p {where}",
                markup=False,
            )


def _explain_rest(out: Console, report: ScoreReport, say: _Say) -> None:
    """Which cells each law, pattern and objective matched (R13-R15)."""
    lines: list[str] = []
    for law in report.laws:
        lines.append(
            _("law {law} {line}: {verdict}, {points}p (matched: {cells})").format(
                law=say.name(law.law),
                line=on_line(law.row, law.column),
                verdict=pgettext("law", "met") if law.points else pgettext("law", "not met"),
                points=law.points,
                cells=_cells(law.cells, say),
            )
        )
    for held in report.patterns:
        if held.completed and held.cells:
            how = _("completed by {cells}").format(cells=_cells(held.cells, say))
        elif held.completed:
            how = _("completed during the game (as saved)")
        else:
            how = _("not completed") + ("" if held.judged else " " + _("(as saved)"))
        lines.append(
            _("pattern {pattern}: {how}, {points}p").format(
                pattern=say.name(held.pattern), how=how, points=held.points
            )
        )
    for objective in report.objectives:
        lines.append(
            _("objective {goal} + {element}: {points}p (matched: {cells})").format(
                goal=say.name(objective.goal),
                element=say.name(objective.element),
                points=objective.points,
                cells=_cells(objective.cells, say),
            )
        )
    if lines:
        out.print(Text(_("Why each law, pattern and objective scored"), style="bold"))
        for line in lines:
            out.print(f"  {line}", markup=False)


def _leaders(report: ScoreReport, say: _Say) -> list[str]:
    """Why the scenario's leaders are who they are (R24), with --explain:
    in the terminal's words and printed names (the engine's notes name ids)."""
    scenario = report.scenario
    if scenario is None or not scenario.notes:
        return []
    texts = say.texts if say.texts is not None else Texts(vocabulary=bundled_vocabulary())
    conditions = scenario.scenario.victory + scenario.scenario.challenge
    facts = report_facts(report)
    return [
        note + ruling("R24")
        for note in leader_sentences(texts, report.area, conditions, facts, texts.lang)
    ]


def _scenario(
    out: Console, result: ScenarioResult, say: _Say, leaders: list[str], total: int
) -> None:
    out.print(
        Text(
            _("Scenario {number}: {name}").format(
                number=result.scenario.number, name=say.name(result.scenario)
            ),
            style="bold",
        )
    )
    for said, conditions, written in (
        (
            _("victory: met") if result.victory else _("victory: not met"),
            result.victory_conditions,
            result.scenario.victory,
        ),
        (
            _("challenge: met") if result.challenge else _("challenge: not met"),
            result.challenge_conditions,
            result.scenario.challenge,
        ),
    ):
        out.print(f"  {said}")  # whole, for the words' agreement: "victoria: cumplida"
        for index, condition in enumerate(conditions):
            text = say.condition(written, index, condition.text)
            out.print(f"    [{'x' if condition.met else ' '}] {text}", markup=False)
    if not result.victory and any(c.met for c in result.challenge_conditions):
        out.print(
            "  " + _("the challenge counts only with the victory") + ruling("R34"), markup=False
        )
    for note in leaders:
        out.print(f"  {note}", markup=False)
    if result.beaten:
        beaten = _("BEATEN")
    elif total > result.threshold:  # the points are there, the victory is not
        beaten = _("not beaten: {total} points, but no victory").format(total=total)
    else:
        beaten = _("not beaten")
    out.print(
        "  "
        + _("more than {threshold} points: {beaten}").format(
            threshold=result.threshold, beaten=beaten
        ),
        markup=False,
    )
