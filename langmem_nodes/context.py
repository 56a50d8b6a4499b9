"""Where a node finds who is asking and what time it is.

Scope comes from `runtime.context` (a graph built with `context_schema=MemoryContext`, or any object or
dict with the same fields) and, for older graphs, from `config["configurable"]`; `incognito=True` in either
place wins. On a LangGraph server with custom auth, the authenticated user (`configurable["langgraph_auth_user_id"]`,
set by the server, never by the client) is the user: it fills a missing `user_id`, and a client-sent `user_id`
naming someone else is a `ScopeConflictError`; the handler's `memory_orgs` (default: the default org) and
`memory_projects` bound the org and project a client may name. Nothing else: a node that cannot find a `user_id` raises
`MissingScopeError` instead of reading or writing an unscoped memory.

Example:
    >>> resolve_context(None, {"configurable": {"user_id": "alice", "project_id": "shop"}}).visible_partitions()
    ['org/default', 'project/default/shop', 'user/default/alice']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from typing_extensions import TypedDict

from .records import MemoryContext, as_utc, utcnow

Clock = Callable[[], datetime]
_FIELDS = ("user_id", "project_id", "org_id", "session_id", "incognito")


class RunContext(TypedDict, total=False):
    """A graph's `context_schema` for LangGraph's server: `MemoryContext`'s fields, every one optional, so a run
    behind custom auth may leave `user_id` out and get the authenticated user (`authenticated_user`). A run
    with neither is still a `MissingScopeError`.

    >>> from langgraph.graph import StateGraph
    >>> from langmem_nodes import MemoryState
    >>> builder = StateGraph(MemoryState, context_schema=RunContext)
    """

    user_id: str
    project_id: str
    org_id: str
    session_id: str
    incognito: bool


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


@contextmanager
def store_in_use(store: object, turn: Hashable | None = None) -> Iterator[None]:
    """`check_open`, then keep `store` open while the block runs: `MemoryStore.close()` waits for the memory
    nodes running now, and lets the write of an open `turn` in (a store without `in_use` is only checked)."""
    in_use = getattr(store, "in_use", None)
    if in_use is None:
        check_open(store)
        yield
        return
    with in_use(turn):
        yield


def _fields_of(obj: Any) -> dict[str, Any]:
    """The scope fields `obj` gives; None and "" are not given (LangGraph's server puts user_id="" in an
    unauthenticated run's configurable)."""
    if obj is None:
        return {}
    if isinstance(obj, MemoryContext):
        return obj.model_dump()
    if isinstance(obj, Mapping):
        return {k: obj[k] for k in _FIELDS if obj.get(k) is not None and obj.get(k) != ""}
    return {k: v for k in _FIELDS if (v := getattr(obj, k, None)) is not None and v != ""}


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


def authenticated_user(configurable: Any) -> str | None:
    """The end user a LangGraph server's custom auth handler authenticated for this run, or None (no auth, an
    unauthenticated request, or LangGraph Studio's own user, which is the developer, not an end user).

    >>> authenticated_user({"langgraph_auth_user": {"identity": "ann"}, "langgraph_auth_user_id": "ann"})
    'ann'
    >>> authenticated_user({"langgraph_auth_user": None, "langgraph_auth_user_id": ""}) is None
    True
    """
    if not isinstance(configurable, Mapping):
        return None
    user, user_id = configurable.get("langgraph_auth_user"), configurable.get("langgraph_auth_user_id")
    if user is None or not user_id or not isinstance(user_id, str):
        return None
    kind = user.get("kind") if isinstance(user, Mapping) else getattr(user, "kind", None)
    if type(user).__name__ == "StudioUser" or kind == "StudioUser":
        return None
    return user_id


def _authenticated_scope(given: Any, configurable: Any) -> str | None:
    """The authenticated user, checked against every `user_id` the client sent (`ScopeConflictError` if one differs)."""
    auth_user = authenticated_user(configurable)
    if auth_user is None:
        return None
    for where, fields in (("context", _fields_of(given)), ("configurable", _fields_of(configurable))):
        sent = fields.get("user_id")
        if sent is not None and str(sent) != auth_user:
            raise ScopeConflictError(
                f"this run is authenticated as user {auth_user!r} (LangGraph custom auth) but its {where} names "
                f"user_id={sent!r}: memory belongs to the authenticated user; leave user_id out of the run's "
                "context (or make your auth handler's identity the memory user id)")
    return auth_user


def allowed_projects(configurable: Any) -> frozenset[str] | None:
    """The projects a LangGraph server's custom auth handler lets this run's user into: its user's
    `memory_projects` (a list of project ids, or one id), or None when the handler sets none (every project).

    >>> sorted(allowed_projects({"langgraph_auth_user": {"identity": "ann", "memory_projects": ["shop", "blog"]},
    ...                          "langgraph_auth_user_id": "ann"}))
    ['blog', 'shop']
    """
    if authenticated_user(configurable) is None:
        return None
    user = configurable["langgraph_auth_user"]
    got = user.get("memory_projects") if hasattr(user, "get") else getattr(user, "memory_projects", None)
    if got is None:
        return None
    return frozenset([got] if isinstance(got, str) else (str(p) for p in got))


def allowed_orgs(configurable: Any) -> frozenset[str] | None:
    """The orgs a LangGraph server's custom auth handler lets this run's user into: its user's `memory_orgs`
    (a list of org ids, or one id; `memory_org` is the same), or only the default org when the handler names
    none. None when the run is not authenticated. A user id means someone else in another org, so the client
    never picks the org behind auth.

    >>> sorted(allowed_orgs({"langgraph_auth_user": {"identity": "ann"}, "langgraph_auth_user_id": "ann"}))
    ['default']
    >>> sorted(allowed_orgs({"langgraph_auth_user": {"identity": "ann", "memory_org": "acme"},
    ...                      "langgraph_auth_user_id": "ann"}))
    ['acme']
    """
    if authenticated_user(configurable) is None:
        return None
    user = configurable["langgraph_auth_user"]
    for key in ("memory_orgs", "memory_org"):
        got = user.get(key) if hasattr(user, "get") else getattr(user, key, None)
        if got is not None:
            return frozenset([got] if isinstance(got, str) else (str(o) for o in got))
    return frozenset([MemoryContext.model_fields["org_id"].default])


def _pinned_org(fields: dict[str, Any], configurable: Any) -> dict[str, Any]:
    """`fields` with the auth handler's one org filled in when the client named none."""
    orgs = allowed_orgs(configurable)
    if "org_id" in fields or orgs is None or len(orgs) != 1:
        return fields
    return {**fields, "org_id": next(iter(orgs))}


def _check_auth_scope(ctx: MemoryContext, configurable: Any) -> MemoryContext:
    """`ScopeConflictError` when an authenticated run names an org or project its auth handler does not allow."""
    orgs = allowed_orgs(configurable)
    if orgs is not None and ctx.org_id not in orgs:
        raise ScopeConflictError(
            f"this run is authenticated as user {ctx.user_id!r}, whose auth handler allows the orgs {sorted(orgs)} "
            f"(memory_orgs; the default org when it names none), but it names org_id={ctx.org_id!r}")
    allowed = allowed_projects(configurable)
    if allowed is not None and ctx.project_id is not None and ctx.project_id not in allowed:
        raise ScopeConflictError(
            f"this run is authenticated as user {ctx.user_id!r}, whose auth handler allows the projects "
            f"{sorted(allowed)} (memory_projects), but it names project_id={ctx.project_id!r}")
    return ctx


def resolve_context(runtime: Any = None, config: Mapping[str, Any] | None = None) -> MemoryContext:
    """Build the MemoryContext from `runtime.context`, falling back to `config["configurable"]`; raises
    `ScopeConflictError` when both name a user, project or org and they differ, when a LangGraph server
    authenticated another user than the one named (`authenticated_user`), or an org or project its auth
    handler does not let that user into (`allowed_orgs`, `allowed_projects`)."""
    given = getattr(runtime, "context", None)
    configurable = (config or {}).get("configurable")
    _check_agreement(given, configurable)
    auth_user = _authenticated_scope(given, configurable)
    if isinstance(given, MemoryContext):  # the common case, once per node per turn: no re-validation
        if given.incognito or not (isinstance(configurable, Mapping) and configurable.get("incognito")):
            if configurable is None or isinstance(configurable, Mapping):
                return _check_auth_scope(given, configurable)  # frozen, so sharing it is safe
    fields = _fields_of(given)
    if "user_id" not in fields and config:
        fields = {**_fields_of(configurable), **fields}
    if "user_id" not in fields and auth_user is not None:
        fields = {**fields, "user_id": auth_user}
    fields = _pinned_org(fields, configurable)
    if not fields.get("incognito") and _fields_of(configurable).get("incognito"):
        fields = {**fields, "incognito": True}  # either source may turn writes off; neither may turn them back on
    if "user_id" not in fields:
        if isinstance(given, str | bytes | int | float | list | tuple):  # context="ada": say what is wrong with it
            raise MissingScopeError(f"context must be a MemoryContext or a dict with user_id, got "
                                    f"{type(given).__name__}: {NO_SCOPE}")
        raise MissingScopeError(NO_SCOPE)
    return _check_auth_scope(MemoryContext(**fields), configurable)


def now_from(clock: Clock | None) -> datetime:
    """"Now" in UTC from `clock` (default the wall clock). A naive datetime is local time, as Python reads it
    (`clock=datetime.now` on a UTC+8 machine stamped memories 8 hours ahead, and a real-time correction then
    lost to the "newer" value)."""
    if clock is None:
        return utcnow()
    now = clock()
    return now.astimezone(UTC) if isinstance(now, datetime) and now.tzinfo is None else as_utc(now)
