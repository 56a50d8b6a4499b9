"""Recall@5 of one large partition: the product's dense path vs exact search vs Chroma HNSW (issue 18, finding 8).

Which index answers a partition is decided by `langmem_nodes/store/dense.py`: embedded, every partition up
to `exact_max_partition` memories (200,000 by default; 5,000 until 2026-12-01) is searched exactly in
process, larger ones by their Chroma collection. This measures, at 5k, 20k and 100k memories in ONE
partition:

- `target_recall@5`: 20 labelled facts (10 en, 10 zh) hidden among the partition's other memories, each asked
  by a paraphrase; the share whose fact is in the top 5.
- `ann_recall@5`: for 200 further queries, the share of the exact top 5 that the index returns (ties at the
  5th score count as found).

Indexes: `exact` (a scan of the canonical vectors: the reference), `product` (a real `MemoryStore` home
with its default settings, loaded through `commit`, asked through `dense_search`: also its query p50/p95,
the first query's load time, the RSS the loaded partition costs, and the time of one `forget` with
`verify_gone` after it), and Chroma with its 1.5 defaults (M 16, ef_construction 100, ef_search 100) and
with `langmem_nodes.store.chroma.HNSW` (the settings of the collections the product still builds above the
exact bound or with a Chroma server), whose ef_search is swept. The filler memories are `evals._bench_data`
memories tagged `[#i]` (zh/en, templated: many near-duplicates, a hard case for HNSW); vectors come from
the packaged MiniLM by default (`--embedder hashing` for the deterministic fake).

Run: `python -m evals large_partition [--sizes 5000,20000,100000] [--indexes exact,product,chroma]
[--embedder minilm] [--json]`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from evals._bench_data import memory_at, timing_queries

K = 5
# (fact, paraphrased question): topics the filler corpus never mentions
TARGETS = [
    ("My daughter's violin lesson is every Thursday at 5pm", "when does the kid have music class?"),
    ("I am allergic to penicillin", "which antibiotic must the doctor avoid for me?"),
    ("My car is a blue 2014 Subaru Outback", "what vehicle does the user drive?"),
    ("The staging database password rotates on the first Monday of each month", "how often do staging credentials change?"),
    ("I keep my tax documents in the green folder in the hallway closet", "where are the user's tax papers stored?"),
    ("Our on-call rotation hands over every Wednesday at noon", "when does the on-call shift change?"),
    ("My grandmother's birthday is on the 3rd of March", "when should I call grandma for her birthday?"),
    ("I ran the Porto marathon in 3 hours 41 minutes", "what is the user's marathon time?"),
    ("The office wifi network is called Orchard-5G", "what is the name of the workplace wireless network?"),
    ("I collect vintage fountain pens, mostly Pelikan", "what does the user collect as a hobby?"),
    ("我女儿每周四下午五点上小提琴课", "孩子什么时候上音乐课？"),
    ("我对青霉素过敏", "医生开药时要避开哪种抗生素？"),
    ("我的车是一辆2014年的蓝色斯巴鲁傲虎", "用户开的是什么车？"),
    ("我的报税材料放在走廊衣柜的绿色文件夹里", "用户的税务文件放在哪里？"),
    ("我们的值班每周三中午交接", "值班什么时候换人？"),
    ("我奶奶的生日是三月三号", "奶奶的生日是哪天？"),
    ("我去年跑杭州马拉松用了三小时四十一分", "用户的马拉松成绩是多少？"),
    ("办公室的无线网络叫果园5G", "公司的WiFi叫什么名字？"),
    ("我收藏老式钢笔，大多是百利金", "用户有什么收藏爱好？"),
    ("我每个月第一个周末去看望外公", "用户多久去看一次外公？"),
]
N_ANN_QUERIES = 200
DEFAULT_HNSW = {"space": "cosine"}  # everything else Chroma's default
CACHE = Path(__file__).parent / "out" / "large_partition"
INDEXES = ("exact", "product", "chroma")


def _vectors(embedder: Any, texts: list[str], tag: str) -> np.ndarray:
    """Embeddings of `texts` (memory i is the same text at every size), cached on disk per embedder: the
    largest cached prefix is reused and only the rest embedded, so the 100k run embeds each text once."""
    CACHE.mkdir(parents=True, exist_ok=True)
    stem = f"{embedder.name}-{embedder.dim}-{tag}-"
    cached = sorted(CACHE.glob(stem + "*.npy"), key=lambda f: int(f.stem.rsplit("-", 1)[1]))
    have = np.load(cached[-1]) if cached else np.zeros((0, embedder.dim), np.float32)
    if len(have) < len(texts):
        rest = texts[len(have):]
        more = [embedder.embed(rest[i:i + 512]) for i in range(0, len(rest), 512)]
        have = np.vstack([have, *more]).astype(np.float32)
        np.save(CACHE / f"{stem}{len(have)}.npy", have)
        for f in cached:
            f.unlink()
    return have[:len(texts)]


def _recall_cut(exact: list[tuple[str, float]], got: list[tuple[str, float]]) -> float:
    """Share of the exact top-k that `got` found; a hit tied with the exact k-th score counts as found."""
    if not exact:
        return 1.0
    cut = exact[-1][1] - 1e-5
    return min(len(exact), sum(1 for _, s in got if s >= cut)) / len(exact)


def _rss_mb() -> float:
    """This process's resident set now (Linux), in MB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _pct(ms: list[float], q: float) -> float:
    return round(float(np.percentile(ms, q)), 2)


def _product(size: int, embedder: Any, texts: list[str], vecs: np.ndarray, asks: np.ndarray, ann: np.ndarray,
             exact_ann: list[list[tuple[str, float]]]) -> dict[str, Any]:
    """The product's own path: a default `MemoryStore`, loaded through `commit`, read through `dense_search`."""
    from langmem_nodes.embeddings import CallableEmbedder
    from langmem_nodes.records import MemoryRecord, Scope
    from langmem_nodes.store import MemoryStore

    by_text = dict(zip(texts, vecs, strict=True))  # the memories' vectors, already computed once for all indexes

    def vectors_of(batch: list[str]) -> np.ndarray:
        return np.vstack([by_text[t] if t in by_text else embedder.embed([t])[0] for t in batch])

    scope = Scope(user_id="bench")
    home = Path(tempfile.mkdtemp(prefix="lm-large-product-"))
    store = MemoryStore(home, embedder=CallableEmbedder(vectors_of, embedder.dim, name=embedder.name, cache_size=0))
    try:
        recs = [MemoryRecord(text=t, scope=scope) for t in texts]
        t0 = time.perf_counter()
        for i in range(0, len(recs), 2000):
            store.commit(add=recs[i:i + 2000])
        commit_s = time.perf_counter() - t0
        targets = {recs[len(recs) - len(TARGETS) + j].id: j for j in range(len(TARGETS))}
        part = scope.partition
        rss0 = _rss_mb()
        t0 = time.perf_counter()
        store.dense_search([part], ann[0], K)  # builds the in-process index (or opens the collection)
        load_s = time.perf_counter() - t0
        rss1 = _rss_mb()
        found = 0
        for j, q in enumerate(asks):
            found += any(targets.get(i) == j for i, _ in store.dense_search([part], q, K))
        ms, ann_recall = [], []
        name_of = {r.id: f"fill{i}" if i < len(recs) - len(TARGETS) else f"target{i - len(recs) + len(TARGETS)}"
                   for i, r in enumerate(recs)}
        for q, exact in zip(ann, exact_ann, strict=True):
            t0 = time.perf_counter()
            got = store.dense_search([part], q, K)
            ms.append((time.perf_counter() - t0) * 1000)
            ann_recall.append(_recall_cut(exact, [(name_of[i], s) for i, s in got]))
        victim = recs[len(recs) // 2].id
        t0 = time.perf_counter()
        store.forget(victim)
        forget_s = time.perf_counter() - t0
        gone = store.verify_gone(victim)
        return {"owner": store.dense.owner(part), "exact_max_partition": store.exact.max_partition if store.exact else None,
                "target_recall@5": found / len(TARGETS), "ann_recall@5": round(float(np.mean(ann_recall)), 4),
                "query_ms_p50": _pct(ms, 50), "query_ms_p95": _pct(ms, 95), "first_query_s": round(load_s, 2),
                "index_rss_mb": round(rss1 - rss0, 1), "commit_s": round(commit_s, 1),
                "forget_s": round(forget_s, 2), "forget_verified": all(gone.values())}
    finally:
        store.close()
        shutil.rmtree(home, ignore_errors=True)


def measure(size: int, embedder: Any, ef_sweep: tuple[int, ...], indexes: tuple[str, ...] = INDEXES) -> dict[str, Any]:
    from langmem_nodes.records import Scope
    from langmem_nodes.store.chroma import HNSW, ChromaProjection, make_client
    from langmem_nodes.store.dense import scan

    n_fill = size - len(TARGETS)
    # tagged so no two are identical (semantic dedup keeps exact duplicates out of a real partition)
    fill_texts = [f"{memory_at(i, n_users=997).text} [#{i}]" for i in range(n_fill)]
    fill = _vectors(embedder, fill_texts, "fill")
    facts = embedder.embed([f for f, _ in TARGETS])
    asks = embedder.embed([q for _, q in TARGETS])
    ann = embedder.embed([q for _, q in timing_queries(997, N_ANN_QUERIES, seed=7)])
    ids = [f"fill{i}" for i in range(n_fill)] + [f"target{j}" for j in range(len(TARGETS))]
    vecs = np.vstack([fill, facts]).astype(np.float32)
    rows = [(i, "active", v) for i, v in zip(ids, vecs, strict=True)]
    part = Scope(user_id="bench").partition

    def target_recall(search: Any) -> float:
        return sum(f"target{j}" in {i for i, _ in search(q)} for j, q in enumerate(asks)) / len(TARGETS)

    exact_target = [scan(rows, q, K, ["active"]) for q in asks]
    exact_ann = [scan(rows, q, K, ["active"]) for q in ann]
    out: dict[str, Any] = {"memories": size, "exact": {
        "target_recall@5": sum(f"target{j}" in {i for i, _ in h} for j, h in enumerate(exact_target)) / len(TARGETS)}}
    if "product" in indexes:
        out["product"] = _product(size, embedder, fill_texts + [f for f, _ in TARGETS], vecs, asks, ann, exact_ann)
    for label, hnsw in (("chroma_default", DEFAULT_HNSW), ("chroma_tuned", HNSW)) if "chroma" in indexes else ():
        home = Path(tempfile.mkdtemp(prefix="lm-large-"))
        try:
            proj = ChromaProjection(make_client(path=home), path=home, min_rows=0)
            proj.hnsw = dict(hnsw)
            t0 = time.perf_counter()
            proj._add(part, ids, list(vecs), ["active"] * len(ids))
            built = time.perf_counter() - t0
            col = proj._collection(part, create=False)
            cfg = col.configuration["hnsw"]
            sweep = ef_sweep if label == "chroma_tuned" else (int(cfg["ef_search"]),)
            res: dict[str, Any] = {"M": cfg["max_neighbors"], "ef_construction": cfg["ef_construction"],
                                   "build_s": round(built, 1)}
            for ef in sweep:
                if int(col.configuration["hnsw"]["ef_search"]) != ef:
                    # a loaded index keeps its ef_search: reload it through a fresh client
                    from chromadb.api.client import SharedSystemClient

                    col.modify(configuration={"hnsw": {"ef_search": ef}})
                    SharedSystemClient.clear_system_cache()
                    proj = ChromaProjection(make_client(path=home), path=home, min_rows=0)
                    proj.hnsw = {**hnsw, "ef_search": ef}
                    col = proj._collection(part, create=False)

                def search(q: np.ndarray, proj: ChromaProjection = proj) -> list[tuple[str, float]]:
                    return proj.search_partition(part, q, K) or []

                search(ann[0])  # load the segment before timing
                t0 = time.perf_counter()
                got = [search(q) for q in ann]
                per_query = (time.perf_counter() - t0) / len(ann) * 1000
                res[f"ef_search_{ef}"] = {
                    "target_recall@5": target_recall(search),
                    "ann_recall@5": round(float(np.mean([_recall_cut(e, g) for e, g in zip(exact_ann, got, strict=True)])), 4),
                    "query_ms": round(per_query, 2),
                }
            out[label] = res
        finally:
            shutil.rmtree(home, ignore_errors=True)
    return out


def table(result: dict[str, Any]) -> str:
    lines = ["| memories | index | M / ef_construction | ef_search | target recall@5 | ANN recall@5 vs exact | query ms | build s |",
             "|---|---|---|---|---|---|---|---|"]
    for r in result["sizes"].values():
        lines.append(f"| {r['memories']:,} | exact | – | – | {r['exact']['target_recall@5']:.2f} | 1.0000 | – | – |")
        if "product" in r:
            p = r["product"]
            lines.append(f"| {r['memories']:,} | product ({p['owner']}) | – | – | {p['target_recall@5']:.2f} | "
                         f"{p['ann_recall@5']:.4f} | p50 {p['query_ms_p50']} / p95 {p['query_ms_p95']} | "
                         f"commit {p['commit_s']} |")
        for label in ("chroma_default", "chroma_tuned"):
            c = r.get(label, {})
            for key, m in c.items():
                if key.startswith("ef_search_"):
                    lines.append(f"| {r['memories']:,} | {label} | {c['M']} / {c['ef_construction']} | {key[10:]} | "
                                 f"{m['target_recall@5']:.2f} | {m['ann_recall@5']:.4f} | {m['query_ms']} | {c['build_s']} |")
    products = [r for r in result["sizes"].values() if "product" in r]
    if products:
        lines += ["", "| memories | product index | first query s | index RSS MB | forget s | forget verified |",
                  "|---|---|---|---|---|---|"]
        lines += [f"| {r['memories']:,} | {r['product']['owner']} | {r['product']['first_query_s']} | "
                  f"{r['product']['index_rss_mb']} | {r['product']['forget_s']} | {r['product']['forget_verified']} |"
                  for r in products]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals large_partition", description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="5000,20000,100000", help="memories in the partition, comma separated")
    ap.add_argument("--embedder", default="minilm", choices=["minilm", "hashing"])
    ap.add_argument("--ef", default="100,200,400,800", help="ef_search values swept on the tuned index")
    ap.add_argument("--indexes", default=",".join(INDEXES), help="which of exact,product,chroma to measure "
                    "(exact, the reference, always is)")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    a = ap.parse_args(argv)
    try:
        sizes = [int(s) for s in a.sizes.split(",") if s.strip()]
        efs = tuple(int(s) for s in a.ef.split(",") if s.strip())
    except ValueError:
        ap.error(f"--sizes and --ef take comma-separated integers, got {a.sizes!r} / {a.ef!r}")
    if not sizes or min(sizes) <= len(TARGETS) or not efs or min(efs) < 1:
        ap.error(f"--sizes must each exceed {len(TARGETS)} and --ef values must be positive")
    indexes = tuple(x.strip() for x in a.indexes.split(",") if x.strip())
    if not indexes or set(indexes) - set(INDEXES):
        ap.error(f"--indexes takes a comma-separated subset of {','.join(INDEXES)}, got {a.indexes!r}")
    from langmem_nodes.embeddings import ensure_embedder

    embedder = ensure_embedder(a.embedder)
    t0 = time.perf_counter()
    result: dict[str, Any] = {"embedder": f"{embedder.name}/{embedder.dim}", "k": K, "targets": len(TARGETS),
                              "ann_queries": N_ANN_QUERIES, "sizes": {}}
    for n in sizes:  # each size's rows as soon as it is measured (the 100k one takes minutes)
        result["sizes"][str(n)] = measure(n, embedder, efs, indexes)
        print(table({"sizes": {str(n): result["sizes"][str(n)]}}), flush=True)
    result["seconds"] = round(time.perf_counter() - t0, 1)
    print(f"embedder {result['embedder']}, {len(TARGETS)} labelled facts (10 en, 10 zh), {N_ANN_QUERIES} ANN queries")
    print(table(result))
    if a.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
