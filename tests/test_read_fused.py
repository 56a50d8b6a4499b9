"""create_read_graph(fused=True): the same seven stages in one node give exactly the same output."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.read.graph import create_read_graph
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore

NOW = datetime(2026, 6, 1, tzinfo=UTC)
TEXTS = ["User prefers green tea", "User lives in Lisbon", "用户喜欢喝乌龙茶", "用户住在上海",
         "The project deploys with ArgoCD", "User runs pytest -x before commits"]


def _store(tmp_path):
    store = MemoryStore(tmp_path, embedder=HashingEmbedder())
    store.commit(add=[MemoryRecord(text=t, object=t.split()[-1], scope=Scope(user_id="ada"), source="explicit",
                                   confidence=0.9, created_at=datetime(2026, 4, 1 + i, tzinfo=UTC))
                      for i, t in enumerate(TEXTS)])
    return store


def _view(out):
    return ([(h.record.id, round(h.score, 6), h.age, h.note) for h in out["memory_selected"]],
            out["memory_injection"], out["memory_stable"], out["memory_injected_ids"])


def test_fused_graph_gives_the_same_output_in_both_languages(tmp_path):
    store = _store(tmp_path)
    clock = lambda: NOW  # noqa: E731
    plain = create_read_graph(store, clock=clock).compile()
    fused = create_read_graph(store, clock=clock, fused=True).compile()
    ctx = MemoryContext(user_id="ada")
    for q in ["Which tea should I buy?", "我喜欢喝什么茶？", "how do we deploy and test?"]:
        a = plain.invoke({"messages": [("user", q)]}, context=ctx)
        b = fused.invoke({"messages": [("user", q)]}, context=ctx)
        assert a["memory_selected"] and _view(a) == _view(b)
    assert list(fused.get_graph().nodes) == ["__start__", "memory_read", "__end__"]
    store.close()


def test_fused_graph_keeps_the_shown_ids_reducer_across_turns(tmp_path):
    store = _store(tmp_path)
    ctx = MemoryContext(user_id="ada")
    outs = {}
    for fused in (False, True):
        g = create_read_graph(store, clock=lambda: NOW, fused=fused).compile(checkpointer=InMemorySaver())
        cfg = {"configurable": {"thread_id": f"t{fused}"}}
        first = g.invoke({"messages": [("user", "Which tea should I buy?")]}, cfg, context=ctx)
        second = g.invoke({"messages": [("user", "Which tea should I buy?")]}, cfg, context=ctx)
        outs[fused] = (first["memory_injected_ids"], second["memory_injected_ids"], sorted(second["memory_shown_ids"]))
    assert outs[False] == outs[True]
    first_ids, second_ids, shown = outs[True]
    assert first_ids and set(first_ids) == set(second_ids) and set(first_ids) <= set(shown)  # asked again: shown again
    store.close()


def test_read_stages_are_the_graphs_seven_in_order_and_a_non_store_is_named(store):
    from langmem_nodes.read.graph import STAGES, read_stages

    stages = read_stages(store)
    assert [s.name for s in stages] == list(STAGES)
    for build in (read_stages, create_read_graph):
        with pytest.raises(TypeError, match="needs a MemoryStore, got dict"):
            build({})
