"""How long ``dioses lsp`` takes to answer completion as you type in a large
card file (issue #27: goal, a median under 50 ms a key on 5,000 lines).

The real server and a pygls client speak JSON-RPC over os pipes, in this
process (as tests/test_lsp.py does). A 5,000-line file (the filler set of
``dioses_rules.pool.large``) is opened and checked; then, at a scoring line
in its middle, a word is typed one key at a time: each key is an incremental
``didChange`` followed by a completion request at the cursor, and the
latency is the wall time from the change to the completion's answer. Two
ways of typing are measured: ``burst`` (each key as soon as the last
completion came: the check of the workspace waits for the keys to pause)
and ``paced`` (a pause after each key longer than the server's settle time,
so that a full check runs in the background while the next key comes). The
CPU time is this process's (server and client) per key, the background
checks included.

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/lsp_completion.py [--lines 5000] [--keys 24] [--format json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from lsprotocol import types as t
from pygls import uris
from pygls.lsp.server import LanguageServer

from dioses_cli.lsp_server import SETTLE, SWITCH_INTERVAL, make_server
from dioses_rules import __version__
from dioses_rules.pool.filler import filler_set_text

WORD = "next to filler-1"  # typed after '2 points if ', key by key


class Pair:
    """Our server and a client over os pipes, each on a thread."""

    def __init__(self, folder: Path):
        to_server, from_client = os.pipe()
        to_client, from_server = os.pipe()
        self.server = make_server()
        self.client = LanguageServer("bench-client", "1")
        self.published = threading.Event()

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(ls, params) -> None:
            self.published.set()

        self.threads = []
        for target, args in (
            (self.server.start_io, (to_server, from_server)),
            (self.client.start_io, (to_client, from_client)),
        ):
            thread = threading.Thread(
                target=target,
                daemon=True,
                args=(os.fdopen(args[0], "rb"), os.fdopen(args[1], "wb")),
            )
            thread.start()
            self.threads.append(thread)
        uri = uris.from_fs_path(str(folder))
        self.request(
            t.INITIALIZE,
            t.InitializeParams(
                capabilities=t.ClientCapabilities(),
                process_id=os.getpid(),
                root_uri=uri,
                workspace_folders=[t.WorkspaceFolder(uri, "bench")],
            ),
        )
        self.client.protocol.notify(t.INITIALIZED, t.InitializedParams())

    def request(self, method: str, params):
        return self.client.protocol.send_request(method, params).result(timeout=120)

    def stop(self) -> None:
        """The server shut down and gone, then the client stopped: nothing
        left reading a pipe while the interpreter exits."""
        self.request(t.SHUTDOWN, None)
        self.client.protocol.notify(t.EXIT, None)
        self.threads[0].join(30)
        self.client._stop_event.set()  # as tests/test_lsp.py stops its client


def type_word(
    pair: Pair, uri: str, line: int, column: int, keys: int, pause: float, version: int
) -> tuple[list[float], list[float], int]:
    """Latencies and CPU seconds per key of typing ``WORD`` at (line, column)."""
    latencies, cpu = [], []
    for index, char in enumerate((WORD * (keys // len(WORD) + 1))[:keys]):
        at = column + index % len(WORD)
        if index and index % len(WORD) == 0:  # start the word again: delete it
            version += 1
            pair.client.protocol.notify(
                t.TEXT_DOCUMENT_DID_CHANGE,
                t.DidChangeTextDocumentParams(
                    t.VersionedTextDocumentIdentifier(version, uri),
                    [
                        t.TextDocumentContentChangePartial(
                            t.Range(t.Position(line, column), t.Position(line, column + len(WORD))),
                            "",
                        )
                    ],
                ),
            )
        version += 1
        start, start_cpu = time.perf_counter(), time.process_time()
        pair.client.protocol.notify(
            t.TEXT_DOCUMENT_DID_CHANGE,
            t.DidChangeTextDocumentParams(
                t.VersionedTextDocumentIdentifier(version, uri),
                [
                    t.TextDocumentContentChangePartial(
                        t.Range(t.Position(line, at), t.Position(line, at)), char
                    )
                ],
            ),
        )
        found = pair.request(
            t.TEXT_DOCUMENT_COMPLETION,
            t.CompletionParams(t.TextDocumentIdentifier(uri), t.Position(line, at + 1)),
        )
        latencies.append(time.perf_counter() - start)
        assert isinstance(found, t.CompletionList)
        time.sleep(pause)
        cpu.append(time.process_time() - start_cpu)
    return latencies, cpu, version


def measure(lines: int, keys: int) -> dict:
    text = filler_set_text(max(1, (lines - 4) // 3))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.dioses"
        path.write_text(text, encoding="utf-8")
        pair = Pair(Path(folder))
        uri = uris.from_fs_path(str(path))
        start = time.perf_counter()
        pair.client.protocol.notify(
            t.TEXT_DOCUMENT_DID_OPEN,
            t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, "dioses", 1, text)),
        )
        pair.published.wait(300)
        opened = time.perf_counter() - start
        all_lines = text.split("\n")
        line = next(
            n
            for n in range(len(all_lines) // 2, len(all_lines))
            if "2 points if next to " in all_lines[n]
        )
        column = all_lines[line].index("next to ")
        version, results = 1, {}
        for mode, pause in (("burst", 0.0), ("paced", SETTLE * 2)):
            latencies, cpu, version = type_word(pair, uri, line, column, keys, pause, version)
            results[mode] = {
                "median_ms": round(statistics.median(latencies) * 1000, 1),
                "p90_ms": round(sorted(latencies)[int(len(latencies) * 0.9) - 1] * 1000, 1),
                "max_ms": round(max(latencies) * 1000, 1),
                "median_cpu_ms_per_key": round(statistics.median(cpu) * 1000, 1),
            }
        pair.stop()
        pair.client._stop_event.set()
    return {
        "dioses_rules": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "lines": len(all_lines),
        "keys": keys,
        "first_check_s": round(opened, 2),
        "goal_median_ms": 50,
        **results,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000, help="lines of the card file")
    parser.add_argument("--keys", type=int, default=24, help="keys typed in each mode")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument(
        "--switch-interval",
        type=float,
        default=SWITCH_INTERVAL,
        help=f"sys.setswitchinterval, as `dioses lsp` sets it (default {SWITCH_INTERVAL}; "
        "CPython's own is 0.005)",
    )
    args = parser.parse_args(argv)
    sys.setswitchinterval(args.switch_interval)
    report = measure(args.lines, args.keys)
    report["switch_interval_s"] = args.switch_interval
    if args.format == "json":
        json.dump(report, sys.stdout, indent=2)
        print()
        return
    print(
        f"dioses-rules {report['dioses_rules']}, Python {report['python']}: "
        f"{report['lines']} lines, first check {report['first_check_s']} s"
    )
    for mode in ("burst", "paced"):
        row = report[mode]
        print(
            f"{mode:<6} median {row['median_ms']} ms, p90 {row['p90_ms']} ms, max "
            f"{row['max_ms']} ms, CPU {row['median_cpu_ms_per_key']} ms a key "
            f"(goal: median under {report['goal_median_ms']} ms)"
        )


if __name__ == "__main__":
    main()
