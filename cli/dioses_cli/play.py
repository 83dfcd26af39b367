"""``dioses play``: a game in the terminal against agents, or hot-seat.

A new game or a resumed save is run by a :class:`session.Session`; the human
seats are :class:`human.HumanAgent`. The engine, saves and logs are the
library's (``dioses_rules.engine``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from dioses_rules.engine.agents import AGENTS, agent_seed, make_agent
from dioses_rules.engine.log import pool_fields
from dioses_rules.engine.saves import PlayInfo
from dioses_rules.engine.setup import MAX_SEATS, new_game
from dioses_rules.pool.identity import pool_sets

from .best import BEST_TIME_LIMIT
from .completion import complete_agents
from .human import HUMAN, HumanAgent
from .i18n import _
from .names import agent_word, name_of, texts
from .options import (
    CARDS_OPTION,
    LANG_OPTION,
    RULINGS_OPTION,
    check_players,
    check_think,
    game_arguments,
    parse_agents,
    setup_options,
    shares_one_area,
    think_option,
)
from .output import console, exit_codes_help, user_errors
from .params import FilePath, Seconds, Whole
from .resume import resume
from .session import Session
from .targets import DEFAULT_SAVE, check_final_board, new_game_targets

if TYPE_CHECKING:
    from dioses_rules.pool.registry import Registry

    from .output import Console  # the console() factory's, which only output.py imports


@click.command("play", epilog=exit_codes_help("a user's error, or the input ended mid-game"))
@click.option(
    "--players",
    type=Whole(1, MAX_SEATS),
    help="Seats at the table (default 2; 1 with --scenario; or as many as --agents).",
)
@setup_options
@click.option("--seed", type=Whole(0), help="Random seed (default: a random one, printed).")
@click.option(
    "--agents",
    "agents_text",
    shell_complete=complete_agents,
    metavar="LIST",
    help="Who sits in each seat, comma-separated: human, greedy, random, planner "
    "(default: human, then greedy). Several humans play hot-seat.",
)
@think_option()
@click.option(
    "--save",
    "save_path",
    type=FilePath(path_type=Path),
    help=f"Autosave file, written after every turn [default: ./{DEFAULT_SAVE}, or "
    f"a fresh name beside it when it exists].",
)
@click.option(
    "--resume",
    "resume_path",
    type=FilePath(path_type=Path, dir_okay=False),
    help="Continue a saved game.",
)
@click.option(
    "--overwrite",
    is_flag=True,
    help="Let a new game replace an existing save and log (never other files). "
    "Without it an existing --save or --log is refused, and an existing "
    "default save makes the game pick a fresh name.",
)
@click.option(
    "--log",
    "log_path",
    type=FilePath(path_type=Path, dir_okay=False),
    help="Write the game log (JSON lines; 'dioses replay' checks it). Default: "
    "beside the save, with the suffix .jsonl (also when resuming).",
)
@click.option(
    "--final-board",
    "final_board",
    type=FilePath(path_type=Path, dir_okay=False),
    help="At the end, write each area as a board file for 'dioses score' "
    "(FILE-1, FILE-2... when there are several areas).",
)
@click.option(
    "--best-time",
    type=Seconds(0.0, 600.0),
    metavar="SECONDS",
    help=f"At the end, search this long per area for the best score its cards "
    f"could have made ('dioses solve' on its final board); 0: do not "
    f"[default: {BEST_TIME_LIMIT:g}].",
)
@LANG_OPTION
@RULINGS_OPTION
@CARDS_OPTION
@user_errors
def play_command(
    sets: tuple[str, ...],
    players: int | None,
    scenario: str | None,
    challenge: bool,
    rules: tuple[str, ...],
    seed: int | None,
    agents_text: str | None,
    think: int | None,
    save_path: Path | None,
    resume_path: Path | None,
    overwrite: bool,
    log_path: Path | None,
    final_board: Path | None,
    best_time: float | None,
    lang: str,
    extra_cards: tuple[Path, ...],
) -> None:
    """Play in the terminal against agents, or hot-seat with several humans.

    Each human sees the board (face-down cards are '?', even their own), the
    legal choices numbered, and types a number. The game is saved after every
    turn; Ctrl-C or the end of the input stops it, and --resume goes on.
    """
    out = console()
    if resume_path is not None:
        _resume_takes_no_setup(sets, players, scenario, challenge, rules, seed, agents_text, think)
        resume(
            out,
            resume_path,
            save_path,
            log_path,
            final_board,
            extra_cards,
            overwrite,
            best_time,
            lang,
        )
        return
    registry, scenario_id, options = game_arguments(extra_cards, scenario, challenge, rules, sets)
    shared = shares_one_area(registry, scenario_id, options)
    names = _seat_names(parse_agents(agents_text, [HUMAN, *AGENTS]), players, scenario_id, shared)
    check_think(think, names)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    # Every game writes a log: beside the save unless --log says where.
    save_path, log_path, note = new_game_targets(save_path, log_path, overwrite)
    if final_board is not None:
        check_final_board(final_board, 1 if shared else len(names))
    if note:
        click.echo(f"note: {note}", err=True)

    played = pool_sets(registry)
    session = Session(out, registry, save_path, PlayInfo(seed=seed, pool=played), log_path)
    agents = [
        HumanAgent(out, session.narrator, lang=lang)
        if name == HUMAN
        else make_agent(name, agent_seed(seed, seat), think)
        for seat, name in enumerate(names)
    ]
    _announce(out, registry, names, scenario_id, seed, save_path)
    fields = pool_fields(registry)

    def setup_record(record: dict[str, Any]) -> dict[str, Any]:
        if record.get("type") == "setup":
            record = {**record, **fields}
        return record

    session.transform = setup_record
    session.best_time = best_time
    session.run(
        lambda log: new_game(registry, agents, scenario_id, options, seed, challenge, log=log),
        final_board,
    )


def _resume_takes_no_setup(
    sets: tuple[str, ...],
    players: int | None,
    scenario: str | None,
    challenge: bool,
    rules: tuple[str, ...],
    seed: int | None,
    agents_text: str | None,
    think: int | None,
) -> None:
    """--resume goes on as the game was set up: a setup option is a usage error."""
    given = [
        name
        for name, value in (
            ("--set", bool(sets)),
            ("--players", players is not None),
            ("--scenario", scenario is not None),
            ("--challenge", challenge),
            ("--rule", bool(rules)),
            ("--seed", seed is not None),
            ("--agents", agents_text is not None),
            ("--think", think is not None),
        )
        if value
    ]
    if given:
        raise click.UsageError(
            f"--resume continues a saved game as it was set up; "
            f"{', '.join(given)} cannot be changed"
        )


def _announce(
    out: Console,
    registry: Registry,
    names: list[str],
    scenario_id: str | None,
    seed: int,
    save_path: Path,
) -> None:
    """The new game's one heading line (and a scenario's card text)."""
    seats = ", ".join(f"{i + 1} {agent_word(n)}" for i, n in enumerate(names))
    scenario = registry.get("scenario", scenario_id) if scenario_id else None
    if scenario_id:
        assert scenario is not None, "the scenario id was resolved (options.resolve_scenario)"
        head = _("New game of scenario {name}, seed {seed}; seats: {seats}; autosave: {save}")
    else:
        head = _("New {count}-player game, seed {seed}; seats: {seats}; autosave: {save}")
    out.print(
        head.format(
            name=name_of(scenario) if scenario is not None else "",
            count=len(names),
            seed=seed,
            seats=seats,
            save=save_path,
        ),
        markup=False,
    )
    if scenario is not None:
        out.print(texts(registry).text(scenario), markup=False)


def _seat_names(
    names: list[str] | None, players: int | None, scenario_id: str | None, shared: bool
) -> list[str]:
    """Who sits where: as asked, then greedy agents up to ``players``."""
    if players is None:
        players = len(names) if names else (1 if scenario_id else 2)
    check_players(players, shared or scenario_id is not None, MAX_SEATS)
    if names is None:
        names = [HUMAN]
    if len(names) > players:
        raise click.BadParameter(
            _("{count} agents for {players} players").format(count=len(names), players=players),
            param_hint="'--agents'",
        )
    return names + ["greedy"] * (players - len(names))
