"""A second `add_memory` on the same builder says what happened (newcomer18 M3: it raised "add the START -> agent
edge first" although the user had added it)."""

from __future__ import annotations

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory


def _builder() -> StateGraph:
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda state: {"messages": []}).add_edge(START, "agent").add_edge("agent", END)
    return b


def test_a_second_add_memory_on_one_builder_names_the_cause(tmp_path):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        builder = _builder()
        add_memory(builder, store, agent="agent")
        with pytest.raises(ValueError, match="already applied to this builder"):
            add_memory(builder, store, agent="agent")
        add_memory(_builder(), store, agent="agent").compile()  # a new builder per graph works
