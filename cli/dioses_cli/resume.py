"""``dioses play --resume``: a saved game, checked whole before it goes on.

The save is read strictly and checked as a game of the loaded card pool
(the bundled sets plus ``--cards``; never files the save names) before
"Resuming" is printed. The resumed game's log is ``--log`` or the file beside
the save; a path kept in an older save is only mentioned, never followed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from dioses_rules.engine.agents import AGENTS, make_agent
from dioses_rules.engine.log import first_record, is_log
from dioses_rules.engine.saves import PlayInfo, SaveFile, check_save, load_game, read_save
from dioses_rules.engine.state import GameError, game_error
from dioses_rules.errors import Diagnostic
from dioses_rules.pool.history import load_played_pool
from dioses_rules.pool.identity import compare_pools, pool_sets
from dioses_rules.pool.registry import Registry
from dioses_rules.wording.errors import message_text

from .human import HUMAN, HumanAgent
from .i18n import _
from .names import agent_word
from .options import check_writable_target
from .session import Session
from .targets import beside, check_distinct, check_final_board, check_save_target

if TYPE_CHECKING:
    from .output import Console  # the console() factory's, which only output.py imports


def resume(
    out: Console,
    path: Path,
    save_option: Path | None,
    log_option: Path | None,
    final_board: Path | None,
    extra_cards: tuple[Path, ...],
    overwrite: bool = False,
    best_time: float | None = None,
    lang: str = "en",
) -> None:
    if not path.exists():
        raise click.BadParameter(
            _("{path} does not exist").format(path=path), param_hint="'--resume'"
        )
    save = read_save(path)
    _check_agents(save, str(path))
    registry, kept = load_played_pool(save.play.pool, extra_cards)
    notes = kept + _check_pool(save, registry, bool(extra_cards), str(path))
    check_save(save, registry, str(path))
    save_path = save_option or path
    if save_path.resolve() != path.resolve():
        check_save_target(save_path, overwrite)
    finished = save.state.finished
    records = list(save.play.records)
    log_path, log_note = (
        (None, None) if finished else _log_path(save, log_option, save_path, overwrite, records)
    )
    if final_board is not None:
        check_final_board(final_board, len(save.state.areas))
    for note in [*notes, *filter(None, [log_note])]:
        click.echo(_("note: {note}").format(note=message_text(note, lang)), err=True)

    play = PlayInfo(seed=save.play.seed, pool=pool_sets(registry))
    session = Session(out, registry, save_path, play, log_path, records)
    session.best_time = best_time
    names = [agent.name for agent in save.agents]
    agents = [
        HumanAgent(out, session.narrator, lang=lang) if name == HUMAN else make_agent(name, 0)
        for name in names
    ]
    if finished:
        out.print(_("{path} holds a finished game").format(path=path), markup=False)
    else:
        out.print(
            _("Resuming {path} at turn {turn}; seats: {seats}").format(
                path=path,
                turn=save.state.turn + 1,
                seats=", ".join(f"{i + 1} {agent_word(n)}" for i, n in enumerate(names)),
            ),
            markup=False,
        )
    session.run(
        lambda log: load_game(registry, save, agents, None if finished else log, str(path)),
        final_board,
    )


def _check_agents(save: SaveFile, path: str) -> None:
    known = [HUMAN, *AGENTS]
    wrong = [
        Diagnostic(
            "G102",
            f"the saved game is damaged: $.agents[{i}].name: unknown "
            f"agent '{agent.name}' (agents: {', '.join(known)})",
            path,
        )
        for i, agent in enumerate(save.agents)
        if agent.name not in known
    ]
    if wrong:
        raise GameError(wrong)


def _check_pool(save: SaveFile, registry: Registry, cards_given: bool, path: str) -> list[str]:
    """The loaded pool must be the game's; returns what changed without
    making it another game (a bundled set updated with dioses-rules)."""
    if save.play.pool is not None:
        difference = compare_pools(save.play.pool, pool_sets(registry))
        if difference.errors:
            raise GameError([Diagnostic("G103", error, path) for error in difference.errors])
        return difference.notes
    if save.play.cards and not cards_given:
        raise game_error(
            f"this save, written by an earlier version, names its card files by path "
            f"({', '.join(save.play.cards)}); paths in a file are not followed",
            "give the card files with --cards",
            path,
            "G103",
        )
    return []


def _log_path(
    save: SaveFile,
    log_option: Path | None,
    save_path: Path,
    overwrite: bool,
    records: list[dict[str, Any]],
) -> tuple[Path | None, str | None]:
    """Where the resumed game's log goes: --log, else beside the save; a log
    file of this very game goes on, another one is replaced only with
    --overwrite, anything else never."""
    has_log = bool(records) and records[0].get("type") == "setup"
    if not has_log:
        if log_option is not None:
            raise game_error(
                "this save holds no log of the game so far; cannot write a log",
                path=str(save_path),
                code="G100",
            )
        return None, "this save holds no log of the game so far; the game goes on unlogged"
    option = "'--log'" if log_option is not None else "the log beside the save"
    log_path = log_option if log_option is not None else beside(save_path)
    check_writable_target(log_path, option, is_log, "a Dioses! game log")
    check_distinct(save_path, log_path)
    if log_path.exists() and first_record(log_path) != records[0] and not overwrite:
        raise click.BadParameter(
            f"{log_path} holds another game's log; add --overwrite to "
            f"replace it, or give another --log file",
            param_hint=option,
        )
    note = None
    if save.play.log and Path(save.play.log) != log_path.absolute():
        note = (
            f"the save names its log {save.play.log} (an earlier version kept that "
            f"path); this game's log is {log_path} (give --log to choose another)"
        )
    return log_path, note
