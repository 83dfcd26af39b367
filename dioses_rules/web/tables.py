"""The table of a server: every game it holds, by id, how many may be
played at once, which games are saved in its folder, and how a game is
started, continued, ended, and leaves the table.

One game (its thread, its snapshot, its files) is :class:`.play.TableGame`.
"""

from __future__ import annotations

import random
import re
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..engine.saves import SaveFile, check_save, read_save
from ..engine.setup import seat_areas, settings_for
from ..engine.state import GameError
from ..errors import Diagnostic
from ..language import model as m
from ..pool.identity import compare_pools, pool_sets
from .catalog import Catalog
from .language import N_
from .play import IDLE_SECONDS, SEAT_KINDS, GameSetup, PlayError, TableGame

MAX_LIVE_GAMES = 8  # unfinished games one server holds at once
MAX_LEFT = 200  # games that left the table whose page still says why
_GAME_ID = re.compile(r"^[a-z0-9]{8,32}$")
_SAVE_NAME = re.compile(r"^web-game-([a-z0-9]{8,32})\.json$")


UNKNOWN = {
    "scenario": N_("unknown scenario '%(name)s'"),
    "rule-option": N_("unknown rule option '%(name)s'"),
}


class Tables:
    """Every game this server holds, by id. A game a person left leaves the
    table after ``idle_seconds`` with no page looking at it (saved first);
    a finished one after as long (its page of scores stays until then)."""

    def __init__(
        self,
        catalog: Catalog,
        folder: Path | None,
        idle_seconds: float = IDLE_SECONDS,
        private: bool = False,
        announce: Callable[[TableGame], None] | None = None,
    ) -> None:
        """``private``: every seat plays by its private link only (a server
        others can reach); the game's own page without one only watches.
        ``announce``: told each game that sits down (``dioses serve`` prints
        its links)."""
        self.catalog = catalog
        self.private = private
        self.announce = announce
        self.folder = folder
        self.idle_seconds = idle_seconds
        self.games: dict[str, TableGame] = {}
        self.left: dict[str, tuple[str, int | None]] = {}  # id: why, the saved turn
        self.lock = threading.Lock()

    def _seat(
        self,
        game_id: str,
        seats: Sequence[str],
        seed: int | None,
        saved: SaveFile | None = None,
        setup: GameSetup | None = None,
    ) -> TableGame:
        """Put a game on the table, if there is room, and start it; a game
        already there under this id (a second click on Continue, at the same
        time) is that game."""
        assert self.folder is not None  # a server that saves no games plays none (new)
        with self.lock:
            if game_id in self.games:
                return self.games[game_id]
            self._check_room()
            table = TableGame(
                game_id,
                self.catalog,
                seats,
                seed,
                self.folder,
                saved,
                setup,
                self.idle_seconds,
                self._gone,
            )
            self.games[game_id] = table
            self.left.pop(game_id, None)
        table.start()
        if self.announce is not None:
            self.announce(table)
        return table

    def _gone(self, table: TableGame) -> None:
        """A game's thread ended it (ended from the page, or idle): off the table."""
        with self.lock:
            if self.games.get(table.id) is table:
                del self.games[table.id]
            self.left[table.id] = (table.leaving or "ended", table.saved_turn)
            while len(self.left) > MAX_LEFT:
                del self.left[next(iter(self.left))]

    def sweep(self) -> None:
        """Finished and failed games nobody looked at for ``idle_seconds``
        leave the table (their files stay)."""
        now = time.monotonic()
        with self.lock:
            for game_id, table in list(self.games.items()):
                if (
                    not table.live
                    and table.leaving is None
                    and now - table.last_seen >= self.idle_seconds
                ):
                    del self.games[game_id]

    def listing(self) -> list[TableGame]:
        """The games on the table now (a copy: threads change the table)."""
        self.sweep()
        with self.lock:
            return list(self.games.values())

    def end(self, game_id: str) -> TableGame:
        """End a game from its page: it stops, its last autosave stands."""
        table = self.get(game_id)
        if table is None:
            raise PlayError.said(
                "E425", N_("no game '%(game)s' on this server's table"), game=game_id
            )
        if table.live:  # a finished game's page of scores stays (it is saved whole)
            table.end()
        return table

    def new(
        self, seats: Sequence[str], seed: int | None = None, setup: GameSetup = GameSetup()
    ) -> TableGame:
        if self.folder is None:
            raise PlayError.said(
                "E422",
                N_("this server saves no games, so it plays none"),
                help=N_("start it with %(command)s"),
                command="dioses serve --saves FOLDER",
            )
        unknown = [s for s in seats if s not in SEAT_KINDS]
        if unknown:
            raise PlayError.said(
                "E423",
                N_("unknown seat '%(seat)s'"),
                help=N_("seats: %(seats)s"),
                seat=unknown[0],
                seats=", ".join(SEAT_KINDS),
            )
        self.check_setup(len(seats), setup)
        self.sweep()
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        return self._seat(secrets.token_hex(8), seats, seed, setup=setup)

    def _check_room(self) -> None:
        """A seat for one more game (called holding the lock)."""
        if sum(1 for g in self.games.values() if g.live) >= MAX_LIVE_GAMES:
            minutes = max(1, round(self.idle_seconds / 60))
            raise PlayError.said(
                "E424",
                N_("%(count)s games are already going on"),
                help=N_(
                    "end one from its page (it is saved and can be continued), or finish "
                    "one; a game nobody looks at for %(minutes)s minutes is saved and ends "
                    "by itself"
                ),
                count=MAX_LIVE_GAMES,
                minutes=minutes,
            )

    def check_setup(self, seats: int, setup: GameSetup) -> None:
        """Refuse, with one message, a scenario or a rule option the loaded
        sets do not have, a challenge without a scenario, and a number of
        seats the game cannot seat (the engine's own rule, ``seat_areas``:
        the base game 2 to 6, a scenario or a shared area 1 to 6)."""
        registry = self.catalog.registry
        for family, wanted in (
            ("scenario", [setup.scenario] if setup.scenario else []),
            ("rule-option", setup.options),
        ):
            for card_id in wanted:
                if registry.get(family, card_id) is None:
                    pool = [d.id for d in registry.definitions(family)]
                    raise PlayError.said(
                        "E427",
                        UNKNOWN[family],
                        help=N_("the loaded sets have: %(names)s"),
                        name=card_id,
                        names=", ".join(pool),
                    )
        if setup.challenge and setup.scenario is None:
            raise PlayError.said("E427", N_("the challenge belongs to a scenario: choose one"))
        scenario = registry.get("scenario", setup.scenario) if setup.scenario else None
        mode = scenario.options if isinstance(scenario, m.Scenario) else ()  # known: checked above
        try:  # the options' settings as new_game reads them (a scenario's mode last)
            settings = settings_for(registry, [*registry.always_options(), *setup.options, *mode])
            seat_areas(seats, settings, setup.scenario is not None)
        except GameError as error:
            raise PlayError.one(
                "E423", error.diagnostics[0].message, help=error.diagnostics[0].help
            ) from None

    def saved_games(self) -> list[str]:
        """The ids of the games saved in the folder (``web-game-ID.json``)."""
        if self.folder is None:
            return []
        found = (_SAVE_NAME.match(p.name) for p in self.folder.glob("web-game-*.json"))
        return sorted(m.group(1) for m in found if m)

    def resume(self, game_id: str) -> TableGame:
        """Go on with a game saved in the folder, by its id among those
        :meth:`saved_games` lists (the page names no file)."""
        live = self.games.get(game_id)
        if live is not None and live.leaving is not None:
            raise PlayError.said(
                "E428",
                N_(
                    "this game is still leaving the table: the agents finish the turn "
                    "under way and it is saved"
                ),
                help=N_("continue it in a moment"),
            )
        if live is not None:
            return live
        if game_id not in self.saved_games():
            raise PlayError.said(
                "E425", N_("no saved game '%(game)s' in this server's folder"), game=game_id
            )
        assert self.folder is not None  # saved_games() lists none without a folder
        path = self.folder / f"web-game-{game_id}.json"
        save = read_save(path)
        registry = self.catalog.registry
        if save.play.pool is not None:
            difference = compare_pools(save.play.pool, pool_sets(registry))
            if difference.errors:
                raise PlayError([Diagnostic("G103", e, path.name) for e in difference.errors])
        check_save(save, registry, path.name)
        seats = [agent.name for agent in save.agents]
        unknown = [name for name in seats if name not in SEAT_KINDS]
        if unknown:
            raise PlayError.one("G102", f"unknown agent '{unknown[0]}'", path.name)
        return self._seat(game_id, seats, save.play.seed, save)

    def get(self, game_id: str) -> TableGame | None:
        return self.games.get(game_id) if _GAME_ID.match(game_id) else None
