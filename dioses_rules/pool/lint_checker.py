"""What every lint check records through: :class:`Checker`.

The checks of one family each (``lint_setup``, ``lint_noops``, ...) take the
checker that records, and :mod:`lint` imports them: they name it by this
base class, which :class:`~.lint.DefinitionChecker` extends with the checks
of each definition kind, so that neither imports the other's module.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence

from ..errors import Diagnostic, Severity, diagnostic_at
from ..language import model as m
from ..language.limits import Hints, shorten
from .lint_context import ContextChecker
from .registry import Registry

# lint_noops: the pool's heaviest weight and how many words of each kind it
# declares, worked out once a run
NoopBounds = tuple[int, dict[m.Attribute, int]]


class Checker(ABC):
    """The registry checked, the file being checked (``path``) and the
    diagnostics found so far; the pool's facts the families read."""

    def __init__(self, registry: Registry, path: str = "") -> None:
        self.registry = registry
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.rule_options = [d.id for d in registry.definitions("rule-option")]
        self.deck_size = len(registry.myth_cards())
        self.hints: dict[str, Hints] = {}  # path -> its file's 'did you mean's
        self.noop_bounds: NoopBounds | None = None  # lint_noops' bounds, once a run

    def add(
        self,
        code: str,
        message: str,
        node: object,
        help: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        self.diagnostics.append(
            diagnostic_at(code, shorten(message), node, self.path, help, severity)
        )

    def suggest(self, word: str, candidates: Collection[str]) -> str | None:
        """A 'did you mean' among ``candidates``, within the file's budget
        (:class:`limits.Hints`: the pool may hold thousands of card ids)."""
        return self.hints.setdefault(self.path, Hints())(word, candidates)

    def check_context(
        self,
        node: m.ScoringLine | m.Count | m.Condition,
        where: str,
        anchored: bool,
        allowed: set[str],
    ) -> None:
        """What a line, count or condition may see where it is written
        (:class:`~.lint_context.ContextChecker`)."""
        ContextChecker(self.add, where, allowed).check(node, anchored)

    @abstractmethod
    def check_card_list(self, cards: Sequence[str], node: object) -> None:
        """DL110, DL118: each card id names a card of a set in reach."""
