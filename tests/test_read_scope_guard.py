"""A query forged in graph state cannot widen the scope the run's context grants."""

from __future__ import annotations

import pytest

from langmem_nodes.read.graph import create_read_graph
from langmem_nodes.read.recall import RecallNode
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.state import MemoryQuery


def test_forged_partitions_in_state_are_refused(store):
    store.commit(add=[MemoryRecord(text="bob likes oolong tea", object="oolong", scope=Scope(user_id="bob"))])
    forged = MemoryQuery(text="tea", lexical="tea", dense="tea", partitions=["user/default/bob"])
    node = RecallNode(store)
    with pytest.raises(ValueError, match="outside this user's scope"):
        node.run({"memory_query": forged}, MemoryContext(user_id="alice"), None)
    hits = node.run({"memory_query": forged}, MemoryContext(user_id="bob"), None)["memory_hits"]
    assert [h.record.object for h in hits] == ["oolong"]


def test_read_graph_still_recalls_within_scope(store):
    store.commit(add=[MemoryRecord(text="alice prefers green tea", object="green tea", scope=Scope(user_id="alice"))])
    out = create_read_graph(store).compile().invoke(
        {"messages": [("user", "which tea do I prefer?")]}, context=MemoryContext(user_id="alice", session_id="s")
    )
    assert [s.record.object for s in out["memory_selected"]] == ["green tea"]
