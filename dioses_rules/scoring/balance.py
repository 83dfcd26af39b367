"""Balance report: how each Myth card scores on random full areas.

Deals N random 12-card areas from the loaded Myth pool (every card face up,
as at the final scoring, R12), scores every card, and summarises per card:
mean, spread (standard deviation), how often it scores (R24: more than 0).
Reconstructed cards should stay within the range of the printed ones.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import islice
from typing import Any

from attrs import frozen

from ..errors import DiosesError
from ..language import model as m
from ..language.limits import value_text
from ..language.walk import iter_nodes
from ..parallel import pieces, run_pieces
from .area import SIZE, Area, Placed
from .batch import Tallies, tally_areas, tally_batches
from .deal import sample_indices
from .evaluator import Facts
from .extremes import mentions
from .judges import wants_compiled
from .score import card_points


@frozen
class CardStats:
    card: m.MythCard
    dealt: int
    mean: float
    spread: float
    score_rate: float
    flags: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.card.id,
            "provenance": self.card.provenance.value,
            "dealt": self.dealt,
            "mean": round(self.mean, 3),
            "spread": round(self.spread, 3),
            "score_rate": round(self.score_rate, 3),
            "flags": list(self.flags),
        }


@frozen
class BalanceReport:
    boards: int
    seed: int
    face_up_end: bool
    mean_total: float
    spread_total: float
    printed_range: tuple[float, float]
    cards: tuple[CardStats, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "boards": self.boards,
            "seed": self.seed,
            "face_up_end": self.face_up_end,
            "mean_total": round(self.mean_total, 3),
            "spread_total": round(self.spread_total, 3),
            "printed_mean_range": [round(x, 3) for x in self.printed_range],
            "cards": [c.to_json() for c in self.cards],
        }


def is_unconditional(card: m.MythCard) -> bool:
    """Scores whatever the board (Geb and Nut's plain 1p)."""
    return any(isinstance(line, m.Fixed) and line.condition is None for line in card.lines)


def deal_areas(pool: Sequence[m.MythCard], boards: int, rng: random.Random) -> Iterator[Area]:
    """``boards`` areas dealt from ``pool``: every cell filled, face up."""
    for _ in range(boards):
        cards = rng.sample(list(pool), SIZE)
        yield Area(tuple(Placed(card, True) for card in cards))


def needs_face_up_end(card: m.MythCard) -> bool:
    """A card whose lines ask for an area ended all face up (R21)."""
    return mentions(card.lines, m.AllFaceUpAtEnd)


# A card's summary: (how often dealt, mean, spread, how often it scored more than 0).
Summary = tuple[int, float, float, int]
BATCH_FROM = 5000  # areas: from this many, side by side (batch.tally_batches)
PIECE = 65_536  # areas scored at a time, in this process or by one worker


def never_scores_why(card: m.MythCard, pool: Sequence[m.MythCard]) -> str | None:
    """Why a card that never scored on random areas cannot, when the reason
    lies in its text and the pool: it asks about face-down cards (every card
    is face up at the final scoring, R12) or names a card or tag that no
    card of the pool is or has. None when no such reason shows."""
    names = {card.id for card in pool} | {tag for card in pool for tag in card.tags}
    for node in iter_nodes(card.lines):
        if isinstance(node, m.FaceIs) and not node.face_up:
            return "it asks about face-down cards, and every card is face up at the end (R12)"
        if isinstance(node, m.Named) and node.name not in names:
            return f"it names '{node.name}', which no card of the pool is or has as a tag"
    return None


def printed_range(means: Mapping[str, float], printed: Iterable[str]) -> tuple[float, float] | None:
    """The lowest and highest mean of the printed cards dealt (None: none)."""
    found = [means[card_id] for card_id in printed if card_id in means]
    return (min(found), max(found)) if found else None


def balance(
    pool: Sequence[m.MythCard],
    boards: int = 2000,
    seed: int = 1,
    far_above: float = 1.5,
    face_up_end: bool = False,
    evaluator: str = "compiled",
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    printed: Sequence[str] | None = None,
    reference: tuple[float, float] | None = None,
) -> BalanceReport:
    """``face_up_end``: judge every area as ended all face up (as in solo
    mode, R21); otherwise as not, and cards that need it are not flagged for
    never scoring. ``evaluator``: "compiled" scores the areas in one batch
    (``batch``) with a fast deal of the same cards (``deal``); "reference"
    deals and scores one area at a time with the reference evaluator. Both
    give the same report for the same seed. The compiled path scores pieces
    of the deal on ``workers`` processes, or on the Dask cluster at
    ``scheduler`` (:mod:`dioses_rules.parallel`): the deal is made here,
    from the one seed, and the tallies are counts, so the report is the same
    for any number of workers. ``progress(n)`` after every ``n`` areas."""
    if len(pool) < SIZE:
        raise ValueError(f"a full area needs {SIZE} Myth cards; the pool has {len(pool)}")
    rng = random.Random(seed)
    facts = Facts(all_face_up_at_end=face_up_end)
    if wants_compiled(evaluator):
        summaries, totals = _dealt_in_a_batch(
            pool, boards, rng, facts, workers, scheduler, progress
        )
    else:
        summaries, totals = _dealt_one_by_one(pool, boards, rng, facts)
    by_id = {card.id: card for card in pool}
    means = {card_id: mean for card_id, (dealt, mean, _, _) in summaries.items() if dealt}
    printed_ids = set(
        [c.id for c in pool if c.provenance is m.Provenance.PRINTED] if printed is None else printed
    )
    low, high = (
        reference or printed_range(means, printed_ids) or (0.0, max(means.values(), default=0))
    )
    stats = []
    for card_id, (dealt, mean, spread, scored) in summaries.items():
        card = by_id[card_id]
        rate = scored / dealt if dealt else 0.0
        flags = []
        if dealt and rate == 0:
            if needs_face_up_end(card) and not face_up_end:
                flags.append("scores only when the area ends all face up (--face-up-end)")
            else:
                why = never_scores_why(card, pool)
                flags.append(f"never scores: {why}" if why else "never scores")
        if dealt and rate == 1 and not is_unconditional(card):
            flags.append("always scores")
        if high and mean > high * far_above:
            flags.append(f"far above the printed cards (> {far_above} x {high:.2f})")
        elif high and mean > high and card.id not in printed_ids:
            flags.append(f"above the printed cards (best printed {high:.2f})")
        stats.append(CardStats(card, dealt, mean, spread, rate, tuple(flags)))
    stats.sort(key=lambda s: (-s.mean, s.card.id))
    mean_total, spread_total = totals
    return BalanceReport(
        boards, seed, face_up_end, mean_total, spread_total, (low, high), tuple(stats)
    )


def _dealt_one_by_one(
    pool: Sequence[m.MythCard], boards: int, rng: random.Random, facts: Facts
) -> tuple[dict[str, Summary], tuple[float, float]]:
    """The reference path: an Area per deal, scored by the reference evaluator."""
    per_card: dict[str, Counter[int]] = {card.id: Counter() for card in pool}
    totals: Counter[int] = Counter()
    for area in deal_areas(pool, boards, rng):
        points = card_points(area, facts, evaluator="reference")
        totals[sum(points.values())] += 1
        for cell, value in points.items():
            placed = area.cells[cell]
            assert placed is not None, "a dealt area is full, and only its cards score"
            per_card[placed.card.id][value] += 1
    return summarised(per_card), counted_mean_spread(totals, "")


def _tally_piece(shared: tuple[Sequence[m.MythCard], Facts], areas: list[Sequence[int]]) -> Tallies:
    """One piece of the deal, scored (in this process or a worker)."""
    pool, facts = shared
    if len(areas) >= BATCH_FROM and len(pool) <= 256:  # an index is a byte
        return tally_batches(pool, areas, facts)
    return tally_areas(pool, areas, facts)  # compiling for batches costs more than it saves


def _dealt_in_a_batch(
    pool: Sequence[m.MythCard],
    boards: int,
    rng: random.Random,
    facts: Facts,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[dict[str, Summary], tuple[float, float]]:
    """The same cards dealt (``deal``), scored in batches and tallied."""
    areas = sample_indices(rng, len(pool), SIZE, boards)
    size = PIECE if boards >= BATCH_FROM else boards
    work: list[list[Sequence[int]]] = [  # each area's card indices: bytes when they fit
        [bytes(area) if len(pool) <= 256 else list(area) for area in islice(areas, n)]
        for n in (len(piece) for piece in pieces(boards, -(-boards // size)))
    ]

    def done(piece: list[Sequence[int]], _: Tallies) -> None:
        if progress is not None:
            progress(len(piece))

    tallies = Tallies()
    for tallied in run_pieces(_tally_piece, (list(pool), facts), work, workers, scheduler, done):
        tallies.points.update(tallied.points)
        tallies.totals.update(tallied.totals)
    per_card: dict[str, Counter[int]] = {card.id: Counter() for card in pool}
    for (index, value), count in tallies.points.items():
        per_card[pool[index].id][value] += count
    return summarised(per_card), counted_mean_spread(tallies.totals, "")


def summarised(per_card: Mapping[str, Counter[int]]) -> dict[str, Summary]:
    """Each card's :data:`Summary`, from how often it made each number of points."""
    return {
        card_id: (
            sum(counts.values()),
            *counted_mean_spread(counts, card_id),
            sum(n for v, n in counts.items() if v > 0),
        )
        for card_id, counts in per_card.items()
    }


def counted_mean_spread(counts: Mapping[int, int], card_id: str) -> tuple[float, float]:
    """Mean and spread (population standard deviation) of whole points, given
    as value -> how often, computed exactly on integers and turned into
    floats once: points of any size that a float can hold are summarised,
    never overflowing midway (a float mean of huge integers overflows).
    Points beyond a float are the project's error, naming the card ('' for
    the areas' totals)."""
    count = sum(counts.values())
    if not count:
        return 0.0, 0.0
    total = sum(value * n for value, n in counts.items())
    scale = max(abs(value) for value, n in counts.items() if n) or 1
    spread = math.sqrt(
        Fraction(
            sum(n * (count * value - total) ** 2 for value, n in counts.items()),
            count**3 * scale**2,
        )
    )
    try:
        mean, spread = float(Fraction(total, count)), spread * float(scale)
    except OverflowError:
        mean = spread = math.inf
    if math.isinf(spread):
        whose = f"card '{card_id}'" if card_id else "an area"
        raise DiosesError(
            f"the points of {whose} on one area ({value_text(scale)}) are more "
            "than a balance report can summarise"
        )
    return mean, spread
