"""``dioses solve``: the best layout of a saved board's cards, proven optimal."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import click

from dioses_rules.errors import DiosesError
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring import area as g
from dioses_rules.scoring.board import board_to_file, read_board_file, write_board
from dioses_rules.scoring.resolve import board_registry, resolve_board
from dioses_rules.solve.limits import MAX_TIME_LIMIT

from .completion import complete_scenarios
from .options import CARDS_OPTION, FORMAT_OPTION, resolve_scenario
from .output import EXIT_CODES_HELP, console, print_json, user_errors
from .params import FilePath, IntParamType, Seconds, Whole

if TYPE_CHECKING:  # the solver's module needs the [solver] extra
    from dioses_rules.solve.layout import Layout

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
@user_errors
def solve(
    board: Path | None,
    scenario_id: str | None,
    challenge: bool,
    extra_cards: tuple[Path, ...],
    output_format: str,
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
    _print_text(found, str(board), write_to)


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
        data = answer.to_json()
        what = {
            "satisfiable": "can be won",
            "unsatisfiable": "cannot be won",
            "unknown": "undecided within the time limit",
        }[data["answer"]]
        asked = "victory and challenge" if challenge else "victory"
        out.print(
            f"scenario {data['number']} {answer.scenario.name}: {what} ({asked}, more "
            f"than {data['threshold']} points; {data['status']}, {data['seconds']:.1f} s)",
            highlight=False,
        )
        if data["answer"] == "unsatisfiable" and data["victory_possible"]:
            out.print(
                "  the victory alone can be met, not with the points to beat", highlight=False
            )
        witness = data["witness"]
        if witness is not None:
            for row, names in witness["area"].items():
                out.print(f"  {row:<8} " + "  ".join(names), highlight=False)
            extras = [
                f"{law} on " + (f"column {line}" if isinstance(line, int) else f"the {line} row")
                for law, line in witness["laws"]
            ]
            extras += [
                f"{p} {'completed' if done else 'not completed'}" for p, done in witness["patterns"]
            ]
            extras += [f"{name} = {card}" for name, card in witness["state"].items()]
            if extras:
                out.print("  " + "; ".join(extras), highlight=False)
            out.print(f"  total {witness['total']}", highlight=False)


def _print_text(found: Layout, path: str, write_to: Path | None) -> None:
    out = console()
    proof = "proven optimal" if found.optimal else f"best found, not proven ({found.status})"
    out.print(
        f"{path}: best total {found.best_total} ({proof}); as saved "
        f"{found.current_total}; {found.best_total - found.current_total} points "
        f"left on the table",
        highlight=False,
    )
    rows = found.to_json()["area"]
    width = max(len(name) for row in rows.values() for name in row)
    for row, names in rows.items():
        out.print(
            f"  {row:<8} " + "  ".join(name.ljust(width) for name in names).rstrip(),
            highlight=False,
        )
    if write_to is not None:
        out.print(f"written to {write_to}", highlight=False)
    out.print(f"({found.seconds:.2f} s)", highlight=False)
