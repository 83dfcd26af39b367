"""Run a fuzzer for a while, watched (issue #23).

Case ``index`` of a seed is always the same input (its own
``random.Random(f"{seed}:{kind}:{index}")``), so a failure is reproduced by
its seed and index alone (``tools/fuzz.py KIND --seed S --case I``). The
in-process kinds run in a forked child under an address-space cap, which
says before each case which one it is; when a case takes longer than the
timeout the child is killed, the case is a hang, and a new child goes on
from the next one. Each failure is printed, and its input is written to the
output folder with a note of what went wrong and how to run it again.
"""

from __future__ import annotations

import multiprocessing
import random
import re
import tempfile
import time
from pathlib import Path

from .targets import FILE_TARGETS, limit_memory

KINDS = ("cards", "boards", "saves", "logs", "web", "lsp")
KEEP = 3  # reproducers written per distinct failure


def target_of(kind: str, folder: Path):
    if kind == "web":
        from .web import Web

        return Web(folder)
    if kind == "lsp":
        from .lsp import Lsp

        return Lsp(folder)
    return FILE_TARGETS[kind](folder)


def case_of(target, seed: int, index: int):
    return target.make(random.Random(f"{seed}:{target.kind}:{index}"))


def data_of(target, case) -> bytes:
    if hasattr(target, "data_of"):
        return target.data_of(case)
    return case.data


class Report:
    """The failures found, printed as they come and written to ``out``."""

    def __init__(self, out: Path, seed: int):
        self.out, self.seed = out, seed
        self.failures: list[tuple[str, int, str]] = []
        self.seen: dict[str, int] = {}

    def add(
        self,
        kind: str,
        index: int,
        problem: str,
        described: str,
        data: bytes,
        suffix: str,
        special: str | None = None,
    ) -> None:
        self.failures.append((kind, index, problem))
        signature = kind + ":" + re.sub(r"\d+", "N", problem)[:90]
        self.seen[signature] = self.seen.get(signature, 0) + 1
        where = ""
        if self.seen[signature] <= KEEP:
            self.out.mkdir(parents=True, exist_ok=True)
            stem = self.out / f"{kind}-s{self.seed}-{index}"
            stem.with_suffix(suffix).write_bytes(data)
            kind_of = {
                "fifo": "a FIFO (the bytes here are what the case would have written)",
                "zero": "a symlink to /dev/zero",
            }.get(special or "", "this file")
            stem.with_suffix(".txt").write_text(
                f"{problem}\n\nfuzzer: {kind}, seed {self.seed}, case {index}\ninput: {kind_of}: "
                f"{stem.with_suffix(suffix).name}\nrun: {described}\nagain: tools/fuzz.py "
                f"{kind} --seed {self.seed} --case {index}\n",
                encoding="utf-8",
            )
            where = f" -> {stem.with_suffix(suffix)}"
        print(f"FAIL {kind} case {index}: {problem}{where}", flush=True)


def _child(
    kind: str,
    seed: int,
    start: int,
    deadline: float,
    limit: int | None,
    folder: str,
    progress,
    beat,
    failures,
) -> None:
    limit_memory()
    target = target_of(kind, Path(folder))
    index = start
    while time.time() < deadline and (limit is None or index < limit):
        case = case_of(target, seed, index)
        progress.value, beat.value = index, time.time()
        try:
            problem = target.run(case)
        except Exception as error:  # noqa: BLE001 (the fuzzer's own harness broke on this input)
            problem = f"{type(error).__name__} in the harness: {error}"[:300]
        if problem:
            failures.put((index, problem, target.describe(case)))
        index += 1
    progress.value = index
    beat.value = -1.0  # done


def run_kind(
    kind: str,
    seconds: float,
    seed: int,
    out: Path,
    timeout: float = 30.0,
    cases: int | None = None,
    report: Report | None = None,
) -> tuple[int, Report]:
    """Run the ``kind`` fuzzer for ``seconds`` (or ``cases`` cases); the
    number of cases run, and the report."""
    report = report or Report(out, seed)
    deadline = time.time() + seconds
    with tempfile.TemporaryDirectory(prefix=f"dioses-fuzz-{kind}-") as folder:
        if kind == "lsp":  # sessions are processes of their own, with their timeouts
            return _run_sessions(kind, deadline, seed, cases, Path(folder), report, timeout), report
        context = multiprocessing.get_context("fork")
        progress, beat = context.Value("q", 0), context.Value("d", 0.0)
        failures = context.Queue()
        start = 0
        while time.time() < deadline and (cases is None or start < cases):
            beat.value = time.time()
            child = context.Process(
                target=_child,
                args=(kind, seed, start, deadline, cases, folder, progress, beat, failures),
            )
            child.start()
            start = _watch(kind, child, progress, beat, failures, timeout, seed, folder, report)
        _drain(kind, failures, seed, folder, report)
        return start, report


def _watch(kind, child, progress, beat, failures, timeout, seed, folder, report) -> int:
    """Wait for the child; the index to go on from."""
    while True:
        child.join(0.2)
        _drain(kind, failures, seed, folder, report)
        if not child.is_alive():
            break
        if beat.value > 0 and time.time() - beat.value > timeout:
            child.kill()
            child.join()
            index = progress.value
            _record(
                kind,
                seed,
                index,
                f"hang: case {index} did not end in {timeout:g} s",
                folder,
                report,
            )
            return index + 1
    if beat.value == -1.0:
        return progress.value
    index = progress.value  # it died in a case (a signal, or out of memory)
    _record(
        kind,
        seed,
        index,
        f"the fuzzed process died (exit {child.exitcode}) in case {index}",
        folder,
        report,
    )
    return index + 1


def _drain(kind, failures, seed, folder, report) -> None:
    while not failures.empty():
        index, problem, _ = failures.get()
        _record(kind, seed, index, problem, folder, report)


_TARGETS: dict[str, object] = {}


def _record(kind: str, seed: int, index: int, problem: str, folder: str, report: Report) -> None:
    """A failure, with its input made again here from its seed and index."""
    target = _TARGETS.get(kind)
    if target is None:
        target = _TARGETS[kind] = target_of(kind, Path(folder))
    case = case_of(target, seed, index)
    report.add(
        kind,
        index,
        problem,
        target.describe(case),
        data_of(target, case),
        target.suffix,
        getattr(case, "special", None),
    )


def _run_sessions(kind, deadline, seed, cases, folder: Path, report: Report, timeout: float) -> int:
    target = target_of(kind, folder)
    target.timeout = timeout
    index = 0
    while time.time() < deadline and (cases is None or index < cases):
        session = case_of(target, seed, index)
        problem = target.run(session)
        if problem:
            report.add(
                kind,
                index,
                problem,
                target.describe(session),
                data_of(target, session),
                target.suffix,
                session.special,
            )
        index += 1
    return index


def run_one(kind: str, seed: int, index: int) -> str | None:
    """Case ``index`` of ``seed`` in this process, unwatched: what went wrong."""
    with tempfile.TemporaryDirectory(prefix="dioses-fuzz-case-") as folder:
        target = target_of(kind, Path(folder))
        case = case_of(target, seed, index)
        print(target.describe(case), flush=True)
        return target.run(case)
