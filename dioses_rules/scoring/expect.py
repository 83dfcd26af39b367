"""A board's expectations: the ``[expect]`` table of a board file, what the
board should score, checked against what it does score (``dioses score``,
``dioses test``).

```toml
[expect]
total = 47
cards = { dagda = 4, morrigan = -4 }
laws = { ring-of-stones = 3 }
patterns = { stone-circle = 2 }
objectives = { grouping = 20 }
gods = 6
```

and, on a scenario's board, ``victory``, ``challenge`` and ``beaten``
(true or false). Every key is optional; an unknown key is an error naming it
(the board converter forbids extra keys). A table's keys name definitions as
a board does (id, name or alias); an objective is named by its goal, or by
``"GOAL/ELEMENT"`` when the board pairs one goal with two elements.

:func:`check_expectations` gives one diagnostic (E205) per mismatch, named
by its key (``$.expect.cards.hera: expected 2 points, scored 0``), with why:
the card's lines and what each gave, or the scenario's conditions that
failed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from attrs import define, field, fields

from ..errors import Diagnostic, did_you_mean
from ..pool.registry import Registry
from .report import ObjectiveScore, ScoreReport

EXPECT_CODE = "E205"

Score = TypeVar("Score")  # one definition's score in a report (CardScore, LawScore, ...)


@define
class ExpectFile:
    """The ``[expect]`` table, as a board file writes it."""

    total: int | None = None
    gods: int | None = None
    cards: dict[str, int] = field(factory=dict)
    laws: dict[str, int] = field(factory=dict)
    patterns: dict[str, int] = field(factory=dict)
    objectives: dict[str, int] = field(factory=dict)
    victory: bool | None = None
    challenge: bool | None = None
    beaten: bool | None = None


_GODS_KEY = fields(ExpectFile).gods.name  # the key, not the base game's type


def _points(number: int) -> str:
    return f"{number} point{'' if abs(number) == 1 else 's'}"


def _yes(value: bool) -> str:
    return "met" if value else "not met"


class _Checker:
    def __init__(self, path: str, registry: Registry | None) -> None:
        self.path = path
        self.registry = registry
        self.found: list[Diagnostic] = []

    def fail(self, key: str, message: str, help: str | None = None) -> None:
        self.found.append(
            Diagnostic(EXPECT_CODE, f"$.expect.{key}: {message}", self.path, help=help)
        )

    def named(
        self, family: str, name: str, on_board: Mapping[str, Score], key: str
    ) -> Score | None:
        """What ``name`` names among the board's ``on_board`` (id -> score):
        by id, else by the registry's names; None (reported) if not there."""
        if name in on_board:
            return on_board[name]
        definition = None
        if self.registry is not None:
            try:
                definition = self.registry.resolve(family, name)
            except LookupError as error:
                self.fail(key, str(error))
                return None
        if definition is not None and definition.id in on_board:
            return on_board[definition.id]
        shown = definition.id if definition is not None else name
        what = {"myth": "card", "objective-goal": "objective"}.get(family, family)
        self.fail(
            key,
            f"{what} '{shown}' is not on the board",
            did_you_mean(name, list(on_board))
            or (
                f"on the board: {', '.join(sorted(on_board))}"
                if on_board
                else f"the board has no {what}"
            ),
        )
        return None


def check_expectations(
    expect: ExpectFile,
    report: ScoreReport,
    explained: Callable[[], ScoreReport],
    path: str = "<board>",
    registry: Registry | None = None,
) -> list[Diagnostic]:
    """One diagnostic per expectation the scored ``report`` (a
    ``ScoreReport``) does not meet. ``explained()`` gives the same board
    scored with explanations (each card's lines), asked for only when a
    card's points are not as expected; ``registry`` resolves the names the
    table writes (by id only without it)."""
    checker = _Checker(path, registry)
    _check_cards(checker, expect, report, explained)
    _check_tables(checker, expect, report)
    if expect.total is not None and expect.total != report.total:
        checker.fail(
            "total",
            f"expected {_points(expect.total)}, scored {report.total}",
            _total_parts(report),
        )
    if expect.gods is not None and expect.gods != report.gods:
        checker.fail(
            _GODS_KEY,
            f"expected {expect.gods} for the tie-break (R16), counted {report.gods}",
            "the cards of the tie-break type, with their 'counts as' weights (R11)",
        )
    _check_scenario(checker, expect, report)
    return checker.found


def _check_cards(
    checker: _Checker,
    expect: ExpectFile,
    report: ScoreReport,
    explained: Callable[[], ScoreReport],
) -> None:
    scores = {c.card.id: c for c in report.cards}
    explanations: ScoreReport | None = None  # explained(), asked for once at most
    for name, wanted in expect.cards.items():
        key = f"cards.{name}"
        found = checker.named("myth", name, scores, key)
        if found is None or found.points == wanted:
            continue
        if explanations is None:
            explanations = explained()
        lines = next((c.lines for c in explanations.cards if c.card.id == found.card.id), ())
        why = "; ".join(f"'{line.text}' gave {line.points}" for line in lines)
        checker.fail(
            key,
            f"expected {_points(wanted)}, scored {found.points}",
            why or "it has no scoring line",
        )


def _check_tables(checker: _Checker, expect: ExpectFile, report: ScoreReport) -> None:
    laws = {law.law.id: law for law in report.laws}
    for name, wanted in expect.laws.items():
        found = checker.named("law", name, laws, f"laws.{name}")
        if found is not None and found.points != wanted:
            line = f"the {found.row.value} row" if found.row else f"column {found.column}"
            checker.fail(
                f"laws.{name}",
                f"expected {_points(wanted)}, scored {found.points}",
                f"judged on {line} (R13)",
            )
    patterns = {p.pattern.id: p for p in report.patterns}
    for name, wanted in expect.patterns.items():
        pattern = checker.named("pattern", name, patterns, f"patterns.{name}")
        if pattern is not None and pattern.points != wanted:
            state = "completed" if pattern.completed else "not completed"
            how = "judged on the board" if pattern.judged else "as the board says"
            checker.fail(
                f"patterns.{name}",
                f"expected {_points(wanted)}, scored {pattern.points}",
                f"the pattern is {state} ({how}, R14)",
            )
    objectives: dict[str, ObjectiveScore] = {}
    for score in report.objectives:
        objectives[f"{score.goal.id}/{score.element.id}"] = score
        objectives.setdefault(score.goal.id, score)
    goals = [score.goal.id for score in report.objectives]
    for name, wanted in expect.objectives.items():
        key = f"objectives.{name}"
        if "/" not in name and goals.count(name) > 1:
            checker.fail(
                key,
                f"the board pairs '{name}' with several elements",
                f'name one as "{name}/ELEMENT"',
            )
            continue
        objective = checker.named("objective-goal", name, objectives, key)
        if objective is not None and objective.points != wanted:
            checker.fail(
                key,
                f"expected {_points(wanted)}, scored {objective.points}",
                f"goal '{objective.goal.id}' with element '{objective.element.id}' (R15)",
            )


def _total_parts(report: ScoreReport) -> str:
    parts = [
        ("cards", sum(c.points for c in report.cards)),
        ("laws", sum(law.points for law in report.laws)),
        ("patterns", sum(p.points for p in report.patterns)),
        ("objectives", sum(o.points for o in report.objectives)),
    ]
    return " + ".join(f"{name} {points}" for name, points in parts)


def _check_scenario(checker: _Checker, expect: ExpectFile, report: ScoreReport) -> None:
    wanted = {"victory": expect.victory, "challenge": expect.challenge, "beaten": expect.beaten}
    if all(value is None for value in wanted.values()):
        return
    scenario = report.scenario
    if scenario is None:
        for key, value in wanted.items():
            if value is not None:
                checker.fail(
                    key,
                    "the board has no scenario",
                    "add a [scenario] table with its id, or remove this key",
                )
        return
    failed_victory = [c.text for c in scenario.victory_conditions if not c.met]
    failed_challenge = [c.text for c in scenario.challenge_conditions if not c.met]
    # the verdict's own fields (its challenge is met only with its victory, R34)
    got: dict[str, bool] = {key: getattr(scenario, key) for key in wanted}
    why = {
        "victory": _failed("victory", failed_victory),
        "challenge": (
            _failed("victory", failed_victory) + "; R34: a challenge is met only with its victory"
        )
        if not scenario.victory
        else _failed("challenge", failed_challenge),
        "beaten": f"beaten when won with more than {scenario.threshold} points; total "
        f"{report.total}, victory {_yes(scenario.victory)}",
    }
    for key, value in wanted.items():
        if value is not None and value != got[key]:
            checker.fail(
                key, f"expected {_switch(key, value)}, got {_switch(key, got[key])}", why[key]
            )


def _switch(key: str, value: bool) -> str:
    word = "true" if value else "false"
    return word if key == "beaten" else f"{word} ({_yes(value)})"


def _failed(part: str, texts: list[str]) -> str:
    if not texts:
        return f"every {part} condition holds"
    return f"{part} conditions that fail: " + "; ".join(f"'{text}'" for text in texts)


def expectations_json(found: list[Diagnostic]) -> dict[str, Any]:
    """The ``expect`` member of a scored board's JSON report."""
    return {
        "met": not found,
        "mismatches": [
            {
                "key": d.message.partition(": ")[0],
                "message": d.message.partition(": ")[2],
                "help": d.help,
            }
            for d in found
        ],
    }
