"""MADial-Bench memory recall (zh and en) through the real read graph: hybrid vs BM25-only vs dense-only.

Each memory (`event`, dated by `time`) goes into one user's home; each dialogue's turns before its
`test-turn` are the query (user turns as user messages, the assistant's as assistant messages); the gold
is `relevant-id`. All three modes run in the same process over the same home and embedder; they differ
only in the recall fusion. `--grid` sweeps the convex weight.

`--bm25-tokenizer jieba` replaces BM25's tokenizer (ours: CJK unigrams + bigrams, English words) with
jieba's word segmentation for CJK runs (English as ours), for the index and the query alike: the measurement
behind keeping bigrams (docs/figures.md).

Usage:
    python -m evals madial --data ../shared/data/madial [--lang zh,en] [--embedder e5] [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from evals._retrieval_core import (
    EMBEDDERS,
    HYBRID_FUSIONS,
    MODES,
    MutableClock,
    build_graph,
    load_store,
    make_embedder,
    rank,
    read_jsonl,
    summarize,
)
from langmem_nodes.read.recall import DEFAULT_FUSION
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope, Source
from langmem_nodes.text import ZH_STOP, tokenize

_TURN = re.compile(r"^\s*<([^>]+)>\s*:\s*(.*)$", re.S)
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_OR_NOT = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[^\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
KS = (1, 5, 10)


def load_memories(path: Path, user: str = "madial") -> list[MemoryRecord]:
    out = []
    for row in read_jsonl(path):
        for mid, m in row.items():
            out.append(MemoryRecord(
                id=f"m{mid}", text=m["event"], scope=Scope(user_id=user), source=Source.IMPORTED, confidence=0.8,
                created_at=datetime.fromisoformat(m["time"]).replace(tzinfo=UTC),
                metadata={"scene": m.get("scene", ""), "emotion": m.get("emotion", "")},
            ))
    return out


def dialogue_messages(turns: list[str], test_turn: int) -> list[tuple[str, str]]:
    msgs = []
    for raw in turns[:test_turn]:
        m = _TURN.match(raw.strip())
        if not m:
            continue  # <BOD>
        speaker, text = m.group(1), m.group(2).strip().strip('"“”')
        msgs.append(("assistant" if speaker.casefold() == "assistant" else "user", text))
    while msgs and msgs[-1][0] != "user":
        msgs.pop()
    return msgs


def load_dialogues(path: Path) -> list[dict[str, Any]]:
    out = []
    for n, row in enumerate(read_jsonl(path)):
        tt = row["test-turn"][0] if isinstance(row["test-turn"], list) else int(row["test-turn"])
        msgs = dialogue_messages(row["dialogue"], tt)
        if msgs:
            out.append({"id": row.get("id", n), "messages": msgs, "gold": {f"m{i}" for i in row["relevant-id"]}})
    return out


def jieba_tokenize(text: str) -> list[str]:
    """BM25 tokens with jieba's words for CJK runs (stop words dropped) and our English tokens otherwise."""
    import jieba  # only this measurement uses it (main() checks it is installed); not a dependency

    out: list[str] = []
    for run in _CJK_OR_NOT.findall(text.casefold()):
        if _CJK_RUN.match(run):
            out.extend(w for w in jieba.lcut(run) if w.strip() and w not in ZH_STOP)
        else:
            out.extend(tokenize(run))
    return out


def run_lang(data: Path, lang: str, args: argparse.Namespace) -> dict[str, Any]:
    memories = load_memories(data / f"MADial-Bench-{lang}-memory.json")
    dialogues = load_dialogues(data / f"MADial-Bench-{lang}-dialogue.json")
    store = load_store(memories, make_embedder(args.embedder))
    if args.bm25_tokenizer == "jieba":
        store.bm25._tokenize = jieba_tokenize  # the projection's own tokenizer, for documents and queries
        store.bm25.invalidate()
    now = max(m.created_at for m in memories) + timedelta(days=1)
    clock = MutableClock(now)
    ctx = MemoryContext(user_id="madial")
    weights = [args.lexical_weight] if not args.grid else [round(w * 0.1, 1) for w in range(11)]
    result: dict[str, Any] = {"memories": len(memories), "queries": len(dialogues)}
    for mode in MODES:
        for w in weights if mode == "hybrid" else [args.lexical_weight]:
            graph = build_graph(store, clock, mode=mode, lexical_weight=w, context_messages=args.context, fusion=args.fusion,
                                fresh_weight=args.fresh_weight, src_weight=args.src_weight)
            rows = [(rank(graph, clock, d["messages"], ctx, k=10), d["gold"]) for d in dialogues]
            name = mode if not (args.grid and mode == "hybrid") else f"hybrid@{w}"
            result[name] = summarize(rows, KS)
    store.close()
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals madial", description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data/madial", help="directory with the MADial-Bench json files")
    ap.add_argument("--lang", default="zh,en", help="comma-separated: zh,en")
    ap.add_argument("--embedder", default="e5", choices=EMBEDDERS)
    ap.add_argument("--lexical-weight", type=float, help="BM25 share of the fused similarity (default: the product's)")
    ap.add_argument("--fusion", default=DEFAULT_FUSION, choices=HYBRID_FUSIONS,
                    help="the hybrid's fusion rule (default: the product's)")
    ap.add_argument("--context", type=int, default=3, help="latest messages forming the query")
    ap.add_argument("--fresh-weight", type=float, default=0.0,
                    help="reranker freshness weight (0: the benchmark asks about the past, not the current state)")
    ap.add_argument("--src-weight", type=float, default=0.2)
    ap.add_argument("--grid", action="store_true", help="sweep the convex weight 0.0 … 1.0")
    ap.add_argument("--bm25-tokenizer", default="bigram", choices=("bigram", "jieba"),
                    help="BM25's CJK tokenization: ours (unigrams + bigrams, the product's) or jieba words "
                         "(needs pip install jieba)")
    ap.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    args = ap.parse_args(argv)
    if args.bm25_tokenizer == "jieba" and importlib.util.find_spec("jieba") is None:
        raise SystemExit("--bm25-tokenizer jieba needs jieba, which langmem-nodes does not depend on: pip install jieba")
    data = Path(args.data)
    if not data.is_dir():
        raise SystemExit(f"--data {data} is not a directory")
    summary: dict[str, Any] = {"embedder": args.embedder, "bm25_tokenizer": args.bm25_tokenizer,
                               "lexical_weight": args.lexical_weight, "fusion": args.fusion,
                               "context": args.context, "fresh_weight": args.fresh_weight}
    for lang in [x.strip() for x in args.lang.split(",") if x.strip()]:
        if lang not in ("zh", "en"):
            raise SystemExit(f"--lang: unknown language {lang!r} (zh, en)")
        res = run_lang(data, lang, args)
        summary[lang] = res
        print(f"MADial-Bench {lang}: {res['memories']} memories, {res['queries']} queries, embedder {args.embedder}")
        for name, m in res.items():
            if isinstance(m, dict):
                print(f"  {name:<12} " + "  ".join(f"{k}={v}" for k, v in m.items() if k != "n"))
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    return 0
