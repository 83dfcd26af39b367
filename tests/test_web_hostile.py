"""The web app against hostile requests (issue #23): a page of another
origin posting here, abandoned games holding the table, and bodies built to
crash the parsers. Through Starlette's test client, over HTTP."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from dioses_rules.pool.load import load_registry  # noqa: E402
from dioses_rules.web.app import create_app, origin_of  # noqa: E402
from dioses_rules.web.catalog import Catalog  # noqa: E402

EMPTY_ROW = [".", ".", ".", "."]
BOARD = {"area": {"front": EMPTY_ROW, "central": ["hela", "hera", "ship", "."],
                  "back": EMPTY_ROW}}


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


@pytest.mark.parametrize("origin", [
    "http://localhost:3000",      # another port of this machine: another site (S1)
    "http://127.0.0.1:3000",
    "http://127.0.0.1",           # port 80, not 8000
    "https://127.0.0.1:8000",     # another scheme
    "http://evil.example:8000",
    "null",                       # a sandboxed frame, a file:// page
    "",
    "http://127.0.0.1:99999",     # not a port
    "http://127.0.0.1:80a",
    "http://user@127.0.0.1:8000",  # not an origin's form at all
    "http://127.0.0.1:8000/board",
    "http://[::1:8000",
    "127.0.0.1:8000",
])
def test_a_post_from_another_origin_is_refused(at_8000, origin):
    answer = score(at_8000, origin)
    assert answer.status_code == 403, origin
    assert "another site" in answer.text


@pytest.mark.parametrize("origin", [
    None,  # no Origin: not a browser's cross-site request (curl), as before
    "http://127.0.0.1:8000",
    "HTTP://127.0.0.1:8000",
    "http://localhost:8000",  # the same server by its loopback name
])
def test_a_post_from_the_servers_own_origin_is_answered(at_8000, origin):
    answer = score(at_8000, origin)
    assert answer.status_code == 200, origin
    assert answer.json()["total"] == 4


def test_a_game_cannot_be_started_from_another_port(catalog, tmp_path):
    client = TestClient(create_app(catalog, saves=tmp_path), base_url="http://localhost:8000")
    form = {"seat1": "greedy", "seat2": "greedy"}
    refused = client.post("/play", data=form, headers={"origin": "http://localhost:3000"},
                          follow_redirects=False)
    assert refused.status_code == 403
    assert not list(tmp_path.iterdir())  # no game began, nothing was saved
    own = client.post("/play", data=form, headers={"origin": "http://localhost:8000"},
                      follow_redirects=False)
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
