"""What recording usage costs the read path: `RecallTurn` with and without its per-turn `inject` event.

Same store (default embedder), same queries, the two variants interleaved turn by turn so machine load hits
both alike; prints p50/p95 per variant and the p50 difference.

    python -m evals.usage_overhead [--memories 200] [--turns 300] [--embedder minilm]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time

from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore
from langmem_nodes.turn import RecallTurn

from ._bench_common import percentiles

TOPICS_EN = ["tea", "coffee", "Python", "Rust", "hiking", "jazz", "Berlin", "cats", "sushi", "chess"]
TOPICS_ZH = ["绿茶", "咖啡", "爬山", "爵士乐", "上海", "猫", "寿司", "围棋", "跑步", "摄影"]


def run(memories: int = 200, turns: int = 300, embedder: str | None = None) -> dict:
    with tempfile.TemporaryDirectory() as home, MemoryStore(home, embedder=embedder) as store:
        ctx = MemoryContext(user_id="bench")
        recs = [MemoryRecord(text=(f"User likes {TOPICS_EN[i % 10]} (note {i})" if i % 2 else
                                   f"用户喜欢{TOPICS_ZH[i % 10]}（第{i}条）"), object=str(i), scope=Scope(user_id="bench"))
                for i in range(memories)]
        store.commit(add=recs)
        variants = {"with_usage": RecallTurn(store), "without_usage": RecallTurn(store, record_usage=False)}
        times: dict[str, list[float]] = {k: [] for k in variants}
        queries = [f"what about {t}?" for t in TOPICS_EN] + [f"{t}怎么样？" for t in TOPICS_ZH]
        for i in range(turns + 20):
            for name, node in (variants.items() if i % 2 else reversed(list(variants.items()))):
                t = time.perf_counter()
                node.run({"messages": [HumanMessage(queries[i % len(queries)], id=f"q{i}")]}, ctx, None)
                if i >= 20:  # warm-up
                    times[name].append((time.perf_counter() - t) * 1000)
        out = {name: percentiles(ts) for name, ts in times.items()}
        out["p50_overhead_ms"] = round(out["with_usage"]["p50_ms"] - out["without_usage"]["p50_ms"], 2)
        out.update(memories=memories, turns=turns, embedder=store.embedder.name)
        return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--memories", type=int, default=200)
    p.add_argument("--turns", type=int, default=300)
    p.add_argument("--embedder", default=None)
    args = p.parse_args(argv)
    print(json.dumps(run(args.memories, args.turns, args.embedder)))


if __name__ == "__main__":
    main()
