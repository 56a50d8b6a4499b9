"""The hand-written BM25 index (`langmem_nodes.store.bm25`) against rank-bm25's `BM25Okapi` on the same
tokens: build, query and one write, per partition size. (Their scores are equal up to the idf variant:
tests/test_bm25_oracle.py.)

One partition holds N benchmark memories (`_bench_data`, zh + en), tokenized by the product's tokenizer for
both; queries are the bench's labelled zh/en questions. rank-bm25 has no incremental update, so one write
is a rebuild of its index, and it scores every document per query (then a top-k); ours keeps an inverted
index updated in place and scores only documents sharing a query term.

Usage: python -m evals bm25_speed [--sizes 1000,10000,50000] [--queries 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from evals._bench_data import make_corpus, make_queries
from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store.bm25 import BM25Projection
from langmem_nodes.text import tokenize

K = 60  # RecallNode's candidate depth


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered) * 1e3, ordered[int(0.95 * (len(ordered) - 1))] * 1e3


def measure(n: int, n_queries: int) -> dict[str, Any]:
    corpus = make_corpus(n, n_users=1)
    rows = [(f"m{m.idx}", m.text, "active") for m in corpus]
    queries = [q.text for q in make_queries(make_corpus(min(n, 1000), n_users=1), n_queries)]
    queries = (queries * (n_queries // max(len(queries), 1) + 1))[:n_queries]

    t = time.perf_counter()
    ours = BM25Projection(loader=lambda partition: rows)
    ours.warm("p")
    ours_build = time.perf_counter() - t
    t = time.perf_counter()
    tokens = [tokenize(text) for _, text, _ in rows]
    theirs = BM25Okapi(tokens)
    theirs_build = time.perf_counter() - t

    ours_q, theirs_q = [], []
    for q in queries:
        t = time.perf_counter()
        ours.search(["p"], q, K)
        ours_q.append(time.perf_counter() - t)
        t = time.perf_counter()
        scores = theirs.get_scores(tokenize(q))
        top = np.argpartition(-scores, min(K, len(scores) - 1))[:K]
        sorted(top, key=lambda i: -scores[i])
        theirs_q.append(time.perf_counter() - t)

    new = MemoryRecord(text="I drink a flat white every morning", scope=Scope(user_id="u0"))
    t = time.perf_counter()
    ours.upsert([new], [np.zeros(1, np.float32)])
    ours_write = time.perf_counter() - t
    t = time.perf_counter()
    BM25Okapi([*tokens, tokenize(new.text)])
    theirs_write = time.perf_counter() - t
    (oq50, oq95), (tq50, tq95) = _ms(ours_q), _ms(theirs_q)
    return {"n": n, "queries": len(queries),
            "ours": {"build_s": round(ours_build, 3), "query_p50_ms": round(oq50, 3), "query_p95_ms": round(oq95, 3),
                     "one_write_ms": round(ours_write * 1e3, 3)},
            "rank_bm25": {"build_s": round(theirs_build, 3), "query_p50_ms": round(tq50, 3),
                          "query_p95_ms": round(tq95, 3), "one_write_ms": round(theirs_write * 1e3, 3)}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals bm25_speed", description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,50000", help="comma-separated partition sizes")
    ap.add_argument("--queries", type=int, default=200, help="queries timed per size")
    ap.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    a = ap.parse_args(argv)
    try:
        sizes = [int(s) for s in a.sizes.split(",") if s.strip()]
    except ValueError:
        ap.error(f"--sizes must be comma-separated integers, got {a.sizes!r}")
    if not sizes or min(sizes) < 1 or a.queries < 1:
        ap.error("--sizes and --queries must be positive")
    results = [measure(n, a.queries) for n in sizes]
    print("| N | index | build s | query p50 / p95 ms (top 60) | one write ms |")
    print("|---:|---|---:|---:|---:|")
    for r in results:
        for name in ("ours", "rank_bm25"):
            m = r[name]
            print(f"| {r['n']:,} | {name} | {m['build_s']} | {m['query_p50_ms']} / {m['query_p95_ms']} | {m['one_write_ms']} |")
    if a.json:
        print(json.dumps({"k": K, "sizes": results}))
    return 0
