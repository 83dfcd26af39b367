"""Mean and spread (population standard deviation) of a list of numbers: the
one summary every report uses (balance, simulate)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def mean_spread(values: Sequence[float]) -> tuple[float, float]:
    """(mean, spread); (0.0, 0.0) for no values."""
    if not values:
        return 0.0, 0.0
    mean = sum(values) / len(values)
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def summary(values: Sequence[float]) -> dict[str, float]:
    """Mean and spread rounded to 3 places, with the least and greatest value."""
    if not values:
        return {"mean": 0.0, "spread": 0.0, "min": 0, "max": 0}
    mean, spread = mean_spread(values)
    return {
        "mean": round(mean, 3),
        "spread": round(spread, 3),
        "min": min(values),
        "max": max(values),
    }
