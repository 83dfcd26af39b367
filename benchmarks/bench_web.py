"""How fast the web app answers a player: the median time from a change on
the board builder to the new score on screen, and the time to load the
builder's page (issue #15: a change under 100 ms on this machine).

A real ``dioses serve`` on a free port and the system's chromium driven by
Playwright (``apt-get install chromium``; nothing is downloaded). A change
is timed inside the page, from the click that puts a card on a cell to the
moment the page has drawn the server's new score (``performance.now()``),
so the driver's own round trips are not counted. What a player waits for is
the page's wall clock (``"clock": "wall"``); the server's CPU time per change
is reported beside it (``server_cpu_ms_per_change``, from Linux's /proc). Each change moves one of
twelve cards to another cell, so the board is full (the list's first twelve cards) and every card scores.

A measurement, not a test: it prints figures and never fails. Run it with

    python benchmarks/bench_web.py [--changes N] [--loads N] [--format text|json]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
from pathlib import Path

from clock import process_cpu

ROOT = Path(__file__).resolve().parent.parent
# Put a card on a cell and wait until the page has drawn the server's answer
# (board.js sets body[data-scored] once the new score is on screen).
CHANGE = """async ([card, cell]) => {
  const before = document.body.dataset.scored;
  const t0 = performance.now();
  document.querySelector(`#palette button[data-card="${card}"]`).click();
  document.querySelector(`.cell[data-cell="${cell}"]`).click();
  await new Promise((done) => {
    const watch = new MutationObserver(() => {
      if (document.body.dataset.scored !== before) { watch.disconnect(); done(); }
    });
    watch.observe(document.body, {attributes: true, attributeFilter: ["data-scored"]});
  });
  return performance.now() - t0;
}"""


def serve() -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")])}
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from dioses_cli.main import dioses; dioses()",
            "serve",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    found = re.search(r"(http://127\.0\.0\.1:\d+/)", server.stdout.readline())
    if not found:
        server.kill()
        sys.exit("dioses serve printed no address")
    return server, found.group(1)


def measure(address: str, chromium: str, changes: int, loads: int, server: int) -> dict:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        load_ms = []
        for _ in range(loads):
            page.goto(address + "board", wait_until="load")
            page.wait_for_selector("body[data-scored]")  # the first score drawn
            load_ms.append(
                page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
            )
        cards = page.evaluate(  # the first twelve of the list, a full board
            "[...document.querySelectorAll('#palette button')].slice(0, 12)"
            ".map(b => b.dataset.card)"
        )
        for index, card in enumerate(cards):
            page.evaluate(CHANGE, [card, index])
        spent = process_cpu(server)
        change_ms = [
            page.evaluate(CHANGE, [cards[i % 12], (i * 5 + 1) % 12]) for i in range(changes)
        ]
        if spent is not None:  # the server's CPU time per change (the page's is the wall's)
            spent = (process_cpu(server) - spent) / changes * 1000
        browser.close()
    return {
        "clock": "wall",
        "server_cpu_ms_per_change": None if spent is None else round(spent, 1),
        "changes": changes,
        "loads": loads,
        "change_to_score_ms_median": round(statistics.median(change_ms), 1),
        "change_to_score_ms_max": round(max(change_ms), 1),
        "page_load_ms_median": round(statistics.median(load_ms), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--changes",
        type=int,
        default=60,
        metavar="N",
        help="changes on the board to time (default 60)",
    )
    parser.add_argument(
        "--loads",
        type=int,
        default=10,
        metavar="N",
        help="loads of the builder's page to time (default 10)",
    )
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("no chromium: apt-get install chromium")
    server, address = serve()
    try:
        report = measure(address, chromium, args.changes, args.loads, server.pid)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    if args.format == "json":
        print(json.dumps(report, indent=2))
        return
    print(
        f"change on the board to the new score on screen: median "
        f"{report['change_to_score_ms_median']} ms, at most "
        f"{report['change_to_score_ms_max']} ms ({args.changes} changes; goal: under 100 ms)"
    )
    print(
        f"board builder page load: median {report['page_load_ms_median']} ms ({args.loads} loads)"
    )


if __name__ == "__main__":
    main()
