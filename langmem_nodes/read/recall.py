"""RecallNode: BM25 and dense candidates from the same scoped partitions, fused into one similarity.

Both backends search only `query.partitions` (a BM25 index and a Chroma collection per partition), so
scope filtering happens inside each backend. The query is embedded once; the candidates' records and
stored vectors are fetched in one call each, so every candidate gets an exact cosine, not only those
Chroma returned.

Fusion (measured, see `evals/madial.py`): a score-normalised convex combination
`sim = w_lex · bm25/max(bm25) + w_dense · (cos − min cos)/(max cos − min cos)` over the candidate set,
w_lex = 0.3 (best of 0.3/0.5/0.7 on MADial zh and en with multilingual-e5; all three beat both baselines
in zh, 0.3 and 0.5 in en).
Two views of a memory: BM25 indexes `text`, the dense index embeds `metadata["embed_text"]` when set
(`langmem_nodes.store.embed_text`), e.g. a conversation turn whose text carries the turns before it (words a
question shares with that context) and whose vector is the turn alone. On LoCoMo with e5 and w_lex = 0.5
(`evals/locomo.py`) this took recall@5 from 64.04 to 68.43 on the dev half and from 58.53 to 62.82 on the
held-out half; it costs nothing at query time.
Naive RRF of BM25 and MiniLM ranks was worse than BM25 alone on LoCoMo-like data; "rrf", "bm25" and
"dense" are kept as modes for baselines.

Example:
    >>> import tempfile
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.state import MemoryQuery
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> _ = store.commit(add=[MemoryRecord(text="User prefers green tea", scope=Scope(user_id="ada"))])
    >>> ctx = MemoryContext(user_id="ada")
    >>> q = MemoryQuery(text="tea?", lexical="tea", dense="tea?", partitions=ctx.visible_partitions())
    >>> [h.record.text for h in RecallNode(store).run({"memory_query": q}, ctx, None)["memory_hits"]]
    ['User prefers green tea']
    >>> store.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

import numpy as np

from ..node import MemoryNode
from ..records import MemoryContext, Status
from ..state import MemoryQuery, ScoredMemory
from ..store import MemoryStore

Fusion = Literal["convex", "bm25", "dense", "rrf"]
FUSIONS: tuple[str, ...] = ("convex", "bm25", "dense", "rrf")


def _unit_range(values: np.ndarray) -> np.ndarray:
    lo, hi = float(values.min()), float(values.max())
    return np.ones_like(values) if hi - lo < 1e-9 else (values - lo) / (hi - lo)


def fuse(
    lex: dict[str, float], cos: dict[str, float], ids: Sequence[str], *, fusion: str, lexical_weight: float,
    rrf_k: int = 60, dense_rank: Sequence[str] = (),
) -> dict[str, float]:
    """Fused similarity in [0, 1] per id (see module docstring)."""
    if not ids:
        return {}
    bm = np.array([lex.get(i, 0.0) for i in ids], dtype=np.float64)
    bm_n = bm / bm.max() if bm.max() > 0 else bm
    dn = _unit_range(np.array([cos.get(i, 0.0) for i in ids], dtype=np.float64))
    if fusion == "bm25":
        sim = bm_n
    elif fusion == "dense":
        sim = dn
    elif fusion == "rrf":
        lex_rank = {i: r for r, i in enumerate(sorted(lex, key=lambda i: -lex[i]))}
        d_rank = {i: r for r, i in enumerate(dense_rank)}
        raw = np.array(
            [(1 / (rrf_k + lex_rank[i]) if i in lex_rank else 0) + (1 / (rrf_k + d_rank[i]) if i in d_rank else 0)
             for i in ids]
        )
        sim = raw / raw.max()
    else:
        sim = lexical_weight * bm_n + (1 - lexical_weight) * dn
    return {i: float(s) for i, s in zip(ids, sim, strict=True)}


class RecallNode(MemoryNode):
    """Recall candidates for `memory_query` into `memory_hits` (best first, `breakdown` holds the parts).

    Args:
        store: the MemoryStore (its embedder encodes the query).
        fusion: "convex" (default), "bm25", "dense" or "rrf".
        lexical_weight: weight of normalised BM25 in "convex" (the rest goes to dense).
        candidates: how many candidates each backend returns (at least 3 × k).
        statuses: record statuses to recall (active only by default).
    """

    name = "recall"

    def __init__(
        self,
        store: MemoryStore,
        *,
        fusion: Fusion = "convex",
        lexical_weight: float = 0.3,
        candidates: int = 40,
        statuses: Sequence[Status | str] = (Status.ACTIVE,),
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        if fusion not in FUSIONS:
            raise ValueError(f"fusion must be one of {FUSIONS}, got {fusion!r}")
        if not 0.0 <= lexical_weight <= 1.0:
            raise ValueError(f"lexical_weight must be in [0, 1], got {lexical_weight!r}")
        if candidates < 1:
            raise ValueError("candidates must be at least 1")
        self.store, self.fusion, self.lexical_weight = store, fusion, lexical_weight
        self.candidates = candidates
        self.statuses = tuple(Status(s) for s in statuses)

    def recall(self, query: MemoryQuery) -> list[ScoredMemory]:
        if not query.partitions:
            raise ValueError("memory_query.partitions is empty: a recall needs a scope")
        n = max(self.candidates, 3 * query.k)
        lex = {} if self.fusion == "dense" else dict(
            self.store.lexical_search(query.partitions, query.lexical, n, self.statuses)
        )
        qvec = None
        dense_hits: list[tuple[str, float]] = []
        if self.fusion != "bm25":
            qvec = self.store.embedder.embed_query(query.dense)
            dense_hits = self.store.dense_search(query.partitions, qvec, n, self.statuses)
        ids = list(dict.fromkeys([*lex, *(i for i, _ in dense_hits)]))
        records = self.store.get_many(ids)
        allowed = set(query.partitions)
        ids = [i for i in ids if i in records and records[i].scope.partition in allowed]
        cos: dict[str, float] = {}
        if qvec is not None and ids:
            vecs = self.store.canonical.vectors(ids)
            have = [i for i in ids if i in vecs]
            if have:
                sims = np.vstack([vecs[i] for i in have]) @ np.asarray(qvec, np.float32)
                cos = {i: float(s) for i, s in zip(have, sims, strict=True)}
        sim = fuse(lex, cos, ids, fusion=self.fusion, lexical_weight=self.lexical_weight,
                   dense_rank=[i for i, _ in dense_hits])
        hits = [
            ScoredMemory(
                record=records[i], score=sim[i],
                breakdown={"sim": sim[i], "bm25": lex.get(i, 0.0), "dense": cos.get(i, 0.0)},
            )
            for i in ids
        ]
        hits.sort(key=lambda h: (-h.score, h.record.id))
        return hits

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        query = state.get("memory_query")
        if query is None:
            return {"memory_hits": []}
        # The query travels through graph state; the scope it may search comes only from the run's context.
        foreign = sorted(set(query.partitions) - set(ctx.visible_partitions()))
        if foreign:
            raise ValueError(f"memory_query asks for partitions outside this user's scope: {foreign}")
        return {"memory_hits": self.recall(query)}
