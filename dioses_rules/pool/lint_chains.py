"""DL117: the chains of ``scores like`` between Myth cards: none comes back
to itself, and none follows more than :data:`MAX_SCORES_LIKE` of them.
Each function takes the :class:`lint.DefinitionChecker` that records."""

from __future__ import annotations

from ..language import model as m
from ..language.limits import MAX_SCORES_LIKE
from .lint_checker import Checker


def check_scores_like_chains(checker: Checker) -> None:
    """DL117: no card scores like itself through a chain of 'scores like',
    and no chain follows more than :data:`MAX_SCORES_LIKE` of them (each
    nests the other card's lines once more). One depth-first walk with
    its own stack: a chain of any length is no recursion."""
    edges = {
        card.id: list(m.scores_like_lines(card.lines)) for card in checker.registry.myth_cards()
    }
    links: dict[str, int] = {}  # card id -> the most 'scores like' a chain from it follows
    longest: dict[str, m.ScoresLike] = {}  # card id -> its line that starts that chain
    on_path: dict[str, int] = {}  # card id -> its place on the current path
    circling: set[str] = set()  # cards of a circle (reported as one)
    for root in edges:
        if root in links:
            continue
        path, pending = [root], [iter(edges[root])]
        on_path[root] = 0
        while pending:
            line = next(pending[-1], None)
            if line is None:
                done = path.pop()
                pending.pop()
                del on_path[done]
                links[done] = 0
                for link in edges[done]:
                    if link.card not in on_path and 1 + links.get(link.card, 0) > links[done]:
                        links[done], longest[done] = 1 + links.get(link.card, 0), link
                if links[done] == MAX_SCORES_LIKE + 1 and done not in circling:
                    _too_long(checker, done, longest)
            elif line.card in on_path:
                circle = path[on_path[line.card] :] + [line.card]
                circling.update(circle)
                checker.add(
                    "DL117",
                    "'scores like' goes round in a circle: " + _chain_text(circle),
                    line,
                    help="one of these cards must score by lines of its own",
                )
            elif line.card in edges and line.card not in links:
                on_path[line.card] = len(path)
                path.append(line.card)
                pending.append(iter(edges[line.card]))


def _too_long(checker: Checker, card_id: str, longest: dict[str, m.ScoresLike]) -> None:
    chain, at = [card_id], card_id
    while at in longest:
        at = longest[at].card
        chain.append(at)
    checker.add(
        "DL117",
        f"a chain of 'scores like' follows more than {MAX_SCORES_LIKE}: " + _chain_text(chain),
        longest[card_id],
        help="let a card of this chain score by lines of its own",
    )


def _chain_text(cards: list[str]) -> str:
    """'a -> b -> c', the middle of a long chain left out."""
    if len(cards) > 12:
        cards = cards[:5] + [f"({len(cards) - 10} more)"] + cards[-5:]
    return " -> ".join(cards)
