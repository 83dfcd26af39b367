"""Moves of a browser game made over HTTP, as the page's forms make them:
shared by tests/test_web.py (Starlette's test client) and
tests/test_web_browser.py (an HTTP client of the live server), whose
clients answer ``get`` and ``post`` alike; and a real ``dioses serve`` with
the browser's first-choice click, shared by tests/test_web_browser.py and
tools/web_screenshots.py."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path


def version_of(page) -> str:
    return re.search(r'name="version" value="(\d+)"', page.text).group(1)


def board_moves(playing, url: str, moves: int = 10_000, discard: bool = False) -> object:
    """Play by the board: a cell button when the decision offers one (the
    first cell of a swap, then its first partner), else the first button
    beside the board (``discard``: a drawn card is discarded, so that R17's
    swap comes)."""
    for _ in range(moves):
        page = playing.get(url)
        if "Game over" in page.text:
            return page
        version = version_of(page)
        firsts = re.findall(r'name="first" value="(\d+)" class="mini-cell', page.text)
        cells = re.findall(r'name="cell" value="(\d+)"', page.text)
        lines = re.findall(r'name="choice" value="(\d+)" class="line-choice', page.text)
        others = re.findall(r'id="cells-form">.*?</form>', page.text, re.S)[0]
        buttons = re.findall(r'name="choice" value="(\d+)">([^<]*)<', others)
        if discard and any(label.startswith("discard ") for _, label in buttons):
            data = {"choice": next(v for v, label in buttons if label.startswith("discard "))}
        elif firsts:
            second = playing.get(f"{url}?first={firsts[0]}")
            partner = re.findall(r'name="cell" value="(\d+)"', second.text)[0]
            data = {"first": firsts[0], "cell": partner}
        elif lines:
            data = {"choice": lines[0]}  # a law's line (R13) on the board's edge
        elif cells:
            data = {"cell": cells[0]}
        else:
            data = {"choice": buttons[0][0]}
        answer = playing.post(url, data={"version": version, **data}, follow_redirects=False)
        assert answer.status_code == 303, answer.text
    return playing.get(url)


# ------------------------------------------------- a real server, a browser page
# (tests/test_web_browser.py and tools/web_screenshots.py drive both)

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def serving(saves: Path):
    """A real ``dioses serve`` on a free port; its address."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")])}
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from dioses_cli.main import dioses; dioses()",
            "serve",
            "--port",
            "0",
            "--saves",
            str(saves),
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        found = re.search(r"(http://127\.0\.0\.1:\d+/)", server.stdout.readline())
        assert found, "the server printed no address"
        yield found.group(1)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)


def click_first_choice(page) -> None:
    """The first choice of the decision: a cell of the board when it offers
    cells (a swap: the first cell, then its first partner), else the first
    button beside the board."""
    cells = page.locator("button.mini-cell.choosable")
    lines = page.locator("button.line-choice")  # a law's line (R13), on the board's edge
    if lines.count():
        lines.first.click()
    elif cells.count() == 0:
        page.click('#cells-form button[name="choice"] >> nth=0')
    elif cells.first.get_attribute("name") == "first":
        cells.first.click()
        page.wait_for_selector(".mini-cell.selected")
        page.click("button.mini-cell.choosable >> nth=0")
    else:
        cells.first.click()
    page.wait_for_load_state("load")
