"""The demo's four behaviours, the package surface, and the graph shapes (kept deliberate by snapshot)."""

from __future__ import annotations

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import (
    MemoryContext,
    MemoryState,
    add_memory,
    create_read_graph,
    create_write_graph,
)


def test_graph_shapes(store):
    write = create_write_graph(store).compile().get_graph().draw_mermaid()
    read = create_read_graph(store).compile().get_graph().draw_mermaid()
    for a, b in [("extract", "dedup"), ("dedup", "verify"), ("verify", "resolve"), ("resolve", "promote"), ("promote", "commit")]:
        assert f"{a} --> {b}" in write
    order = ["query", "recall", "rerank", "conflicts", "select", "freshness", "render"]
    for a, b in zip(order, order[1:], strict=False):
        assert f"{a} --> {b}" in read


def test_add_memory_wires_recall_before_and_write_after(store):
    seen = {}

    def agent(state):
        seen["injection"] = state.get("memory_injection")
        return {"messages": [("ai", "ok")]}

    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(builder, store, agent="agent").compile()
    ctx = MemoryContext(user_id="ada", session_id="s1")
    out = graph.invoke({"messages": [("user", "Remember that I prefer dark mode.")]}, context=ctx)
    assert [w["object"] for w in out["memory_written"]] == ["dark mode"]
    graph.invoke({"messages": [("user", "Which mode do I prefer, dark or light?")]}, context=MemoryContext(user_id="ada", session_id="s2"))
    assert "dark mode" in seen["injection"]


def test_add_memory_refuses_a_builder_it_cannot_wire(store):
    builder = StateGraph(MemoryState)
    builder.add_node("agent", lambda s: {})
    with pytest.raises(ValueError, match="START"):
        add_memory(builder, store, agent="agent")
    with pytest.raises(ValueError, match="no node named"):
        add_memory(builder, store, agent="missing")


def test_demo_shows_the_four_behaviours(tmp_path):
    from graphs.demo import run

    seen = run(tmp_path / "home", "hashing")
    assert seen["written"] and seen["superseded"] and seen["ledger_reason"]
    assert any("spaces" in text and age == "12 days ago" for text, age in seen["recalled"])
    assert seen["bob_recalled"] == []
