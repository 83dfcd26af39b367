"""Spanish names of ours (#28, CARDS.md "our translation"): the three Myth
cards the rulebooks name only in English are marked as our translation
wherever `dioses cards` and a card face show their provenance; laws and
patterns have Spanish names of ours in the Spanish output, marked alike."""

from __future__ import annotations

import json

from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.our_names import our_translation, spanish_name

OURS = {
    "olympus-throne": "Trono del Olimpo",
    "underworld": "Inframundo",
    "throne-room": "Sala del Trono",
}


def test_the_three_spanish_names_of_ours_are_marked_in_dioses_cards():
    runner = CliRunner()
    english = runner.invoke(dioses, ["cards", "--text", "--set", "base"]).output
    spanish = runner.invoke(dioses, ["cards", "--text", "--set", "base", "--lang", "es"]).output
    for ident, name in OURS.items():
        assert f"{ident} - {name} (our translation) (" in english
        assert f"{ident} - {name} (nuestra traducción) (" in spanish
    assert "hera - Hera (base" in english  # a printed name is not marked
    table = runner.invoke(dioses, ["cards", "--set", "base"]).output
    assert table.count("translation)") == len(OURS)  # the cells may wrap the words


def test_every_law_and_pattern_has_a_spanish_name_marked_as_ours():
    registry = load_registry()[0]
    for family in ("law", "pattern"):
        for definition in registry.definitions(family):
            name = spanish_name(definition)
            assert name and name != definition.name, definition.id
            assert our_translation(definition, name)
    hera = registry.resolve("myth", "hera")
    assert spanish_name(hera) is None and not our_translation(hera, "Hera")


def test_score_lang_es_names_laws_and_patterns_in_spanish():
    result = CliRunner().invoke(
        dioses, ["score", "examples/pictures/power-of-ra.toml", "--lang", "es"]
    )
    assert result.exit_code == 0, result.output
    assert "Al menos dos egipcios" in result.output and "Salón nórdico" in result.output
    assert "At least two Egyptians" not in result.output and "Norse Hall" not in result.output


def test_a_modders_card_with_the_same_id_and_another_name_is_not_ours(tmp_path):
    mod = tmp_path / "mod.dioses"
    mod.write_text(
        'set mod "Mod" {\n  requires base\n  replaces underworld\n}\n\n'
        'place underworld "Hades Realm" greek reconstructed {\n  2 points if in a corner\n}\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(dioses, ["cards", "--text", "--cards", str(mod), "--set", "mod"])
    assert result.exit_code == 0, result.output
    assert "Hades Realm" in result.output and "our translation" not in result.output
    listed = json.loads(
        CliRunner().invoke(dioses, ["cards", "--format", "json", "--set", "base"]).stdout
    )
    assert {c["id"] for c in listed} >= set(OURS)


def test_the_in_game_checklist_says_the_challenge_needs_the_victory_r34(tmp_path):
    for lang, said in (("en", "challenge, with the victory:"), ("es", "reto, con la victoria:")):
        save = tmp_path / f"game-{lang}.json"
        result = CliRunner().invoke(
            dioses,
            ["play", "--scenario", "ragnarok", "--seed", "5", "--save", str(save)]
            + ["--lang", lang],
            input="q\n",
        )
        assert said in result.output, result.output[-2000:]
        assert "R34" not in result.output  # no ruling code in player output
        pattern = "Don nórdico" if lang == "es" else "Norse Gift"  # the pattern dealt at setup
        assert f"patterns: {pattern}" in result.output or f"patrones: {pattern}" in result.output


def test_the_listing_table_speaks_spanish_with_lang_es():
    """#28: `dioses cards --lang es` is Spanish as a whole: the table's title,
    headers, kinds, types, mythologies, provenance and notes (ids stay ids)."""
    runner = CliRunner()
    spanish = runner.invoke(dioses, ["cards", "--lang", "es"])
    assert spanish.exit_code == 0, spanish.output
    out = spanish.output
    for word in ("definiciones", "conjunto", "clase", "nombre", "mitología", "procedencia"):
        assert word in out, word
    for word in ("mito", "dios", "griego", "impreso", "sustituye a la"):  # cells may wrap
        assert word in out, word
    assert "traducción)" in out  # "(nuestra traducción)": the cells may wrap the words
    for english in ("definitions", "provenance", "printed", "replaces the", "our translation"):
        assert english not in out, english
    english = runner.invoke(dioses, ["cards"]).output
    assert "definitions" in english and "replaces the" in english
