"""Why a scenario's leaders are who they are, in the reader's language: the
most common mythology or type (strictly the most face-up cards, nobody on a
tie, R24) and the leader among candidates, said with printed names and the
declared words ("the most common mythology is Egyptian: 8 cards, against
Greek 2 and Norse 2" / "la mitología más común es la egipcia: 8 cartas,
frente a griega 2 y nórdica 2"). The same judgement as the engine's own
notes (:mod:`dioses_rules.scoring.explain`), which name ids and rulings
for designers; these are for players: no ids, no ruling codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..language import model as m
from ..language.spanish_words import join as spanish_join
from ..language.texts import Texts
from ..language.walk import iter_nodes
from ..scoring.area import Area
from ..scoring.evaluator import Evaluator, Facts, values_of
from ..scoring.report import ScoreReport
from . import N_, words
from .names import cell_place, name_of

# by attribute: its vocabulary's kind, and the sentences of one value, of a
# tie and of no card face up
_SAID = {
    m.Attribute.MYTHOLOGY: (
        "mythology",
        N_("the most common mythology is {value}: {cards}{against}"),
        N_("no most common mythology: {tied} tie with {cards} each{against}"),
        N_("no most common mythology: no card is face up"),
    ),
    m.Attribute.TYPE: (
        "type",
        N_("the most common card type is {value}: {cards}{against}"),
        N_("no most common card type: {tied} tie with {cards} each{against}"),
        N_("no most common card type: no card is face up"),
    ),
}


def report_facts(report: ScoreReport, scenario_state: dict[str, str] | None = None) -> Facts:
    """What a scenario's conditions know beyond the area, from a report (as
    the engine judged them: each card's points, the patterns completed, the
    laws met, the total)."""
    return Facts(
        card_points={c.cell: c.points for c in report.cards},
        patterns_completed=sum(1 for p in report.patterns if p.completed),
        laws_met=sum(1 for law in report.laws if law.points > 0),
        total=report.total,
        scenario_state=dict(scenario_state or {}),
        all_face_up_at_end=report.all_face_up_before_reveal,
    )


def leader_sentences(
    texts: Texts,
    area: Area,
    conditions: Sequence[m.Condition],
    facts: Facts,
    lang: str,
) -> list[str]:
    """One sentence per 'most common' and leader the conditions ask about, each once."""
    said: list[str] = []
    seen: set[object] = set()
    for node in iter_nodes(tuple(conditions)):
        if isinstance(node, m.MostCommon) and node.attribute not in seen:
            seen.add(node.attribute)
            said.append(most_common_sentence(texts, area, node.attribute, lang))
        elif isinstance(node, m.Leader) and (node.candidates, node.count) not in seen:
            seen.add((node.candidates, node.count))
            said.append(leader_sentence(texts, Evaluator(area, facts), node, lang))
    return said


def _join(items: list[str], lang: str) -> str:
    if lang == "es":
        return spanish_join(items, "y")
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _value_word(texts: Texts, attribute: m.Attribute, value: str, lang: str) -> str:
    """A mythology's or type's word: "Egyptian", "god" / "egipcia", "dios"."""
    vocabulary = texts.vocabulary
    kind = _SAID[attribute][0]
    if lang == "es":
        if attribute is m.Attribute.MYTHOLOGY:  # agreeing with "la mitología"
            return vocabulary.spanish_adjective(value).agree(True, False)
        return vocabulary.spanish_noun(value).singular
    return vocabulary.english(kind, value)


def _against(others: list[tuple[str, int]], lang: str) -> str:
    if not others:
        return ""
    _ = words(lang)._
    return _(", against {others}").format(
        others=_join([f"{word} {count}" for word, count in others], lang)
    )


def most_common_sentence(texts: Texts, area: Area, attribute: m.Attribute, lang: str) -> str:
    """The value with strictly the most face-up cards, or the tie (R24)."""
    say = words(lang)
    _ = say._
    tally: dict[str, int] = {}
    for placed in area.cells:
        if placed is not None and placed.face_up:
            for value in values_of(placed.card, attribute):
                tally[value] = tally.get(value, 0) + 1
    _kind, one, tie, none = _SAID[attribute]
    if not tally:
        return _(none)
    ranked = sorted(tally.items(), key=lambda item: (-item[1], item[0]))
    most = ranked[0][1]
    best = [_value_word(texts, attribute, v, lang) for v, n in ranked if n == most]
    others = [(_value_word(texts, attribute, v, lang), n) for v, n in ranked if n != most]
    cards = say.ngettext("{count} card", "{count} cards", most).format(count=most)
    if len(best) > 1:
        return _(tie).format(tied=_join(best, lang), cards=cards, against=_against(others, lang))
    return _(one).format(value=best[0], cards=cards, against=_against(others, lang))


def leader_sentence(
    texts: Texts, evaluator: Evaluator, leader: m.Leader, lang: str, anchor: int | None = None
) -> str:
    """The candidate whose count is strictly the highest, or the tie (R24)."""
    _ = words(lang)._
    area = evaluator.area
    counts: list[tuple[int, str, int]] = []  # (count, name, cell)
    for cell, placed in enumerate(area.cells):
        if placed is not None and evaluator.matches(leader.candidates, cell, anchor):
            name = name_of(placed.card, lang)
            counts.append((evaluator.count(leader.count, cell), name, cell))
    among = texts.writer.noun(leader.candidates, plural=True)
    if not counts:
        return _("no leader among {among}: none is in the area").format(among=among)
    counts.sort(key=lambda item: (-item[0], item[1]))
    top = [item for item in counts if item[0] == counts[0][0]]
    against = _against([(name, value) for value, name, _cell in counts[len(top) :]], lang)
    if len(top) > 1:
        return _("no leader among {among}: {tied} tie with {count}{against}").format(
            among=among,
            tied=_join([name for _value, name, _cell in top], lang),
            count=top[0][0],
            against=against,
        )
    value, name, cell = top[0]
    return _("the leader among {among} is {name} ({place}), counting {count}{against}").format(
        among=among, name=name, place=cell_place(cell, lang), count=value, against=against
    )
