"""Game logs: one JSON record per line, as the game goes.

The first record is the setup (seed, seats, scenario, rule options, agents,
and the card pool's fingerprint); then every decision and event; then the
final scores. ``replay`` re-runs a log and checks it comes out the same.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Optional, Sequence

from ..files import atomic_write_text
from ..pool.registry import Registry
from .setup import MAX_SEATS
from .state import GameError, game_error


def pool_fingerprint(registry: Registry) -> str:
    """A short hash of every definition id in play: a replay with another card
    pool deals other cards."""
    ids = sorted(f"{family}:{card_id}" for family, card_id in registry.by_id)
    return hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]


def json_line(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False) + "\n"


class LogWriter:
    """A game log: one JSON object per line, flushed as the game goes."""

    def __init__(self, path: Path, records: Sequence[dict] = ()):
        self.path = path
        self.earlier = list(records)  # a resumed game's log so far
        self.handle = None

    def write(self, record: dict) -> None:
        if self.handle is None:  # the file is (re)written at the first record
            atomic_write_text(self.path, "".join(json_line(r) for r in self.earlier))
            self.handle = open(self.path, "a", encoding="utf-8")
        self.handle.write(json_line(record))
        self.handle.flush()

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()


def is_log(path: Path) -> bool:
    """A file whose first line is a game's setup record."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(1_000_000).decode("utf-8")
        record = json.loads(first)
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    return isinstance(record, dict) and record.get("type") == "setup"


def _not_a_log(path: Path, why: str) -> GameError:
    return game_error(f"not a Dioses! game log: {why}",
                      "logs are written by 'dioses play --log' and 'dioses simulate --log-dir'",
                      str(path), "G101")


def read_log(path: Path) -> list[dict]:
    """The records of a game log; a damaged or foreign file is one clear error."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise game_error(f"cannot read the log: {error.strerror}", path=str(path), code="G101")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _not_a_log(path, "not UTF-8 text")
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise _not_a_log(path, f"line {number} is not JSON")
        if not isinstance(record, dict) or not isinstance(record.get("type"), str):
            raise _not_a_log(path, f"line {number} is not a log record")
        records.append(record)
    if not records:
        raise _not_a_log(path, "the file is empty")
    problem = _setup_problem(records[0]) or _records_problem(records)
    if problem:
        raise _not_a_log(path, problem)
    return records


def _setup_problem(setup: dict) -> Optional[str]:
    if setup["type"] != "setup":
        return "the first record is not the setup record"
    checks = [
        (isinstance(setup.get("seed"), int), "seed"),
        (isinstance(setup.get("seats"), int) and 1 <= setup["seats"] <= MAX_SEATS, "seats"),
        (setup.get("scenario") is None or isinstance(setup.get("scenario"), str), "scenario"),
        (isinstance(setup.get("options"), list)
         and all(isinstance(o, str) for o in setup["options"]), "options"),
        (isinstance(setup.get("challenge"), bool), "challenge"),
    ]
    for ok, key in checks:
        if not ok:
            return f"the setup record has no valid '{key}'"
    return None


def _records_problem(records: list[dict]) -> Optional[str]:
    seats = records[0]["seats"]
    for number, record in enumerate(records[1:], 2):
        if record["type"] == "decision":
            if not (isinstance(record.get("seat"), int) and 0 <= record["seat"] < seats
                    and isinstance(record.get("kind"), str)
                    and isinstance(record.get("index"), int)
                    and isinstance(record.get("options"), int)):
                return f"record {number} is a damaged decision"
        elif record["type"] == "setup":
            return f"record {number} is a second setup record"
        elif record["type"] not in ("event", "final"):
            return f"record {number} has an unknown type '{record['type']}'"
    return None
