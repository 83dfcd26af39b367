"""A Spanish player's board and save mistakes are Spanish (#28 item 3): each
mistake a board file can hold (``dioses score --lang es``, the builder's
import and score) and each reason a save is damaged for (``dioses play
--resume --lang es``) has words in the catalogue, and its Spanish says no
English word beyond the file's own: its keys, positions and the names it
wrote stay as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from player_sees import Reader
from starlette.testclient import TestClient

from dioses_cli.main import dioses
from dioses_rules.engine.saves import check_save, parse_save
from dioses_rules.errors import DiosesError
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.board import parse_board_text
from dioses_rules.scoring.resolve import board_registry, resolve_board
from dioses_rules.web.app import create_app
from dioses_rules.web.catalog import Catalog
from dioses_rules.wording.errors import diagnostic_text, known

ROWS = (
    'front = ["hera", ".", ".", "."]\ncentral = [".", ".", ".", "."]\nback = [".", ".", ".", "."]\n'
)
# one board per kind of mistake of scoring/resolve.py, convert.py, structured.py
BOARDS = {
    "no set": "sets = []\n[area]\n" + ROWS,
    "unknown set": 'sets = ["base", "nordic"]\n[area]\n' + ROWS,
    "set not in play": 'sets = ["base"]\n[area]\nfront = ["hercules", ".", ".", "."]\n'
    + ROWS.split("\n", 1)[1]
    + '[[laws]]\ncard = "one-pantheon"\nrow = "front"\n',
    "misspelt and unknown": (
        '[area]\nfront = ["zeuss", "nobody-at-all", ".", "."]\n'
        'central = [".", ".", "."]\nback = [".", ".", ".", "."]\n'
    ),
    "twice": '[area]\nfront = ["hera", "hera", ".", "."]\n' + ROWS.split("\n", 1)[1],
    "laws": "[area]\n"
    + ROWS
    + '[[laws]]\ncard = "only-gods"\nrow = "central"\n'
    + '[[laws]]\ncard = "no-greeks"\nrow = "central"\n'
    + '[[laws]]\ncard = "only-gods"\ncolumn = 1\n'
    + '[[laws]]\ncard = "two-gods"\n'
    + '[[laws]]\ncard = "no-gods"\nrow = "middle"\n'
    + '[[laws]]\ncard = "all-gods"\ncolumn = 7\n',
    "two on a column": "[area]\n"
    + ROWS
    + '[[laws]]\ncard = "only-gods"\ncolumn = 2\n[[laws]]\ncard = "no-greeks"\ncolumn = 2\n',
    "patterns and objectives": 'objectives = [["grouping"], ["grouping", "egyptian"], '
    '["grouping", "egyptian"]]\n[area]\n'
    + ROWS
    + '[[patterns]]\ncard = "sacred-pair"\n[[patterns]]\ncard = "sacred-pair"\n',
    "scenario": '[scenario]\nid = "ragnarok"\nstate = {chosen = "hera"}\n[area]\n' + ROWS,
    "shape": '[area]\nfront = ["hera", 3, ".", "."]\ncentral = [".", ".", ".", "."]\n'
    'sides = 2\n[[laws]]\ncard = "only-gods"\nrow = 1\nwhere = 2\n',
    "toml": 'sets = ["base"\n[area]\n',
    "deep": "x = " + "[" * 40 + "]" * 40 + "\n",
    "long number": "x = " + "9" * 120 + "\n",
}


@pytest.fixture(scope="module")
def pool():
    return load_registry()


@pytest.fixture(scope="module")
def reader(pool) -> Reader:
    return Reader(pool[0])


def mistakes(text: str, pool) -> list:
    _registry, sources = pool
    with pytest.raises(DiosesError) as caught:
        board_file = parse_board_text(text, "board.toml")
        resolve_board(board_file, board_registry(board_file, sources, "board.toml"))
    return caught.value.diagnostics


def spanish_faults(reader: Reader, diagnostics, where: str) -> list[str]:
    faults = []
    for diagnostic in diagnostics:
        for part in (diagnostic.message, diagnostic.help):
            if part is not None and not known(part):
                faults.append(f"{where}: no words for {part!r}")
        said = diagnostic_text(diagnostic, "es").removeprefix(diagnostic.location() + ": ")
        faults += reader.faults(said, "es", where, file_words=True)
    return faults


def test_every_mistake_of_a_board_has_spanish_words(pool, reader):
    faults = []
    for name, text in BOARDS.items():
        found = mistakes(text, pool)
        assert found, name
        faults += spanish_faults(reader, found, name)
    assert not faults, "\n".join(faults)


def test_score_lang_es_says_a_bad_board_in_spanish_with_its_keys_and_names(tmp_path):
    board = tmp_path / "bad.toml"
    board.write_text(BOARDS["misspelt and unknown"] + BOARDS["laws"].split(ROWS)[1], "utf-8")
    runner = CliRunner()
    spanish = runner.invoke(dioses, ["score", str(board), "--lang", "es"])
    assert spanish.exit_code == 1 and "Traceback" not in spanish.output
    assert "E201 $.area.front[0]: carta desconocida 'zeuss'; ¿quisiste decir 'zeus'?" in (
        spanish.output
    )
    assert "$.area.central: una fila tiene 4 cartas, esta tiene 3" in spanish.output
    assert "dos leyes en la fila central ('only-gods' y 'no-greeks')" in spanish.output
    assert "ayuda: como mucho una ley por fila y por columna" in spanish.output
    assert "help:" not in spanish.output and "unknown" not in spanish.output
    english = runner.invoke(dioses, ["score", str(board)])
    assert "E201 $.area.front[0]: unknown card 'zeuss'; did you mean 'zeus'?" in english.output
    assert "help: at most one law per row and per column" in english.output


def test_the_builder_answers_a_bad_board_in_the_page_s_language(pool, tmp_path):
    app = create_app(Catalog(*pool), saves=tmp_path)
    client = TestClient(app, base_url="http://127.0.0.1:8000")
    client.cookies.set("dioses-lang", "es")
    board = {"area": {"front": ["hera", "zeuss", ".", "."], "central": [".", ".", ".", 4]}}
    answer = client.post("/api/score", json=board)
    assert answer.status_code == 422
    messages = [e["message"] for e in answer.json()["errors"]]
    assert "<página>: E203 $.area.central[3]: se esperaba un texto, hay 4" in messages
    assert any("$.area.back: falta una clave obligatoria" in m for m in messages), messages
    imported = client.post(
        "/api/import", content=BOARDS["toml"].encode(), headers={"x-board-name": "mine.toml"}
    )
    error = imported.json()["errors"][0]
    assert error["message"].startswith("mine.toml:2:1: E202 no es TOML válido: lista sin cerrar")
    assert "ayuda: la sintaxis está en https://toml.io" in error["message"]
    assert (error["line"], error["column"]) == (2, 1)
    client.cookies.set("dioses-lang", "en")
    english = client.post("/api/score", json=board).json()["errors"][0]["message"]
    assert english.startswith("<page>: E203") and "expected a string, got 4" in english


# ---------------------------------------------------------------- a damaged save


def _damage(state: dict) -> None:
    """A save's state with one of each mistake integrity.py names."""
    state["turn"] = -1
    state["settings"]["end_rule"] = "never"
    state["deck"][0] = "zeuss"
    state["deck"][1] = state["deck"][2]
    state["areas"][0]["cells"] = state["areas"][0]["cells"][:11]
    state["areas"][0]["laws"] = [
        {"card": "only-gods", "row": "middle"},
        {"card": "no-gods", "column": 9},
        {"card": "no-greeks", "row": "front", "column": 1},
        {"card": "two-gods", "row": "back"},
        {"card": "one-pantheon", "row": "back"},
    ]
    state["objectives"] = [["grouping"]]
    state["challenge"] = True


def test_why_a_save_is_damaged_is_spanish(pool, reader, tmp_path):
    registry = pool[0]
    save = tmp_path / "game.json"
    CliRunner().invoke(dioses, ["play", "--seed", "3", "--save", str(save)], input="1\n1\n")
    data = json.loads(save.read_text("utf-8"))
    _damage(data["state"])
    with pytest.raises(DiosesError) as caught:
        check_save(parse_save(data, "game.json"), registry, "game.json")
    found = caught.value.diagnostics
    assert len(found) >= 8, [d.message for d in found]
    faults = spanish_faults(reader, found, "damaged save")
    wrong_type = json.loads(save.read_text("utf-8"))
    wrong_type["state"]["seats"] = "two"
    with pytest.raises(DiosesError) as caught:
        parse_save(wrong_type, "game.json")
    faults += spanish_faults(reader, caught.value.diagnostics, "a save's shape")
    assert not faults, "\n".join(faults)
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(data), "utf-8")
    result = CliRunner().invoke(dioses, ["play", "--resume", str(damaged), "--lang", "es"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "la partida guardada está dañada: $.state.turn: el turno debe ser de 0 a" in (
        result.output
    )
    assert "carta desconocida 'zeuss' (ningún conjunto cargado la define)" in result.output


def test_every_reason_has_one_message_per_line_of_the_table(tmp_path: Path):
    """known() cannot pass a message no row has: an English sentence of no
    table, and a table's sentence with a reason of no table inside it."""
    assert not known("the moon is made of cheese")
    assert not known("the saved game is damaged: $.state.turn: the moon is made of cheese")
    assert not known("unknown card 'zeuss'; the moon is made of cheese")
    assert known("$.area.front[1]: unknown card 'zeuss'; did you mean 'zeus' or 'hera'?")


def test_a_row_written_once_matches_the_english_it_says():
    """A table's row is its message (wording.table): the pattern says the
    message word for word, each field a group of the field's text, so the
    English filled in is matched and each field read back as it was."""
    import re

    from dioses_rules.wording import FIELDS, pattern_of
    from dioses_rules.wording.errors import _ROWS

    derived = [(row, message) for row, message in _ROWS if row.pattern == pattern_of(message)]
    assert len(derived) > 100
    for row, message in derived:
        names = re.findall(r"\{(\w+)\}", message)
        values = {name: "7" if name in FIELDS else f"x {name}" for name in names}
        found = row.match(message.format(**values))
        assert found is not None and found.groupdict() == values, message
    assert pattern_of("a (b) {card}?") == r"^a\ \(b\)\ (?P<card>[\w-]+)\?$"


def test_the_saved_games_list_says_why_a_save_is_refused_not_where_it_is(pool, tmp_path):
    (tmp_path / "web-game-ffff0000.json").write_text('{"kind": "dioses-game", "version": 99}')
    client = TestClient(
        create_app(Catalog(*pool), saves=tmp_path), base_url="http://127.0.0.1:8000"
    )
    for lang, said in (("en", "saved by another version"), ("es", "guardada con otra versión")):
        client.cookies.set("dioses-lang", lang)
        listed = client.get("/play").text
        # the reason, without the diagnostic's code and the file's key (#28: a
        # player choosing a game, not someone opening the file)
        assert f"{said} of" in listed or f"{said} del" in listed
        assert "G100" not in listed and "$.version" not in listed
        assert str(tmp_path) not in listed  # the server's folder is no business of the page's


def test_the_best_column_says_a_solver_out_of_time_in_the_readers_language():
    """play's final table explains an area with no best layout (E303: the
    solver stopped by --best-time on a busy machine) in the reader's words."""
    from dioses_rules.wording.errors import message_text

    for limit in (0.2, 5.0):
        english = f"the solver found no arrangement within {limit:g} seconds"
        assert known(english)
        said = message_text(english, "es")
        assert said == f"el resolutor no halló ninguna disposición en {limit:g} segundos"


def test_why_a_file_is_no_game_log_is_spanish(reader, tmp_path):
    """replay --lang es of a file that is no log: each of engine/log.py's
    reasons (a record of the wrong shape, a line that is no JSON, a second
    setup, an unknown type, an option past the count, an empty file, a
    save) has words, and says no English word beyond the log's own."""
    from dioses_rules.engine.log import read_log

    save = tmp_path / "game.json"
    log = tmp_path / "game.jsonl"
    CliRunner().invoke(
        dioses, ["play", "--seed", "3", "--save", str(save), "--log", str(log)], input="1\n1\n"
    )
    lines = log.read_text("utf-8").splitlines()
    setup, decision = lines[0], json.loads(lines[1])
    broken = {
        "shape": [setup, json.dumps({**decision, "index": "x"})],
        "no JSON": [setup[:-3]],
        "second setup": [setup, setup],
        "unknown type": [setup, json.dumps({"type": "dance"})],
        "option past the count": [setup, json.dumps({**decision, "index": 99, "options": 2})],
        "empty": [],
    }
    faults = []
    for name, records in broken.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(f"{r}\n" for r in records), "utf-8")
        with pytest.raises(DiosesError) as caught:
            read_log(path)
        faults += spanish_faults(reader, caught.value.diagnostics, name)
    with pytest.raises(DiosesError) as caught:
        read_log(save)
    faults += spanish_faults(reader, caught.value.diagnostics, "a save")
    assert not faults, "\n".join(faults)
    result = CliRunner().invoke(dioses, ["replay", str(tmp_path / "shape.jsonl"), "--lang", "es"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "no es un registro de partida de Dioses!: línea 2: $.index: se esperaba" in (
        result.output
    )
