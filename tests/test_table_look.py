"""The terminal as a new player reads it (#28, "looked at"): each test is a
screen found playing in tmux that read like an engine's output, in both
languages and at 80 columns."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from dioses_cli import i18n
from dioses_cli.main import dioses

ROOT = Path(__file__).resolve().parent.parent
RULING_CODE = re.compile(r"\bR\d{1,2}\b")


def test_simulate_speaks_spanish_and_says_its_counting_in_words():
    """simulate --lang es: the whole text report in Spanish, the agents by
    their Spanish words; the counting note names no JSON key (win_rate) and
    no ruling (R16) unless --rulings; at 80 columns no agent is cut."""
    result = CliRunner().invoke(
        dioses,
        ["simulate", "--games", "1", "--seed", "1", "--agents", "greedy,random", "--lang", "es"],
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    for spanish in ("1 partida, juego base, 2 jugadores", "Asientos", "voraz", "al azar"):
        assert spanish in out, spanish
    for english in ("games", "Seats", "mean score", "Counting", "greedy", "Score per area"):
        assert english not in out, english
    assert "win_rate" not in out and not RULING_CODE.search(out)
    english = CliRunner().invoke(dioses, ["simulate", "--games", "1", "--seed", "1"]).stdout
    assert "Counting: a game's winners" in english and "win_rate" not in english
    assert "(R16)" not in english
    coded = CliRunner().invoke(dioses, ["simulate", "--games", "1", "--seed", "1", "--rulings"])
    assert "the most gods (R16)" in coded.stdout


def test_simulate_names_its_rule_options_and_scenario():
    result = CliRunner().invoke(
        dioses,
        ["simulate", "--games", "1", "--scenario", "3", "--rule", "power-cards", "--seed", "1"],
    )
    assert result.exit_code == 0, result.output
    head = result.stdout.splitlines()[0]
    assert "scenario 3: Ragnarök" in head and "Using Power cards" in head, head
    assert "power-cards" not in head and "ragnarok" not in head, head


def _simulation_at_80(lang: str) -> str:
    from dioses_cli.simulation_view import print_simulation
    from dioses_rules.engine.simulate import simulate
    from dioses_rules.pool.load import load_registry

    i18n.use(lang)
    registry, _ = load_registry()
    report = simulate(registry, 1, 2, ["planner", "random"], None, (), 1, False, None, think=1)
    out = Console(record=True, width=80, file=io.StringIO())
    print_simulation(out, report, registry, 0.0)
    return out.export_text()


@pytest.mark.parametrize("lang, planner", [("en", "planner"), ("es", "estratega")])
def test_simulate_tables_fit_80_columns_uncut(lang, planner):
    text = _simulation_at_80(lang)
    assert "…" not in text, text
    assert planner in text
    assert max(len(line) for line in text.splitlines()) <= 80


def _area_title_game(here: Path, lang: str, answers: str) -> str:
    result = CliRunner().invoke(
        dioses,
        [
            *("play", "--scenario", "ragnarok", "--seed", "5", "--lang", lang),
            *("--best-time", "0", "--save", f"game-{lang}.json"),
        ],
        input=answers,
    )
    return result.stdout


def test_a_column_law_keeps_the_column_numbers_on_one_line(here):
    """A law on column 4 is written above its number: rich sets a header at
    its foot, so '1 2 3 4' stay on one line (before: '4' a line above)."""
    out = _area_title_game(here, "en", "column 4\nq\n")
    lines = out.splitlines()
    law = next(i for i, line in enumerate(lines) if "law: A single pantheon" in line)
    top = max(i for i in range(law) if lines[i].startswith("┏"))
    foot = next(i for i in range(law, len(lines)) if lines[i].startswith("┡"))
    header = lines[top + 1 : foot]
    numbers = [re.findall(r"┃\s*([1-4])\s*(?=┃)", line) for line in header]
    assert ["1", "2", "3", "4"] in numbers, header


def test_an_empty_discard_pile_reads_empty_and_patterns_agree(here):
    """'discard pile 1: empty', not 'empty on top (0 cards)'; in Spanish
    'patrones: ninguno' (masculine) beside 'leyes: ninguna', and the seats'
    agents in Spanish (asiento 1 (humano))."""
    from dioses_cli.human import HumanAgent
    from dioses_cli.table import draw_board
    from dioses_rules.engine.agents import make_agent
    from dioses_rules.engine.setup import new_game
    from dioses_rules.pool.load import load_registry

    registry, _ = load_registry()
    game = new_game(
        registry,
        [HumanAgent(Console(file=io.StringIO()), read=lambda prompt: "1"), make_agent("greedy", 2)],
        seed=3,
    )
    game.state.discards[0].clear()
    for lang, empty, nobody, agents in (
        ("en", "discard pile 1: empty", "patterns: none", "seat 2 (greedy)"),
        ("es", "pila de descarte 1: vacía", "patrones: ninguno", "asiento 2 (voraz)"),
    ):
        i18n.use(lang)
        out = Console(record=True, width=100, file=io.StringIO())
        draw_board(out, game, 0)
        text = out.export_text()
        assert empty in text and "(0 " not in text, text
        assert nobody in text and agents in text, text


def test_spanish_hint_and_heading_name_the_agents_in_spanish(here):
    result = CliRunner().invoke(dioses, ["play", "--seed", "3", "--lang", "es"], input="h\nq\n")
    out = result.stdout
    assert "asientos: 1 humano, 2 voraz" in out
    assert "pista (agente estratega)" in out
    assert "(human)" not in out and "greedy" not in out and "planner" not in out


def test_final_table_titles_read_area_then_seat(here):
    """The final scoring heads each area 'Area 1 - seat 1 (human)', not
    'Area 1 (seat 1 (human))'; a scenario's threshold without an arrow."""
    out = _area_title_game(here, "en", "1\n" * 200)
    assert "Area 1 - seat 1 (human): " in out
    assert "(seat 1 (human))" not in out and "->" not in out
    assert re.search(r"more than 25 points: (BEATEN|not beaten)", out)


def test_explain_says_no_cell_matched_once():
    """--explain: '(does not hold; no cell matched)', not 'matched: no cell
    matched'; in Spanish '(no se cumple; ninguna casilla)'."""
    board = str(ROOT / "examples/boards/aun-mas-divinos-law-scoring.toml")
    english = CliRunner().invoke(dioses, ["score", board, "--explain"]).stdout
    assert "(does not hold; no cell matched)" in english
    assert "matched: no cell matched" not in english
    spanish = CliRunner().invoke(dioses, ["score", board, "--explain", "--lang", "es"]).stdout
    assert "(no se cumple; ninguna casilla)" in spanish
    assert "casillas: ninguna casilla" not in spanish


def test_a_law_on_the_board_says_whether_it_is_met_and_its_points(here):
    """The notes under an area tell each law's state as the face-up cards
    stand (R13), as the title's 'points showing' counts it; in Spanish the
    law agrees: 'cumplida'."""
    english = _area_title_game(here, "en", "column 4\nq\n")
    assert "laws: A single pantheon on column 4 (met, 5p)" in english
    spanish = _area_title_game(here, "es", "columna 4\nq\n")
    assert "leyes: Un solo panteón en la columna 4 (cumplida, 5p)" in spanish


def test_resuming_in_spanish_says_so_in_spanish(here):
    first = CliRunner().invoke(
        dioses, ["play", "--seed", "9", "--lang", "es", "--save", "part.json"], input="1\n1\nq\n"
    )
    assert first.exit_code == 0, first.output
    resumed = (
        CliRunner()
        .invoke(dioses, ["play", "--resume", "part.json", "--lang", "es"], input="q\n")
        .stdout
    )
    assert "Se reanuda part.json en el turno 1; asientos: 1 humano, 2 voraz" in resumed
    assert "Resuming" not in resumed and "greedy" not in resumed


def test_a_spanish_player_types_the_words_and_rows_on_screen(here):
    """'coger' (as the choice reads) takes the discard's top card and 't4'
    (trasera 4) is a cell; a wrong answer's example is a word to type
    ('take'), never the engine's 'take-discard'; ? lists 'take'."""
    spanish = (
        CliRunner()
        .invoke(
            dioses,
            ["play", "--seed", "3", "--lang", "es", "--save", "es.json"],
            input="1\n1\ncoger\nzzz\nt4\nq\n",
        )
        .stdout
    )
    assert "coger Bragi de la pila de descarte 1; área 1: Bragi colocada en trasera 4" in spanish
    assert "'coger' no es una opción" not in spanish
    # the rows' letters on screen, and the verb the Spanish help names (#28)
    assert "(p. ej. 'cambiar d1'; ? para ayuda)" in spanish
    english = (
        CliRunner()
        .invoke(dioses, ["play", "--seed", "3", "--save", "en.json"], input="1\n1\n?\nzzz\nq\n")
        .stdout
    )
    assert "(e.g. 'take'; ? for help)" in english and "take-discard" not in english
    assert "'take' (a discard pile's top card)" in english


def test_typed_words_name_a_choice_by_its_words_on_screen():
    from dioses_cli.faces import named_choice
    from dioses_rules.engine.state import Choice

    choices = (
        Choice("play", (0,), "play it at front 1"),
        Choice("play", (11,), "play it at back 4"),
        Choice("discard", ("ship",), "discard ship"),
    )
    shown = ["jugarla en delantera 1", "jugarla en trasera 4", "descartar barco"]
    assert named_choice("descartar", choices, "drawn", shown) == 2
    assert named_choice("jugar t4", choices, "drawn", shown) == 1
    assert named_choice("d1", choices, "drawn", shown) == 0
    assert named_choice("jugarla", choices, "drawn") is None  # not without the words shown
    assert named_choice("descartar", choices, "drawn") == 2  # a verb of the Spanish help


@pytest.mark.parametrize("seed", [2, 3])
def test_other_areas_at_80_columns_never_break_a_name(seed):
    """Three seats at 80 columns: the others' compact grids stack instead of
    sharing the width, so no card name is broken mid-word ('Pyrami|d')."""
    from dioses_cli.names import name_of
    from dioses_cli.table import COMPACT_NAME, draw_board
    from dioses_rules.engine.agents import make_agent
    from dioses_rules.engine.setup import new_game
    from dioses_rules.pool.load import load_registry

    registry, _ = load_registry()
    game = new_game(registry, [make_agent("greedy", s) for s in (1, 2, 3)], seed=seed)
    out = Console(record=True, width=80, file=io.StringIO())
    draw_board(out, game, 0)
    text = out.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    for area in game.state.areas[1:]:
        for slot in area.cells:
            if slot is not None and slot.face_up:
                name = name_of(game.card(slot.card))
                if len(name) > COMPACT_NAME:
                    name = name[: COMPACT_NAME - 1].rstrip() + "…"
                assert name in text, (name, text)


def test_the_winner_line_names_the_winning_seat(here):
    result = CliRunner().invoke(
        dioses,
        ["play", "--agents", "greedy,greedy", "--seed", "11", "--best-time", "0", "--lang", "es"],
    )
    assert result.exit_code == 0, result.output
    assert "Gana (más puntos, luego más dioses): Área 1 - asiento 1 (voraz)" in result.stdout
