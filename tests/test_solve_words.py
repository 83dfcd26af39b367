"""``dioses solve`` says the cards' printed names in the chosen language
(#28), ``--lang es`` as the other commands have it; the JSON keeps the ids.
And ``dioses --lang es --help`` lists the commands in Spanish."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses

pytest.importorskip("ortools")

BOARD = str(
    Path(__file__).resolve().parent.parent / "examples" / "boards" / "base-hera-hela-ship.toml"
)


def _run(*args: str) -> str:
    result = CliRunner().invoke(dioses, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_board_s_best_layout_names_cards_as_printed() -> None:
    english = _run("solve", BOARD)
    assert "Ship" in english and "ship" not in english.split()
    spanish = _run("solve", BOARD, "--lang", "es")
    assert spanish.splitlines()[0].endswith(
        "mejor total 6 (demostrado óptimo); tal como está guardado 4; 2 puntos sin aprovechar"
    )
    rows = [line.split()[0] for line in spanish.splitlines()[1:4]]
    assert rows == ["delantera", "central", "trasera"] and "Barco" in spanish
    # the group's --lang carries to the command
    assert _run("--lang", "es", "solve", BOARD) == spanish
    # JSON: ids, as before
    document = json.loads(_run("solve", BOARD, "--format", "json", "--lang", "es"))
    assert "ship" in document["area"]["front"] + document["area"]["central"]


def test_a_scenario_s_winning_area_names_cards_laws_and_state() -> None:
    english = _run("solve", "--scenario", "6", "--time-limit", "5")
    assert english.startswith("scenario 6 The Fairest: can be won (victory, more than 30 points")
    assert "fairest: " in english and "Apple" in english and "apple" not in english.split()
    spanish = _run("solve", "--scenario", "6", "--time-limit", "5", "--lang", "es")
    assert spanish.startswith("escenario 6 La más bella: se puede ganar (victoria, más de 30")
    assert "la más bella: " in spanish and "Manzana" in spanish
    assert "completed" not in spanish and "total 32" in spanish


def test_the_command_list_speaks_spanish() -> None:
    spanish = _run("--lang", "es", "--help")
    assert spanish.startswith("Uso: dioses [OPCIONES] COMANDO [ARGUMENTOS]...")
    assert "Comandos:" in spanish and "Puntúa tableros guardados" in spanish
    for word in ("Usage:", "Commands:", "Score saved boards", "Show this message"):
        assert word not in spanish, word
    english = _run("--help")  # and the next run is in English again
    assert english.startswith("Usage: dioses [OPTIONS] COMMAND") and "Score saved boards" in english
