"""The Spanish card text agrees with the card it is on, and a scenario's
state words are Spanish (#28 item 3): "Campo de Guerra ... cerca de él"
("campo" is masculine), "Jardines Cucos ... cerca de ellos", a god's card
"cerca de él" (Apolo; agreement.toml); «la más bella» and the deck «diosas» are our
translation (locale/es/our-names.toml, CARDS.md), on the card, in the
history and on the game's table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from dioses_rules.pool.load import load_registry
from dioses_rules.pool.registry import Registry
from dioses_rules.web.app import create_app
from dioses_rules.web.catalog import Catalog
from dioses_rules.wording.moves import Namers, event_phrase


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry()[0]


def _text(registry: Registry, family: str, ident: str) -> str:
    definition = registry.get(family, ident)
    assert definition is not None, ident
    return registry.texts("es").text(definition)


def test_it_agrees_with_the_card_s_own_noun(registry: Registry) -> None:
    assert "cerca de él." in _text(registry, "myth", "battlefield")
    assert "cerca de ellos." in _text(registry, "myth", "jardines-cucos")
    assert "cerca de él." in _text(registry, "myth", "apollo")  # a god: his name
    assert "cerca de ella." in _text(registry, "myth", "idun")  # a goddess
    # one line of the card, as the game's table and the web's explanation say it
    battlefield = registry.get("myth", "battlefield")
    texts = registry.texts("es")
    assert texts.line(battlefield.lines[0], battlefield).endswith("cerca de él")
    assert texts.line(battlefield.lines[0]).endswith("cerca de ella")  # no card: "la carta"
    # the English text is as it was
    assert "close to it" in registry.texts("en").text(registry.get("myth", "battlefield"))


def test_scenario_state_words_are_spanish(registry: Registry) -> None:
    text = _text(registry, "scenario", "the-fairest")
    assert "«la más bella»" in text and "mazo «diosas»" in text
    assert "fairest" not in text and "goddesses" not in text
    record = {"type": "event", "event": "state", "name": "fairest", "card": "hera"}
    assert event_phrase(record, Namers("es")) == "la más bella: hera"
    assert event_phrase(record, Namers("en")) == "fairest: hera"


def test_the_builder_names_state_words_in_the_page_s_language(tmp_path: Path) -> None:
    """The board builder's scenario-state fields are labelled as the page speaks."""
    registry, sources = load_registry()
    app = create_app(Catalog(registry, sources), saves=tmp_path)
    client = TestClient(app, base_url="http://127.0.0.1:8000")
    for lang, word in (("es", "la más bella"), ("en", "fairest")):
        client.cookies.set("dioses-lang", lang)
        page = client.get("/board").text
        found = re.search(r'id="board-data">(.*?)</script>', page, re.S)
        assert found is not None
        assert json.loads(found.group(1))["state_words"]["fairest"] == word
