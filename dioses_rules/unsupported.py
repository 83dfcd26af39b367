"""What a back end cannot express: one exception, the only fallback, counted.

A back end that reads predicate trees (the compiled evaluator, the batch
planes, the solver) may meet a tree it cannot express: the batch does not
vectorise a subject, the solver has no model of a leader. It says so by
raising :class:`Unsupported`, and only that: its caller then falls back (the
compiled evaluator to the reference, the batch to scoring area by area) or,
where there is nothing to fall back to (the solver), reports it as E300. Any
other exception is a bug of the back end and goes up as itself, never
masked by a fallback (sqlglot's ``unsupported()``: one way to say "cannot").

Every fallback is counted in :data:`FALLBACKS`, per back end, so that tests
can check that the bundled pool and the property tests' trees need none.
"""

from __future__ import annotations

from collections import Counter

from .errors import DiosesError, diagnostic_at

# back end name -> how many times it fell back since the process started
FALLBACKS: Counter[str] = Counter()


class Unsupported(DiosesError):
    """E300: a node a back end cannot express, located at the node (its card
    file, line and column) when it has a span."""

    @classmethod
    def at(cls, backend: str, what: str, node: object, help: str | None = None) -> Unsupported:
        """``backend`` cannot express ``what`` (the node it was given)."""
        error = cls(diagnostic_at("E300", f"{backend} cannot express {what}", node, "", help=help))
        error.backend = backend
        return error

    backend = ""


def fell_back(backend: str) -> None:
    """Count one fallback of ``backend`` (its caller caught an :class:`Unsupported`)."""
    FALLBACKS[backend] += 1
