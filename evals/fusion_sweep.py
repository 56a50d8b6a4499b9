"""Score many fusion settings of the generic retrieval eval in one process: search once, re-rank many times.

Each query is searched once with deep pools (BM25 and dense, `--depth` each) and its candidates' exact cosines,
BM25 scores, the BM25 ceiling and the records' ages are kept; every setting then re-ranks them as recall
(`fuse`, the route pools cut to the setting's size) and rerank (freshness gate, source) would. `--check PRED`
compares the default setting's ranking with a `python -m evals retrieval` output of the same files (it must be
equal for every query). Only memories that are not conversation turns (the retrieval eval's one turn per memory)
and queries no attribute or history route fires on are replayed exactly; the others are counted and reported.

Usage:
    python -m evals.fusion_sweep --memories M.jsonl --queries Q.jsonl [--embedder E] [--check PRED.json] [--save P]
    python -m evals.fusion_sweep --madial ../shared/data/madial --lang en|zh [--embedder E] [--save P]
    then, in Python: `caps = load(P)`; `score(caps, Setting("x", fresh_weight=0.0), "hybrid"|"bm25"|"dense")`
"""

from __future__ import annotations

import argparse
import json
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from evals._retrieval_core import load_store, make_embedder, summarize
from evals.retrieval import load_memories, load_queries
from langmem_nodes.read import QueryNode, RerankNode, history_route
from langmem_nodes.read.attribute_route import AttributeRoute
from langmem_nodes.read.recall import DEFAULT_FUSION, LEXICAL_POOL, LEXICAL_WEIGHTS, fuse
from langmem_nodes.records import Status, as_utc
from langmem_nodes.text import detect_lang


@dataclass
class Captured:
    """One query's deep pools: BM25 (id, score) and dense (id, cosine) best first, every candidate's cosine."""

    qid: str
    gold: set[str] | None
    lex: list[tuple[str, float]]
    dense: list[tuple[str, float]]
    cos: dict[str, float]
    ceiling: float
    fresh: dict[str, float]
    src: float
    confidence: dict[str, float]
    routed: bool = False
    reads: bool = True  # the embedder reads the query (else recall ranks by BM25, the rest in the dense order)


@dataclass(frozen=True)
class Setting:
    """A recall + rerank setting; `fuse_fn` replaces `fuse` (same arguments) when given."""

    name: str
    fusion: str = DEFAULT_FUSION
    lexical_weight: float | None = None
    n_lex: int = round(75 * LEXICAL_POOL)  # recall's BM25 pool (the retrieval eval's 75 × LEXICAL_POOL)
    n_dense: int = 75
    sim_weight: float = 0.5
    fresh_weight: float = 0.3
    src_weight: float = 0.2
    fresh_band: float | None = 0.1
    fuse_fn: Callable[..., dict[str, float]] | None = field(default=None, compare=False)


def capture(memories: str, queries: str, embedder: str, depth: int) -> tuple[list[Captured], Any]:
    records, external = load_memories(memories)
    qs = [(qid, [("user", text)], ctx, now, gold) for qid, text, ctx, now, gold in
          load_queries(queries, set(external.values()))]
    return capture_store(records, external, qs, embedder, depth, QueryNode(), 25), external


def capture_store(records: Sequence[Any], external: dict[str, str], qs: Sequence[tuple[Any, ...]], embedder: str,
                  depth: int, qnode: Any, k: int) -> list[Captured]:
    """Deep pools for each (qid, messages, ctx, now, gold) over a fresh home of `records`."""
    store = load_store(records, make_embedder(embedder))
    rr = RerankNode()
    by_id = {r.id: r for r in records}
    out = []
    try:
        for qid, messages, ctx, now, gold in qs:
            now = as_utc(now or datetime.now().astimezone())
            q = qnode.run({"messages": messages, "memory_k": k}, ctx, now)["memory_query"]
            lex = store.lexical_search(q.partitions, q.lexical, depth, (Status.ACTIVE,))
            qvec = store.embedder.embed_query(q.dense)
            dense = store.dense_search(q.partitions, qvec, depth, (Status.ACTIVE,))
            ids = list(dict.fromkeys([*(i for i, _ in lex), *(i for i, _ in dense)]))
            cos = store.cosines(q.partitions, ids, qvec)
            ceiling = store.bm25.ceiling(q.partitions, q.lexical)
            routed = AttributeRoute.of(q.text) is not None or history_route.bare(q.text)
            fresh = {i: rr.freshness(by_id[i], now) for i in ids}
            src = rr.source_weights.get(records[0].source.value, 0.4)
            conf = {i: by_id[i].confidence for i in ids}
            reads = bool(getattr(store.embedder, "reads_cjk", True)) or detect_lang(q.text) != "zh"
            out.append(Captured(qid, gold, [(external[i], s) for i, s in lex], [(external[i], s) for i, s in dense],
                                {external[i]: c for i, c in cos.items()}, ceiling,
                                {external[i]: f for i, f in fresh.items()}, src,
                                {external[i]: c for i, c in conf.items()}, routed, reads))
    finally:
        store.close()
    return out


def capture_madial(data: str, lang: str, embedder: str, depth: int) -> tuple[list[Captured], dict[str, str]]:
    """MADial's pools as `python -m evals madial` builds its queries (3 latest messages, k 10)."""
    from datetime import timedelta
    from pathlib import Path

    from evals.madial import load_dialogues
    from evals.madial import load_memories as madial_memories
    from langmem_nodes.records import MemoryContext

    records = madial_memories(Path(data) / f"MADial-Bench-{lang}-memory.json")
    dialogues = load_dialogues(Path(data) / f"MADial-Bench-{lang}-dialogue.json")
    now = max(m.created_at for m in records) + timedelta(days=1)
    ctx = MemoryContext(user_id="madial")
    qs = [(str(d["id"]), d["messages"], ctx, now, d["gold"]) for d in dialogues]
    caps = capture_store(records, {r.id: r.id for r in records}, qs, embedder, depth, QueryNode(context_messages=3), 10)
    return caps, {r.id: r.id for r in records}


def replay(c: Captured, s: Setting, mode: str = "hybrid") -> list[str]:
    """The ranking recall → rerank would give `c` under setting `s` ("hybrid", "bm25" or "dense")."""
    lex = {} if mode == "dense" else dict(c.lex[: s.n_lex])
    dense = [] if mode == "bm25" else c.dense[: s.n_dense]
    ids = list(dict.fromkeys([*lex, *(i for i, _ in dense)]))
    if not ids:
        return []
    fusion = {"hybrid": s.fusion, "bm25": "bm25", "dense": "dense"}[mode]
    unread = not c.reads and mode == "hybrid"
    if unread:
        fusion = "bm25"
    w = s.lexical_weight if s.lexical_weight is not None else LEXICAL_WEIGHTS.get(fusion, 0.3)
    cos = {} if mode == "bm25" or unread else {i: c.cos[i] for i in ids if i in c.cos}
    fn = s.fuse_fn if (s.fuse_fn is not None and mode == "hybrid" and not unread) else fuse
    sim = fn(lex, cos, ids, fusion=fusion, lexical_weight=w, dense_rank=[i for i, _ in dense],
             lexical_ceiling=c.ceiling if lex and fusion != "bm25" else None)
    if unread:  # below every BM25 hit, in the dense order (`RecallNode._recall`)
        n = max(s.n_lex, s.n_dense)
        at = {i: r for r, (i, _) in enumerate(dense)}
        for i in ids:
            if i not in lex:
                sim[i] = 1e-3 * (1 - at.get(i, n) / (n + 1))
    best = max(sim.values())
    scored = []
    for i in ids:
        gate = 1.0 if s.fresh_band is None else min(1.0, max(0.0, 1.0 - (best - sim[i]) / s.fresh_band))
        score = (s.sim_weight * sim[i] + s.fresh_weight * c.fresh[i] * gate + s.src_weight * c.src) * c.confidence[i]
        scored.append((-score, i))
    # rerank sorts by (score, internal id); internal ids follow the memory file's line order
    return [i for _, i in sorted(scored, key=lambda t: (t[0], _order[t[1]]))]


_order: dict[str, str] = {}  # external id -> internal id (rerank breaks ties by it)


def load(path: str) -> list[Captured]:
    """Pools saved with `--save`."""
    class _Here(pickle.Unpickler):  # saved by `python -m evals.fusion_sweep`, where this module is __main__
        def find_class(self, module: str, name: str) -> Any:
            return globals()[name] if name == "Captured" else super().find_class(module, name)

    with open(path, "rb") as fh:
        caps, order = _Here(fh).load()
    _order.update({k: f"x{v}" if isinstance(v, int) else v for k, v in order.items()})
    return caps


def score(caps: Sequence[Captured], s: Setting, mode: str = "hybrid", k: int = 25) -> dict[str, float]:
    return summarize([(replay(c, s, mode)[:k], c.gold) for c in caps if c.gold is not None], (1, 5, 10, 25))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.fusion_sweep", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--memories")
    ap.add_argument("--queries")
    ap.add_argument("--embedder", default="minilm+e5")
    ap.add_argument("--depth", type=int, default=300)
    ap.add_argument("--madial", help="MADial data directory: capture LANG (--lang) instead of the JSONL files")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--check", help="a `python -m evals retrieval --k 25` output of the same files (default setting)")
    ap.add_argument("--save", help="pickle the captured pools here (for `load`)")
    args = ap.parse_args(argv)
    if args.madial:
        caps, order = capture_madial(args.madial, args.lang, args.embedder, args.depth)
        _order.update(order)
    else:
        caps, external = capture(args.memories, args.queries, args.embedder, args.depth)
        _order.update({ext: i for i, ext in external.items()})
    if args.save:
        with open(args.save, "wb") as fh:
            pickle.dump((caps, _order), fh)
    base = Setting("default")
    print(f"{len(caps)} queries; {sum(c.routed for c in caps)} with an attribute/history route (not replayed exactly)")
    if args.check:
        pred = json.loads(open(args.check, encoding="utf-8").read())
        same = sum(replay(c, base)[:25] == pred[c.qid] for c in caps)
        print(f"check: {same}/{len(caps)} rankings equal to {args.check}")
    for mode in ("hybrid", "bm25", "dense"):
        print(mode, score(caps, base, mode))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
