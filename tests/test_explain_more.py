"""``dioses score --explain`` beyond the cards (issue #14): the cells each
law (R13), pattern (R14) and objective (R15) matched, and who a scenario's
leaders are and why (R24)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.language import model as m
from dioses_rules.language.builder import parse_card_text
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import Area, Placed
from dioses_rules.scoring.evaluator import Facts
from dioses_rules.scoring.explain import leader_notes, most_common_note

ROOT = Path(__file__).resolve().parent.parent
POWER_OF_RA = ROOT / "examples" / "pictures" / "power-of-ra.toml"

THRONES = """[area]
front   = ["zeus", "hera", "apollo", "olympus-throne"]
central = ["odin", "thor", "ra", "isis"]
back    = ["hermes", "valhalla", "horus", "throne-room"]

[scenario]
id = "game-of-thrones"
"""


def area_of(*ids: str, face_up: bool = True) -> Area:
    registry = load_registry()[0]
    return Area(tuple(Placed(registry.get("myth", i), face_up) for i in ids))


def test_laws_patterns_and_objectives_say_which_cells_they_matched():
    result = CliRunner().invoke(dioses, ["score", str(POWER_OF_RA), "--explain"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    # laws and patterns by their names, not their ids (#28)
    assert (
        "law At least two Egyptians on column 2: met, 3p (matched: front 2, central 2, "
        "back 2)" in out
    )
    assert (
        "law There are no Greeks on the front row: not met, 0p (matched: front 4)" in out
    )  # Hera, R13
    assert "pattern Dynasty: completed by front 2, front 3, central 2, central 3, 6p" in out
    assert "pattern Norse Hall: not completed, 0p" in out
    data = json.loads(
        CliRunner()
        .invoke(dioses, ["score", str(POWER_OF_RA), "--explain", "--format", "json"])
        .stdout
    )
    assert data["laws"][0]["matched"] == [
        {"row": r, "column": 2} for r in ("front", "central", "back")
    ]
    assert len(data["objectives"][0]["matched"]) == 9  # the largest Egyptian group (R6)
    plain = json.loads(
        CliRunner().invoke(dioses, ["score", str(POWER_OF_RA), "--format", "json"]).stdout
    )
    assert "matched" not in plain["laws"][0]  # without --explain, as before


def test_the_most_common_mythology_is_told_with_its_count(tmp_path):
    """Scenario 1 (R24): 5 Greek cards here against 4 Egyptian and 3 Norse."""
    board = tmp_path / "thrones.toml"
    board.write_text(THRONES, encoding="utf-8")
    result = CliRunner().invoke(dioses, ["score", str(board), "--explain"])
    assert result.exit_code == 0, result.output
    # the terminal says it in words (#28: names, no ruling code); the JSON
    # keeps the engine's note
    told = "the most common mythology is Greek: 5 cards, against Egyptian 4 and Norse 3"
    assert told in result.stdout and "(R24)" not in result.stdout
    data = json.loads(
        CliRunner().invoke(dioses, ["score", str(board), "--explain", "--format", "json"]).stdout
    )
    assert data["scenario"]["notes"] == [
        "the most common mythology is greek: 5 cards, against egyptian 4, norse 3"
    ]


def test_a_tie_has_no_most_common_mythology():
    """R24: strictly the most, so a tie names nobody."""
    area = area_of(
        "zeus",
        "hera",
        "odin",
        "thor",
        "ra",
        "isis",
        "apollo",
        "valhalla",
        "horus",
        "hermes",
        "freyr",
        "anubis",
    )
    note = most_common_note(area, m.Attribute.MYTHOLOGY)
    assert note.startswith(
        "no most common mythology: egyptian and greek and norse tie with 4 cards each"
    )


def test_face_down_cards_do_not_count_for_the_most_common():
    area = area_of(
        "zeus",
        "hera",
        "odin",
        "thor",
        "ra",
        "isis",
        "apollo",
        "valhalla",
        "horus",
        "hermes",
        "freyr",
        "anubis",
        face_up=False,
    )
    assert (
        most_common_note(area, m.Attribute.MYTHOLOGY)
        == "no most common mythology: no face-up card (R24)"
    )


# Isis (front 2) has Ra, Horus and Scarab next to it: 3 Egyptians, the most
# of any god's neighbours.
ISIS_LEADS = (
    "ra",
    "isis",
    "horus",
    "anubis",
    "pyramid",
    "scarab",
    "zeus",
    "hera",
    "odin",
    "thor",
    "valhalla",
    "hermes",
)


def leader_condition(registry, text: str):
    card_file = parse_card_text(
        f'god probe "Probe" greek {{\n  1 point if {text}\n}}\n', vocabulary=registry.vocabulary
    )
    return card_file.definitions[0].lines[0].condition


def test_a_leader_is_named_with_its_count_and_a_tie_names_nobody():
    """R24: the one candidate with strictly the highest count."""
    registry = load_registry()[0]
    condition = leader_condition(
        registry, "the one of god with most egyptian in neighbours next to it"
    )
    area = area_of(*ISIS_LEADS)
    [note] = leader_notes(area, (condition,), Facts())
    assert note.startswith("the leader of god is isis (front 2), counting 3, against "), note
    tied = area_of(
        "zeus",
        "ra",
        "hera",
        "odin",
        "thor",
        "isis",
        "apollo",
        "valhalla",
        "horus",
        "hermes",
        "freyr",
        "anubis",
    )
    [note] = leader_notes(tied, (condition,), Facts())
    assert note.startswith("the leader of god: nobody,") and note.endswith("(R24)"), note


def test_each_most_common_and_leader_is_told_once_in_the_order_first_asked():
    """The notes name each question once, however many conditions ask it:
    the same leader twice and the most common mythology twice give one note
    each, and the most common type, another question, its own."""
    registry = load_registry()[0]
    leader = leader_condition(
        registry, "the one of god with most egyptian in neighbours next to it"
    )
    mythology = leader_condition(
        registry, "its mythology is the most common and its mythology is the most common"
    )
    kind = leader_condition(registry, "its type is the most common")
    area = area_of(*ISIS_LEADS)
    notes = leader_notes(area, (mythology, leader, kind, leader, mythology), Facts())
    assert notes == [
        most_common_note(area, m.Attribute.MYTHOLOGY),
        notes[1],
        most_common_note(area, m.Attribute.TYPE),
    ]
    assert notes[1].startswith("the leader of god is isis (front 2)"), notes
