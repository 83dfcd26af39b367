"""``dioses play``: a game in the terminal against agents, or hot-seat.

A new game or a resumed save is run by a :class:`session.Session`; the human
seats are :class:`human.HumanAgent`. The engine, saves and logs are the
library's (``dioses_rules.engine``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Optional

import click

from dioses_rules.engine.agents import AGENTS, agent_seed, make_agent
from dioses_rules.engine.log import is_log, pool_fingerprint
from dioses_rules.engine.saves import load_game, read_save, saved_state
from dioses_rules.engine.setup import MAX_SEATS, new_game
from dioses_rules.engine.state import game_error
from dioses_rules.language.english_definitions import english_text
from dioses_rules.pool.load import load_registry

from .human import HUMAN, HumanAgent
from .options import (CARDS_OPTION, check_players, check_writable_target, game_arguments,
                      parse_agents, setup_options)
from .output import console, user_errors
from .session import (Session, check_distinct, check_final_board, check_log_target,
                      check_save_target)

DEFAULT_SAVE = "dioses-save.json"


@click.command("play")
@click.option("--players", type=click.IntRange(1, MAX_SEATS),
              help="Seats at the table (default 2; 1 with --scenario; or as many as --agents).")
@setup_options
@click.option("--seed", type=int, help="Random seed (default: a random one, printed).")
@click.option("--agents", "agents_text", metavar="LIST",
              help="Who sits in each seat, comma-separated: human, greedy, random "
                   "(default: human, then greedy). Several humans play hot-seat.")
@click.option("--save", "save_path", type=click.Path(path_type=Path),
              help=f"Autosave file, written after every turn [default: ./{DEFAULT_SAVE}].")
@click.option("--resume", "resume_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Continue a saved game.")
@click.option("--overwrite", is_flag=True,
              help="Replace a save file that holds an unfinished game.")
@click.option("--log", "log_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Write the game log (JSON lines; 'dioses replay' checks it). Default: "
                   "beside the save, with the suffix .jsonl.")
@click.option("--final-board", "final_board", type=click.Path(path_type=Path, dir_okay=False),
              help="At the end, write each area as a board file for 'dioses score' "
                   "(FILE-1, FILE-2... when there are several areas).")
@CARDS_OPTION
@user_errors
def play_command(players, scenario, challenge, rules, seed, agents_text, save_path,
                 resume_path, overwrite, log_path, final_board, extra_cards) -> None:
    """Play in the terminal against agents, or hot-seat with several humans.

    Each human sees the board (face-down cards are '?', even their own), the
    legal choices numbered, and types a number. The game is saved after every
    turn; Ctrl-C or the end of the input stops it, and --resume goes on.
    """
    out = console()
    if resume_path is not None:
        given = [name for name, value in (
            ("--players", players is not None), ("--scenario", scenario is not None),
            ("--challenge", challenge), ("--rule", bool(rules)),
            ("--seed", seed is not None), ("--agents", agents_text is not None)) if value]
        if given:
            raise click.UsageError(f"--resume continues a saved game as it was set up; "
                                   f"{', '.join(given)} cannot be changed")
        _resume(out, resume_path, save_path, log_path, final_board, extra_cards, overwrite)
        return
    registry, scenario_id, options = game_arguments(extra_cards, scenario, challenge, rules)
    names = _seat_names(parse_agents(agents_text, [HUMAN, *AGENTS]), players, scenario_id)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    save_path = save_path or Path(DEFAULT_SAVE)
    check_save_target(save_path, overwrite)
    if log_path is None:
        # Every game writes a log: beside the save unless --log says where.
        beside = save_path.with_suffix(".jsonl")
        if not beside.exists() or is_log(beside):
            log_path = beside
    if log_path is not None:
        check_log_target(log_path, save_path)
    if final_board is not None:
        check_final_board(final_board, 1 if scenario_id else len(names))

    meta = {"cards": [str(Path(p).resolve()) for p in extra_cards],
            "log": str(log_path.resolve()) if log_path else None, "seed": seed}
    session = Session(out, registry, save_path, meta, log_path)
    agents = [HumanAgent(out, session.narrator) if name == HUMAN
              else make_agent(name, agent_seed(seed, seat)) for seat, name in enumerate(names)]
    what = f"scenario {scenario_id}" if scenario_id else f"{len(names)}-player game"
    out.print(f"New {what}, seed {seed}; seats: " +
              ", ".join(f"{i + 1} {n}" for i, n in enumerate(names)) +
              f"; autosave: {save_path}", markup=False)
    if scenario_id:
        out.print(english_text(registry.get("scenario", scenario_id), registry.display_names(),
                               vocabulary=registry.vocabulary), markup=False)
    pool = pool_fingerprint(registry)

    def setup_record(record: dict) -> dict:
        if record.get("type") == "setup":
            record = {**record, "cards": meta["cards"], "pool": pool}
        return record

    session.transform = setup_record
    session.run(lambda log: new_game(registry, agents, scenario_id, options, seed, challenge,
                                     log=log), final_board)


def _seat_names(names: Optional[list[str]], players: Optional[int],
                scenario_id: Optional[str]) -> list[str]:
    """Who sits where: as asked, then greedy agents up to ``players``."""
    if players is None:
        players = len(names) if names else (1 if scenario_id else 2)
    check_players(players, scenario_id, MAX_SEATS)
    if names is None:
        names = [HUMAN]
    if len(names) > players:
        raise click.BadParameter(f"{len(names)} agents for {players} players",
                                 param_hint="'--agents'")
    return names + ["greedy"] * (players - len(names))


def _fail(message: str, help: Optional[str] = None, path: str = "dioses"):
    return game_error(message, help, path, "G100")


def _resume(out, path: Path, save_path: Optional[Path], log_path: Optional[Path],
            final_board: Optional[Path], extra_cards, overwrite: bool = False) -> None:
    if not path.exists():
        raise click.BadParameter(f"{path} does not exist", param_hint="'--resume'")
    data = read_save(path)
    meta = dict(data.get("play") or {})
    state = data.get("state")
    if not isinstance(state, dict) or state.get("seats") != len(data["agents"]):
        raise _fail("the saved game is damaged: its seats and agents do not match",
                    path=str(path))
    if not isinstance(meta.get("cards") or [], list) or not isinstance(
            meta.get("records") or [], list):
        raise _fail("the saved game is damaged: bad 'play' section", path=str(path))
    registry = _resume_registry(path, data, meta, extra_cards)
    save_path = save_path or path
    if save_path.resolve() != path.resolve():
        check_save_target(save_path, overwrite)
    records = [r for r in meta.get("records") or [] if isinstance(r, dict)]
    log_path = _resume_log_path(meta, log_path, save_path, records)
    names = [agent["name"] for agent in data["agents"]]
    meta["log"] = str(log_path.resolve()) if log_path else None
    session = Session(out, registry, save_path, meta, log_path, records)
    agents = [HumanAgent(out, session.narrator) if name == HUMAN else make_agent(name, 0)
              for name in names]
    finished = state.get("finished") is True
    if final_board is not None:
        areas = state.get("areas")
        check_final_board(final_board, len(areas) if isinstance(areas, list) and areas else 1)
    if not finished:
        turn = state.get("turn") if isinstance(state.get("turn"), int) else 0
        out.print(f"Resuming {path} at turn {turn + 1}; seats: " +
                  ", ".join(f"{i + 1} {n}" for i, n in enumerate(names)), markup=False)

    def start(log):
        try:
            return load_game(registry, data, agents, log=None if finished else log)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise _fail(f"the saved game is damaged ({type(error).__name__}: {error})",
                        path=str(path))

    if finished:
        out.print(f"{path} holds a finished game", markup=False)
        session.log_path = None  # nothing new to log
    session.run(start, final_board)


def _resume_registry(path: Path, data: dict, meta: dict, extra_cards):
    """The card pool a saved game was played with; every card it holds must be in it."""
    cards = [Path(p) for p in meta.get("cards") or [] if isinstance(p, str)]
    missing = [str(p) for p in cards if not p.exists()]
    if missing:
        raise _fail(f"the saved game used card files that are gone: {', '.join(missing)}")
    registry, _ = load_registry([*cards, *extra_cards])
    known = {c.id for c in registry.myth_cards()}
    try:
        used = {card for _, card in saved_state(data).all_card_places()}
    except Exception:  # load_game reports a damaged save below
        used = set()
    unknown = sorted(used - known)
    if unknown:
        raise _fail(f"the saved game uses cards no loaded set defines: "
                    f"{', '.join(unknown[:8])}", "load their card files with --cards", str(path))
    return registry


def _resume_log_path(meta: dict, log_path: Optional[Path], save_path: Path,
                     records: list[dict]) -> Optional[Path]:
    """Where a resumed game's log goes: --log, else where the save says."""
    if log_path is None and meta.get("log"):
        saved_log = Path(meta["log"])
        if saved_log.exists() and not is_log(saved_log):
            raise _fail(f"the game's log {saved_log} now holds something else; not "
                        f"touching it", "give another log file with --log")
        log_path = saved_log
    elif log_path is not None:
        check_writable_target(log_path, "'--log'", is_log, "a Dioses! game log")
    if log_path is not None:
        check_distinct(save_path, log_path)
    if log_path is not None and (not records or records[0].get("type") != "setup"):
        raise _fail("this save holds no log of the game so far; cannot write a log")
    return log_path
