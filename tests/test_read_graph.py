"""The read graph end to end: shape, scope, cap, freshness, budget, thread memory, sync and async."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import RenderNode, create_read_graph
from langmem_nodes.read.graph import STAGES
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

NOW = datetime(2026, 5, 1, tzinfo=UTC)


def seed(store):
    recs = [MemoryRecord(text=f"User likes hiking trail number {i}", kind="preference", source="explicit",
                         confidence=0.9, scope=Scope(user_id="ada"), created_at=NOW - timedelta(days=i))
            for i in range(9)]
    recs.append(MemoryRecord(text="用户喜欢在周末去爬山", kind="preference", source="explicit", confidence=0.9,
                             scope=Scope(user_id="ada"), created_at=NOW - timedelta(days=47)))
    recs.append(MemoryRecord(text="Bob likes hiking every trail", scope=Scope(user_id="bob")))
    store.commit(add=recs)
    return recs


def test_graph_shape_and_a_store_type_check():
    assert STAGES == ("query", "recall", "rerank", "conflicts", "select", "freshness", "render")
    with pytest.raises(TypeError):
        create_read_graph("not a store")  # type: ignore[arg-type]


def test_end_to_end_capped_scoped_aged_and_budgeted(store):
    seed(store)
    graph = create_read_graph(store, clock=lambda: NOW, render=RenderNode(budget_bytes=700, per_item_bytes=200)).compile()
    out = graph.invoke({"messages": [("user", "Which hiking trail should I do this weekend?")]},
                       context=MemoryContext(user_id="ada"))
    assert 0 < len(out["memory_selected"]) <= 5
    assert all(m.record.scope.user_id == "ada" for m in out["memory_hits"])
    assert out["memory_selected"][0].age == "today"
    assert len(out["memory_injection"].encode()) <= 700
    assert set(out["memory_injected_ids"]) <= {m.record.id for m in out["memory_selected"]}
    assert "Bob" not in out["memory_injection"]


def test_zh_query_gets_zh_age(store):
    seed(store)
    graph = create_read_graph(store, clock=lambda: NOW).compile()
    out = graph.invoke({"messages": [("user", "周末去哪里爬山？")]}, context=MemoryContext(user_id="ada"))
    top = out["memory_selected"][0]
    assert top.record.text == "用户喜欢在周末去爬山" and top.age == "47 天前" and "不一定是当前状态" in top.note
    assert "47 天前" in out["memory_injection"]


@pytest.mark.parametrize("skip_shown", [False, True])
def test_shown_memories_come_back_when_asked_again_unless_skipped_and_async_matches(store, skip_shown):
    seed(store)
    from langgraph.checkpoint.memory import InMemorySaver

    from langmem_nodes.read.select import SelectNode

    graph = create_read_graph(store, clock=lambda: NOW, select=SelectNode(store=store, skip_shown=skip_shown))
    graph = graph.compile(checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "t1"}}
    ctx = MemoryContext(user_id="ada")
    first = graph.invoke({"messages": [("user", "hiking trail ideas?")]}, cfg, context=ctx)
    second = asyncio.run(graph.ainvoke({"messages": [("user", "more hiking trail ideas?")]}, cfg, context=ctx))
    assert first["memory_injected_ids"]
    again = set(first["memory_injected_ids"]) & set(second["memory_injected_ids"])
    assert bool(again) is not skip_shown  # memory_messages shows the model this turn's block only
    assert set(first["memory_injected_ids"]) <= set(second["memory_shown_ids"])


def test_empty_store_and_no_message(store):
    graph = create_read_graph(store).compile()
    out = graph.invoke({"messages": [("user", "anything?")]}, context=MemoryContext(user_id="nobody"))
    assert out["memory_selected"] == [] and out["memory_injection"] == ""
    out = graph.invoke({"messages": []}, context=MemoryContext(user_id="nobody"))
    assert out["memory_injection"] == ""


@pytest.mark.integration
def test_minilm_integration(minilm_store):
    minilm_store.commit(add=[
        MemoryRecord(text="The user is allergic to peanuts", kind="fact", source="explicit", confidence=0.9,
                     scope=Scope(user_id="ada")),
        MemoryRecord(text="The user drives a red bicycle", scope=Scope(user_id="ada")),
    ])
    out = create_read_graph(minilm_store).compile().invoke(
        {"messages": [("user", "Can I eat this peanut butter cookie?")]}, context=MemoryContext(user_id="ada"))
    assert out["memory_selected"][0].record.text == "The user is allergic to peanuts"
