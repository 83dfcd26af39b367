"""One sitting of ``dioses play``: the log written as the game goes, the save
after every turn, the narration, and what is printed and written at the end."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Optional, Sequence

import click

from dioses_rules.engine.game import Game
from dioses_rules.engine.log import LogWriter, is_log
from dioses_rules.engine.saves import is_save, read_json, write_save
from dioses_rules.engine.state import game_error
from dioses_rules.engine.view import final_board_files
from dioses_rules.pool.registry import Registry
from dioses_rules.scoring.board import write_board

from .human import HUMAN, InputClosed, Narrator
from .options import check_writable_target
from .table import draw_board, print_result

EXIT_INTERRUPTED = 130


class Autosave:
    """Writes the save after every turn: the engine's save data plus what the
    command needs to go on (the log so far, the extra card files)."""

    def __init__(self, path: Path, meta: dict):
        self.path = path
        self.meta = meta
        self.turn: Optional[int] = None

    def write(self, game: Game, records: Sequence[dict]) -> None:
        write_save(self.path, game, {**self.meta, "records": list(records)})
        self.turn = game.state.turn


def check_save_target(save_path: Path, overwrite: bool) -> None:
    """A save may replace a finished game's save; an unfinished one only with
    --overwrite; anything else never."""
    check_writable_target(save_path, "'--save'", is_save, "a Dioses! save")
    if save_path.exists() and not overwrite:
        saved = read_json(save_path)
        state = saved.get("state") if isinstance(saved, dict) else None
        if isinstance(state, dict) and not state.get("finished", False):
            raise click.BadParameter(
                f"{save_path} holds an unfinished game; continue it with "
                f"'dioses play --resume {save_path}', or add --overwrite to replace it, "
                f"or give another --save file", param_hint="'--save'")


def check_log_target(log_path: Path, save_path: Path) -> None:
    check_writable_target(log_path, "'--log'", is_log, "a Dioses! game log")
    check_distinct(save_path, log_path)


def check_distinct(save_path: Path, log_path: Path) -> None:
    if save_path.resolve() == log_path.resolve():
        raise click.BadParameter("the log and the save must be two files",
                                 param_hint="'--log'")


def final_board_paths(path: Path, areas: int) -> list[Path]:
    if areas == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{i + 1}{path.suffix}") for i in range(areas)]


def check_final_board(path: Path, areas: int) -> None:
    for target in final_board_paths(path, areas):
        if target.exists():
            raise click.BadParameter(f"{target} exists; not overwriting it",
                                     param_hint="'--final-board'")
        parent = target.parent if str(target.parent) else Path(".")
        if not parent.is_dir():
            raise click.BadParameter(f"no folder {parent} for {target}",
                                     param_hint="'--final-board'")


class Session:
    """One sitting of 'dioses play': logs, autosaves, narration, the end."""

    def __init__(self, out, registry: Registry, save_path: Path, meta: dict,
                 log_path: Optional[Path], records: Sequence[dict] = ()):
        self.out = out
        self.registry = registry
        self.records = list(records)
        self.narrator = Narrator(out)
        self.autosave = Autosave(save_path, meta)
        self.log_path = log_path
        self.writer: Optional[LogWriter] = None
        self.transform: Callable[[dict], dict] = lambda record: record

    def log(self, record: dict) -> None:
        record = self.transform(record)
        self.records.append(record)
        if self.writer is not None:
            self.writer.write(record)
        self.narrator.record(record)

    def on_turn(self, game: Game) -> None:
        self.autosave.write(game, self.records)
        self.narrator.flush(game)
        self._show_to_onlookers(game)

    def _show_to_onlookers(self, game: Game) -> None:
        """Draw the table when an agent is to play (a human draws it when asked)."""
        if not game.state.finished and game.agents[game.state.active].name != HUMAN:
            draw_board(self.out, game, None)
            self.narrator.dirty = False

    def run(self, start: Callable[[Callable[[dict], None]], Game],
            final_board: Optional[Path]) -> None:
        try:
            if self.log_path is not None:
                self.writer = LogWriter(self.log_path, self.records)
            game = start(self.log)
            if game.state.finished:
                result = game.result()  # logs nothing new: see play._resume
            else:
                if self.autosave.turn is None:
                    self.autosave.write(game, self.records)
                    self.narrator.flush(game, "setup")
                    self._show_to_onlookers(game)
                result = game.play(on_turn=self.on_turn)
                self.autosave.write(game, self.records)
        except InputClosed as stop:
            self._stopped(f"{'you quit' if str(stop) == 'quit' else 'the input ended'}")
            return
        except KeyboardInterrupt:
            self._stopped("interrupted", EXIT_INTERRUPTED)
            return
        except OSError as error:  # a full disk, a file removed under our feet
            where = error.filename or self.autosave.path
            raise game_error(f"cannot write {where}: {error.strerror or error}",
                             "the last autosave stands" if self.autosave.turn is not None
                             else None, "dioses", "G100")
        finally:
            if self.writer is not None:
                self.writer.close()
        self._finished(game, result, final_board)

    def _finished(self, game: Game, result, final_board: Optional[Path]) -> None:
        out = self.out
        print_result(out, game, result)
        out.print(f"saved: {self.autosave.path} (finished game)", markup=False)
        if self.log_path is not None:
            out.print(f"log: {self.log_path} (check it with: dioses replay {self.log_path})",
                      markup=False)
        if final_board is not None:
            paths = final_board_paths(final_board, len(game.state.areas))
            for area, (board_file, path) in enumerate(zip(final_board_files(game), paths)):
                write_board(board_file, path)
                out.print(f"final board of area {area + 1}: {path} (dioses score {path})",
                          markup=False)

    def _stopped(self, why: str, code: int = 0) -> None:
        save = self.autosave.path
        if self.autosave.turn is None:
            click.echo(f"{why}: the game had not started; nothing was saved", err=True)
        else:
            click.echo(f"{why}: the game is saved in {save} as it was at the start of turn "
                       f"{self.autosave.turn + 1}; continue with: dioses play --resume {save}",
                       err=True)
        if code:
            sys.exit(code)
