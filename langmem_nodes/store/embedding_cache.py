"""The embedder's vector cache as a projection: it is keyed by text, so it holds memory text in memory.

`Embedder.embed` keeps recently embedded texts (an LRU). This projection tells the registry which of those
texts belong to which memory, so a forget reaches them like any other copy (`delete`), a forget's earlier
texts and a forgotten turn's are dropped by text (`scrub_texts`), and `verify_gone` asks it (`contains`: is
a text of that memory still cached?). It remembers only the memories whose texts it saw cached when they
were projected, and prunes those whose texts the embedder has evicted once it outgrows the embedder's cache.

Example:
    >>> from langmem_nodes.embeddings import HashingEmbedder
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> emb = HashingEmbedder(dim=32)
    >>> rec = MemoryRecord(text="用户喜欢绿茶", scope=Scope(user_id="ada"))
    >>> cache = EmbeddingCache(emb, lambda r: r.text)
    >>> cache.upsert([rec], list(emb.embed([rec.text])))
    >>> cache.contains(rec.id, rec.scope.partition)
    True
    >>> cache.delete(rec.id, rec.scope.partition)
    >>> cache.contains(rec.id, rec.scope.partition), emb.cached("用户喜欢绿茶")
    (False, False)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

import numpy as np

from ..embeddings import Embedder
from ..records import MemoryRecord
from .projection import Projection


class EmbeddingCache(Projection):
    """Memory id → the texts of it the embedder caches; forgets and scrubs reach the embedder through it."""

    name = "embedding_cache"

    def __init__(self, embedder: Embedder, embed_text: Callable[[MemoryRecord], str]) -> None:
        self.embedder, self._embed_text = embedder, embed_text
        self._texts: dict[str, tuple[str, ...]] = {}  # tuples of strings: untracked by the collector
        self._lock = threading.Lock()

    def upsert(self, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:
        with self._lock:
            for r in records:
                seen = (*self._texts.get(r.id, ()), self._embed_text(r), r.text)
                cached = tuple(t for t in dict.fromkeys(seen) if self.embedder.cached(t))
                if cached:
                    self._texts[r.id] = cached
            if len(self._texts) > 2 * max(self.embedder.cache_size, 1000):
                self._prune()

    def _prune(self) -> None:
        """Forget the memories none of whose texts the embedder still caches."""
        self._texts = {mid: ts for mid, ts in self._texts.items() if any(map(self.embedder.cached, ts))}

    def delete(self, memory_id: str, partition: str) -> None:
        with self._lock:
            texts = self._texts.pop(memory_id, ())
        for t in texts:
            self.embedder.forget_text(t)

    def scrub_texts(self, texts: Sequence[str]) -> None:
        for t in texts:
            self.embedder.forget_text(t)

    def contains(self, memory_id: str, partition: str) -> bool:
        with self._lock:
            texts = self._texts.get(memory_id, ())
        return any(map(self.embedder.cached, texts))

    def __len__(self) -> int:
        return len(self._texts)
