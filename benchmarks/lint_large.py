"""How long dioses-lint takes on large card files, well-formed and broken.

Generates each kind of large text (``dioses_rules.pool.large``: a filler set
of many small cards, the same with one '}' missing near the start, in the
middle or at the end, every definition broken, one long word, a line of
digits, 'not' nested deep) at each size, and times linting it as
``dioses-lint FILE`` does (the bundled sets read once, before timing). For
each kind it reports the ratio of the time at the largest size to the time
at the smallest: linear checking shows a ratio near the ratio of the sizes
(10 for 100 KB and 1 MB), quadratic checking one near its square.

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/lint_large.py [--sizes 100000,1000000] [--kinds K,K] [--format json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
from pathlib import Path

from clock import CLOCK, timed

from dioses_rules import __version__
from dioses_rules.pool.large import KINDS, large_text
from dioses_rules.pool.lint import lint_sources
from dioses_rules.pool.sources import bundled_sources, read_sources


def lint_once(path: Path, bundled) -> tuple[float, int]:
    """Seconds to read, build and lint ``path`` with the bundled sets, and its errors."""
    found = {}

    def run() -> None:
        found["mine"] = read_sources([path], context=bundled)
        found["diagnostics"] = lint_sources(bundled + found["mine"])

    seconds, _ = timed(run)  # CPU time (the wall clock measures the machine's load)
    mine, diagnostics = found["mine"], found["diagnostics"]
    return seconds, sum(1 for d in diagnostics if d.is_error and d.path == mine[0].path)


def measure(kinds: list[str], sizes: list[int]) -> dict:
    bundled = bundled_sources()
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for kind in kinds:
            for size in sizes:
                path = Path(folder) / f"{kind}-{size}.dioses"
                path.write_text(large_text(kind, size), encoding="utf-8")
                seconds, errors = lint_once(path, bundled)
                results.append(
                    {
                        "kind": kind,
                        "size": path.stat().st_size,
                        "seconds": round(seconds, 3),
                        "errors": errors,
                    }
                )
                path.unlink()
    ratios = {}
    for kind in kinds:
        times = [r["seconds"] for r in results if r["kind"] == kind]
        if len(times) > 1 and times[0] > 0:
            ratios[kind] = round(times[-1] / times[0], 1)
    return {
        "clock": CLOCK,
        "dioses_rules": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "sizes": sizes,
        "results": results,
        "ratio_largest_to_smallest": ratios,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        default="100000,1000000",
        help="comma-separated sizes in characters, smallest first",
    )
    parser.add_argument(
        "--kinds",
        default=",".join(KINDS),
        help=f"comma-separated kinds of text: {', '.join(KINDS)}",
    )
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args(argv)
    sizes = sorted(int(size) for size in args.sizes.split(","))
    kinds = [kind for kind in args.kinds.split(",") if kind]
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown:
        parser.error(f"unknown kinds: {', '.join(unknown)}")
    report = measure(kinds, sizes)
    if args.format == "json":
        json.dump(report, sys.stdout, indent=2)
        print()
        return
    print(f"dioses-rules {report['dioses_rules']}, Python {report['python']}")
    for row in report["results"]:
        print(
            f"{row['kind']:<26} {row['size']:>9} chars {row['seconds']:>8.2f} s "
            f"{row['errors']:>6} errors"
        )
    for kind, ratio in report["ratio_largest_to_smallest"].items():
        print(f"{kind:<26} time ratio {ratio} for size ratio {sizes[-1] / sizes[0]:g}")


if __name__ == "__main__":
    main()
