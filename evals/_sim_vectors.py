"""Near-duplicate vectors for the dedup eval (write-side article §3), and the cluster quality metrics.

`facts` random unit vectors in `dim` dimensions are the true facts; `with_dups` of them get `dups_each`
near-duplicates whose cosine to their fact is drawn from N(`cos_mean`, `cos_sd`) (clipped to
[0.5, 0.999]) and built exactly at that cosine: `c·v + sqrt(1 − c²)·u` with u a random unit vector
orthogonal to v. The article says only "cos ≈ 0.88"; its own table (6 redundant clusters left at 0.70,
76 at 0.98) implies a wide spread, so the default sd is 0.08 (documented in the report).

Example:
    >>> vecs, fact_of = near_duplicates(seed=1)
    >>> vecs.shape, len(set(fact_of.tolist()))
    ((200, 64), 120)
    >>> cluster_metrics(fact_of.tolist(), fact_of.tolist())["lost_facts"]
    0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def near_duplicates(
    *,
    facts: int = 120,
    with_dups: int = 40,
    dups_each: int = 2,
    dim: int = 64,
    cos_mean: float = 0.88,
    cos_sd: float = 0.08,
    seed: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """Shuffled candidate vectors (unit rows) and the true fact id of each row."""
    if not 0 <= with_dups <= facts:
        raise ValueError(f"with_dups must be in [0, facts], got {with_dups}")
    if dim < 2 or facts < 1 or dups_each < 0:
        raise ValueError("need dim >= 2, facts >= 1, dups_each >= 0")
    if not -1.0 < cos_mean < 1.0 or cos_sd < 0:
        raise ValueError(f"cos_mean must be in (-1, 1) and cos_sd >= 0, got {cos_mean}, {cos_sd}")
    rng = np.random.default_rng(seed)
    base = rng.standard_normal((facts, dim))
    base /= np.linalg.norm(base, axis=1, keepdims=True)
    rows, owner = [base], [np.arange(facts)]
    src = np.repeat(np.arange(with_dups), dups_each)
    if src.size:
        v = base[src]
        u = rng.standard_normal(v.shape)
        u -= (u * v).sum(axis=1, keepdims=True) * v
        u /= np.linalg.norm(u, axis=1, keepdims=True)
        c = np.clip(rng.normal(cos_mean, cos_sd, size=(src.size, 1)), 0.5, 0.999)
        rows.append(c * v + np.sqrt(1 - c**2) * u)
        owner.append(src)
    vecs, fact_of = np.vstack(rows).astype(np.float32), np.concatenate(owner)
    order = rng.permutation(len(fact_of))
    return vecs[order], fact_of[order]


def cluster_metrics(labels: Sequence[Any], fact_of: Sequence[int], *, top: int = 10) -> dict[str, Any]:
    """Quality of a clustering of candidates whose true facts are `fact_of`.

    A cluster keeps ONE memory, its first member (the representative dedup keeps). `lost_facts`: true facts
    no cluster keeps. `redundant`: clusters beyond one per kept fact. `top_slots_article`: the article's
    figure, redundant × top / candidates; `top_slots_share`: redundant share of stored memories × top.
    """
    if len(labels) != len(fact_of):
        raise ValueError(f"labels ({len(labels)}) and fact_of ({len(fact_of)}) differ in length")
    rep: dict[Any, int] = {}
    for lab, fact in zip(labels, fact_of, strict=True):
        rep.setdefault(lab, int(fact))
    clusters = len(rep)
    kept = set(rep.values())
    redundant = clusters - len(kept)
    return {
        "clusters": clusters,
        "lost_facts": len(set(map(int, fact_of))) - len(kept),
        "redundant": redundant,
        "top_slots_article": redundant * top / len(labels),
        "top_slots_share": redundant * top / clusters if clusters else 0.0,
    }
