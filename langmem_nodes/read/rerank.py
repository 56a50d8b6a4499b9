"""RerankNode: hard filters first, then `final = (w_sim·sim + w_fresh·fresh·gate + w_src·src) × confidence`.

Hard filters (a memory failing one is dropped, whatever its similarity): in a visible partition, status
active (a challenger of a read-only memory waits as a `candidate`), not expired (unless verified within
`reverify_days`), confidence ≥ `confidence_floor`. Contradicting values are settled by `ConflictNode`.

`fresh = exp(−days_since_verified / τ)` with `verified_at`, else `created_at`; τ = 90 days.
Freshness breaks ties among similarly relevant memories; it is not a prior that outranks relevance:
`gate = clip(1 − (best sim − sim) / fresh_band, 0, 1)` over the hits that pass the filters, so a memory
within `fresh_band` (0.1) of the most similar one gets (part of) its freshness, one further down gets none,
and a fresh but unrelated memory can no longer climb over a months-old relevant one. `fresh_band=None`
gives the seed's ungated formula; among near-equals the newer memory still wins (what the gate
measured: docs/figures.md, "Relevance, abstention and fusion").
`src` from the source kind: an explicit statement or correction outranks an import, which outranks an
inference. Every part is kept in `ScoredMemory.breakdown` so a user can see why something ranked.
Imported turns that rise only by a neighbour's line are folded into that turn (`turn_views.collapse_views`).

Example:
    >>> from datetime import datetime, timedelta, UTC
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.state import ScoredMemory
    >>> now = datetime(2026, 1, 1, tzinfo=UTC)
    >>> rec = MemoryRecord(text="prefers tea", scope=Scope(user_id="ada"), source="explicit",
    ...                    confidence=0.9, created_at=now - timedelta(days=90))
    >>> out = RerankNode().run({"memory_hits": [ScoredMemory(record=rec, score=1.0, breakdown={"sim": 1.0})]},
    ...                        MemoryContext(user_id="ada"), now)
    >>> b = out["memory_hits"][0].breakdown
    >>> round(b["fresh"], 3), b["fresh_gate"], b["src"], round(b["final"], 3)
    (0.368, 1.0, 1.0, 0.729)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from ..node import MemoryNode, accepts_positional
from ..records import MemoryContext, MemoryRecord, Source, Status, as_utc
from ..state import ScoredMemory
from .turn_views import collapse_views

DEFAULT_SOURCE_WEIGHTS: Mapping[str, float] = {
    Source.EXPLICIT_CORRECTION.value: 1.0,
    Source.EXPLICIT.value: 1.0,
    Source.USER_EDITED.value: 1.0,
    Source.IMPORTED.value: 0.7,  # observed: came from a record the user keeps
    Source.DERIVED.value: 0.5,
    Source.INFERRED.value: 0.4,
}


class RerankNode(MemoryNode):
    """Filter and re-score `memory_hits` (best first).

    Args:
        sim_weight / fresh_weight / src_weight: the score weights (0.5 / 0.3 / 0.2).
        tau_days: freshness time constant τ.
        fresh_band: freshness counts fully at the best similarity and fades to nothing `fresh_band` below it
            (None: ungated, the seed's formula).
        confidence_floor: memories below it are dropped.
        reverify_days: an expired memory still passes if verified within this many days.
        source_weights: src value per `Source`.
        scorer: your own scoring, instead of the weighted sum: a function `scorer(hit: ScoredMemory, now:
            datetime) -> float` returning the final score (higher ranks first). The hard filters still run
            first; `hit.breakdown["sim"]` is recall's similarity, `hit.record` the memory. Example:
            `RerankNode(scorer=lambda hit, now: hit.breakdown["sim"] * hit.record.confidence)`.
    """

    name = "rerank"

    def __init__(
        self,
        *,
        sim_weight: float = 0.5,
        fresh_weight: float = 0.3,
        src_weight: float = 0.2,
        tau_days: float = 90.0,
        fresh_band: float | None = 0.1,
        confidence_floor: float = 0.3,
        reverify_days: float = 7.0,
        source_weights: Mapping[str, float] = DEFAULT_SOURCE_WEIGHTS,
        scorer: Callable[[ScoredMemory, datetime], float] | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        if scorer is not None and (not callable(scorer) or not accepts_positional(scorer, 2)):
            raise TypeError(f"scorer must be a function (hit: ScoredMemory, now: datetime) -> float, got {scorer!r}")
        self.scorer = scorer
        for name, w in (("sim_weight", sim_weight), ("fresh_weight", fresh_weight), ("src_weight", src_weight)):
            if w < 0:
                raise ValueError(f"{name} must not be negative, got {w!r}")
        if sim_weight + fresh_weight + src_weight <= 0:
            raise ValueError("at least one score weight must be positive")
        if tau_days <= 0:
            raise ValueError(f"tau_days must be positive, got {tau_days!r}")
        if fresh_band is not None and not fresh_band > 0:
            raise ValueError(f"fresh_band must be positive or None, got {fresh_band!r}")
        if not 0.0 <= confidence_floor <= 1.0:
            raise ValueError(f"confidence_floor must be in [0, 1], got {confidence_floor!r}")
        self.weights = (sim_weight, fresh_weight, src_weight)
        self.tau_days, self.confidence_floor, self.fresh_band = tau_days, confidence_floor, fresh_band
        self.reverify = timedelta(days=reverify_days)
        self.source_weights = {Source(k).value: float(v) for k, v in source_weights.items()}

    def rejection(self, rec: MemoryRecord, visible: set[str], now: datetime) -> str | None:
        """Why a memory fails the hard filters, or None when it passes."""
        if rec.scope.partition not in visible:
            return "out of scope"
        if rec.status is not Status.ACTIVE:
            return f"status {rec.status.value}"
        if rec.has_ended(now) or rec.is_expired(now) and not (rec.verified_at and now - rec.verified_at <= self.reverify):
            return "expired"
        if rec.confidence < self.confidence_floor:
            return "below confidence floor"
        return None

    def freshness(self, rec: MemoryRecord, now: datetime) -> float:
        seen = rec.verified_at or rec.created_at
        days = max((now - seen).total_seconds() / 86400.0, 0.0)
        return math.exp(-days / self.tau_days)

    @staticmethod
    def _sim(hit: ScoredMemory) -> float:
        return float(hit.breakdown.get("sim", hit.score))

    def fresh_gate(self, sim: float, best_sim: float) -> float:
        """How much of its freshness a memory `best_sim − sim` below the most similar one gets (1 … 0)."""
        if self.fresh_band is None:
            return 1.0
        return min(1.0, max(0.0, 1.0 - (best_sim - sim) / self.fresh_band))

    def score(self, hit: ScoredMemory, now: datetime, best_sim: float | None = None) -> ScoredMemory:
        rec = hit.record
        sim = self._sim(hit)
        if self.scorer is not None:
            return self._custom(hit.model_copy(update={"breakdown": {**hit.breakdown, "sim": sim}}), now)
        fresh = self.freshness(rec, now)
        gate = self.fresh_gate(sim, sim if best_sim is None else best_sim)
        src = self.source_weights.get(rec.source.value, 0.4)
        ws, wf, wc = self.weights
        score = ws * sim + wf * fresh * gate + wc * src
        final = score * rec.confidence
        breakdown = {**hit.breakdown, "sim": sim, "fresh": fresh, "fresh_gate": gate, "src": src,
                     "confidence": rec.confidence, "score": score, "final": final}
        return hit.model_copy(update={"score": final, "breakdown": breakdown})

    def _custom(self, hit: ScoredMemory, now: datetime) -> ScoredMemory:
        value = self.scorer(hit, now)  # type: ignore[misc]
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise TypeError(f"scorer {getattr(self.scorer, '__name__', self.scorer)!r} must return a finite "
                            f"number (the final score), got {value!r}")
        final = float(value)
        return hit.model_copy(update={"score": final, "breakdown": {**hit.breakdown, "final": final}})

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        now = as_utc(now)
        visible = set(ctx.visible_partitions())
        passed = [h for h in state.get("memory_hits") or [] if self.rejection(h.record, visible, now) is None]
        best = max((self._sim(h) for h in passed), default=0.0)
        kept = [self.score(h, now, best) for h in passed]
        kept.sort(key=lambda h: (-h.score, h.record.id))
        query = state.get("memory_query")
        return {"memory_hits": collapse_views(kept, query.text if query is not None else "")}
