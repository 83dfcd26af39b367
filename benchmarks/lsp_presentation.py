"""How long ``dioses lsp`` takes to answer semantic tokens, folding, hover
and inlay hints on a large card file (issue #27: hover and tokens read the
newest text and never wait for the workspace's check).

The real server and a pygls client over os pipes, in this process (the
``Pair`` of ``lsp_completion.py``). A 5,000-line file (the filler set of
``dioses_rules.pool.large``) is opened and checked; each request is then
made ``--repeat`` times and its wall time taken: semantic tokens of the
whole file, folding ranges, hover on a keyword and on a number in its
middle, and inlay hints over 50 lines (their points are computed in the
background: this is the time of the answer, not of the points).

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/lsp_presentation.py [--lines 5000] [--repeat 9] [--format json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsp_completion import Pair
from lsprotocol import types as t
from pygls import uris

from dioses_rules import __version__
from dioses_rules.pool.filler import filler_set_text


def _timed(pair: Pair, repeat: int, method: str, params) -> dict:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        pair.request(method, params)
        times.append(time.perf_counter() - start)
    return {
        "median_ms": round(statistics.median(times) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
    }


def measure(lines: int, repeat: int) -> dict:
    text = filler_set_text(max(1, (lines - 4) // 3))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.dioses"
        path.write_text(text, encoding="utf-8")
        pair = Pair(Path(folder))
        uri = uris.from_fs_path(str(path))
        document = t.TextDocumentIdentifier(uri)
        pair.client.protocol.notify(
            t.TEXT_DOCUMENT_DID_OPEN,
            t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, "dioses", 1, text)),
        )
        pair.published.wait(300)
        all_lines = text.split("\n")
        line = next(
            n
            for n in range(len(all_lines) // 2, len(all_lines))
            if "2 points if next to " in all_lines[n]
        )
        keyword = t.Position(line, all_lines[line].index("next") + 1)
        number = t.Position(line, all_lines[line].index("2"))
        results = {
            "semantic_tokens": _timed(
                pair, repeat, t.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, t.SemanticTokensParams(document)
            ),
            "folding": _timed(
                pair, repeat, t.TEXT_DOCUMENT_FOLDING_RANGE, t.FoldingRangeParams(document)
            ),
            "hover_keyword": _timed(
                pair, repeat, t.TEXT_DOCUMENT_HOVER, t.HoverParams(document, keyword)
            ),
            "hover_number": _timed(
                pair, repeat, t.TEXT_DOCUMENT_HOVER, t.HoverParams(document, number)
            ),
            "inlay_hints": _timed(
                pair,
                repeat,
                t.TEXT_DOCUMENT_INLAY_HINT,
                t.InlayHintParams(document, t.Range(t.Position(line, 0), t.Position(line + 50, 0))),
            ),
        }
        pair.stop()
        pair.client._stop_event.set()
    return {
        "dioses_rules": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "lines": len(all_lines),
        "repeat": repeat,
        **results,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000, help="lines of the card file")
    parser.add_argument("--repeat", type=int, default=9, help="times each request is made")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args(argv)
    report = measure(args.lines, args.repeat)
    if args.format == "json":
        json.dump(report, sys.stdout, indent=2)
        print()
        return
    print(
        f"dioses-rules {report['dioses_rules']}, Python {report['python']}: {report['lines']} lines"
    )
    for name in ("semantic_tokens", "folding", "hover_keyword", "hover_number", "inlay_hints"):
        row = report[name]
        print(f"{name:<16} median {row['median_ms']} ms, max {row['max_ms']} ms")


if __name__ == "__main__":
    main()
