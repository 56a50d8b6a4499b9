"""Vectorised generator of conflict scenarios (write-side article §5), turned into real MemoryRecords.

One scenario = one fact (subject, predicate) about which the user is heard 1–6 times. Each statement is
an explicit correction with probability `p_correction` (source `explicit_correction`, confidence 0.95,
always the true value) or an extractor write (source `inferred`, confidence 0.6, the true value only with
probability `p_extractor_right`, otherwise one of `wrong_values` wrong values — by default one: the stale
value the extractor keeps re-writing). `extractor_conf_sd` > 0 draws the extractor's confidence from
N(0.6, sd) clipped to [0.05, 0.99] instead of exactly 0.6: a real extractor's self-reported confidence is
noisy, and that noise is what lets a wrong write outrank a correction under confidence weighting.

Ambiguity resolved here (documented in the report): the article's "truth" is what the user explicitly
says ("模型判定的真值"), and its explicit-correction-first strategy scores 100%, so every scenario carries
at least one correction. A scenario drawn without one gets one: by default its LAST statement becomes
the correction (a correction is the user's reaction to a wrong memory); `forced_at="random"` puts it at a
random position instead (the article notes corrections often come mid-conversation).

Example:
    >>> sc = generate_scenarios(4, seed=1)
    >>> len(sc.sizes), int(sc.sizes.sum()) == len(sc.values)
    (4, True)
    >>> recs = scenario_records(sc, 0)
    >>> all(r.subject == recs[0].subject for r in recs)
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import numpy as np

from langmem_nodes.records import MemoryRecord, Polarity, Scope, Source, Status

EXPLICIT_CONFIDENCE = 0.95
EXTRACTOR_CONFIDENCE = 0.6
_T0 = datetime(2026, 1, 1, tzinfo=UTC)
_SCOPE = Scope(user_id="sim", level="user")
_TEMPLATE = MemoryRecord(id="s0_0", text="fact", subject="user", predicate="fact", object="v0",
                         polarity=Polarity.POSITIVE, scope=_SCOPE, status=Status.ACTIVE, created_at=_T0)


@dataclass(frozen=True)
class Scenarios:
    """Flat arrays: statement i belongs to scenario `owner[i]`; value 0 is the truth."""

    sizes: np.ndarray  # statements per scenario
    starts: np.ndarray  # offset of each scenario's first statement
    explicit: np.ndarray  # bool per statement
    values: np.ndarray  # int per statement, 0 = true value
    confidence: np.ndarray  # float per statement


def generate_scenarios(
    trials: int,
    *,
    seed: int = 0,
    max_statements: int = 6,
    p_correction: float = 0.3,
    p_extractor_right: float = 0.15,
    wrong_values: int = 1,
    forced_at: str = "last",
    extractor_conf_sd: float = 0.0,
) -> Scenarios:
    """Draw `trials` scenarios with numpy (no Python loop over statements)."""
    if trials < 1:
        raise ValueError(f"trials must be >= 1, got {trials}")
    if max_statements < 1:
        raise ValueError(f"max_statements must be >= 1, got {max_statements}")
    for name, p in (("p_correction", p_correction), ("p_extractor_right", p_extractor_right)):
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"{name} must be in [0, 1], got {p}")
    if wrong_values < 1:
        raise ValueError(f"wrong_values must be >= 1, got {wrong_values}")
    if extractor_conf_sd < 0:
        raise ValueError(f"extractor_conf_sd must be >= 0, got {extractor_conf_sd}")
    if forced_at not in ("last", "random"):
        raise ValueError(f"forced_at must be 'last' or 'random', got {forced_at!r}")
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, max_statements + 1, size=trials)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    total = int(sizes.sum())
    owner = np.repeat(np.arange(trials), sizes)
    explicit = rng.random(total) < p_correction
    has = np.zeros(trials, dtype=bool)
    np.logical_or.at(has, owner, explicit)
    lacking = np.flatnonzero(~has)
    if forced_at == "last":
        pos = starts[lacking] + sizes[lacking] - 1
    else:
        pos = starts[lacking] + (rng.random(lacking.size) * sizes[lacking]).astype(int)
    explicit[pos] = True
    right = explicit | (rng.random(total) < p_extractor_right)
    values = np.where(right, 0, rng.integers(1, wrong_values + 1, size=total))
    noise = rng.normal(0.0, extractor_conf_sd, size=total) if extractor_conf_sd else np.zeros(total)
    conf = np.where(explicit, EXPLICIT_CONFIDENCE, np.clip(EXTRACTOR_CONFIDENCE + noise, 0.05, 0.99))
    return Scenarios(sizes=sizes, starts=starts, explicit=explicit, values=values, confidence=conf)


def scenario_records(sc: Scenarios, i: int) -> list[MemoryRecord]:
    """Scenario `i` as MemoryRecords in arrival order (one minute apart), object `v0` being the truth."""
    start, size = int(sc.starts[i]), int(sc.sizes[i])
    out = []
    for j in range(size):
        ex = bool(sc.explicit[start + j])
        value = int(sc.values[start + j])
        obj = f"v{value}"
        # A shallow copy of one validated template: these records are generated, not user input, and
        # validating ~175k of them would dominate the eval's run time.
        out.append(_TEMPLATE.model_copy(update={
            "id": f"s{i}_{j}", "text": f"fact {i}: {obj}", "predicate": f"fact_{i}", "object": obj,
            "source": Source.EXPLICIT_CORRECTION if ex else Source.INFERRED,
            "confidence": float(sc.confidence[start + j]), "created_at": _T0 + timedelta(minutes=j),
        }))
    return out
