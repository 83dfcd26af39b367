"""DL115: a statement that runs on into a line starting like a statement of
its own (the language needs no separator, so the two read as one)."""

from __future__ import annotations

from ..errors import Diagnostic, Severity
from ..language import model as m
from .sources import SourceFile


def _statements_of(definition: m.Definition) -> list[object]:
    """The statements of a definition's body, each written on its own line."""
    if isinstance(definition, (m.MythCard, m.Law, m.ObjectiveGoal)):
        bound = m.total_bound(definition.lines)  # its lines are the statements
        return list(definition.lines if bound is None else bound.lines)
    if isinstance(definition, m.Scenario):
        return [
            *definition.setup,
            *definition.rules,
            *definition.victory,
            *definition.challenge,
            *definition.challenge_setup,
        ]
    if isinstance(definition, m.PowerEffect):
        return list(definition.effects)
    return []


def check_line_breaks(source: SourceFile) -> list[Diagnostic]:
    """Warn when a statement runs on into a line that starts where a new
    statement would: the language needs no separator, so 'hera scores' and a
    next line 'at least 20 points' read as one condition unless a ';' ends the
    first."""
    lines = source.text.split("\n")  # as the parser counts lines
    found = []
    for definition in source.card_file.definitions:
        for statement in _statements_of(definition):
            span = getattr(statement, "span", None)
            if span is None or span.end_line <= span.line:
                continue
            for number in range(span.line + 1, min(span.end_line, len(lines)) + 1):
                text = lines[number - 1]
                column = len(text) - len(text.lstrip()) + 1
                if text.strip() and column == span.column:
                    found.append(
                        Diagnostic(
                            "DL115",
                            "this statement runs on into the next line, which starts "
                            "like a statement of its own",
                            source.path,
                            span.line,
                            span.column,
                            Severity.WARNING,
                            f"if line {number} is a new statement, end this one with ';'; "
                            "if not, indent the continuation",
                        )
                    )
                    break
    return found
