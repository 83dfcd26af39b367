"""One sitting of ``dioses play``: the log written as the game goes, the save
after every turn, the narration, and what is printed and written at the end."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from attrs import evolve

from dioses_rules.engine.game import Game, GameResult
from dioses_rules.engine.log import NUMBERED_FROM, LogWriter, numbering_of, to_file
from dioses_rules.engine.saves import PlayInfo, write_save
from dioses_rules.engine.state import game_error
from dioses_rules.engine.view import final_board_files
from dioses_rules.pool.registry import Registry
from dioses_rules.scoring.board import write_board

from . import best
from .choice_words import N_
from .human import HUMAN, InputClosed
from .i18n import _
from .narration import Narrator
from .output import EXIT_INTERRUPTED, EXIT_USER_ERROR
from .table import draw_board, print_result
from .targets import final_board_paths

if TYPE_CHECKING:
    from .output import Console  # the console() factory's, which only output.py imports


class Autosave:
    """Writes the save after every turn: the engine's save data plus what the
    command needs to go on (the seed, the log so far, the card pool)."""

    def __init__(self, path: Path, play: PlayInfo) -> None:
        self.path = path
        self.play = play
        self.turn: int | None = None

    def write(self, game: Game, records: Sequence[dict[str, Any]]) -> None:
        write_save(self.path, game, evolve(self.play, records=list(records)))
        self.turn = game.state.turn


class Session:
    """One sitting of 'dioses play': logs, autosaves, narration, the end."""

    def __init__(
        self,
        out: Console,
        registry: Registry,
        save_path: Path,
        play: PlayInfo,
        log_path: Path | None,
        records: Sequence[dict[str, Any]] = (),
    ) -> None:
        self.out = out
        self.registry = registry
        self.records = list(records)
        # seats, turns, areas from 1 in a new log; an old save's log goes on as it began
        self.numbering = numbering_of(self.records[0]) if self.records else NUMBERED_FROM
        self.narrator = Narrator(out)
        self.autosave = Autosave(save_path, play)
        self.log_path = log_path
        self.writer: LogWriter | None = None
        self.transform: Callable[[dict[str, Any]], dict[str, Any]] = lambda record: record
        self.best_time: float | None = None  # seconds per area at the end; 0: none

    def log(self, record: dict[str, Any]) -> None:
        """An engine record: kept and written as the log numbers it (a game
        resumed from an older save goes on with that save's numbering), told
        by the narrator as the engine made it."""
        written = to_file(self.transform(record), self.numbering)
        self.records.append(written)
        if self.writer is not None:
            self.writer.write(written)
        self.narrator.record(record)

    def save(self, game: Game) -> None:
        """Autosave, and from the first autosave on keep the log as the game
        goes: until then nothing is written, so nothing is replaced."""
        self.autosave.write(game, self.records)
        if self.writer is None and self.log_path is not None:
            self.writer = LogWriter(self.log_path, self.records)
            self.writer.start()

    def on_turn(self, game: Game) -> None:
        self.save(game)
        self.narrator.flush(game)
        self._show_to_onlookers(game)

    def _show_to_onlookers(self, game: Game) -> None:
        """Draw the table when an agent is to play (a human draws it when asked)."""
        if not game.state.finished and game.agents[game.state.active].name != HUMAN:
            draw_board(self.out, game, None)
            self.narrator.dirty = False

    def run(
        self, start: Callable[[Callable[[dict[str, Any]], None]], Game], final_board: Path | None
    ) -> None:
        try:
            game = start(self.log)
            if game.state.finished:
                result = game.result()  # logs nothing new: see resume.py
            else:
                if self.autosave.turn is None:
                    self.save(game)
                    self.narrator.flush(game, _("setup"))
                    self._show_to_onlookers(game)
                result = game.play(on_turn=self.on_turn)
                self.save(game)
        except InputClosed as stop:
            if str(stop) == "quit":
                self._stopped(N_("you quit"))
            else:
                self._stopped(N_("the input ended"), EXIT_USER_ERROR)  # not a success
            return
        except KeyboardInterrupt:
            self._stopped(N_("interrupted"), EXIT_INTERRUPTED)
            return
        except BrokenPipeError:  # stdout closed: output.py ends quietly
            raise
        except OSError as error:  # a full disk, a file removed under our feet
            where = error.filename or self.autosave.path
            raise game_error(
                f"cannot write {where}: {error.strerror or error}",
                "the last autosave stands" if self.autosave.turn is not None else None,
                "dioses",
                "G100",
            ) from None
        finally:
            if self.writer is not None:
                self.writer.close()
        self._finished(game, result, final_board)

    def _finished(self, game: Game, result: GameResult, final_board: Path | None) -> None:
        out = self.out
        bests: Sequence[best.Best] = ()
        seconds = best.BEST_TIME_LIMIT if self.best_time is None else self.best_time
        if seconds:
            if out.is_terminal:
                click.echo(_("finding each area's best possible layout..."), err=True)
            bests = best.best_totals(game, seconds)
        print_result(out, game, result, bests)
        out.print(_("saved: {path} (finished game)").format(path=self.autosave.path), markup=False)
        if self.log_path is not None:
            out.print(
                _("log: {path} (check it with: dioses replay {path})").format(path=self.log_path),
                markup=False,
            )
        if final_board is not None:
            paths = final_board_paths(final_board, len(game.state.areas))
            for area, (board_file, path) in enumerate(
                zip(final_board_files(game), paths, strict=True)
            ):
                write_board(board_file, path)
                out.print(
                    f"final board of area {area + 1}: {path} (dioses score {path})", markup=False
                )

    def _stopped(self, why: str, code: int = 0) -> None:
        save = self.autosave.path
        if self.autosave.turn is None:
            click.echo(
                _("{why}: the game had not started; nothing was saved").format(why=_(why)), err=True
            )
        else:
            click.echo(
                _(
                    "{why}: the game is saved in {save} as it was at the start of turn "
                    "{turn}; continue with: dioses play --resume {save}"
                ).format(why=_(why), save=save, turn=self.autosave.turn + 1),
                err=True,
            )
        if code:
            sys.exit(code)
