"""Balance report: how each Myth card scores on random full areas.

Deals N random 12-card areas from the loaded Myth pool (every card face up,
as at the final scoring, R12), scores every card, and summarises per card:
mean, spread (standard deviation), how often it scores (R24: more than 0).
Reconstructed cards should stay within the range of the printed ones.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Sequence

from attrs import frozen

from ..errors import DiosesError
from ..language import model as m
from ..language.limits import value_text
from ..language.walk import iter_nodes
from .area import SIZE, Area, Placed
from .evaluator import Facts
from .score import card_points


@frozen
class CardStats:
    card: m.MythCard
    dealt: int
    mean: float
    spread: float
    score_rate: float
    flags: tuple[str, ...]

    def to_json(self) -> dict:
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

    def to_json(self) -> dict:
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


def deal_areas(pool: Sequence[m.MythCard], boards: int, rng: random.Random):
    for _ in range(boards):
        cards = rng.sample(list(pool), SIZE)
        yield Area(tuple(Placed(card, True) for card in cards))


def needs_face_up_end(card: m.MythCard) -> bool:
    """A card whose lines ask for an area ended all face up (R21)."""
    return any(isinstance(node, m.AllFaceUpAtEnd) for node in iter_nodes(card.lines))


def balance(pool: Sequence[m.MythCard], boards: int = 2000, seed: int = 1,
            far_above: float = 1.5, face_up_end: bool = False) -> BalanceReport:
    """``face_up_end``: judge every area as ended all face up (as in solo
    mode, R21); otherwise as not, and cards that need it are not flagged for
    never scoring."""
    if len(pool) < SIZE:
        raise ValueError(f"a full area needs {SIZE} Myth cards; the pool has {len(pool)}")
    rng = random.Random(seed)
    per_card: dict[str, list[int]] = {card.id: [] for card in pool}
    totals = []
    facts = Facts(all_face_up_at_end=face_up_end)
    for area in deal_areas(pool, boards, rng):
        points = card_points(area, facts)
        totals.append(sum(points.values()))
        for cell, value in points.items():
            per_card[area.cells[cell].card.id].append(value)

    by_id = {card.id: card for card in pool}
    summaries = {card_id: _mean_spread(values, card_id) for card_id, values in per_card.items()}
    means = {card_id: mean for card_id, (mean, _) in summaries.items()}
    printed = [means[c.id] for c in pool if c.provenance is m.Provenance.PRINTED
               and per_card[c.id]]
    low, high = (min(printed), max(printed)) if printed else (0.0, max(means.values(), default=0))
    stats = []
    for card_id, values in per_card.items():
        card = by_id[card_id]
        mean, spread = summaries[card_id]
        rate = sum(1 for v in values if v > 0) / len(values) if values else 0.0
        flags = []
        if values and rate == 0:
            if needs_face_up_end(card) and not face_up_end:
                flags.append("scores only when the area ends all face up (--face-up-end)")
            else:
                flags.append("never scores")
        if values and rate == 1 and not is_unconditional(card):
            flags.append("always scores")
        if high and mean > high * far_above:
            flags.append(f"far above the printed cards (> {far_above} x {high:.2f})")
        stats.append(CardStats(card, len(values), mean, spread, rate, tuple(flags)))
    stats.sort(key=lambda s: (-s.mean, s.card.id))
    mean_total, spread_total = _mean_spread(totals, "")
    return BalanceReport(boards, seed, face_up_end, mean_total, spread_total, (low, high),
                         tuple(stats))


def _mean_spread(values: Sequence[int], card_id: str) -> tuple[float, float]:
    """Mean and spread (population standard deviation) of whole points,
    computed exactly on integers and turned into floats once: points of any
    size that a float can hold are summarised, never overflowing midway (a
    float mean of huge integers overflows). Points beyond a float are the
    project's error, naming the card ('' for the areas' totals)."""
    if not values:
        return 0.0, 0.0
    count, total = len(values), sum(values)
    scale = max(abs(value) for value in values) or 1
    # variance / scale**2 = sum((count * v - total)**2) / (count**3 * scale**2), at most 4
    spread = math.sqrt(Fraction(sum((count * value - total) ** 2 for value in values),
                                count ** 3 * scale ** 2))
    try:
        mean, spread = float(Fraction(total, count)), spread * float(scale)
    except OverflowError:
        mean = spread = math.inf
    if math.isinf(spread):
        whose = f"card '{card_id}'" if card_id else "an area"
        raise DiosesError(f"the points of {whose} on one area ({value_text(scale)}) are more "
                          "than a balance report can summarise")
    return mean, spread
