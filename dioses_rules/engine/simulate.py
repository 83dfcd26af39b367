"""Many games between agents, and how they went.

Game ``g`` (from 0) is played with seed ``seed + g``; each agent's own random
generator is seeded from that and its seat (:func:`agents.agent_seed`), so the
same arguments always give the same report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from ..parallel import pieces, run_pieces
from ..pool.registry import Registry
from ..summary import summary
from .agents import agent_seed, make_agent
from .log import LogWriter, file_sink, pool_fields
from .planner import DEFAULT_THINK
from .setup import new_game
from .state import RULES, GameResult

BASE_COUNTING = (
    "a game's winners are the areas with the most points, then the most gods (R16); a shared "
    "win counts as a win for each winning seat; an agent's win_rate is its seats' wins over "
    "its seat-games, its game_win_rate the games where at least one of its seats won"
)
SCENARIO_COUNTING = "scenario games have one shared area: the rates are per game"


def _rate(count: int, out_of: int) -> float:
    return round(count / out_of, 4) if out_of else 0.0


@define
class _Tally:
    """What the games so far add up to."""

    seat_agents: list[str]
    seat_wins: list[int] = field(init=False)
    seat_shared: list[int] = field(init=False)
    seat_scores: list[list[int]] = field(init=False)
    agent_games_won: dict[str, int] = field(init=False)
    all_scores: list[int] = field(factory=list)
    turns: list[int] = field(factory=list)
    limit_hits: int = 0
    shared_games: int = 0
    victories: int = 0
    challenges: int = 0
    beaten: int = 0

    def __attrs_post_init__(self) -> None:
        players = len(self.seat_agents)
        self.seat_wins, self.seat_shared = [0] * players, [0] * players
        self.seat_scores = [[] for _ in range(players)]
        self.agent_games_won = dict.fromkeys(dict.fromkeys(self.seat_agents), 0)

    def add(self, outcome: GameOutcome, scenario: bool) -> None:
        self.turns.append(outcome.turns)
        self.limit_hits += outcome.turn_limit_reached
        self.all_scores.extend(outcome.totals)
        seat_area = outcome.seat_area
        for seat, area in enumerate(seat_area):
            self.seat_scores[seat].append(outcome.totals[area])
        if scenario:
            self.victories += outcome.victory
            self.challenges += outcome.challenge
            self.beaten += outcome.beaten
            return
        winners = set(outcome.winners)
        self.shared_games += len(winners) > 1
        won_by = set()
        for seat, area in enumerate(seat_area):
            if area in winners:
                self.seat_wins[seat] += 1
                self.seat_shared[seat] += len(winners) > 1
                won_by.add(self.seat_agents[seat])
        for name in won_by:
            self.agent_games_won[name] += 1


@frozen
class GameOutcome:
    """What one game adds to the report: small, so that a worker process or
    a cluster sends it back cheaply."""

    turns: int
    turn_limit_reached: bool
    totals: tuple[int, ...]  # per area
    seat_area: tuple[int, ...]
    winners: tuple[int, ...]
    victory: bool = False
    challenge: bool = False
    beaten: bool = False

    @classmethod
    def of(cls, result: GameResult, seat_area: Sequence[int]) -> GameOutcome:
        scenario = result.reports[0].scenario
        return cls(
            result.turns,
            result.turn_limit_reached,
            tuple(r.total for r in result.reports),
            tuple(seat_area),
            tuple(result.winners),
            *(
                (scenario.victory, scenario.challenge, scenario.beaten)
                if scenario is not None
                else ()
            ),
        )


@frozen
class SimulationReport:
    """What :func:`simulate` found; :meth:`to_json` is ``dioses simulate``'s JSON."""

    games: int
    players: int
    seed: int
    scenario: str | None
    challenge: bool
    options: tuple[str, ...]
    tally: _Tally
    # The rules revision played (state.RULES unless an earlier one was asked
    # for); the JSON leaves it out, so that an earlier revision's report reads
    # exactly as the versions of then wrote it.
    rules: int = RULES
    think: int | None = None  # the planner's simulations per decision, when one plays

    @property
    def seat_agents(self) -> list[str]:
        return self.tally.seat_agents

    def seats(self) -> list[dict[str, Any]]:
        t, base = self.tally, self.scenario is None
        seats = []
        for seat in range(self.players):
            entry = {
                "seat": seat + 1,
                "agent": t.seat_agents[seat],
                "score": summary(t.seat_scores[seat]),
            }
            if base:
                entry.update(
                    wins=t.seat_wins[seat],
                    shared_wins=t.seat_shared[seat],
                    win_rate=_rate(t.seat_wins[seat], self.games),
                )
            seats.append(entry)
        return seats

    def agents(self) -> dict[str, dict[str, Any]]:
        t, base = self.tally, self.scenario is None
        agents = {}
        for name in dict.fromkeys(t.seat_agents):
            mine = [s for s in range(self.players) if t.seat_agents[s] == name]
            entry = {
                "seats": [s + 1 for s in mine],
                "seat_games": self.games * len(mine),
                "score": summary([v for s in mine for v in t.seat_scores[s]]),
            }
            if base:
                wins = sum(t.seat_wins[s] for s in mine)
                entry.update(
                    wins=wins,
                    win_rate=_rate(wins, self.games * len(mine)),
                    games_won=t.agent_games_won[name],
                    game_win_rate=_rate(t.agent_games_won[name], self.games),
                )
            agents[name] = entry
        return agents

    def to_json(self) -> dict[str, Any]:
        """The report; ``think`` only when a planner played (a report
        without one reads as before the planner)."""
        t, base = self.tally, self.scenario is None
        report = {
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "seeds": [self.seed, self.seed + self.games - 1],
            "scenario": self.scenario,
            "challenge": self.challenge,
            "options": list(self.options),
            "seat_agents": t.seat_agents,
            "counting": BASE_COUNTING if base else SCENARIO_COUNTING,
            "seats": self.seats(),
            "agents": self.agents(),
            "shared_wins": t.shared_games if base else None,
            "score": summary(t.all_scores),
            "turns": summary(t.turns),
            "turn_limit_hits": t.limit_hits,
            "scenario_rates": None
            if base
            else {
                "victory": _rate(t.victories, self.games),
                "challenge": _rate(t.challenges, self.games),
                "beaten": _rate(t.beaten, self.games),
                "victories": t.victories,
                "challenges": t.challenges,
                "beaten_games": t.beaten,
            },
        }
        if self.think is not None:
            report["think"] = self.think
        return report


@frozen
class _Run:
    """Everything a game of the run needs but its number: sent once to each
    worker (:mod:`dioses_rules.parallel`)."""

    registry: Registry
    seat_agents: tuple[str, ...]
    scenario: str | None
    options: tuple[str, ...]
    seed: int
    challenge: bool
    log_dir: Path | None
    rules: int
    think: int | None = None  # the planner's simulations per decision


def _play(run: _Run, numbers: range) -> list[GameOutcome]:
    """Games ``numbers`` of the run: game ``g`` with seed ``seed + g``."""
    registry = run.registry
    fields = pool_fields(registry) if run.log_dir is not None else None
    outcomes = []
    for index in numbers:
        game_seed = run.seed + index
        seated = [
            make_agent(name, agent_seed(game_seed, seat), run.think)
            for seat, name in enumerate(run.seat_agents)
        ]
        writer = log = None
        if run.log_dir is not None and fields is not None:
            writer = LogWriter(run.log_dir / f"game-{index + 1:04d}.jsonl")
            log = file_sink(writer, fields)  # seats, turns, areas from 1
        try:
            game = new_game(
                registry,
                seated,
                run.scenario,
                run.options,
                game_seed,
                run.challenge,
                log=log,
                rules=run.rules,
            )
            result = game.play()
        finally:
            if writer is not None:
                writer.close()
        outcomes.append(GameOutcome.of(result, game.state.seat_area))
    return outcomes


def simulate(
    registry: Registry,
    games: int,
    players: int,
    agents: Sequence[str],
    scenario: str | None = None,
    options: Sequence[str] = (),
    seed: int = 1,
    challenge: bool = False,
    log_dir: Path | None = None,
    progress: Callable[[], None] | None = None,
    rules: int = RULES,
    workers: int = 1,
    scheduler: str | None = None,
    think: int | None = None,
) -> SimulationReport:
    """Play ``games`` seeded games; seat ``i`` is played by ``agents[i % len]``,
    under rules revision ``rules`` (:data:`state.RULES`; an earlier one plays
    as the versions of then did).

    ``log_dir``: write each game's log there (``game-0001.jsonl``, ...), its
    setup record naming the card pool by content (``sets``) and its fingerprint;
    ``progress()`` is called after each game. ``workers`` processes of this
    machine, or the Dask cluster at ``scheduler``, play the games: the report
    is the same, each game being seeded by its number alone. ``think``: the
    planner's simulations per decision (``planner.DEFAULT_THINK`` if None).
    """
    tally = _Tally([agents[i % len(agents)] for i in range(players)])
    run = _Run(
        registry,
        tuple(tally.seat_agents),
        scenario,
        tuple(options),
        seed,
        challenge,
        log_dir,
        rules,
        think,
    )
    parallel = workers > 1 or scheduler is not None
    # in this process, a piece is one game (progress after each); elsewhere,
    # a few pieces per worker keep them all busy till the end
    work = pieces(games, games if not parallel else max(workers, 8) * 4)

    def done(numbers: range, outcomes: list[GameOutcome]) -> None:
        if progress is not None:
            for _ in numbers:
                progress()

    for outcomes in run_pieces(_play, run, work, workers, scheduler, done):
        for outcome in outcomes:
            tally.add(outcome, scenario is not None)
    if "planner" in tally.seat_agents:
        think = DEFAULT_THINK if think is None else think
    return SimulationReport(
        games,
        players,
        seed,
        scenario,
        challenge,
        tuple(options),
        tally,
        rules,
        think if "planner" in tally.seat_agents else None,
    )
