"""The packaged MiniLM on three encoders: ours (`langmem_nodes.onnx_minilm`, hand-written ONNX export and
int8 quantization), sentence-transformers' own ONNX backend (`backend="onnx"`, which needs
`sentence-transformers[onnx]`, i.e. optimum-onnx) and sentence-transformers on torch (the reference).

One process times the chosen backends on one thread each, offline, interleaved query by query, and prints
the cosine of each backend's vectors to sentence-transformers on torch. The `st-onnx*` backends need an
interpreter with optimum-onnx, which cannot be installed beside our sentence-transformers (figures and
reason: docs/figures.md).

Usage: python -m evals onnx_backends [--backends ours,ours-int8,st-onnx,st-onnx-int8,st-torch] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from typing import Any

import numpy as np

from evals._bench_data import make_corpus, timing_queries

BACKENDS = ("ours", "ours-int8", "st-onnx", "st-onnx-int8", "st-torch")


def _session_options() -> Any:
    import onnxruntime as ort

    so = ort.SessionOptions()
    so.intra_op_num_threads = so.inter_op_num_threads = 1
    return so


def encoder(backend: str) -> Any:
    """A function list[str] -> (n, 384) float32 array, normalised, on one thread."""
    from langmem_nodes.onnx_minilm import packaged_model_dir

    if backend in ("ours", "ours-int8"):
        from langmem_nodes.onnx_minilm import OnnxMiniLM

        enc = OnnxMiniLM(threads=1, precision="int8" if backend == "ours-int8" else "fp32")
        return enc.encode
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(1)
    if backend == "st-torch":
        model = SentenceTransformer(str(packaged_model_dir()), device="cpu")
    else:
        model = SentenceTransformer(str(packaged_model_dir()), device="cpu", backend="onnx",
                                    model_kwargs={"provider": "CPUExecutionProvider",
                                                  "session_options": _session_options()})
        if backend == "st-onnx-int8":
            from sentence_transformers import export_dynamic_quantized_onnx_model

            out = tempfile.mkdtemp(prefix="st-onnx-int8-")
            model.save_pretrained(out)  # a copy: the packaged model's directory is never written
            export_dynamic_quantized_onnx_model(model, "avx2", out)
            model = SentenceTransformer(out, device="cpu", backend="onnx",
                                        model_kwargs={"provider": "CPUExecutionProvider",
                                                      "file_name": "onnx/model_qint8_avx2.onnx",
                                                      "session_options": _session_options()})
    return lambda texts: model.encode(texts, normalize_embeddings=True, convert_to_numpy=True)


def texts() -> tuple[list[str], list[str]]:
    """300 zh/en benchmark memories (batched, vectors compared) and 200 distinct zh/en queries (one by one)."""
    return [m.text for m in make_corpus(300, n_users=30)], [q for _, q in timing_queries(1000, 200)]


def run(backends: list[str], reference: str = "st-torch") -> dict[str, Any]:
    """Time `backends` in one process, interleaved query by query (a loaded machine slows them alike), and
    compare each one's vectors to `reference`'s."""
    memories, queries = texts()
    encoders: dict[str, Any] = {}
    rows: dict[str, dict[str, Any]] = {}
    for b in backends:
        t = time.perf_counter()
        encoders[b] = encoder(b)
        encoders[b](["warm up"])
        rows[b] = {"load_s": round(time.perf_counter() - t, 2)}
    single: dict[str, list[float]] = {b: [] for b in backends}
    for j, q in enumerate(queries):
        for b in backends[j % len(backends):] + backends[: j % len(backends)]:  # rotate who goes first
            t = time.perf_counter()
            encoders[b]([q])
            single[b].append(time.perf_counter() - t)
    vectors: dict[str, np.ndarray] = {}
    batch: dict[str, list[float]] = {b: [] for b in backends}
    for _ in range(3):
        for b in backends:
            t = time.perf_counter()
            vectors[b] = np.asarray(encoders[b](memories), dtype=np.float32)
            batch[b].append(time.perf_counter() - t)
    ref = vectors.get(reference)
    for b in backends:
        times = sorted(single[b])
        rows[b].update(query_p50_ms=round(statistics.median(times) * 1e3, 2),
                       query_p95_ms=round(times[int(0.95 * (len(times) - 1))] * 1e3, 2),
                       memories_per_s=round(len(memories) / min(batch[b]), 1))
        if ref is not None and b != reference:
            cos = np.sum(vectors[b] * ref, axis=1)
            rows[b].update(cos_min=round(float(cos.min()), 5), cos_mean=round(float(cos.mean()), 5))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals onnx_backends", description=__doc__.splitlines()[0])
    ap.add_argument("--backends", default="ours,ours-int8,st-torch",
                    help=f"comma-separated, timed interleaved in one process: {', '.join(BACKENDS)}")
    ap.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    a = ap.parse_args(argv)
    backends = [b.strip() for b in a.backends.split(",") if b.strip()]
    unknown = sorted(set(backends) - set(BACKENDS))
    if unknown or not backends:
        ap.error(f"unknown backend(s) {unknown}; choose from {', '.join(BACKENDS)}")
    rows = run(backends)
    print(f"{len(texts()[1])} single queries interleaved, 300 memories batched (best of 3), one thread each")
    print("| backend | query p50 / p95 ms | memories/s | load s | cosine to st-torch (min / mean) |")
    print("|---|---:|---:|---:|---:|")
    for name, r in rows.items():
        cos = f"{r['cos_min']} / {r['cos_mean']}" if "cos_min" in r else "–"
        print(f"| {name} | {r['query_p50_ms']} / {r['query_p95_ms']} | {r['memories_per_s']} | {r['load_s']} | {cos} |")
    if a.json:
        print(json.dumps(rows))
    return 0
