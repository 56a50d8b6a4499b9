"""langmem-nodes: long-term memory for LangGraph agents, as nodes you wire into your own graphs.

Write graph: extract → dedup → verify → resolve → promote → commit (every decision in an append-only ledger).
Read graph: build query → scoped hybrid recall → rerank → conflicts → select (≤ 5) → freshness → render.

The names here are what an application needs; the nodes and strategies are in `langmem_nodes.write`,
`langmem_nodes.read`, `langmem_nodes.governance` and `langmem_nodes.tools`, and every helper stays
importable from its own module.
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from .bilingual import BilingualEmbedder
    from .context import MemoryUsageError, MissingScopeError, RunContext, ScopeConflictError, StoreClosedError
    from .e5 import E5Embedder
    from .embeddings import Embedder, HashingEmbedder, LanguageCoverageWarning, MiniLMEmbedder
    from .governance import MemoryAdmin
    from .graphs import add_memory, create_read_graph, create_write_graph
    from .node import MemoryNode
    from .prompt import memory_messages
    from .read import warm_stable
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
    from .store import KeyConflict, MemoryStore, ReadOnlyViolation, RecordGone, VersionConflict
    from .thread_owner import ThreadOwnerError, ThreadProjectError
    from .write import BatchWriter, ExpirySweeper, TTLPolicy

# Names load on first use (PEP 562), so `langmem-nodes --help` and the CLI's error paths do not import
# LangGraph and the extractor (seconds on a busy machine).
_EXPORTS = {
    "BatchWriter": ".write",
    "BilingualEmbedder": ".bilingual",
    "Drift": ".records",
    "E5Embedder": ".e5",
    "Embedder": ".embeddings",
    "ExpirySweeper": ".write",
    "HashingEmbedder": ".embeddings",
    "KeyConflict": ".store",
    "Kind": ".records",
    "LanguageCoverageWarning": ".embeddings",
    "LedgerEntry": ".records",
    "LedgerOp": ".records",
    "Level": ".records",
    "MemoryAdmin": ".governance",
    "MemoryContext": ".records",
    "MemoryInput": ".state",
    "MemoryNode": ".node",
    "MemoryQuery": ".state",
    "MemoryRecord": ".records",
    "MemoryState": ".state",
    "MemoryStore": ".store",
    "MemoryUsageError": ".context",
    "MiniLMEmbedder": ".embeddings",
    "MissingScopeError": ".context",
    "PendingWrite": ".state",
    "Polarity": ".records",
    "ReadInput": ".state",
    "ReadOnlyViolation": ".store",
    "ReadState": ".state",
    "RecordGone": ".store",
    "RunContext": ".context",
    "Scope": ".records",
    "ScopeConflictError": ".context",
    "ScoredMemory": ".state",
    "Source": ".records",
    "Status": ".records",
    "StoreClosedError": ".context",
    "TTLPolicy": ".write",
    "ThreadOwnerError": ".thread_owner",
    "ThreadProjectError": ".thread_owner",
    "Tier": ".records",
    "VersionConflict": ".store",
    "WriteInput": ".state",
    "WriteState": ".state",
    "add_memory": ".graphs",
    "create_read_graph": ".graphs",
    "create_write_graph": ".graphs",
    "memory_messages": ".prompt",
    "warm_stable": ".read",
}

__all__ = [
    "BatchWriter",
    "BilingualEmbedder",
    "Drift",
    "E5Embedder",
    "Embedder",
    "ExpirySweeper",
    "HashingEmbedder",
    "KeyConflict",
    "Kind",
    "LanguageCoverageWarning",
    "LedgerEntry",
    "LedgerOp",
    "Level",
    "MemoryAdmin",
    "MemoryContext",
    "MemoryInput",
    "MemoryNode",
    "MemoryQuery",
    "MemoryRecord",
    "MemoryState",
    "MemoryStore",
    "MiniLMEmbedder",
    "MemoryUsageError",
    "MissingScopeError",
    "StoreClosedError",
    "RunContext",
    "ScopeConflictError",
    "PendingWrite",
    "Polarity",
    "ReadInput",
    "ReadOnlyViolation",
    "ReadState",
    "RecordGone",
    "Scope",
    "ScoredMemory",
    "Source",
    "Status",
    "TTLPolicy",
    "ThreadOwnerError",
    "ThreadProjectError",
    "Tier",
    "VersionConflict",
    "WriteInput",
    "WriteState",
    "add_memory",
    "create_read_graph",
    "create_write_graph",
    "memory_messages",
    "warm_stable",
]


def __getattr__(name: str) -> _typing.Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
