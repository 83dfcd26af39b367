"""``scores like ID`` filled at pool load: each such line gets card ID's lines.

The pool fills them once, when it assembles the sets (never from text), so
that the line and the card it names cannot drift apart; a missing card, a
cycle or a chain longer than MAX_SCORES_LIKE leaves the line empty, and the
linter says why (DL117).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from attrs import evolve

from ..language import model as m
from ..language.limits import MAX_SCORES_LIKE

_ENDLESS = 1 << 30  # the length of a chain that never ends (a cycle)


def _chain_lengths(links: dict[str, list[str]]) -> dict[str, int]:
    """How many ``scores like`` links each card's longest chain follows (0:
    none; a missing card ends a chain; a cycle is endless), by an explicit
    stack rather than a recursion."""
    length: dict[str, int] = {}
    for start in links:
        stack, on_path = [start], {start}
        while stack:
            card = stack[-1]
            pending = [t for t in links.get(card, ()) if t in links and t not in length]
            cyclic = [t for t in pending if t in on_path]
            pending = [t for t in pending if t not in on_path]
            if cyclic:
                for stuck in stack:  # every card on the path reaches the cycle
                    length[stuck] = _ENDLESS
                break
            if pending:
                stack.append(pending[0])
                on_path.add(pending[0])
                continue
            stack.pop()
            on_path.discard(card)
            below = [length.get(t, 0) if t in links else 0 for t in links.get(card, ())]
            length[card] = min(1 + max(below), _ENDLESS) if below else 0
    return length


class HoldsDefinitions(Protocol):
    """A loaded set (``registry.LoadedSet``, which imports this module): its
    definitions are swapped for the filled ones."""

    definitions: tuple[m.Definition, ...]


def fill_scores_like(
    by_id: dict[tuple[str, str], tuple[m.Definition, str]], sets: Iterable[HoldsDefinitions]
) -> None:
    """Give every ``scores like ID`` line the lines of card ID (themselves
    filled first), in a registry's ``by_id`` and its loaded ``sets``. A missing card, a cycle or a chain of more than
    MAX_SCORES_LIKE leaves the line empty: the linter reports it (DL117).

    Chains are measured before anything is filled, by a loop rather than a
    recursion, so a chain of any length costs no stack, and a filled card
    never nests deeper than MAX_SCORES_LIKE (issue #23: 500 chained cards
    nested 500 deep and crashed every tree walk)."""
    links: dict[str, list[str]] = {}
    for (family, card_id), (definition, _) in by_id.items():
        if family == "myth" and isinstance(definition, m.MythCard):
            links[card_id] = [line.card for line in m.scores_like_lines(definition.lines)]
    length = _chain_lengths(links)
    filled: dict[str, m.MythCard] = {}
    for card_id in sorted((c for c in links if links[c]), key=lambda c: length[c]):
        card = by_id[("myth", card_id)][0]
        assert isinstance(card, m.MythCard)  # links holds only Myth cards

        def fill(line: m.ScoringLine, card_id: str = card_id) -> m.ScoringLine:
            if isinstance(line, m.Bounded):  # a bounded total or 'scores like'
                return evolve(line, lines=tuple(fill(inner) for inner in line.lines))
            if (
                isinstance(line, m.ScoresLike)
                and length.get(line.card, _ENDLESS) < MAX_SCORES_LIKE
                and line.card != card_id
            ):
                target = filled.get(line.card) or by_id[("myth", line.card)][0]
                assert isinstance(target, m.MythCard)
                return evolve(line, lines=target.lines)
            return line

        filled[card_id] = evolve(card, lines=tuple(fill(line) for line in card.lines))
    swaps = {}
    for key, (definition, set_id) in list(by_id.items()):
        if key[0] == "myth" and key[1] in filled:
            new = filled[key[1]]
            by_id[key] = (new, set_id)
            swaps[id(definition)] = new
    if swaps:
        for loaded in sets:
            loaded.definitions = tuple(swaps.get(id(d), d) for d in loaded.definitions)
