"""Bounded fuzzing of everything a user hands us (issue #10): mutated card
files, boards, saves and logs meet only the project's own errors.

Each test mutates a valid file (characters for text, values of any JSON type
at any key for data) and runs the same library path the command does; the
only exception allowed out is :class:`DiosesError` (a user's mistake, exit 1),
and a card file never gets DL000 ("this is a bug"). A save that passes the
checks is played to its end by random agents: a damaged save the checks let
through must not crash the engine later.

The suite runs a few dozen examples per test; a longer run is
``DIOSES_FUZZ_EXAMPLES=5000 python -m pytest tests/test_fuzz.py`` (see
``tools/fuzz.sh``).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from dioses_rules.engine.agents import RandomAgent
from dioses_rules.engine.log import read_log
from dioses_rules.engine.replay import check_log_names, replay
from dioses_rules.engine.saves import load_game, parse_save
from dioses_rules.errors import DiosesError
from dioses_rules.pool.lint import lint_sources
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.sources import bundled_sources, read_sources
from dioses_rules.scoring.board import parse_board_text
from dioses_rules.scoring.resolve import board_registry, resolve_board

HERE = Path(__file__).parent
HOSTILE = HERE / "fixtures" / "hostile"
CELTIC = (HERE.parent / "examples" / "mods" / "celtic" / "celtic.dioses").read_text(
    encoding="utf-8"
)
BOARD = (HOSTILE / "boards" / "valid.toml").read_text(encoding="utf-8")
SAVE = json.loads((HOSTILE / "saves" / "valid.json").read_text(encoding="utf-8"))
LOG = [
    json.loads(line)
    for line in (HOSTILE / "saves" / "valid.jsonl").read_text(encoding="utf-8").splitlines()
]
EXAMPLES = int(os.environ.get("DIOSES_FUZZ_EXAMPLES", "30"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
REGISTRY, SOURCES = load_registry()
BUNDLED = bundled_sources()

# ------------------------------------------------------------------ mutations

PIECES = [
    "{",
    "}",
    "(",
    ")",
    "|",
    '"',
    ";",
    ":",
    "\n",
    "  ",
    "if",
    "points",
    "9" * 30,
    "-1",
    "0",
    "greek",
    "god",
    "set",
    "next to",
    "[",
    "]",
    "=",
    ".",
    "?",
    "\t",
    "\ufeff",
    "é",
    "\x00",
    "100000000000000000000000",
]


@st.composite
def mutated_text(draw, text: str):
    """``text`` with a few characters or pieces inserted, deleted or replaced."""
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        piece = draw(st.sampled_from(PIECES) | st.text(max_size=3))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        end = min(len(text), at + draw(st.integers(1, 12)))
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[end:]
        else:
            text = text[:at] + piece + text[end:]
    return text


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 15)
    | st.integers()
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(
        ["hera", "zeus", "front", "base", "two-greeks", "norse-gift", "the-fairest", "equal-turns"]
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=5,
)


def paths(data, path=()):
    yield path
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for name, value in items:
        yield from paths(value, (*path, name))


@st.composite
def mutated_data(draw, data):
    """``data`` with values of any type put at (or removed from) a few keys."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from([p for p in paths(data) if p]))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["remove", "repeat", "replace", "small"]))
        if action == "remove":
            del parent[path[-1]]
        elif action == "repeat" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
        elif action == "small" and isinstance(parent[path[-1]], int):
            parent[path[-1]] += draw(st.integers(-2, 2))  # same type: past the schema
        else:
            parent[path[-1]] = draw(json_values)
    return data


# ------------------------------------------------------------------ the tests


@FUZZ
@given(text=mutated_text(CELTIC))
def test_a_mutated_card_file_gets_diagnostics_never_a_crash(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("cards") / "mod.dioses"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    sources = read_sources([path], context=BUNDLED)
    diagnostics = lint_sources([*BUNDLED, *sources])
    assert not [d for d in diagnostics if d.code == "DL000"], diagnostics


@FUZZ
@given(text=mutated_text(BOARD))
def test_a_mutated_board_is_scored_or_refused(text):
    try:
        board_file = parse_board_text(text, "board.toml")
        resolve_board(board_file, board_registry(board_file, SOURCES), "board.toml")
    except DiosesError:
        pass


@FUZZ
@given(data=mutated_data(SAVE))
def test_a_mutated_save_is_refused_or_plays_to_its_end(data):
    try:
        save = parse_save(json.loads(json.dumps(data)), "save.json")
        agents = [RandomAgent(seat) for seat in range(len(save.agents))]
        game = load_game(REGISTRY, save, agents, path="save.json")
    except DiosesError:
        return
    event("a mutated save passed the checks")
    if not game.state.finished:
        game.play()


@FUZZ
@given(records=mutated_data(LOG))
def test_a_mutated_log_is_replayed_or_refused(tmp_path_factory, records):
    path = tmp_path_factory.mktemp("logs") / "game.jsonl"
    lines = [json.dumps(r) for r in records] if isinstance(records, list) else [json.dumps(records)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        read = read_log(path)
        check_log_names(read, REGISTRY, str(path))
    except DiosesError:
        return
    replay(read, REGISTRY)


# ------------------------------------------------------------------ the scripted fuzzers
# tools/fuzz.py (issue #23): the same kinds of input and more (deep nesting,
# huge integers, lone surrogates, FIFOs, odd Unicode, BOMs, huge strings),
# the web app and the language server, watched for hangs. The suite runs a
# few cases of each; a longer run: nice -n 19 tools/fuzz.py all --seconds 900.

import sys  # noqa: E402
import time  # noqa: E402

import pytest  # noqa: E402

sys.path.insert(0, str(HERE.parent / "tools"))
from fuzzing import runner as fuzz_runner  # noqa: E402
from fuzzing import targets as fuzz_targets  # noqa: E402

SCRIPTED = {"cards": 6, "boards": 8, "saves": 4, "logs": 6, "web": 15, "lsp": 1}


@pytest.mark.parametrize("kind", list(SCRIPTED))
def test_a_few_cases_of_each_scripted_fuzzer_find_nothing(kind, tmp_path):
    if kind == "web":
        pytest.importorskip("starlette")
    if kind == "lsp":
        pytest.importorskip("pygls")
    count, report = fuzz_runner.run_kind(
        kind, 120, seed=1, out=tmp_path, timeout=15, cases=SCRIPTED[kind]
    )
    assert count == SCRIPTED[kind]
    assert report.failures == [], report.failures


class _Sleepy(fuzz_targets.Boards):
    """A board target whose case 1 never ends."""

    kind = "sleepy"

    def run(self, case):
        if case.extra == ("sleep",):
            time.sleep(60)
        return None

    def make(self, rng):
        case = super().make(rng)
        case.extra = ("sleep",) if rng.random() < 0.3 else ()
        return case


def test_the_runner_calls_a_case_past_the_timeout_a_hang_and_goes_on(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(fuzz_targets.FILE_TARGETS, "sleepy", _Sleepy)
    count, report = fuzz_runner.run_kind("sleepy", 30, seed=5, out=tmp_path, timeout=0.5, cases=6)
    assert count == 6
    hangs = [index for kind, index, problem in report.failures if problem.startswith("hang")]
    assert hangs, report.failures
    first = tmp_path / f"sleepy-s5-{hangs[0]}.txt"
    assert "tools/fuzz.py sleepy --seed 5 --case" in first.read_text(encoding="utf-8")
    assert f"FAIL sleepy case {hangs[0]}: hang" in capsys.readouterr().out
