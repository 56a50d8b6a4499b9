"""Where a node finds who is asking and what time it is.

Scope comes from `runtime.context` (a graph built with `context_schema=MemoryContext`, or any object or
dict with the same fields) and, for older graphs, from `config["configurable"]`; `incognito=True` in either
place wins. Nothing else: a node that cannot find a `user_id` raises `MissingScopeError` instead of reading or writing an unscoped memory.

Example:
    >>> resolve_context(None, {"configurable": {"user_id": "alice", "project_id": "shop"}}).visible_partitions()
    ['org/default', 'project/default/shop', 'user/default/alice']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from .records import MemoryContext, as_utc, utcnow

Clock = Callable[[], datetime]
_FIELDS = ("user_id", "project_id", "org_id", "session_id", "incognito")


NO_SCOPE = ("no memory scope: pass context=MemoryContext(user_id=...) (graph built with "
            "context_schema=MemoryContext) or config={'configurable': {'user_id': ...}}")


class MemoryUsageError(ValueError):
    """The caller used memory wrongly (no scope, a closed store): raised, never degraded into a turn without memory."""


class MissingScopeError(MemoryUsageError):
    """No user scope was given: memory cannot be read or written without one."""


class StoreClosedError(MemoryUsageError):
    """The graph's `MemoryStore` was closed before the turn: open a new one (or close it after the graph's last use)."""


def check_open(store: object) -> None:
    """`StoreClosedError` when `store` says it is closed."""
    if getattr(store, "closed", False) is True:
        raise StoreClosedError("this MemoryStore was closed (MemoryStore.close() was called): memory cannot be read or "
                               "written; open a new MemoryStore, or close it only after the graph's last use")


def _fields_of(obj: Any) -> dict[str, Any]:
    if obj is None:
        return {}
    if isinstance(obj, MemoryContext):
        return obj.model_dump()
    if isinstance(obj, Mapping):
        return {k: obj[k] for k in _FIELDS if obj.get(k) is not None}
    return {k: getattr(obj, k) for k in _FIELDS if getattr(obj, k, None) is not None}


class ScopeConflictError(MissingScopeError):
    """`runtime.context` and `config["configurable"]` name different scopes: neither is trusted over the other."""


_SCOPE_KEYS = ("user_id", "project_id", "org_id")


def _check_agreement(given: Any, configurable: Any) -> None:
    """A deployment that pins a scope in `configurable` (an assistant's config, auth) must not be overridden by
    another value a client sends as `context`, nor the reverse: both given and different is an error."""
    if not isinstance(configurable, Mapping) or given is None:
        return
    ctx = _fields_of(given)
    for key in _SCOPE_KEYS:
        a, b = ctx.get(key), configurable.get(key)
        if a is not None and b is not None and str(a) != str(b):
            raise ScopeConflictError(f"conflicting memory scope: context {key}={a!r} but configurable {key}={b!r}; "
                                     "pass the scope in one place")


def resolve_context(runtime: Any = None, config: Mapping[str, Any] | None = None) -> MemoryContext:
    """Build the MemoryContext from `runtime.context`, falling back to `config["configurable"]`; raises
    `ScopeConflictError` when both name a user, project or org and they differ."""
    given = getattr(runtime, "context", None)
    _check_agreement(given, (config or {}).get("configurable"))
    if isinstance(given, MemoryContext):  # the common case, once per node per turn: no re-validation
        configurable = (config or {}).get("configurable")
        if given.incognito or not (isinstance(configurable, Mapping) and configurable.get("incognito")):
            if configurable is None or isinstance(configurable, Mapping):
                return given  # frozen, so sharing it is safe
    fields = _fields_of(given)
    if "user_id" not in fields and config:
        fields = {**_fields_of((config or {}).get("configurable")), **fields}
    if not fields.get("incognito") and _fields_of((config or {}).get("configurable")).get("incognito"):
        fields = {**fields, "incognito": True}  # either source may turn writes off; neither may turn them back on
    if "user_id" not in fields:
        raise MissingScopeError(NO_SCOPE)
    return MemoryContext(**fields)


def now_from(clock: Clock | None) -> datetime:
    return as_utc(clock()) if clock is not None else utcnow()
