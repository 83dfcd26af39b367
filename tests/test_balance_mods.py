"""``dioses balance`` for a modder (issue #14): a mod's cards are judged
against the printed cards of the bundled sets, a card above the printed
range is flagged, and a card that never scores says why when its text and
the pool make it impossible."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.balance import balance

FILLERS = "".join(
    f'object filler{i} "Filler {i}" norse reconstructed {{\n  1 point if in front row\n}}\n\n'
    for i in range(10)
)
LONELY = (
    'set lonely "Lonely" {\n  version "1.0"\n  requires base\n}\n\n'
    'god peeker "Peeker" greek reconstructed {\n  2 points if next to face-down card\n}\n\n'
    'god seeker "Seeker" greek reconstructed {\n  2 points if next to hera\n}\n\n' + FILLERS
)


@pytest.fixture
def lonely(tmp_path):
    path = tmp_path / "lonely.dioses"
    path.write_text(LONELY, encoding="utf-8")
    return path


def run(*arguments):
    result = CliRunner().invoke(dioses, ["balance", *arguments])
    assert result.exit_code == 0, result.output
    return result


def test_a_mods_own_cards_are_judged_against_the_bundled_printed_cards(lonely):
    """Before, a pool without printed cards was judged against itself, so
    'far above the printed cards' could never fire."""
    arguments = ["--cards", str(lonely), "--set", "lonely", "--own-cards", "--boards", "300"]
    data = json.loads(run(*arguments, "--format", "json").stdout)
    bundled = balance(load_registry()[0].myth_cards(), boards=300, seed=1)
    assert data["printed_mean_range"] == [round(x, 3) for x in bundled.printed_range]
    assert "the bundled sets' printed cards" in run(*arguments).stdout


def test_a_card_never_scoring_says_why_when_its_text_and_the_pool_make_it_so(lonely):
    data = json.loads(
        run(
            "--cards",
            str(lonely),
            "--set",
            "lonely",
            "--own-cards",
            "--boards",
            "300",
            "--format",
            "json",
        ).stdout
    )
    flags = {card["id"]: card["flags"] for card in data["cards"]}
    assert any("face-down" in f and "R12" in f for f in flags["peeker"])  # R12: all revealed
    assert any("names 'hera'" in f for f in flags["seeker"])
    assert not any(f.startswith("never scores") for f in flags["filler0"])


def test_a_card_just_above_the_printed_range_is_flagged():
    """A mean above the best printed card's, though under 1.5 times it."""
    pool = load_registry()[0].myth_cards()
    first = balance(pool, boards=400, seed=2)
    odin = next(s for s in first.cards if s.card.id == "odin")
    above = balance(pool, boards=400, seed=2, reference=(0.1, odin.mean * 0.95))
    level = balance(pool, boards=400, seed=2, reference=(0.1, odin.mean))
    flags = next(s.flags for s in above.cards if s.card.id == "odin")
    assert any(f.startswith("above the printed cards") for f in flags)
    assert not any("far above" in f for f in flags)
    assert not any("above" in f for f in next(s.flags for s in level.cards if s.card.id == "odin"))


def test_a_mod_card_that_states_no_provenance_is_not_a_printed_reference():
    """The Celtic example states no provenance (a set's own text is what it
    prints): its cards are judged, not judged against."""
    celtic = Path(__file__).resolve().parent.parent / "examples" / "mods" / "celtic"
    result = run(
        "--cards",
        str(celtic),
        "--set",
        "celtic",
        "--own-cards",
        "--boards",
        "300",
        "--format",
        "json",
    )
    data = json.loads(result.stdout)
    flags = {card["id"]: card["flags"] for card in data["cards"]}
    assert any("above the printed cards" in f for f in flags["tara"])
