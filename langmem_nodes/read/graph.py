"""`create_read_graph`: query → recall → rerank → conflicts → select → freshness → render → record_usage.

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
import warnings
from collections.abc import Callable
from typing import Any, TypedDict, TypeVar

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

STAGES = ("query", "recall", "rerank", "conflicts", "select", "freshness", "render")
_N = TypeVar("_N", bound=MemoryNode)
# graph node names before 0.2 ("build_query", "annotate") → today's, for code that looked nodes up by name
RENAMED_STAGES = {"build_query": "query", "annotate": "freshness"}


def create_read_graph(
    store: MemoryStore,
    *,
    selector: Selector | Callable[..., Any] | None = None,
    clock: Clock | None = None,
    query: QueryNode | None = None,
    recall: RecallNode | None = None,
    rerank: RerankNode | Callable[..., Any] | None = None,
    conflicts: ConflictNode | None = None,
    select: SelectNode | None = None,
    freshness: FreshnessNode | None = None,
    render: RenderNode | None = None,
    record_usage: bool | RecordUsageNode = True,
    state_schema: Any = ReadState,
    input_schema: Any = None,
    fused: bool = False,
    annotate: FreshnessNode | None = None,
) -> StateGraph[Any, MemoryContext, Any, Any]:
    """The read graph, uncompiled (compile it with your own checkpointer).

    Args:
        store: the MemoryStore to recall from.
        selector: a `RuleSelector` (default), an `LLMSelector`, or a function `(hits: list[ScoredMemory],
            query_text: str) -> list[ScoredMemory]` (`FunctionSelector`); the cap of 5 is enforced either way.
        clock: a function returning "now" (tests, evals); default the wall clock. Applied to every stage
            built here; stages passed in keep their own clock.
        query / recall / rerank / conflicts / select / freshness / render: replacement stages with other
            settings, one argument per stage, named as the stage's graph node; a stage's `name=` is its node's
            name (`rerank` may also be a scoring function `(hit, now) -> float`: `RerankNode(scorer=...)`;
            `select` and `selector` are exclusive). A `RenderNode` given without a store is copied with this
            graph's store, so it writes `memory_stable` (the stable index by default; `RenderNode(stable=None)`
            turns it off).
        annotate: the old name of `freshness` (deprecated, removed in the next release).
        state_schema: the graph state (default `ReadState`).
        input_schema: what callers (and Studio) may pass in; default `ReadInput` with `ReadState` (the
            conversation and optional steering keys), else `state_schema`.
        fused: run the seven stages inside ONE graph node named "memory_read" (same stages, same order, same
            output) instead of one node each. It saves the graph runtime's per-node bookkeeping (~0.3 ms a
            node, measured) on a path that runs every turn; the price is that stages no longer show up as
            separate steps in streams and traces.
        record_usage: end with `RecordUsageNode` ("record_usage", or the node given): the turn's content-free
            `inject` event in the usage ledger (what `MemoryAdmin.metrics` reads; inside "memory_read" when
            fused) and `memory_recall_id`. False for lookups that are not a model's turn (the CLI's `recall`).

    Returns:
        A `StateGraph` with `context_schema=MemoryContext`; invoke it with `context=MemoryContext(...)`.
    """
    nodes = read_stages(store, selector=selector, clock=clock, query=query, recall=recall, rerank=rerank,
                        conflicts=conflicts, select=select, freshness=_renamed(freshness, annotate), render=render)
    if input_schema is None and state_schema is ReadState:
        input_schema = ReadInput
    builder = StateGraph(state_schema, input_schema=input_schema, context_schema=MemoryContext)
    if isinstance(record_usage, RecordUsageNode):
        nodes.append(record_usage)
    elif record_usage:
        nodes.append(RecordUsageNode(store, clock=clock))
    if fused:
        fused_node = FusedStages(nodes)
        builder.add_node(fused_node.name, fused_node.as_node())
        builder.add_edge(START, fused_node.name)
        builder.add_edge(fused_node.name, END)
        return builder
    names = [node.name for node in nodes]
    if len(set(names)) != len(names):
        raise ValueError(f"two read stages share a node name: {names}")
    prev = START
    for node in nodes:
        builder.add_node(node.name, node.as_node())
        builder.add_edge(prev, node.name)
        prev = node.name
    builder.add_edge(prev, END)
    return builder


def _renamed(freshness: FreshnessNode | None, annotate: FreshnessNode | None) -> FreshnessNode | None:
    if annotate is None:
        return freshness
    warnings.warn("create_read_graph(annotate=...) is now freshness=...; annotate= goes in the next release",
                  DeprecationWarning, stacklevel=3)
    if freshness is not None:
        raise TypeError("pass freshness= only (annotate= is its old name)")
    return annotate


def read_stages(
    store: MemoryStore,
    *,
    selector: Selector | Callable[..., Any] | None = None,
    clock: Clock | None = None,
    query: QueryNode | None = None,
    recall: RecallNode | None = None,
    rerank: RerankNode | Callable[..., Any] | None = None,
    conflicts: ConflictNode | None = None,
    select: SelectNode | None = None,
    freshness: FreshnessNode | None = None,
    render: RenderNode | None = None,
    annotate: FreshnessNode | None = None,
) -> list[MemoryNode]:
    """The seven stage nodes `create_read_graph` wires, in `STAGES` order (same arguments), e.g. to run
    them with `run_in_order` outside a graph."""
    if not isinstance(store, MemoryStore):
        raise TypeError(f"the read graph needs a MemoryStore, got {type(store).__name__}")
    if rerank is not None and not isinstance(rerank, MemoryNode) and callable(rerank):
        rerank = RerankNode(scorer=rerank, clock=clock)  # a plain scoring function (hit, now) -> float
    freshness = _renamed(freshness, annotate)
    if select is not None and selector is not None:
        raise TypeError("pass selector= or select= (a SelectNode with its own selector), not both")
    for name, stage, kind in (("query", query, QueryNode), ("recall", recall, RecallNode), ("rerank", rerank, RerankNode),
                              ("conflicts", conflicts, ConflictNode), ("select", select, SelectNode),
                              ("freshness", freshness, FreshnessNode), ("render", render, RenderNode)):
        if stage is not None and not isinstance(stage, MemoryNode):
            extra = " or a scoring function (hit: ScoredMemory, now: datetime) -> float" if name == "rerank" else ""
            raise TypeError(f"{name} must be a {kind.__name__} (or another MemoryNode){extra}, "
                            f"got {type(stage).__name__}")
    return [
        query or QueryNode(clock=clock),
        recall or RecallNode(store, clock=clock),
        rerank or RerankNode(clock=clock),
        conflicts or ConflictNode(clock=clock),
        _with_store(select, store) if select is not None else SelectNode(selector, store=store, clock=clock),
        freshness or FreshnessNode(store=store, clock=clock),
        _with_store(render, store) if render is not None else RenderNode(store, clock=clock),
    ]


class ReadOptions(TypedDict, total=False):
    """The keyword arguments of `read_stages` (shared by `RecallTurn`)."""

    selector: Selector | Callable[..., Any] | None
    clock: Clock | None
    query: QueryNode | None
    recall: RecallNode | None
    rerank: RerankNode | Callable[..., Any] | None
    conflicts: ConflictNode | None
    select: SelectNode | None
    freshness: FreshnessNode | None
    render: RenderNode | None
    annotate: FreshnessNode | None


class FusedStages(MemoryNode):
    """Several stages as one node: each stage's `run` in order (with its own clock), each seeing the
    updates of the stages before it; returns all their updates merged (later stages win)."""

    name = "memory_read"

    def __init__(self, stages: list[MemoryNode]) -> None:
        super().__init__()
        self.stages = stages

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: Any) -> dict[str, Any]:
        return run_in_order(self.stages, state, ctx)


def _with_store(node: _N, store: MemoryStore) -> _N:
    """A `RenderNode` / `SelectNode` given without a store, copied with the graph's store."""
    if not isinstance(node, RenderNode | SelectNode) or node.store is not None:
        return node
    bound = copy.copy(node)
    bound.store = store
    return bound
