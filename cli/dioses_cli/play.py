"""``dioses play``, ``dioses simulate`` and ``dioses replay``: games in the
terminal, many games between agents, and the check that a game log replays.

- :class:`HumanAgent` is a player at the keyboard: it draws the board, lists
  the legal choices of each decision and reads a number.
- ``play`` autosaves after every turn (atomically, never over a file that is
  not a Dioses! save) and writes a JSON-lines log whose first record is the
  engine's setup record; ``replay`` re-runs a log with scripted agents.
- ``simulate`` runs N seeded games and reports win rates, scores, game
  lengths and, for scenarios, victory/challenge/beaten rates.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence

import click
from attrs import evolve
from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from dioses_rules.language import model as m
from dioses_rules.engine.agents import AGENTS, ScriptedAgent, make_agent
from dioses_rules.scoring.area import cell_index
from dioses_rules.scoring.board import board_to_file, write_board
from dioses_rules.errors import Diagnostic, DiosesError, did_you_mean
from dioses_rules.files import atomic_write_text
from dioses_rules.engine.game import (Decision, Game, GameError, GameResult, SAVE_VERSION, load_game,
                               new_game, save_data)
from dioses_rules.pool.registry import Registry, load_registry
from dioses_rules.language.english import registry_names, render

from .output import console, print_json, user_errors

HUMAN = "human"
SAVE_KIND = "dioses-game"
DEFAULT_SAVE = "dioses-save.json"
MAX_SEATS = 6
EXIT_INTERRUPTED = 130

CARDS_OPTION = click.option(
    "--cards", "extra_cards", multiple=True, type=click.Path(exists=True, path_type=Path),
    help="Extra card file or folder (a modder's sets), loaded on top of the bundled ones. "
         "Repeatable.")
SETUP_OPTIONS = [
    click.option("--scenario", metavar="ID",
                 help="Play a solo/cooperative scenario (id, number or name)."),
    click.option("--challenge", is_flag=True,
                 help="The scenario's additional challenge (its challenge setup, if any)."),
    click.option("--rule", "rules", multiple=True, metavar="NAME",
                 help="A rule option (e.g. lightning-token, power-cards). Repeatable."),
]


def _setup_options(command):
    for option in reversed(SETUP_OPTIONS):
        command = option(command)
    return command


class InputClosed(Exception):
    """The player's input ended (EOF) or they asked to stop ('q')."""


def agent_seed(game_seed: int, seat: int) -> int:
    """Each agent's own random generator: from the game's seed and its seat."""
    return game_seed * 10 + seat


def read_line(prompt: str) -> str:
    """One line of the player's input (tests replace this)."""
    return input(prompt)


def _fail(message: str, help: Optional[str] = None, path: str = "dioses") -> GameError:
    return GameError(Diagnostic("G100", message, path, help=help))


# ---------------------------------------------------------------------- arguments


def parse_agents(text: Optional[str], allowed: Sequence[str], param: str = "'--agents'"
                 ) -> Optional[list[str]]:
    if text is None:
        return None
    names = [name.strip().lower() for name in text.split(",")]
    if not names or any(not name for name in names):
        raise click.BadParameter("give agent names separated by commas, e.g. human,greedy",
                                 param_hint=param)
    for name in names:
        if name not in allowed:
            hint = did_you_mean(name, allowed) or f"agents: {', '.join(allowed)}"
            raise click.BadParameter(f"unknown agent '{name}'; {hint}", param_hint=param)
    return names


def game_arguments(extra_cards, scenario: Optional[str], challenge: bool,
                   rules: Sequence[str]) -> tuple[Registry, Optional[str], list[str]]:
    """The loaded cards, the scenario id and the rule option ids asked for."""
    registry, _ = load_registry(extra_cards)
    scenario_id = resolve_scenario(registry, scenario)
    if challenge and scenario_id is None:
        raise click.BadParameter("the challenge belongs to a scenario; add --scenario",
                                 param_hint="'--challenge'")
    return registry, scenario_id, resolve_rules(registry, rules)


def resolve_scenario(registry: Registry, name: Optional[str]) -> Optional[str]:
    if name is None:
        return None
    scenarios = registry.definitions("scenario")
    if name.strip().isdigit():
        for scenario in scenarios:
            if scenario.number == int(name):
                return scenario.id
    try:
        return registry.resolve("scenario", name).id
    except LookupError as error:
        listing = ", ".join(f"{s.number} {s.id}" for s in scenarios)
        raise click.BadParameter(f"{error}; scenarios: {listing}", param_hint="'--scenario'")


def resolve_rules(registry: Registry, names: Sequence[str]) -> list[str]:
    resolved = []
    for name in names:
        try:
            option = registry.resolve("rule-option", name)
        except LookupError as error:
            pool = ", ".join(d.id for d in registry.definitions("rule-option"))
            raise click.BadParameter(f"{error}; rule options: {pool}", param_hint="'--rule'")
        if option.id not in resolved:
            resolved.append(option.id)
    return resolved


def check_players(players: int, scenario: Optional[str]) -> None:
    if scenario is None and not 2 <= players <= MAX_SEATS:
        raise click.BadParameter(f"the base game is for 2 to {MAX_SEATS} players, not "
                                 f"{players}; use --scenario for the solo mode",
                                 param_hint="'--players'")


def pool_fingerprint(registry: Registry) -> str:
    """A short hash of every definition id in play: a replay with another card
    pool deals other cards."""
    ids = sorted(f"{family}:{card_id}" for family, card_id in registry.by_id)
    return hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]


# ---------------------------------------------------------------------- files


def _read_json(path: Path) -> object:
    """The JSON in a file, or None when it is not JSON (or unreadable)."""
    try:
        with open(path, "rb") as handle:
            return json.loads(handle.read().decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def is_save(path: Path) -> bool:
    data = _read_json(path)
    return isinstance(data, dict) and data.get("kind") == SAVE_KIND


def is_log(path: Path) -> bool:
    """A file whose first line is a game's setup record."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(1_000_000).decode("utf-8")
        record = json.loads(first)
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    return isinstance(record, dict) and record.get("type") == "setup"


def check_writable_target(path: Path, option: str, accepts: Callable[[Path], bool],
                          what: str) -> None:
    """Refuse a target that is a folder, sits in no folder, or is a file we did not write."""
    if path.is_dir():
        raise click.BadParameter(f"{path} is a folder", param_hint=option)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise click.BadParameter(f"no folder {parent} for {path}", param_hint=option)
    if not os.access(parent, os.W_OK):
        raise click.BadParameter(f"cannot write in {parent}", param_hint=option)
    if path.exists() and not accepts(path):
        raise click.BadParameter(f"{path} exists and is not {what}; not overwriting it "
                                 f"(give another file)", param_hint=option)


class LogWriter:
    """A game log: one JSON object per line, flushed as the game goes."""

    def __init__(self, path: Path, records: Sequence[dict] = ()):
        self.path = path
        self.earlier = list(records)  # a resumed game's log so far
        self.handle = None

    def write(self, record: dict) -> None:
        if self.handle is None:  # the file is (re)written at the first record
            atomic_write_text(self.path, "".join(_json_line(r) for r in self.earlier))
            self.handle = open(self.path, "a", encoding="utf-8")
        self.handle.write(_json_line(record))
        self.handle.flush()

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()


def _json_line(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False) + "\n"


def read_log(path: Path) -> list[dict]:
    """The records of a game log; a damaged or foreign file is one clear error."""
    def bad(why: str) -> GameError:
        return GameError(Diagnostic("G101", f"not a Dioses! game log: {why}", str(path),
                                    help="logs are written by 'dioses play --log' and "
                                         "'dioses simulate --log-dir'"))

    try:
        raw = path.read_bytes()
    except OSError as error:
        raise GameError(Diagnostic("G101", f"cannot read the log: {error.strerror}", str(path)))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise bad("not UTF-8 text")
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise bad(f"line {number} is not JSON")
        if not isinstance(record, dict) or not isinstance(record.get("type"), str):
            raise bad(f"line {number} is not a log record")
        records.append(record)
    if not records:
        raise bad("the file is empty")
    setup = records[0]
    if setup["type"] != "setup":
        raise bad("the first record is not the setup record")
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
            raise bad(f"the setup record has no valid '{key}'")
    for number, record in enumerate(records[1:], 2):
        if record["type"] == "decision":
            if not (isinstance(record.get("seat"), int) and 0 <= record["seat"] < setup["seats"]
                    and isinstance(record.get("kind"), str)
                    and isinstance(record.get("index"), int)
                    and isinstance(record.get("options"), int)):
                raise bad(f"record {number} is a damaged decision")
        elif record["type"] not in ("event", "final", "setup"):
            raise bad(f"record {number} has an unknown type '{record['type']}'")
        elif record["type"] == "setup":
            raise bad(f"record {number} is a second setup record")
    return records


# ---------------------------------------------------------------------- the board


def _names(game: Game) -> dict:
    names = getattr(game, "_display_names", None)
    if names is None:
        names = registry_names(game.registry)
        game._display_names = names  # type: ignore[attr-defined]
    return names


def area_table(game: Game, area: int, title: str, detailed: bool) -> Table:
    """An area as a 3x4 grid; face-down cards are '?' for everyone."""
    state = game.state.areas[area]
    row_laws = {slot.row: slot.law for slot in state.laws if slot.row}
    column_laws = {slot.column: slot.law for slot in state.laws if slot.column}
    locked = game.locked()
    table = Table(title=title, title_justify="left", show_lines=detailed)
    table.add_column("")
    for column in m.COLUMNS:
        header = str(column)
        if column in column_laws:
            header += f"\nlaw: {column_laws[column]}"
        table.add_column(header, justify="center", min_width=13 if detailed else 9)
    for row in m.ROWS:
        label = Text(row.value)
        if row.value in row_laws:
            label.append(f"\nlaw: {row_laws[row.value]}", style="cyan")
        cells = []
        for column in m.COLUMNS:
            slot = state.cells[cell_index(row, column)]
            if slot is None:
                cells.append(Text(".", style="dim"))
            elif not slot.face_up:
                cells.append(Text("?", style="bold magenta"))
            else:
                card = game.card(slot.card)
                text = Text(card.id, style="bold")
                if detailed:
                    text.append(f"\n{card.mythology.value} {card.type.value}", style="dim")
                if card.id in locked:
                    text.append(" (locked)" if not detailed else "\n(locked)", style="yellow")
                cells.append(text)
        table.add_row(label, *cells)
    return table


def area_notes(game: Game, area: int) -> str:
    state = game.state.areas[area]
    patterns = []
    for held in state.patterns:
        pattern = game.registry.get("pattern", held.pattern)
        done = "completed" if held.completed else "not completed"
        patterns.append(f"{held.pattern} ({pattern.difficulty.value}, {done})")
    laws = [f"{s.law} on {'the ' + s.row + ' row' if s.row else f'column {s.column}'}"
            for s in state.laws]
    parts = [f"laws: {', '.join(laws) or 'none'}", f"patterns: {', '.join(patterns) or 'none'}"]
    if game.state.settings.power_cards or state.power:
        parts.append(f"Power cards: {len(state.power)}")
    return "   ".join(parts)


def seat_label(game: Game, seat: int) -> str:
    return f"seat {seat + 1} ({game.agents[seat].name})"


def draw_board(out, game: Game, seat: Optional[int], setup: bool = False) -> None:
    """The whole table as seen from ``seat`` (None: an onlooker)."""
    state = game.state
    own = state.seat_area[seat] if seat is not None else None
    order = list(range(len(state.areas)))
    if own is not None:
        order.remove(own)
        order.insert(0, own)
    status = Text()
    if setup:
        status.append("Setup", style="bold")
    else:
        status.append(f"Turn {state.turn + 1}", style="bold")
        status.append(f" - {seat_label(game, state.active)} to play")
    if game.scenario is not None:
        status.append(f" - scenario {game.scenario.number}: {game.scenario.name}")
        if state.challenge:
            status.append(" (challenge)")
    status.append(f"\ndeck: {len(state.deck)} cards")
    for index, pile in enumerate(state.discards):
        top = pile[-1] if pile else "empty"
        status.append(f"   discard pile {index + 1}: {top} on top ({len(pile)} cards)")
    if state.removed:
        status.append(f"\nout of the game: {', '.join(state.removed)}")
    if state.objectives:
        status.append("\nobjectives: " + ", ".join(f"{g} + {e}" for g, e in state.objectives))
    if state.state:
        status.append("\n" + ", ".join(f"{k}: {v}" for k, v in sorted(state.state.items())))
    if state.ending_seat is not None and state.turns_left is not None:
        status.append(f"\nlast round: {state.turns_left} turn(s) left", style="yellow")
    out.print(status)
    for area in order:
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        title = f"Area {area + 1}: {seats}"
        if area == own:
            title += " - yours"
        out.print(area_table(game, area, title, detailed=area == own or len(order) <= 2))
        out.print(area_notes(game, area), markup=False)


# ---------------------------------------------------------------------- narration


# Decisions whose outcome an event tells anyway say nothing themselves.
DECISION_WORDS = {
    "reveal": None, "swap": None, "law": None, "pattern": None, "discard-pile": None,
    "after-discard": None, "hide": None, "recover": None, "power": None,
    "exchange": None, "drawn": None, "seek": "named {}",
}


def record_phrase(record: dict) -> Optional[str]:
    """A few words for one log record, or None for records not worth a word."""
    if record["type"] == "decision":
        kind, label = record.get("kind"), record.get("choice") or ""
        if kind in DECISION_WORDS:
            return DECISION_WORDS[kind].format(label) if DECISION_WORDS[kind] else None
        return label or None
    event = record.get("event")
    area = f"area {record['area'] + 1}" if isinstance(record.get("area"), int) else ""
    phrases = {
        "drew": lambda r: f"drew {r['card']}",
        "discarded": lambda r: f"discarded {r['card']} (pile {r['pile'] + 1})",
        "removed": lambda r: f"{r['card']} leaves the game",
        "revealed": lambda r: f"{area}: revealed {r['card']} at {r['cell']}",
        "placed": lambda r: (f"{area}: {r['card']} placed at {r['cell']}" if r.get("face_up")
                             else f"{area}: a face-down card placed at {r['cell']}"),
        "swapped": lambda r: f"{area}: swapped {r['cells'][0]} and {r['cells'][1]}",
        "hidden": lambda r: f"{area}: turned {r['cell']} face down",
        "event": lambda r: f"EVENT {r['card']}",
        "pattern-drawn": lambda r: f"{area} drew pattern {r['pattern']}",
        "pattern-completed": lambda r: f"{area} COMPLETED pattern {r['pattern']}",
        "law-placed": lambda r: f"{area}: law {r['law']} on {r['line']}",
        "power-gained": lambda r: f"{area} gained {r['count']} Power card(s), now {r['total']}",
        "power-used": lambda r: f"{area} used Power: {r['power']}",
        "ability-used": lambda r: f"{area} used the scenario ability: {r['ability']}",
        "recovered": lambda r: f"moved {r['card']} onto discard pile {r['pile'] + 1}",
        "deck-refilled": lambda r: f"the deck was refilled with {r['cards']} cards",
        "game-ending": lambda r: f"seat {r['seat'] + 1} has every card face up: "
                                 f"{r['turns_left']} more turn(s)",
        "turn-limit": lambda r: f"turn limit reached after {r['turns']} turns",
        "pass": lambda r: "passes",
        "objective": lambda r: f"objective {r['goal']} + {r['element']}",
        "state": lambda r: f"{r['name']}: {r['card']}",
    }
    maker = phrases.get(event)
    if maker is None:
        return None
    try:
        return maker(record)
    except (KeyError, TypeError, IndexError):
        return None


class Narrator:
    """Collects the records of a turn and tells what happened in one line."""

    def __init__(self, out):
        self.out = out
        self.pending: list[dict] = []
        self.seat: Optional[int] = None  # whose turn it is (None: the setup)
        self.last_seat: Optional[int] = None  # the human seat asked last
        self.turn = 0
        self.dirty = True  # the board changed since it was drawn

    def record(self, record: dict) -> None:
        if record["type"] == "event" and record.get("event") == "turn":
            self.seat = record.get("seat")
            self.turn = record.get("turn", 0)
        elif record["type"] in ("decision", "event"):
            self.pending.append(record)
        if record["type"] == "event" and record.get("event") != "drew":
            self.dirty = True  # (a drawn card is in the prompt, not on the board)

    def flush(self, game: Game, heading: Optional[str] = None) -> None:
        phrases = [p for p in map(record_phrase, self.pending) if p]
        self.pending = []
        if not phrases:
            return
        if heading is None:
            heading = (f"turn {self.turn + 1}, {seat_label(game, self.seat)}"
                       if self.seat is not None else "setup")
        line = Text(f"{heading}: ", style="bold")
        line.append("; ".join(phrases))
        self.out.print(line)


# ---------------------------------------------------------------------- the human


class HumanAgent:
    """A player at the keyboard: draws the board, lists the legal choices,
    reads a number until it is a valid one."""

    name = HUMAN

    def __init__(self, out=None, narrator: Optional[Narrator] = None,
                 read: Optional[Callable[[str], str]] = None):
        self.out = out or console()
        self.narrator = narrator
        self.read = read
        self._last_seat: Optional[int] = None  # used without a narrator

    @property
    def last_seat(self) -> Optional[int]:
        """The seat asked last, by any human at this table (hot-seat)."""
        return self.narrator.last_seat if self.narrator is not None else self._last_seat

    @last_seat.setter
    def last_seat(self, seat: int) -> None:
        if self.narrator is not None:
            self.narrator.last_seat = seat
        self._last_seat = seat

    def _read(self, prompt: str) -> str:
        reader = self.read or read_line  # looked up at call time (tests patch it)
        try:
            return reader(prompt)
        except EOFError:
            raise InputClosed("input closed") from None

    def choose(self, game: Game, decision: Decision) -> int:
        out = self.out
        narrator = self.narrator
        if narrator is not None and narrator.seat != decision.seat:
            narrator.flush(game)  # what the others did (one's own turn is told at its end)
        humans = sum(1 for agent in game.agents if agent.name == HUMAN)
        if humans > 1 and decision.seat != self.last_seat:
            out.print(Text(f"=== {seat_label(game, decision.seat)}: your turn "
                           f"(pass the keyboard) ===", style="bold yellow"))
        if narrator is None or narrator.dirty or decision.seat != self.last_seat:
            in_setup = narrator is not None and narrator.seat is None
            draw_board(out, game, decision.seat, setup=in_setup)
            if narrator is not None:
                narrator.dirty = False
        self.last_seat = decision.seat
        self._show_decision(game, decision)
        count = len(decision.choices)
        prompt = f"seat {decision.seat + 1}, choose 1-{count} (? for help): "
        while True:
            answer = self._read(prompt).strip()
            lowered = answer.lower()
            if lowered in ("q", "quit", "exit"):
                raise InputClosed("quit")
            if lowered in ("?", "h", "help"):
                out.print("type the number of a choice; 'b' draws the board again; "
                          "'l' lists the choices again; 'c NAME' shows a card's text; "
                          "'q' saves and stops (continue later with --resume)", markup=False)
                continue
            if lowered == "b":
                draw_board(out, game, decision.seat)
                continue
            if lowered == "l":
                self._show_decision(game, decision)
                continue
            if lowered.startswith("c ") or lowered.startswith("card "):
                self._card_text(game, answer.split(None, 1)[1])
                continue
            try:
                number = int(answer)
            except ValueError:
                out.print(f"'{answer}' is not a number: type 1 to {count} (? for help)",
                          markup=False)
                continue
            if not 1 <= number <= count:
                out.print(f"{number} is not a choice: type 1 to {count}", markup=False)
                continue
            return number - 1

    def _show_decision(self, game: Game, decision: Decision) -> None:
        out = self.out
        out.print(Text(decision.prompt, style="bold"))
        if decision.subject:
            self._card_text(game, decision.subject, quiet=True)
        items = [f"{i + 1:>2}. {c.label or c.kind}" for i, c in enumerate(decision.choices)]
        if len(items) > 12:
            out.print(Columns([Text(item) for item in items], padding=(0, 3)))
        else:
            for item in items:
                out.print(item, markup=False)

    def _card_text(self, game: Game, name: str, quiet: bool = False) -> None:
        names = _names(game)
        for family in ("myth", "law", "pattern", "scenario", "power", "rule-option"):
            try:
                definition = game.registry.resolve(family, name.strip())
            except LookupError:
                continue
            head = definition.id
            if isinstance(definition, m.MythCard):
                head += f" ({definition.mythology.value} {definition.type.value})"
            self.out.print(f"  {head}: " + render(definition, names).replace("\n", "\n  "),
                           markup=False)
            return
        if not quiet:
            self.out.print(f"no card, law or pattern named '{name}'", markup=False)


# ---------------------------------------------------------------------- saves


class Autosave:
    """Writes the save after every turn: the engine's save data plus what the
    command needs to go on (the log so far, the extra card files)."""

    def __init__(self, path: Path, meta: dict):
        self.path = path
        self.meta = meta
        self.turn: Optional[int] = None

    def write(self, game: Game, records: Sequence[dict]) -> None:
        data = save_data(game)
        data["play"] = {**self.meta, "records": list(records)}
        atomic_write_text(self.path, json.dumps(data, ensure_ascii=False))
        self.turn = game.state.turn


def load_save(path: Path) -> dict:
    data = _read_json(path)
    if data is None:
        raise _fail("not a saved Dioses! game (not JSON)",
                    "saves are written by 'dioses play'", str(path))
    if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
        raise _fail("not a saved Dioses! game", "saves are written by 'dioses play'", str(path))
    if data.get("version") != SAVE_VERSION:
        raise _fail(f"saved by another version of the save format ({data.get('version')})",
                    path=str(path))
    agents = data.get("agents")
    if not isinstance(agents, list) or not agents or not all(
            isinstance(a, dict) and isinstance(a.get("name"), str) for a in agents):
        raise _fail("the saved game is damaged: no agents", path=str(path))
    if not isinstance(data.get("play", {}), dict):
        raise _fail("the saved game is damaged: bad 'play' section", path=str(path))
    return data


# ---------------------------------------------------------------------- results


def final_boards(game: Game, registry: Registry):
    """The board file of each area at the end, scored by 'dioses score' as the
    game scored it."""
    always = game.state.settings.all_face_up_at_end == "always"
    for index in range(len(game.state.areas)):
        board = game.board(index)
        if always:  # R21: the game scores it as all face up; say so in the file
            board = evolve(board, area=board.area.revealed())
        yield board_to_file(board, sets=list(registry.active))


def final_board_paths(path: Path, areas: int) -> list[Path]:
    if areas == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{i + 1}{path.suffix}") for i in range(areas)]


def print_result(out, game: Game, result: GameResult) -> None:
    from .main import render_report

    out.print(Text("Final scoring (every card revealed, R12)", style="bold"))
    for area, report in enumerate(result.reports):
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        render_report(report, f"Area {area + 1} ({seats})", explain=False)
    table = Table(title=f"Game over after {result.turns} turns" +
                  (" (turn limit reached)" if result.turn_limit_reached else ""),
                  title_justify="left")
    for header in ("area", "seats", "total", "gods", "result"):
        table.add_column(header)
    shared = len(result.winners) > 1
    for area, report in enumerate(result.reports):
        seats = ", ".join(seat_label(game, s) for s in game.seats_of_area(area))
        verdict = ""
        if area in result.winners and len(result.reports) > 1:
            verdict = "shared win (R16)" if shared else "WINNER"
        table.add_row(str(area + 1), seats, str(report.total), str(report.gods), verdict)
    out.print(table)
    if len(result.reports) > 1:
        names = " and ".join(f"area {w + 1}" for w in result.winners)
        out.print(f"Winner{'s' if shared else ''} (R16: most points, then most gods): {names}",
                  markup=False)
    scenario = result.reports[0].scenario
    if scenario is not None:
        out.print(f"Scenario {scenario.scenario.number} {scenario.scenario.name}: "
                  f"victory {'YES' if scenario.victory else 'no'}; "
                  f"challenge {'YES' if scenario.challenge else 'no'}; "
                  f"more than {scenario.threshold} points: "
                  f"{'BEATEN' if scenario.beaten else 'not beaten'}", markup=False)


# ---------------------------------------------------------------------- dioses play


@click.command("play")
@click.option("--players", type=click.IntRange(1, MAX_SEATS),
              help="Seats at the table (default 2; 1 with --scenario; or as many as --agents).")
@_setup_options
@click.option("--seed", type=int, help="Random seed (default: a random one, printed).")
@click.option("--agents", "agents_text", metavar="LIST",
              help="Who sits in each seat, comma-separated: human, greedy, random "
                   "(default: human, then greedy). Several humans play hot-seat.")
@click.option("--save", "save_path", type=click.Path(path_type=Path),
              help=f"Autosave file, written after every turn [default: ./{DEFAULT_SAVE}].")
@click.option("--resume", "resume_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Continue a saved game.")
@click.option("--overwrite", is_flag=True,
              help="Replace a save file that holds an unfinished game.")
@click.option("--log", "log_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Write the game log (JSON lines; 'dioses replay' checks it). Default: "
                   "beside the save, with the suffix .jsonl.")
@click.option("--final-board", "final_board", type=click.Path(path_type=Path, dir_okay=False),
              help="At the end, write each area as a board file for 'dioses score' "
                   "(FILE-1, FILE-2... when there are several areas).")
@CARDS_OPTION
@user_errors
def play_command(players, scenario, challenge, rules, seed, agents_text, save_path,
                 resume_path, overwrite, log_path, final_board, extra_cards) -> None:
    """Play in the terminal against agents, or hot-seat with several humans.

    Each human sees the board (face-down cards are '?', even their own), the
    legal choices numbered, and types a number. The game is saved after every
    turn; Ctrl-C or the end of the input stops it, and --resume goes on.
    """
    out = console()
    if resume_path is not None:
        given = [name for name, value in (
            ("--players", players is not None), ("--scenario", scenario is not None),
            ("--challenge", challenge), ("--rule", bool(rules)),
            ("--seed", seed is not None), ("--agents", agents_text is not None)) if value]
        if given:
            raise click.UsageError(f"--resume continues a saved game as it was set up; "
                                   f"{', '.join(given)} cannot be changed")
        _resume(out, resume_path, save_path, log_path, final_board, extra_cards, overwrite)
        return

    registry, scenario_id, options = game_arguments(extra_cards, scenario, challenge, rules)
    names = parse_agents(agents_text, [HUMAN, *AGENTS])
    if players is None:
        players = len(names) if names else (1 if scenario_id else 2)
    check_players(players, scenario_id)
    if names is None:
        names = [HUMAN]
    if len(names) > players:
        raise click.BadParameter(f"{len(names)} agents for {players} players",
                                 param_hint="'--agents'")
    names = names + ["greedy"] * (players - len(names))
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)

    save_path = save_path or Path(DEFAULT_SAVE)
    check_save_target(save_path, overwrite)
    if log_path is None:
        # Every game writes a log: beside the save unless --log says where.
        beside = save_path.with_suffix(".jsonl")
        if not beside.exists() or is_log(beside):
            log_path = beside
    if log_path is not None:
        check_writable_target(log_path, "'--log'", is_log, "a Dioses! game log")
        check_distinct(save_path, log_path)
    if final_board is not None:
        _check_final_board(final_board, 1 if scenario_id else players)

    meta = {"cards": [str(Path(p).resolve()) for p in extra_cards],
            "log": str(log_path.resolve()) if log_path else None, "seed": seed}
    session = Session(out, registry, save_path, meta, log_path)
    agents = [HumanAgent(out, session.narrator) if name == HUMAN
              else make_agent(name, agent_seed(seed, seat)) for seat, name in enumerate(names)]
    what = f"scenario {scenario_id}" if scenario_id else f"{players}-player game"
    out.print(f"New {what}, seed {seed}; seats: " +
              ", ".join(f"{i + 1} {n}" for i, n in enumerate(names)) +
              f"; autosave: {save_path}", markup=False)
    if scenario_id:
        out.print(render(registry.get("scenario", scenario_id), registry_names(registry)),
                  markup=False)

    def setup_record(record: dict) -> dict:
        if record.get("type") == "setup":
            record = {**record, "cards": meta["cards"], "pool": pool_fingerprint(registry)}
        return record

    session.transform = setup_record
    session.run(lambda log: new_game(registry, agents, scenario_id, options, seed, challenge,
                                     log=log), final_board)


def check_save_target(save_path: Path, overwrite: bool) -> None:
    """A save may replace a finished game's save; an unfinished one only with
    --overwrite; anything else never."""
    check_writable_target(save_path, "'--save'", is_save, "a Dioses! save")
    if save_path.exists() and not overwrite:
        saved = _read_json(save_path)
        state = saved.get("state") if isinstance(saved, dict) else None
        if isinstance(state, dict) and not state.get("finished", False):
            raise click.BadParameter(
                f"{save_path} holds an unfinished game; continue it with "
                f"'dioses play --resume {save_path}', or add --overwrite to replace it, "
                f"or give another --save file", param_hint="'--save'")


def check_distinct(save_path: Path, log_path: Path) -> None:
    if save_path.resolve() == log_path.resolve():
        raise click.BadParameter("the log and the save must be two files",
                                 param_hint="'--log'")


def _check_final_board(path: Path, areas: int) -> None:
    for target in final_board_paths(path, areas):
        if target.exists():
            raise click.BadParameter(f"{target} exists; not overwriting it",
                                     param_hint="'--final-board'")
        parent = target.parent if str(target.parent) else Path(".")
        if not parent.is_dir():
            raise click.BadParameter(f"no folder {parent} for {target}",
                                     param_hint="'--final-board'")


class Session:
    """One sitting of 'dioses play': logs, autosaves, narration, the end."""

    def __init__(self, out, registry: Registry, save_path: Path, meta: dict,
                 log_path: Optional[Path], records: Sequence[dict] = ()):
        self.out = out
        self.registry = registry
        self.records = list(records)
        self.narrator = Narrator(out)
        self.autosave = Autosave(save_path, meta)
        self.log_path = log_path
        self.writer: Optional[LogWriter] = None
        self.transform: Callable[[dict], dict] = lambda record: record

    def log(self, record: dict) -> None:
        record = self.transform(record)
        self.records.append(record)
        if self.writer is not None:
            self.writer.write(record)
        self.narrator.record(record)

    def on_turn(self, game: Game) -> None:
        self.autosave.write(game, self.records)
        self.narrator.flush(game)
        active = game.state.active
        if not game.state.finished and game.agents[active].name != HUMAN:
            draw_board(self.out, game, None)
            self.narrator.dirty = False

    def run(self, start: Callable[[Callable[[dict], None]], Game],
            final_board: Optional[Path]) -> None:
        out = self.out
        save = self.autosave.path
        try:
            if self.log_path is not None:
                self.writer = LogWriter(self.log_path, self.records)
            game = start(self.log)
            if game.state.finished:
                result = game.result()  # logs nothing new: see _resume
            else:
                if self.autosave.turn is None:
                    self.autosave.write(game, self.records)
                    self.narrator.flush(game, "setup")
                    if game.agents[game.state.active].name != HUMAN:
                        draw_board(out, game, None)
                        self.narrator.dirty = False
                result = game.play(on_turn=self.on_turn)
                self.autosave.write(game, self.records)
        except InputClosed as stop:
            self._stopped(f"{'you quit' if str(stop) == 'quit' else 'the input ended'}")
            return
        except KeyboardInterrupt:
            self._stopped("interrupted", EXIT_INTERRUPTED)
            return
        except OSError as error:  # a full disk, a file removed under our feet
            where = error.filename or self.autosave.path
            raise _fail(f"cannot write {where}: {error.strerror or error}",
                        "the last autosave stands" if self.autosave.turn is not None else None)
        finally:
            if self.writer is not None:
                self.writer.close()
        print_result(out, game, result)
        out.print(f"saved: {save} (finished game)", markup=False)
        if self.log_path is not None:
            out.print(f"log: {self.log_path} (check it with: dioses replay {self.log_path})",
                      markup=False)
        if final_board is not None:
            paths = final_board_paths(final_board, len(game.state.areas))
            for board_file, path in zip(final_boards(game, self.registry), paths):
                write_board(board_file, path)
                out.print(f"final board of area {paths.index(path) + 1}: {path} "
                          f"(dioses score {path})", markup=False)

    def _stopped(self, why: str, code: int = 0) -> None:
        save = self.autosave.path
        if self.autosave.turn is None:
            click.echo(f"{why}: the game had not started; nothing was saved", err=True)
        else:
            click.echo(f"{why}: the game is saved in {save} as it was at the start of turn "
                       f"{self.autosave.turn + 1}; continue with: dioses play --resume {save}",
                       err=True)
        if code:
            sys.exit(code)


def _resume(out, path: Path, save_path: Optional[Path], log_path: Optional[Path],
            final_board: Optional[Path], extra_cards, overwrite: bool = False) -> None:
    if not path.exists():
        raise click.BadParameter(f"{path} does not exist", param_hint="'--resume'")
    data = load_save(path)
    meta = dict(data.get("play") or {})
    state = data.get("state")
    if not isinstance(state, dict) or state.get("seats") != len(data["agents"]):
        raise _fail("the saved game is damaged: its seats and agents do not match",
                    path=str(path))
    if not isinstance(meta.get("cards") or [], list) or not isinstance(
            meta.get("records") or [], list):
        raise _fail("the saved game is damaged: bad 'play' section", path=str(path))
    cards = [Path(p) for p in meta.get("cards") or [] if isinstance(p, str)]
    missing = [str(p) for p in cards if not p.exists()]
    if missing:
        raise _fail(f"the saved game used card files that are gone: {', '.join(missing)}")
    registry, _ = load_registry([*cards, *extra_cards])
    known = {c.id for c in registry.myth_cards()}
    try:
        from dioses_rules.scoring.board import CONVERTER
        from dioses_rules.engine.game import GameState

        used = {card for _, card in CONVERTER.structure(state, GameState).all_card_places()}
    except Exception:  # load_game reports a damaged save below
        used = set()
    unknown = sorted(used - known)
    if unknown:
        raise _fail(f"the saved game uses cards no loaded set defines: "
                    f"{', '.join(unknown[:8])}", "load their card files with --cards",
                    str(path))
    save_path = save_path or path
    if save_path.resolve() != path.resolve():
        check_save_target(save_path, overwrite)
    records = [r for r in meta.get("records") or [] if isinstance(r, dict)]
    if log_path is None and meta.get("log"):
        saved_log = Path(meta["log"])
        if saved_log.exists() and not is_log(saved_log):
            raise _fail(f"the game's log {saved_log} now holds something else; not "
                        f"touching it", "give another log file with --log")
        log_path = saved_log
    elif log_path is not None:
        check_writable_target(log_path, "'--log'", is_log, "a Dioses! game log")
    if log_path is not None:
        check_distinct(save_path, log_path)
    if log_path is not None and (not records or records[0].get("type") != "setup"):
        raise _fail("this save holds no log of the game so far; cannot write a log")
    names = [agent["name"] for agent in data["agents"]]
    meta["log"] = str(log_path.resolve()) if log_path else None
    session = Session(out, registry, save_path, meta, log_path, records)
    agents = [HumanAgent(out, session.narrator) if name == HUMAN else make_agent(name, 0)
              for name in names]
    finished = state.get("finished") is True
    if final_board is not None:
        areas = state.get("areas")
        _check_final_board(final_board, len(areas) if isinstance(areas, list) and areas else 1)
    if not finished:
        turn = state.get("turn") if isinstance(state.get("turn"), int) else 0
        out.print(f"Resuming {path} at turn {turn + 1}; seats: " +
                  ", ".join(f"{i + 1} {n}" for i, n in enumerate(names)), markup=False)

    def start(log):
        try:
            return load_game(registry, data, agents, log=None if finished else log)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise _fail(f"the saved game is damaged ({type(error).__name__}: {error})",
                        path=str(path))

    if finished:
        out.print(f"{path} holds a finished game", markup=False)
        session.log_path = None  # nothing new to log
    session.run(start, final_board)


# ---------------------------------------------------------------------- simulate


def _stats(values: Sequence[float]) -> dict:
    if not values:
        return {"mean": 0.0, "spread": 0.0, "min": 0, "max": 0}
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    return {"mean": round(mean, 3), "spread": round(spread, 3),
            "min": min(values), "max": max(values)}


def run_simulation(registry: Registry, games: int, players: int, names: Sequence[str],
                   scenario: Optional[str], options: Sequence[str], seed: int, challenge: bool,
                   log_dir: Optional[Path] = None, progress=None,
                   extra_cards: Sequence[Path] = ()) -> dict:
    seat_agents = [names[i % len(names)] for i in range(players)]
    seat_wins = [0] * players
    seat_shared = [0] * players
    seat_scores: list[list[int]] = [[] for _ in range(players)]
    all_scores: list[int] = []
    turns: list[int] = []
    limit_hits = shared_games = 0
    victories = challenges = beaten = 0
    agent_games_won = {name: 0 for name in dict.fromkeys(seat_agents)}
    pool = pool_fingerprint(registry)
    extra = [str(Path(p).resolve()) for p in extra_cards]
    for index in range(games):
        game_seed = seed + index
        agents = [make_agent(name, agent_seed(game_seed, seat))
                  for seat, name in enumerate(seat_agents)]
        writer = None
        log = None
        if log_dir is not None:
            writer = LogWriter(log_dir / f"game-{index + 1:04d}.jsonl")

            def log(record, writer=writer):
                if record.get("type") == "setup":
                    record = {**record, "cards": extra, "pool": pool}
                writer.write(record)
        try:
            game = new_game(registry, agents, scenario, options, game_seed, challenge, log=log)
            result = game.play()
        finally:
            if writer is not None:
                writer.close()
        turns.append(result.turns)
        limit_hits += result.turn_limit_reached
        all_scores.extend(r.total for r in result.reports)
        for seat in range(players):
            seat_scores[seat].append(result.reports[game.state.seat_area[seat]].total)
        if scenario is None:
            winners = set(result.winners)
            shared_games += len(winners) > 1
            won_by = set()
            for seat in range(players):
                if game.state.seat_area[seat] in winners:
                    seat_wins[seat] += 1
                    seat_shared[seat] += len(winners) > 1
                    won_by.add(seat_agents[seat])
            for name in won_by:
                agent_games_won[name] += 1
        else:
            outcome = result.reports[0].scenario
            victories += outcome.victory
            challenges += outcome.challenge
            beaten += outcome.beaten
        if progress is not None:
            progress()

    def rate(count: int, out_of: int) -> float:
        return round(count / out_of, 4) if out_of else 0.0

    base = scenario is None
    seats = []
    for seat in range(players):
        entry = {"seat": seat + 1, "agent": seat_agents[seat],
                 "score": _stats(seat_scores[seat])}
        if base:
            entry.update(wins=seat_wins[seat], shared_wins=seat_shared[seat],
                         win_rate=rate(seat_wins[seat], games))
        seats.append(entry)
    agents_json = {}
    for name in dict.fromkeys(seat_agents):
        mine = [s for s in range(players) if seat_agents[s] == name]
        entry = {"seats": [s + 1 for s in mine], "seat_games": games * len(mine),
                 "score": _stats([v for s in mine for v in seat_scores[s]])}
        if base:
            wins = sum(seat_wins[s] for s in mine)
            entry.update(wins=wins, win_rate=rate(wins, games * len(mine)),
                         games_won=agent_games_won[name],
                         game_win_rate=rate(agent_games_won[name], games))
        agents_json[name] = entry
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "seeds": [seed, seed + games - 1],
        "scenario": scenario,
        "challenge": challenge,
        "options": list(options),
        "seat_agents": seat_agents,
        "counting": ("a game's winners are the areas with the most points, then the most "
                     "gods (R16); a shared win counts as a win for each winning seat; an "
                     "agent's win_rate is its seats' wins over its seat-games, its "
                     "game_win_rate the games where at least one of its seats won"
                     if base else
                     "scenario games have one shared area: the rates are per game"),
        "seats": seats,
        "agents": agents_json,
        "shared_wins": shared_games if base else None,
        "score": _stats(all_scores),
        "turns": _stats(turns),
        "turn_limit_hits": limit_hits,
        "scenario_rates": None if base else {
            "victory": rate(victories, games), "challenge": rate(challenges, games),
            "beaten": rate(beaten, games),
            "victories": victories, "challenges": challenges, "beaten_games": beaten},
    }


@click.command("simulate")
@click.option("--games", type=click.IntRange(1, 1_000_000), required=True,
              help="How many games to play.")
@click.option("--players", type=click.IntRange(1, MAX_SEATS),
              help="Seats per game (default 2; 1 with --scenario).")
@click.option("--agents", "agents_text", default="greedy,random", show_default=True,
              metavar="LIST", help="Agents, comma-separated; seat i uses agent i mod their count.")
@_setup_options
@click.option("--seed", type=int, default=1, show_default=True,
              help="Game g (from 0) uses seed S+g; its agents are seeded from it and their seat.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Readable text, or one JSON object.")
@click.option("--log-dir", type=click.Path(path_type=Path, file_okay=False),
              help="Write each game's log there (game-0001.jsonl, ...).")
@CARDS_OPTION
@user_errors
def simulate_command(games, players, agents_text, scenario, challenge, rules, seed,
                     output_format, log_dir, extra_cards) -> None:
    """Play many games between agents and report how they went.

    Win rates per seat and per agent (base game), mean and spread (standard
    deviation) of the scores, game lengths, turn-limit hits, and for a scenario
    its victory, challenge and beaten rates. The same seed gives the same result.
    """
    registry, scenario_id, options = game_arguments(extra_cards, scenario, challenge, rules)
    names = parse_agents(agents_text, list(AGENTS))
    if players is None:
        players = 1 if scenario_id else 2
    check_players(players, scenario_id)
    if log_dir is not None:
        if log_dir.exists() and not log_dir.is_dir():
            raise click.BadParameter(f"{log_dir} is not a folder", param_hint="'--log-dir'")
        log_dir.mkdir(parents=True, exist_ok=True)
        for index in range(games):
            target = log_dir / f"game-{index + 1:04d}.jsonl"
            if target.exists() and not is_log(target):
                raise click.BadParameter(f"{target} exists and is not a Dioses! game log; "
                                         f"not overwriting it", param_hint="'--log-dir'")

    err = console(stderr=True)
    started = time.perf_counter()
    if err.is_terminal:
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeRemainingColumn)

        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=err, transient=True) as bar:
            task = bar.add_task("games", total=games)
            report = run_simulation(registry, games, players, names, scenario_id, options, seed,
                                    challenge, log_dir, lambda: bar.advance(task),
                                    extra_cards)
    else:
        report = run_simulation(registry, games, players, names, scenario_id, options, seed,
                                challenge, log_dir, extra_cards=extra_cards)
    elapsed = time.perf_counter() - started
    if output_format == "json":
        print_json(report)
        return
    print_simulation(console(), report, registry, elapsed)


def _pct(rate: float) -> str:
    return f"{rate * 100:.1f}%"


def print_simulation(out, report: dict, registry: Registry, elapsed: float) -> None:
    what = "base game" if report["scenario"] is None else (
        f"scenario {registry.get('scenario', report['scenario']).number} "
        f"{report['scenario']}" + (" (challenge)" if report["challenge"] else ""))
    options = f", rule options: {', '.join(report['options'])}" if report["options"] else ""
    out.print(f"{report['games']} games, {what}, {report['players']} player(s), seeds "
              f"{report['seeds'][0]}..{report['seeds'][1]}{options} ({elapsed:.1f} s)",
              markup=False)
    base = report["scenario"] is None
    table = Table(title="Seats", title_justify="left")
    for header in ["seat", "agent", "mean score", "spread", "min", "max"] + (
            ["wins", "shared", "win rate"] if base else []):
        table.add_column(header, justify="right" if header not in ("agent",) else "left")
    for seat in report["seats"]:
        score = seat["score"]
        row = [str(seat["seat"]), seat["agent"], f"{score['mean']:.2f}", f"{score['spread']:.2f}",
               str(score["min"]), str(score["max"])]
        if base:
            row += [str(seat["wins"]), str(seat["shared_wins"]), _pct(seat["win_rate"])]
        table.add_row(*row)
    out.print(table)
    if base:
        agents = Table(title="Agents", title_justify="left")
        for header in ("agent", "seats", "mean score", "wins / seat-games", "win rate",
                       "games won"):
            agents.add_column(header)
        for name, entry in report["agents"].items():
            agents.add_row(name, ", ".join(map(str, entry["seats"])),
                           f"{entry['score']['mean']:.2f}",
                           f"{entry['wins']} / {entry['seat_games']}", _pct(entry["win_rate"]),
                           f"{entry['games_won']} ({_pct(entry['game_win_rate'])})")
        out.print(agents)
        out.print(f"Counting: {report['counting']}. Games with a shared win: "
                  f"{report['shared_wins']}.", markup=False)
    score, turns = report["score"], report["turns"]
    out.print(f"Score per area: mean {score['mean']:.2f}, spread {score['spread']:.2f} "
              f"(standard deviation), min {score['min']}, max {score['max']}", markup=False)
    out.print(f"Game length: mean {turns['mean']:.1f} turns, spread {turns['spread']:.1f}, "
              f"min {turns['min']}, max {turns['max']}; turn-limit hits: "
              f"{report['turn_limit_hits']}", markup=False)
    rates = report["scenario_rates"]
    if rates is not None:
        out.print(f"Scenario: victory {_pct(rates['victory'])} ({rates['victories']}), "
                  f"challenge {_pct(rates['challenge'])} ({rates['challenges']}), "
                  f"beaten {_pct(rates['beaten'])} ({rates['beaten_games']})", markup=False)


# ---------------------------------------------------------------------- replay


class _LogEnded(Exception):
    """The log has no more decisions for a seat: an unfinished game's end."""


def _picks(items: list[tuple[str, int]]) -> Iterator[tuple[str, int]]:
    yield from items
    raise _LogEnded()


def _describe(record: Optional[dict], missing: str = "nothing (the game ended)") -> str:
    if record is None:
        return missing
    if record.get("type") == "decision":
        return (f"turn {record.get('turn')}: seat {record.get('seat', 0) + 1} "
                f"'{record.get('kind')}' decision, option {record.get('index', 0) + 1} of {record.get('options')}"
                f" ({record.get('choice')})")
    if record.get("type") == "final":
        return (f"the end: turns {record.get('turns')}, totals {record.get('totals')}, "
                f"winning area(s) {[w + 1 for w in record.get('winners', [])]}, "
                f"scenario {record.get('scenario')}")
    data = {k: v for k, v in record.items() if k not in ("type", "event")}
    return f"event '{record.get('event')}' {json.dumps(data, ensure_ascii=False)}"


@click.command("replay")
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@CARDS_OPTION
@user_errors
def replay_command(log_file: Path, extra_cards) -> None:
    """Re-run a game log and check that it reaches the same end.

    Every seat is played by the recorded choices, in order, with the seed,
    players, scenario and rule options of the log's setup record; every
    record (decisions, events, the final scores) must come out the same.
    """
    records = read_log(log_file)
    setup = records[0]
    cards = [Path(p) for p in setup.get("cards") or [] if isinstance(p, str)]
    missing = [str(p) for p in cards if not p.exists()]
    if missing and not extra_cards:
        raise _fail(f"the log was made with card files that are gone: {', '.join(missing)}",
                    "give them with --cards")
    registry, _ = load_registry(list(extra_cards) or cards)
    seats = setup["seats"]
    picks: list[list[tuple[str, int]]] = [[] for _ in range(seats)]
    for record in records[1:]:
        if record["type"] == "decision" and record["options"] > 1:
            picks[record["seat"]].append((record["kind"], record["index"]))
    agents = [ScriptedAgent(_picks(picks[seat])) for seat in range(seats)]
    replayed: list[dict] = []
    problem = None
    ended_early = False
    try:
        game = new_game(registry, agents, setup["scenario"], setup["options"], setup["seed"],
                        setup["challenge"], log=replayed.append)
        game.play()
    except _LogEnded:
        ended_early = True
    except DiosesError as error:
        problem = "; ".join(d.message for d in error.diagnostics)
    except (KeyError, IndexError, ValueError, TypeError) as error:
        problem = f"the log does not fit this game ({type(error).__name__}: {error})"

    logged = records[1:]
    new = replayed[1:]
    out = console()
    pool_note = ""
    if setup.get("pool") and setup["pool"] != pool_fingerprint(registry):
        pool_note = " (note: the log was made with another card pool than the one loaded now)"
    # An unfinished game's log stops where the replay runs out of decisions:
    # then the log must be the start of the replay; else all of it.
    span = len(logged) if ended_early else max(len(logged), len(new))
    diverged_at = next((i for i in range(span)
                        if (logged[i] if i < len(logged) else None)
                        != (new[i] if i < len(new) else None)), None)
    if diverged_at is None and (problem is None or ended_early):
        decisions = sum(1 for r in logged if r["type"] == "decision")
        final = next((r for r in reversed(logged) if r["type"] == "final"), None)
        ending = _describe(final) if final is not None else \
            "the log stops before the end of the game (an unfinished game)"
        out.print(f"replay OK: {decisions} decisions and {len(logged)} records replay "
                  f"identically; {ending}", markup=False)
        return
    if diverged_at is None:  # the replay failed where the log also stops
        diverged_at = len(new)
    there = logged[diverged_at] if diverged_at < len(logged) else None
    here = new[diverged_at] if diverged_at < len(new) else None
    click.echo(f"replay diverged at record {diverged_at + 2} of {log_file} "
               f"(line {diverged_at + 2}; line 1 is the setup):", err=True)
    click.echo(f"  the log has:    {_describe(there, 'nothing (the log ends here)')}",
               err=True)
    if here is None and problem:
        click.echo(f"  the replay:     {problem}", err=True)
    else:
        click.echo(f"  the replay has: {_describe(here)}", err=True)
    if pool_note:
        click.echo(pool_note.strip(" ()"), err=True)
    sys.exit(1)
