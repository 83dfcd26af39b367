"""Saved games: a game's state, its random generators and its agents, as JSON.

A save is written by ``dioses play`` after every turn. Format 4 (this
version) records the rules revision the game is played under
(``state.rules``, :data:`state.RULES`: R26, R32, R33 since revision 2);
a save of an earlier format has none and goes on under revision 1, the rules
it was played with. Format 3 records the card pool by content (``play.pool``:
set ids, versions and a hash of each file's text) where format 2 named the
card files and the log by path; format 2 wrote laws and patterns as board
files do (``card``) and named a scenario's memory ``scenario_state``. Saves
of formats 1 to 3 (dioses-rules 0.1.0, the layered rewrite, issue #10) are
read through :func:`migrate`, so every save ever written still resumes; the
paths they hold are never followed.

Reading is strict (:mod:`..convert`) and then checked as a game
(:mod:`.integrity`): a damaged save is a located error before anything is
resumed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from attrs import define, field

from ..convert import CONVERTER, StructureError, show_value, structure
from ..errors import Diagnostic, DiosesError
from ..files import atomic_write_text, open_regular
from ..pool.identity import PoolSet
from ..pool.registry import Registry
from ..structured import DataError, loads_json
from .game import Game
from .integrity import check_state
from .log import records_problem
from .state import FIRST_RULES, KNOWN_RULES, SAVE_KIND, Agent, GameError, GameState, game_error

SAVE_VERSION = 4
READABLE_VERSIONS = (1, 2, 3, 4)
DAMAGED = "G102"  # a save whose data is not a game
MAX_SAVE_BYTES = 64 * 1024 * 1024


@define
class SavedAgent:
    name: str
    rng: list[Any] | None = None  # the agent's random generator, if it has one


@define
class PlayInfo:
    """What ``dioses play`` needs to go on: the game's seed and log so far,
    and the card pool it was played with."""

    seed: int | None = None
    records: list[dict[str, Any]] = field(factory=list)
    pool: list[PoolSet] | None = None  # None: saved before pools were recorded
    cards: list[str] = field(factory=list)  # formats 1-2: card files by path (never read)
    log: str | None = None  # formats 1-2: the log's path (never followed)


@define
class SaveFile:
    kind: str
    version: int
    state: GameState
    rng: list[Any]  # a random generator's state: [version, internal words, gauss]
    agents: list[SavedAgent]
    play: PlayInfo = field(factory=PlayInfo)


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _restored_rng(
    data: list[Any], key: str, path: str, rng: random.Random | None = None
) -> random.Random:
    """A random generator (``rng`` or a new one) set to its saved state; a
    damaged state is an error."""
    rng = rng if rng is not None else random.Random()
    try:
        version, internal, gauss = data
        if not (
            isinstance(internal, list)
            and all(isinstance(i, int) and not isinstance(i, bool) for i in internal)
        ):
            raise TypeError
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise _damaged([(key, "not the state of a random generator")], path) from None
    return rng


def save_data(game: Game, play: PlayInfo | None = None) -> dict[str, Any]:
    """A game as plain data, through the one converter: state, random
    generators (game and agents), the agents' names and ``play``."""
    agents = [
        SavedAgent(agent.name, _rng_state(agent.rng) if hasattr(agent, "rng") else None)
        for agent in game.agents
    ]
    save = SaveFile(
        SAVE_KIND, SAVE_VERSION, game.state, _rng_state(game.rng), agents, play or PlayInfo()
    )
    data: dict[str, Any] = CONVERTER.unstructure(save)  # cattrs: an attrs class -> a dict
    return data


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """A save of any readable format as format :data:`SAVE_VERSION`.

    Format 1 named a law ``law`` and a pattern ``pattern`` where board files
    say ``card``, left out a pattern's ``completed`` when false, and kept the
    scenario's memory as ``state``. Formats 1 and 2 record no card pool (their
    ``play.cards`` and ``play.log`` paths are kept, never followed). Formats
    1 to 3 record no rules revision: their games go on under the first
    (``state.rules`` left out reads as :data:`state.FIRST_RULES`).
    """
    if data.get("version") == 1 and isinstance(data.get("state"), dict):
        data = {**data, "state": _migrated_state(data["state"]), "version": 2}
    if data.get("version") in (2, 3):
        data = {**data, "version": SAVE_VERSION}
    return data


def _migrated_state(state: dict[str, Any]) -> dict[str, Any]:
    state = dict(state)
    if "state" in state:
        state["scenario_state"] = state.pop("state")
    areas = []
    for area in state.get("areas") or []:
        if isinstance(area, dict):
            area = dict(area)
            area["laws"] = [_renamed(law, "law") for law in area.get("laws") or []]
            area["patterns"] = [
                {"completed": False, **_renamed(pattern, "pattern")}
                for pattern in area.get("patterns") or []
            ]
        areas.append(area)
    state["areas"] = areas
    return state


def _renamed(entry: Any, old_key: str) -> Any:
    if isinstance(entry, dict) and old_key in entry:
        entry = dict(entry)
        entry["card"] = entry.pop(old_key)
    return entry


def _damaged(mistakes: Sequence[tuple[str, str]], path: str) -> GameError:
    return GameError(
        [
            Diagnostic(DAMAGED, f"the saved game is damaged: {key}: {message}", path)
            for key, message in mistakes
        ]
    )


def parse_save(data: object, path: str = "") -> SaveFile:
    """A save's JSON data, migrated and structured strictly; raises
    :class:`GameError` naming the key of every mistake."""
    if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
        _refuse_a_log(data, path)
        why = f' ($.kind is not "{SAVE_KIND}")' if isinstance(data, dict) else ""
        raise game_error(
            f"not a saved Dioses! game{why}", "saves are written by 'dioses play'", path, "G100"
        )
    version = data.get("version")
    if not (
        isinstance(version, int) and not isinstance(version, bool) and version in READABLE_VERSIONS
    ):
        raise game_error(
            f"$.version: saved by another version of the save format ({show_value(version)})",
            f"this version reads formats {', '.join(map(str, READABLE_VERSIONS))}",
            path,
            "G100",
        )
    try:
        save = structure(migrate(data), SaveFile)
    except StructureError as error:
        raise _damaged(error.mistakes, path) from None
    if len(save.agents) != save.state.seats:
        raise _damaged(
            [("$.agents", f"{len(save.agents)} agents for {save.state.seats} seats")], path
        )
    rules = save.state.rules
    if rules < FIRST_RULES:
        raise _damaged([("$.state.rules", f"there is no rules revision {rules}")], path)
    if rules not in KNOWN_RULES:
        raise game_error(
            f"$.state.rules: saved under rules revision {rules}, which this "
            f"version does not know ({', '.join(map(str, KNOWN_RULES))})",
            "resume it with the newer version of dioses-rules that saved it",
            path,
            "G100",
        )
    problem = records_problem(save.play.records)
    if problem:
        raise _damaged([("$.play.records", problem)], path)
    logged = save.play.records[0].get("rules", FIRST_RULES) if save.play.records else rules
    if logged != rules:
        raise _damaged(
            [
                (
                    "$.state.rules",
                    f"rules revision {rules}, but the log so far "
                    f"($.play.records) was written under {logged}",
                )
            ],
            path,
        )
    return save


def check_save(save: SaveFile, registry: Registry, path: str = "") -> None:
    """Raise :class:`GameError` unless the save is a game of ``registry``'s cards."""
    mistakes = check_state(save.state, registry)
    _restored_rng(save.rng, "$.rng", path)
    for index, agent in enumerate(save.agents):
        if agent.rng is not None:
            _restored_rng(agent.rng, f"$.agents[{index}].rng", path)
    if mistakes:
        raise _damaged(mistakes, path)


def load_game(
    registry: Registry,
    data: dict[str, Any] | SaveFile,
    agents: Sequence[Agent],
    log: Callable[[dict[str, Any]], None] | None = None,
    path: str = "",
) -> Game:
    """Rebuild a saved game, checked; ``agents`` are fresh agents whose random
    generators are restored from the save."""
    save = data if isinstance(data, SaveFile) else parse_save(data, path)
    check_save(save, registry, path)
    rng = _restored_rng(save.rng, "$.rng", path)
    for index, (agent, saved) in enumerate(zip(agents, save.agents, strict=True)):
        if saved.rng is not None and hasattr(agent, "rng"):
            _restored_rng(saved.rng, f"$.agents[{index}].rng", path, agent.rng)
    return Game(registry, save.state, agents, rng, log)


# ---------------------------------------------------------------------- files


def read_json(path: Path) -> object:
    """The JSON in a file, or None when it is not JSON (or unreadable)."""
    try:
        with open_regular(path) as handle:
            return loads_json(handle.read(MAX_SAVE_BYTES + 1).decode("utf-8"), str(path))
    except (OSError, UnicodeDecodeError, DiosesError):
        return None


def is_save(path: Path) -> bool:
    data = read_json(path)
    return isinstance(data, dict) and data.get("kind") == SAVE_KIND


def read_save(path: Path) -> SaveFile:
    """A save file, migrated to this format and structured strictly (the
    checks that need the card pool are :func:`check_save`'s)."""
    shown = str(path)
    try:
        with open_regular(path) as handle:
            raw = handle.read(MAX_SAVE_BYTES + 1)
    except OSError as error:
        raise game_error(
            f"cannot read the save: {error.strerror}", path=shown, code="G100"
        ) from None
    if len(raw) > MAX_SAVE_BYTES:
        raise game_error(
            f"larger than any save ({MAX_SAVE_BYTES // 2**20} MB)", path=shown, code="G100"
        )
    try:
        data = loads_json(raw.decode("utf-8"), shown, code="G100")
    except DataError as error:
        if not error.syntax:  # past a bound: say where
            raise GameError(error.diagnostics) from None
        _not_a_save(raw, shown)
    except UnicodeDecodeError:
        _not_a_save(raw, shown)
    return parse_save(data, shown)


def _not_a_save(raw: bytes, shown: str) -> NoReturn:
    """A file that is not JSON: a game log given as a save, or something else."""
    try:
        record = loads_json(raw.split(b"\n", 1)[0].decode("utf-8"), shown)
    except (DiosesError, UnicodeDecodeError):
        record = None
    _refuse_a_log(record, shown)
    raise game_error(
        "not a saved Dioses! game (not JSON)", "saves are written by 'dioses play'", shown, "G100"
    )


def _refuse_a_log(record: object, path: str) -> None:
    """A game log's first record given as a save: say so, and how to read it."""
    if isinstance(record, dict) and record.get("type") == "setup":
        raise game_error(
            "this is a game log, not a saved game",
            f"check it with: dioses replay {path}",
            path,
            "G100",
        )


def write_save(path: Path, game: Game, play: PlayInfo) -> None:
    """Write a save atomically; ``play`` is what the command needs to go on."""
    atomic_write_text(path, json.dumps(save_data(game, play), ensure_ascii=False))
