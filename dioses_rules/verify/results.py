"""The checks of a ``dioses test`` run and their outcomes, as text, JSON
and JUnit XML (what a CI service shows as test results)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree

from attrs import define, field, frozen


class Status(enum.Enum):
    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"  # not run: the budget ran out, or an extra is missing


@frozen
class Outcome:
    """One check: its name (``card dagda``), where it points
    (``celtic.dioses:23``), how it went, a one-line message and the details
    that explain a failure (a witness board as TOML, ...)."""

    kind: str  # lint, board, card, law, pattern, objective, scenario, text, game, property
    name: str
    place: str
    status: Status
    message: str = ""
    details: str = ""
    warnings: tuple[str, ...] = ()
    seconds: float = 0.0
    data: dict[str, Any] = field(factory=dict)  # figures for the JSON (a card's best and worst)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, object] = {
            "kind": self.kind,
            "name": self.name,
            "place": self.place,
            "status": self.status.value,
            "message": self.message,
            "seconds": round(self.seconds, 3),
        }
        if self.details:
            found["details"] = self.details
        if self.warnings:
            found["warnings"] = list(self.warnings)
        return {**found, **self.data}


@define
class VerifyRun:
    seed: int
    budget: float
    method: str  # how best and worst points were found: CP-SAT or a search
    outcomes: list[Outcome] = field(factory=list)
    seconds: float = 0.0
    notes: list[str] = field(factory=list)

    def count(self, status: Status) -> int:
        return sum(1 for outcome in self.outcomes if outcome.status is status)

    @property
    def warnings(self) -> int:
        return sum(len(outcome.warnings) for outcome in self.outcomes)

    @property
    def ok(self) -> bool:
        return self.count(Status.FAILED) == 0

    def summary(self) -> str:
        """pytest's last line: ``12 passed, 3 failed, 1 skipped, 2 warnings in 4.21s``."""
        parts = [f"{self.count(Status.PASSED)} passed"]
        if self.count(Status.FAILED):
            parts.append(f"{self.count(Status.FAILED)} failed")
        if self.count(Status.SKIPPED):
            parts.append(f"{self.count(Status.SKIPPED)} skipped")
        if self.warnings:
            parts.append(f"{self.warnings} warning{'' if self.warnings == 1 else 's'}")
        return f"{', '.join(parts)} in {self.seconds:.2f}s"

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "budget": self.budget,
            "method": self.method,
            "passed": self.count(Status.PASSED),
            "failed": self.count(Status.FAILED),
            "skipped": self.count(Status.SKIPPED),
            "warnings": self.warnings,
            "seconds": round(self.seconds, 3),
            "notes": list(self.notes),
            "checks": [outcome.to_json() for outcome in self.outcomes],
        }

    def junit_xml(self) -> str:
        """The run as one JUnit XML test suite, a test case per check."""
        suite = ElementTree.Element(
            "testsuite",
            {
                "name": "dioses test",
                "tests": str(len(self.outcomes)),
                "failures": str(self.count(Status.FAILED)),
                "errors": "0",
                "skipped": str(self.count(Status.SKIPPED)),
                "time": f"{self.seconds:.3f}",
            },
        )
        properties = ElementTree.SubElement(suite, "properties")
        for name, value in (("seed", self.seed), ("budget", self.budget), ("method", self.method)):
            ElementTree.SubElement(properties, "property", {"name": name, "value": str(value)})
        for outcome in self.outcomes:
            case = ElementTree.SubElement(
                suite,
                "testcase",
                {
                    "classname": f"{outcome.kind}.{outcome.place}",
                    "name": outcome.name,
                    "time": f"{outcome.seconds:.3f}",
                },
            )
            if outcome.status is Status.FAILED:
                failure = ElementTree.SubElement(case, "failure", {"message": outcome.message})
                failure.text = outcome.details or outcome.message
            elif outcome.status is Status.SKIPPED:
                ElementTree.SubElement(case, "skipped", {"message": outcome.message})
            shown = [outcome.message] if outcome.status is Status.PASSED and outcome.message else []
            shown += [f"warning: {w}" for w in outcome.warnings]
            if shown:
                ElementTree.SubElement(case, "system-out").text = "\n".join(shown)
        ElementTree.indent(suite)
        return (
            '<?xml version="1.0" encoding="utf-8"?>\n'
            + ElementTree.tostring(suite, encoding="unicode")
            + "\n"
        )


class Budget:
    """The seconds a run may spend, from its start."""

    def __init__(self, seconds: float, clock: Callable[[], float]) -> None:
        self.seconds = seconds
        self.clock = clock
        self.started = clock()

    def spent(self) -> float:
        return self.clock() - self.started

    def left(self) -> float:
        return max(0.0, self.seconds - self.spent())

    def until(self, share: float) -> float:
        """Seconds left before ``share`` (0 to 1) of the budget is spent."""
        return max(0.0, self.seconds * share - self.spent())


def seconds_text(seconds: float | None) -> str:
    return "" if seconds is None else f"{seconds:.2f}s"
