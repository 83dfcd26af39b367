"""The games saved in a server's folder as the Play page lists them: when
each was last saved, its seats, the turn it stands at, and whether it is
finished (a finished game is not offered to continue) or damaged."""

from __future__ import annotations

import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import DiosesError
from ..wording.errors import error_text


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
            entry = {**entry, "damaged": error_text(entry["problems"][:1], lang)}
        found.append(entry)
    return sorted(found, key=lambda d: d["saved_ns"], reverse=True)


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
        "turn": state.turn + 1,
        "finished": state.finished,
        "scenario": state.scenario,
    }
