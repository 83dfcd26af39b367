"""Saved games: a game's state, its random generators and its agents, as JSON.

A save is written by ``dioses play`` after every turn. Format 2 (this
version) writes laws and patterns as board files do (``card``) and names a
scenario's memory ``scenario_state``; a format-1 save (dioses-rules 0.1.0) is
read through :func:`migrate`, so every save ever written still resumes.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Callable, Optional, Sequence

from cattrs.errors import ClassValidationError

from ..convert import CONVERTER
from ..files import atomic_write_text
from ..pool.registry import Registry
from .game import Game
from .state import Agent, GameState, game_error

SAVE_KIND = "dioses-game"
SAVE_VERSION = 2
READABLE_VERSIONS = (1, 2)


def _rng_state(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _set_rng_state(rng: random.Random, data: list) -> None:
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))


def save_data(game: Game) -> dict:
    """A game as plain data, through the one converter: state, random
    generators (game and agents), and the agents' names."""
    return {
        "kind": SAVE_KIND,
        "version": SAVE_VERSION,
        "state": CONVERTER.unstructure(game.state),
        "rng": _rng_state(game.rng),
        "agents": [
            {"name": agent.name,
             "rng": _rng_state(agent.rng) if hasattr(agent, "rng") else None}
            for agent in game.agents
        ],
    }


def migrate(data: dict) -> dict:
    """A save of any readable format as format :data:`SAVE_VERSION`.

    Format 1 named a law ``law`` and a pattern ``pattern`` where board files
    say ``card``, left out a pattern's ``completed`` when false, and kept the
    scenario's memory as ``state``.
    """
    if data.get("version") != 1 or not isinstance(data.get("state"), dict):
        return data
    state = dict(data["state"])
    if "state" in state:
        state["scenario_state"] = state.pop("state")
    areas = []
    for area in state.get("areas") or []:
        if isinstance(area, dict):
            area = dict(area)
            area["laws"] = [_renamed(law, "law") for law in area.get("laws") or []]
            area["patterns"] = [{"completed": False, **_renamed(pattern, "pattern")}
                                for pattern in area.get("patterns") or []]
        areas.append(area)
    state["areas"] = areas
    return {**data, "state": state, "version": SAVE_VERSION}


def _renamed(entry, old_key: str):
    if isinstance(entry, dict) and old_key in entry:
        entry = dict(entry)
        entry["card"] = entry.pop(old_key)
    return entry


def load_game(registry: Registry, data: dict, agents: Sequence[Agent],
              log: Optional[Callable[[dict], None]] = None) -> Game:
    """Rebuild a saved game; ``agents`` are fresh agents whose random
    generators are restored from the save."""
    if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
        raise game_error("not a saved Dioses! game", "saves are written by 'dioses play'")
    if data.get("version") not in READABLE_VERSIONS:
        raise game_error(f"saved by another version of the save format ({data.get('version')})")
    data = migrate(data)
    state = saved_state(data)
    rng = random.Random()
    _set_rng_state(rng, data["rng"])
    for agent, saved in zip(agents, data.get("agents", [])):
        if saved.get("rng") is not None and hasattr(agent, "rng"):
            _set_rng_state(agent.rng, saved["rng"])
    return Game(registry, state, agents, rng, log)


def saved_state(data: dict) -> GameState:
    """The game state of a (migrated) save; a damaged one is a clear error."""
    try:
        return CONVERTER.structure(data["state"], GameState)
    except (ClassValidationError, KeyError, TypeError, ValueError) as error:
        raise game_error(f"the saved game is damaged: {error}")


# ---------------------------------------------------------------------- files


def read_json(path: Path) -> object:
    """The JSON in a file, or None when it is not JSON (or unreadable)."""
    try:
        with open(path, "rb") as handle:
            return json.loads(handle.read().decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def is_save(path: Path) -> bool:
    data = read_json(path)
    return isinstance(data, dict) and data.get("kind") == SAVE_KIND


def read_save(path: Path) -> dict:
    """A save file's data, migrated to this format; checked as far as a save
    can be without the card pool (:func:`load_game` does the rest)."""
    shown = str(path)
    data = read_json(path)
    if data is None:
        raise game_error("not a saved Dioses! game (not JSON)",
                         "saves are written by 'dioses play'", shown, "G100")
    if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
        raise game_error("not a saved Dioses! game", "saves are written by 'dioses play'",
                         shown, "G100")
    if data.get("version") not in READABLE_VERSIONS:
        raise game_error(f"saved by another version of the save format ({data.get('version')})",
                         path=shown, code="G100")
    agents = data.get("agents")
    if not isinstance(agents, list) or not agents or not all(
            isinstance(a, dict) and isinstance(a.get("name"), str) for a in agents):
        raise game_error("the saved game is damaged: no agents", path=shown, code="G100")
    if not isinstance(data.get("play", {}), dict):
        raise game_error("the saved game is damaged: bad 'play' section", path=shown,
                         code="G100")
    return migrate(data)


def write_save(path: Path, game: Game, play: dict) -> None:
    """Write a save atomically; ``play`` is what the command needs to go on
    (its log so far, its card files)."""
    data = save_data(game)
    data["play"] = play
    atomic_write_text(path, json.dumps(data, ensure_ascii=False))
