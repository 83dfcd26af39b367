"""``dioses simulate``: many games between agents (the library's ``simulate``)."""

from __future__ import annotations

import time
from pathlib import Path

import click

from dioses_rules.engine.agents import AGENTS
from dioses_rules.engine.log import is_log
from dioses_rules.engine.setup import MAX_SEATS
from dioses_rules.engine.simulate import simulate
from dioses_rules.engine.state import KNOWN_RULES, RULES

from .completion import complete_agents
from .i18n import _
from .options import (
    CARDS_OPTION,
    LANG_OPTION,
    RULINGS_OPTION,
    check_players,
    check_think,
    game_arguments,
    parallel_options,
    parse_agents,
    setup_options,
    shares_one_area,
    think_option,
)
from .output import EXIT_CODES_HELP, console, print_json, user_errors
from .params import FilePath, Whole
from .simulation_view import print_simulation


@click.command("simulate", epilog=EXIT_CODES_HELP)
@click.option("--games", type=Whole(1, 1_000_000), required=True, help="How many games to play.")
@click.option(
    "--players", type=Whole(1, MAX_SEATS), help="Seats per game (default 2; 1 with --scenario)."
)
@click.option(
    "--agents",
    "agents_text",
    shell_complete=complete_agents,
    default="greedy,random",
    show_default=True,
    metavar="LIST",
    help="Agents, comma-separated; seat i uses agent i mod their count.",
)
@think_option()
@setup_options
@click.option(
    "--seed",
    type=Whole(0),
    default=1,
    show_default=True,
    help="Game g (from 0) uses seed S+g; its agents are seeded from it and their seat.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Readable text, or one JSON object.",
)
@click.option(
    "--log-dir",
    type=FilePath(path_type=Path, file_okay=False),
    help="Write each game's log there (game-0001.jsonl, ...).",
)
@click.option(
    "--rules-revision",
    type=click.Choice([str(r) for r in KNOWN_RULES]),
    default=str(RULES),
    show_default=True,
    help="The engine's reading of the rulebooks to play under: 1 is the reading "
    "before R26, R32 and R33 (Power only before the action).",
)
@parallel_options
@CARDS_OPTION
@LANG_OPTION
@RULINGS_OPTION
@user_errors
def simulate_command(
    sets: tuple[str, ...],
    games: int,
    players: int | None,
    agents_text: str,
    think: int | None,
    scenario: str | None,
    challenge: bool,
    rules: tuple[str, ...],
    seed: int,
    output_format: str,
    log_dir: Path | None,
    rules_revision: str,
    workers: int,
    scheduler: str | None,
    extra_cards: tuple[Path, ...],
    lang: str,  # read by the --lang callback (.i18n): the text report's language
) -> None:
    """Play many games between agents and report how they went.

    Win rates per seat and per agent (base game), mean and spread (standard
    deviation) of the scores, game lengths, turn-limit hits, and for a scenario
    its victory, challenge and beaten rates. The same seed gives the same result.

    Agents: random, greedy (the best score it can see, one decision at a
    time) and planner (Monte Carlo search: at each decision it plays its best
    few options out to the end of the game in worlds where the hidden cards
    are dealt again at random, greedy agents playing every seat, --think
    simulations per decision; see docs/simulate.md).
    """
    registry, scenario_id, options = game_arguments(extra_cards, scenario, challenge, rules, sets)
    names = parse_agents(agents_text, list(AGENTS))
    assert names is not None  # --agents has a default
    check_think(think, names)
    players = players if players is not None else (1 if scenario_id else 2)
    check_players(
        players,
        scenario_id is not None or shares_one_area(registry, scenario_id, options),
        MAX_SEATS,
    )
    if log_dir is not None:
        _check_log_dir(log_dir, games)
    err = console(stderr=True)
    started = time.perf_counter()
    arguments = (registry, games, players, names, scenario_id, options, seed, challenge, log_dir)
    if err.is_terminal:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn(_("simulating"), markup=False),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task("games", total=games)
            report = simulate(
                *arguments,
                progress=lambda: bar.advance(task),
                rules=int(rules_revision),
                workers=workers,
                scheduler=scheduler,
                think=think,
            )
    else:
        report = simulate(
            *arguments, rules=int(rules_revision), workers=workers, scheduler=scheduler, think=think
        )
    elapsed = time.perf_counter() - started
    if output_format == "json":
        print_json(report.to_json())
        return
    print_simulation(console(), report, registry, elapsed)


def _check_log_dir(log_dir: Path, games: int) -> None:
    """A folder for the logs, holding no file of another kind where a log goes."""
    if log_dir.exists() and not log_dir.is_dir():
        raise click.BadParameter(f"{log_dir} is not a folder", param_hint="'--log-dir'")
    log_dir.mkdir(parents=True, exist_ok=True)
    for index in range(games):
        target = log_dir / f"game-{index + 1:04d}.jsonl"
        if target.exists() and not is_log(target):
            raise click.BadParameter(
                f"{target} exists and is not a Dioses! game log; not overwriting it",
                param_hint="'--log-dir'",
            )
