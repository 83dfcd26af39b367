"""Can a scenario be won? A final area from the scenario's setup and any
cards of the pool, decided by CP-SAT.

What the model lets the solver choose, and why each is a fair reading of a
game's end:

* the 12 cards of the area, any of the pool's Myth cards (the deck holds them
  all; the solo area is full at the end), every card face up (R12, and the
  solo mode's "all face up at the end");
* where the cards the setup places and the rules lock end up: the cell the
  setup puts them in (any cell of the row for "at random in front row"),
  or a cell the scenario's own moves can take them to: a trigger that swaps
  the card with its neighbour in a direction (as often as the trigger can
  fire: once per pattern drawn for "when pattern completed"), an ability
  that swaps it with a card beside it (once, for an ability used once);
  any cell when a move's direction cannot be read from its text;
* which laws were drawn and where the player put them (each law once, each
  row or column once, R13); a law drawn by a trigger may not have been;
* whether each pattern drawn was completed: R14 keeps a pattern completed
  once it was, so the final area need not show it; the witness board
  records the choice as ``completed``;
* a scenario state (scenario 6's fairest): any card of the deck it is
  discarded from, or none.

The answer is checked before it is returned: the witness board, scored by
the evaluator, must meet the victory (and the challenge) and score the total
the solver claims.
"""

from __future__ import annotations

import time
from typing import Any

from attrs import frozen
from ortools.sat.python import cp_model

from ..language import model as m
from ..language.walk import iter_nodes
from ..pool.registry import Registry
from ..scoring import area as g
from ..scoring.balance import balance
from ..scoring.board import (
    LAW_LINES,
    Board,
    HeldPattern,
    LawLine,
    board_to_file,
    law_on,
    line_cells,
)
from ..scoring.score import score_board
from .cpsat import (
    Builder,
    Lin,
    Lit,
    SolverMismatch,
    agree,
    chosen,
    lit_lin,
    solve,
    total,
)
from .layout import AreaModel, area_rows, choose_area
from .limits import check_seconds
from .reading import ScenarioReading

# A law the model may put in play: (law, line, whether it is there)
LawChoice = tuple[m.Law, LawLine, cp_model.IntVar]


@frozen
class ScenarioAnswer:
    """What ``dioses solve --scenario`` answers for one scenario."""

    scenario: m.Scenario
    challenge: bool
    satisfiable: bool | None  # None: not decided within the time limit
    victory_possible: bool | None  # without the points to beat
    status: str
    board: Board | None  # a witness: a final area that wins
    total: int | None  # the witness's total, as the evaluator scores it
    seconds: float

    def to_json(self) -> dict[str, Any]:
        answer = {None: "unknown", True: "satisfiable", False: "unsatisfiable"}
        found = None
        if self.board is not None:
            board_file = board_to_file(self.board)
            found = {
                "area": area_rows(board_file.area),
                "laws": [[law.card, law.row or law.column] for law in board_file.laws],
                "patterns": [[p.card, p.completed] for p in board_file.patterns],
                "state": dict(self.board.scenario_state),
                "total": self.total,
            }
        return {
            "scenario": self.scenario.id,
            "number": self.scenario.number,
            "challenge": self.challenge,
            "answer": answer[self.satisfiable],
            "victory_possible": self.victory_possible,
            "threshold": self.scenario.threshold,
            "status": self.status,
            "witness": found,
            "seconds": round(self.seconds, 3),
        }


class _ScenarioModel(AreaModel):
    """The CP-SAT model of one scenario's winning final areas."""

    def __init__(
        self,
        registry: Registry,
        scenario: m.Scenario,
        challenge: bool,
        cards: list[m.MythCard] | None = None,
    ):
        """``cards``: the Myth cards the area may hold (default: the pool's)."""
        self.registry, self.scenario, self.challenge = registry, scenario, challenge
        b = Builder()
        pool = sorted(registry.myth_cards() if cards is None else cards, key=lambda card: card.id)
        self.reading = ScenarioReading(scenario, scenario.setup_for(challenge))
        x = choose_area(b, pool, self.reading.locked_cells())  # the solo area is full
        self.states = self._states(b)
        super().__init__(b, pool, x, dict(self.states), all_face_up_at_end=True, hand_fixed=False)

    def _states(self, b: Builder) -> dict[str, dict[str, Lit]]:
        """Each scenario state: a literal per card it may name (or none)."""
        decks = self.reading.decks
        states: dict[str, dict[str, Lit]] = {}
        for effect in self.reading.remembered:
            assert effect.remember is not None  # the reading keeps only those
            named = states.setdefault(effect.remember, {})
            for card_id in decks.get(effect.deck, ()):  # a deck never set aside is empty
                named.setdefault(card_id, b.new_bool())
        for named in states.values():
            if len(named) > 1:
                b.model.add_at_most_one(list(named.values()))
        return states

    # ------------------------------------------------------------ draws
    def pattern_slots(self) -> list[m.Pattern]:
        """The patterns held: for each draw, the ones of its level worth most."""
        chosen: list[m.Pattern] = []
        pool = sorted(
            self.registry.definitions("pattern"),
            key=lambda p: (-self.registry.pattern_points(p), p.id),
        )
        for draw in self.reading.pattern_draws:
            fitting = [
                p
                for p in pool
                if p not in chosen and (draw.difficulty is None or p.difficulty is draw.difficulty)
            ]
            chosen += fitting[: draw.keep if draw.keep is not None else draw.count]
        return chosen

    def laws(self) -> tuple[list[LawChoice], Lin, Lin]:
        """Law choices (law, line, literal), their points and how many are met."""
        choices: list[LawChoice] = []
        points: list[Lin] = []
        met: list[Lin] = []
        slots = self.reading.law_slots  # one per law that may be in play: surely?
        if not slots:  # no law can be in play: nothing to compile
            return choices, total(points), total(met)
        options = [
            (law, line)
            for law in sorted(self.registry.definitions("law"), key=lambda law: law.id)
            for line in LAW_LINES
        ]
        judged: list[tuple[Lin, Lit]] = []  # each option's points, and whether it is met
        for law, line in options:
            value = self.trees.judged(law.lines, f"law '{law.id}'", line_cells(line))
            judged.append((value, self.b.at_least(value, 1)))
        for surely in slots:
            lits = [self.b.new_bool() for _ in options]
            (self.b.model.add_exactly_one if surely else self.b.model.add_at_most_one)(lits)
            for lit, (law, line), (value, is_met) in zip(lits, options, judged, strict=True):
                choices.append((law, line, lit))
                points.append(self.b.when(lit, value))
                met.append(lit_lin(self.b.all_of((lit, is_met))))
        by_law: dict[str, list[cp_model.IntVar]] = {}
        by_line: dict[LawLine, list[cp_model.IntVar]] = {}
        for law, line, lit in choices:
            by_law.setdefault(law.id, []).append(lit)
            by_line.setdefault(line, []).append(lit)
        for used in [*by_law.values(), *by_line.values()]:  # each law once, each line once
            if len(used) > 1:
                self.b.model.add_at_most_one(used)
        return choices, total(points), total(met)

    # ------------------------------------------------------------ the model
    def build(self, beat: bool = False) -> tuple[list[m.Pattern], list[Lit], list[LawChoice]]:
        """The model: (the patterns held, whether each was completed, the law choices)."""
        patterns = self.pattern_slots()
        completed: list[Lit] = [self.b.new_bool() for _ in patterns]
        law_choices, law_points, laws_met = self.laws()
        worths = [self.registry.pattern_points(p) for p in patterns]
        whole = self.context.total = self.whole(
            zip(completed, worths, strict=True), law_points, laws_met
        )
        self.trees.where = f"scenario '{self.scenario.id}'"
        asked = list(self.scenario.victory) + (
            list(self.scenario.challenge) if self.challenge else []
        )
        for condition in asked:
            self.b.model.add_bool_and([self.trees.holds(condition, None)])
        if beat:
            self.b.model.add_bool_and([self.b.at_least(whole, self.scenario.threshold + 1)])
        return patterns, completed, law_choices

    def witness(
        self,
        solver: cp_model.CpSolver,
        patterns: list[m.Pattern],
        completed: list[Lit],
        law_choices: list[LawChoice],
    ) -> Board:
        laws = tuple(law_on(law, line) for law, line, lit in law_choices if chosen(solver, lit))
        held = tuple(
            HeldPattern(p, chosen(solver, lit), self.registry.pattern_points(p))
            for p, lit in zip(patterns, completed, strict=True)
        )
        state = tuple(
            (name, card_id)
            for name, named in sorted(self.states.items())
            for card_id, lit in named.items()
            if chosen(solver, lit)
        )
        return Board(
            self.area(solver), laws, held, (), self.scenario, state, self.registry.tie_break
        )


def _search(
    model: _ScenarioModel, beat: bool, time_limit: float | None, workers: int
) -> tuple[bool | None, str, Board | None, int | None]:
    """Solve one model: (found, proven, status name, witness parts, best total)."""
    # The points to beat are a constraint, not an objective: maximising the
    # total as well made the search prove bounds it never needed (about 1.5x
    # slower on one worker, 1.6x on two, issue #13's seven scenarios).
    parts = model.build(beat=beat)
    # A witness is asked for, not an optimum, and the model holds the whole
    # pool: on one worker most of the time went to presolve's probing and
    # symmetry detection. Without them the seven scenarios take about a
    # quarter of the deterministic time (4.0 against 14.6, issue #13). The
    # LP stays at level 2: level 1 was a little faster on the seven (3.4)
    # but could not prove a points bound out of reach (a victory met with
    # 500 points to beat: unknown after 30 s, against infeasible in 5 s).
    # With no objective: the first area found.
    solver, found, status = solve(
        model.b.model, workers, time_limit, cp_model_probing_level=0, symmetry_level=0
    )
    board = model.witness(solver, *parts) if found and beat else None
    total = solver.value(model.context.total.expr) if found and beat else None
    proven = True if found else (False if status == "INFEASIBLE" else None)
    return proven, status, board, total


# The cards of a first, smaller search for a witness (issue #13: the seven
# bundled scenarios in about a third of the time of the whole pool's).
FIRST_CARDS = 40


def first_cards(registry: Registry, scenario: m.Scenario) -> list[m.MythCard]:
    """The cards of the first search: every card the scenario names (by id
    or tag, in its setup, rules, victory and challenge), then the cards
    that score most on random areas (``balance``'s means, a fixed deal),
    up to :data:`FIRST_CARDS`. Any winning area found among them is a
    winning area of the pool; finding none proves nothing."""
    names = _names_in(scenario)
    pool = sorted(registry.myth_cards(), key=lambda card: card.id)
    chosen = {card.id: card for card in pool if card.id in names or names.intersection(card.tags)}
    means = _balance_means(registry)
    for card in sorted(pool, key=lambda card: (-means.get(card.id, 0.0), card.id)):
        if len(chosen) >= FIRST_CARDS:
            break
        chosen.setdefault(card.id, card)
    return list(chosen.values())


def _names_in(scenario: m.Scenario) -> set[str]:
    """The card ids and tags a scenario names: its ``Named`` selectors and
    the ids its setup steps and rules list (their ``cards``)."""
    found: set[str] = set()
    for node in iter_nodes(scenario):
        if isinstance(node, m.Named):
            found.add(node.name)
        cards = getattr(node, "cards", None)
        if isinstance(cards, tuple):
            found.update(card for card in cards if isinstance(card, str))
    return found


_MEANS: dict[int, tuple[Registry, dict[str, float]]] = {}


def _balance_means(registry: Registry) -> dict[str, float]:
    """Each Myth card's mean points on 2000 random full areas (seed 1), once
    per registry."""
    kept = _MEANS.get(id(registry))
    if kept is None or kept[0] is not registry:
        cards = registry.myth_cards()
        means = (
            {}
            if len(cards) < g.SIZE
            else {stats.card.id: stats.mean for stats in balance(cards, boards=2000, seed=1).cards}
        )
        if len(_MEANS) >= 4:
            _MEANS.clear()
        kept = _MEANS[id(registry)] = (registry, means)
    return kept[1]


def solve_scenario(
    registry: Registry,
    scenario: m.Scenario,
    challenge: bool = False,
    time_limit: float | None = None,
    workers: int = 1,
) -> ScenarioAnswer:
    """Whether some final area wins ``scenario``: its victory (and with
    ``challenge`` its challenge) met, and more points than it asks to beat.

    The model asks for all of it (the points to beat a constraint) and
    stops at the first winning area: first among :func:`first_cards`, then,
    when they hold none, among the whole pool. When there is none, a second
    model without the points to beat tells whether the victory alone can be
    met (``victory_possible``)."""
    check_seconds(time_limit)
    started = time.perf_counter()
    few = first_cards(registry, scenario)
    verdict = None
    if len(few) < len(registry.myth_cards()):
        verdict, status, board, best = _search(
            _ScenarioModel(registry, scenario, challenge, few), True, time_limit, workers
        )
    if not verdict:  # none among the few (or not known): the whole pool decides
        verdict, status, board, best = _search(
            _ScenarioModel(registry, scenario, challenge), True, time_limit, workers
        )
    victory = verdict
    if verdict is False:
        victory, _, _, _ = _search(
            _ScenarioModel(registry, scenario, challenge), False, time_limit, workers
        )
    total_scored = None
    if board is not None:
        assert best is not None  # a witness comes with its total (_search)
        total_scored = _check(board, challenge, round(best))
    return ScenarioAnswer(
        scenario,
        challenge,
        verdict,
        victory,
        status,
        board,
        total_scored,
        time.perf_counter() - started,
    )


def _check(board: Board, challenge: bool, claimed: int) -> int:
    """The witness must win as the evaluator judges it, with the total the
    solver claims (returned)."""
    report = score_board(board, all_face_up_at_end=True)
    result, scenario = report.scenario, board.scenario
    assert result is not None and scenario is not None  # a scenario's board
    if not (result.victory and result.beaten and (result.challenge or not challenge)):
        raise SolverMismatch(
            f"the solver's winning area for scenario '{scenario.id}' "
            f"does not win when scored: {result}"
        )
    return agree(claimed, report.total, f"a winning area of scenario '{scenario.id}'")
