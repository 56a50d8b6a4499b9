"""The write-side article's TTL cost model (§6), reconstructed from its printed numbers.

The article prints, per memory class and TTL T, a total cost split into mislead / loss / cleanup minutes,
but not the formula. Every one of its 13 printed rows is reproduced to the printed precision by

    mislead(T) = N · m · g(T)      loss(T) = N · l · g(T)      cleanup = N · c      g(T) = 1 − exp(−T / 365)

with the per-class constants below (N items; m, l, c minutes per item at saturation; c = 0.5 everywhere).
Check: semi class at T = 365 → g = 0.63212 → mislead 150·5.25·g = 497.8, loss 150·5·g = 474.1 (printed
497.8 / 474.1); at T = 21 → 44.0 / 41.9 (printed 44.0 / 41.9). Both terms grow with T, so the model's
per-class optimum is always the shortest TTL — the article itself flags its loss cost as mis-set; we keep
the model as printed so the −48.3% can be checked, and say so in the report.

Example:
    >>> round(class_cost("semi", 365)["total"], 1)
    1046.9
"""

from __future__ import annotations

import math

RAMP_DAYS = 365.0

# class -> (items N, mislead per item m, loss per item l, cleanup per item c)
CLASSES: dict[str, tuple[int, float, float, float]] = {
    "stable": (50, 0.36, 3.0, 0.5),
    "semi": (150, 5.25, 5.0, 0.5),
    "volatile": (300, 2.55, 1.5, 0.5),
}

ARTICLE_SEMI_SWEEP = {21: 161.0, 60: 308.1, 90: 411.0, 180: 673.5, 365: 1046.9, 730: 1404.4, 3650: 1612.4}
ARTICLE_TIERED = {"stable": 193.0, "semi": 673.5, "volatile": 217.9}
ARTICLE_UNIFORM = {"stable": 131.2, "semi": 1046.9, "volatile": 918.0}
ARTICLE_TOTALS = {"uniform": 2096.1, "tiered": 1084.5, "improvement": 0.483}


def class_cost(name: str, ttl_days: float) -> dict[str, float]:
    """Mislead, loss, cleanup and total minutes for class `name` kept for `ttl_days`."""
    if name not in CLASSES:
        raise ValueError(f"unknown memory class {name!r}; expected one of {sorted(CLASSES)}")
    if not ttl_days > 0:
        raise ValueError(f"ttl_days must be positive, got {ttl_days}")
    n, m, l_, c = CLASSES[name]
    g = 1.0 - math.exp(-ttl_days / RAMP_DAYS)
    out = {"mislead": n * m * g, "loss": n * l_ * g, "cleanup": n * c}
    out["total"] = out["mislead"] + out["loss"] + out["cleanup"]
    return out
