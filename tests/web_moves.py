"""Moves of a browser game made over HTTP, as the page's forms make them:
shared by tests/test_web.py (Starlette's test client) and
tests/test_web_browser.py (an HTTP client of the live server), whose
clients answer ``get`` and ``post`` alike."""

from __future__ import annotations

import re


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
