#!/usr/bin/env python3
"""Bounded, seeded fuzzers of everything a user hands dioses (issue #23).

    tools/fuzz.py KIND [--seconds N] [--seed S] [--out DIR] [--timeout T]
    tools/fuzz.py KIND --seed S --case I      # one case again, unwatched

KIND: cards (dioses-lint, cards, score --cards), boards (score), saves
(play --resume), logs (replay), web (every route of dioses serve, in
process), lsp (JSON-RPC sessions with dioses lsp --stdio), or all (the
seconds shared among them). Inputs are mutations of the valid files of
tests/fixtures/hostile/ and the crash classes of #23: deep nesting, huge
integers, lone surrogates, FIFOs and /dev/zero as files, odd Unicode in
names, byte-order marks, huge strings.

A failure is an exit 3 or a traceback, an HTTP answer of 500 or more, an
LSP error -32603, a case running past --timeout (a hang) or a process that
dies; each is printed with its reproducer written to --out. The exit code
is 0 when nothing was found, 1 when something was, 2 for a usage error.
Run it at low priority on a shared machine: nice -n 19 tools/fuzz.py all
--seconds 900.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from fuzzing.runner import KINDS, Report, run_kind, run_one  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tools/fuzz.py", description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=[*KINDS, "all"])
    parser.add_argument(
        "--seconds",
        type=float,
        default=60.0,
        help="how long to run (all: shared among the kinds); default 60",
    )
    parser.add_argument("--seed", type=int, help="default: a random one, printed")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("fuzz-found"),
        help="where reproducers are written (default ./fuzz-found)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=15.0,
        help="seconds one case may take before it is a hang (default 15)",
    )
    parser.add_argument("--cases", type=int, help="stop after this many cases per kind")
    parser.add_argument("--case", type=int, help="run this one case again, unwatched")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    if args.case is not None:
        if args.kind == "all":
            parser.error("--case goes with one KIND")
        problem = run_one(args.kind, seed, args.case)
        print(problem or "no failure")
        return 1 if problem else 0
    kinds = list(KINDS) if args.kind == "all" else [args.kind]
    print(
        f"fuzzing {', '.join(kinds)} for {args.seconds:g} s, seed {seed} (again: --seed {seed})",
        flush=True,
    )
    report = Report(args.out, seed)
    started = time.time()
    for number, kind in enumerate(kinds):
        share = (args.seconds - (time.time() - started)) / (len(kinds) - number)
        before = len(report.failures)
        count, _ = run_kind(kind, max(share, 0.1), seed, args.out, args.timeout, args.cases, report)
        print(f"{kind}: {count} cases, {len(report.failures) - before} failures", flush=True)
    distinct = len(report.seen)
    print(
        f"{len(report.failures)} failures ({distinct} distinct) in {time.time() - started:.0f} s"
        + (f"; reproducers in {args.out}/" if report.failures else ""),
        flush=True,
    )
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
