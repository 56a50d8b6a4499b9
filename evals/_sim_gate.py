"""Scored candidate memories whose precision/recall curve is the write-side article's (§1).

The article "constructed" its curve and printed P and R at eight thresholds (0.50 … 0.95). For `positives`
memory-worthy candidates we place, inside each threshold interval, exactly the number of positives and
negatives that make the accepted set (score ≥ thr) have the printed P and R — scores uniform inside the
interval. Below 0.50 sit the remaining positives (3%) and `extra_negatives` × positives more negatives.
Feeding these to a gate that accepts at score ≥ thr then reproduces the article's table to rounding.

Example:
    >>> scores, labels = article_curve(positives=1000, seed=0)
    >>> acc = [y for s, y in zip(scores, labels) if s >= 0.6]
    >>> round(sum(acc) / len(acc), 3), round(sum(acc) / sum(labels), 3)
    (0.622, 0.832)
"""

from __future__ import annotations

import numpy as np

# thr: (precision, recall) as printed
ARTICLE_PR = {0.50: (0.5200, 0.9700), 0.60: (0.6222, 0.8322), 0.70: (0.7244, 0.6944), 0.75: (0.7756, 0.6256),
              0.80: (0.8267, 0.5567), 0.85: (0.8778, 0.4878), 0.90: (0.9289, 0.4189), 0.95: (0.9800, 0.3500)}
ARTICLE_F1 = {0.50: 0.6770, 0.60: 0.7121, 0.70: 0.7091, 0.75: 0.6925, 0.80: 0.6653, 0.85: 0.6271, 0.90: 0.5774,
              0.95: 0.5158}


def article_curve(*, positives: int = 1000, extra_negatives: float = 0.5, seed: int = 0) -> tuple[list[float], list[int]]:
    """(scores, labels) with label 1 = worth remembering."""
    if positives < 10:
        raise ValueError(f"positives must be >= 10, got {positives}")
    if extra_negatives < 0:
        raise ValueError(f"extra_negatives must be >= 0, got {extra_negatives}")
    rng = np.random.default_rng(seed)
    thrs = sorted(ARTICLE_PR)
    tp = {t: round(ARTICLE_PR[t][1] * positives) for t in thrs}
    fp = {t: round(tp[t] * (1 - ARTICLE_PR[t][0]) / ARTICLE_PR[t][0]) for t in thrs}
    scores: list[float] = []
    labels: list[int] = []
    bounds = [*thrs, 1.0]
    for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
        n_pos = tp[lo] - (tp[hi] if hi in tp else 0)
        n_neg = fp[lo] - (fp[hi] if hi in fp else 0)
        top = hi if hi < 1.0 else 1.0 + 1e-9
        for n, y in ((n_pos, 1), (n_neg, 0)):
            scores += rng.uniform(lo, top, size=n).clip(max=1.0).tolist()
            labels += [y] * n
    low_neg = round(extra_negatives * positives)
    scores += rng.uniform(0.0, thrs[0], size=positives - tp[thrs[0]] + low_neg).tolist()
    labels += [1] * (positives - tp[thrs[0]]) + [0] * low_neg
    return scores, labels
