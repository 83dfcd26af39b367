"""Several people at one table (#28, item 5): each person's seat of a web
game has its own private link and sees only what that seat may see; a
server others can reach (``--host`` another address) plays by those links
only. And the pages' language, chosen per browser."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from dioses_rules.pool.load import load_registry
from dioses_rules.web.app import create_app
from dioses_rules.web.catalog import Catalog


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    registry, sources = load_registry(())
    return Catalog(registry, sources)


def version_of(page) -> str:
    return re.search(r'name="version" value="(\d+)"', page.text).group(1)


def two_people(client) -> tuple[str, list[str]]:
    """A game of two people (and an agent): its id and the seats' links."""
    answer = client.post(
        "/play",
        data={"seat1": "human", "seat2": "human", "seat3": "greedy", "seed": "3"},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    where = answer.headers["location"]
    assert re.fullmatch(r"/play/[a-z0-9]+/seats\?key=[\w-]{20,}", where)
    page = client.get(where)
    links = re.findall(r'<a href="http://[^/]+(/play/[a-z0-9]+\?seat=[\w-]+)">', page.text)
    return where.split("/")[2], links


def test_each_person_has_a_private_link_and_only_the_deciding_one_chooses(catalog, tmp_path):
    client = TestClient(create_app(catalog, saves=tmp_path), base_url="http://127.0.0.1:8000")
    game_id, links = two_people(client)
    assert len(links) == 2 and len(set(links)) == 2  # one per person, never the agent's
    pages = [client.get(link) for link in links]
    deciding = [i for i, p in enumerate(pages) if 'id="cells-form"' in p.text]
    assert len(deciding) == 1, "exactly the seat the game waits for is offered choices"
    me, other = deciding[0], 1 - deciding[0]
    assert "<title>Your turn" in pages[me].text and "Setup: your turn" in pages[me].text
    waiting = pages[other].text
    assert "is choosing" in waiting and 'name="choice"' not in waiting
    assert "Your turn" not in waiting and 'class="mini-cell choosable' not in waiting
    # the waiting seat's answer is refused, naming whose turn it is
    refused = client.post(links[other], data={"version": version_of(pages[me]), "choice": "0"})
    assert refused.status_code == 409 and f"seat {me + 1}&#39;s turn" in refused.text
    before = client.get(f"/play/{game_id}/poll").json()
    assert before["seat"] == me and before["state"] == "deciding"
    moved = client.post(
        links[me], data={"version": version_of(pages[me]), "choice": "0"}, follow_redirects=False
    )
    assert moved.status_code == 303 and moved.headers["location"] == links[me]
    assert client.get(f"/play/{game_id}/poll").json()["version"] != before["version"]


def test_a_link_or_key_of_no_seat_is_404(catalog, tmp_path):
    client = TestClient(create_app(catalog, saves=tmp_path), base_url="http://127.0.0.1:8000")
    game_id, _ = two_people(client)
    assert client.get(f"/play/{game_id}?seat=not-a-token").status_code == 404
    assert client.get(f"/play/{game_id}/seats?key=guess").status_code == 404
    assert client.get(f"/play/{game_id}/seats").status_code == 404


def test_a_server_others_reach_plays_by_the_links_only(catalog, tmp_path):
    """--host another address: the game's page without a link only watches,
    and a choice or an end without one is refused; each game's links are
    announced (dioses serve prints them)."""
    told = []
    app = create_app(catalog, "192.168.1.20", saves=tmp_path, announce=told.append)
    client = TestClient(app, base_url="http://192.168.1.20:8000")
    answer = client.post(
        "/play", data={"seat1": "human", "seat2": "greedy"}, follow_redirects=False
    )
    game_id = answer.headers["location"].split("/")[2]
    assert "/seats?key=" in answer.headers["location"]  # even one person gets their link
    assert [t.id for t in told] == [game_id] and len(told[0].tokens) == 1
    watching = client.get(f"/play/{game_id}")
    assert "You are watching" in watching.text and 'name="choice"' not in watching.text
    sent = client.post(
        f"/play/{game_id}", data={"version": version_of_link(client, told[0]), "choice": "0"}
    )
    assert sent.status_code == 403
    assert client.post(f"/play/{game_id}/end").status_code == 403
    token = told[0].tokens[0]
    mine = client.get(f"/play/{game_id}?seat={token}")
    assert 'id="cells-form"' in mine.text


def version_of_link(client, table) -> str:
    return version_of(client.get(f"/play/{table.id}?seat={table.tokens[0]}"))


def test_the_loopback_server_keeps_one_persons_game_at_its_page(catalog, tmp_path):
    client = TestClient(create_app(catalog, saves=tmp_path), base_url="http://127.0.0.1:8000")
    answer = client.post(
        "/play", data={"seat1": "human", "seat2": "greedy"}, follow_redirects=False
    )
    assert re.fullmatch(r"/play/[a-z0-9]+", answer.headers["location"])


def test_the_language_is_chosen_per_browser_and_the_pages_speak_it(catalog, tmp_path):
    client = TestClient(create_app(catalog, saves=tmp_path), base_url="http://127.0.0.1:8000")
    assert '<html lang="en">' in client.get("/play").text
    switched = client.post("/lang", data={"lang": "es", "back": "/play"}, follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "/play"
    assert "dioses-lang=es" in switched.headers["set-cookie"]
    page = client.get("/cards").text  # the cookie stays with this browser
    assert '<html lang="es">' in page and ">Cartas</a>" in page and ">Jugar</a>" in page
    game = client.post("/play", data={"seat1": "human", "seat2": "greedy", "seed": "3"})
    assert "Mazo y descarte" in game.text and "Lo que pasó" in game.text
    elsewhere = client.post("/lang", data={"lang": "en", "back": "//evil.example/"})
    assert elsewhere.url.path == "/"  # only a path of this site
    assert (
        TestClient(client.app, base_url="http://127.0.0.1:8000")
        .get("/cards", headers={"accept-language": "es-ES,es;q=0.9"})
        .text.count('<html lang="es">')
        == 1
    )


def test_every_page_word_is_in_the_web_catalogue_and_its_mo_is_compiled_from_its_po():
    """The templates' and the web app's words (Jinja2's extractor, as
    tools/catalogues.sh runs it) are all in the Spanish ``web`` catalogue,
    translated, and the committed .mo is the .po compiled."""
    import io
    from pathlib import Path

    pytest.importorskip("babel.messages")
    from babel.messages.extract import extract_from_dir
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from dioses_rules.i18n import LOCALE_DIR

    root = Path(__file__).resolve().parent.parent
    method_map = [("templates/**.html", "jinja2.ext:babel_extract"), ("**.py", "python")]
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    found = extract_from_dir(
        root / "dioses_rules" / "web", method_map=method_map, keywords=keywords
    )
    asked = {m if isinstance(m, str) else m[0] for _, _, m, _, _ in found}
    assert "Your turn" in asked and "Hand out the seats' links" in asked
    folder = LOCALE_DIR / "es" / "LC_MESSAGES"
    po = read_po((folder / "web.po").open("rb"))
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in po if m.id}
    assert asked <= ids, f"run tools/catalogues.sh: {sorted(asked - ids)}"
    untranslated = [
        m.id
        for m in po
        if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple) else (m.string,)))
    ]
    assert not untranslated, untranslated
    compiled = io.BytesIO()
    write_mo(compiled, po)
    assert compiled.getvalue() == (folder / "web.mo").read_bytes(), "run tools/catalogues.sh"


def test_serve_on_another_address_prints_each_games_private_links(tmp_path):
    """``dioses serve --host ADDR`` (127.0.0.2 stands for a home network's
    address: not a loopback name the server knows) plays by the links only,
    says so, and prints each game's links as it starts."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    httpx = pytest.importorskip("httpx2", reason="the [test] extra's HTTP client")
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(root / "cli")])}
    command = "from dioses_cli.main import dioses; dioses()"
    server = subprocess.Popen(
        [sys.executable, "-c", command, "serve", "--host", "127.0.0.2", "--port", "0"]
        + ["--saves", str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        address = re.search(r"(http://127\.0\.0\.2:\d+)/", server.stdout.readline()).group(1)
        assert "private link" in server.stdout.readline()
        answer = httpx.post(
            f"{address}/play", data={"seat1": "human", "seat2": "human"}, follow_redirects=False
        )
        assert answer.status_code == 303 and "/seats?key=" in answer.headers["location"]
        told = [server.stdout.readline() for _ in range(3)]
        assert "the seats' private links" in told[0]
        links = [re.search(r"seat \d: (http://\S+)", line).group(1) for line in told[1:]]
        assert all(link.startswith(f"{address}/play/") and "?seat=" in link for link in links)
        game_id = links[0].split("/")[4].split("?")[0]
        assert "You are watching" in httpx.get(f"{address}/play/{game_id}").text
        assert httpx.get(links[0]).status_code == 200
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)


def test_the_card_a_seat_drew_is_its_own_until_it_is_played(catalog, tmp_path):
    """The drawn card is seen by its drawer only (the rulebook: look at it,
    then play it face up or discard it): another seat's page names it
    nowhere, neither as the decision's card nor in what happened."""
    client = TestClient(create_app(catalog, saves=tmp_path), base_url="http://127.0.0.1:8000")
    _, links = two_people(client)
    for _ in range(40):
        pages = [client.get(link) for link in links]
        me = next(i for i, p in enumerate(pages) if 'id="cells-form"' in p.text)
        drew = re.search(r"You drew ([^:<]+): play it or discard it", pages[me].text)
        if drew:
            assert drew.group(1) not in pages[1 - me].text
            assert 'class="subject"' not in pages[1 - me].text
            return
        draw = re.search(r'name="choice" value="(\d+)">draw from the deck<', pages[me].text)
        choice = draw.group(1) if draw else "0"
        client.post(links[me], data={"version": version_of(pages[me]), "choice": choice})
    pytest.fail("no card was drawn from the deck in 40 moves")
