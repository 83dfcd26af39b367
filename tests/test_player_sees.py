"""What a player sees, in English and in Spanish (#28 "a check of what a
player sees"): every face of the game a player reads, rendered in-process
(the terminal through CliRunner with scripted input, the web pages through
Starlette's TestClient), must name cards, laws and patterns by their
printed names, never by id; carry no ruling code (R24) and no tree syntax
("(hera or athena) and not ..."); say nothing in the other language; and
show no empty or ``None`` text. The faults are found by
:mod:`tests.player_sees`; each test says every fault of its surfaces at
once."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from player_sees import BAD_BOARD, Reader, page_text
from starlette.testclient import TestClient

from dioses_cli.main import dioses
from dioses_rules.pool.load import load_registry
from dioses_rules.web.app import create_app
from dioses_rules.web.catalog import Catalog

LANGS = ("en", "es")
# laws on a row and a column, a pattern, an objective, and scenario 1, whose
# victory asks for the most common mythology (a leader's sentence, R24)
BOARD = """
objectives = [["grouping", "egyptian"]]
[[patterns]]
card = "sacred-pair"
[[laws]]
card = "only-gods"
row = "central"
[[laws]]
card = "no-greeks"
column = 4
[scenario]
id = "game-of-thrones"
[area]
front   = ["zeus", "sun-eye", "horus", "odin"]
central = ["throne-room", "ra", "isis", "olympus-throne"]
back    = ["anubis", "embalming-room", "nephthys", "valhalla"]
"""
ONES = "1\n" * 400
FEW = "1\n" * 12


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    registry, sources = load_registry()
    return Catalog(registry, sources)


@pytest.fixture(scope="module")
def reader(catalog) -> Reader:
    return Reader(catalog.registry)


def said(
    reader: Reader, surfaces: dict[tuple[str, str], str], file_words: bool = False
) -> list[str]:
    """Every fault of the surfaces, each named by (its name, language); with
    ``file_words``, errors about a file, whose keys and quotes of it are the
    file's own words."""
    faults = []
    for (where, lang), text in surfaces.items():
        assert text.strip(), f"{where} ({lang}) says nothing"
        faults += reader.faults(text, lang, f"{where} ({lang})", file_words)
    return faults


# boards with a mistake of each family a player makes: a value of the wrong
# type, an unknown key; BAD_BOARD's names and lines; and no TOML
BAD_SHAPE = """
[area]
front = ["Zeus", ".", ".", "."]
central = [".", ".", ".", "."]
back = [".", ".", ".", 4]
colour = "red"
"""
NO_TOML = 'sets = ["base"\n[area]\n'


def damaged_save(folder, name: str = "damaged.json"):
    """A game saved after its first turns, then damaged: a turn out of
    range, a cell missing, a card no set defines."""
    import json

    save = folder / name
    run(["play", "--seed", "2", "--save", str(save), "--overwrite"], FEW)
    data = json.loads(save.read_text("utf-8"))
    data["state"]["turn"] = -1
    data["state"]["areas"][0]["cells"].pop()
    data["state"]["deck"][0] = "zeuss"
    save.write_text(json.dumps(data), "utf-8")
    return save


def errors_of(args: list[str]) -> str:
    """What a command says on stderr of a user's mistake (exit 1)."""
    result = CliRunner(env={"COLUMNS": "240"}).invoke(dioses, args)
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    return result.stderr


def test_the_terminal_says_a_bad_board_and_a_damaged_save_in_the_readers_language(reader, tmp_path):
    """score of a board with mistakes and of one that is no TOML, and play
    --resume of a damaged save, in English and Spanish: the explanation
    and the suggestion in the reader's language, the keys and the names
    as the file wrote them."""
    bad, shape, broken = (tmp_path / f"{name}.toml" for name in ("bad", "shape", "broken"))
    bad.write_text(BAD_BOARD, encoding="utf-8")
    shape.write_text(BAD_SHAPE, encoding="utf-8")
    broken.write_text(NO_TOML, encoding="utf-8")
    save = damaged_save(tmp_path)
    surfaces = {}
    for lang in LANGS:
        surfaces[("score of a bad board", lang)] = errors_of(["score", str(bad), "--lang", lang])
        surfaces[("score of a bad shape", lang)] = errors_of(["score", str(shape), "--lang", lang])
        surfaces[("score of no TOML", lang)] = errors_of(["score", str(broken), "--lang", lang])
        surfaces[("play --resume of a damaged save", lang)] = errors_of(
            ["play", "--resume", str(save), "--lang", lang]
        )
    assert "$.area.front[1]" in surfaces[("score of a bad board", "es")]
    assert "'herra'" in surfaces[("score of a bad board", "es")]
    faults = said(reader, surfaces, file_words=True)
    assert not faults, "\n".join(faults)


# ---------------------------------------------------------------- the terminal


def run(args: list[str], text_input: str | None = None) -> str:
    # wide enough that no table cell wraps a name over two lines
    result = CliRunner(env={"COLUMNS": "240"}).invoke(dioses, args, input=text_input)
    assert "Traceback" not in result.output, result.output
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def test_the_terminal_says_names_and_sentences_in_the_readers_language(reader, tmp_path):
    """score (with and without --explain, a scenario's report with its
    leader's sentence, R24), cards --text, a game's first turns and a
    scenario played to its end with --lang: each in English and Spanish."""
    board = tmp_path / "board.toml"
    board.write_text(BOARD, encoding="utf-8")
    surfaces = {}
    for lang in LANGS:
        surfaces[("score", lang)] = run(["score", str(board), "--lang", lang])
        surfaces[("score --explain", lang)] = run(
            ["score", str(board), "--explain", "--lang", lang]
        )
        surfaces[("cards --text", lang)] = run(["cards", "--text", "--lang", lang])
        save = tmp_path / f"game-{lang}.json"
        # the first turns (the input then ends: it says how to go on)
        surfaces[("play", lang)] = run(
            ["play", "--seed", "5", "--lang", lang, "--save", str(save), "--overwrite"], FEW
        )
        scenario = tmp_path / f"scenario-{lang}.json"
        surfaces[("play --scenario", lang)] = run(
            [
                *("play", "--scenario", "ragnarok", "--seed", "5", "--lang", lang),
                # the best layout's column, said once, and its search short
                *("--best-time", "0.2" if lang == "es" else "0"),
                *("--save", str(scenario), "--overwrite"),
            ],
            ONES,
        )
    faults = said(reader, surfaces)
    assert not faults, "\n".join(faults)


# ---------------------------------------------------------------- the web pages


def browser(catalog, folder, lang: str) -> TestClient:
    client = TestClient(create_app(catalog, saves=folder), base_url="http://127.0.0.1:8000")
    client.cookies.set("dioses-lang", lang)
    return client


def seat_page(client: TestClient, moves: int) -> tuple[str, str]:
    """A game of two people and an agent, scenario-free, its first seat's
    page after ``moves`` first choices; and its game's address."""
    answer = client.post(
        "/play",
        data={"seat1": "human", "seat2": "human", "seat3": "greedy", "seed": "3"},
        follow_redirects=False,
    )
    seats = client.get(answer.headers["location"]).text
    links = re.findall(r'href="http://[^/]+(/play/[a-z0-9]+\?seat=[\w-]+)"', seats)
    for _ in range(moves):
        for link in links:  # whoever decides
            page = client.get(link).text
            version = re.search(r'name="version" value="(\d+)"', page)
            if version and 'name="choice"' in page:
                client.post(link, data={"version": version.group(1), "choice": "0"})
                break
    return client.get(links[0]).text, links[0].split("?")[0]


def scenario_page(client: TestClient) -> str:
    """Ragnarok (scenario 3) for one person, its choices taken to the end."""
    url = client.post(
        "/play",
        data={"seat1": "human", "scenario": "ragnarok", "seed": "4", "challenge": "yes"},
        follow_redirects=False,
    ).headers["location"]
    for _ in range(80):
        page = client.get(url).text
        version = re.search(r'name="version" value="(\d+)"', page)
        if version is None:
            return page
        client.post(url, data={"version": version.group(1), "choice": "0"})
    return client.get(url).text


def test_the_web_pages_say_names_and_sentences_in_the_pages_language(catalog, reader, tmp_path):
    """The index, the gallery, a card page, the builder (its words and what
    its API answers), the new game's page and its saved games, a seat's
    game page, a scenario played to its end, and error pages (a link of no
    seat, a bad seed, a card of no set): each in English and Spanish."""
    surfaces: dict[tuple[str, str], str] = {}
    empties: list[str] = []
    board = _board_json(catalog)
    for lang in LANGS:
        client = browser(catalog, tmp_path / lang, lang)
        (tmp_path / lang).mkdir()
        pages = {
            "index": client.get("/"),
            "gallery": client.get("/cards"),
            "card page": client.get("/cards/base/myth/sun-eye"),
            "a card page citing rulings": client.get("/cards/base/myth/ship"),
            "law page": client.get("/cards/aun-mas-divinos/law/only-gods"),
            "builder": client.get("/board"),
            "card of no set": client.get("/cards/base/myth/nobody"),
            "bad seed": client.post("/play", data={"seat1": "human", "seed": "x"}),
        }
        game, game_url = seat_page(client, 4)
        pages["no such seat"] = client.get(f"{game_url}?seat=nobody")
        for name, answer in pages.items():
            text, empty = page_text(answer.text)
            surfaces[(name, lang)] = text
            empties += [f"{name} ({lang}): {e}" for e in empty]
        for name, html in (
            ("game page", game),
            ("scenario played", scenario_page(client)),
            ("saved games", client.get("/play").text),
        ):
            text, empty = page_text(html)
            surfaces[(name, lang)] = text
            empties += [f"{name} ({lang}): {e}" for e in empty]
        scored = client.post("/api/score", json=board).json()
        surfaces[("builder's score", lang)] = "\n".join(_report_words(scored))
    faults = said(reader, surfaces) + empties
    assert not faults, "\n".join(faults)


def test_the_web_says_a_bad_board_and_a_damaged_save_in_the_pages_language(
    catalog, reader, tmp_path
):
    """The builder's answer to a bad board (scored, exported, imported as a
    file that is no TOML, a body that is no JSON), the saved games' list with
    a save of another format, and resuming a damaged save: in English and
    Spanish."""
    import json
    import tomllib

    bad, shape = tomllib.loads(BAD_BOARD), tomllib.loads(BAD_SHAPE)
    damaged = damaged_save(tmp_path)
    surfaces: dict[tuple[str, str], str] = {}
    for lang in LANGS:
        folder = tmp_path / lang
        folder.mkdir()
        (folder / "web-game-abcd1234.json").write_bytes(damaged.read_bytes())
        other = {"kind": "dioses-save", "version": 99}
        (folder / "web-game-ffff0000.json").write_text(json.dumps(other), "utf-8")
        client = browser(catalog, folder, lang)
        answers = {
            "builder's score of a bad board": client.post("/api/score", json=bad),
            "builder's export of a bad shape": client.post("/api/export", json=shape),
            "builder's import of no TOML": client.post(
                "/api/import", content=NO_TOML.encode(), headers={"x-board-name": "mine.toml"}
            ),
            "builder's body of no JSON": client.post(
                "/api/score", content=b'{"area": [1,}', headers={"content-type": "application/json"}
            ),
        }
        for name, answer in answers.items():
            assert answer.status_code in (400, 422), (name, answer.text)
            messages = [error["message"] for error in answer.json()["errors"]]
            surfaces[(name, lang)] = "\n".join(messages)
        resumed = client.post("/play/resume", data={"game": "abcd1234"})
        assert resumed.status_code == 422
        surfaces[("resuming a damaged save", lang)] = page_text(resumed.text)[0]
        surfaces[("saved games with a refused one", lang)] = page_text(client.get("/play").text)[0]
    assert "$.area.front[1]" in surfaces[("builder's score of a bad board", "es")]
    faults = said(reader, surfaces, file_words=True)
    assert not faults, "\n".join(faults)


def _board_json(catalog) -> dict:
    """:data:`BOARD` as the builder's page sends it."""
    import tomllib

    return tomllib.loads(BOARD)


def _report_words(report: dict) -> list[str]:
    """The strings of the builder's score a page shows: names and texts."""
    words = []
    for card in report["cards"]:
        words.append(card["name"])
        words += [line["text"] for line in card["lines"]]
    words += [x["name"] for key in ("laws", "patterns", "objectives") for x in report[key]]
    scenario = report.get("scenario") or {}
    for key in ("victory_conditions", "challenge_conditions"):
        words += [c["text"] for c in scenario.get(key, [])]
    words += scenario.get("notes", [])
    return words


def test_the_check_finds_each_fault_it_looks_for(reader):
    """The check is no check if it cannot fail: each fault, planted."""
    planted = {
        "en": [
            ("Sun Eye scores", []),
            ("sun-eye scores 2 points", ["the id 'sun-eye'"]),
            ("Laws (R13)", ["a ruling code"]),
            ("(Hera or Athena) and not close to Apple", ["tree syntax"]),
            ("the total is None", ["an empty value"]),
            ("la carta scores", ["a Spanish word 'la", "a Spanish word 'la carta"]),
        ],
        "es": [
            ("Campo de Guerra puntúa", []),
            ("the card puntúa", ["an English word", "an English word"]),
        ],
    }
    for lang, cases in planted.items():
        for text, expected in cases:
            found = reader.faults(text, lang, "here")
            assert len(found) == len(expected), (text, found)
            for fault, what in zip(found, expected, strict=True):
                assert what.split(" '")[0] in fault, (text, fault)
    # an error about a file: its keys and quotes of it are its words, the rest is not
    quoted = "$.area.front[1]: carta desconocida 'the card'; indica row = \"front\" (--cards)"
    assert reader.faults(quoted, "es", "here", file_words=True) == []
    english = "$.area.front[1]: unknown card 'herra'"
    assert len(reader.faults(english, "es", "here", file_words=True)) == 1
    text, empty = page_text(
        '<html lang="es"><button></button><p lang="en">In English</p><p>Hola</p></html>'
    )
    assert "In English" not in text and "Hola" in text and empty == ["<button>"]


# ---------------------------------------------------------------- the pictures


def test_the_pictures_say_names_and_words_in_their_language(catalog, reader):
    """Card faces (a Myth card, an event, a law, a pattern, an objective, a
    scenario), a sheet's page with its backs and a scored board's picture
    with --explain (``dioses score --svg --lang``, ``cards --sheet
    --lang``): the words drawn, their titles and descriptions."""
    from dioses_rules.render.board_picture import board_picture
    from dioses_rules.render.card import CardText, card_svg
    from dioses_rules.render.sheet import sheet_svg
    from dioses_rules.scoring.board import parse_board_text
    from dioses_rules.scoring.resolve import resolve_board
    from dioses_rules.scoring.score import score_board

    registry = catalog.registry
    faces = [
        registry.get(family, ident)
        for family, ident in (
            ("myth", "ship"),
            ("myth", "hercules"),
            ("myth", "throne-room"),
            ("law", "only-gods"),
            ("pattern", "sacred-pair"),
            ("objective-goal", "grouping"),
            ("scenario", "game-of-thrones"),
        )
    ]
    board = resolve_board(parse_board_text(BOARD), registry)
    report = score_board(board, explain=True)
    surfaces = {}
    for lang in LANGS:
        text = CardText.of(registry, lang)
        for definition in faces:
            surfaces[(f"the face of {definition.id}", lang)] = page_text(
                card_svg(definition, text)
            )[0]
        sheet = sheet_svg([(d, "base", "") for d in faces[:3]], text, backs=True)
        surfaces[("a sheet with backs", lang)] = page_text(sheet)[0]
        picture = board_picture(board, report, text, "Juego", explain=True)
        surfaces[("a board's picture", lang)] = page_text(picture)[0]
    faults = said(reader, surfaces)
    assert not faults, "\n".join(faults)
