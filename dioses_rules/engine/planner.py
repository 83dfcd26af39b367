"""The planning agent: Monte Carlo search over the engine's own decisions,
the hidden cards sampled (determinized).

At each decision with more than one option the planner:

1. ranks the options by the greedy agent's view of them (``greedy``),
   the greedy agent's own pick first, and keeps the best
   :data:`MAX_CANDIDATES` (all of them when the greedy agent does not judge
   that kind of decision option by option, up to that many, drawn at random);
2. imagines worlds the player could be in (``determinize``): the state at
   the start of the turn (``Game.turn_start``), its hidden cards dealt again
   but every card the player has seen kept in place;
3. in each world, for each candidate, plays a fresh :class:`~.game.Game`
   from that state: the turn's picks so far replayed (``Game.turn_picks``),
   then the candidate, then every seat played by a greedy agent to the end of
   the game; a world whose replay does not reach the same decision is
   dropped;
4. shares out ``think`` such simulations by sequential halving (Karnin,
   Koren and Somekh 2013): in each round every remaining candidate is played
   in the same new worlds, the better half kept, until one is left. The
   candidates are compared on the same worlds and the same rollout seeds
   (common random numbers), so few simulations tell them apart.

An outcome is worth, in the base game, the seat's share of the win (R16: a
tie on points and gods is shared) plus a little for its margin over the best
other area; in a scenario, the greedy agent's credit for each part of the
victory and challenge met at the end (``reference.reference_progress``),
plus a fifth of the points, plus credit for each of the scenario's own
abilities used (they move its cards where the victory needs them: scenario
7's sarcophagus walks to the back row in two paid swaps, and a rollout that
makes the first one is on the way even when it does not make the second).

Every random draw comes from the agent's own generator, seeded once: the
same seed and the same game give the same picks. The real game is never
changed: a world is a copy of its state.
"""

from __future__ import annotations

import math
import random
from typing import TypedDict

from .determinize import determinize
from .game import Game
from .greedy import GreedyAgent
from .reference import reference_progress
from .state import Decision, GameResult, GameState, copy_state

THINK_RANGE = (1, 2000)  # simulations per decision
DEFAULT_THINK = 16
MAX_CANDIDATES = 4  # options searched at one decision
MARGIN_WEIGHT = 0.02  # base game: per point of margin over the best other area
POINTS_WEIGHT = 0.2  # scenario: per point
ABILITY_USED = 2.5  # scenario: per ability of its own used (as valuation.ABILITY_READY)
# Decisions not searched: which face-down card to turn face up. Every one
# is unknown alike (R12), so only luck would tell the candidates apart.
NOT_SEARCHED = frozenset({"reveal"})


class SearchNote(TypedDict, total=False):
    """What the planner's last decision did (``Planner.last``): empty before
    the first; ``means`` only when it searched."""

    candidates: list[int]  # the options weighed, best first by the greedy agent
    simulations: int  # the simulated games played
    dropped: int  # the worlds dropped: their replay did not reach the decision
    means: list[float | None]  # per candidate, its mean outcome (None: never played)


class _Diverged(Exception):
    """The world does not replay the turn to the same decision."""


class _SimulatedSeat:
    """A seat of a simulated game: it replays the turn's picks, plays the
    candidate at the decision searched, then plays as the greedy agent
    ``rollout`` (one for every seat and every simulation of a planner: its
    remembered values serve them all)."""

    name = "simulated"

    def __init__(self, plan: _Plan, rollout: GreedyAgent):
        self.plan = plan
        self.rollout = rollout

    def choose(self, game: Game, decision: Decision) -> int:
        plan = self.plan
        if plan.replaying is not None:
            return plan.next_pick(decision)
        return self.rollout.choose(game, decision)


class _Plan:
    """The picks a simulated game replays, shared by its seats."""

    def __init__(self, picks: list[tuple[int, str, int]], root: Decision, candidate: int):
        self.picks = picks
        self.position = 0
        self.root = root
        self.candidate = candidate
        self.replaying: bool | None = True  # None once the candidate is played

    def next_pick(self, decision: Decision) -> int:
        if self.position < len(self.picks):
            seat, kind, index = self.picks[self.position]
            self.position += 1
            if (seat, kind) != (decision.seat, decision.kind) or index >= len(decision.choices):
                raise _Diverged()
            return index
        root = self.root
        if (decision.seat, decision.kind, decision.subject, len(decision.choices)) != (
            root.seat,
            root.kind,
            root.subject,
            len(root.choices),
        ):
            raise _Diverged()
        self.replaying = None
        return self.candidate


class Planner:
    """Determinized Monte Carlo search at every decision (module doc)."""

    name = "planner"
    plans = True  # the game keeps the turn's start and picks for it

    def __init__(self, seed: int = 0, think: int = DEFAULT_THINK):
        low, high = THINK_RANGE
        if not low <= think <= high:
            raise ValueError(f"think must be {low} to {high}, not {think}")
        self.rng = random.Random(seed)
        self.think = think
        self.greedy = GreedyAgent(seed)  # ranks the options; plays when nothing to search
        self.rollout = GreedyAgent(seed)  # plays every seat of the simulated games
        self.simulations = 0  # over the agent's life
        self.last: SearchNote = {}  # what the last decision did

    def choose(self, game: Game, decision: Decision) -> int:
        return self.suggest(game, decision)

    def suggest(self, game: Game, decision: Decision) -> int:
        """The option the planner would pick, without changing ``game``
        (what ``choose`` answers). Searches only when the game kept the
        turn's start (an agent that ``plans`` is seated, ``Game.keep_turn_start``):
        before the first turn (setup reveals) it picks as the greedy agent."""
        candidates = self._candidates(game, decision)
        if (
            len(candidates) == 1
            or game.turn_start is None
            or game.turn_picks is None
            or decision.kind in NOT_SEARCHED
        ):
            self.last = {"candidates": candidates, "simulations": 0, "dropped": 0}
            return candidates[0]
        return self._search(game, decision, candidates)

    # ------------------------------------------------------------ candidates
    def _candidates(self, game: Game, decision: Decision) -> list[int]:
        """The options worth searching, best first by the greedy agent's view."""
        count = len(decision.choices)
        first, values = self.greedy.choose_weighing(game, decision)  # values weighed once
        width = min(MAX_CANDIDATES, count, self.think)
        if width <= 1:
            return [first]
        others = [i for i in range(count) if i != first]
        self.rng.shuffle(others)  # ties, and the options not judged one by one
        if values is not None:
            others.sort(key=lambda i: -values[i])
        return [first] + others[: width - 1]

    # ------------------------------------------------------------ search
    def _search(self, game: Game, decision: Decision, candidates: list[int]) -> int:
        """Sequential halving over ``candidates`` (module doc); ties go to
        the better ranked candidate."""
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        budget, used, dropped = self.think, 0, 0
        rounds = max(1, math.ceil(math.log2(len(alive))))
        for round_ in range(rounds):
            worlds = max(1, (budget - used) // ((rounds - round_) * len(alive)))
            for _ in range(worlds):
                if used + len(alive) > budget:
                    break
                world, seed = self._world(game, decision), self.rng.getrandbits(32)
                for position in alive:
                    used += 1
                    outcome = self._simulate(game, decision, world, seed, candidates[position])
                    if outcome is None:  # the replay diverged: so would every candidate
                        dropped += 1
                        break
                    totals[position] += outcome
                    counts[position] += 1
            alive.sort(key=lambda p: (-(totals[p] / counts[p]) if counts[p] else 0.0, p))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
            if len(alive) == 1:
                break
        self.simulations += used
        self.last = {
            "candidates": candidates,
            "simulations": used,
            "dropped": dropped,
            "means": [totals[p] / counts[p] if counts[p] else None for p in range(len(candidates))],
        }
        return candidates[min(alive)]

    def _world(self, game: Game, decision: Decision) -> GameState:
        # kept by keep_turn_start, since this agent plans
        assert game.turn_start is not None, "a planning agent's game keeps its turn start"
        return determinize(game.turn_start, game.state, decision, game.scenario, self.rng)

    def _simulate(
        self, game: Game, decision: Decision, world: GameState, seed: int, candidate: int
    ) -> float | None:
        """One game played from ``world`` with ``candidate`` at the decision;
        its worth to the deciding seat, or None if the replay diverged."""
        assert game.turn_picks is not None, "a planning agent's game records its picks"
        plan = _Plan(game.turn_picks, decision, candidate)
        seats = [_SimulatedSeat(plan, self.rollout)] * game.state.seats
        sim = Game(
            game.registry,
            copy_state(world),  # each candidate its own copy
            seats,
            random.Random(seed),
        )
        self.rollout.follow(sim, seed)
        try:
            result = sim.play()
        except _Diverged:
            return None
        if plan.replaying is not None:
            return None  # the game ended before the decision came back
        return self._worth(sim, result, decision.seat)

    @staticmethod
    def _worth(sim: Game, result: GameResult, seat: int) -> float:
        area = sim.state.seat_area[seat]
        reports = result.reports
        mine = reports[area]
        if sim.scenario is None:
            share = 1.0 / len(result.winners) if area in result.winners else 0.0
            others = [r.total for i, r in enumerate(reports) if i != area]
            margin = mine.total - max(others) if others else 0
            return share + MARGIN_WEIGHT * margin
        board = sim.board(area)
        used = len(sim.state.areas[area].used_abilities)
        return (
            reference_progress(sim, area, board, mine)
            + POINTS_WEIGHT * mine.total
            + ABILITY_USED * used
        )
