"""A turn whose run ended before its write is no longer in flight.

The recall opens the turn (`MemoryStore.open_turn`) so that `close()` waits for its write. When a node of the
user's graph raises instead — the model failed, the run was cancelled, the agent paused with `interrupt()` —
that write does not come in this run, so the turn is ended here and `close()` returns at once. A resumed
run still writes the turn (its write does not need the turn open while the store is open).

`guard_nodes` wraps the nodes of a builder (`add_memory`); `end_failed_turn` is the call `MemoryMiddleware`
makes around the model and tool calls it wraps.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.errors import GraphBubbleUp

from ._compat import sync_async_runnable
from .context import resolve_context

# the exceptions that end the run whatever the node's retry policy or error handler say
ALWAYS_FINAL = (GraphBubbleUp, asyncio.CancelledError, KeyboardInterrupt, SystemExit)


def end_failed_turn(store: Any, state: Any, runtime: Any, config: Mapping[str, Any] | None) -> None:
    """End the open turn of the state's latest user message (no store I/O; a state without messages, or a
    scope that does not resolve, leaves it open: `close()` then waits for it, and says so)."""
    from .turn import turn_key

    end_turn = getattr(store, "end_turn", None)
    messages = state.get("messages") if isinstance(state, Mapping) else getattr(state, "messages", None)
    if end_turn is None or not messages:
        return
    try:
        end_turn(turn_key({"messages": messages}, resolve_context(runtime, config)))
    except Exception:  # noqa: BLE001 - the run's own exception is the one to report
        return


def guard_node(runnable: Any, store: Any, name: str, *, retried: bool = False) -> Any:
    """`runnable` as a node that ends the open turn when it raises. A `retried` node (retry policy or error
    handler) may still be followed by the write: only an interrupt, a cancel or an exit ends the turn then."""
    from langchain_core.runnables import Runnable
    from langchain_core.runnables.base import coerce_to_runnable

    inner: Runnable = runnable if isinstance(runnable, Runnable) else coerce_to_runnable(runnable)
    final = ALWAYS_FINAL if retried else (BaseException,)

    def guarded(state: Any, config: RunnableConfig, runtime: Any = None) -> Any:
        try:
            return inner.invoke(state, config)
        except final:
            end_failed_turn(store, state, runtime, config)
            raise

    async def aguarded(state: Any, config: RunnableConfig, runtime: Any = None) -> Any:
        try:
            return await inner.ainvoke(state, config)
        except final:
            end_failed_turn(store, state, runtime, config)
            raise

    return sync_async_runnable(guarded, aguarded, name)


def guard_nodes(builder: Any, store: Any) -> None:
    """Wrap every node of `builder` with `guard_node` (before `add_memory` adds its own)."""
    for name, spec in list(builder.nodes.items()):
        retried = bool(spec.retry_policy) or bool(getattr(spec, "error_handler_node", None))
        builder.nodes[name] = dataclasses.replace(spec, runnable=guard_node(spec.runnable, store, name,
                                                                               retried=retried))


__all__ = ["end_failed_turn", "guard_node", "guard_nodes"]
