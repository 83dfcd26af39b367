"""Games played in the browser: the engine's own game, run in a thread of
its own, whose human seats wait for the page's choice.

The engine asks its agents (``agent.choose(game, decision)``) as it plays;
a person's seat here is :class:`PageSeat`, which publishes the decision as a
plain snapshot (what the page shows: the areas as anyone sees them, the
choices, what happened since) and waits for the index the page sends. The
page only ever reads snapshots, never the live game.

Every game is saved after every turn in ``dioses play``'s save format, its
log beside it (``NAME.json`` and ``NAME.jsonl``), in the one folder the
server was given: ``dioses play --resume NAME.json`` goes on in the
terminal, and ``dioses replay NAME.jsonl`` checks the log.

A game leaves the table (its thread ends, its seat is free for another
game) when the page ends it, or when a person's seat has waited
:data:`IDLE_SECONDS` with no page looking at the game: either way the last
autosave (the start of the turn being played, as when ``dioses play`` is
quit) stands in the folder, and the game goes on from it in the browser or
the terminal.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from attrs import evolve, frozen

from ..engine.agents import AGENTS, agent_seed, make_agent
from ..engine.game import Game
from ..engine.log import NUMBERED_FROM, LogWriter, numbering_of, pool_fields, to_file
from ..engine.saves import PlayInfo, SaveFile, load_game, write_save
from ..engine.state import Decision
from ..pool.identity import pool_sets
from .catalog import Catalog
from .language import N_
from .play_errors import PlayError
from .play_story import table_views

HUMAN = "human"  # a person's seat, as dioses play's saves name it
SEAT_KINDS = (HUMAN, *AGENTS)
WAIT_SECONDS = 20.0  # how long a page waits for the agents to play on
IDLE_SECONDS = 3600.0  # a person's seat unwatched this long: the game is saved and leaves


class GameLeft(Exception):
    """Raised in a game's own thread to stop it where it stands: the page
    ended it, or nobody looked at it for too long."""


@frozen
class GameSetup:
    """What a new game is set up with besides its seats: a scenario (solo and
    cooperative mode) with or without its challenge, and rule options, by id
    (what ``dioses play --scenario ID --challenge --rule NAME`` gives)."""

    scenario: str | None = None
    challenge: bool = False
    options: tuple[str, ...] = ()


class PageSeat:
    """A person's seat: the decision goes to the page, the answer comes back."""

    name = HUMAN

    def __init__(self, table: TableGame) -> None:
        self.table = table

    def choose(self, game: Game, decision: Decision) -> int:
        return self.table.ask(game, decision)


class TableGame:
    """One game in the browser: its thread, its snapshot, its files."""

    def __init__(
        self,
        game_id: str,
        catalog: Catalog,
        seats: Sequence[str],
        seed: int | None,
        folder: Path,
        saved: SaveFile | None = None,
        setup: GameSetup | None = None,
        idle_seconds: float = IDLE_SECONDS,
        on_leave: Callable[[TableGame], None] | None = None,
    ) -> None:
        self.id = game_id
        self.catalog = catalog
        self.seats = list(seats)
        # each person's seat has its own private link: a secret in its URL,
        # new each time the game sits down at a table (never saved)
        self.tokens = {i: secrets.token_urlsafe(16) for i, k in enumerate(seats) if k == HUMAN}
        self.owner = secrets.token_urlsafe(16)  # the page listing every seat's link
        self.seed = seed
        self.setup = setup or GameSetup()
        self.save_path = folder / f"web-game-{game_id}.json"
        self.log_path = folder / f"web-game-{game_id}.jsonl"
        self.saved = saved  # a SaveFile to go on from, or None for a new game
        self.records: list[dict[str, Any]] = list(saved.play.records) if saved is not None else []
        # seats, turns, areas from 1 in a new log; an older save's log goes on as it began
        self.numbering = numbering_of(self.records[0]) if self.records else NUMBERED_FROM
        self.writer: LogWriter | None = None
        self.changed = threading.Condition()
        self.snapshot: dict[str, Any] = {"state": "starting"}
        self.version = 0
        self._answer: int | None = None
        self._choices = 0
        self.idle_seconds = idle_seconds
        self.last_seen = time.monotonic()  # when a page last showed or answered it
        self.leaving: str | None = None  # why it leaves the table: "ended", "idle"
        self.saved_turn: int | None = None  # the turn the last autosave starts
        self.on_leave = on_leave
        self.thread: threading.Thread | None = None
        registry = catalog.registry
        self.play_info = PlayInfo(seed=seed, pool=pool_sets(registry))
        self._setup_extra = pool_fields(registry)

    # ---------------------------------------------------------------- the game's thread
    def start(self) -> None:
        """Set up and play in a thread of its own: setting up may already ask
        a person (a reveal, say), and then waits for the page."""
        self.thread = threading.Thread(target=self._run, daemon=True, name=f"dioses-game-{self.id}")
        self.thread.start()

    def _run(self) -> None:
        from ..engine.setup import new_game

        agents = [
            PageSeat(self)
            if name == HUMAN
            else make_agent(name, agent_seed(self.seed or 0, i))  # a save restores its rng
            for i, name in enumerate(self.seats)
        ]
        try:
            if self.saved is None:
                assert self.seed is not None  # Tables.new gives a new game its seed
                setup = self.setup
                game = new_game(
                    self.catalog.registry,
                    agents,
                    setup.scenario,
                    setup.options,
                    self.seed,
                    setup.challenge,
                    log=self.log,
                )
            else:
                game = load_game(
                    self.catalog.registry,
                    self.saved,
                    agents,
                    None if self.saved.state.finished else self.log,
                    self.save_path.name,
                )
            self.save(game)
            result = game.result() if game.state.finished else game.play(on_turn=self._turned)
            self.save(game)
            self._publish(table_views(self, game, None, result))
        except GameLeft:
            self._publish({"state": "left", "why": self.leaving, "turn": self.saved_turn})
        except Exception as error:  # our bug: the page says so, the log of the server has it
            self._publish({"state": "failed", "bug": type(error).__name__})
            raise
        finally:
            if self.writer is not None:
                self.writer.close()
            if self.leaving is not None and self.on_leave is not None:
                self.on_leave(self)

    def log(self, record: dict[str, Any]) -> None:
        """An engine record, kept and written as the log numbers it (as
        ``dioses play`` writes it)."""
        if record.get("type") == "setup":
            record = {**record, **self._setup_extra}
        written = to_file(record, self.numbering)
        self.records.append(written)
        if self.writer is not None:
            self.writer.write(written)

    def save(self, game: Game) -> None:
        """Autosave, as dioses play does after every turn, and keep the log."""
        write_save(self.save_path, game, evolve(self.play_info, records=list(self.records)))
        self.saved_turn = game.state.turn
        if self.writer is None:
            self.writer = LogWriter(self.log_path, self.records)
            self.writer.start()

    def _turned(self, game: Game) -> None:
        """After every turn: the autosave, then leave if the page ended the
        game while the agents played (a game of agents only stops here)."""
        self.save(game)
        if self.leaving is not None:
            raise GameLeft()

    def ask(self, game: Game, decision: Decision) -> int:
        """Publish the decision and wait for the page's answer."""
        with self.changed:
            self._answer = None
            self._choices = len(decision.choices)
            self.last_seen = time.monotonic()  # the seat waits for a person from now
            self._publish(table_views(self, game, decision, None))
            while self._answer is None:
                idle = time.monotonic() - self.last_seen
                if self.leaving is None and idle >= self.idle_seconds:
                    self.leaving = "idle"
                if self.leaving is not None:
                    raise GameLeft()
                self.changed.wait(timeout=self.idle_seconds - idle)
            answer, self._answer = self._answer, None
            self._choices = 0
            return answer

    def _publish(self, snapshot: dict[str, Any]) -> None:
        with self.changed:  # re-entrant: ask() holds it already
            self.version += 1
            self.snapshot = {**snapshot, "version": self.version}
            self.changed.notify_all()

    # ---------------------------------------------------------------- the page's side
    def end(self) -> None:
        """The page ends the game: its thread stops at the decision it waits
        for (the agents' turn under way is played to its autosave first), and
        the game leaves the table; the last autosave stands."""
        with self.changed:
            if self.leaving is None:
                self.leaving = "ended"
            self.last_seen = time.monotonic()
            self.changed.notify_all()
        if self.thread is not None:
            self.thread.join(timeout=WAIT_SECONDS)

    def answer(self, version: int, index: int, seat: int | None = None) -> None:
        """The page's choice for the decision it showed (``version``); then
        wait until the game asks again or ends. ``seat``: the seat whose
        private link sent it (None: the whole table's page, hot-seat)."""
        with self.changed:
            self.last_seen = time.monotonic()
            self._check_version(version, seat)
            if not 0 <= index < self._choices:
                raise PlayError.said(
                    "E421",
                    N_("no choice %(n)s: there are %(count)s"),
                    n=index + 1,
                    count=self._choices,
                )
            self._answer = index
            self.snapshot = {**self.snapshot, "state": "thinking"}
            self.changed.notify_all()
            self.changed.wait_for(lambda: self.version != version, timeout=WAIT_SECONDS)

    def choice_of_cells(self, version: int, cells: Sequence[int], seat: int | None = None) -> int:
        """The index of the choice the page's cells name (one cell, or the
        two of a swap) in the decision it showed (``version``)."""
        with self.changed:
            self._check_version(version, seat)
            shown = self.snapshot["decision"]["cells"]
            if not all(0 <= c < len(shown) for c in cells) or not 1 <= len(cells) <= 2:
                raise PlayError.said("E426", N_("choose a cell of the board"))
            entry = shown[cells[0]] or {}
            found: int | None = (
                entry.get("choice") if len(cells) == 1 else entry.get("partners", {}).get(cells[1])
            )
            if found is None:
                raise PlayError.said(
                    "E426",
                    N_("%(cells)s: not a choice in this decision"),
                    help=N_("the cells that are choices are buttons"),
                    cells=tuple(cells),  # CELLS: said as a player says them
                )
            return found

    def seat_of(self, token: str) -> int | None:
        """The seat whose private link carries ``token`` (compared in
        constant time), or None."""
        found = None
        for seat, secret in self.tokens.items():
            if secrets.compare_digest(secret.encode(), token.encode("utf-8", "replace")):
                found = seat
        return found

    def is_owner(self, key: str) -> bool:
        return secrets.compare_digest(self.owner.encode(), key.encode("utf-8", "replace"))

    def deciding_seat(self) -> int | None:
        """The seat the game waits for, if it waits for one."""
        snapshot = self.snapshot
        if snapshot.get("state") != "deciding" or "decision" not in snapshot:
            return None
        seat: int | None = snapshot["decision"]["seat"]
        return seat

    def poll(self) -> dict[str, Any]:
        """What a page polls for (no secret in it): has the game moved?"""
        with self.changed:
            self.last_seen = time.monotonic()
            return {
                "version": self.version,
                "state": "left" if self.leaving else self.snapshot.get("state"),
                "seat": self.deciding_seat(),
            }

    def _check_version(self, version: int, seat: int | None = None) -> None:
        if self.leaving is not None:
            raise PlayError.said(
                "E420",
                N_("this game has left the table; its last autosave stands"),
                help=N_("continue it from the Play page"),
            )
        if self.snapshot.get("state") != "deciding" or version != self.version:
            raise PlayError.said(
                "E420",
                N_("this choice is for a decision already made"),
                help=N_("the page shows the game as it is now"),
            )
        deciding = self.deciding_seat()
        if seat is not None and deciding is not None and seat != deciding:
            raise PlayError.said(
                "E429",
                N_("it is seat %(deciding)s's turn to choose, not seat %(seat)s's"),
                help=N_("this page updates by itself when it is your turn"),
                deciding=deciding + 1,
                seat=seat + 1,
            )

    def current(self) -> dict[str, Any]:
        with self.changed:
            self.last_seen = time.monotonic()
            self.changed.wait_for(
                lambda: self.snapshot.get("state") not in ("starting", "thinking"),
                timeout=WAIT_SECONDS,
            )
            return self.snapshot

    @property
    def live(self) -> bool:
        """Playing or waiting for a person (holding a seat of the table)."""
        return self.leaving is None and self.snapshot.get("state") not in (
            "finished",
            "failed",
            "left",
        )
