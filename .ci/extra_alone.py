"""A short smoke check of one optional extra, run by .ci/run with the Python
of a fresh venv holding the wheel and that extra alone (issue #23: every
extra works installed on its own, not only all together).

    VENV/bin/python .ci/extra_alone.py EXTRA REPO WORKDIR

Each check runs the extra's own command as a user would, from the venv's
scripts, with a bounded wait, and exits 1 saying what went wrong:

- web: ``dioses serve --port 0`` on 127.0.0.1, a GET of the home page, the
  gallery and one card face (drawn by drawsvg, part of [web]), then Ctrl-C;
- solver: ``dioses solve`` on the rulebook's example board (CP-SAT proves
  its best layout);
- pictures: ``dioses score --svg`` of the example board, and a PDF card
  sheet of the small Celtic example set (cairosvg, pypdf);
- editors: ``dioses lsp`` answering an initialize request on stdin, then
  shutdown and exit;
- distributed: ``dioses simulate --scheduler`` against a LocalCluster started
  here, whose report is the one the same seed gives without a cluster.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

EXTRA, REPO, WORK = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
BIN = Path(sys.executable).parent
DIOSES = str(BIN / "dioses")
BOARD = REPO / "examples" / "boards" / "base-hera-hela-ship.toml"
TIMEOUT = 120  # seconds any one command may take


def fail(message: str) -> None:
    print(f"[{EXTRA}] FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def run(*args: str, **options) -> subprocess.CompletedProcess:
    print("$ dioses " + " ".join(args), flush=True)
    done = subprocess.run([DIOSES, *args], capture_output=True, timeout=TIMEOUT, **options)
    if done.returncode != 0:
        fail(
            f"dioses {args[0]} exited {done.returncode}:\n"
            f"{done.stdout.decode(errors='replace')[-2000:]}"
            f"{done.stderr.decode(errors='replace')[-2000:]}"
        )
    return done


def web() -> None:
    print("$ dioses serve --port 0 (then GET / and Ctrl-C)", flush=True)
    saves = WORK / "web-saves"
    saves.mkdir(exist_ok=True)
    server = subprocess.Popen(
        [DIOSES, "serve", "--port", "0", "--saves", str(saves)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        address = _served_address(server)
        for path, kind in (
            ("/", "text/html"),
            ("/cards", "text/html"),
            ("/cards/base/myth/ship.svg", "image/svg+xml"),
        ):
            with urllib.request.urlopen(address + path.lstrip("/"), timeout=30) as answer:
                body = answer.read()
                if answer.status != 200 or not answer.headers["content-type"].startswith(kind):
                    fail(f"GET {path}: {answer.status} {answer.headers['content-type']}")
            print(f"GET {path}: 200, {len(body)} bytes")
        if b"<svg" not in body:
            fail("the card face is no SVG picture")
    finally:
        server.send_signal(signal.SIGINT)
        try:
            rest = server.communicate(timeout=30)[0].decode(errors="replace")
        except subprocess.TimeoutExpired:
            server.kill()
            fail("dioses serve did not stop on Ctrl-C within 30 s")
    if "stopped" not in rest or server.returncode != 0:
        fail(f"dioses serve ended with {server.returncode}: {rest[-2000:]}")


def _served_address(server: subprocess.Popen) -> str:
    """The address ``dioses serve`` prints on its first line, waited for at
    most :data:`TIMEOUT` seconds."""
    deadline = time.monotonic() + TIMEOUT
    line = b""
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([server.stdout], [], [], left)[0]:
            fail(f"dioses serve printed no address in {TIMEOUT} s")
        byte = os.read(server.stdout.fileno(), 1)
        if not byte:
            fail(f"dioses serve ended before serving: {line.decode(errors='replace')}")
        line += byte
    found = re.search(r"http://127\.0\.0\.1:\d+/", line.decode())
    if found is None:
        fail(f"no address in: {line.decode(errors='replace')}")
    print(line.decode().strip())
    return found.group(0)


def solver() -> None:
    report = json.loads(run("solve", str(BOARD), "--format", "json").stdout)
    print(
        f"best total {report['best_total']} (optimal: {report['optimal']}), "
        f"as saved {report['current_total']}"
    )
    if not report["optimal"] or report["best_total"] < report["current_total"]:
        fail(f"not a proven best layout: {report}")


def pictures() -> None:
    svg, pdf = WORK / "board.svg", WORK / "celtic.pdf"
    run("score", str(BOARD), "--svg", str(svg))
    if not svg.read_text(encoding="utf-8").lstrip().startswith(("<?xml", "<svg")):
        fail(f"{svg} is no SVG picture")
    run(
        "cards",
        "--cards",
        str(REPO / "examples" / "mods" / "celtic"),
        "--set",
        "celtic",
        "--sheet",
        str(pdf),
    )
    if not pdf.read_bytes().startswith(b"%PDF-"):
        fail(f"{pdf} is no PDF")
    print(f"{svg.name}: {svg.stat().st_size} bytes; {pdf.name}: {pdf.stat().st_size} bytes")


def _message(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def editors() -> None:
    requests = b"".join(
        _message(m)
        for m in (
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {"processId": None, "rootUri": None, "capabilities": {}},
            },
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"},
        )
    )
    out = run("lsp", input=requests).stdout.decode()
    answers = [
        json.loads(body)
        for body in re.split(r"Content-Length: \d+\r\n(?:[^\r\n]+\r\n)*\r\n", out)
        if body.strip()
    ]
    first = next((a for a in answers if a.get("id") == 1), None)
    if first is None or "capabilities" not in first.get("result", {}):
        fail(f"no answer to initialize: {out[:2000]}")
    print(f"initialize answered: {sorted(first['result']['capabilities'])[:4]}...")


def distributed() -> None:
    from distributed import LocalCluster

    games = ("simulate", "--games", "4", "--seed", "1", "--format", "json")
    # threads in this process, reached over TCP on loopback as a real scheduler is
    with LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        remote = json.loads(run(*games, "--scheduler", cluster.scheduler_address).stdout)
    local = json.loads(run(*games).stdout)
    if remote != local:
        fail("the cluster's report differs from the same seed's without one")
    print(f"{remote['games']} games: the same report on the cluster as without one")


CHECKS = {
    "web": web,
    "solver": solver,
    "pictures": pictures,
    "editors": editors,
    "distributed": distributed,
}

if __name__ == "__main__":
    if EXTRA not in CHECKS:
        fail(f"no check for the extra '{EXTRA}' (checks: {', '.join(CHECKS)})")
    started = time.monotonic()
    CHECKS[EXTRA]()
    print(f"[{EXTRA}] alone: OK ({time.monotonic() - started:.1f} s)")
