"""Where ``dioses play`` writes: the save, the log and the final boards.

The rule: nothing already written is lost. A new game never replaces an
existing save or log unless ``--overwrite`` asks for it, and never a file
that is not a save or a log at all. Without ``--save``, an existing
``dioses-save.json`` makes the game pick a fresh name (``dioses-save-2.json``)
and print it; an unfinished game there is pointed out instead (resume it, or
ask for another file). The paths come from the command line only: a save or
a log never says where to write.
"""

from __future__ import annotations

from pathlib import Path

import click

from dioses_rules.engine.log import is_log
from dioses_rules.engine.saves import is_save, read_json

from .options import check_writable_target

DEFAULT_SAVE = Path("dioses-save.json")
LOG_SUFFIX = ".jsonl"


def is_unfinished_save(path: Path) -> bool:
    saved = read_json(path)
    state = saved.get("state") if isinstance(saved, dict) else None
    return isinstance(state, dict) and state.get("finished", False) is not True


def beside(save_path: Path) -> Path:
    """The log that goes with a save: the same name, suffix .jsonl."""
    return save_path.with_suffix(LOG_SUFFIX)


def fresh_save_path(save_path: Path) -> Path:
    """``NAME-2.json``, ``NAME-3.json``... the first whose save and log are both free."""
    number = 2
    while True:
        candidate = save_path.with_name(f"{save_path.stem}-{number}{save_path.suffix}")
        if not candidate.exists() and not beside(candidate).exists():
            return candidate
        number += 1


def _refuse_unfinished(save_path: Path, option: str) -> None:
    raise click.BadParameter(
        f"{save_path} holds an unfinished game; continue it with "
        f"'dioses play --resume {save_path}', or add --overwrite to replace it, "
        f"or give another --save file",
        param_hint=option,
    )


def check_save_target(save_path: Path, overwrite: bool) -> None:
    """An explicit --save file: a new file, or with --overwrite an old save."""
    check_writable_target(save_path, "'--save'", is_save, "a Dioses! save")
    if save_path.exists() and not overwrite:
        if is_unfinished_save(save_path):
            _refuse_unfinished(save_path, "'--save'")
        raise click.BadParameter(
            f"{save_path} holds a saved game; add --overwrite to "
            f"replace it, or give another --save file",
            param_hint="'--save'",
        )


def check_log_target(
    log_path: Path, save_path: Path, overwrite: bool, option: str = "'--log'"
) -> None:
    check_writable_target(log_path, option, is_log, "a Dioses! game log")
    check_distinct(save_path, log_path)
    if log_path.exists() and not overwrite:
        raise click.BadParameter(
            f"{log_path} holds a game log; add --overwrite to replace "
            f"it, or give another --log file",
            param_hint=option,
        )


def check_distinct(save_path: Path, log_path: Path) -> None:
    if save_path.resolve() == log_path.resolve():
        raise click.BadParameter("the log and the save must be two files", param_hint="'--log'")


def new_game_targets(
    save_option: Path | None, log_option: Path | None, overwrite: bool
) -> tuple[Path, Path, str | None]:
    """The save and log of a new game, and a note when a fresh name was picked."""
    note = None
    if save_option is not None:
        save_path = save_option
        check_save_target(save_path, overwrite)
    else:
        save_path = DEFAULT_SAVE
        check_writable_target(save_path, "'--save'", lambda _: True, "")
        taken = save_path.exists() or (log_option is None and beside(save_path).exists())
        if taken and overwrite and is_save(save_path):
            check_save_target(save_path, overwrite)
        elif taken:
            if is_save(save_path) and is_unfinished_save(save_path):
                _refuse_unfinished(save_path, "'--save'")
            save_path = fresh_save_path(save_path)
            note = f"{DEFAULT_SAVE} or its log exists; this game is saved in {save_path}"
    log_path = log_option if log_option is not None else beside(save_path)
    check_log_target(
        log_path,
        save_path,
        overwrite,
        "'--log'" if log_option is not None else "the log beside the save",
    )
    return save_path, log_path, note


def final_board_paths(path: Path, areas: int) -> list[Path]:
    if areas == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{i + 1}{path.suffix}") for i in range(areas)]


def check_final_board(path: Path, areas: int) -> None:
    for target in final_board_paths(path, areas):
        if target.exists():
            raise click.BadParameter(
                f"{target} exists; not overwriting it", param_hint="'--final-board'"
            )
        parent = target.parent if str(target.parent) else Path(".")
        if not parent.is_dir():
            raise click.BadParameter(
                f"no folder {parent} for {target}", param_hint="'--final-board'"
            )
