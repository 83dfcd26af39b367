"""A library error reaching a Spanish player is Spanish (#28 item 3): a
damaged or refused save under ``play --resume --lang es`` and on the web's
resume, and the web's 403 for a form of another site; the codes and the
file names stay. Every message a save can be refused with has words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from dioses_cli.main import dioses
from dioses_rules.engine.saves import SAVE_KIND, read_save
from dioses_rules.errors import DiosesError
from dioses_rules.pool.load import load_registry
from dioses_rules.web.app import create_app
from dioses_rules.web.catalog import Catalog
from dioses_rules.wording.errors import error_text, known

# files that are no save, each refused for another reason (engine/saves.py)
REFUSED = {
    "log.json": '{"type": "setup", "seed": 1}\n{"type": "decision"}\n',
    "text.json": "hello",
    "kind.json": json.dumps({"kind": "something else"}),
    "version.json": json.dumps({"kind": SAVE_KIND, "version": 99}),
    "damaged.json": json.dumps({"kind": SAVE_KIND, "version": 4, "state": 1}),
}


@pytest.fixture
def refused(tmp_path: Path) -> dict[str, Path]:
    for name, text in REFUSED.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return {name.removesuffix(".json"): tmp_path / name for name in REFUSED}


def test_every_refusal_of_a_save_has_spanish_words(refused: dict[str, Path]) -> None:
    for name, path in refused.items():
        with pytest.raises(DiosesError) as caught:
            read_save(path)
        for diagnostic in caught.value.diagnostics:
            assert known(diagnostic.message), (name, diagnostic.message)
            assert diagnostic.help is None or known(diagnostic.help), (name, diagnostic.help)
        spanish = error_text(caught.value.diagnostics, "es")
        assert spanish.startswith("G10") and "saved" not in spanish, spanish


def test_play_resume_says_a_refused_save_in_spanish(refused: dict[str, Path]) -> None:
    runner = CliRunner()
    result = runner.invoke(dioses, ["play", "--resume", str(refused["kind"]), "--lang", "es"])
    assert result.exit_code == 1
    assert "G100 no es una partida guardada de Dioses!" in result.output
    assert "las partidas las guarda 'dioses play'" in result.output
    english = runner.invoke(dioses, ["play", "--resume", str(refused["kind"])])
    assert "G100 not a saved Dioses! game" in english.output


def test_the_cross_site_refusal_is_in_the_page_s_language(tmp_path: Path) -> None:
    registry, sources = load_registry()
    app = create_app(Catalog(registry, sources), saves=tmp_path)
    client = TestClient(app, base_url="http://127.0.0.1:8000")
    headers = {"origin": "http://evil.example", "accept-language": "es"}
    refused = client.post("/play/new", headers=headers, data={})
    assert refused.status_code == 403
    assert refused.text == "un formulario de otro sitio no puede enviar datos aquí"
    english = client.post("/play/new", headers={"origin": "http://evil.example"}, data={})
    assert english.text == "a form of another site cannot post here"


def test_the_web_resume_says_a_damaged_save_in_spanish(tmp_path: Path) -> None:
    registry, sources = load_registry()
    (tmp_path / "web-game-abcd1234.json").write_text(REFUSED["version.json"], encoding="utf-8")
    app = create_app(Catalog(registry, sources), saves=tmp_path)
    client = TestClient(app, base_url="http://127.0.0.1:8000")
    client.cookies.set("dioses-lang", "es")
    page = client.post("/play/resume", data={"game": "abcd1234"})
    assert page.status_code == 422
    assert "guardada con otra versión del formato" in page.text
    assert "saved by another version" not in page.text
    listed = client.get("/play")  # the saved games' list says why it cannot go on
    assert "guardada con otra versión del formato" in listed.text
