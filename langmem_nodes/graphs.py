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

from typing import Any

from langchain_core.runnables import RunnableConfig, RunnableLambda
from langgraph.graph import END, START, StateGraph
from langgraph.graph._branch import BranchSpec

from ._compat import sync_async_runnable
from .context import Clock
from .node import MemoryNode
from .read.graph import create_read_graph
from .store import MemoryStore
from .turn import RecallTurn, WriteTurn, from_earlier
from .turn_end import guard_nodes
from .unwritten import unwritten_turn
from .write.graph import create_write_graph

__all__ = ["add_memory", "create_read_graph", "create_write_graph"]


def add_memory(
    builder: StateGraph,
    store: MemoryStore,
    *,
    agent: str,
    read_graph: StateGraph | MemoryNode | None = None,
    write_graph: StateGraph | MemoryNode | None = None,
    clock: Clock | None = None,
    recall_name: str = "memory_recall",
    write_name: str = "memory_write",
    background: Any = False,
    cite: bool = False,
    cite_name: str = "memory_cite",
    extractor: Any = None,
    selector: Any = None,
) -> StateGraph:
    """Put recall before `agent` and the write after it, in your own (uncompiled) builder.

    `START → agent` becomes `START → memory_recall → agent`; every way the agent reaches `END` (a plain edge,
    or a conditional edge such as `tools_condition` in a tool loop) goes through `memory_write` instead. So
    recall runs once per user turn, every model call of the turn's tool loop reads the same blocks, and the
    write runs once, after the final answer. The agent reads two fenced, data-only blocks:
    `state["memory_stable"]` (an index that stays byte-identical until memories change: put it in the cached
    system prompt) and `state["memory_injection"]` (this turn's memories with their ages).

    A run that ends before the write (a node of yours raises, is cancelled or calls `interrupt()`) ends its
    turn, so `store.close()` does not wait for that write (`turn_end`); the next turn on the thread writes that
    turn's message before its recall (the `<write_name>_missed` node, run only then: `unwritten`).

    By default each side is ONE node (`RecallTurn`, `WriteTurn`: every stage inside; only the rendered blocks,
    ids and the write's outcome enter state), so a turn writes a handful of checkpoints.

    Args:
        builder: your `StateGraph`; its state needs `messages` and the keys of `MemoryState`.
        store: the `MemoryStore` both sides use.
        agent: the name of the node that calls the model.
        read_graph / write_graph: a `MemoryNode` to use instead (e.g. `RecallTurn(store, selector=...)`), or
            a `StateGraph` (e.g. `create_read_graph(store)`), added as a subgraph: its stages then show up as
            steps in streams and Studio, at the price of a checkpoint per stage.
        clock: "now" for the default nodes (tests, simulations); a naive datetime is local time.
        background: write after the reply without delaying it: a `MemoryWriter` you own (flush it with
            `writer.flush()`), or True for one made here (flushed at exit). See `langmem_nodes.background`.
        extractor / selector: the write's extractor (e.g. `LLMExtractor(model)`) and the read's selector (e.g.
            `LLMSelector(model)`) for the default nodes; with `write_graph` / `read_graph`, give them there instead.
        cite: put a `CiteNode` between the agent's final answer and the write: it strips the model's
            `<memory-used>` trailer from the reply and records which injected memories were used (ask for
            it with `memory_messages(state, system, cite=True)`). Without it, "used" stays unknown.

    Returns:
        The same builder, for chaining: `add_memory` edits the builder you pass (as LangGraph's own
        `add_node`/`add_edge` do), so build one StateGraph per graph.
    """
    if agent not in builder.nodes:
        raise ValueError(f"add_memory: no node named {agent!r} in the builder")
    if recall_name in builder.nodes and write_name in builder.nodes:
        raise ValueError(
            f"add_memory was already applied to this builder (it adds {recall_name!r} and {write_name!r} to the "
            "builder you pass and returns it); build a new StateGraph for a second graph")
    edges = set(builder.edges)
    branches = builder.branches.get(agent, {})
    ends_by_branch = any(_may_end(spec) for spec in branches.values())
    if (START, agent) not in edges or ((agent, END) not in edges and not ends_by_branch):
        raise ValueError(
            f"add_memory needs the edge START -> {agent!r} and a way from {agent!r} to END (an edge, or a "
            "conditional edge that may return END, e.g. tools_condition); add them first"
        )
    missed_name = f"{write_name}_missed"
    for name in (recall_name, write_name, missed_name, *([cite_name] if cite else [])):
        if name in builder.nodes:
            raise ValueError(f"add_memory: the builder already has a node named {name!r}")
    if extractor is not None and write_graph is not None:
        raise ValueError("add_memory: give extractor= or write_graph=, not both (pass it to the write graph you build)")
    if selector is not None and read_graph is not None:
        raise ValueError("add_memory: give selector= or read_graph=, not both (pass it to the read graph you build)")
    write_options = {"clock": clock, **({"extractor": extractor} if extractor is not None else {})}
    read_options = {"clock": clock, **({"selector": selector} if selector is not None else {})}
    if background:
        from .background import MemoryWriter

        if write_graph is not None:
            raise ValueError("add_memory: give background= or write_graph=, not both (pass write options to MemoryWriter)")
        if background is not True and not isinstance(background, MemoryWriter):
            raise TypeError(f"add_memory: background must be True or a MemoryWriter, got {type(background).__name__}")
        if isinstance(background, MemoryWriter) and extractor is not None:
            raise ValueError("add_memory: give the extractor to your MemoryWriter, not to add_memory")
        writer = background if isinstance(background, MemoryWriter) else MemoryWriter(store, **write_options)
        write_graph = writer.node(name=write_name)
    default_write = write_graph is None
    guard_nodes(builder, store)  # a node that raises ends the run: close() no longer waits for its write
    write_node = _as_node(write_graph, lambda: WriteTurn(store, **write_options))
    builder.add_node(recall_name, _as_node(read_graph, lambda: RecallTurn(store, write_follows=default_write, **read_options)))
    builder.add_node(write_name, write_node)
    builder.add_node(missed_name, missed_write(write_node, missed_name))
    after_agent = write_name
    if cite:
        from .cite import CiteNode

        builder.add_node(cite_name, CiteNode(store, clock=clock).as_node())
        builder.add_edge(cite_name, write_name)
        after_agent = cite_name
    builder.edges.discard((START, agent))
    builder.add_conditional_edges(START, _first_step(recall_name, missed_name), [recall_name, missed_name])
    builder.add_edge(missed_name, recall_name)
    builder.add_edge(recall_name, agent)
    if (agent, END) in edges:
        builder.edges.discard((agent, END))
        builder.add_edge(agent, after_agent)
    for key, spec in list(branches.items()):
        if _may_end(spec):
            branches[key] = _end_via(spec, after_agent)
    builder.add_edge(write_name, END)
    return builder


def _first_step(recall_name: str, missed_name: str) -> Any:
    """START's edge: the write of an earlier turn whose run failed before it (`unwritten_turn`), then the recall."""

    def first_step(state: Any) -> str:
        return missed_name if isinstance(state, dict) and unwritten_turn(state) is not None else recall_name

    return first_step


def missed_write(write_node: Any, name: str) -> Any:
    """The write node run on the failed turn's view of the thread (`unwritten_turn`)."""

    def write_missed(state: Any, config: RunnableConfig) -> Any:
        missed = unwritten_turn(state)
        return from_earlier(write_node.invoke(missed, config), missed, state) if missed is not None else {}

    async def awrite_missed(state: Any, config: RunnableConfig) -> Any:
        missed = unwritten_turn(state)
        return from_earlier(await write_node.ainvoke(missed, config), missed, state) if missed is not None else {}

    return sync_async_runnable(write_missed, awrite_missed, name)



def _as_node(given: StateGraph | MemoryNode | None, default: Any) -> Any:
    if given is None:
        return default().as_node()
    if isinstance(given, MemoryNode):
        return given.as_node()
    if isinstance(given, StateGraph):
        return given.compile()
    raise TypeError(f"add_memory: read_graph / write_graph must be a StateGraph or a MemoryNode, got {type(given).__name__}")


def _may_end(spec: BranchSpec) -> bool:
    return spec.ends is None or END in spec.ends.values()


def _end_via(spec: BranchSpec, target: str) -> BranchSpec:
    """The same conditional edge, with END replaced by `target`."""
    if spec.ends is not None:
        return spec._replace(ends={k: (target if v == END else v) for k, v in spec.ends.items()})

    def redirect(choice: Any) -> Any:
        if isinstance(choice, list | tuple):
            return [target if c == END else c for c in choice]
        return target if choice == END else choice

    return spec._replace(path=spec.path | RunnableLambda(redirect))
