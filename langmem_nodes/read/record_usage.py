"""RecordUsageNode: the read graph's last stage, appending the turn's content-free `inject` event.

`create_read_graph(store)` ends with it (`record_usage=False` leaves it out), so a read graph run on its own or
as `add_memory`'s subgraph feeds `MemoryAdmin.metrics` like the one-node `RecallTurn` does: the injected ids,
their sizes, the rendered block's bytes and the read's latency — from `memory_read_started`, which the query
stage sets, to this stage. It returns `memory_recall_id` (what `CiteNode` and the write side join on). A
failure to record is logged and the turn goes on (`memory_recall_id` is then "").

Example:
    >>> import tempfile
    >>> from langmem_nodes.records import MemoryContext
    >>> from langmem_nodes.store import MemoryStore
    >>> from langmem_nodes.usage import usage_log
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> ctx = MemoryContext(user_id="ada")
    >>> out = RecordUsageNode(store).run({"memory_injected_ids": [], "memory_injection": ""}, ctx, None)
    >>> out["memory_recall_id"].startswith("rcl_"), [e["op"] for e in usage_log(store).events(ctx)]
    (True, ['inject'])
    >>> store.close()
"""

from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Any

from ..node import MemoryNode
from ..records import MemoryContext, utcnow
from .explain import score_parts

log = logging.getLogger(__name__)


class RecordUsageNode(MemoryNode):
    """Append this turn's `inject` event to the usage ledger; returns `memory_recall_id`."""

    name = "record_usage"

    def __init__(self, store: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.store = store

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        from ..usage import record_injection

        ids = list(state.get("memory_injected_ids") or [])
        selected = {h.record.id: h for h in state.get("memory_selected") or []}
        texts = {i: h.record.text for i, h in selected.items()}
        scores = [score_parts(selected[i]) if i in selected else {} for i in ids]  # why each was injected
        started = state.get("memory_read_started")
        latency_ms = (time.time() - started) * 1000.0 if isinstance(started, int | float) else None
        try:
            recall_id = record_injection(
                self.store, ctx, now or utcnow(), ids=ids, sizes=[len(texts.get(i, "").encode()) for i in ids],
                block_bytes=len((state.get("memory_injection") or "").encode()), latency_ms=latency_ms,
                started=started if isinstance(started, int | float) else None, scores=scores)
        except Exception:  # noqa: BLE001 - bookkeeping never takes the turn down
            log.warning("recording the injection failed for user %s", ctx.user_id, exc_info=True)
            recall_id = ""
        return {"memory_recall_id": recall_id}


__all__ = ["RecordUsageNode"]
