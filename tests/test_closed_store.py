"""A graph used after its store was closed says so (newcomer9 L5), en + zh, sync and async.

It used to log two tracebacks per turn and answer without memory, so the mistake went unnoticed; a closed
store is the caller's mistake, like a missing scope, and is raised as `StoreClosedError`.
"""

from __future__ import annotations

import asyncio

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import (
    MemoryContext,
    MemoryState,
    MemoryStore,
    MemoryUsageError,
    StoreClosedError,
    add_memory,
)

CTX = MemoryContext(user_id="ada")


def _graph(store: MemoryStore):
    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", lambda state: {"messages": [("ai", "ok")]})
    builder.add_edge(START, "agent").add_edge("agent", END)
    return add_memory(builder, store, agent="agent").compile()


@pytest.mark.parametrize("said", ["I live in Oslo.", "我住在成都。"])
def test_a_turn_after_close_raises_store_closed(tmp_path, said):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    graph = _graph(store)
    assert graph.invoke({"messages": [("user", said)]}, context=CTX)["memory_write_error"] is None
    store.close()
    with pytest.raises(StoreClosedError, match="MemoryStore was closed"):
        graph.invoke({"messages": [("user", said)]}, context=CTX)
    with pytest.raises(StoreClosedError):
        asyncio.run(graph.ainvoke({"messages": [("user", said)]}, context=CTX))


def test_store_closed_is_a_usage_error_like_a_missing_scope():
    assert issubclass(StoreClosedError, MemoryUsageError) and issubclass(StoreClosedError, ValueError)


def test_admin_and_store_calls_after_close_raise_store_closed(tmp_path):  # newcomer10 M4: was sqlite3.ProgrammingError
    from langmem_nodes.governance.admin import MemoryAdmin

    store = MemoryStore(tmp_path / "home", embedder="hashing")
    admin = MemoryAdmin(store)
    store.close()
    for call in (lambda: admin.export("u"), lambda: store.find(None), lambda: store.count()):
        with pytest.raises(StoreClosedError, match="MemoryStore was closed"):
            call()
    store.close()  # closing twice is fine
