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
"""

from __future__ import annotations

import random
import re
import secrets
import threading
from pathlib import Path
from typing import Optional, Sequence

from attrs import evolve, frozen

from ..engine.agents import AGENTS, agent_seed, make_agent
from ..engine.game import Game
from ..engine.log import NUMBERED_FROM, LogWriter, numbering_of, pool_fields, to_file
from ..engine.saves import PlayInfo, check_save, load_game, read_save, write_save
from ..engine.setup import settings_for, seat_areas
from ..engine.state import GameError
from ..errors import Diagnostic, DiosesError, did_you_mean
from ..pool.identity import compare_pools, pool_sets
from .catalog import Catalog
from .play_view import area_view, cell_place, decision_view, history, scenario_view

HUMAN = "human"  # a person's seat, as dioses play's saves name it
SEAT_KINDS = (HUMAN, *AGENTS)
MAX_LIVE_GAMES = 8  # unfinished games one server holds at once
WAIT_SECONDS = 20.0  # how long a page waits for the agents to play on
_GAME_ID = re.compile(r"^[a-z0-9]{8,32}$")
_SAVE_NAME = re.compile(r"^web-game-([a-z0-9]{8,32})\.json$")


class PlayError(DiosesError):
    """A game that cannot be started or answered as asked."""


@frozen
class GameSetup:
    """What a new game is set up with besides its seats: a scenario (solo and
    cooperative mode) with or without its challenge, and rule options, by id
    (what ``dioses play --scenario ID --challenge --rule NAME`` gives)."""

    scenario: Optional[str] = None
    challenge: bool = False
    options: tuple[str, ...] = ()


class PageSeat:
    """A person's seat: the decision goes to the page, the answer comes back."""

    name = HUMAN

    def __init__(self, table: "TableGame"):
        self.table = table

    def choose(self, game: Game, decision) -> int:
        return self.table.ask(game, decision)


class TableGame:
    """One game in the browser: its thread, its snapshot, its files."""

    def __init__(self, game_id: str, catalog: Catalog, seats: Sequence[str], seed: Optional[int],
                 folder: Path, saved=None, setup: Optional["GameSetup"] = None):
        self.id = game_id
        self.catalog = catalog
        self.seats = list(seats)
        self.seed = seed
        self.setup = setup or GameSetup()
        self.save_path = folder / f"web-game-{game_id}.json"
        self.log_path = folder / f"web-game-{game_id}.jsonl"
        self.saved = saved  # a SaveFile to go on from, or None for a new game
        self.records: list[dict] = list(saved.play.records) if saved is not None else []
        # seats, turns, areas from 1 in a new log; an older save's log goes on as it began
        self.numbering = numbering_of(self.records[0]) if self.records else NUMBERED_FROM
        self.writer: Optional[LogWriter] = None
        self.changed = threading.Condition()
        self.snapshot: dict = {"state": "starting"}
        self.version = 0
        self._answer: Optional[int] = None
        self._choices = 0
        registry = catalog.registry
        self.play_info = PlayInfo(seed=seed, pool=pool_sets(registry))
        self._setup_extra = pool_fields(registry)

    # ---------------------------------------------------------------- the game's thread
    def start(self) -> None:
        """Set up and play in a thread of its own: setting up may already ask
        a person (a reveal, say), and then waits for the page."""
        thread = threading.Thread(target=self._run, daemon=True, name=f"dioses-game-{self.id}")
        thread.start()

    def _run(self) -> None:
        from ..engine.setup import new_game

        agents = [PageSeat(self) if name == HUMAN else
                  make_agent(name, agent_seed(self.seed or 0, i))  # a save restores its rng
                  for i, name in enumerate(self.seats)]
        try:
            if self.saved is None:
                setup = self.setup
                game = new_game(self.catalog.registry, agents, setup.scenario, setup.options,
                                self.seed, setup.challenge, log=self.log)
            else:
                game = load_game(self.catalog.registry, self.saved, agents,
                                 None if self.saved.state.finished else self.log,
                                 self.save_path.name)
            self.save(game)
            result = game.result() if game.state.finished else game.play(on_turn=self.save)
            self.save(game)
            self._publish(self._view(game, None, result))
        except Exception as error:  # our bug: the page says so, the log of the server has it
            self._publish({"state": "failed", "message": f"the game stopped on a bug: "
                                                         f"{type(error).__name__}"})
            raise
        finally:
            if self.writer is not None:
                self.writer.close()

    def log(self, record: dict) -> None:
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
        if self.writer is None:
            self.writer = LogWriter(self.log_path, self.records)
            self.writer.start()

    def ask(self, game: Game, decision) -> int:
        """Publish the decision and wait for the page's answer."""
        with self.changed:
            self._answer = None
            self._choices = len(decision.choices)
            self._publish(self._view(game, decision, None))
            while self._answer is None:
                self.changed.wait()
            answer, self._answer = self._answer, None
            self._choices = 0
            return answer

    def _publish(self, snapshot: dict) -> None:
        with self.changed:  # re-entrant: ask() holds it already
            self.version += 1
            self.snapshot = {**snapshot, "version": self.version}
            self.changed.notify_all()

    # ---------------------------------------------------------------- the page's side
    def answer(self, version: int, index: int) -> None:
        """The page's choice for the decision it showed (``version``); then
        wait until the game asks again or ends."""
        with self.changed:
            self._check_version(version)
            if not 0 <= index < self._choices:
                raise PlayError.one("E421", f"no choice {index + 1}: there are "
                                            f"{self._choices}")
            self._answer = index
            self.snapshot = {**self.snapshot, "state": "thinking"}
            self.changed.notify_all()
            self.changed.wait_for(lambda: self.version != version, timeout=WAIT_SECONDS)

    def choice_of_cells(self, version: int, cells: Sequence[int]) -> int:
        """The index of the choice the page's cells name (one cell, or the
        two of a swap) in the decision it showed (``version``)."""
        with self.changed:
            self._check_version(version)
            shown = self.snapshot["decision"]["cells"]
            if not all(0 <= c < len(shown) for c in cells) or not 1 <= len(cells) <= 2:
                raise PlayError.one("E426", "choose a cell of the board")
            entry = shown[cells[0]] or {}
            found = entry.get("choice") if len(cells) == 1 else \
                entry.get("partners", {}).get(cells[1])
            if found is None:
                where = " and ".join(cell_place(c) for c in cells)
                raise PlayError.one("E426", f"{where}: not a choice in this decision",
                                    help="the cells that are choices are buttons")
            return found

    def _check_version(self, version: int) -> None:
        if self.snapshot.get("state") != "deciding" or version != self.version:
            raise PlayError.one("E420", "this choice is for a decision already made",
                                help="the page shows the game as it is now")

    def current(self) -> dict:
        with self.changed:
            self.changed.wait_for(lambda: self.snapshot.get("state") not in ("starting",
                                                                             "thinking"),
                                  timeout=WAIT_SECONDS)
            return self.snapshot

    @property
    def live(self) -> bool:
        return self.snapshot.get("state") not in ("finished", "failed")

    # ---------------------------------------------------------------- snapshots
    def _view(self, game: Game, decision, result) -> dict:
        state = game.state
        reports = result.reports if result is not None else [None] * len(state.areas)
        view = {"state": "finished" if result is not None else "deciding",
                "turn": state.turn + 1, "active": state.active, "seats": self.seats,
                "deck": len(state.deck),
                "areas": [area_view(game, i, self._card, report)
                          for i, report in enumerate(reports)],
                "history": history(game.registry, self.records, self.numbering, self.seats),
                "save": self.save_path.name, "log": self.log_path.name,
                "options": [self._name("rule-option", o) for o in state.options],
                "power": bool(state.settings.power_cards) or game.scenario is not None,
                "scenario": scenario_view(game, result)}
        if decision is not None:
            view["decision"] = decision_view(game, decision, self._card)
        if result is not None:
            view["result"] = {"totals": [r.total for r in result.reports],
                              "gods": [r.gods for r in result.reports],
                              "winners": list(result.winners), "turns": result.turns}
        return view

    def _card(self, card_id: str) -> Optional[dict]:
        """A Myth card's page and picture by id; for a decision's subject
        that is no Myth card, the law or pattern it is about."""
        for family in ("myth", "law", "pattern"):
            entry = self.catalog.in_play(family, card_id)
            if entry is not None:
                return _card(entry)
        return None

    def _name(self, family: str, card_id: str) -> str:
        found = self.catalog.registry.get(family, card_id)
        return found.name if found is not None else card_id


def _card(entry) -> dict:
    return {"id": entry.definition.id, "name": entry.definition.name, "url": entry.url}


class Tables:
    """Every game this server holds, by id."""

    def __init__(self, catalog: Catalog, folder: Optional[Path]):
        self.catalog = catalog
        self.folder = folder
        self.games: dict[str, TableGame] = {}
        self.lock = threading.Lock()

    def new(self, seats: Sequence[str], seed: Optional[int] = None,
            setup: GameSetup = GameSetup()) -> TableGame:
        if self.folder is None:
            raise PlayError.one("E422", "this server saves no games, so it plays none",
                                help="start it with dioses serve --saves FOLDER")
        unknown = [s for s in seats if s not in SEAT_KINDS]
        if unknown:
            raise PlayError.one("E423", f"unknown seat '{unknown[0]}'",
                                help=f"seats: {', '.join(SEAT_KINDS)}")
        self.check_setup(len(seats), setup)
        with self.lock:
            if sum(1 for g in self.games.values() if g.live) >= MAX_LIVE_GAMES:
                raise PlayError.one("E424", f"{MAX_LIVE_GAMES} games are already going on",
                                    help="finish one first, or go on in the terminal")
            game_id = secrets.token_hex(8)
            if seed is None:
                seed = random.SystemRandom().randrange(1, 1_000_000)
            table = TableGame(game_id, self.catalog, seats, seed, self.folder, setup=setup)
            self.games[game_id] = table
        table.start()
        return table

    def check_setup(self, seats: int, setup: GameSetup) -> None:
        """Refuse, with one message, a scenario or a rule option the loaded
        sets do not have, a challenge without a scenario, and a number of
        seats the game cannot seat (the engine's own rule, ``seat_areas``:
        the base game 2 to 6, a scenario or a shared area 1 to 6)."""
        registry = self.catalog.registry
        for family, wanted in (("scenario", [setup.scenario] if setup.scenario else []),
                               ("rule-option", setup.options)):
            for card_id in wanted:
                if registry.get(family, card_id) is None:
                    pool = [d.id for d in registry.definitions(family)]
                    raise PlayError.one("E427", f"unknown {family.replace('-', ' ')} "
                                                f"'{card_id}'",
                                        help=did_you_mean(card_id, pool) or
                                        f"{family}s: {', '.join(pool)}")
        if setup.challenge and setup.scenario is None:
            raise PlayError.one("E427", "the challenge belongs to a scenario: choose one")
        mode = registry.get("scenario", setup.scenario).options if setup.scenario else ()
        try:  # the options' settings as new_game reads them (a scenario's mode last)
            settings = settings_for(registry, [*registry.always_options(), *setup.options,
                                               *mode])
            seat_areas(seats, settings, setup.scenario is not None)
        except GameError as error:
            raise PlayError.one("E423", error.diagnostics[0].message,
                                help=error.diagnostics[0].help) from None

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
        if live is not None:
            return live
        if game_id not in self.saved_games():
            raise PlayError.one("E425", f"no saved game '{game_id}' in this server's folder")
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
        with self.lock:
            table = TableGame(game_id, self.catalog, seats, save.play.seed, self.folder, save)
            self.games[game_id] = table
        table.start()
        return table

    def get(self, game_id: str) -> Optional[TableGame]:
        return self.games.get(game_id) if _GAME_ID.match(game_id) else None

