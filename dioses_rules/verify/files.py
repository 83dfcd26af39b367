"""Checks of the files themselves: lint, the boards and their ``[expect]``
tables, the source and ``fmt`` round trips, the card texts."""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import CardSyntaxError, Diagnostic, DiosesError
from ..language import model as m
from ..language.builder import build
from ..language.format import format_text
from ..language.source_definitions import card_file_text
from ..pool.registry import Registry
from ..pool.sources import SourceFile
from ..scoring.board import read_board_file
from ..scoring.expect import check_expectations
from ..scoring.resolve import board_registry, resolve_board
from ..scoring.score import score_board
from .results import Outcome, Status


def lint_checks(tested: Sequence[SourceFile], diagnostics: Sequence[Diagnostic]) -> list[Outcome]:
    """One check per file under test: no lint error (warnings shown)."""
    found = []
    for source in tested:
        own = [d for d in diagnostics if d.path == source.path]
        errors = [d for d in own if d.is_error]
        warnings = tuple(d.concise().replace("\n", " ") for d in own if not d.is_error)
        if errors:
            found.append(
                Outcome(
                    "lint",
                    "lint",
                    source.path,
                    Status.FAILED,
                    f"{len(errors)} error{'s' if len(errors) > 1 else ''}",
                    "\n".join(d.concise() for d in errors),
                    warnings,
                )
            )
        else:
            found.append(
                Outcome("lint", "lint", source.path, Status.PASSED, "no errors", warnings=warnings)
            )
    return found


def board_paths(paths: Sequence[Path]) -> list[Path]:
    """The board files under the folders given (and those given), in order:
    TOML files with an ``[area]`` table."""
    found = []
    for path in paths:
        candidates = (
            sorted(path.rglob("*.toml"))
            if path.is_dir()
            else ([path] if path.suffix == ".toml" else [])
        )
        for candidate in candidates:
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8-sig"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                if path == candidate:
                    found.append(candidate)  # asked for by name: its error is reported
                continue
            if isinstance(data.get("area"), dict):
                found.append(candidate)
    return list(dict.fromkeys(found))


def board_check(path: Path, sources: Sequence[SourceFile]) -> Outcome:
    """A board is read and scored; its ``[expect]`` table, if any, holds."""
    started = time.perf_counter()
    shown = str(path)
    try:
        board_file = read_board_file(path)
        registry = board_registry(board_file, sources, shown)
        board = resolve_board(board_file, registry, shown)
        report = score_board(board)
    except DiosesError as error:
        return Outcome(
            "board",
            "board",
            shown,
            Status.FAILED,
            error.diagnostics[0].message,
            "\n".join(d.concise() for d in error.diagnostics),
            seconds=time.perf_counter() - started,
        )
    if board_file.expect is None:
        return Outcome(
            "board",
            "board",
            shown,
            Status.PASSED,
            f"scores {report.total} (no [expect] table)",
            seconds=time.perf_counter() - started,
        )
    mismatches = check_expectations(
        board_file.expect, report, lambda: score_board(board, explain=True), shown, registry
    )
    seconds = time.perf_counter() - started
    if mismatches:
        first = mismatches[0].message
        return Outcome(
            "board",
            "expect",
            shown,
            Status.FAILED,
            first + (f" (and {len(mismatches) - 1} more)" if len(mismatches) > 1 else ""),
            "\n".join(d.concise() for d in mismatches),
            seconds=seconds,
        )
    return Outcome(
        "board",
        "expect",
        shown,
        Status.PASSED,
        f"scores {report.total}, as expected",
        seconds=seconds,
    )


def round_trip_check(source: SourceFile) -> Outcome:
    """The file's trees survive being written as source and read again, and
    being formatted by ``dioses fmt``."""
    started = time.perf_counter()
    card_file = source.card_file
    problems = []
    written = card_file_text(card_file, source.vocabulary)
    again, diagnostics = build(written, source.path, source.vocabulary)
    if any(d.is_error for d in diagnostics):
        problems.append(
            "its source, as written, does not read again: "
            + "; ".join(d.message for d in diagnostics if d.is_error)[:300]
        )
    elif again.card_set != card_file.card_set or again.definitions != card_file.definitions:
        mine, read = card_file.definitions, again.definitions
        changed = [d.id for d, e in zip(mine, read, strict=False) if d != e]
        changed += [d.id for d in [*mine[len(read) :], *read[len(mine) :]]]  # lost or added
        problems.append(
            f"its source, as written, means something else: "
            f"{', '.join(changed[:5]) or 'the set header'}"
        )
    try:
        format_text(source.text, source.path, source.vocabulary)
    except CardSyntaxError:
        pass  # a file with errors is not formatted: lint reports them
    except AssertionError as error:
        problems.append(f"dioses fmt: {error}")
    passed = f"{len(card_file.definitions)} definitions"
    return _file_outcome("round-trip", "source and fmt", source, problems, passed, started)


def text_check(
    source: SourceFile, registry: Registry, place: Callable[[m.Definition], str]
) -> Outcome:
    """English and Spanish card text render for every definition."""
    started = time.perf_counter()
    failures = []
    for lang in ("en", "es"):
        texts = registry.texts(lang)
        for definition in source.card_file.definitions:
            try:
                texts.text(definition)
            except Exception as error:  # noqa: BLE001 (any error is what the check reports)
                failures.append(
                    f"{place(definition)}: {definition.id} ({lang}): "
                    f"{type(error).__name__}: {error}"
                )
    passed = f"English and Spanish for {len(source.card_file.definitions)} definitions"
    return _file_outcome("text", "card texts", source, failures, passed, started)


def _file_outcome(
    kind: str, name: str, source: SourceFile, failures: list[str], passed: str, started: float
) -> Outcome:
    """A check of one file: failed with its first failure (all of them in the
    details), or passed with ``passed``, timed since ``started``."""
    seconds = time.perf_counter() - started
    if failures:
        return Outcome(
            kind,
            name,
            source.path,
            Status.FAILED,
            failures[0],
            "\n".join(failures),
            seconds=seconds,
        )
    return Outcome(kind, name, source.path, Status.PASSED, passed, seconds=seconds)
