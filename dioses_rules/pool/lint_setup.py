"""Checks of a scenario: its mode, state, decks, rules and setup (DL111, DL112,
DL502, DL504). Each function takes the :class:`lint.DefinitionChecker` that records."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from attrs import frozen

from ..errors import Severity
from ..language import model as m
from ..language.walk import Dispatch, iter_nodes
from .lint_checker import Checker

ROW_CELLS = len(m.COLUMNS)
AREA_CELLS = len(m.ROWS) * ROW_CELLS  # R1
STATE_HINT = "a state is named by 'discard top of DECK as NAME' in the rules"
DECK_HINT = "form it in setup with 'aside CARDS as NAME'"


def check_scenario(checker: Checker, scenario: m.Scenario) -> None:
    state_names = scenario.state_names
    decks = {step.deck for step in scenario.setup if isinstance(step, m.SetAside)}
    for option in scenario.options:
        if checker.registry.get("rule-option", option) is None:
            checker.add(
                "DL112",
                f"unknown rule option '{option}'",
                At(scenario.mode_span or scenario.span),
                help=checker.suggest(option, checker.rule_options) or "define it with 'option'",
            )
    for node in iter_nodes(scenario):
        if isinstance(node, m.StateRef):
            _named(checker, node, node.name, state_names, "scenario state 'the {}'", STATE_HINT)
        if isinstance(node, m.DiscardTop):
            _named(checker, node, node.deck, decks, "deck '{}'", DECK_HINT)
    rules = SetupChecks(checker)
    for rule in scenario.rules:
        rules.rule(rule)
    for condition in scenario.victory + scenario.challenge:
        checker.check_context(condition, "scenario", False, {"facts", "total", "scores", "state"})
    check_setup(checker, scenario, scenario.setup)
    if scenario.challenge_setup:
        check_setup(checker, scenario, scenario.challenge_setup)
    check_challenge_draws(checker, scenario)


@frozen
class At:
    """A place to report at that is not a node of its own."""

    span: m.Span | None


def _named(
    checker: Checker, node: object, name: str, known: Collection[str], what: str, hint: str
) -> None:
    """DL111: a scenario names a state or deck it never makes."""
    if name not in known:
        checker.add(
            "DL111", f"unknown {what.format(name)}", node, help=checker.suggest(name, known) or hint
        )


def check_challenge_draws(checker: Checker, scenario: m.Scenario) -> None:
    """DL504: a bare ``challenge setup`` with draws, when the setup has draws
    too, silently replaces them (0.1.0's reading): ask which is meant."""

    def draws(steps: Iterable[m.SetupStep]) -> bool:
        return any(isinstance(step, m.SetupDraw) for step in steps)

    if (
        scenario.challenge_draws is None
        and draws(scenario.challenge_setup)
        and draws(scenario.setup)
    ):
        checker.add(
            "DL504",
            "the challenge setup's draws replace the setup's draws without saying so",
            At(scenario.challenge_setup_span or scenario.span),
            help="say which: 'challenge setup replaces draws { ... }' (what it does "
            "now) or 'challenge setup adds draws { ... }'",
            severity=Severity.WARNING,
        )


class SetupChecks:
    """What the linter checks of each setup step and rule change, one method
    per kind (a new kind fails tests/test_walk.py until it is checked here);
    the counts a setup's steps add up to, for :func:`check_setup`."""

    step = Dispatch(m.SetupStep)
    rule = Dispatch(m.RuleChange)

    def __init__(self, checker: Checker) -> None:
        self.checker = checker
        self.fixed_cells: dict[tuple[m.Row, int], m.Place] = {}
        self.per_row: dict[m.Row, int] = {}
        self.in_area = 0  # cards placed in the area
        self.deck_needed = 0  # cards separated onto the deck

    @step.on(m.Separate)
    def _separate(self, step: m.Separate) -> None:
        self.deck_needed += len(step.cards) + step.random

    @step.on(m.Place)
    def _place(self, step: m.Place) -> None:
        self.in_area += len(step.cards)
        _check_place(self.checker, step, self.fixed_cells, self.per_row)

    @step.on(m.PowerCards)
    def _power_cards(self, step: m.PowerCards) -> None:
        if step.count < 0:
            self.checker.add("DL502", "a negative number of Power cards", step)

    @step.on(m.SetAside, m.SetupDraw)
    def _named_only(self, step: m.SetAside | m.SetupDraw) -> None:
        """Their cards are checked with every step's (check_setup), their
        effects with the scenario's nodes: nothing of their own."""

    @rule.on(m.Lock)
    def _lock(self, rule: m.Lock) -> None:
        self.checker.check_card_list(rule.cards, rule)

    @rule.on(m.Ability)
    def _ability(self, rule: m.Ability) -> None:
        if rule.cost < 0:
            self.checker.add("DL601", "an ability cannot cost less than 0", rule)
        if rule.condition is not None:
            self.checker.check_context(rule.condition, "scenario rule", False, {"state", "facts"})

    @rule.on(m.Trigger)
    def _trigger(self, rule: m.Trigger) -> None:
        """Its selector and effects are checked with the scenario's nodes."""


def check_setup(checker: Checker, scenario: m.Scenario, steps: Sequence[m.SetupStep]) -> None:
    """Each card separated, placed or set aside once, and what is placed fits."""
    used: dict[str, m.SetupStep] = {}
    counts = SetupChecks(checker)
    for step in steps:
        cards = getattr(step, "cards", ())
        checker.check_card_list(cards, step)
        for card_id in cards:
            if card_id in used:
                checker.add(
                    "DL502",
                    f"'{card_id}' is set aside twice in setup",
                    step,
                    help="each card can be separated, placed or set aside once",
                )
            used[card_id] = step
        counts.step(step)
    in_area, deck_needed = counts.in_area, counts.deck_needed
    for row, placed in counts.per_row.items():
        if placed > ROW_CELLS:
            checker.add(
                "DL502",
                f"{placed} cards placed in the {row.value} row, which holds 4",
                scenario,
                help="a row has 4 cells (R1)",
            )
    if in_area > AREA_CELLS:
        checker.add(
            "DL502",
            f"{in_area} cards placed in an area of 12 cells",
            scenario,
            help="place at most 12 cards",
        )
    deck = checker.deck_size
    if deck_needed + (AREA_CELLS - in_area) > deck:
        checker.add(
            "DL502",
            f"setup needs {deck_needed + AREA_CELLS - in_area} cards but the "
            f"loaded sets have {deck} Myth cards",
            scenario,
            help="separate fewer random cards, or load more sets",
        )


def _check_place(
    checker: Checker,
    step: m.Place,
    fixed_cells: dict[tuple[m.Row, int], m.Place],
    per_row: dict[m.Row, int],
) -> None:
    """A card placed in a named cell takes it alone; count each row's cards."""
    if step.column is not None:
        assert step.row is not None  # a cell's column comes with its row (m.Place)
        if len(step.cards) != 1:
            checker.add(
                "DL502",
                "only one card fits in one cell",
                step,
                help="place the others 'at random' or in other cells",
            )
        key = (step.row, step.column)
        if key in fixed_cells:
            checker.add(
                "DL502",
                f"two cards placed at {step.row.value} {step.column}",
                step,
                help="each cell holds one card",
            )
        fixed_cells[key] = step
        per_row[step.row] = per_row.get(step.row, 0) + 1
    elif step.row is not None:
        per_row[step.row] = per_row.get(step.row, 0) + len(step.cards)
