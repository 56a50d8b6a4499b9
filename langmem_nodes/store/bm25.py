"""BM25 projection: an inverted index per scope partition, scored over the union a request may see.

Okapi BM25 (k1=1.2, b=0.3: `K1`, `B`; Lucene's non-negative idf). Statistics (N, df, average length) are summed
over the requested partitions only, so scores never depend on other users' memories. Only documents that
share a term with the query are scored, unlike rank-bm25 which scores every document per query.
"""

from __future__ import annotations

import math
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence

import numpy as np

from ..records import MemoryRecord, Status
from ..text import tokenize
from .projection import Projection


class _Partition:
    """One partition's inverted index. Only dicts of strings and ints, and dicts of such dicts: CPython's
    garbage collector does not track the inner ones, so tens of thousands of users' indexes add almost
    nothing to a full collection's pause (with sets and Counters, 300 users at 100k memories made each full
    collection cost ~0.3 s; a (dict, int) tuple per document would be one tracked object each)."""

    __slots__ = ("docs", "lengths", "status", "postings", "df", "total_len")

    def __init__(self) -> None:
        self.docs: dict[str, dict[str, int]] = {}  # id → term frequencies
        self.lengths: dict[str, int] = {}  # id → tokens in the document
        self.status: dict[str, str] = {}
        self.postings: dict[str, dict[str, None]] = {}  # term → ids holding it (a dict used as an ordered set)
        self.df: dict[str, int] = {}
        self.total_len = 0

    def add(self, mid: str, tokens: list[str], status: str) -> None:
        self.remove(mid)
        tf: dict[str, int] = {}
        for t in tokens:
            tf[t] = tf.get(t, 0) + 1
        self.docs[mid] = tf
        self.lengths[mid] = len(tokens)
        self.status[mid] = status
        self.total_len += len(tokens)
        for t in tf:
            self.postings.setdefault(t, {})[mid] = None
            self.df[t] = self.df.get(t, 0) + 1

    def remove(self, mid: str) -> None:
        tf = self.docs.pop(mid, None)
        n = self.lengths.pop(mid, 0)
        self.status.pop(mid, None)
        if tf is None:
            return
        self.total_len -= n
        for t in tf:
            self.postings[t].pop(mid, None)
            self.df[t] -= 1
            if self.df[t] <= 0:
                del self.df[t]
                del self.postings[t]


#: Term-frequency saturation and length normalisation. b = 0.3, not the usual 0.75: memories and conversation
#: turns are short, and there a longer one is longer because it says more, not because it repeats itself; with
#: 0.75 a short reply that echoes a name and one word ("Wow, pottery! That sounds fun, Tom.") outranked the turn
#: that held the fact among other words (docs/figures.md, "seventh pass").
K1 = 1.2
B = 0.3


class BM25Projection(Projection):
    name = "bm25"

    def __init__(
        self,
        loader: Callable[[str], Sequence[tuple[str, str, str]]] | None = None,
        *,
        tokenizer: Callable[[str], list[str]] = tokenize,
        k1: float = K1,
        b: float = B,
        max_docs: int = 500_000,
    ) -> None:
        if max_docs < 1:
            raise ValueError(f"max_docs must be positive, got {max_docs}")
        # partitions built from the loader, least recently searched first; dropped (rebuilt on demand) once
        # they hold more than `max_docs` documents in total, so memory follows active users, not all users
        self._parts: OrderedDict[str, _Partition] = OrderedDict()
        self.max_docs = max_docs
        self._loader = loader
        self._tokenize = tokenizer
        self.k1, self.b = k1, b
        self._lock = threading.RLock()

    def _part(self, partition: str) -> _Partition:
        with self._lock:
            p = self._parts.get(partition)
            if p is not None:
                self._parts.move_to_end(partition)
                return p
            p = _Partition()
            if self._loader is not None:  # lazily build from the canonical store
                for mid, text, status in self._loader(partition):
                    p.add(mid, self._tokenize(text), status)
            self._parts[partition] = p
            if self._loader is not None:  # without a loader the index is the only copy: never evict
                total = sum(len(q.docs) for q in self._parts.values())
                while total > self.max_docs and len(self._parts) > 1:
                    _, old = self._parts.popitem(last=False)
                    total -= len(old.docs)
            return p

    @property
    def loaded_docs(self) -> int:
        """Documents held in memory now, over all loaded partitions."""
        with self._lock:
            return sum(len(p.docs) for p in self._parts.values())

    def warm(self, partition: str) -> None:
        """Build `partition`'s index now if it is not loaded (see `MemoryStore.warm`)."""
        self._part(partition)

    def upsert(self, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:
        with self._lock:
            for r in records:
                part = self._parts.get(r.scope.partition)
                if part is not None:  # an unloaded partition will be built from SQLite when first searched
                    part.add(r.id, self._tokenize(r.text), r.status.value)

    def delete(self, memory_id: str, partition: str) -> None:
        with self._lock:
            part = self._parts.get(partition)
            if part is not None:
                part.remove(memory_id)

    def contains(self, memory_id: str, partition: str) -> bool:
        return memory_id in self._part(partition).docs

    def search(
        self, partitions: Sequence[str], query: str | list[str], k: int, statuses: Sequence[Status | str] = (Status.ACTIVE,)
    ) -> list[tuple[str, float]]:
        """(id, bm25 score) best first, from the given partitions only."""
        q_tokens = self._tokenize(query) if isinstance(query, str) else list(query)
        if not q_tokens:
            return []
        sts = {Status(s).value for s in statuses}
        with self._lock:
            parts = [self._part(p) for p in dict.fromkeys(partitions)]
            n_docs = sum(len(p.docs) for p in parts)
            if n_docs == 0:
                return []
            avgdl = max(sum(p.total_len for p in parts) / n_docs, 1e-9)
            scores: dict[str, float] = {}
            for term, qtf in Counter(q_tokens).items():
                df = sum(p.df.get(term, 0) for p in parts)
                if df == 0:
                    continue
                idf = math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))
                for p in parts:
                    for mid in p.postings.get(term, ()):
                        if p.status[mid] not in sts:
                            continue
                        tf = p.docs[mid][term]
                        dl = p.lengths[mid]
                        s = idf * tf * (self.k1 + 1) / (tf + self.k1 * (1 - self.b + self.b * dl / avgdl))
                        scores[mid] = scores.get(mid, 0.0) + s * qtf
        return sorted(scores.items(), key=lambda kv: -kv[1])[:k]

    def ceiling(self, partitions: Sequence[str], query: str | list[str]) -> float:
        """What `search` would give a memory of average length holding each query term once: Σ idf over the
        query's terms, those no memory in `partitions` holds included (at df = 0). A search score divided by
        it says how much of the query's words (weighted by rarity) a memory holds, whatever the others."""
        q_tokens = self._tokenize(query) if isinstance(query, str) else list(query)
        with self._lock:
            parts = [self._part(p) for p in dict.fromkeys(partitions)]
            n_docs = sum(len(p.docs) for p in parts)
            total = 0.0
            for term, qtf in Counter(q_tokens).items():
                df = sum(p.df.get(term, 0) for p in parts)
                total += qtf * math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))
        return total

    def invalidate(self, partition: str | None = None) -> None:
        with self._lock:
            if partition is None:
                self._parts.clear()
            else:
                self._parts.pop(partition, None)
