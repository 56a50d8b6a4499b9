"""Checkpointing the stages' own objects: a serializer that knows them.

The default memory paths (`add_memory`, `MemoryMiddleware`, `memory_hooks`) keep only strings, ids and JSON
dicts in state, so any checkpointer round-trips them as they are. The read and write graphs run as graphs
of their own (or as subgraphs) checkpoint their stages' pydantic objects (`ScoredMemory`, `PendingWrite`,
`MemoryRecord` and its enums). LangGraph's default serializer warns when it loads them ("Deserializing
unregistered type"), and with `LANGGRAPH_STRICT_MSGPACK=true` returns them as dicts. `checkpoint_serde()`
allows exactly these types, so they come back as themselves, with no warning, in strict mode too.

Example:
    >>> from langgraph.checkpoint.memory import InMemorySaver
    >>> from langmem_nodes.records import MemoryRecord, Polarity, Scope
    >>> from langmem_nodes.state import ScoredMemory
    >>> serde = checkpoint_serde()
    >>> hit = ScoredMemory(record=MemoryRecord(text="x", scope=Scope(user_id="a"), polarity=Polarity.NEGATIVE))
    >>> serde.loads_typed(serde.dumps_typed([hit])) == [hit]
    True
    >>> saver = InMemorySaver(serde=serde)  # e.g. create_read_graph(store).compile(checkpointer=saver)
"""

from __future__ import annotations

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

CHECKPOINT_TYPES: tuple[tuple[str, str], ...] = (
    *(("langmem_nodes.records", name) for name in (
        "Level", "Polarity", "Kind", "Tier", "Source", "Status", "Drift", "LedgerOp",
        "Scope", "MemoryContext", "MemoryRecord", "LedgerEntry",
    )),
    *(("langmem_nodes.state", name) for name in ("ScoredMemory", "PendingWrite", "MemoryQuery")),
)


def checkpoint_serde() -> JsonPlusSerializer:
    """LangGraph's serializer with our record and state types allowed (strict mode or not)."""
    return JsonPlusSerializer(allowed_msgpack_modules=list(CHECKPOINT_TYPES))


__all__ = ["CHECKPOINT_TYPES", "checkpoint_serde"]
