"""`python -m evals latency`: a later turn's read cost, query-encoder precisions A/B in one process.

A later turn is a user already seen this process asking something new (the query is really encoded). The
home is the bench's corpus (`_bench_data`, N memories over 1,000 users, zh + en) loaded by the bench's
own load phase into `--home` (reused when it exists). In one process, each timed turn runs every variant
(`--variants`: MiniLM's query precision : e5's, e.g. "fp32:q4,int8:int8"; memories are the same either way),
alternating which goes first, so all see the same machine load. Per variant and query language it prints p50 of:
the later turn through the default read graph, the query encode alone, the graph once the query's encoding
is cached, and the 7 stages run directly (no graph runtime) on that cached query; and a later turn (new text,
really encoded) through the recall node `add_memory` puts before the agent by default (`RecallTurn`: the
stages in one node, forget requests checked, the usage event recorded) — the path a default user runs. The load average is
printed with the figures: absolute times on a shared machine are noisy, the A/B difference less so; `--cpu`
prints this thread's CPU ms instead of wall ms (what a loaded machine distorts least).

Usage:
    python -m evals latency --n 10000 [--turns 200] [--home DIR] [--variants fp32:q4,int8:int8] [--cpu]
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
VARIANTS = ("fp32:q4", "int8:q4")  # stop 44's query encoders, then the defaults since stop 45
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


def measure(home: Path, turns: int, seed: int = 0, variants: tuple[str, ...] = VARIANTS,
            clock: Any = time.perf_counter) -> dict[str, Any]:
    """{variant: {part: {lang: percentiles}}} over `turns` later turns (ms of `clock`), plus the load average
    around them."""
    from langchain_core.messages import HumanMessage

    from langmem_nodes.e5 import E5Embedder
    from langmem_nodes.embeddings import CJK_TEXT, MiniLMEmbedder
    from langmem_nodes.node import run_in_order
    from langmem_nodes.read.graph import create_read_graph, read_stages
    from langmem_nodes.records import MemoryContext
    from langmem_nodes.store import MemoryStore
    from langmem_nodes.turn import RecallTurn

    store = MemoryStore(home)
    emb = store.embedder
    english = {v: MiniLMEmbedder(query_precision=v.split(":")[0]) for v in variants}
    chinese = {v: E5Embedder(query_precision=v.split(":")[1]) for v in variants}

    def use(v: str) -> None:
        emb._english, emb._chinese = english[v], chinese[v]
    graph = create_read_graph(store).compile()
    stages = read_stages(store)
    recall_node = RecallTurn(store)

    def turn(u: str, q: str) -> Any:
        return graph.invoke({"messages": [HumanMessage(q)]}, context=MemoryContext(user_id=u))

    def ms(fn: Any) -> float:
        t = clock()
        fn()
        return (clock() - t) * 1000.0

    pairs = timing_queries(1000, turns + 20, seed=seed + 2)
    for v in variants:  # each user's first turn, and both encoders loaded
        use(v)
        for u, q in pairs:
            turn(u, f"{q} ({v})")
    times: dict[str, dict[str, dict[str, list[float]]]] = {
        v: {p: {"en": [], "zh": []} for p, _ in PARTS} for v in variants}
    load_before = os.getloadavg()[0]
    for n, (u, q) in enumerate(pairs[20:]):
        lang = "zh" if CJK_TEXT.search(q) else "en"
        for v in (variants if n % 2 else variants[::-1]):
            use(v)
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
                           for v in variants}
    out["load"] = (round(load_before, 2), round(os.getloadavg()[0], 2))
    store.close()
    return out


def table(res: dict[str, Any], variants: tuple[str, ...] = VARIANTS) -> str:
    rows = ["| queries MiniLM:e5 | " + " | ".join(f"{lbl} all / en / zh" for _, lbl in PARTS) + " |",
            "|---|" + "---:|" * len(PARTS)]
    for v in variants:
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
    ap.add_argument("--variants", default=",".join(VARIANTS),
                    help="comma-separated MINILM:E5 query precisions (fp32|int8 : q4|int8)")
    ap.add_argument("--cpu", action="store_true", help="this thread's CPU ms instead of wall ms")
    a = ap.parse_args(list(sys.argv[1:] if argv is None else argv))
    if a.n <= 0 or a.turns <= 0:
        print("--n and --turns must be positive", file=sys.stderr)
        return 2
    variants = tuple(a.variants.split(","))
    if any(v.count(":") != 1 for v in variants):
        print("--variants: MINILM:E5 pairs, e.g. fp32:q4,int8:int8", file=sys.stderr)
        return 2
    home = Path(a.home) if a.home else OUT_DIR.parent / "latency" / str(a.n)
    if not (home / "memory.sqlite3").exists():
        home.parent.mkdir(parents=True, exist_ok=True)
        _load_home(a.n, home, 0)
    res = measure(home, a.turns, variants=variants, clock=time.thread_time if a.cpu else time.perf_counter)
    print(f"N={a.n}, {a.turns} later turns, p50 {'CPU' if a.cpu else 'wall'} ms (load average {res['load'][0]} → "
          f"{res['load'][1]} on {os.cpu_count()} cores; memories the same in every row)")
    print(table(res, variants))
    return 0


if __name__ == "__main__":
    sys.exit(main())
