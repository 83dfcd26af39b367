"""A scenario's leaders said to players (#28, R24): the most common
mythology and a leader among candidates in English and Spanish, by printed
names and the declared words, with no id and no ruling code; the same
judgement as the engine's notes (:mod:`dioses_rules.scoring.explain`)."""

from __future__ import annotations

from test_explain_more import area_of, leader_condition

from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.evaluator import Facts
from dioses_rules.wording.leaders import leader_sentences, most_common_sentence

TIED = ("zeus", "ra", "hera", "odin", "thor", "isis")
TIED += ("apollo", "valhalla", "horus", "hermes", "freyr", "anubis")


def test_the_most_common_mythology_in_both_languages_and_a_tie_names_nobody():
    """R24: strictly the most face-up cards; a tie names none."""
    registry = load_registry()[0]
    english, spanish = registry.texts("en"), registry.texts("es")
    area = area_of(
        *("zeus", "hera", "apollo", "hermes", "athena", "ra", "isis", "horus", "anubis"),
        *("odin", "thor", "freyr"),
    )
    said = most_common_sentence(english, area, m.Attribute.MYTHOLOGY, "en")
    assert said == "the most common mythology is Greek: 5 cards, against Egyptian 4 and Norse 3"
    said = most_common_sentence(spanish, area, m.Attribute.MYTHOLOGY, "es")
    assert said == ("la mitología más común es la griega: 5 cartas, frente a egipcia 4 y nórdica 3")
    said = most_common_sentence(english, area_of(*TIED), m.Attribute.MYTHOLOGY, "en")
    assert said == ("no most common mythology: Egyptian, Greek and Norse tie with 4 cards each")
    down = area_of(*TIED, face_up=False)
    said = most_common_sentence(spanish, down, m.Attribute.MYTHOLOGY, "es")
    assert said == "ninguna mitología es la más común: no hay ninguna carta boca arriba"


def test_a_leader_is_named_by_its_printed_name_and_its_cell():
    """R24: Isis (front 2) has three Egyptians next to it; on a tie, nobody."""
    registry = load_registry()[0]
    condition = leader_condition(
        registry, "the one of god with most egyptian in neighbours next to it"
    )
    area = area_of(
        *("ra", "isis", "horus", "anubis", "pyramid", "scarab"),
        *("zeus", "hera", "odin", "thor", "valhalla", "hermes"),
    )
    [said] = leader_sentences(registry.texts("en"), area, (condition,), Facts(), "en")
    assert said.startswith("the leader among gods is Isis (front row, column 2), counting 3"), said
    [said] = leader_sentences(registry.texts("es"), area, (condition,), Facts(), "es")
    assert said.startswith("el líder entre dioses es Isis (fila delantera, columna 2), con 3"), said
    [said] = leader_sentences(registry.texts("en"), area_of(*TIED), (condition,), Facts(), "en")
    assert said.startswith("no leader among gods: ") and " tie with " in said, said
    assert "R24" not in said and "isis" not in said
