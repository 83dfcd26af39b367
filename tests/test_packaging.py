"""Packaging: the bundled grammar and cards are found, and the installed
console scripts run from outside the repository.

Building a wheel and installing it into a fresh environment is checked by
``.ci/run``; these tests stay fast and use whatever install runs pytest
(an editable one in development, see README.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dioses_rules.resources import cards_dir, grammar_dir

REPO = Path(__file__).resolve().parent.parent
EXAMPLE_BOARD = REPO / "examples" / "boards" / "base-hera-hela-ship.toml"


def test_resource_dirs_hold_the_grammar_and_the_bundled_cards():
    grammar, cards = grammar_dir(), cards_dir()
    assert grammar.is_dir() and cards.is_dir()
    assert {"dioses.lark", "common.lark"} <= {p.name for p in grammar.glob("*.lark")}
    card_files = {p.name for p in cards.glob("*.dioses")}
    assert {"base.dioses", "aun-mas-divinos.dioses"} <= card_files
    # The grammar file imports its shared terminals from the one beside it.
    assert "%import .common" in (grammar / "dioses.lark").read_text(encoding="utf-8")


def _script(name: str) -> Path:
    """The console script installed beside the running interpreter."""
    bin_dir = Path(sys.executable).parent
    for candidate in (bin_dir / name, bin_dir / f"{name}.exe"):
        if candidate.is_file():
            return candidate
    pytest.skip(
        f"the '{name}' console script is not installed next to {sys.executable}; "
        "install the project (pip install -e '.[test]') to run this test"
    )


def test_installed_scripts_lint_the_bundled_cards_and_score_the_rulebook_example(tmp_path):
    dioses, dioses_lint = _script("dioses"), _script("dioses-lint")
    # Run from an empty folder: nothing may depend on the repository being the cwd.
    env = {**os.environ, "NO_COLOR": "1"}

    lint = subprocess.run(
        [str(dioses_lint)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert lint.returncode == 0, lint.stdout + lint.stderr

    score = subprocess.run(
        [str(dioses), "score", str(EXAMPLE_BOARD), "--format", "json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert score.returncode == 0, score.stdout + score.stderr
    report = json.loads(score.stdout)
    # Base rulebook scoring example: Hera 2p (R4, R8) + Barco 2p (R10) + Hela 0p.
    assert report["total"] == 4
    assert {card["id"]: card["points"] for card in report["cards"]} == {
        "hela": 0,
        "hera": 2,
        "ship": 2,
    }


def test_dioses_version_prints_the_installed_package_version():
    """`dioses --version` says the version pip installed (#25)."""
    from importlib.metadata import version

    from click.testing import CliRunner

    from dioses_cli.main import dioses

    result = CliRunner().invoke(dioses, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"dioses, version {version('dioses-rules')}"
