"""The web app's fuzzer (issue #23): hostile requests to every route of
``dioses serve``, in-process through Starlette's TestClient. Any answer of
500 or more, or an exception out of the app, is a failure; so is a request
that does not end in time (the runner's watch)."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

from . import hostile as h
from .targets import CORPUS, EXAMPLE_BOARD

BOARD = tomllib.loads((CORPUS / "boards" / "valid.toml").read_text(encoding="utf-8"))
BOARD_TEXT = (CORPUS / "boards" / "valid.toml").read_text(encoding="utf-8")
ORIGIN = "http://127.0.0.1:8000"


class Request:
    def __init__(self, method: str, url: str, body: bytes = b"", headers: dict | None = None):
        self.method, self.url, self.body, self.headers = method, url, body, headers or {}

    def to_json(self) -> dict:
        return {
            "method": self.method,
            "url": self.url,
            "headers": self.headers,
            "body": self.body.decode("latin-1"),
        }


class Web:
    kind, suffix = "web", ".json"

    def __init__(self, folder: Path):
        from starlette.testclient import TestClient

        from dioses_rules.pool.load import load_registry
        from dioses_rules.web.app import create_app
        from dioses_rules.web.catalog import Catalog

        registry, sources = load_registry()
        saves = folder / "saves"
        saves.mkdir(exist_ok=True)
        self.client = TestClient(
            create_app(Catalog(registry, sources), saves=saves),
            base_url=ORIGIN,
            raise_server_exceptions=False,
        )

    def make(self, rng: random.Random) -> Request:
        roll = rng.randrange(10)
        if roll < 4:
            url = (
                h.pick(rng, ["/api/score", "/api/score", "/api/export", "/api/best"])
                if rng.random() < 0.9
                else "/api/score"
            )
            if url == "/api/best" and rng.random() < 0.7:
                url = "/api/score"  # the solver takes seconds: ask it less
            return Request(
                "POST",
                url,
                self._json_body(rng),
                {
                    "content-type": h.pick(
                        rng, ["application/json"] * 5 + ["text/plain", "application/json; x=1"]
                    )
                },
            )
        if roll < 6:
            text = h.mutate_text(rng, h.pick(rng, [BOARD_TEXT, EXAMPLE_BOARD.read_text()]))
            if rng.random() < 0.4:
                text = h.to_toml(h.mutate_data(rng, BOARD))
            name = h.pick(rng, ["b.toml", h.odd_text(rng)])
            return Request(
                "POST",
                "/api/import",
                h.encode(rng, text),
                {
                    "x-board-name": name.encode("utf-8", "replace")
                    .decode("latin-1")
                    .replace("\r", "")
                    .replace("\n", "")
                },
            )
        if roll < 8:
            return self._form(rng)
        return Request("GET", self._path(rng))

    def _json_body(self, rng: random.Random) -> bytes:
        data = h.mutate_data(
            rng,
            {
                "area": BOARD["area"],
                "laws": BOARD["laws"],
                "patterns": BOARD["patterns"],
                "sets": BOARD["sets"],
            },
        )
        text = h.to_json(data)
        if rng.random() < 0.2:
            text = h.mutate_text(rng, text)
        return text.encode("utf-8", "surrogatepass")

    def _form(self, rng: random.Random) -> Request:
        from urllib.parse import quote

        fields = {"seat1": "greedy", "seat2": "greedy", "seed": "3"}
        for _ in range(rng.randint(1, 3)):
            key = h.pick(
                rng,
                [
                    "seat1",
                    "seat2",
                    "seat3",
                    "seed",
                    "scenario",
                    "challenge",
                    "rule",
                    "game",
                    "version",
                    "choice",
                    "first",
                    "cell",
                    h.odd_text(rng),
                ],
            )
            fields[key] = (
                h.odd_text(rng)
                if rng.random() < 0.7
                else h.pick(rng, ["human", "greedy", "1", "0", "", "yes", "initial-laws", "9" * 30])
            )
        body = "&".join(
            f"{quote(k.encode('utf-8', 'surrogatepass'))}="
            f"{quote(v.encode('utf-8', 'surrogatepass'))}"
            for k, v in fields.items()
        )
        url = h.pick(
            rng,
            [
                "/play",
                "/play/resume",
                "/play/" + quote(h.odd_text(rng).encode("utf-8", "surrogatepass"), safe=""),
            ],
        )
        return Request(
            "POST",
            url,
            body.encode("ascii"),
            {"content-type": "application/x-www-form-urlencoded", "origin": ORIGIN},
        )

    def _path(self, rng: random.Random) -> str:
        from urllib.parse import quote

        def part() -> str:
            return quote(h.odd_text(rng).encode("utf-8", "surrogatepass"), safe="")

        return h.pick(
            rng,
            [
                "/",
                "/cards",
                "/board",
                f"/cards/{part()}",
                f"/cards/base/myth/{part()}",
                f"/cards/{part()}/myth/hera",
                f"/cards/base/{part()}/hera.svg",
                "/cards/base/myth/hera.svg",
                f"/play/{part()}",
                "/play",
                f"/cards?q={part()}",
                f"/board?b={part()}",
            ],
        )

    def run(self, request: Request) -> str | None:
        try:
            # header values as bytes: a browser may send any byte but CR and LF
            headers = {k: v.encode("latin-1") for k, v in request.headers.items()}
            answer = self.client.request(
                request.method, request.url, content=request.body, headers=headers
            )
        except Exception as error:  # noqa: BLE001 (the client raised: the app broke the connection)
            return f"{type(error).__name__} from the app: {error}"[:300]
        if answer.status_code >= 500:
            return f"HTTP {answer.status_code} for {request.method} {request.url[:80]}"
        return None

    def describe(self, request: Request) -> str:
        return f"web: {request.method} {request.url[:120]}"

    @staticmethod
    def data_of(request: Request) -> bytes:
        return json.dumps(request.to_json(), indent=1).encode("utf-8")
