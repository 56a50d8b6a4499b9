"""Checkpoints per turn: how many checkpoints one `add_memory` turn writes, and how many bytes.

An agent built with `add_memory` (the README's agent: an offline echo model) runs `--turns` user turns on one
thread of an `InMemorySaver`, alternating English and Chinese. After each turn we count the checkpoints the
saver holds (every namespace, so a subgraph's own checkpoints count) and the bytes it stores (checkpoint,
metadata, channel blobs and pending writes, as serialized by the saver). `--path subgraphs` wires the read
and write graphs as compiled subgraphs (what `add_memory` did before its fused nodes; still what it does
when given `read_graph=` / `write_graph=`); `--path fused` (the default) is `add_memory`'s default.

Run: `python -m evals checkpoints [--path fused|subgraphs|both] [--turns 6] [--embedder minilm] [--json]`.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory, memory_messages
from langmem_nodes.read.graph import create_read_graph
from langmem_nodes.testing import MemoryEchoChatModel
from langmem_nodes.write.graph import create_write_graph

TURNS = [
    "Remember that I prefer dark mode in every editor.",
    "记住：我对花生过敏。",
    "Which theme should my editor use?",
    "我应该避免吃什么？",
    "Remember that my team deploys on Fridays.",
    "我们团队什么时候部署？",
]


def saver_size(saver: InMemorySaver, thread_id: str) -> tuple[int, int, int]:
    """(checkpoints in every namespace of the thread, bytes stored for it, bytes of memory_* channel blobs)."""
    count, size, memory = 0, 0, 0
    for checkpoints in saver.storage.get(thread_id, {}).values():
        for checkpoint, metadata, _parent in checkpoints.values():
            count += 1
            size += len(checkpoint[1]) + len(metadata[1])
    for (tid, _ns, channel, _version), (_type, blob) in saver.blobs.items():
        if tid == thread_id:
            size += len(blob)
            memory += len(blob) if str(channel).startswith("memory_") else 0
    for (tid, _ns, _cid), writes in saver.writes.items():
        if tid == thread_id:
            size += sum(len(value[1]) for _task, _channel, value, _path in writes.values())
    return count, size, memory


def build(store: MemoryStore, path: str, saver: InMemorySaver) -> Any:
    llm = MemoryEchoChatModel()

    def agent(state: dict[str, Any]) -> dict[str, Any]:
        return {"messages": [llm.invoke(memory_messages(state, system="You are helpful."))]}

    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    if path == "subgraphs":
        add_memory(builder, store, agent="agent", read_graph=create_read_graph(store),
                   write_graph=create_write_graph(store))
    else:
        add_memory(builder, store, agent="agent")
    return builder.compile(checkpointer=saver)


def measure(path: str, turns: int, embedder: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as home:
        store = MemoryStore(home, embedder=embedder)
        try:
            saver = InMemorySaver()
            graph = build(store, path, saver)
            config = {"configurable": {"thread_id": "t1"}}
            ctx = MemoryContext(user_id="ada", session_id="s1")
            per_turn, before = [], (0, 0, 0)
            for i in range(turns):
                graph.invoke({"messages": [("user", TURNS[i % len(TURNS)])]}, config, context=ctx)
                now = saver_size(saver, "t1")
                per_turn.append({"checkpoints": now[0] - before[0], "bytes": now[1] - before[1]})
                before = now
            values = graph.get_state(config).values
            state_keys = sorted(k for k in values if k != "messages")
            state_bytes = {k: len(saver.serde.dumps_typed(v)[1]) for k, v in values.items()}
        finally:
            store.close()
    n = len(per_turn)
    return {
        "path": path, "turns": n,
        "checkpoints_per_turn": sum(t["checkpoints"] for t in per_turn) / n,
        "bytes_per_turn": round(sum(t["bytes"] for t in per_turn) / n),
        "memory_blob_bytes_total": before[2], "bytes_total": before[1],
        "latest_state_bytes": sum(state_bytes.values()),
        "latest_memory_bytes": sum(v for k, v in state_bytes.items() if k.startswith("memory_")),
        "per_turn": per_turn, "state_keys": state_keys,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals checkpoints", description=__doc__.splitlines()[0])
    ap.add_argument("--path", choices=("fused", "subgraphs", "both"), default="both")
    ap.add_argument("--turns", type=int, default=len(TURNS))
    ap.add_argument("--embedder", default="minilm")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.turns < 1:
        ap.error("--turns must be at least 1")
    paths = ("subgraphs", "fused") if args.path == "both" else (args.path,)
    results = [measure(p, args.turns, args.embedder) for p in paths]
    for r in results:
        print(f"{r['path']:>9}: {r['checkpoints_per_turn']:.1f} checkpoints/turn, {r['bytes_per_turn']} bytes/turn "
              f"over {r['turns']} turns; "
              f"latest state {r['latest_state_bytes']} bytes, of which memory_* {r['latest_memory_bytes']}; "
              f"state keys: {', '.join(r['state_keys'])}")
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
