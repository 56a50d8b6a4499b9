"""When a turn started, for the commit's erasure check (`MemoryStore.commit(writer=...)`).

The earliest of: the recall's start (`memory_read_started`, set by the read graph's query stage), the
store's `open_turn` of this turn (`add_memory`, `MemoryTurn`, the middleware open it at recall), and now.
A write graph run on its own (`create_write_graph`, `BatchWriter`) therefore counts from its commit.

Example:
    >>> from langmem_nodes.records import MemoryContext
    >>> turn_writer(object(), {"memory_read_started": 5.0}, MemoryContext(user_id="ada"))
    Writer(org_id='default', user_id='ada', started=5.0)
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ..records import MemoryContext
from ..store.memory_store import Writer


def turn_writer(store: Any, state: Mapping[str, Any], ctx: MemoryContext) -> Writer:
    """The `Writer` (org, user, turn start in epoch seconds) of this turn's commit."""
    starts = [time.time()]
    read = state.get("memory_read_started")
    if isinstance(read, int | float) and not isinstance(read, bool):
        starts.append(float(read))
    opened = getattr(store, "turn_started", None)
    if opened is not None:
        from ..turn import turn_key  # the turn module loads the write side lazily: import it late too

        if (at := opened(turn_key(state, ctx))) is not None:
            starts.append(at)
    return Writer(ctx.org_id, ctx.user_id, min(starts))


__all__ = ["turn_writer"]
