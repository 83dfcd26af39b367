"""``--lang es --help`` in Spanish (#28 item 3: the whole interface in
Spanish): each command's help, its options' help, click's own words and
its usage errors, through the catalogue; English comes back for the next
command run in the same process."""

from __future__ import annotations

import importlib.util
import inspect
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from dioses_cli.help_texts import HELP
from dioses_cli.main import COMMANDS, dioses

ROOT = Path(__file__).resolve().parent.parent
WITH_LANG = sorted(
    name
    for name in COMMANDS
    if any(p.name == "lang" for p in dioses.get_command(click.Context(dioses), name).params)
)


def _words(text: str) -> str:
    return " ".join(text.split())


def test_the_help_messages_are_the_commands_own():
    """cli/dioses_cli/help_texts.py (what Babel extracts) lists exactly the
    help the commands have: tools/help_messages.py wrote it from them."""
    spec = importlib.util.spec_from_file_location(
        "help_messages", ROOT / "tools" / "help_messages.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert list(HELP) == tool.messages(), "run tools/help_messages.py, then tools/catalogues.sh"


@pytest.mark.parametrize("name", WITH_LANG)
def test_a_commands_help_in_spanish_has_no_english_text(name):
    runner = CliRunner()
    spanish = runner.invoke(dioses, [name, "--lang", "es", "--help"])
    assert spanish.exit_code == 0, spanish.output
    shown = _words(spanish.output)
    assert shown.startswith(f"Uso: dioses {name} [OPCIONES]") and "Opciones:" in shown
    assert "Muestra este mensaje y sale." in shown and "Código" in shown
    command = dioses.get_command(click.Context(dioses), name)
    english = [inspect.cleandoc(command.help or "")] + [
        p.help for p in command.params if isinstance(p, click.Option) and p.help
    ]
    for text in english:  # no sentence of the English help is left
        assert _words(text)[:40] not in shown, text
    for word in ("Usage:", "Options:", "Show this message", "INTEGER", "[OPTIONS]", "default:"):
        assert word not in shown, word
    # and the next run of the command, without --lang, is in English again
    again = _words(runner.invoke(dioses, [name, "--help"]).output)
    assert again.startswith(f"Usage: dioses {name} [OPTIONS]") and "Show this message" in again
    assert _words(inspect.cleandoc(command.help or ""))[:40] in again


def test_a_usage_error_in_spanish_is_in_spanish():
    """'Error: Invalid value for '--scenario': unknown scenario' on a Spanish
    screen: click's words and ours."""
    runner = CliRunner()
    bad = runner.invoke(dioses, ["play", "--lang", "es", "--scenario", "nosuch"])
    assert bad.exit_code == 2
    assert "Error: Valor no válido para '--scenario': escenario desconocido 'nosuch'" in bad.output
    assert "Prueba 'dioses play --help' para ver la ayuda." in bad.output
    missing = runner.invoke(dioses, ["score", "--lang", "es", "no-such-board.toml"])
    assert "Archivo 'no-such-board.toml' no existe." in missing.output
    english = runner.invoke(dioses, ["play", "--scenario", "nosuch"])
    assert "Error: Invalid value for '--scenario': unknown scenario 'nosuch'" in english.output


def test_clicks_plural_usage_errors_are_in_spanish():
    """click says some usage errors through ngettext ("Got unexpected extra
    argument(s)"): the catalogue holds them with their plural (PLURALS in
    help_texts), or they stayed English on a Spanish screen."""
    runner = CliRunner()
    one = runner.invoke(dioses, ["cards", "--lang", "es", "--text", "odin"])
    assert one.exit_code == 2
    assert "Error: Sobra un argumento (odin)" in one.output
    two = runner.invoke(dioses, ["cards", "--lang", "es", "odin", "thor"])
    assert "Error: Sobran argumentos (odin thor)" in two.output
    english = runner.invoke(dioses, ["cards", "odin"])
    assert "Error: Got unexpected extra argument (odin)" in english.output


@pytest.mark.parametrize("name", ["play", "score", "cards", "replay"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_players_commands_help_names_no_ruling_code(name, lang):
    """'(R25)', 'revealed first (R12)': ruling codes are for designers (#28
    item 2), who find them with --rulings and in RULINGS.md."""
    shown = CliRunner().invoke(dioses, [name, "--lang", lang, "--help"]).output
    assert not re.search(r"\bR\d+\b", shown), re.findall(r".{30}\bR\d+\b.{10}", shown)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "--challenge"], "el reto es de un escenario; añade --scenario"),
        (["play", "--agents", "human,gredy"], "agente desconocido 'gredy'; ¿quisiste decir"),
        (["play", "--set", "nosuch"], "conjunto desconocido 'nosuch'; conjuntos: "),
        (["play", "--seed", "abc"], "'abc' no es un número entero"),
        (["play", "--players", "1"], "el juego base es para 2 a 6 jugadores, no 1"),
        (["play", "--resume", "no-such-save.json"], "no-such-save.json no existe"),
        (["simulate", "--games", "1", "--workers", "0"], "no es un número de procesos"),
    ],
)
def test_an_options_mistake_is_told_in_spanish(args, said):
    """Our own usage errors were English on a Spanish screen ('the challenge
    belongs to a scenario', 'unknown agent', 'is not a whole number')."""
    result = CliRunner().invoke(dioses, [*args, "--lang", "es"])
    assert result.exit_code == 2 and said in result.output, result.output
    assert "Error: Valor no válido para" in result.output


def test_errors_found_while_reading_the_options_are_in_the_asked_language():
    """An unknown option or a missing value is found before --lang's own
    callback runs: the command line's last --lang is read first
    (main.asked_language), so they are Spanish too, and so is --help given
    before --lang; the next run without --lang is English again."""
    runner = CliRunner()
    unknown = runner.invoke(dioses, ["score", "--lang", "es", "--explian", "x.toml"])
    assert unknown.exit_code == 2
    assert "Error: No existe la opción '--explian'." in unknown.output
    assert unknown.output.startswith("Uso: dioses score [OPCIONES]")
    missing = runner.invoke(dioses, ["score", "x.toml", "--lang=es", "--format"])
    assert "La opción '--format' necesita un argumento." in missing.output
    first = _words(runner.invoke(dioses, ["play", "--help", "--lang", "es"]).output)
    assert first.startswith("Uso: dioses play [OPCIONES]") and "Muestra este mensaje" in first
    last = runner.invoke(dioses, ["--lang", "es", "score", "--lang", "en", "--explian"])
    assert "No such option '--explian'" in last.output
    english = runner.invoke(dioses, ["score", "--explian", "x.toml"])
    assert "Error: No such option '--explian'." in english.output
    assert english.output.startswith("Usage: dioses score [OPTIONS]")
