"""langmem-nodes: long-term memory for LangGraph agents, as nodes you wire into your own graphs.

Write graph: extract → dedup → verify → resolve → promote → commit (every decision in an append-only ledger).
Read graph: build query → scoped hybrid recall → rerank → conflicts → select (≤ 5) → freshness → render.

The names here are what an application needs; the nodes and strategies are in `langmem_nodes.write`,
`langmem_nodes.read`, `langmem_nodes.governance` and `langmem_nodes.tools`, and every helper stays
importable from its own module.
"""

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
from .write import BatchWriter, ExpirySweeper, TTLPolicy

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
