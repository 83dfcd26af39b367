"""``dioses replay`` and ``dioses balance`` speak the terminal's language
(#28 item 3): ``--lang es`` gives Spanish sentences, cards by their printed
names (tests/player_sees.py reads them), the ``--plot`` picture included;
English and ``--format json`` stay as they were."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from player_sees import Reader

from dioses_cli.main import dioses
from dioses_rules.pool.load import load_registry


@pytest.fixture(scope="module")
def reader() -> Reader:
    return Reader(load_registry()[0])


COMPAT = Path(__file__).parent / "fixtures" / "compat" / "0.1.0"


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished game's log of 0.1.0: it replays with notes on its card pool."""
    log = tmp_path_factory.mktemp("replay") / "game.jsonl"
    shutil.copyfile(COMPAT / "base-finished.jsonl", log)
    return log


def _tampered(log: Path) -> Path:
    """The log with its first decision among several answered otherwise."""
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    for record in records:
        if record.get("type") == "decision" and record.get("options", 0) > 2:
            record["index"] = (record["index"] + 1) % record["options"]
            break
    bad = log.with_name("bad.jsonl")
    bad.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return bad


def test_replay_in_spanish(game_log: Path, reader: Reader) -> None:
    runner = CliRunner()
    good = runner.invoke(dioses, ["replay", str(game_log), "--lang", "es"])
    assert good.exit_code == 0, good.output
    assert "repetición correcta: " in good.output and "escenario ninguno" in good.output
    assert "nota: la partida se jugó con el conjunto incluido «base» versión 1.0" in good.output
    bad = runner.invoke(dioses, ["replay", str(_tampered(game_log)), "--lang", "es"])
    assert bad.exit_code == 1
    said = bad.output.replace(str(game_log.parent), "")
    assert "la repetición se aparta en el registro" in said and "el registro dice:" in said
    assert not reader.faults(good.output + said, "es", "dioses replay --lang es")
    english = runner.invoke(dioses, ["replay", str(game_log)])
    assert "replay OK: " in english.output and "the end after" in english.output


def test_balance_in_spanish_with_its_plot(tmp_path: Path, reader: Reader) -> None:
    plot = tmp_path / "plot.svg"
    args = ["balance", "--boards", "20", "--seed", "2"]
    wide = {"COLUMNS": "250"}  # a flag's option name ("--face-up-end") on one line
    result = CliRunner(env=wide).invoke(dioses, [*args, "--lang", "es", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert "cartas, 20 áreas al azar, semilla 2" in result.output
    assert "procedencia" in result.output and "Campo de Guerra" in result.output
    picture = plot.read_text(encoding="utf-8")
    assert "puntos medios por carta" in picture and "avisos" in picture
    texts = " ".join(re.findall(r"<(?:text|title)[^>]*>([^<]*)<", picture))
    # each row names its card and, for the designer, its id in parentheses
    texts = re.sub(r"\((?:[a-z0-9-]+)[,)]", " ", texts)
    shown = re.sub(r"--[\w-]+|\S+\.svg", " ", result.output)  # option names and a path
    assert not reader.faults(shown, "es", "dioses balance --lang es")
    assert not reader.faults(re.sub(r"--[\w-]+", " ", texts), "es", "the --plot picture")
    assert "mean points" not in texts and "never scores" not in texts
    english = CliRunner().invoke(dioses, [*args, "--format", "json"])
    spanish = CliRunner().invoke(dioses, [*args, "--format", "json", "--lang", "es"])
    assert english.output == spanish.output  # --format json is the same in any language
