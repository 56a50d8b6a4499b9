"""Which memories were injected into a user's turns, and why: the `inject` events of the usage ledger, read back.

Each event names the turn's recall id (`memory_recall_id` in `add_memory`'s state), when it happened, the
injected ids and — recorded since this version — each id's score parts (`read.explain.PARTS`: similarity,
relevance evidence, attribute match, freshness, source weight, confidence, final score). The memory's current
text is looked up in the store; a memory forgotten since reads as forgotten (its text is gone everywhere).

Example:
    >>> import tempfile
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryContext
    >>> from langmem_nodes.store import MemoryStore
    >>> from langmem_nodes.usage import record_injection
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> ctx = MemoryContext(user_id="ada")
    >>> rid = record_injection(store, ctx, datetime(2026, 1, 1, tzinfo=UTC), ids=["mem_x"], sizes=[3], block_bytes=9,
    ...                        latency_ms=1.0, scores=[{"sim": 0.8, "final": 0.7}])
    >>> (turn,) = injections(store, ctx)
    >>> turn["recall_id"] == rid, turn["memories"][0]["scores"], turn["memories"][0]["forgotten"]
    (True, {'sim': 0.8, 'final': 0.7}, True)
    >>> store.close()
"""

from __future__ import annotations

from typing import Any

from ..records import MemoryContext


def injections(store: Any, ctx: MemoryContext, *, recall_id: str | None = None, last: int = 20) -> list[dict[str, Any]]:
    """The user's (one project's, with `project_id`) `inject` events, newest first: `last` of them, or the one
    whose recall id is `recall_id` (KeyError when the user has none with that id)."""
    from ..usage import usage_log

    if not isinstance(last, int) or isinstance(last, bool) or last < 1:
        raise ValueError(f"last must be a positive integer, got {last!r}")
    events = [e for e in usage_log(store).events(ctx) if e["op"] == "inject"]
    if recall_id is not None:
        events = [e for e in events if e["turn"] == recall_id]
        if not events:
            raise KeyError(f"no injection with recall id {recall_id!r} for user {ctx.user_id!r}")
    events = events[::-1][:last]
    found = store.get_many(list(dict.fromkeys(i for e in events for i in e.get("ids") or [])))
    out = []
    for e in events:
        ids, scores = list(e.get("ids") or []), list(e.get("scores") or [])
        memories = []
        for n, mid in enumerate(ids):
            rec = found.get(mid)
            memories.append({"id": mid, "text": rec.text if rec is not None else None, "forgotten": rec is None,
                             "level": rec.scope.level.value if rec is not None else None,
                             "scores": scores[n] if n < len(scores) else None})
        out.append({"recall_id": e["turn"], "ts": e["ts"].isoformat(), "memories": memories,
                    "bytes": e.get("bytes"), "latency_ms": e.get("latency_ms")})
    return out


__all__ = ["injections"]
