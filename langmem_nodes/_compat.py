"""The only place that touches LangGraph internals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langgraph._internal._runnable import RunnableCallable


def sync_async_runnable(func: Callable[..., Any], afunc: Callable[..., Any], name: str) -> RunnableCallable:
    """One graph node with a sync and an async body; LangGraph injects `config`/`runtime` into both."""
    return RunnableCallable(func, afunc, name=name, trace=False)
