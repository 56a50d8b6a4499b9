"""Rank memories for queries with the real read graph; write `{query_id: [memory ids ranked]}`.

Memories (JSONL): `{"id", "text", "scope": {"user_id", "project_id"?, "org_id"?, "session_id"?, "level"?},
"created_at"?, "metadata"?}`; queries (JSONL): `{"id", "text", "scope": {...}, "now"?, "gold"?}` (`now` is
the clock for freshness, default the wall clock; `gold`, a list of memory ids, adds recall@k to the
summary). Each query sees only the memories its scope may see. Ids are yours, any string (`conv-26/D1:1`
included): they are mapped to internal ids and reported back as given. The ranking stops before the
selector's cap of 5 unless `--select` (then it is what the default selector would inject, possibly none).

Without weight flags the read graph runs with the product's defaults; `--lexical-weight`, `--fresh-weight`
and `--src-weight` override one setting each. A malformed line stops the run with `file:line: problem`.

Usage:
    python -m evals retrieval --memories M.jsonl --queries Q.jsonl --k 10 --out PRED.json [--embedder e5]
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from evals._report import fraction
from evals._retrieval_core import (
    EMBEDDERS,
    HYBRID_FUSIONS,
    MODES,
    MutableClock,
    Timer,
    load_store,
    make_embedder,
    rank,
    summarize,
)
from langmem_nodes.read import QueryNode, RecallNode, RerankNode, create_read_graph
from langmem_nodes.read.recall import DEFAULT_FUSION
from langmem_nodes.records import Level, MemoryContext, MemoryRecord, Scope, Source

_CTX_FIELDS = ("user_id", "project_id", "org_id", "session_id")
KS = (1, 5, 10, 25)


class InputError(ValueError):
    """A malformed input line: the message starts with `file:line:`."""


def _problem(err: Exception) -> str:
    if isinstance(err, ValidationError):
        return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}" for e in err.errors())
    return str(err)


def _when(value: Any, field: str) -> datetime | None:
    if value in (None, ""):
        return None
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"{field}: not an ISO date/time: {value!r}") from None


def _external_id(row: dict[str, Any]) -> str:
    if "id" not in row:
        raise ValueError("missing 'id'")
    value = row["id"]
    if isinstance(value, bool) or not isinstance(value, str | int) or not str(value).strip():
        raise ValueError(f"'id' must be a non-empty string or integer, got {value!r}")
    return str(value)


def memory_record(row: dict[str, Any], internal_id: str) -> MemoryRecord:
    """The record for one memory line, stored under `internal_id` (the line's own id may be any string)."""
    if not isinstance(row, dict):
        raise ValueError(f"expected a JSON object, got {type(row).__name__}")
    for key in ("text", "scope"):
        if key not in row:
            raise ValueError(f"missing {key!r}")
    if not isinstance(row["scope"], dict):
        raise ValueError("'scope' must be an object")
    if not isinstance(row.get("metadata") or {}, dict):
        raise ValueError("'metadata' must be an object")
    scope = dict(row["scope"])
    if "level" not in scope:
        scope["level"] = Level.USER if scope.get("user_id") else (Level.PROJECT if scope.get("project_id") else Level.ORG)
    kw: dict[str, Any] = {"id": internal_id, "text": row["text"], "scope": Scope(**scope),
                          "source": Source.IMPORTED, "confidence": 0.8, "metadata": row.get("metadata") or {}}
    created = _when(row.get("created_at"), "created_at")
    if created is not None:
        kw["created_at"] = created
    return MemoryRecord(**kw)


def query_context(row: dict[str, Any]) -> MemoryContext:
    scope = row.get("scope") or {}
    if not isinstance(scope, dict) or not scope.get("user_id"):
        raise ValueError("scope.user_id is required (no scope, no recall)")
    return MemoryContext(**{k: scope[k] for k in _CTX_FIELDS if scope.get(k)})


def _rows(path: str) -> list[tuple[int, Any]]:
    """(line number, parsed JSON) for each non-blank line; InputError naming file and line otherwise."""
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    try:
                        rows.append((n, json.loads(line)))
                    except json.JSONDecodeError as e:
                        raise InputError(f"{path}:{n}: not valid JSON ({e.msg})") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    return rows


def load_memories(path: str) -> tuple[list[MemoryRecord], dict[str, str]]:
    """Records (internal ids) and {internal id: the line's id}; InputError naming file and line."""
    records, external, seen = [], {}, {}
    for n, row in _rows(path):
        try:
            ext = _external_id(row) if isinstance(row, dict) else None
            if ext in seen:
                raise ValueError(f"id {ext!r} already used on line {seen[ext]}")
            rec = memory_record(row, f"x{n}")
        except (ValueError, ValidationError, TypeError) as e:
            raise InputError(f"{path}:{n}: {_problem(e)}") from None
        seen[ext] = n
        records.append(rec)
        external[rec.id] = ext
    return records, external


def load_queries(path: str, known: set[str]) -> list[tuple[str, str, MemoryContext, datetime | None, set[str] | None]]:
    out = []
    for n, row in _rows(path):
        try:
            if not isinstance(row, dict):
                raise ValueError(f"expected a JSON object, got {type(row).__name__}")
            qid = _external_id(row)
            text = row.get("text")
            if not isinstance(text, str) or not text.strip():
                raise ValueError("needs a non-empty 'text'")
            ctx = query_context(row)
            now = _when(row.get("now"), "now")
            gold = row.get("gold")
            if gold is not None and (not isinstance(gold, list) or not all(isinstance(g, str | int) for g in gold)):
                raise ValueError("'gold' must be a list of memory ids")
            unknown = sorted({str(g) for g in gold or []} - known)
            if unknown:
                raise ValueError(f"'gold' names memories not in the memories file: {unknown[:3]}")
        except (ValueError, ValidationError, TypeError) as e:
            raise InputError(f"{path}:{n}: {_problem(e)}") from None
        out.append((qid, text, ctx, now, None if gold is None else {str(g) for g in gold}))
    return out


def build(store: Any, clock: MutableClock, args: argparse.Namespace) -> Any:
    """The read graph with the product's defaults, except the settings given on the command line."""
    recall: dict[str, Any] = {"fusion": {"hybrid": args.fusion, "bm25": "bm25", "dense": "dense"}[args.mode]}
    if args.lexical_weight is not None:
        recall["lexical_weight"] = args.lexical_weight
    rerank = {k: v for k, v in (("fresh_weight", args.fresh_weight), ("src_weight", args.src_weight)) if v is not None}
    return create_read_graph(
        store, clock=clock, query=QueryNode(clock=clock),
        recall=RecallNode(store, candidates=max(40, 3 * args.k), clock=clock, **recall),
        rerank=RerankNode(clock=clock, **rerank),
    ).compile()


def run(args: argparse.Namespace) -> int:
    memories, external = load_memories(args.memories)
    queries = load_queries(args.queries, set(external.values()))
    store = load_store(memories, make_embedder(args.embedder), args.home)
    clock = MutableClock()
    try:
        graph = build(store, clock, args)
        preds: dict[str, list[str]] = {}
        scored: list[tuple[list[str], set[str]]] = []
        timer = Timer()
        for qid, text, ctx, now, gold in queries:
            with timer:
                ids = rank(graph, clock, [("user", text)], ctx, now=now or datetime.now().astimezone(), k=args.k,
                           select=args.select)
            preds[qid] = [external[i] for i in ids[: args.k]]
            if gold is not None:
                scored.append((preds[qid], gold))
    finally:
        store.close()
    Path(args.out).write_text(json.dumps(preds, ensure_ascii=False, indent=1))
    summary: dict[str, Any] = {"memories": len(memories), "queries": len(queries), "k": args.k, "mode": args.mode, "fusion": args.fusion,
                               "embedder": args.embedder, "out": args.out, "p50_ms": timer.p(0.5),
                               "p95_ms": timer.p(0.95)}
    if scored:
        summary["scores"] = summarize(scored, [k for k in KS if k <= args.k])
        if args.select:
            summary["empty"] = sum(not preds[qid] for qid, *_, gold in queries if gold == set())
            summary["no_gold_queries"] = sum(1 for *_, gold in queries if gold == set())
    print(f"ranked {len(queries)} queries over {len(memories)} memories → {args.out} "
          f"(p50 {summary['p50_ms']} ms, p95 {summary['p95_ms']} ms)")
    if "scores" in summary:
        print("  " + "  ".join(f"{k}={v}" for k, v in summary["scores"].items()))
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals retrieval", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--memories", required=True, help="JSONL of memories (shape above)")
    ap.add_argument("--queries", required=True, help="JSONL of queries (shape above)")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--out", required=True)
    ap.add_argument("--embedder", default="minilm+e5", choices=EMBEDDERS, help="default: the product default")
    ap.add_argument("--mode", default="hybrid", choices=MODES)
    ap.add_argument("--fusion", default=DEFAULT_FUSION, choices=HYBRID_FUSIONS,
                    help="the hybrid's fusion rule (default: the product's)")
    ap.add_argument("--lexical-weight", type=fraction, help="BM25 share of the fused similarity (default: the product's)")
    ap.add_argument("--fresh-weight", type=fraction, help="reranker freshness weight (default: the product's)")
    ap.add_argument("--src-weight", type=fraction, help="reranker source weight (default: the product's)")
    ap.add_argument("--select", action="store_true", help="return the selector's choice (≤ 5) instead of the ranking")
    ap.add_argument("--home", help="a new memory home to build, kept after the run (default: a temporary directory)")
    ap.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    args = ap.parse_args(argv)
    if args.k < 1:
        ap.error("--k must be at least 1")
    for name in ("memories", "queries"):
        if not Path(getattr(args, name)).is_file():
            ap.error(f"--{name} {getattr(args, name)}: no such file")
    if args.home and Path(args.home).exists() and (not Path(args.home).is_dir() or any(Path(args.home).iterdir())):
        ap.error(f"--home {args.home}: not an empty directory; the eval builds a new home there (give a new path)")
    try:
        return run(args)
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
