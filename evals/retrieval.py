"""Rank memories for queries with the real read graph; write `{query_id: [memory ids ranked]}`.

Memories (JSONL): `{"id", "text", "scope": {"user_id", "project_id"?, "org_id"?, "session_id"?, "level"?},
"created_at"?, "metadata"?}`; queries (JSONL): `{"id", "text", "scope": {...}, "now"?}` (`now` is the
clock for freshness; default the wall clock). Each query sees only the memories its scope may see.
The ranking stops before the selector's cap of 5 unless `--select`.

Usage:
    python -m evals retrieval --memories M.jsonl --queries Q.jsonl --k 10 --out PRED.json [--embedder e5]
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime
from pathlib import Path
from typing import Any

from evals._retrieval_core import (
    EMBEDDERS,
    MODES,
    MutableClock,
    Timer,
    build_graph,
    load_store,
    make_embedder,
    rank,
    read_jsonl,
)
from langmem_nodes.records import Level, MemoryContext, MemoryRecord, Scope, Source

_CTX_FIELDS = ("user_id", "project_id", "org_id", "session_id")


def _when(value: Any, field: str) -> datetime | None:
    if value in (None, ""):
        return None
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"{field}: not an ISO date/time: {value!r}") from None


def memory_record(row: dict[str, Any], n: int) -> MemoryRecord:
    for key in ("id", "text", "scope"):
        if key not in row:
            raise ValueError(f"memory line {n}: missing {key!r}")
    scope = dict(row["scope"])
    if "level" not in scope:
        scope["level"] = Level.USER if scope.get("user_id") else (Level.PROJECT if scope.get("project_id") else Level.ORG)
    kw: dict[str, Any] = {"id": str(row["id"]), "text": row["text"], "scope": Scope(**scope),
                          "source": Source.IMPORTED, "confidence": 0.8, "metadata": row.get("metadata") or {}}
    created = _when(row.get("created_at"), f"memory line {n} created_at")
    if created is not None:
        kw["created_at"] = created
    return MemoryRecord(**kw)


def query_context(row: dict[str, Any], n: int) -> MemoryContext:
    scope = row.get("scope") or {}
    if not scope.get("user_id"):
        raise ValueError(f"query line {n}: scope.user_id is required (no scope, no recall)")
    return MemoryContext(**{k: scope[k] for k in _CTX_FIELDS if scope.get(k)})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals retrieval", description=__doc__.splitlines()[0])
    ap.add_argument("--memories", required=True)
    ap.add_argument("--queries", required=True)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--out", required=True)
    ap.add_argument("--embedder", default="e5", choices=EMBEDDERS)
    ap.add_argument("--mode", default="hybrid", choices=MODES)
    ap.add_argument("--select", action="store_true", help="return the selector's choice (≤ 5) instead of the ranking")
    ap.add_argument("--home", help="memory home to build (default: a temporary directory)")
    ap.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    args = ap.parse_args(argv)
    if args.k < 1:
        raise SystemExit("--k must be at least 1")
    memories = [memory_record(r, n) for n, r in enumerate(read_jsonl(args.memories), 1)]
    queries = read_jsonl(args.queries)
    contexts = [query_context(q, n) for n, q in enumerate(queries, 1)]
    store = load_store(memories, make_embedder(args.embedder), args.home)
    clock = MutableClock()
    graph = build_graph(store, clock, mode=args.mode)
    preds: dict[str, list[str]] = {}
    timer = Timer()
    for n, (q, ctx) in enumerate(zip(queries, contexts, strict=True), 1):
        if "id" not in q or not str(q.get("text", "")).strip():
            raise ValueError(f"query line {n}: needs an 'id' and a non-empty 'text'")
        with timer:
            ids = rank(graph, clock, [("user", q["text"])], ctx, now=_when(q.get("now"), f"query line {n} now")
                       or datetime.now().astimezone(), k=args.k, select=args.select)
        preds[str(q["id"])] = ids[: args.k]
    store.close()
    Path(args.out).write_text(json.dumps(preds, ensure_ascii=False, indent=1))
    summary = {"memories": len(memories), "queries": len(queries), "k": args.k, "mode": args.mode,
               "embedder": args.embedder, "out": args.out, "p50_ms": timer.p(0.5), "p95_ms": timer.p(0.95)}
    print(f"ranked {len(queries)} queries over {len(memories)} memories → {args.out} "
          f"(p50 {summary['p50_ms']} ms, p95 {summary['p95_ms']} ms)")
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    return 0
