"""Concurrent turns of one user stating one attribute (newcomer25 L1): every record the runs left superseded is
reported by exactly one turn — as superseded by the turn whose write replaced it (`memory_superseded`), or as
its own value stored for history beneath a concurrent newer one (`memory_written` status "superseded" with a
`not_active` skip) — en + zh."""

from __future__ import annotations

import asyncio

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.governance import MemoryAdmin

SAID = {"en": [f"I live in {c}." for c in ("Narvik", "Bodø", "Ålesund", "Molde")],
        "zh": [f"我住在{c}。" for c in ("苏州", "无锡", "常州", "扬州")]}


@pytest.mark.parametrize("lang", SAID)
def test_every_superseded_record_is_reported_once(tmp_path, lang):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [("assistant", "ok")]}).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(b, store, agent="agent").compile(checkpointer=InMemorySaver())
    ada = MemoryContext(user_id="ada")

    async def main():
        return await asyncio.gather(*[graph.ainvoke({"messages": [("user", t)]}, {"configurable": {"thread_id": f"t{i}"}},
                                                    context=ada) for i, t in enumerate(SAID[lang])])

    outs = asyncio.run(main())
    reported: list[str] = []
    for o in outs:
        reported += o["memory_superseded"]
        held = [w["id"] for w in o["memory_written"] if w["status"] == "superseded"]
        assert len(held) == len([s for s in o["memory_skipped"] if s.get("action") == "not_active"]), o
        reported += held
    records = MemoryAdmin(store).list(ada, all_statuses=True)
    superseded = sorted(d["id"] for d in records if d["status"] == "superseded")
    assert sorted(reported) == superseded, (reported, superseded)
    assert sum(d["status"] == "active" for d in records) == 1
    store.close()
