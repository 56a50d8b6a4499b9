"""A memory injected into a turn is in use: `ExpirySweeper` does not archive it as "not accessed" (H4).

Injection is already recorded (the usage log's content-free `inject` events); the sweeper reads those, so a
turn writes nothing more. Sync and async graphs, English and Chinese, on real SQLite."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory, memory_messages
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import Status
from langmem_nodes.testing import MemoryEchoChatModel
from langmem_nodes.write import BatchWriter, ExpirySweeper

CASES = [
    ("en", "Remember that I'm allergic to penicillin.", "Can I take amoxicillin? I'm not sure what I'm allergic to.",
     "penicillin"),
    ("zh", "记住我对青霉素过敏。", "我对什么过敏？", "青霉素"),
]


def _graph(store):
    echo = MemoryEchoChatModel()
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [echo.invoke(memory_messages(s, system="x"))]})
    b.add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent").compile()


def _old_memory(store, ctx, said):
    now = datetime.now(UTC)
    BatchWriter(store).write([{"messages": [("user", said)], "context": ctx, "at": (now - timedelta(days=400)).isoformat()}])
    (rec,) = MemoryAdmin(store).list(ctx)
    return rec["id"], now


@pytest.mark.parametrize(("lang", "said", "ask", "value"), CASES, ids=[c[0] for c in CASES])
def test_injected_memory_is_not_archived_sync(store, lang, said, ask, value):
    ctx = MemoryContext(user_id=f"ada-{lang}")
    mid, now = _old_memory(store, ctx, said)
    g = _graph(store)
    reply = g.invoke({"messages": [("user", ask)]}, context=ctx)["messages"][-1].content
    assert value in reply
    result = ExpirySweeper(store).sweep(now + timedelta(minutes=1))
    assert mid not in result["archived"]
    assert store.get(mid).status is Status.ACTIVE
    assert store.get(mid).accessed_at is not None  # the sweep folded the injection into accessed_at
    assert value in g.invoke({"messages": [("user", ask)]}, context=ctx)["messages"][-1].content


@pytest.mark.parametrize(("lang", "said", "ask", "value"), CASES, ids=[c[0] for c in CASES])
def test_injected_memory_is_not_archived_async(store, lang, said, ask, value):
    ctx = MemoryContext(user_id=f"bo-{lang}")
    mid, now = _old_memory(store, ctx, said)
    g = _graph(store)
    asyncio.run(g.ainvoke({"messages": [("user", ask)]}, context=ctx))
    assert ExpirySweeper(store).sweep(now + timedelta(minutes=1))["archived"] == []
    assert store.get(mid).status is Status.ACTIVE


def test_memory_unused_for_a_year_is_still_archived(store):
    """Only injection within `archive_after_days` counts: an old injection, or none, does not save it."""
    ctx = MemoryContext(user_id="cy")
    mid, now = _old_memory(store, ctx, "Remember that I'm allergic to penicillin.")
    _graph(store).invoke({"messages": [("user", "What am I allergic to?")]}, context=ctx)
    later = now + timedelta(days=400)  # the injection is now 400 days old too
    assert ExpirySweeper(store).sweep(later)["archived"] == [mid]


def test_injection_of_another_memory_does_not_count(store):
    ctx = MemoryContext(user_id="di")
    mid, now = _old_memory(store, ctx, "Remember that I'm allergic to penicillin.")
    from langmem_nodes.usage import record_injection

    record_injection(store, ctx, now, ids=["mem_other"], sizes=[3], block_bytes=3, latency_ms=1.0)
    assert ExpirySweeper(store).sweep(now + timedelta(minutes=1))["archived"] == [mid]
