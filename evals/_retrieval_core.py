"""Shared machinery of the retrieval evals: load memories into a home, run the real read graph, score.

The read graph runs end to end; without `select=True` the ranking is `memory_hits` after rerank and
conflicts (the stage before the selector's cap of 5), so recall@10/25 can be measured.

Example:
    >>> recall_at(["a", "b", "c"], {"b", "z"}, 2), reciprocal_rank(["a", "b"], {"b"})
    (0.5, 0.5)
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from langmem_nodes.embeddings import Embedder, HashingEmbedder, default_embedder, minilm_embedder  # noqa: E402
from langmem_nodes.read import QueryNode, RecallNode, RerankNode, create_read_graph  # noqa: E402
from langmem_nodes.read.recall import DEFAULT_FUSION, FUSIONS, Fusion  # noqa: E402
from langmem_nodes.records import MemoryContext, MemoryRecord, as_utc  # noqa: E402
from langmem_nodes.store import MemoryStore  # noqa: E402

EMBEDDERS = ("minilm+e5", "e5", "minilm", "hashing")
MODES = ("hybrid", "bm25", "dense")
#: What `--fusion` may name: the hybrid's fusion rule (the single routes are the modes "bm25" and "dense").
HYBRID_FUSIONS = tuple(f for f in FUSIONS if f not in ("bm25", "dense"))


def make_embedder(name: str) -> Embedder:
    if name == "e5":
        from langmem_nodes.e5 import shared_e5

        return shared_e5()
    if name == "minilm":
        return minilm_embedder()
    if name == "minilm+e5":
        return default_embedder()
    if name == "hashing":
        return HashingEmbedder()
    raise ValueError(f"unknown embedder {name!r}; choose one of {EMBEDDERS}")


class MutableClock:
    """A clock the eval moves to each query's `now`."""

    def __init__(self, now: datetime | None = None) -> None:
        self.now = now or datetime.now().astimezone()

    def __call__(self) -> datetime:
        return self.now


def load_store(records: Sequence[MemoryRecord], embedder: Embedder, home: str | Path | None = None) -> MemoryStore:
    """A fresh memory home holding `records` (committed in batches)."""
    store = MemoryStore(home or tempfile.mkdtemp(prefix="lm-eval-"), embedder=embedder)
    for i in range(0, len(records), 512):
        store.commit(add=records[i : i + 512])
    return store


def build_graph(
    store: MemoryStore, clock: MutableClock, *, mode: str = "hybrid", lexical_weight: float | None = None,
    context_messages: int = 1, candidates: int = 60, fresh_weight: float = 0.3, src_weight: float = 0.2,
    subject_boost: float | str = 0.0, thread_weight: float | str = 0.0, fusion: Fusion = DEFAULT_FUSION,
) -> Any:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    if mode != "hybrid":  # a single route
        fusion = "bm25" if mode == "bm25" else "dense"
    return create_read_graph(
        store, clock=clock,
        query=QueryNode(context_messages=context_messages, clock=clock),
        recall=RecallNode(store, fusion=fusion, lexical_weight=lexical_weight, candidates=candidates,
                          subject_boost=subject_boost, thread_weight=thread_weight, clock=clock),
        rerank=RerankNode(fresh_weight=fresh_weight, src_weight=src_weight, clock=clock),
    ).compile()


def rank(graph: Any, clock: MutableClock, messages: list[Any], ctx: MemoryContext, *, now: datetime | None = None,
         k: int = 10, select: bool = False) -> list[str]:
    """Ids ranked by the read graph for one query."""
    if now is not None:
        clock.now = as_utc(now)
    out = graph.invoke({"messages": messages, "memory_k": k}, context=ctx)
    key = "memory_selected" if select else "memory_hits"
    return [h.record.id for h in out.get(key) or []][: max(k, 1) if select else None]


def recall_at(ranked: Sequence[str], gold: set[str], k: int) -> float:
    return len(set(ranked[:k]) & gold) / len(gold) if gold else 0.0


def reciprocal_rank(ranked: Sequence[str], gold: set[str]) -> float:
    return next((1.0 / (i + 1) for i, r in enumerate(ranked) if r in gold), 0.0)


def summarize(rows: Iterable[tuple[Sequence[str], set[str]]], ks: Sequence[int]) -> dict[str, float]:
    """Mean recall@k (share of gold ids in the top k) and MRR, in percent, over queries with gold ids."""
    rows = [(r, g) for r, g in rows if g]
    if not rows:
        return {"n": 0}
    out: dict[str, float] = {"n": len(rows)}
    for k in ks:
        out[f"recall@{k}"] = round(100 * sum(recall_at(r, g, k) for r, g in rows) / len(rows), 2)
    out["mrr"] = round(100 * sum(reciprocal_rank(r, g) for r, g in rows) / len(rows), 2)
    return out


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    rows = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as e:
                    raise ValueError(f"{path}:{n}: not valid JSON ({e.msg})") from None
    return rows


class Timer:
    def __init__(self) -> None:
        self.samples: list[float] = []

    def __enter__(self) -> Timer:
        self._t = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.samples.append((time.perf_counter() - self._t) * 1000)

    def p(self, q: float) -> float:
        s = sorted(self.samples)
        return round(s[min(len(s) - 1, int(q * len(s)))], 2) if s else 0.0
