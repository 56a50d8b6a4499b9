"""Where a later turn's read time goes, per stage, on the bench's store (built once, reused between runs).

`python -m evals later_turn --home DIR [--n 100000] [--turns 200] [--profile out.prof]` opens a home the
bench's load phase wrote (`python -m evals._bench_worker --phase load ... --home DIR`, minilm+e5; built here
when DIR does not exist), serves each user's first query through `add_memory`'s recall node (`RecallTurn`,
partitions warmed), then times the bench's later turns (`"{query} ok"`, a real encode each) and prints, per
part, p50 / mean of wall ms and of this thread's CPU ms: the recall node as LangGraph runs it, the query
encode, each of the seven stages inside it (with its encode taken out of recall), the usage event and the
node's own remainder. CPU time is what a shared, noisy machine shows least of its neighbours in. The load
average is printed beside the figures. `--profile` writes a cProfile (thread CPU time) of the timed turns; `--json` the figures, which
`--compare BEFORE.json,AFTER.json ...` prints side by side (a worktree per side, the same home copied for each).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ._bench_common import bench_bilingual, bench_minilm, corpus_vectors, quiet_env
from ._bench_data import make_corpus, timing_queries

WARMUP = 20


def build(home: Path, n: int, seed: int) -> None:
    """The bench's load phase (minilm+e5, precomputed vectors), in its own process."""
    vectors = corpus_vectors([m.text for m in make_corpus(n, seed=seed)], seed, bench_bilingual().embed,
                             embedder="minilm+e5")
    env = {**os.environ, "BENCH_EMBEDDER": "minilm+e5", "BENCH_OUR_VECTORS": str(vectors)}
    subprocess.run([sys.executable, "-m", "evals._bench_worker", "--system", "ours", "--n", str(n), "--phase",
                    "load", "--vectors", str(vectors), "--home", str(home)], check=True, env=env)


class Clocks:
    """Wall and thread-CPU milliseconds per part, one list entry per turn."""

    def __init__(self) -> None:
        self.wall: dict[str, list[float]] = defaultdict(list)
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.on = False

    def wrap(self, part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kw: Any) -> Any:
            if not self.on:
                return fn(*args, **kw)
            w, c = time.perf_counter_ns(), time.thread_time_ns()
            try:
                return fn(*args, **kw)
            finally:
                self.wall[part].append((time.perf_counter_ns() - w) / 1e6)
                self.cpu[part].append((time.thread_time_ns() - c) / 1e6)
        return timed

    def rows(self, order: list[str]) -> list[str]:
        out = [f"{'part':<26} {'wall p50':>9} {'wall mean':>9} {'cpu p50':>8} {'cpu mean':>8}  n"]
        for part in order:
            if part in self.wall:
                w, c = np.asarray(self.wall[part]), np.asarray(self.cpu[part])
                out.append(f"{part:<26} {np.median(w):9.2f} {w.mean():9.2f} {np.median(c):8.2f} {c.mean():8.2f}  {len(w)}")
        return out


def stages_alone(stages: list[Any], turns: list[tuple[str, str]], context: Any) -> dict[str, list[float]]:
    """Each stage's thread-CPU ms run directly on each later turn (its encode cached by the turn just served), the
    least of 3 runs; also the recall on the turns that ask a standing condition (`standing.conditions_asked`)."""
    from langchain_core.messages import HumanMessage

    from langmem_nodes.context import now_from
    from langmem_nodes.read.standing import conditions_asked

    out: dict[str, list[float]] = defaultdict(list)
    for user, q in turns:
        q = f"{q} ok"
        best: dict[str, float] = {}
        for _ in range(3):
            view: dict[str, Any] = {"messages": [HumanMessage(q)]}
            total = 0.0
            for stage in stages:
                c = time.thread_time_ns()
                view.update(stage.run(view, context(user_id=user), now_from(stage.clock)))
                ms = (time.thread_time_ns() - c) / 1e6
                best[stage.name] = min(best.get(stage.name, ms), ms)
                total += ms
            best["7 stages"] = min(best.get("7 stages", total), total)
        for part, ms in best.items():
            out[part].append(ms)
        if conditions_asked(q):
            out["recall, turns asking a standing condition"].append(best["recall"])
    return {"7 stages": out.pop("7 stages"), **out}


def compare(pairs: list[tuple[str, ...]]) -> str:
    """A markdown table: per part, the thread-CPU ms (p50 and mean over the turns) before → after, each the median
    over the pairs' runs."""
    runs = [(json.loads(Path(b).read_text()), json.loads(Path(x).read_text())) for b, x in pairs]
    parts = list(runs[0][0]["p50"])
    rows = ["| part | CPU p50 ms before → after | CPU mean ms before → after |", "|---|---:|---:|"]
    for p in parts:
        cells = []
        for stat in ("cpu", "cpu_mean"):
            before, after = (float(np.median([r[k]["p50"][p][stat] for r in runs if p in r[k]["p50"]])) for k in (0, 1))
            cells.append(f"{before:.2f} → {after:.2f} ({after - before:+.2f})")
        rows.append(f"| {p.strip()} | " + " | ".join(cells) + " |")
    if all("alone" in r[k] for r in runs for k in (0, 1)):
        rows += ["", "| stage alone, encode cached (min of 3) | CPU p50 ms before → after | CPU mean ms before → after |",
                 "|---|---:|---:|"]
        for p in runs[0][0]["alone"]:
            cells = []
            for stat in ("p50", "mean"):
                before, after = (float(np.median([r[k]["alone"][p][stat] for r in runs])) for k in (0, 1))
                cells.append(f"{before:.2f} → {after:.2f} ({after - before:+.2f})")
            rows.append(f"| {p} | " + " | ".join(cells) + " |")
    loads = [r[k]["load"][0] for r in runs for k in (0, 1)]
    digests = {r[k]["digest"] for r in runs for k in (0, 1)}
    rows.append(f"\n{len(runs)} pair(s); load average (1 min) {min(loads):.1f}–{max(loads):.1f} on 2 cores; "
                f"selected-ids digests {'identical' if len(digests) == 1 else 'DIFFER: ' + ', '.join(sorted(digests))}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    quiet_env()
    ap = argparse.ArgumentParser(prog="python -m evals later_turn", description=__doc__.split("\n\n")[0])
    ap.add_argument("--home", help="the store's home (built here when it does not exist)")
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--turns", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--profile", default=None, help="write a cProfile of the timed turns here")
    ap.add_argument("--json", default=None, help="also write the figures as JSON here")
    ap.add_argument("--compare", nargs="+", metavar="BEFORE.json,AFTER.json",
                    help="print the p50 CPU ms of runs written by --json, before → after per part (comma-separated "
                         "pairs; several pairs: the median of each side), and exit")
    a = ap.parse_args(argv)
    if a.compare:
        print(compare([tuple(p.split(",")) for p in a.compare]))
        return 0
    if not a.home:
        ap.error("--home is required (or --compare)")
    home = Path(a.home)
    if not home.exists():
        build(home, a.n, a.seed)

    from langchain_core.messages import HumanMessage
    from langgraph.graph import END, START, StateGraph

    from langmem_nodes.bilingual import BilingualEmbedder
    from langmem_nodes.records import MemoryContext
    from langmem_nodes.state import MemoryState
    from langmem_nodes.store import MemoryStore
    from langmem_nodes.turn import RecallTurn

    emb = BilingualEmbedder(english=bench_minilm())
    store = MemoryStore(home, embedder=emb)
    node = RecallTurn(store)
    graph = StateGraph(MemoryState, context_schema=MemoryContext)
    graph.add_node(node.name, node.as_node())
    compiled = graph.add_edge(START, node.name).add_edge(node.name, END).compile()
    clocks = Clocks()
    for stage in node.stages:
        stage.run = clocks.wrap(stage.name, stage.run)
    by_lang = {r: clocks.wrap(f"  encode {lang}", emb.embed_query) for r, lang in enumerate(("en", "zh"))}
    emb.embed_query = clocks.wrap("encode", lambda text: by_lang[emb.route(text)](text))
    node._record = clocks.wrap("usage event", node._record)
    import langmem_nodes.read.query as query_mod
    import langmem_nodes.turn as turn_mod

    query_mod.without_secrets = clocks.wrap("  secret screen", query_mod.without_secrets)
    turn_mod.forget_if_asked = clocks.wrap("  forget request?", turn_mod.forget_if_asked)
    recall = node.stages[1]
    recall._add_relevance = clocks.wrap("  relevance", recall._add_relevance)
    for name in ("lexical_search", "dense_search", "get_many", "cosines"):
        setattr(store, name, clocks.wrap(f"  store.{name}", getattr(store, name)))
    invoke = clocks.wrap("recall node (graph)", compiled.invoke)
    selected: list[list[str]] = []

    def turn(user: str, q: str) -> None:
        out = invoke({"messages": [HumanMessage(q)]}, context=MemoryContext(user_id=user))
        selected.append(list(out.get("memory_injected_ids") or []))

    pairs = timing_queries(1000, a.turns + WARMUP, seed=a.seed + 2)
    for u, q in pairs:  # each user's first query: partitions opened, caches filled
        turn(u, q)
    selected.clear()
    prof = cProfile.Profile(time.thread_time) if a.profile else None  # CPU time: the neighbours do not show
    clocks.on = True
    if prof:
        prof.enable()
    for u, q in pairs[WARMUP:]:
        turn(u, f"{q} ok")
    if prof:
        prof.disable()
        prof.dump_stats(a.profile)
    clocks.on = False
    w, c = clocks.wall, clocks.cpu
    for d in (w, c):  # recall without its encode; the node's own remainder (graph runtime, scope, usage, glue)
        d["recall − encode"] = [r - e for r, e in zip(d["recall"], d["encode"], strict=True)]
        d["7 stages − encode"] = [sum(x) - e for *x, e in zip(*(d[s.name] for s in node.stages), d["encode"],
                                                                strict=True)]
        d["rest (graph, usage, glue)"] = [t - sum(x) for t, *x in zip(
            d["recall node (graph)"], *(d[s.name] for s in node.stages), d["usage event"], strict=True)]
    order = ["recall node (graph)", "encode", "  encode en", "  encode zh", "7 stages − encode", *[s.name for s in node.stages],
             "recall − encode", "  store.lexical_search", "  store.dense_search", "  store.get_many", "  store.cosines",
             "  relevance", "  secret screen", "  forget request?", "usage event", "rest (graph, usage, glue)"]
    one, five, _ = os.getloadavg()
    print(f"N={a.n:,}, {a.turns} later turns, load average {one:.2f} {five:.2f} on {os.cpu_count()} cores")
    print("\n".join(clocks.rows(order)))
    alone = stages_alone(node.stages, pairs[WARMUP:], MemoryContext)
    print("the seven stages alone, encode cached, min of 3 runs per turn (CPU ms):")
    for part, ms in alone.items():
        print(f"  {part:<40} p50 {np.median(ms):6.2f}  mean {np.mean(ms):6.2f}  n {len(ms)}")
    import hashlib

    digest = hashlib.sha256(json.dumps(selected).encode()).hexdigest()[:12]
    print(f"selected ids digest {digest} ({sum(map(len, selected))} injected)")
    if a.json:
        Path(a.json).write_text(json.dumps({
            "load": [one, five], "digest": digest,
            "alone": {p: {"p50": float(np.median(ms)), "mean": float(np.mean(ms))} for p, ms in alone.items()},
            "p50": {p: {"wall": float(np.median(w[p])), "cpu": float(np.median(c[p])), "cpu_mean": float(np.mean(c[p]))}
                    for p in order if p in w}}))
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
