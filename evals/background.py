"""Reply latency with and without background writes, the LLM extractor faked with a fixed delay.

An `add_memory` agent (instant agent node, so the turn's time is memory's) runs `--turns` user turns,
alternating English and Chinese, each on its own thread, with `LLMExtractor` over a fake chat model that
sleeps `--delay` seconds per call and returns one fact. We time `graph.invoke` (when the caller has the reply)
inline, then with `add_memory(..., background=MemoryWriter(...))`, and the final `flush()`; both runs must
store the same number of memories. The store is the product default (SQLite + the packaged MiniLM).

Run: `python -m evals background [--turns 20] [--delay 0.2] [--embedder minilm] [--json]`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from itertools import count
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.background import MemoryWriter
from langmem_nodes.write import LLMExtractor, create_write_graph

EN, ZH = "Remember that I like item {i}.", "记住：我喜欢第{i}号物品。"


class SlowExtractorModel(GenericFakeChatModel):
    """Sleeps a fixed delay per call (a remote model's latency), then returns one fact."""

    delay: float = 0.2
    calls: Any = None

    def invoke(self, *a: Any, **k: Any) -> Any:
        time.sleep(self.delay)
        i = next(self.calls)
        return AIMessage(json.dumps({"facts": [{"subject": "user", "predicate": "prefers", "object": f"item {i}",
                                                "source": "explicit"}]}))


def _graph(store: MemoryStore, model: SlowExtractorModel, writer: MemoryWriter | None) -> Any:
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [AIMessage("ok")]}).add_edge(START, "agent").add_edge("agent", END)
    if writer is None:
        return add_memory(b, store, agent="agent", write_graph=create_write_graph(store, extractor=LLMExtractor(model))).compile()
    return add_memory(b, store, agent="agent", background=writer).compile()


def run(turns: int, delay: float, embedder: str, background: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as home:
        store = MemoryStore(home, embedder=embedder)
        model = SlowExtractorModel(messages=iter([]), delay=delay, calls=count())
        writer = MemoryWriter(store, extractor=LLMExtractor(model)) if background else None
        graph = _graph(store, model, writer)
        ctx = MemoryContext(user_id="ada")
        graph.invoke({"messages": [HumanMessage("warm-up")]}, context=ctx)  # loads the encoder; not timed
        if writer is not None:
            writer.flush()
        latencies = []
        t_all = time.perf_counter()
        for i in range(turns):
            text = (EN if i % 2 == 0 else ZH).format(i=i)
            t0 = time.perf_counter()
            out = graph.invoke({"messages": [HumanMessage(text)]}, {"configurable": {"thread_id": f"t{i}"}},
                               context=ctx)
            latencies.append((time.perf_counter() - t0) * 1000)
            assert out["messages"][-1].content == "ok"
        t_flush = time.perf_counter()
        if writer is not None:
            writer.flush()
            writer.close()
        done = time.perf_counter()
        stored = len(store.find([ctx.scope("user").partition]))
        store.close()
    lat = sorted(latencies)
    return {"path": "background" if background else "inline", "turns": turns, "delay_ms": delay * 1000,
            "reply_ms_median": round(statistics.median(lat), 1), "reply_ms_p95": round(lat[int(0.95 * (len(lat) - 1))], 1),
            "flush_ms": round((done - t_flush) * 1000, 1), "total_ms": round((done - t_all) * 1000, 1),
            "stored": stored}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals background", description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=20)
    ap.add_argument("--delay", type=float, default=0.2, help="seconds the fake extractor model takes per call")
    ap.add_argument("--embedder", default="minilm")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = [run(args.turns, args.delay, args.embedder, background) for background in (False, True)]
    if rows[0]["stored"] != rows[1]["stored"]:
        raise SystemExit(f"inline stored {rows[0]['stored']} memories, background {rows[1]['stored']}")
    if args.json:
        print(json.dumps(rows))
        return 0
    print("| path | turns | extractor delay | reply median | reply p95 | final flush | all turns + flush | stored |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['path']} | {r['turns']} | {r['delay_ms']:.0f} ms | {r['reply_ms_median']} ms | {r['reply_ms_p95']} ms "
              f"| {r['flush_ms']} ms | {r['total_ms']} ms | {r['stored']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
