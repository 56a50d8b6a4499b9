"""`python -m evals latency`: a later turn's read cost, fp32 vs int8 MiniLM queries A/B in one process.

A later turn is a user already seen this process asking something new (the query is really encoded). The
home is the bench's corpus (`_bench_data`, N memories over 1,000 users, zh + en) loaded by the bench's
own load phase into `--home` (reused when it exists). In one process, each timed turn runs both variants of
the English query encoder (memories are fp32 either way), alternating which goes first, so both see the same
machine load; Chinese turns go through e5 in both. Per variant and query language it prints p50 / p95 of:
the later turn through the default read graph, the query encode alone, the graph once the query's encoding
is cached, and the 7 stages run directly (no graph runtime) on that cached query; and a later turn (new text,
really encoded) through the recall node `add_memory` puts before the agent by default (`RecallTurn`: the
stages in one node, forget requests checked, the usage event recorded) — the path a default user runs. The load average is
printed with the figures: absolute times on a shared machine are noisy, the A/B difference less so.

Usage:
    python -m evals latency --n 10000 [--turns 200] [--home DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from ._bench_common import OUT_DIR, bench_bilingual, bench_minilm, corpus_vectors, percentiles, quiet_env
from ._bench_data import make_corpus, timing_queries

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("fp32", "int8")
PARTS = (("turn", "later turn"), ("node", "add_memory's recall node"), ("encode", "encode alone"),
         ("cached", "graph, encode cached"), ("stages", "7 stages alone"))


def _load_home(n: int, home: Path, seed: int) -> None:
    """The bench's load phase (its precomputed corpus vectors, its records) into `home`."""
    corpus = [m.text for m in make_corpus(n, n_users=1000, seed=seed)]
    minilm = corpus_vectors(corpus, seed, bench_minilm(cache_size=0)._encode)
    ours = corpus_vectors(corpus, seed, bench_bilingual().embed, embedder="minilm+e5")
    env = {**os.environ, "BENCH_EMBEDDER": "minilm+e5", "BENCH_OUR_VECTORS": str(ours), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "evals._bench_worker", "--system", "ours", "--n", str(n), "--phase",
                    "load", "--vectors", str(minilm), "--home", str(home), "--seed", str(seed)],
                   check=True, env=env, stdout=subprocess.DEVNULL)


def measure(home: Path, turns: int, seed: int = 0) -> dict[str, Any]:
    """{variant: {part: {lang: percentiles}}} over `turns` later turns, plus the load average around them."""
    from langchain_core.messages import HumanMessage

    from langmem_nodes.embeddings import CJK_TEXT, MiniLMEmbedder
    from langmem_nodes.node import run_in_order
    from langmem_nodes.read.graph import create_read_graph, read_stages
    from langmem_nodes.records import MemoryContext
    from langmem_nodes.store import MemoryStore
    from langmem_nodes.turn import RecallTurn

    store = MemoryStore(home)
    emb = store.embedder
    english = {v: MiniLMEmbedder(query_precision=v) for v in VARIANTS}
    emb.sub("zh")
    graph = create_read_graph(store).compile()
    stages = read_stages(store)
    recall_node = RecallTurn(store)

    def turn(u: str, q: str) -> Any:
        return graph.invoke({"messages": [HumanMessage(q)]}, context=MemoryContext(user_id=u))

    def ms(fn: Any) -> float:
        t = time.perf_counter()
        fn()
        return (time.perf_counter() - t) * 1000.0

    pairs = timing_queries(1000, turns + 20, seed=seed + 2)
    for v in VARIANTS:  # each user's first turn, and both encoders loaded
        emb._english = english[v]
        for u, q in pairs:
            turn(u, f"{q} ({v})")
    times: dict[str, dict[str, dict[str, list[float]]]] = {
        v: {p: {"en": [], "zh": []} for p, _ in PARTS} for v in VARIANTS}
    load_before = os.getloadavg()[0]
    for n, (u, q) in enumerate(pairs[20:]):
        lang = "zh" if CJK_TEXT.search(q) else "en"
        for v in (VARIANTS if n % 2 else VARIANTS[::-1]):
            emb._english = english[v]
            text = f"{q} ({v}) please"
            t = times[v]
            t["turn"][lang].append(ms(lambda u=u, text=text: turn(u, text)))
            t["node"][lang].append(ms(lambda u=u, text=text: recall_node.run(
                {"messages": [HumanMessage(text + " [n]")]}, MemoryContext(user_id=u), None)))
            t["encode"][lang].append(ms(lambda text=text: emb.embed_query(text + " [e]")))
            t["cached"][lang].append(ms(lambda u=u, text=text: turn(u, text)))
            t["stages"][lang].append(ms(lambda u=u, text=text: run_in_order(
                stages, {"messages": [HumanMessage(text)]}, MemoryContext(user_id=u))))
    out: dict[str, Any] = {v: {p: {**{lang: percentiles(x) for lang, x in d.items() if x},
                                   "all": percentiles(d["en"] + d["zh"])} for p, d in times[v].items()}
                           for v in VARIANTS}
    out["load"] = (round(load_before, 2), round(os.getloadavg()[0], 2))
    store.close()
    return out


def table(res: dict[str, Any]) -> str:
    rows = ["| MiniLM queries | " + " | ".join(f"{lbl} all / en / zh" for _, lbl in PARTS) + " |",
            "|---|" + "---:|" * len(PARTS)]
    for v in VARIANTS:
        cells = [" / ".join(f"{res[v][p][lang]['p50_ms']:.1f}" for lang in ("all", "en", "zh") if lang in res[v][p])
                 for p, _ in PARTS]
        rows.append(f"| {v} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    quiet_env()
    ap = argparse.ArgumentParser(prog="python -m evals latency", description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000, help="memories in the home (bench corpus)")
    ap.add_argument("--turns", type=int, default=200, help="timed later turns per variant")
    ap.add_argument("--home", help="memory home to reuse or create (default evals/out/latency/N)")
    a = ap.parse_args(list(sys.argv[1:] if argv is None else argv))
    if a.n <= 0 or a.turns <= 0:
        print("--n and --turns must be positive", file=sys.stderr)
        return 2
    home = Path(a.home) if a.home else OUT_DIR.parent / "latency" / str(a.n)
    if not (home / "memory.sqlite3").exists():
        home.parent.mkdir(parents=True, exist_ok=True)
        _load_home(a.n, home, 0)
    res = measure(home, a.turns)
    print(f"N={a.n}, {a.turns} later turns, p50 ms (load average {res['load'][0]} → {res['load'][1]} "
          f"on {os.cpu_count()} cores; memories fp32, Chinese through e5 in both rows)")
    print(table(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
