"""langmem-nodes: long-term memory for LangGraph agents, as nodes you wire into your own graphs.

Write graph: extract → dedup → verify → resolve → promote → commit (every decision in an append-only ledger).
Read graph: build query → scoped hybrid recall → rerank → conflicts → select (≤ 5) → freshness → render.
"""

from __future__ import annotations

from typing import Any as _Any

from .context import MissingScopeError, resolve_context
from .embeddings import Embedder, HashingEmbedder, MiniLMEmbedder
from .node import MemoryNode
from .prompt import memory_messages
from .records import (
    Drift,
    Kind,
    LedgerEntry,
    LedgerOp,
    Level,
    MemoryContext,
    MemoryRecord,
    Polarity,
    Scope,
    Source,
    Status,
    Tier,
)
from .state import (
    MemoryInput,
    MemoryQuery,
    MemoryState,
    PendingWrite,
    ReadInput,
    ReadState,
    ScoredMemory,
    WriteInput,
    WriteState,
)
from .store import MemoryStore, VersionConflict

_GRAPH_NAMES = ("add_memory", "create_read_graph", "create_write_graph")

__all__ = [
    "Drift",
    "Embedder",
    "HashingEmbedder",
    "Kind",
    "LedgerEntry",
    "LedgerOp",
    "Level",
    "MemoryContext",
    "MemoryInput",
    "MemoryNode",
    "MemoryQuery",
    "MemoryRecord",
    "MemoryState",
    "MemoryStore",
    "MiniLMEmbedder",
    "MissingScopeError",
    "PendingWrite",
    "Polarity",
    "ReadInput",
    "ReadState",
    "Scope",
    "ScoredMemory",
    "Source",
    "Status",
    "Tier",
    "VersionConflict",
    "WriteInput",
    "WriteState",
    "add_memory",
    "create_read_graph",
    "create_write_graph",
    "memory_messages",
    "resolve_context",
]


def __getattr__(name: str) -> _Any:
    # The graph factories import every node; load them on first use so `import langmem_nodes.records` stays light.
    if name in _GRAPH_NAMES:
        from . import graphs

        return getattr(graphs, name)
    raise AttributeError(f"module 'langmem_nodes' has no attribute {name!r}")
