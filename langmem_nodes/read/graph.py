"""`create_read_graph`: build_query → recall → rerank → conflicts → select → annotate → render → record_usage.

`render` writes the per-turn block `memory_injection` and the stable block `memory_stable` (an index of the
user's visible memories, byte-identical across turns until one is written, edited or forgotten): put the
stable block in the cached system prefix and the per-turn block after the conversation.

Example:
    >>> import tempfile
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> _ = store.commit(add=[MemoryRecord(text="User prefers green tea", kind="preference", source="explicit",
    ...                                    confidence=0.9, scope=Scope(user_id="ada"))])
    >>> graph = create_read_graph(store).compile()
    >>> out = graph.invoke({"messages": [("user", "Which tea should I buy?")]}, context=MemoryContext(user_id="ada"))
    >>> [m.record.text for m in out["memory_selected"]], out["memory_selected"][0].age
    (['User prefers green tea'], 'today')
    >>> "«User prefers green tea»" in out["memory_stable"]
    True
    >>> store.close()
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from langgraph.graph import END, START, StateGraph

from ..context import Clock
from ..node import MemoryNode, run_in_order
from ..records import MemoryContext
from ..state import ReadInput, ReadState
from ..store import MemoryStore
from .conflicts import ConflictNode
from .freshness import FreshnessNode
from .query import QueryNode
from .recall import RecallNode
from .record_usage import RecordUsageNode
from .render import RenderNode
from .rerank import RerankNode
from .select import SelectNode, Selector

STAGES = ("build_query", "recall", "rerank", "conflicts", "select", "annotate", "render")


def create_read_graph(
    store: MemoryStore,
    *,
    selector: Selector | Callable[..., Any] | None = None,
    clock: Clock | None = None,
    query: QueryNode | None = None,
    recall: RecallNode | None = None,
    rerank: RerankNode | Callable[..., Any] | None = None,
    conflicts: ConflictNode | None = None,
    annotate: FreshnessNode | None = None,
    render: RenderNode | None = None,
    state_schema: Any = ReadState,
    input_schema: Any = None,
    fused: bool = False,
    record_usage: bool = True,
) -> StateGraph[Any, MemoryContext, Any, Any]:
    """The read graph, uncompiled (compile it with your own checkpointer).

    Args:
        store: the MemoryStore to recall from.
        selector: a `RuleSelector` (default), an `LLMSelector`, or a function `(hits: list[ScoredMemory],
            query_text: str) -> list[ScoredMemory]` (`FunctionSelector`); the cap of 5 is enforced either way.
        clock: a function returning "now" (tests, evals); default the wall clock. Applied to every stage
            built here; stages passed in keep their own clock.
        query / recall / rerank / conflicts / annotate / render: replacement stages with other settings
            (`rerank` may also be a scoring function `(hit, now) -> float`: `RerankNode(scorer=...)`). A
            `RenderNode` given without a store is copied with this graph's store, so it writes `memory_stable`
            (the stable index by default; `RenderNode(stable=None)` turns it off).
        state_schema: the graph state (default `ReadState`).
        input_schema: what callers (and Studio) may pass in; default `ReadInput` with `ReadState` (the
            conversation and optional steering keys), else `state_schema`.
        fused: run the seven stages inside ONE graph node named "memory_read" (same stages, same order, same
            output) instead of one node each. It saves the graph runtime's per-node bookkeeping (~0.3 ms a
            node, measured) on a path that runs every turn; the price is that stages no longer show up as
            separate steps in streams and traces.
        record_usage: end with `RecordUsageNode` ("record_usage"): the turn's content-free `inject` event in
            the usage ledger (what `MemoryAdmin.metrics` reads; inside "memory_read" when fused) and
            `memory_recall_id`. Turn it off for lookups that are not a model's turn (the CLI's `recall`).

    Returns:
        A `StateGraph` with `context_schema=MemoryContext`; invoke it with `context=MemoryContext(...)`.
    """
    nodes = read_stages(store, selector=selector, clock=clock, query=query, recall=recall, rerank=rerank,
                        conflicts=conflicts, annotate=annotate, render=render)
    if input_schema is None and state_schema is ReadState:
        input_schema = ReadInput
    builder = StateGraph(state_schema, input_schema=input_schema, context_schema=MemoryContext)
    stages = list(STAGES)
    if record_usage:
        nodes.append(RecordUsageNode(store, clock=clock))
        stages.append(RecordUsageNode.name)
    if fused:
        fused_node = FusedStages(nodes)
        builder.add_node(fused_node.name, fused_node.as_node())
        builder.add_edge(START, fused_node.name)
        builder.add_edge(fused_node.name, END)
        return builder
    prev = START
    for stage, node in zip(stages, nodes, strict=True):
        builder.add_node(stage, node.as_node())
        builder.add_edge(prev, stage)
        prev = stage
    builder.add_edge(prev, END)
    return builder


def read_stages(
    store: MemoryStore,
    *,
    selector: Selector | Callable[..., Any] | None = None,
    clock: Clock | None = None,
    query: QueryNode | None = None,
    recall: RecallNode | None = None,
    rerank: RerankNode | Callable[..., Any] | None = None,
    conflicts: ConflictNode | None = None,
    annotate: FreshnessNode | None = None,
    render: RenderNode | None = None,
) -> list[MemoryNode]:
    """The seven stage nodes `create_read_graph` wires, in `STAGES` order (same arguments), e.g. to run
    them with `run_in_order` outside a graph."""
    if not isinstance(store, MemoryStore):
        raise TypeError(f"the read graph needs a MemoryStore, got {type(store).__name__}")
    if rerank is not None and not isinstance(rerank, MemoryNode) and callable(rerank):
        rerank = RerankNode(scorer=rerank, clock=clock)  # a plain scoring function (hit, now) -> float
    for name, stage, kind in (("query", query, QueryNode), ("recall", recall, RecallNode), ("rerank", rerank, RerankNode),
                              ("conflicts", conflicts, ConflictNode), ("annotate", annotate, FreshnessNode),
                              ("render", render, RenderNode)):
        if stage is not None and not isinstance(stage, MemoryNode):
            extra = " or a scoring function (hit: ScoredMemory, now: datetime) -> float" if name == "rerank" else ""
            raise TypeError(f"{name} must be a {kind.__name__} (or another MemoryNode){extra}, "
                            f"got {type(stage).__name__}")
    return [
        query or QueryNode(clock=clock),
        recall or RecallNode(store, clock=clock),
        rerank or RerankNode(clock=clock),
        conflicts or ConflictNode(clock=clock),
        SelectNode(selector, store=store, clock=clock),
        annotate or FreshnessNode(clock=clock),
        _with_store(render, store) if render is not None else RenderNode(store, clock=clock),
    ]


class FusedStages(MemoryNode):
    """Several stages as one node: each stage's `run` in order (with its own clock), each seeing the
    updates of the stages before it; returns all their updates merged (later stages win)."""

    name = "memory_read"

    def __init__(self, stages: list[MemoryNode]) -> None:
        super().__init__()
        self.stages = stages

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: Any) -> dict[str, Any]:
        return run_in_order(self.stages, state, ctx)


def _with_store(render: RenderNode, store: MemoryStore) -> RenderNode:
    if not isinstance(render, RenderNode) or render.store is not None:
        return render
    bound = copy.copy(render)
    bound.store = store
    return bound
