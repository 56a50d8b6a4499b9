"""Read latency by message length, zh vs en, through the default read graph (chars → ms).

A home with a few memories in each language and the default embedder; each length is read with fresh text
(no cached query vector), median of `--trials`. `--uncapped` lifts the query token budgets
(`DENSE_QUERY_TOKENS`, `LEXICAL_QUERY_TOKENS`) to show what they save, in the same run.

Usage:
    python -m evals query_length [--lengths 100,500,1000,3000,20000] [--trials 3] [--uncapped]
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import tempfile
import time

from langmem_nodes import MemoryContext, MemoryStore, create_read_graph
from langmem_nodes.read import query as query_module
from langmem_nodes.records import MemoryRecord, Scope, Source

MEMORIES = ["User lives in Lyon", "User prefers green tea", "User uses Helix as their editor",
            "用户住在上海", "用户喜欢喝乌龙茶", "用户对猫毛过敏"]
FILLER = {"zh": "我今天去公园散步，天气很好，看到很多人在放风筝，第{}次。", "en": "Today I walked in the park and saw kites, time {}. "}


def message(lang: str, chars: int, trial: int) -> str:
    text, i = "", 0
    while len(text) < chars:
        text += FILLER[lang].format(trial * 100000 + i)
        i += 1
    return text[:chars]


def measure(lengths: list[int], trials: int, salt: int = 0) -> dict[tuple[str, int], float]:
    """Median ms per (lang, chars); `salt` makes each run's texts new (the embedder caches query vectors)."""
    with tempfile.TemporaryDirectory() as home:
        store = MemoryStore(home)
        try:
            scope = Scope(user_id="ada")
            store.commit(add=[MemoryRecord(text=t, scope=scope, source=Source.EXPLICIT) for t in MEMORIES])
            graph = create_read_graph(store).compile()
            ctx = MemoryContext(user_id="ada")
            for warm in ("warm up", "我喜欢喝茶"):
                graph.invoke({"messages": [("user", warm)]}, context=ctx)
            out = {}
            for n in lengths:
                for lang in ("zh", "en"):
                    times = []
                    for t in range(trials):
                        text = message(lang, n, salt * 100 + t)
                        t0 = time.perf_counter()
                        graph.invoke({"messages": [("user", text)]}, context=ctx)
                        times.append((time.perf_counter() - t0) * 1000)
                    out[(lang, n)] = statistics.median(times)
            return out
        finally:
            store.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals query_length", description=__doc__.splitlines()[0])
    ap.add_argument("--lengths", default="100,500,1000,3000,20000")
    ap.add_argument("--trials", type=int, default=3)
    ap.add_argument("--uncapped", action="store_true", help="also measure without the query token budgets")
    a = ap.parse_args(argv)
    lengths = [int(x) for x in a.lengths.split(",")]
    nonce = secrets.randbelow(10**6) * 10  # new texts in every process: the embedder may cache query vectors on disk
    rows = {"capped (default)": measure(lengths, a.trials, salt=nonce)}
    if a.uncapped:
        saved = query_module.DENSE_QUERY_TOKENS, query_module.LEXICAL_QUERY_TOKENS
        query_module.DENSE_QUERY_TOKENS = query_module.LEXICAL_QUERY_TOKENS = 10**9
        try:
            rows["uncapped"] = measure(lengths, a.trials, salt=nonce + 1)
        finally:
            query_module.DENSE_QUERY_TOKENS, query_module.LEXICAL_QUERY_TOKENS = saved
    print("| query | " + " | ".join(f"{n:,} chars zh / en" for n in lengths) + " |")
    print("|---|" + "---|" * len(lengths))
    for label, r in rows.items():
        print(f"| {label}, ms | " + " | ".join(f"{r[('zh', n)]:.0f} / {r[('en', n)]:.0f}" for n in lengths) + " |")
    return 0
