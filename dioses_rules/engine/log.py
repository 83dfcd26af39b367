"""Game logs: one JSON record per line, as the game goes.

The first record is the setup (seed, seats, scenario, rule options, agents,
the card pool, and ``rules``: the revision of the rules the game is played
under, :data:`state.RULES`); then every decision and event; then the final
scores. ``replay`` re-runs a log and checks it comes out the same.

Seats, turns, areas and discard piles are numbered from 1 in a log, as the
screen numbers them (the setup's ``numbered_from: 1``, since issue #14); the
engine counts them from 0 and :func:`to_file` / :func:`from_file` turn one
into the other. A log without ``numbered_from`` counts them from 0, as it was
written, and still replays: its records are read with that numbering.

A log without ``rules`` was written before the engine recorded it: its game
was played under revision 1 (no Power after the action, R26; the seek's
fixed order, R32; no locked card turned face down, R33), and it replays
under that revision, so that every decision it records is asked again and
no decision it could not record is asked.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from attrs import define, field

from ..convert import CONVERTER, StructureError, structure
from ..errors import DiosesError
from ..files import atomic_write_text, open_regular
from ..pool.identity import PoolSet, pool_sets
from ..pool.registry import Registry
from ..structured import DataError, loads_json
from .setup import MAX_SEATS
from .state import FIRST_RULES, KNOWN_RULES, SAVE_KIND, GameError, game_error

MAX_LOG_BYTES = 256 * 1024 * 1024
NUMBERED_FROM = 1  # how new logs number seats, turns, areas and piles
_NUMBERED = ("seat", "turn", "area", "pile")  # the keys of a record that count from it


def numbering_of(setup: dict[str, Any]) -> int:
    """How a log's records number seats, turns, areas and piles (0 before issue #14)."""
    numbered: int = setup.get("numbered_from", 0)  # a JSON value (_setup_problem checks it)
    return numbered


def _renumbered(record: dict[str, Any], shift: int) -> dict[str, Any]:
    if not shift:
        return record
    moved = dict(record)
    for key in _NUMBERED:
        if type(moved.get(key)) is int:
            moved[key] += shift
    if record.get("type") == "final" and isinstance(record.get("winners"), list):
        moved["winners"] = [w + shift if type(w) is int else w for w in record["winners"]]
    return moved


def to_file(record: dict[str, Any], base: int = NUMBERED_FROM) -> dict[str, Any]:
    """An engine record (counting from 0) as a log with numbering ``base``
    writes it; the setup record says the numbering."""
    if record.get("type") == "setup":
        return {**record, "numbered_from": base} if base else record
    return _renumbered(record, base)


def from_file(record: dict[str, Any], base: int) -> dict[str, Any]:
    """A log's record (numbering ``base``) as the engine makes it."""
    return record if record.get("type") == "setup" else _renumbered(record, -base)


def pool_fingerprint(registry: Registry) -> str:
    """A short hash of every definition id in play: a replay with another card
    pool deals other cards."""
    ids = sorted(f"{family}:{card_id}" for family, card_id in registry.by_id)
    return hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]


def pool_fields(registry: Registry) -> dict[str, Any]:
    """What a log's setup record says of the card pool the game is played
    with: its sets (ids, versions, hashes) and the fingerprint of its ids."""
    return {"sets": CONVERTER.unstructure(pool_sets(registry)), "pool": pool_fingerprint(registry)}


def file_sink(writer: LogWriter, fields: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """A game's ``log`` callback that writes its records to ``writer`` as a
    log file holds them (numbered from 1), the setup record with the pool's
    ``fields`` (:func:`pool_fields`)."""

    def write(record: dict[str, Any]) -> None:
        if record.get("type") == "setup":
            record = {**record, **fields}
        writer.write(to_file(record))

    return write


def json_line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False) + "\n"


class LogWriter:
    """A game log: one JSON object per line, flushed as the game goes."""

    def __init__(self, path: Path, records: Sequence[dict[str, Any]] = ()) -> None:
        self.path = path
        self.earlier = list(records)  # a resumed game's log so far
        self.handle: TextIO | None = None

    def start(self) -> None:
        """(Re)write the file with the records so far, then keep it open."""
        atomic_write_text(self.path, "".join(json_line(r) for r in self.earlier))
        self.handle = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (kept open for the game; close() ends it)

    def write(self, record: dict[str, Any]) -> None:
        if self.handle is None:  # the file is (re)written at the first record
            self.start()
        assert self.handle is not None
        self.handle.write(json_line(record))
        self.handle.flush()

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()


def first_record(path: Path) -> dict[str, Any] | None:
    """The setup record on a file's first line, or None when it is not a log."""
    try:
        with open_regular(path) as handle:
            first = handle.readline(1_000_000).decode("utf-8")
        record = loads_json(first, str(path))
    except (OSError, UnicodeDecodeError, DiosesError):
        return None
    return record if isinstance(record, dict) and record.get("type") == "setup" else None


def is_log(path: Path) -> bool:
    """A file whose first line is a game's setup record."""
    return first_record(path) is not None


def _not_a_log(path: Path, why: str) -> GameError:
    return game_error(
        f"not a Dioses! game log: {why}",
        "logs are written by 'dioses play --log' and 'dioses simulate --log-dir'",
        str(path),
        "G101",
    )


def read_log(path: Path) -> list[dict[str, Any]]:
    """The records of a game log; a damaged or foreign file is one clear error."""
    try:
        with open_regular(path) as handle:
            raw = handle.read(MAX_LOG_BYTES + 1)
    except OSError as error:
        raise game_error(
            f"cannot read the log: {error.strerror}", path=str(path), code="G101"
        ) from None
    if len(raw) > MAX_LOG_BYTES:
        raise _not_a_log(path, f"larger than any log ({MAX_LOG_BYTES // 2**20} MB)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _not_a_log(path, "not UTF-8 text") from None
    records: list[dict[str, Any]] = []
    # at \n only: a record may hold U+2028 or a form feed, which splitlines() splits at
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            record = loads_json(line, str(path), code="G101", line=number - 1)
        except DataError as error:
            if not error.syntax:  # past a bound: say where
                raise GameError(error.diagnostics) from None
            if not records and _looks_like_a_save(text):
                raise _a_save(path) from None
            raise _not_a_log(path, f"line {number} is not JSON") from None
        if not records and isinstance(record, dict) and record.get("kind") == SAVE_KIND:
            raise _a_save(path)
        if not isinstance(record, dict) or not isinstance(record.get("type"), str):
            raise _not_a_log(path, f"line {number} is not a log record")
        records.append(record)
    if not records:
        raise _not_a_log(path, "the file is empty")
    _check_revision(records[0], path)
    problem = _setup_problem(records[0]) or _records_problem(records)
    if problem:
        raise _not_a_log(path, problem)
    return records


def _check_revision(setup: dict[str, Any], path: Path) -> None:
    """A log of a rules revision this version does not know is a newer
    version's log, not a damaged one."""
    rules = setup.get("rules") if setup.get("type") == "setup" else None
    if isinstance(rules, int) and not isinstance(rules, bool) and rules > max(KNOWN_RULES):
        raise game_error(
            f"this log was written under rules revision {rules}, which this "
            f"version does not know ({', '.join(map(str, KNOWN_RULES))})",
            "replay it with the newer version of dioses-rules that wrote it",
            str(path),
            "G101",
        )


def _a_save(path: Path) -> GameError:
    return game_error(
        "this is a saved game, not a game log",
        f"continue it with: dioses play --resume {path}",
        str(path),
        "G101",
    )


def _looks_like_a_save(text: str) -> bool:
    try:
        data = loads_json(text)
    except DiosesError:
        return False
    return isinstance(data, dict) and data.get("kind") == SAVE_KIND


def records_problem(records: Sequence[dict[str, Any]]) -> str | None:
    """What is wrong with a game's records (a log's, or a save's log so far), or None."""
    for number, record in enumerate(records, 1):
        if not isinstance(record.get("type"), str):
            return f"record {number} is not a log record (it has no type)"
    return (_setup_problem(records[0]) or _records_problem(list(records))) if records else None


@define
class SetupRecord:
    """The first record of a log: how the game was set up."""

    type: str
    seed: int
    seats: int
    options: list[str]
    challenge: bool
    scenario: str | None = None
    agents: list[str] = field(factory=list)
    sets: list[PoolSet] | None = None  # the card pool by content (since issue #10)
    pool: str | None = None  # a fingerprint of the definition ids in play
    cards: list[str] = field(factory=list)  # before: card files by path (never read)
    rules: int = FIRST_RULES  # the rules revision (since issue #11; absent: the first)
    numbered_from: int = 0  # seats, turns, areas, piles from 1 (since issue #14); absent: 0


@define
class DecisionRecord:
    type: str
    seat: int
    kind: str
    index: int
    options: int
    turn: int | None = None
    choice: str | None = None


def _schema_problem(record: dict[str, Any], schema: type, number: int) -> str | None:
    try:
        structure(record, schema)
    except StructureError as error:
        key, message = error.mistakes[0]
        return f"line {number}: {key}: {message}"
    return None


def _setup_problem(setup: dict[str, Any]) -> str | None:
    if setup["type"] != "setup":
        return "the first record is not the setup record"
    problem = _schema_problem(setup, SetupRecord, 1)
    if problem is None and not 1 <= setup["seats"] <= MAX_SEATS:
        problem = f"line 1: $.seats: a game has 1 to {MAX_SEATS} seats, not {setup['seats']}"
    if problem is None and numbering_of(setup) not in (0, 1):
        problem = (
            f"line 1: $.numbered_from: a log numbers seats from 0 or 1, "
            f"not {setup['numbered_from']}"
        )
    if problem is None and setup.get("rules", FIRST_RULES) not in KNOWN_RULES:
        problem = (
            f"line 1: $.rules: there is no rules revision {setup['rules']} "
            f"(revisions: {', '.join(map(str, KNOWN_RULES))})"
        )
    return problem


def _records_problem(records: list[dict[str, Any]]) -> str | None:
    seats, base = records[0]["seats"], numbering_of(records[0])
    for number, record in enumerate(records[1:], 2):
        if record["type"] == "decision":
            problem = _schema_problem(record, DecisionRecord, number)
            if problem:
                return problem
            if not base <= record["seat"] < seats + base:
                return (
                    f"line {number}: $.seat: the seats are {base} to {seats - 1 + base}, "
                    f"not {record['seat']}"
                )
            if not 0 <= record["index"] < max(record["options"], 1):
                return (
                    f"line {number}: $.index: option {record['index']} of "
                    f"{record['options']} options"
                )
        elif record["type"] == "setup":
            return f"line {number} is a second setup record"
        elif record["type"] not in ("event", "final"):
            return f"line {number} has an unknown type '{record['type']}'"
    return None
