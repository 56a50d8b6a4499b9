"""One system, one size, one process: load, measure reads / writes / recall, report JSON on the last line.

Run by `evals/bench.py` as `python -m evals._bench_worker --system ours --n 10000 --vectors F --home D`
(Mem0 runs under its own interpreter, see `_bench_env.py`). Peak RSS is this process's own `ru_maxrss`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from ._bench_common import (
    bench_minilm,
    disk_mb,
    load_vectors,
    our_embedder,
    peak_rss_mb,
    percentiles,
    quiet_env,
    timed,
)
from ._bench_data import make_corpus, make_queries, memory_at, timing_queries

WARMUP = 20
K = 5


def _parse(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m evals._bench_worker")
    ap.add_argument("--system", required=True, choices=["ours", "ours_pg", "inmemory", "mem0"])
    ap.add_argument("--database-url", default=None, help="ours_pg: the PostgreSQL canonical store")
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--home", required=True)
    ap.add_argument("--users", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--recall", type=int, default=200)
    ap.add_argument("--writes", type=int, default=1000)
    ap.add_argument("--phase", choices=["load", "serve"], default="serve", help="ours only: load, then serve")
    a = ap.parse_args(argv)
    for name in ("n", "users", "queries", "recall", "writes"):
        if getattr(a, name) <= 0:
            raise ValueError(f"--{name} must be positive")
    return a


def _fresh(a: argparse.Namespace) -> list:
    """Memories the measured writes add: beyond the corpus, never embedded before (real encodes)."""
    return [memory_at(a.n + 10_000_000 + j, n_users=a.users, seed=a.seed + 7) for j in range(a.writes)]


def _recall_turn(store: Any) -> Any:
    """A read through `add_memory`'s default recall node (`RecallTurn`: the seven stages in one node, the
    usage event recorded), in a one-node graph: what a user's own graph pays for memory on a turn."""
    from langchain_core.messages import HumanMessage
    from langgraph.graph import END, START, StateGraph

    from langmem_nodes.records import MemoryContext
    from langmem_nodes.state import MemoryState
    from langmem_nodes.turn import RecallTurn

    node = RecallTurn(store)
    graph = StateGraph(MemoryState, context_schema=MemoryContext)
    graph.add_node(node.name, node.as_node())
    graph.add_edge(START, node.name).add_edge(node.name, END)
    compiled = graph.compile()

    def read_turn(user: str, q: str) -> list[str]:
        out = compiled.invoke({"messages": [HumanMessage(q)]}, context=MemoryContext(user_id=user))
        return list(out.get("memory_injected_ids") or [])

    return read_turn


def _latencies(search: Any, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Percentiles over the timed queries, and under "en" / "zh" over those of each language."""
    from langmem_nodes.embeddings import CJK_TEXT

    for u, q in pairs[:WARMUP]:
        search(u, q + " (warm-up)")
    timed_ = [(q, timed(lambda u=u, q=q: search(u, q))[0]) for u, q in pairs[WARMUP:]]
    out: dict[str, Any] = percentiles([ms for _, ms in timed_])
    for lang in ("en", "zh"):
        ms = [t for q, t in timed_ if bool(CJK_TEXT.search(q)) == (lang == "zh")]
        if ms:
            out[lang] = percentiles(ms)
    return out


def _recall(search_topics: Any, a: argparse.Namespace, corpus: list) -> dict[str, float]:
    """recall@5: a hit is any returned memory of the asker on the asked topic (zh and en separately)."""
    by_lang: dict[str, list[int]] = {"en": [], "zh": []}
    for q in make_queries(corpus, a.recall, seed=a.seed + 1):
        topics = search_topics(q.user_id, q.text)
        by_lang[q.lang].append(int(corpus[q.gold_idx].topic in topics[:K]))
    allhits = by_lang["en"] + by_lang["zh"]
    out = {"recall_at_5": round(sum(allhits) / len(allhits), 3), "n": len(allhits)}
    for lang, hits in by_lang.items():
        if hits:
            out[f"recall_at_5_{lang}"] = round(sum(hits) / len(hits), 3)
    return out


# -- ours -----------------------------------------------------------------------------------------------
def run_ours(a: argparse.Namespace) -> dict[str, Any]:
    from langchain_core.messages import HumanMessage

    from langmem_nodes.embeddings import Embedder
    from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    from langmem_nodes.store import MemoryStore

    corpus = make_corpus(a.n, n_users=a.users, seed=a.seed)
    table = load_vectors(a.vectors, a.n)
    row = {m.text: m.idx for m in corpus}
    real = bench_minilm()

    class Preloaded(Embedder):
        """The packaged MiniLM, answering corpus texts from the precomputed table (same vectors)."""

        name, dim = real.name, 384

        def _encode(self, texts: list[str]) -> Any:
            import numpy as np

            out = np.zeros((len(texts), self.dim), np.float32)
            miss = [i for i, t in enumerate(texts) if t not in row]
            for i, t in enumerate(texts):
                if t in row:
                    out[i] = table[row[t]]
            if miss:
                out[miss] = real._encode([texts[i] for i in miss])
            return out

        def embed_query(self, text: str) -> Any:  # a query goes through MiniLM's own query path (int8)
            return real.embed_query(text)

    emb: Embedder = Preloaded()
    queries = "" if real.query_precision == real.precision else f" (queries {real.query_precision})"
    res: dict[str, Any] = {"system": a.system, "n": a.n, "encoder": f"{real.backend} {real.precision}{queries}"}
    if our_embedder() == "minilm+e5":
        import numpy as np

        from langmem_nodes.bilingual import BilingualEmbedder

        ours = load_vectors(os.environ["BENCH_OUR_VECTORS"], a.n)

        class PreloadedBilingual(BilingualEmbedder):
            """Our default embedder, answering corpus texts from its precomputed table (same vectors)."""

            def embed(self, texts: Any) -> Any:
                out = np.zeros((len(texts), self.dim), np.float32)
                miss = [i for i, t in enumerate(texts) if t not in row]
                for i, t in enumerate(texts):
                    if t in row:
                        out[i] = ours[row[t]]
                if miss:
                    out[miss] = super().embed([texts[i] for i in miss])
                return out

        emb = PreloadedBilingual(english=real)
        res["encoder"] += " + e5 (Chinese)"
    home = Path(a.home)

    def rec(m: Any) -> MemoryRecord:
        return MemoryRecord(id=f"bench_{m.idx:07d}", text=m.text, object=m.topic, scope=Scope(user_id=m.user_id),
                            source="explicit", confidence=0.9, metadata={"topic": m.topic})

    if a.phase == "load":  # bulk load in its own process, so the serving process's RSS is its own
        store = MemoryStore(home, embedder=emb, database_url=a.database_url)
        t = time.perf_counter()
        by_user = sorted(corpus, key=lambda m: m.user_id)  # a bulk import groups by partition: 1 upsert each
        for i in range(0, a.n, 1000):
            store.commit(add=[rec(m) for m in by_user[i:i + 1000]])
        res["load_s_precomputed_vectors"] = round(time.perf_counter() - t, 2)
        store.close()
        res["load_disk_mb"] = disk_mb(home) + _database_mb(a.database_url)
        return res

    t = time.perf_counter()
    store = MemoryStore(home, embedder=emb, database_url=a.database_url)
    res["open_ms"] = round((time.perf_counter() - t) * 1000, 1)

    graph, mode = None, "store"
    try:
        from langmem_nodes.read.graph import create_read_graph

        graph, mode = create_read_graph(store).compile(), "read_graph"
    except ImportError as exc:
        res["read_graph_missing"] = str(exc)
    res["read_mode"] = mode

    def read(user: str, q: str) -> list[MemoryRecord]:
        if graph is not None:
            out = graph.invoke({"messages": [HumanMessage(q)]}, context=MemoryContext(user_id=user))
            return [s.record for s in out.get("memory_selected") or []]
        parts = MemoryContext(user_id=user).visible_partitions()
        lex = store.lexical_search(parts, q, 40)
        dense = store.dense_search(parts, emb.embed_query(q), 40)
        rank: dict[str, float] = {}
        for hits in (lex, dense):
            for r, (i, _) in enumerate(hits):
                rank[i] = rank.get(i, 0.0) + 1.0 / (60 + r)
        ids = sorted(rank, key=lambda i: -rank[i])[:K]
        got = store.get_many(ids)
        return [got[i] for i in ids if i in got]

    pairs = timing_queries(a.users, a.queries + WARMUP, seed=a.seed + 2)
    cold_user = [u for u, _ in pairs[WARMUP:]][0]
    res["first_query_ms"] = round(timed(lambda: read(cold_user, "cold start query"))[0], 1)
    res["read"] = _latencies(read, pairs)  # mostly each user's first query in this process (cold partitions)
    # a conversation's later turns: users already seen, new query text (a real encode)
    res["read_warm_user"] = _latencies(read, [(u, f"{q} please") for u, q in pairs])
    if graph is not None:
        res.update(_later_turn_parts(store, [(u, f"{q} please") for u, q in pairs[WARMUP:]]))
    # what a server does at start-up: build every user's indexes (MemoryStore.warm) and render their stable
    # blocks (warm_stable), then users' first queries
    from langmem_nodes.read.render import warm_stable

    t = time.perf_counter()
    res["warm"] = store.warm()
    res["warm"]["stable_blocks"] = warm_stable(store, [MemoryContext(user_id=f"u{i:04d}") for i in range(a.users)])
    res["warm"]["seconds"] = round(time.perf_counter() - t, 2)
    seen = {u for u, _ in pairs}
    unseen = [(u, q) for u, q in timing_queries(a.users, 4 * len(pairs), seed=a.seed + 9) if u not in seen]
    unseen = list({u: (u, q) for u, q in reversed(unseen)}.values())[::-1]  # each user's first query only
    half = len(unseen) // 2  # a tiny run may have no user left unseen: then these two are not measured
    if half > WARMUP:
        res["read_after_warm"] = _latencies(read, unseen[:half])
    if graph is not None:  # the same stages fused into one graph node (create_read_graph(fused=True))
        fused = create_read_graph(store, fused=True).compile()

        def read_fused(user: str, q: str) -> list[MemoryRecord]:
            out = fused.invoke({"messages": [HumanMessage(q)]}, context=MemoryContext(user_id=user))
            return [s.record for s in out.get("memory_selected") or []]

        if half > WARMUP:
            res["read_fused"] = _latencies(read_fused, unseen[half:])
        res["read_fused_warm_user"] = _latencies(read_fused, [(u, f"{q} thanks") for u, q in pairs])
        res["read_turn_warm_user"] = _latencies(_recall_turn(store), [(u, f"{q} ok") for u, q in pairs])
    res["embed_only"] = _latencies(lambda u, q: emb.embed_query(q), [(u, q + " [e]") for u, q in pairs])
    # where the time goes: the same queries again (their embeddings now cached), and each backend alone
    again = pairs[WARMUP:WARMUP + 100]
    res["read_cached_embedding"] = percentiles([timed(lambda u=u, q=q: read(u, q))[0] for u, q in again])
    parts_of = {u: MemoryContext(user_id=u).visible_partitions() for u, _ in again}
    res["dense_search"] = percentiles(
        [timed(lambda u=u, q=q: store.dense_search(parts_of[u], emb.embed_query(q), 40))[0] for u, q in again])
    res["lexical_search"] = percentiles(
        [timed(lambda u=u, q=q: store.lexical_search(parts_of[u], q, 40))[0] for u, q in again])
    res["recall"] = _recall(lambda u, q: [r.metadata.get("topic") for r in read(u, q)], a, corpus)

    # bulk ingest: the fresh memories as an import for 10 users, batched commits, real MiniLM encodes
    fresh = sorted((dataclasses.replace(m, user_id=f"u{j % 10:04d}") for j, m in enumerate(_fresh(a))),
                   key=lambda m: m.user_id)
    t = time.perf_counter()
    for i in range(0, len(fresh), 250):
        store.commit(add=[rec(m) for m in fresh[i:i + 250]])
    res["write"] = {"ingest_per_s": round(len(fresh) / (time.perf_counter() - t), 1)}

    try:
        from langmem_nodes.write.graph import create_write_graph
    except ImportError as exc:
        res["write_graph_missing"] = str(exc)
    else:
        wg = create_write_graph(store).compile()
        turns = [memory_at(a.n + 20_000_000 + j, n_users=a.users, seed=a.seed + 11) for j in range(min(a.writes, 150))]
        inputs = [{"messages": [HumanMessage(f"Remember this: {m.text}" if m.lang == "en" else f"记住：{m.text}")]}
                  for m in turns]
        configs = [{"configurable": {"user_id": m.user_id}} for m in turns]
        t = time.perf_counter()
        outs = wg.batch(inputs, configs)
        dt = time.perf_counter() - t
        res["write"]["graph_turns_per_s"] = round(len(turns) / dt, 1)
        res["write"]["graph_written"] = sum(len(o.get("memory_written") or []) for o in outs)
        t = time.perf_counter()
        for inp, cfg in zip(inputs[:20], configs[:20], strict=True):
            wg.invoke({"messages": [HumanMessage(inp["messages"][0].content + " again")]}, cfg)
        res["write"]["graph_turn_ms_sequential"] = round((time.perf_counter() - t) * 1000 / 20, 1)
        # the same six nodes over a batch of fresh turns (BatchWriter): one encoder call, one commit per turn
        from langmem_nodes.write.batch import BatchWriter

        more = [memory_at(a.n + 30_000_000 + j, n_users=a.users, seed=a.seed + 13) for j in range(max(200, a.writes // 2))]
        items = [{"messages": [HumanMessage(f"Remember this: {m.text}" if m.lang == "en" else f"记住：{m.text}")],
                  "context": MemoryContext(user_id=m.user_id)} for m in more]
        t = time.perf_counter()
        outs = BatchWriter(store).write(items)
        dt = time.perf_counter() - t
        res["write"]["batch_turns_per_s"] = round(len(items) / dt, 1)
        res["write"]["batch_written"] = sum(len(o["memory_written"]) for o in outs)
    store.close()
    res["disk_mb"] = disk_mb(home) + _database_mb(a.database_url)
    return res


def _database_mb(url: str | None) -> float:
    """ours_pg: what the store's tables (with indexes and TOAST) take in PostgreSQL, in MB."""
    if url is None:
        return 0.0
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        size = conn.execute("SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN "
                            "pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() "
                            "AND c.relkind = 'r'").fetchone()[0]
    return round(float(size) / 1e6, 1)


def _later_turn_parts(store: Any, turns: list[tuple[str, str]]) -> dict[str, dict[str, float]]:
    """Where a later turn's time goes, on turns just served (their query embeddings are cached): the seven
    stages run directly (no graph runtime, no encode), and the read graph's runtime alone (each node
    replays the output its stage recorded for the first turn, so only LangGraph's own work is timed)."""
    from langchain_core.messages import HumanMessage
    from langgraph.graph import END, START, StateGraph

    from langmem_nodes.context import now_from
    from langmem_nodes.node import run_in_order
    from langmem_nodes.read.graph import STAGES, read_stages
    from langmem_nodes.records import MemoryContext
    from langmem_nodes.state import ReadState

    stages = read_stages(store)
    ctx = lambda u: MemoryContext(user_id=u)  # noqa: E731
    out = {"stages_alone": percentiles([timed(lambda u=u, q=q: run_in_order(
        stages, {"messages": [HumanMessage(q)]}, ctx(u)))[0] for u, q in turns])}
    view: dict[str, Any] = {"messages": [HumanMessage(turns[0][1])]}
    replay = StateGraph(ReadState, context_schema=MemoryContext)
    prev = START
    for name, node in zip(STAGES, stages, strict=True):
        update = node.run(view, ctx(turns[0][0]), now_from(node.clock))
        view.update(update)
        replay.add_node(name, lambda _state, update=update: update)
        replay.add_edge(prev, name)
        prev = name
    compiled = replay.add_edge(prev, END).compile()
    out["graph_runtime_alone"] = percentiles([timed(lambda u=u, q=q: compiled.invoke(
        {"messages": [HumanMessage(q)]}, context=ctx(u)))[0] for u, q in turns])
    return out


def _unique_text_batches(corpus: list, size: int) -> list[list]:
    """Batches with no repeated text: InMemoryStore.batch embeds unique texts but then expects one
    embedding per put, so a batch holding the same text twice raises (langgraph 1.2 store/memory)."""
    batches: list[list] = []
    todo = list(corpus)
    while todo:
        seen: set[str] = set()
        batch, rest = [], []
        for m in todo:
            (rest if m.text in seen or len(batch) >= size else batch).append(m)
            seen.add(m.text)
        batches.append(batch)
        todo = rest
    return batches


# -- LangGraph InMemoryStore ----------------------------------------------------------------------------
def run_inmemory(a: argparse.Namespace) -> dict[str, Any]:
    from langgraph.store.base import PutOp
    from langgraph.store.memory import InMemoryStore

    corpus = make_corpus(a.n, n_users=a.users, seed=a.seed)
    table = load_vectors(a.vectors, a.n)
    row = {m.text: m.idx for m in corpus}
    real = bench_minilm(cache_size=0)
    loading = {"on": True}

    def embed(texts: list[str]) -> list[list[float]]:
        if loading["on"]:
            return [table[row[t]].tolist() for t in texts]
        return real._encode(list(texts)).tolist()

    store = InMemoryStore(index={"embed": embed, "dims": 384, "fields": ["text"]})
    res: dict[str, Any] = {"system": "inmemory", "n": a.n, "encoder": f"{real.backend} {real.precision}"}
    t = time.perf_counter()
    for chunk in _unique_text_batches(corpus, 1000):
        store.batch([PutOp(("memories", m.user_id), f"m{m.idx}", {"text": m.text, "topic": m.topic}) for m in chunk])
    res["load_s_precomputed_vectors"] = round(time.perf_counter() - t, 2)
    loading["on"] = False

    def search(user: str, q: str) -> list[Any]:
        return store.search(("memories", user), query=q, limit=K)

    pairs = timing_queries(a.users, a.queries + WARMUP, seed=a.seed + 2)
    res["read"] = _latencies(search, pairs)
    res["recall"] = _recall(lambda u, q: [it.value["topic"] for it in search(u, q)], a, corpus)
    fresh = _fresh(a)
    t = time.perf_counter()
    for m in fresh:
        store.put(("memories", m.user_id), f"f{m.idx}", {"text": m.text, "topic": m.topic})
    res["write"] = {"put_per_s": round(len(fresh) / (time.perf_counter() - t), 1)}
    res["disk_mb"] = 0.0  # in-memory only: nothing persists
    return res


# -- Mem0 OSS -------------------------------------------------------------------------------------------
def run_mem0(a: argparse.Namespace) -> dict[str, Any]:
    import hashlib
    from datetime import UTC, datetime

    from mem0 import Memory

    from ._bench_common import minilm_path

    corpus = make_corpus(a.n, n_users=a.users, seed=a.seed)
    table = load_vectors(a.vectors, a.n)
    home = Path(a.home)
    home.mkdir(parents=True, exist_ok=True)
    m0 = Memory.from_config({
        "vector_store": {"provider": "chroma", "config": {"collection_name": "bench", "path": str(home / "chroma")}},
        "embedder": {"provider": "huggingface", "config": {"model": minilm_path(), "embedding_dims": 384}},
        "llm": {"provider": "openai", "config": {"api_key": "sk-dummy-never-called", "model": "gpt-4o-mini"}},
        "history_db_path": str(home / "history.db"),
    })
    # the same encoder as the other systems (our packaged MiniLM on ONNX Runtime), behind Mem0's own call
    class SameEncoder:
        def __init__(self) -> None:
            self.real = bench_minilm(cache_size=0)

        def encode(self, text: Any, convert_to_numpy: bool = True, **_: Any) -> Any:
            one = isinstance(text, str)
            vecs = self.real._encode([text] if one else list(text))
            return vecs[0] if one else vecs

    m0.embedding_model.model = SameEncoder()
    res: dict[str, Any] = {"system": "mem0", "n": a.n, "encoder": f"{m0.embedding_model.model.real.backend} {m0.embedding_model.model.real.precision}"}
    now = datetime.now(UTC).isoformat()
    t = time.perf_counter()
    for i in range(0, a.n, 1000):  # the payload Memory._create_memory writes, with our precomputed vectors
        chunk = corpus[i:i + 1000]
        m0.vector_store.insert(
            vectors=[table[m.idx].tolist() for m in chunk],
            ids=[f"bench-{m.idx:07d}" for m in chunk],
            payloads=[{"data": m.text, "hash": hashlib.md5(m.text.encode()).hexdigest(), "created_at": now,
                       "updated_at": now, "text_lemmatized": m.text, "user_id": m.user_id, "role": "user",
                       "bench_topic": m.topic} for m in chunk],
        )
    res["load_s_precomputed_vectors"] = round(time.perf_counter() - t, 2)

    def search(user: str, q: str) -> list[dict[str, Any]]:
        return m0.search(q, filters={"user_id": user}, top_k=K)["results"]

    pairs = timing_queries(a.users, a.queries + WARMUP, seed=a.seed + 2)
    res["read"] = _latencies(search, pairs)
    res["recall"] = _recall(lambda u, q: [(r.get("metadata") or {}).get("bench_topic") or r.get("bench_topic")
                                          for r in search(u, q)], a, corpus)
    fresh = _fresh(a)[: max(20, a.writes // 20)]  # one add = one encode + one Chroma insert + history row
    t = time.perf_counter()
    for m in fresh:
        m0.add([{"role": "user", "content": m.text}], user_id=m.user_id, infer=False,
               metadata={"bench_topic": m.topic})
    res["write"] = {"add_per_s": round(len(fresh) / (time.perf_counter() - t), 1)}
    res["disk_mb"] = disk_mb(home)
    return res


def main(argv: list[str] | None = None) -> int:
    quiet_env()
    a = _parse(list(sys.argv[1:] if argv is None else argv))
    if (a.system == "ours_pg") != bool(a.database_url):
        raise ValueError("--database-url goes with --system ours_pg (and only with it)")
    res = {"ours": run_ours, "ours_pg": run_ours, "inmemory": run_inmemory, "mem0": run_mem0}[a.system](a)
    res["peak_rss_mb"] = peak_rss_mb()
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
