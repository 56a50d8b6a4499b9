"""Why a memory was (or was not) injected: the score parts recorded per injection, and the reasons the top
candidates a turn did not use were left out.

`score_parts` is what `RecordUsageNode` stores per injected id in the turn's content-free `inject` event (numbers
only, at most 5 ids × 7 parts), so `MemoryAdmin.injections` / `langmem-nodes injections` can answer later "why did
the agent see X on that turn". `rejected` explains a read graph's result (`langmem-nodes recall --explain`).

Example:
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> from langmem_nodes.state import ScoredMemory
    >>> h = ScoredMemory(record=MemoryRecord(text="User likes tea", scope=Scope(user_id="a")), score=0.5,
    ...                  breakdown={"sim": 0.61234, "relevant": 0.0, "bm25": 3.0})
    >>> score_parts(h)
    {'sim': 0.6123, 'relevant': 0.0, 'final': 0.5}
    >>> rejected([h], [], {})[0]["reason"]
    'no evidence of relevance to the question (below the floor)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..records import MemoryRecord
from ..state import ScoredMemory
from .same_fact import fact_key

#: the parts of a score kept per injection: similarity (after boosts), relevance evidence, attribute match,
#: freshness, source weight, confidence and the final score (rerank.py defines them)
PARTS = ("sim", "relevant", "attribute", "fresh", "src", "confidence", "final")
#: how many rejected candidates `rejected` explains
MAX_REJECTED = 5


def score_parts(hit: ScoredMemory) -> dict[str, float]:
    """The recorded parts of a hit's score (rounded; parts the reranker did not compute are left out)."""
    parts = {k: round(float(hit.breakdown[k]), 4) for k in PARTS if k in hit.breakdown}
    parts["final"] = round(float(hit.score), 4)
    return parts


def _reason(hit: ScoredMemory, chosen: Sequence[ScoredMemory]) -> str:
    keys = {fact_key(c.record): c.record.id for c in chosen}
    if fact_key(hit.record) in keys and keys[fact_key(hit.record)] != hit.record.id:
        return f"same fact as the injected {keys[fact_key(hit.record)]}"
    if hit.breakdown.get("attribute") == 0.0 and hit.breakdown.get("relevant", 1.0) == 0.0:
        return "holds another attribute than the question asks for"
    if hit.breakdown.get("relevant", 1.0) == 0.0:
        return "no evidence of relevance to the question (below the floor)"
    if "view_of" in hit.breakdown:
        return f"a neighbour of the turn {hit.breakdown['view_of']} (folded into it)"
    if len(chosen) >= 5:
        return "the 5 slots were taken by better-scored memories"
    return "similarity or score far below the best candidate's (relative cut)"


def rejected(hits: Sequence[ScoredMemory], chosen: Sequence[ScoredMemory],
             losers: Mapping[str, MemoryRecord | None], *, limit: int = MAX_REJECTED) -> list[dict[str, Any]]:
    """The best `limit` candidates not injected, each with its score parts and why: `hits` are the ranked
    candidates after conflicts, `chosen` the injected ones, `losers` {id: record} of memories a conflict dropped
    (`beat:<id>` flags of the winners)."""
    used = {c.record.id for c in chosen}
    out = [{"id": h.record.id, "text": h.record.text, "scores": score_parts(h), "reason": _reason(h, chosen)}
           for h in hits if h.record.id not in used][:limit]
    beaten = {f.removeprefix("beat:"): c.record.id for c in [*chosen, *hits] for f in c.flags if f.startswith("beat:")}
    for lost, winner in beaten.items():
        if lost not in used and len(out) < limit + len(beaten):
            rec = losers.get(lost)
            out.append({"id": lost, "text": rec.text if rec is not None else "", "scores": {},
                        "reason": f"conflicts with {winner}, which holds the same attribute and won"})
    return out


__all__ = ["MAX_REJECTED", "PARTS", "rejected", "score_parts"]
