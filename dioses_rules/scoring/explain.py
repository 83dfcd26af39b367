"""Sentences that say why a scenario's leaders are who they are (R24), for
``dioses score --explain``: "the most common mythology is greek: 5 cards,
against egyptian 4 and norse 3", "no leader: zeus and ra tie with 2"."""

from __future__ import annotations

from collections.abc import Sequence

from ..language import model as m
from ..language.source import WRITER, plural
from ..language.walk import iter_nodes
from .area import Area, cell_name
from .evaluator import Evaluator, Facts, values_of

_ATTRIBUTE_WORDS = {m.Attribute.MYTHOLOGY: "mythology", m.Attribute.TYPE: "type"}


def leader_notes(area: Area, conditions: Sequence[m.Condition], facts: Facts) -> list[str]:
    """One sentence per 'most common' and leader the conditions ask about,
    judged as the evaluator judges them (face-up cards, R24: strictly the
    most, nobody on a tie), each once."""
    notes: list[str] = []
    seen: set[object] = set()  # an attribute, or a leader's (candidates, count)
    evaluator = Evaluator(area, facts)
    for node in iter_nodes(tuple(conditions)):
        if isinstance(node, m.MostCommon) and node.attribute not in seen:
            seen.add(node.attribute)
            notes.append(most_common_note(area, node.attribute))
        elif isinstance(node, m.Leader) and (node.candidates, node.count) not in seen:
            seen.add((node.candidates, node.count))
            notes.append(leader_note(evaluator, node))
    return notes


def _ranked(tally: dict[str, int]) -> list[tuple[str, int]]:
    return sorted(tally.items(), key=lambda item: (-item[1], item[0]))


def _cards(count: int) -> str:
    return f"{count} {plural(count, 'card')}"


def most_common_note(area: Area, attribute: m.Attribute) -> str:
    """R24: the value with strictly the most face-up cards, or the tie."""
    tally: dict[str, int] = {}
    for placed in area.cells:
        if placed is not None and placed.face_up:
            for value in values_of(placed.card, attribute):
                tally[value] = tally.get(value, 0) + 1
    word = _ATTRIBUTE_WORDS[attribute]
    ranked = _ranked(tally)
    if not ranked:
        return f"no most common {word}: no face-up card (R24)"
    best = [value for value, count in ranked if count == ranked[0][1]]
    others = ", ".join(f"{value} {count}" for value, count in ranked if value not in best)
    against = f", against {others}" if others else ""
    if len(best) > 1:
        return (
            f"no most common {word}: {' and '.join(best)} tie with "
            f"{_cards(ranked[0][1])} each{against} (R24: strictly the most)"
        )
    return f"the most common {word} is {best[0]}: {_cards(ranked[0][1])}{against}"


def leader_note(evaluator: Evaluator, leader: m.Leader, anchor: int | None = None) -> str:
    """R24: the candidate whose count is strictly the highest, or the tie."""
    area = evaluator.area
    counts: list[tuple[int, str, int]] = []  # (count, card id, cell)
    for cell, placed in enumerate(area.cells):
        if placed is not None and evaluator.matches(leader.candidates, cell, anchor):
            counts.append((evaluator.count(leader.count, cell), placed.card.id, cell))
    what = f"the leader of {WRITER.selector(leader.candidates)}"
    if not counts:
        return f"{what}: none in the area"
    counts.sort(key=lambda item: (-item[0], item[1]))
    top = [item for item in counts if item[0] == counts[0][0]]
    rest = ", ".join(f"{card} {value}" for value, card, _ in counts[len(top) :])
    against = f", against {rest}" if rest else ""
    if len(top) > 1:
        return (
            f"{what}: nobody, {' and '.join(card for _, card, _ in top)} tie with "
            f"{counts[0][0]}{against} (R24)"
        )
    value, card, cell = counts[0]
    return f"{what} is {card} ({cell_name(cell)}), counting {value}{against}"
