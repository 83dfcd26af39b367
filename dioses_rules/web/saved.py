"""The games saved in a server's folder as the Play page lists them: when
each was last saved, its seats, the turn it stands at, and whether it is
finished (a finished game is not offered to continue) or damaged."""

from __future__ import annotations

import datetime
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import Diagnostic, DiosesError
from ..wording.errors import diagnostic_in


def describe(folder: Path, game_ids: list[str], lang: str = "en") -> list[dict[str, Any]]:
    """Each saved game, the latest saved first; a damaged one's problem in ``lang``."""
    found = []
    for game_id in game_ids:
        path = folder / f"web-game-{game_id}.json"
        try:
            stat = path.stat()
        except OSError:
            continue
        entry = _described(str(path), game_id, stat.st_mtime_ns, stat.st_size)
        if entry.get("problems"):  # its reason, not the server's path to the file
            entry = {**entry, "damaged": damage_words(entry["problems"][0], lang)}
        found.append(entry)
    return sorted(found, key=lambda d: d["saved_ns"], reverse=True)


_KEY = re.compile(r"^\$[^\s:]*: ")  # where in the file: "$.version: "


def damage_words(diagnostic: Diagnostic, lang: str) -> str:
    """What is wrong with a saved game, for the player choosing one: the
    message and its help, without the diagnostic's code (G100) or the key
    of the file it is at ($.version), which are for whoever opens the file."""
    said = diagnostic_in(diagnostic, lang)
    message = _KEY.sub("", said.message)
    return message + (f": {said.help}" if said.help else "")


@lru_cache(maxsize=256)  # a save is read again only when it changed
def _described(path: str, game_id: str, saved_ns: int, size: int) -> dict[str, Any]:
    from ..engine.saves import read_save

    when = datetime.datetime.fromtimestamp(saved_ns / 1e9).astimezone()
    entry = {
        "id": game_id,
        "saved_ns": saved_ns,
        "date": when.strftime("%Y-%m-%d %H:%M"),
        "iso": when.isoformat(timespec="seconds"),
    }
    try:
        save = read_save(Path(path))
    except (DiosesError, OSError, ValueError) as error:
        problems = tuple(error.diagnostics) if isinstance(error, DiosesError) else ()
        damaged = str(error).splitlines()[0] if str(error) else "unreadable"
        return {**entry, "damaged": damaged, "problems": problems}
    state = save.state
    return {
        **entry,
        "seats": [agent.name for agent in save.agents],
        "turn": state.turn if state.finished else state.turn + 1,  # finished: the last played
        "finished": state.finished,
        "scenario": state.scenario,
    }
