"""The web app against hostile requests (issue #23): a page of another
origin posting here, abandoned games holding the table, and bodies built to
crash the parsers. Through Starlette's test client, over HTTP."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from dioses_rules.pool.load import load_registry
from dioses_rules.web.app import create_app, origin_of
from dioses_rules.web.catalog import Catalog
from dioses_rules.web.tables import MAX_LIVE_GAMES

EMPTY_ROW = [".", ".", ".", "."]
BOARD = {"area": {"front": EMPTY_ROW, "central": ["hela", "hera", "ship", "."], "back": EMPTY_ROW}}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    registry, sources = load_registry()
    return Catalog(registry, sources)


def score(client, origin=None):
    headers = {"content-type": "application/json"}
    if origin is not None:
        headers["origin"] = origin
    return client.post("/api/score", content=json.dumps(BOARD), headers=headers)


# ------------------------------------------------------------------ S1: the origin check


@pytest.fixture(scope="module")
def at_8000(catalog) -> TestClient:
    return TestClient(create_app(catalog), base_url="http://127.0.0.1:8000")


@pytest.mark.parametrize(
    "origin",
    [
        "http://localhost:3000",  # another port of this machine: another site (S1)
        "http://127.0.0.1:3000",
        "http://127.0.0.1",  # port 80, not 8000
        "https://127.0.0.1:8000",  # another scheme
        "http://evil.example:8000",
        "null",  # a sandboxed frame, a file:// page
        "",
        "http://127.0.0.1:99999",  # not a port
        "http://127.0.0.1:80a",
        "http://user@127.0.0.1:8000",  # not an origin's form at all
        "http://127.0.0.1:8000/board",
        "http://[::1:8000",
        "127.0.0.1:8000",
    ],
)
def test_a_post_from_another_origin_is_refused(at_8000, origin):
    answer = score(at_8000, origin)
    assert answer.status_code == 403, origin
    assert "another site" in answer.text


@pytest.mark.parametrize(
    "origin",
    [
        None,  # no Origin: not a browser's cross-site request (curl), as before
        "http://127.0.0.1:8000",
        "HTTP://127.0.0.1:8000",
        "http://localhost:8000",  # the same server by its loopback name
    ],
)
def test_a_post_from_the_servers_own_origin_is_answered(at_8000, origin):
    answer = score(at_8000, origin)
    assert answer.status_code == 200, origin
    assert answer.json()["total"] == 4


def test_a_game_cannot_be_started_from_another_port(catalog, tmp_path):
    client = TestClient(create_app(catalog, saves=tmp_path), base_url="http://localhost:8000")
    form = {"seat1": "greedy", "seat2": "greedy"}
    refused = client.post(
        "/play", data=form, headers={"origin": "http://localhost:3000"}, follow_redirects=False
    )
    assert refused.status_code == 403
    assert not list(tmp_path.iterdir())  # no game began, nothing was saved
    own = client.post(
        "/play", data=form, headers={"origin": "http://localhost:8000"}, follow_redirects=False
    )
    assert own.status_code == 303


def test_the_default_port_is_the_schemes(catalog):
    client = TestClient(create_app(catalog), base_url="http://127.0.0.1")
    assert score(client, "http://127.0.0.1").status_code == 200
    assert score(client, "http://127.0.0.1:80").status_code == 200
    assert score(client, "http://127.0.0.1:8000").status_code == 403


def test_an_ipv6_server_compares_its_literal_and_port(catalog):
    client = TestClient(create_app(catalog, host="::1"), base_url="http://[::1]:8000")
    assert score(client, "http://[::1]:8000").status_code == 200
    assert score(client, "http://[::1]:3000").status_code == 403
    assert score(client, "http://[::2]:8000").status_code == 403


def test_an_origin_is_scheme_host_and_port():
    assert origin_of("http://LocalHost") == ("http", "localhost", 80)
    assert origin_of("https://[::1]") == ("https", "::1", 443)
    assert origin_of("http://127.0.0.1:3000") == ("http", "127.0.0.1", 3000)
    assert origin_of("file://") is None and origin_of("ftp://127.0.0.1") is None


# ------------------------------------------------------------------ games a person left


def start(client, **seats) -> str:
    answer = client.post("/play", data=seats, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return answer.headers["location"]


def answer_first(client, url: str, moves: int) -> object:
    """Answer the first choice of ``moves`` decisions; the page after."""
    for _ in range(moves):
        page = client.get(url)
        version = re.search(r'name="version" value="(\d+)"', page.text).group(1)
        answer = client.post(url, data={"version": version, "choice": "0"}, follow_redirects=False)
        assert answer.status_code == 303, answer.text
    return client.get(url)


def turn_of(page) -> int:
    return int(re.search(r"Turn (\d+): (?:seat|your turn)", page.text).group(1))


@pytest.fixture
def table_app(catalog, tmp_path):
    apps = []

    def make(**options):
        app = create_app(catalog, saves=tmp_path, **options)
        apps.append(app)
        return TestClient(app, base_url="http://127.0.0.1:8000"), app.state.tables

    yield make
    for app in apps:  # free every seat thread the test left waiting
        for table in app.state.tables.listing():
            table.end()


def test_a_full_table_takes_a_new_game_once_one_is_ended_from_its_page(table_app, tmp_path):
    client, tables = table_app()
    first = start(client, seat1="human", seat2="greedy", seed="11")
    played = answer_first(client, first, 6)
    turn = turn_of(played)
    first_id = first.rsplit("/", 1)[1]
    save = tmp_path / f"web-game-{first_id}.json"
    assert save.is_file()
    for _ in range(MAX_LIVE_GAMES - 1):
        start(client, seat1="human", seat2="random")
    full = client.post("/play", data={"seat1": "human", "seat2": "greedy"})
    assert full.status_code == 422 and "E424" in full.text and "end one from its page" in full.text
    listed = client.get("/play")
    assert listed.text.count(">End this game</button>") == MAX_LIVE_GAMES
    assert f'action="{first}/end"' in played.text and "End this game" in played.text
    thread = tables.get(first_id).thread
    saved_before = save.read_bytes()
    ended = client.post(
        f"{first}/end", headers={"origin": "http://127.0.0.1:8000"}, follow_redirects=False
    )
    assert ended.status_code == 303 and ended.headers["location"] == first
    assert not thread.is_alive() and tables.get(first_id) is None  # its seat is free
    assert save.read_bytes() == saved_before  # the last autosave stands, nothing lost
    page = client.get(first)
    assert page.status_code == 200 and "You ended it" in page.text
    assert f"at the start of turn {turn}" in page.text and "Continue this game" in page.text
    assert f"dioses play --resume {tmp_path}/web-game-{first_id}.json" in page.text
    stale = client.post(first, data={"version": "1", "choice": "0"})
    assert stale.status_code == 409 and "left the table" in stale.text
    newer = start(client, seat1="human", seat2="greedy")  # the table takes one again
    assert client.get(newer).status_code == 200
    # and the ended game goes on from its autosave once a seat is free again
    client.post(f"{newer}/end", follow_redirects=False)
    resumed = client.post("/play/resume", data={"game": first_id}, follow_redirects=False)
    assert resumed.status_code == 303 and resumed.headers["location"] == first
    assert turn_of(client.get(first)) == turn


def test_a_game_nobody_looks_at_is_saved_and_leaves_the_table(table_app, tmp_path):
    client, tables = table_app(idle_seconds=1.5)
    url = start(client, seat1="human", seat2="greedy", seed="5")
    turn = turn_of(answer_first(client, url, 4))
    game_id = url.rsplit("/", 1)[1]
    table = tables.get(game_id)
    table.thread.join(timeout=15)  # the seat waits 1.5 s for a person, then leaves
    assert not table.thread.is_alive() and tables.get(game_id) is None
    assert tables.left[game_id] == ("idle", turn - 1)
    assert (tmp_path / f"web-game-{game_id}.json").is_file()
    page = client.get(url)
    assert "Nobody looked at it" in page.text and f"start of turn {turn}" in page.text
    resumed = client.post("/play/resume", data={"game": game_id}, follow_redirects=False)
    assert resumed.status_code == 303 and turn_of(client.get(url)) == turn


def test_ending_a_game_still_being_set_up_says_nothing_was_saved(table_app, tmp_path):
    client, _ = table_app()
    url = start(client, seat1="human", seat2="greedy", seed="2")
    assert client.get(url).status_code == 200  # its first decision is part of the setup
    client.post(f"{url}/end")
    page = client.get(url)
    assert "nothing was saved" in page.text and "Continue this game" not in page.text
    assert not list(tmp_path.iterdir())
    assert client.post("/play/0123456789abcdef/end").status_code == 404


# ------------------------------------------------------------------ the [web] extra alone


def test_serve_without_drawsvg_names_the_web_extra(monkeypatch):
    """The gallery draws card faces with drawsvg, which [web] carries (issue
    #23: [web] alone ended in ModuleNotFoundError); an install without it is
    told what to install before anything is served. .ci/extra_alone.py
    checks the extra alone in a fresh venv."""
    from click.testing import CliRunner

    from dioses_cli.main import dioses

    monkeypatch.setitem(sys.modules, "drawsvg", None)  # importing it fails
    result = CliRunner().invoke(dioses, ["serve", "--port", "0"])
    assert result.exit_code == 1
    assert "E410 the web app needs drawsvg, which is not installed" in result.output
    assert "pip install 'dioses-rules[web]'" in result.output


def test_the_web_extra_carries_what_the_pages_import():
    import tomllib

    with open(Path(__file__).resolve().parent.parent / "pyproject.toml", "rb") as handle:
        web = tomllib.load(handle)["project"]["optional-dependencies"]["web"]
    from dioses_cli.serve import WEB_MODULES

    named = {re.split(r"[<>=!~ \[]", requirement, maxsplit=1)[0].lower() for requirement in web}
    assert named == set(WEB_MODULES)


# ------------------------------------------------------------------ crash classes (C1, C2, C5)


def test_a_json_answer_carries_a_lone_surrogate_as_its_escape():
    from dioses_rules.web.templating import JSONAnswer

    body = JSONAnswer({"message": "unknown card '\udc80'", "name": "Aún más"}).body
    assert body == '{"message":"unknown card \'\\udc80\'","name":"Aún más"}'.encode()
    assert json.loads(body) == {"message": "unknown card '\udc80'", "name": "Aún más"}


def test_a_bug_in_the_json_api_is_a_json_error_the_page_shows(catalog, monkeypatch):
    import dioses_rules.web.pages as pages

    def broken(catalog, data):
        raise RuntimeError("a bug in scoring")

    monkeypatch.setattr(pages, "scored", broken)
    client = TestClient(
        create_app(catalog), base_url="http://127.0.0.1", raise_server_exceptions=False
    )
    answer = score(client)
    assert answer.status_code == 500 and "a bug in scoring" not in answer.text
    assert answer.json()["errors"][0]["message"] == "the server met a bug; its log says where"


def test_a_finished_game_keeps_its_scores_when_end_is_sent(table_app):
    client, tables = table_app()
    url = start(client, seat1="greedy", seat2="greedy", seed="4")
    game_id = url.rsplit("/", 1)[1]
    tables.get(game_id).thread.join(timeout=60)
    assert "Game over" in client.get(url).text and "End this game" not in client.get(url).text
    client.post(f"{url}/end")
    assert "Game over" in client.get(url).text


DEEP_JSON = '{"area": ' + "[" * 5000 + "]" * 5000 + "}"
LONG_NUMBER = '{"area": {"front": [".", ".", ".", "."]}, "sets": ' + "9" * 5000 + "}"
LONE_SURROGATE = '{"area": {"front": ["\\udc80", ".", ".", "."]}}'


@pytest.mark.parametrize("route", ["/api/score", "/api/export", "/api/best"])
@pytest.mark.parametrize(
    "body, message",
    [
        (DEEP_JSON, "<page>:1:41: E202 nested too deeply (more than 32 levels)"),  # C1
        (LONG_NUMBER, "<page>:1:51: E202 a number of more than 100 digits"),  # C2
        (LONE_SURROGATE, "E202 $.area.front[0]: text with a lone surrogate escape"),  # C5
        ('{"\\udc80": 1}', "E202 $: text with a lone surrogate escape"),  # C5, in a key
        (b'{"area": "\xff"}', "<page>: E202 not valid JSON: byte 11 is not UTF-8 text"),
    ],
)
def test_a_json_body_past_the_readers_bounds_is_400_with_its_place(at_8000, route, body, message):
    answer = at_8000.post(
        route,
        content=body if isinstance(body, bytes) else body.encode(),
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["errors"][0]["message"]


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "[area]\nfront = " + "[" * 5000 + "]" * 5000 + "\n",
            "uploaded board:2:41: E202 nested too deeply",
        ),  # C1
        (
            "sets = " + "9" * 5000 + "\n",
            "uploaded board:1:8: E202 a number of more than 100 digits",
        ),
        (
            '[area]\nfront = ["\\udc80", ".", ".", "."]\n',
            "uploaded board:2:17: E202 not valid TOML",
        ),
    ],
)
def test_an_uploaded_board_past_the_readers_bounds_is_its_located_message(at_8000, text, message):
    """An upload is a board file: past the bounds it is an invalid board,
    422 with the line as dioses score says it, as any bad TOML is."""
    answer = at_8000.post("/api/import", content=text.encode())
    assert answer.status_code == 422, answer.text
    assert message in answer.json()["errors"][0]["message"]
