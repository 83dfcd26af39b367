"""``dioses solve``: the best layout of a saved board's cards, proven optimal."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import click

from dioses_rules.errors import DiosesError
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring import area as g
from dioses_rules.scoring.board import board_to_file, read_board_file, write_board
from dioses_rules.scoring.resolve import board_registry, resolve_board
from dioses_rules.solve.limits import MAX_TIME_LIMIT

from .completion import complete_scenarios
from .i18n import _, ngettext
from .names import name_of, named, on_line, row_word, state_name
from .options import CARDS_OPTION, FORMAT_OPTION, LANG_OPTION, resolve_scenario
from .output import EXIT_CODES_HELP, console, print_json, user_errors
from .params import FilePath, IntParamType, Seconds, Whole

if TYPE_CHECKING:  # the solver's module needs the [solver] extra
    from dioses_rules.pool.registry import Registry
    from dioses_rules.solve.layout import Layout
    from dioses_rules.solve.scenario import ScenarioAnswer

ROWS = {row.value: row for row in g.Row}


class CellName(IntParamType):
    """A cell by its row and column: ``front-1`` .. ``back-4``."""

    name = "ROW-COLUMN"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        if isinstance(value, int):
            return value
        row, _, column = str(value).strip().lower().replace(" ", "-").partition("-")
        if row in ROWS and column in {"1", "2", "3", "4"}:
            return g.cell_index(ROWS[row], int(column))
        self.fail(
            f"'{value}' is not a cell: write ROW-COLUMN, a row of {', '.join(ROWS)} and "
            "a column from 1 to 4 (e.g. front-1)",
            param,
            ctx,
        )


def _solver() -> ModuleType:
    try:
        from dioses_rules.solve import layout
    except ImportError as error:
        raise DiosesError.one(
            "E302",
            f"'dioses solve' needs OR-Tools, which is not installed ({error.name})",
            help="pip install 'dioses-rules[solver]'",
        ) from None
    return layout


@click.command("solve", epilog=EXIT_CODES_HELP)
@click.argument("board", type=FilePath(exists=True, dir_okay=False, path_type=Path), required=False)
@click.option(
    "--scenario",
    "scenario_id",
    metavar="ID|all",
    shell_complete=complete_scenarios,
    help="Instead of a board: can this scenario be won? ('all': the seven and any "
    "a loaded set adds). Answers satisfiable with a winning final area, or "
    "unsatisfiable.",
)
@click.option(
    "--challenge",
    is_flag=True,
    help="With --scenario: the challenge must be met too (and its setup used).",
)
@CARDS_OPTION
@FORMAT_OPTION
@click.option(
    "--fixed",
    multiple=True,
    type=CellName(),
    help="A cell whose card stays where it is (a scenario's lock), e.g. front-1. Repeatable.",
)
@click.option(
    "--write",
    "write_to",
    type=FilePath(dir_okay=False, path_type=Path),
    help="Save the best arrangement as a board file (never over an existing file).",
)
@click.option(
    "--time-limit",
    type=Seconds(0.1, MAX_TIME_LIMIT),
    metavar="SECONDS",
    help="Stop searching after this long with the best found ('optimal' says "
    "whether it was proven). Default: until proven.",
)
@click.option(
    "--threads",
    type=Whole(1, 64),
    default=1,
    show_default=True,
    help="CP-SAT search threads. One is reproducible (the same answer and area "
    "every run) and proves bounds best; more often find a layout or a winning "
    "area sooner, with the same best total or answer when proven.",
)
@LANG_OPTION
@user_errors
def solve(
    board: Path | None,
    scenario_id: str | None,
    challenge: bool,
    extra_cards: tuple[Path, ...],
    output_format: str,
    lang: str,
    fixed: tuple[int, ...],
    write_to: Path | None,
    time_limit: float | None,
    threads: int,
) -> None:
    """The best layout of a board's cards, proven optimal; or whether a scenario can be won.

    A board's laws stay on their lines, its patterns, objectives and
    scenario as given; every card ends face up (R12). Solved by OR-Tools
    CP-SAT (pip install 'dioses-rules[solver]').
    """
    if (board is None) == (scenario_id is None):
        raise click.UsageError("give a BOARD, or --scenario ID (not both)")
    if scenario_id is None and challenge:
        raise click.UsageError("--challenge goes with --scenario")
    if scenario_id is not None:
        if fixed or write_to is not None:
            raise click.UsageError("--fixed and --write go with a BOARD")
        return _scenarios(scenario_id, challenge, extra_cards, output_format, time_limit, threads)
    layout = _solver()
    assert board is not None  # a BOARD or --scenario, checked above
    board_file = read_board_file(board)
    _, sources = load_registry(extra_cards)
    registry = board_registry(board_file, sources, str(board))
    found = layout.best_layout(
        resolve_board(board_file, registry, str(board)), fixed, time_limit, threads
    )
    if write_to is not None:
        write_board(board_to_file(found.board, board_file.sets), write_to)
    if output_format == "json":
        print_json(found.to_json())
        return
    _print_text(found, registry, str(board), write_to)


def _scenarios(
    scenario_id: str,
    challenge: bool,
    extra_cards: tuple[Path, ...],
    output_format: str,
    time_limit: float | None,
    threads: int,
) -> None:
    _solver()
    from dioses_rules.solve.scenario import solve_scenario

    registry, _ = load_registry(extra_cards)
    if scenario_id.strip().lower() == "all":
        chosen = sorted(registry.definitions("scenario"), key=lambda s: (s.number, s.id))
    else:
        found = registry.get("scenario", resolve_scenario(registry, scenario_id) or scenario_id)
        assert found is not None  # resolve_scenario refuses an unknown one
        chosen = [found]
    answers = [
        solve_scenario(registry, scenario, challenge, time_limit, threads) for scenario in chosen
    ]
    if output_format == "json":
        print_json([answer.to_json() for answer in answers])
        return
    out = console()
    for answer in answers:
        for line in _answer_lines(answer, registry, challenge):
            out.print(line, highlight=False)


def _answer_lines(answer: ScenarioAnswer, registry: Registry, challenge: bool) -> list[str]:
    """A scenario's answer as a player reads it: its name, whether it can be
    won, and a winning area by the cards' printed names."""
    data = answer.to_json()
    what = {
        "satisfiable": _("can be won"),
        "unsatisfiable": _("cannot be won"),
        "unknown": _("undecided within the time limit"),
    }[data["answer"]]
    asked = _("victory and challenge") if challenge else _("victory")
    lines = [
        _(
            "scenario {number} {name}: {what} ({asked}, more than {threshold} points; "
            "{status}, {seconds} s)"
        ).format(
            number=data["number"],
            name=name_of(answer.scenario),
            what=what,
            asked=asked,
            threshold=data["threshold"],
            status=_status(data["status"]),
            seconds=f"{data['seconds']:.1f}",
        )
    ]
    if data["answer"] == "unsatisfiable" and data["victory_possible"]:
        lines.append("  " + _("the victory alone can be met, not with the points to beat"))
    witness = data["witness"]
    if witness is not None:
        lines += _area_lines(witness["area"], registry)
        extras = _witness_extras(witness, registry)
        if extras:
            lines.append("  " + "; ".join(extras))
        lines.append("  " + _("total {total}").format(total=witness["total"]))
    return lines


def _status(status: str) -> str:
    """CP-SAT's word for how the search ended, in the terminal's language."""
    return {
        "OPTIMAL": _("optimal"),
        "FEASIBLE": _("feasible"),
        "INFEASIBLE": _("infeasible"),
        "UNKNOWN": _("unknown"),
    }.get(status, status)


def _witness_extras(witness: dict[str, Any], registry: Registry) -> list[str]:
    """A winning area's laws on their lines, patterns and scenario state."""
    extras = [
        f"{named(registry, 'law', law)} "
        + (on_line(column=line) if isinstance(line, int) else on_line(row=line))
        for law, line in witness["laws"]
    ]
    extras += [
        (_("{pattern} completed") if done else _("{pattern} not completed")).format(
            pattern=named(registry, "pattern", pattern)
        )
        for pattern, done in witness["patterns"]
    ]
    extras += [
        _("{state}: {card}").format(state=state_name(word), card=named(registry, "myth", card))
        for word, card in witness["state"].items()
    ]
    return extras


def _area_lines(rows: dict[str, list[str]], registry: Registry) -> list[str]:
    """An area's rows, each card by its printed name ('.' an empty cell),
    in columns."""
    shown = {
        row: [named(registry, "myth", card) if card != "." else card for card in cards]
        for row, cards in rows.items()
    }
    width = max((len(name) for names in shown.values() for name in names), default=1)
    words = {row: row_word(row) for row in shown}
    label = max(len(word) for word in words.values()) + 1
    return [
        f"  {words[row]:<{max(label, 8)}} "
        + "  ".join(name.ljust(width) for name in names).rstrip()
        for row, names in shown.items()
    ]


def _print_text(found: Layout, registry: Registry, path: str, write_to: Path | None) -> None:
    out = console()
    proof = (
        _("proven optimal")
        if found.optimal
        else _("best found, not proven ({status})").format(status=_status(found.status))
    )
    left = found.best_total - found.current_total
    out.print(
        ngettext(
            "{path}: best total {best} ({proof}); as saved {saved}; {left} point left on the table",
            "{path}: best total {best} ({proof}); as saved {saved}; "
            "{left} points left on the table",
            left,
        ).format(
            path=path, best=found.best_total, proof=proof, saved=found.current_total, left=left
        ),
        highlight=False,
    )
    for line in _area_lines(found.to_json()["area"], registry):
        out.print(line, highlight=False)
    if write_to is not None:
        out.print(_("written to {path}").format(path=write_to), highlight=False)
    out.print(_("({seconds} s)").format(seconds=f"{found.seconds:.2f}"), highlight=False)
