"""`create_write_graph`: extract → dedup → verify → resolve → promote → commit, as an uncompiled StateGraph."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, TypedDict, Unpack

from langgraph.graph import END, START, StateGraph

from ..context import Clock
from ..node import MemoryNode
from ..records import MemoryContext
from ..safety import PiiPolicy
from ..state import WriteInput, WriteState
from ..store import MemoryStore
from .commit import CommitNode
from .dedup import DedupNode
from .extract import ExtractNode
from .extractor import Extractor
from .promote import PromoteNode
from .resolve import ResolutionStrategy, ResolveNode
from .ttl import TTLPolicy
from .verify import VerifyNode


def write_nodes(
    store: Any,
    *,
    extractor: Extractor | Callable[..., Any] | None = None,
    strategy: str | ResolutionStrategy = "explicit_correction_first",
    ttl: TTLPolicy | None = None,
    clock: Clock | None = None,
    dedup_threshold: float = 0.88,
    gate_threshold: float = 0.6,
    candidate_floor: float = 0.3,
    pii: PiiPolicy = "refuse",
    user_sessions: int = 2,
    project_sessions: int = 3,
    extract: ExtractNode | None = None,
    dedup: DedupNode | None = None,
    verify: VerifyNode | None = None,
    resolve: ResolveNode | None = None,
    promote: PromoteNode | None = None,
    commit: CommitNode | None = None,
) -> list[MemoryNode]:
    """The six write nodes in order (extract, dedup, verify, resolve, promote, commit). Shared by
    `create_write_graph` and `BatchWriter` (both forward their options here), so both make the same decisions.

    Args:
        store: the `MemoryStore` every decision is committed to.
        extractor: an `Extractor` (default `RuleExtractor()`; `LLMExtractor(model)` for a chat model), or a
            function `fn(text: str) -> list[str | dict]` (`FunctionExtractor`).
        strategy: conflict resolution, a name in `STRATEGIES` or a `ResolutionStrategy`.
        ttl: lifetime policy (default `TTLPolicy()`: stable 3650 d, semi 180 d, volatile 21 d).
        clock: returns "now" (tests and simulations); default the wall clock.
        dedup_threshold: cosine at which the semantic dedup layer compares facts.
        gate_threshold / candidate_floor: confidence to accept / below which to reject (between: candidate).
        pii: a claim holding a card number, national ID number, SSN or IBAN is refused ("refuse", default)
            or stored with the number redacted ("redact"). Credentials are always refused.
        user_sessions / project_sessions: distinct sessions before a fact is promoted out of the session.
        extract / dedup / verify / resolve / promote / commit: replacement stages with other settings, one
            argument per stage, named as the stage's graph node; a stage's `name=` is its node's name. The
            settings above configure the default stages only, so a stage and its setting are exclusive
            (`extract` with `extractor`, `resolve` with `strategy`, …). A `CommitNode` without its own
            `replan` re-plans collisions with this graph's stages.
    """
    if not isinstance(store, MemoryStore):
        raise TypeError(f"the write graph needs a MemoryStore (langmem_nodes.MemoryStore(home)), got "
                        f"{type(store).__name__}")
    for arg, node, setting, default in (
        ("extract", extract, extractor, None), ("dedup", dedup, dedup_threshold, 0.88),
        ("verify", verify, (gate_threshold, candidate_floor, pii), (0.6, 0.3, "refuse")),
        ("resolve", resolve, strategy, "explicit_correction_first"), ("commit", commit, ttl, None),
        ("promote", promote, (user_sessions, project_sessions), (2, 3)),
    ):
        if node is not None and setting != default:
            raise TypeError(f"{arg}= is a whole stage: set its options on the node, not beside it")
    for arg, node, kind in (("extract", extract, ExtractNode), ("dedup", dedup, DedupNode), ("verify", verify, VerifyNode),
                            ("resolve", resolve, ResolveNode), ("promote", promote, PromoteNode),
                            ("commit", commit, CommitNode)):
        if node is not None and not isinstance(node, MemoryNode):
            raise TypeError(f"{arg} must be a {kind.__name__} (or another MemoryNode), got {type(node).__name__}")
    decide: list[MemoryNode] = [
        dedup or DedupNode(store, threshold=dedup_threshold, clock=clock),
        verify or VerifyNode(store, threshold=gate_threshold, candidate_floor=candidate_floor, pii=pii, clock=clock),
        resolve or ResolveNode(store, strategy=strategy, clock=clock),
        promote or PromoteNode(store, user_sessions=user_sessions, project_sessions=project_sessions, clock=clock),
    ]
    if commit is None:
        commit = CommitNode(store, ttl=ttl, clock=clock, replan=decide)
    elif not commit.replan_given:  # a fact another writer stored meanwhile is decided again by these nodes
        commit = copy.copy(commit)
        commit.replan = decide
    nodes = [extract or ExtractNode(extractor, store=store, clock=clock), *decide, commit]
    names = [n.name for n in nodes]
    if len(set(names)) != len(names):
        raise ValueError(f"two write stages share a node name: {names}")
    return nodes


class WriteOptions(TypedDict, total=False):
    """The keyword arguments of `write_nodes` (shared by `create_write_graph`, `BatchWriter`, `WriteTurn`)."""

    extractor: Extractor | Callable[..., Any] | None
    strategy: str | ResolutionStrategy
    ttl: TTLPolicy | None
    clock: Clock | None
    dedup_threshold: float
    gate_threshold: float
    candidate_floor: float
    pii: PiiPolicy
    user_sessions: int
    project_sessions: int
    extract: ExtractNode | None
    dedup: DedupNode | None
    verify: VerifyNode | None
    resolve: ResolveNode | None
    promote: PromoteNode | None
    commit: CommitNode | None


def create_write_graph(
    store: Any,
    *,
    state_schema: type[Any] = WriteState,
    input_schema: type[Any] | None = None,
    **options: Unpack[WriteOptions],
) -> StateGraph[Any, MemoryContext, Any, Any]:
    """Build the write graph over one `MemoryStore`. Compile it yourself (with your own checkpointer).

    Args:
        store: the `MemoryStore` every decision is committed to.
        options: `extractor`, `strategy`, `ttl`, `clock`, `dedup_threshold`, `gate_threshold`,
            `candidate_floor`, `pii`, `user_sessions`, `project_sessions`, and the stages `extract`, `dedup`,
            `verify`, `resolve`, `promote`, `commit` (`WriteOptions`) — see `write_nodes` for each and its default.
        state_schema: your state type if it is not `WriteState` (it needs `messages` and the `memory_*` keys).
        input_schema: what callers (and Studio) may pass in; default `WriteInput` with `WriteState`
            (`messages`, `memory_injected_ids`), else `state_schema`.

    Returns:
        An uncompiled `StateGraph` with `context_schema=MemoryContext` and nodes
        extract → dedup → verify → resolve → promote → commit.

    Example:
        >>> import tempfile
        >>> from langmem_nodes.store import MemoryStore
        >>> from langmem_nodes.records import MemoryContext
        >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
        >>> graph = create_write_graph(store).compile()
        >>> out = graph.invoke({"messages": [("user", "Remember that I prefer dark mode.")]},
        ...                    context=MemoryContext(user_id="ada", session_id="s1"))
        >>> [(m["predicate"], m["object"], m["scope"]["level"]) for m in out["memory_written"]]
        [('prefers', 'dark mode', 'user')]
        >>> store.close()
    """
    nodes = write_nodes(store, **options)
    if input_schema is None and state_schema is WriteState:
        input_schema = WriteInput
    builder = StateGraph(state_schema, input_schema=input_schema, context_schema=MemoryContext)
    prev = START
    for node in nodes:
        builder.add_node(node.name, node.as_node())
        builder.add_edge(prev, node.name)
        prev = node.name
    builder.add_edge(prev, END)
    return builder
