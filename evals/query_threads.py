"""What a query's encode on two ONNX threads (`query_threads`, `core_gate`) does to a later turn, on the bench's store.

`python -m evals query_threads --home COPY [--turns 200]` opens a COPY of a home the bench's load phase wrote (as
`python -m evals later_turn` does, which builds one; opening a home writes to it), serves each user's first query
through add_memory's recall node, then runs each later turn (`"{query} ok"`, a real encode each) three times, the
settings rotating per turn so that all three see the same load: 1 (the encoder's one-thread session), 2 (the
two-thread twin, whatever the load) and auto (the default: the twin where `core_gate.core_free()` is open). Per
setting and language: the query encode's wall ms and process CPU ms (both threads' work during it), and the recall
node's wall ms and process CPU ms (its run and the pause after it, which holds the second thread's spinning after
the run); for auto, how often the gate was open. Also: what making each twin added to the process's RSS,
the largest distance between a query's vectors from the two sessions (a bound on any cosine's change), and
whether the selected ids of the three settings are identical (exit 1 if not). `uptime` is printed before and
after: on a loaded machine the wall times of 2 are the worst of the three, and only CPU and the gate's choices
carry over to a quiet one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from ._bench_common import bench_minilm, quiet_env
from ._bench_data import timing_queries
from .later_turn import WARMUP, build

SETTINGS: tuple[str | int, ...] = (1, 2, "auto")
#: Seconds after each run, counted in its CPU: ONNX Runtime's second thread spins on after a run (20 ms did not
#: cover it on a loaded machine, 200 ms did).
PAUSE = 0.2


def rss_mb() -> float:
    """This process's resident set, MB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return f"load average {os.getloadavg()}"


def main(argv: list[str] | None = None) -> int:
    quiet_env()
    ap = argparse.ArgumentParser(prog="python -m evals query_threads", description=__doc__.split("\n\n")[0])
    ap.add_argument("--home", required=True, help="a COPY of the store's home (built here when it does not exist)")
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--turns", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    home = Path(a.home)
    if not home.exists():
        build(home, a.n, a.seed)
    print("before:", uptime())

    from langchain_core.messages import HumanMessage
    from langgraph.graph import END, START, StateGraph

    from langmem_nodes import core_gate
    from langmem_nodes.bilingual import BilingualEmbedder
    from langmem_nodes.e5 import E5Embedder
    from langmem_nodes.records import MemoryContext
    from langmem_nodes.state import MemoryState
    from langmem_nodes.store import MemoryStore
    from langmem_nodes.turn import RecallTurn

    english, chinese = bench_minilm(query_threads="auto"), E5Embedder(query_threads="auto")
    emb = BilingualEmbedder(english=english, chinese=chinese)
    sessions = {"en": english.onnx.queries, "zh": chinese.onnx.queries}
    twin_mb: dict[str, float] = {}
    for lang, qs in sessions.items():  # what making each twin adds to the RSS (its first run included)
        make = qs._make

        def timed_make(threads: int, lang: str = lang, make: Any = make) -> Any:
            before = rss_mb()
            twin = make(threads)
            twin_mb[lang] = rss_mb() - before
            return twin

        qs._make = timed_make

    clocks: dict[tuple[Any, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    state: dict[str, Any] = {"setting": 1, "on": False, "vec": None, "twin": None}
    real_query = emb.embed_query

    def embed_query(text: str) -> np.ndarray:
        lang = emb.lang_of(text)
        if not state["on"]:
            return real_query(text)
        state["twin"] = sessions[lang].wants_twin()
        w, c = time.perf_counter_ns(), time.process_time_ns()
        vec = real_query(text)
        clocks[(state["setting"], lang)]["encode wall"].append((time.perf_counter_ns() - w) / 1e6)
        clocks[(state["setting"], lang)]["encode cpu"].append((time.process_time_ns() - c) / 1e6)
        state["vec"] = vec
        return vec

    emb.embed_query = embed_query  # type: ignore[method-assign]
    store = MemoryStore(home, embedder=emb)
    node = RecallTurn(store)
    graph = StateGraph(MemoryState, context_schema=MemoryContext)
    graph.add_node(node.name, node.as_node())
    compiled = graph.add_edge(START, node.name).add_edge(node.name, END).compile()
    pairs = timing_queries(1000, a.turns + WARMUP, seed=a.seed + 2)
    for u, q in pairs:  # each user's first query: partitions opened, caches filled
        compiled.invoke({"messages": [HumanMessage(q)]}, context=MemoryContext(user_id=u))
    rss_before_twins = rss_mb()
    ids: dict[Any, list[Any]] = {s: [] for s in SETTINGS}
    vecs: dict[Any, list[np.ndarray]] = {s: [] for s in SETTINGS}
    gate_open: list[bool] = []
    state["on"] = True
    for t, (u, q) in enumerate(pairs[WARMUP:]):
        text = f"{q} ok"
        lang = emb.lang_of(text)
        for setting in SETTINGS[t % 3:] + SETTINGS[:t % 3]:
            state["setting"] = setting
            for qs in sessions.values():
                qs.setting = setting
            emb.clear_cache()  # each setting pays for its own encode
            w, c = time.perf_counter_ns(), time.process_time_ns()
            out = compiled.invoke({"messages": [HumanMessage(text)]}, context=MemoryContext(user_id=u))
            clocks[(setting, lang)]["node wall"].append((time.perf_counter_ns() - w) / 1e6)
            time.sleep(PAUSE)  # the second thread spins on after a run: charged to its run, not the next one's
            clocks[(setting, lang)]["node cpu"].append((time.process_time_ns() - c) / 1e6)
            ids[setting].append(out.get("memory_injected_ids"))
            vecs[setting].append(state["vec"])
            if setting == "auto":
                gate_open.append(bool(state["twin"]))
    state["on"] = False
    store.close()

    same = ids[1] == ids[2] == ids["auto"]
    gap = max(float(np.linalg.norm(x - y)) for x, y in zip(vecs[1], vecs[2], strict=True))
    print(f"N={a.n:,}, {a.turns} later turns per setting (rotating per turn); {core_gate.usable_cores():g} usable "
          f"cores; load now {os.getloadavg()[0]:.2f} (this process's own {core_gate.core_free.own_load:.2f}), CPU "
          f"pressure (some avg10) {core_gate.cpu_pressure()}")
    print(f"gate open for {sum(gate_open)} of {len(gate_open)} auto turns ({100 * np.mean(gate_open):.0f}%)")
    print(f"{'setting':<8} {'lang':<4} {'encode wall p50':>15} {'encode CPU p50':>14} {'node wall p50':>13} "
          f"{'node CPU p50':>12} {'node CPU mean':>13}  n")
    for setting in SETTINGS:
        for lang in ("en", "zh", "all"):
            keys = [(setting, x) for x in ("en", "zh")] if lang == "all" else [(setting, lang)]
            col = {k: np.concatenate([clocks[key][k] for key in keys if clocks[key][k]] or [[np.nan]])
                   for k in ("encode wall", "encode cpu", "node wall", "node cpu")}
            print(f"{setting!s:<8} {lang:<4} {np.median(col['encode wall']):15.2f} {np.median(col['encode cpu']):14.2f} "
                  f"{np.median(col['node wall']):13.2f} {np.median(col['node cpu']):12.2f} "
                  f"{np.mean(col['node cpu']):13.2f}  {len(col['node cpu'])}")
    print(f"RSS before the twins {rss_before_twins:.0f} MB; making each twin added: "
          + ", ".join(f"{lang} {mb:+.1f} MB" for lang, mb in twin_mb.items()))
    print(f"largest |q(1 thread) - q(2 threads)| over the turns: {gap:.2e} (bounds any cosine's change); "
          f"selected ids identical in all three settings: {same}")
    print("after:", uptime())
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
