"""The base of every memory node: one sync core, an async twin, scope and clock resolution.

A node subclass implements `run(state, ctx, now) -> partial state`. LangGraph calls `__call__` (sync) or
`ainvoke` (async); both resolve the scope (`runtime.context` or `config["configurable"]`) and the clock
and call the same core. `arun` defaults to running `run` in a worker thread; nodes that await a chat
model override it.

Example:
    >>> from langgraph.graph import StateGraph, START, END
    >>> from langmem_nodes.records import MemoryContext
    >>> class Hello(MemoryNode):
    ...     name = "hello"
    ...     def run(self, state, ctx, now):
    ...         return {"greeting": f"hello {ctx.user_id}"}
    >>> from typing_extensions import TypedDict
    >>> class S(TypedDict, total=False):
    ...     greeting: str
    >>> g = StateGraph(S, context_schema=MemoryContext)
    >>> _ = g.add_node("hello", Hello().as_node()).add_edge(START, "hello").add_edge("hello", END)
    >>> g.compile().invoke({}, context=MemoryContext(user_id="ada"))
    {'greeting': 'hello ada'}
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from langchain_core.runnables import RunnableConfig

from ._compat import sync_async_runnable
from .context import Clock, now_from
from .records import MemoryContext


class MemoryNode:
    """Base class. Settings are keyword-only in subclasses; `name` is the default node name."""

    name: str = "memory_node"

    def __init__(self, *, clock: Clock | None = None, name: str | None = None) -> None:
        self.clock = clock
        if name is not None:
            self.name = name

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        raise NotImplementedError

    async def arun(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        return await asyncio.to_thread(self.run, state, ctx, now)

    def __call__(self, state: dict[str, Any], config: RunnableConfig, runtime: Any = None) -> dict[str, Any]:
        return self.run(state, self.scope(state, config, runtime), now_from(self.clock))

    async def ainvoke(self, state: dict[str, Any], config: RunnableConfig, runtime: Any = None) -> dict[str, Any]:
        return await self.arun(state, await self.ascope(state, config, runtime), now_from(self.clock))

    def scope(self, state: dict[str, Any], config: RunnableConfig | None, runtime: Any = None) -> MemoryContext:
        """The run's scope; a run without one is refused (`MissingScopeError`) and its latest user messages
        are recorded in the node's store so that no later run on the thread stores them (`refused`)."""
        from .refused import scope_or_refuse

        return scope_or_refuse(runtime, config, state, getattr(self, "store", None))

    async def ascope(self, state: dict[str, Any], config: RunnableConfig | None, runtime: Any = None) -> MemoryContext:
        """`scope` with the home's I/O off the event loop."""
        from .refused import ascope_or_refuse

        return await ascope_or_refuse(runtime, config, state, getattr(self, "store", None))

    def as_node(self) -> Any:
        """A runnable with both bodies, for `builder.add_node(node.name, node.as_node())`."""
        return sync_async_runnable(self.__call__, self.ainvoke, self.name)


def run_in_order(nodes: Sequence[MemoryNode], state: Mapping[str, Any], ctx: MemoryContext,
                 now: datetime | None = None) -> dict[str, Any]:
    """Run node cores one after another outside the graph runtime (fused stages, batch writes): each node
    gets `now` (default its own clock's "now") and sees the updates of the nodes before it; returns all updates
    merged."""
    view, out = dict(state), {}
    for node in nodes:
        update = node.run(view, ctx, now or now_from(node.clock))
        view.update(update)
        out.update(update)
    return out


def accepts_positional(fn: Callable[..., Any], n: int) -> bool:
    """Whether `fn` can be called with `n` positional arguments (False when its signature says otherwise;
    True when it has none to inspect, e.g. some builtins)."""
    try:
        inspect.signature(fn).bind(*range(n))
    except TypeError:
        return False
    except ValueError:
        return True
    return True


async def arun_in_order(nodes: Sequence[MemoryNode], state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
    """`run_in_order` with each node's async body (`arun`: nodes that await a chat model do so here)."""
    view, out = dict(state), {}
    for node in nodes:
        update = await node.arun(view, ctx, now_from(node.clock))
        view.update(update)
        out.update(update)
    return out
