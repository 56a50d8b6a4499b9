"""Graph factories: the write graph, the read graph, and `add_memory` to wire both into your own agent.

Example (a complete agent with memory, runnable offline):
    >>> import tempfile
    >>> from langgraph.graph import StateGraph, START, END
    >>> from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> def agent(state):
    ...     return {"messages": [("ai", "noted")]}
    >>> builder = StateGraph(MemoryState, context_schema=MemoryContext)
    >>> _ = builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    >>> graph = add_memory(builder, store, agent="agent").compile()
    >>> out = graph.invoke({"messages": [("user", "Remember that I prefer dark mode.")]},
    ...                    context=MemoryContext(user_id="ada"))
    >>> [r["object"] for r in out["memory_written"]]
    ['dark mode']
    >>> store.close()
"""

from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from .read.graph import create_read_graph
from .store import MemoryStore
from .write.graph import create_write_graph

__all__ = ["add_memory", "create_read_graph", "create_write_graph"]


def add_memory(
    builder: StateGraph,
    store: MemoryStore,
    *,
    agent: str,
    read_graph: StateGraph | None = None,
    write_graph: StateGraph | None = None,
    recall_name: str = "memory_recall",
    write_name: str = "memory_write",
) -> StateGraph:
    """Put recall before `agent` and the write graph after it, in your own (uncompiled) builder.

    The builder must route `START → agent` and `agent → END`; those two edges become
    `START → memory_recall → agent` and `agent → memory_write → END`. The agent reads two fenced,
    data-only blocks: `state["memory_stable"]` (an index that stays byte-identical until memories change: put
    it in the cached system prompt) and `state["memory_injection"]` (this turn's memories with their ages).

    Args:
        builder: your `StateGraph`; its state needs `messages` and the `memory_*` keys (see `MemoryState`).
        store: the `MemoryStore` both graphs use.
        agent: the name of the node that calls the model.
        read_graph / write_graph: replacements for `create_read_graph(store)` / `create_write_graph(store)`.

    Returns:
        The same builder, for chaining.
    """
    if agent not in builder.nodes:
        raise ValueError(f"add_memory: no node named {agent!r} in the builder")
    edges = set(builder.edges)
    if (START, agent) not in edges or (agent, END) not in edges:
        raise ValueError(
            f"add_memory needs the edges START -> {agent!r} and {agent!r} -> END; add them first "
            "(agents with tool loops: add the two subgraphs as nodes yourself, see the README)"
        )
    for name in (recall_name, write_name):
        if name in builder.nodes:
            raise ValueError(f"add_memory: the builder already has a node named {name!r}")
    builder.add_node(recall_name, (read_graph or create_read_graph(store)).compile())
    builder.add_node(write_name, (write_graph or create_write_graph(store)).compile())
    builder.edges.discard((START, agent))
    builder.edges.discard((agent, END))
    builder.add_edge(START, recall_name)
    builder.add_edge(recall_name, agent)
    builder.add_edge(agent, write_name)
    builder.add_edge(write_name, END)
    return builder


