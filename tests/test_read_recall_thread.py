"""RecallNode thread_weight: a memory rises with the best-matching memory of its thread (en and zh)."""

from __future__ import annotations

import pytest

from langmem_nodes.read import RecallNode
from langmem_nodes.read.query import QueryNode
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

ADA = MemoryContext(user_id="ada")


def add(store, text, **metadata):
    rec = MemoryRecord(text=text, scope=Scope(user_id="ada"), metadata=metadata)
    store.commit(add=[rec])
    return rec


def recall(store, text, **kw):
    q = QueryNode().run({"messages": [("user", text)]}, ADA, None)["memory_query"]
    return RecallNode(store, fusion="bm25", **kw).run({"memory_query": q}, ADA, None)["memory_hits"]


@pytest.mark.parametrize(("query", "best", "weak_in_thread", "weak_alone"), [
    ("camping trip by the lake", "camping trip by the lake", "the lake was cold", "a lake house for sale"),
    ("湖边露营旅行", "湖边露营旅行", "湖水很冷", "湖边的房子"),
])
def test_thread_lifts_a_weak_memory_of_the_best_thread(store, query, best, weak_in_thread, weak_alone):
    top = add(store, best, session=1)
    mate = add(store, weak_in_thread, session=1)
    alone = add(store, weak_alone, session=2)
    off = {h.record.id: h for h in recall(store, query)}
    on = {h.record.id: h for h in recall(store, query, thread_weight=1.0)}
    assert set(off) == set(on) == {top.id, mate.id, alone.id}
    assert "thread" not in off[top.id].breakdown
    assert on[top.id].score == pytest.approx(off[top.id].score)  # the best of its thread keeps its sim
    assert on[mate.id].breakdown["thread"] == pytest.approx(off[top.id].score)
    assert on[mate.id].score == pytest.approx((off[mate.id].score + off[top.id].score) / 2)
    assert on[alone.id].score == pytest.approx(off[alone.id].score)  # best of its own thread: unchanged
    assert all(0.0 <= h.score <= 1.0 for h in on.values())


def test_memories_without_the_key_keep_their_sim_and_a_custom_key_works(store):
    a = add(store, "green tea in the morning", thread="t1")
    b = add(store, "tea", thread="t1")
    c = add(store, "tea at night")
    off = {h.record.id: h.score for h in recall(store, "green tea morning")}
    default_key = {h.record.id: h.score for h in recall(store, "green tea morning", thread_weight=0.5)}
    assert default_key == pytest.approx(off)  # nobody has metadata["session"]: every memory is its own thread
    custom = {h.record.id: h.score for h in recall(store, "green tea morning", thread_weight=0.5, thread_key="thread")}
    assert custom[a.id] == pytest.approx(off[a.id]) and custom[c.id] == pytest.approx(off[c.id])
    assert custom[b.id] > off[b.id]


@pytest.mark.parametrize("kw", [{"thread_weight": -1.0}, {"thread_weight": 20.0}, {"thread_key": ""}])
def test_bad_thread_settings_raise(store, kw):
    with pytest.raises(ValueError, match="thread_"):
        RecallNode(store, **kw)
