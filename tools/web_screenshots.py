"""The long screenshot walk of the web app, to be looked at (not a test: it
takes a minute). A real ``dioses serve`` on a free port, Debian's chromium
driven by Playwright, at 1280x800 and 390x844:

- a whole game against the greedy agent, photographed at its first turns,
  after a swap's first cell, and at its end;
- the board builder with the rulebook's example board;
- a card page;
- a game of two people at one table, each in a browser context of their own
  (seat 1 waiting while seat 2 chooses, and the other way round);
- the Play page with its saved games (one of them damaged);
- the builder's answer to a board file with mistakes;
- a print-and-play sheet's first page and its backs (``dioses cards --sheet
  --backs``).

Each in English and in Spanish (the header's language switch).

    .venv/bin/python tools/web_screenshots.py [FOLDER]   # default: ./screenshots

Every PNG is written into FOLDER; the script prints each one's name.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the browser tests' server and clicks
from player_sees import BAD_BOARD  # noqa: E402
from web_moves import click_first_choice, serving  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def shoot(page, folder: Path, name: str, full: bool = False) -> None:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    print(path)


GAME_OVER = {"en": "Game over", "es": "Fin de la partida"}


def walk(browser, address: str, folder: Path, size: str, lang: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.goto(address + "play")
    page.click(f'.lang-switch button[value="{lang}"]')  # the cookie, for every page after
    name = f"{size}-{lang}"
    page.select_option('select[name="seat2"]', "greedy")
    page.fill('input[name="seed"]', "5")
    page.click('form.filters button[type="submit"]')
    page.wait_for_selector("h1")
    shoot(page, folder, f"{name}-game-start")
    clicks = 0
    swapped = False
    while GAME_OVER[lang] not in page.text_content("h1") and clicks < 400:
        first = page.locator('button.mini-cell.choosable[name="first"]')
        if not swapped and first.count():
            first.first.click()
            page.wait_for_selector(".mini-cell.selected")
            shoot(page, folder, f"{name}-game-swap-first")
            swapped = True
        if clicks == 8:
            shoot(page, folder, f"{name}-game-turn")
            if page.locator("a[data-zoom]").count():
                page.locator("a[data-zoom]").first.click()
                shoot(page, folder, f"{name}-game-zoom")
                page.keyboard.press("Escape")
        click_first_choice(page)
        clicks += 1
    shoot(page, folder, f"{name}-game-over")
    shoot(page, folder, f"{name}-game-over-full", full=True)
    page.goto(address + "board")
    page.set_input_files("#import", str(ROOT / "examples" / "boards" / "base-hera-hela-ship.toml"))
    page.wait_for_timeout(500)
    shoot(page, folder, f"{name}-builder")
    page.set_input_files(
        "#import", {"name": "mine.toml", "mimeType": "text/plain", "buffer": BAD_BOARD.encode()}
    )
    page.wait_for_timeout(500)
    shoot(page, folder, f"{name}-builder-bad-board", full=True)
    page.goto(address + "cards/base/myth/odin")
    shoot(page, folder, f"{name}-card-page")
    page.goto(address + "play")
    shoot(page, folder, f"{name}-play-page", full=True)
    context.close()


def sheets(browser, folder: Path) -> None:
    """The print-and-play sheet's first page of faces and of backs, as
    ``dioses cards --sheet --backs`` draws it, in each language."""
    import subprocess

    for lang in LANGS:
        svg = folder / f"sheet-{lang}.svg"
        subprocess.run(
            [
                *(sys.executable, "-c", "from dioses_cli.main import dioses; dioses()"),
                *("cards", "--set", "base", "--sheet", str(svg), "--backs", "--overwrite"),
                *("--lang", lang),
            ],
            check=True,
            cwd=ROOT,
        )
        context = browser.new_context(viewport={"width": 1240, "height": 1754})
        page = context.new_page()
        page.goto(svg.as_uri())
        shoot(page, folder, f"sheet-{lang}-faces")
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
        shoot(page, folder, f"sheet-{lang}-later")
        context.close()


def damaged_save(saves: Path) -> None:
    """A saved game of the Play page's list that cannot go on."""
    import json

    (saves / "web-game-deadbeef.json").write_text(
        json.dumps({"kind": "dioses-game", "version": 99}), encoding="utf-8"
    )


LANGS = ("en", "es")


def two_seats(browser, address: str, folder: Path) -> None:
    host = browser.new_context(viewport=SIZES["desktop"])
    page = host.new_page()
    page.goto(address + "play")
    page.select_option('select[name="seat2"]', "human")
    page.fill('input[name="seed"]', "3")
    page.click('form.filters button[type="submit"]')
    links = [a.get_attribute("href") for a in page.locator(".seat-links a").all()]
    shoot(page, folder, "seats-links")
    other = browser.new_context(viewport=SIZES["phone"])
    second = other.new_page()
    page.goto(links[0])
    second.goto(links[1])
    for move in range(1, 4):  # whoever is to choose chooses; the other's page follows
        deciding, waiting = (
            (page, second) if page.locator("#cells-form").count() else (second, page)
        )
        # each move its own pictures (the same seat may choose twice running)
        for shown, what in ((deciding, "deciding"), (waiting, "waiting")):
            size = "desktop" if shown is page else "phone"
            shoot(shown, folder, f"seats-{move}-{size}-{what}")
        click_first_choice(deciding)
        waiting.wait_for_load_state("load")
        deciding.wait_for_timeout(2500)  # the poll's period, and the reload
    host.close()
    other.close()


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as saves,
        serving(Path(saves)) as address,
        sync_playwright() as driver,
    ):
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        damaged_save(Path(saves))
        for lang in LANGS:
            for size in SIZES:
                walk(browser, address, folder, size, lang)
        sheets(browser, folder)
        two_seats(browser, address, folder)
        browser.close()


if __name__ == "__main__":
    main()
