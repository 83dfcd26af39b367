"""The web pages in Spanish (#28 item 3): a game's prompts, choices,
history and scenario in the words ``dioses play --lang es`` says (one
source, :mod:`dioses_rules.wording`), and the card pages' own words."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from dioses_rules.pool.load import load_registry
from dioses_rules.web.app import create_app
from dioses_rules.web.catalog import Catalog
from dioses_rules.wording import choices, moves


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    registry, sources = load_registry()
    return Catalog(registry, sources)


def browser(catalog, folder, lang: str) -> TestClient:
    client = TestClient(create_app(catalog, saves=folder), base_url="http://127.0.0.1:8000")
    client.cookies.set("dioses-lang", lang)
    return client


def played(client, moves_made: int) -> str:
    """Ragnarok (scenario 3, seed 4), its first choice taken ``moves_made`` times."""
    url = client.post(
        "/play",
        data={"seat1": "human", "scenario": "ragnarok", "seed": "4"},
        follow_redirects=False,
    ).headers["location"]
    for _ in range(moves_made):
        page = client.get(url).text
        version = re.search(r'name="version" value="(\d+)"', page)
        client.post(url, data={"version": version.group(1), "choice": "0"})
    return client.get(url).text


def test_a_spanish_game_page_says_prompts_choices_history_and_goal_in_spanish(catalog, tmp_path):
    """The same game in two browsers, one in Spanish: the law's line (R13),
    the Power moment (R26), the cells (R1) and the scenario's victory in
    Spanish, none of the engine's English left; the English page keeps it."""
    spanish = played(browser(catalog, tmp_path, "es"), 6)
    english = played(browser(catalog, tmp_path, "en"), 6)
    history = re.search(r'<ol class="history" reversed>(.*?)</ol>', spanish, re.S).group(1)
    for said in (
        "¿Usas un efecto de Poder antes de tu acción?",  # the prompt
        "Para ganar: hay al menos 1 patrón completado",  # the scenario's victory
        "Escenario 3: Ragnarök",
        "Reto adicional (no se juega)",
    ):
        assert said in spanish, said
    # each line of the history begins with a capital (#28), "Ningún efecto de Poder"
    for said in ("Ningún efecto de Poder", "en la fila delantera", "fila delantera, columna 1"):
        assert said in history, said
    for english_word in (
        "Use a Power effect",
        " placed at ",
        "discard pile",
        "front row",
        "To win",
    ):
        assert english_word not in spanish, english_word
    assert "Use a Power effect before your action?" in english and "To win:" in english
    assert "on the front row" in english and "front row, column 1" in english


def test_the_terminal_and_the_page_say_a_move_in_the_same_words(catalog):
    """One source for both: the page's phrase for a card placed is the
    terminal's (``dioses play --lang es``), its cell said whole (R1)."""
    registry = catalog.registry
    record = {"type": "event", "event": "placed", "area": 0, "card": "thor", "cell": "front 1"}
    record["face_up"] = True
    terminal = moves.record_phrase(record, moves.Namers("es", lambda ident: "Thor"))
    assert terminal == "área 1: Thor colocada en delantera 1"
    label = choices.label_text(registry, "take thor from discard pile 2", "es")
    assert label == "coger Thor de la pila de descarte 2"
    assert choices.label_text(registry, "column 3", "es") == "columna 3"


def test_a_spanish_card_page_says_its_own_words_and_marks_our_names(catalog, tmp_path):
    """A card page in Spanish: the page's words from the web catalogue, the
    card's Spanish name, and the names no rulebook prints in Spanish
    (CARDS.md: Trono del Olimpo; every law's name) marked as ours."""
    spanish, english = browser(catalog, tmp_path, "es"), browser(catalog, tmp_path, "en")
    throne = spanish.get("/cards/base/myth/olympus-throne").text
    assert re.search(r"<h1>Trono del Olimpo <span class=\"ours\">\(nuestra traducción\)", throne)
    assert "Texto de la carta" in throne and "Qué es</dt><dd>Lugar griego, nombrado" in throne
    assert "También llamada</dt><dd>Olympus Throne</dd>" in throne
    ship = spanish.get("/cards/base/myth/ship").text  # a printed Spanish name: not ours
    assert "<h1>Barco</h1>" in ship and "nuestra traducción" not in ship
    law = english.get("/cards/aun-mas-divinos/law/one-pantheon").text
    assert "<h1>A single pantheon</h1>" in law
    assert "Also called</dt><dd>Un solo panteón (our translation)</dd>" in law
    gallery = spanish.get("/cards?kind=law").text
    assert 'Un solo panteón <span class="ours">(nuestra traducción)</span>' in gallery
    assert ">Mitología" in gallery and ">Griego</option>" in gallery and "definiciones" in gallery
    assert "Not found" not in spanish.get("/cards/base/law/hera").text


def test_errors_are_said_in_the_pages_language(catalog, tmp_path):
    """The server's answers to a page (#28): bad form input, a link of no
    seat, a game that stopped on our bug, a choice of another seat's turn,
    each in the page's words (the web catalogue)."""
    client = browser(catalog, tmp_path, "es")
    bad = client.post("/play", data={"seat1": "human", "seed": "x"})
    assert bad.status_code == 422 and "la semilla es un número entero" in bad.text
    unknown = client.post("/play", data={"seat1": "human", "scenario": "atlantis"})
    assert "escenario desconocido «atlantis»" in unknown.text
    assert "los conjuntos cargados tienen: " in unknown.text
    url = client.post(
        "/play", data={"seat1": "human", "seat2": "greedy", "seed": "3"}, follow_redirects=False
    ).headers["location"]
    game_id = url.rsplit("/", 1)[1]
    assert "Cannot" not in client.get(url).text
    nobody = client.get(f"{url}?seat=nobody")
    assert nobody.status_code == 404 and "este enlace no es de ningún asiento" in nobody.text
    stale = client.post(url, data={"version": "999", "choice": "0"})
    assert (
        stale.status_code == 409 and "E420 esta elección es de una decisión ya tomada" in stale.text
    )
    table = client.app.state.tables.get(game_id)
    table.snapshot = {"state": "failed", "bug": "RuntimeError"}  # as the game's thread says it
    page = client.get(url).text
    assert "la partida se detuvo por un error nuestro: RuntimeError" in page


def test_agents_are_named_on_the_page_as_the_terminal_names_them(catalog, tmp_path):
    """#28: a seat's agent in the page's language, the terminal's word
    ("agente voraz", not "agente greedy"); the English page keeps "greedy agent"."""
    spanish = browser(catalog, tmp_path, "es")
    new_game = spanish.get("/play").text
    assert "agente voraz" in new_game and "agente estratega" in new_game
    assert "agente greedy" not in new_game and "agente planner" not in new_game
    url = spanish.post(
        "/play", data={"seat1": "human", "seat2": "greedy", "seed": "3"}, follow_redirects=False
    ).headers["location"]
    assert "agente voraz" in spanish.get(url).text
    assert "greedy agent" in browser(catalog, tmp_path, "en").get("/play").text
