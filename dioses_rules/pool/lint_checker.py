"""What the lint modules read and call of :class:`lint.DefinitionChecker`.

The checks of one family each (``lint_setup``, ``lint_noops``, ...) take the
checker that records, and :mod:`lint` imports them: they name it by this
protocol, which :class:`~.lint.DefinitionChecker` meets, so that neither
imports the other's module for its type.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from ..errors import Severity
from ..language import model as m
from .registry import Registry

# lint_noops: the pool's heaviest weight and how many words of each kind it
# declares, worked out once a run
NoopBounds = tuple[int, dict[m.Attribute, int]]


class Checker(Protocol):
    registry: Registry
    path: str
    deck_size: int
    rule_options: list[str]
    noop_bounds: NoopBounds | None

    def add(
        self,
        code: str,
        message: str,
        node: object,
        help: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None: ...

    def suggest(self, word: str, candidates: Collection[str]) -> str | None: ...

    def check_card_list(self, cards: Sequence[str], node: object) -> None: ...

    def check_context(
        self,
        node: m.ScoringLine | m.Count | m.Condition,
        where: str,
        anchored: bool,
        allowed: set[str],
    ) -> None: ...
