"""How long the installed commands take as whole processes, against the bare
imports of their libraries: ratios measured side by side in one run.

Each round runs, one after another, ``python -c "import lark, attrs, cattrs,
click"`` (the baseline), ``dioses score BOARD``, ``dioses-lint`` (the bundled
pool), ``dioses --help`` and, with the cache off, ``dioses --no-cache score
BOARD``; the rounds alternate them so that a disturbance of the machine hits
all alike, and each figure is the median of the rounds, in the child
processes' CPU time (``seconds``; ``wall_seconds`` beside it). The per-user cache
goes to a temporary folder, warmed by one run first (a cached run is what a
user sees from the second run on). Bytecode is written as usual (the
environment's PYTHONDONTWRITEBYTECODE is dropped: an installed package has
its .pyc files).

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/bench_startup.py [--rounds N] [--format text|json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from clock import CLOCK, medians, timed_process

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "examples" / "boards" / "base-hera-hela-ship.toml"


def command(name: str) -> list[str]:
    """An installed console script beside this Python, else the module."""
    script = Path(sys.executable).parent / name
    if script.exists():
        return [str(script)]
    found = shutil.which(name)
    if found:
        return [found]
    raise SystemExit(f"{name} is not installed: pip install -e . first")


def runs() -> dict[str, list[str]]:
    dioses, lint = command("dioses"), command("dioses-lint")
    return {
        "import": [sys.executable, "-c", "import lark, attrs, cattrs, click"],
        "score": [*dioses, "score", str(BOARD)],
        "lint": [*lint],
        "help": [*dioses, "--help"],
        "score_no_cache": [*dioses, "--no-cache", "score", str(BOARD)],
    }


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(the process's CPU seconds, wall seconds)."""
    cpu, wall, done = timed_process(
        argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    if done.returncode != 0:
        raise SystemExit(
            f"{' '.join(argv)} failed ({done.returncode}): "
            f"{done.stderr.decode(errors='replace')[-500:]}"
        )
    return cpu, wall


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds",
        type=int,
        default=9,
        metavar="N",
        help="rounds of every command (default: 9; at least 7 for the goals)",
    )
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    with tempfile.TemporaryDirectory(prefix="dioses-bench-cache-") as cache:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("PYTHONDONTWRITEBYTECODE", "DIOSES_NO_CACHE")
        }
        env["DIOSES_CACHE_DIR"] = cache
        commands = runs()
        for argv_ in commands.values():  # warm up: bytecode, the cache, the disk
            timed(argv_, env)
        times: dict[str, list[float]] = {name: [] for name in commands}
        walls: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, argv_ in commands.items():
                cpu, wall = timed(argv_, env)
                times[name].append(cpu)
                walls[name].append(wall)
    median, wall_median = medians(times), medians(walls)
    report = {
        "clock": CLOCK,
        "rounds": args.rounds,
        "seconds": {name: round(value, 4) for name, value in median.items()},
        "wall_seconds": {name: round(value, 4) for name, value in wall_median.items()},
        "score_vs_import_ratio": round(median["score"] / median["import"], 2),
        "lint_vs_score_ratio": round(median["lint"] / median["score"], 2),
        "help_vs_import_ratio": round(median["help"] / median["import"], 2),
        "score_no_cache_vs_import_ratio": round(median["score_no_cache"] / median["import"], 2),
        "python": sys.version.split()[0],
    }
    if args.format == "json":
        print(json.dumps(report, indent=2))
        return
    print(f"medians of {args.rounds} alternating rounds, CPU time (Python {report['python']})")
    for name, seconds in report["seconds"].items():
        print(f"  {name:<15} {seconds * 1000:8.0f} ms")
    for key in (
        "score_vs_import_ratio",
        "lint_vs_score_ratio",
        "help_vs_import_ratio",
        "score_no_cache_vs_import_ratio",
    ):
        print(f"  {key:<32} {report[key]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
