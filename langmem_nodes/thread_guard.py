"""A thread's saved state goes to its owner only: another user's run is refused before the graph streams anything.

LangGraph streams a thread's checkpointed state as soon as a run starts: the first `values` chunk, the
`debug`, `checkpoints` and `tasks` events all carry the thread's messages and memory blocks (`memory_stable`,
`memory_injection`) before any node runs, so a memory node refusing the run (`ThreadOwnerError`) comes too
late. `guard_threads(graph, store)` makes every run entry point (`stream`, `astream`, and through them
`invoke`, `ainvoke`, `astream_events`) check the thread's owner first: another user's run, another project's,
or a run without a user scope on a thread that has an owner raises before the first chunk, and its message
never reaches the thread. State reads (`get_state`, `get_state_history` and their async forms) are refused
when the read names a user (context, `configurable`, or a LangGraph server's custom auth) who does not own
the thread; a read that names nobody cannot be told apart and is let through (see docs/integration.md,
"Serving": without custom auth, a LangGraph server hands any thread's state to whoever asks).

`serving.graph_factory` guards every graph it serves. Guard your own compiled graph the same way when one
process serves several users:

    >>> import tempfile
    >>> from langgraph.checkpoint.memory import InMemorySaver
    >>> from langmem_nodes import MemoryStore, create_read_graph
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> app = guard_threads(create_read_graph(store).compile(checkpointer=InMemorySaver()), store)
    >>> cfg = {"configurable": {"thread_id": "t"}}
    >>> _ = app.invoke({"messages": [("user", "hi")]}, cfg, context={"user_id": "ann"})
    >>> next(app.stream({"messages": [("user", "hi")]}, cfg, context={"user_id": "bob"}))
    Traceback (most recent call last):
    ...
    langmem_nodes.thread_owner.ThreadOwnerError: thread 't' holds another user's conversation: ...
    >>> store.close()
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator, Mapping
from types import SimpleNamespace
from typing import Any

from langchain_core.runnables.config import ensure_config

from .context import MissingScopeError, resolve_context
from .records import MemoryContext
from .thread_owner import (
    check_thread_owner,
    owned_by_another,
    owner_error,
    owner_known,
    recorded_owner,
    thread_id_of,
)

_GUARDED = "_langmem_guarded_store"


def _scope(config: Mapping[str, Any] | None, context: Any) -> MemoryContext | None:
    try:
        return resolve_context(SimpleNamespace(context=context), config)
    except MissingScopeError as exc:
        if type(exc) is MissingScopeError:
            return None  # no user named; a conflict (ScopeConflictError) is raised
        raise


def admit_run(store: Any, config: Mapping[str, Any] | None, context: Any = None) -> None:
    """Raise before a run on a thread of another user or project, or without a user scope on an owned thread;
    record the run's user and project as the thread's on its first run. Blocking (a meta read or write)."""
    thread_id = thread_id_of(config)
    if not thread_id:
        return
    ctx = _scope(config, context)
    if ctx is None:
        if recorded_owner(store, thread_id) is not None:
            resolve_context(SimpleNamespace(context=context), config)  # raises MissingScopeError, naming the fix
        return  # a thread nobody owns: the memory nodes refuse the run (and record its message) themselves
    check_thread_owner(store, thread_id, ctx)


def admit_read(store: Any, config: Mapping[str, Any] | None, context: Any = None) -> None:
    """Raise when a state read names a user who does not own the thread; records nothing."""
    thread_id = thread_id_of(config)
    ctx = _scope(config, context) if thread_id else None
    if ctx is not None and owned_by_another(store, thread_id, ctx):
        raise owner_error(str(thread_id), ctx)


async def _aadmit(check: Any, store: Any, config: Any, context: Any) -> None:
    ctx = None
    try:
        ctx = _scope(config, context)
    except MissingScopeError:
        pass
    if ctx is not None and check is admit_run and owner_known(store, thread_id_of(config), ctx):
        return  # this process already knows the owner: no I/O on the event loop
    await asyncio.to_thread(check, store, config, context)


def _config(config: Any) -> Any:
    return ensure_config(config)  # a server may pass the run's config through the context variable


def guard_threads(graph: Any, store: Any) -> Any:
    """`graph` (a compiled LangGraph graph), changed in place so that no run or state read of one user's thread
    serves another user (module docstring); returns it. Copies of it (`with_config`, a server's checkpointer
    `copy`) are guarded too. Guarding twice is a no-op."""
    base = type(graph)
    if getattr(base, _GUARDED, None) is not None:
        return graph

    def stream(self: Any, input: Any, config: Any = None, **kwargs: Any) -> Iterator[Any]:
        config = _config(config)
        admit_run(store, config, kwargs.get("context"))
        yield from base.stream(self, input, config, **kwargs)

    async def astream(self: Any, input: Any, config: Any = None, **kwargs: Any) -> AsyncIterator[Any]:
        config = _config(config)
        await _aadmit(admit_run, store, config, kwargs.get("context"))
        async for chunk in base.astream(self, input, config, **kwargs):
            yield chunk

    def get_state(self: Any, config: Any, **kwargs: Any) -> Any:
        admit_read(store, config)
        return base.get_state(self, config, **kwargs)

    async def aget_state(self: Any, config: Any, **kwargs: Any) -> Any:
        await _aadmit(admit_read, store, config, None)
        return await base.aget_state(self, config, **kwargs)

    def get_state_history(self: Any, config: Any, **kwargs: Any) -> Iterator[Any]:
        admit_read(store, config)
        yield from base.get_state_history(self, config, **kwargs)

    async def aget_state_history(self: Any, config: Any, **kwargs: Any) -> AsyncIterator[Any]:
        await _aadmit(admit_read, store, config, None)
        async for snapshot in base.aget_state_history(self, config, **kwargs):
            yield snapshot

    guarded = type(base.__name__, (base,), {
        _GUARDED: store, "__module__": base.__module__, "stream": stream, "astream": astream,
        "get_state": get_state, "aget_state": aget_state, "get_state_history": get_state_history,
        "aget_state_history": aget_state_history,
    })
    graph.__class__ = guarded
    return graph


__all__ = ["admit_read", "admit_run", "guard_threads"]
