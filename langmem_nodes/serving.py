"""Serving graphs from a long-lived process (`langgraph dev`, LangGraph's server): one store per process.

LangGraph's server calls a graph factory on every request (runs, streams, schema and state reads) from inside
its event loop, where a blocking call (opening SQLite, `os.mkdir`) is refused. `graph_factory(build)` turns
`build(store, settings) -> graph` into an async factory for `langgraph.json` that opens the process's store
once, in a worker thread, on its first call, builds and compiles the graph once there, and hands every later
request the same compiled graph; the store is closed when the server shuts down (`lifespan`, wired in by
`langgraph.json`'s `http.app`: graphs/app.py) or the process exits.

Settings come from the environment (`ServeSettings.from_env`):
    LANGMEM_HOME        the memory home (default ./.langmem)
    LANGMEM_EMBEDDER    minilm | minilm-int8 | e5 | hashing (default: the one the home was made with)
    LANGMEM_CHROMA_URL  a Chroma server instead of the embedded one
    LANGMEM_DATABASE_URL  a postgresql:// URL: the canonical store shared by every replica (also read:
                        DATABASE_URI, POSTGRES_URI, which LangGraph deployments set); default the home's SQLite
    LANGMEM_WARM        1 to build every partition's in-process indexes when the store opens (default 0)
    LANGMEM_MODEL       an `init_chat_model` string for graphs that call a model (graphs/memory_agent.py)
    LANGMEM_ALLOW_UNAUTHENTICATED  1 to serve without custom auth outside `langgraph dev` (one trusted user)

Served by LangGraph's server without custom auth (langgraph.json `"auth"`), any caller can read every
thread's state through the server's own thread API and name any `user_id`: `graph_factory` refuses to build
then (`UnauthenticatedServingError`, naming the fix), except under `langgraph dev` (a warning) or with
`LANGMEM_ALLOW_UNAUTHENTICATED=1`. Every served graph is `thread_guard.guard_threads`-ed: a run on another
user's thread is refused before anything of that thread is streamed.

Example:
    >>> import asyncio, tempfile
    >>> from langmem_nodes import create_read_graph
    >>> env = {"LANGMEM_HOME": tempfile.mkdtemp(), "LANGMEM_EMBEDDER": "hashing"}
    >>> make_graph = graph_factory(lambda store, settings: create_read_graph(store), environ=env)
    >>> first, again = asyncio.run(make_graph()), asyncio.run(make_graph())
    >>> first is again, shared_store(ServeSettings.from_env(env)) is shared_store(ServeSettings.from_env(env))
    (True, True)
    >>> close_shared_stores()
"""

from __future__ import annotations

import asyncio
import atexit
import json
import logging
import os
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from langgraph.graph import StateGraph

from .embeddings import KNOWN_EMBEDDERS
from .store import MemoryStore, resolve_database_url
from .thread_guard import guard_threads

__all__ = ["ServeSettings", "UnauthenticatedServingError", "check_serving_auth", "close_shared_stores",
           "graph_factory", "lifespan", "shared_store"]

log = logging.getLogger(__name__)

_FLAGS = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False, "": False}


@dataclass(frozen=True)
class ServeSettings:
    """What a served graph opens, read from the environment (see the module docstring)."""

    home: str = "./.langmem"
    embedder: str | None = None
    chroma_url: str | None = None
    warm: bool = False
    model: str | None = None
    database_url: str | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ServeSettings:
        """Read `LANGMEM_*`; raises ValueError naming the variable for a value it cannot use."""
        env = os.environ if environ is None else environ
        embedder = env.get("LANGMEM_EMBEDDER", "").strip() or None
        if embedder is not None and embedder not in KNOWN_EMBEDDERS:
            raise ValueError(f"LANGMEM_EMBEDDER must be one of {', '.join(KNOWN_EMBEDDERS)}, got {embedder!r}")
        warm = env.get("LANGMEM_WARM", "").strip().lower()
        if warm not in _FLAGS:
            raise ValueError(f"LANGMEM_WARM must be 1 or 0 (true/false), got {warm!r}")
        return cls(
            home=env.get("LANGMEM_HOME", "").strip() or "./.langmem",
            embedder=embedder,
            chroma_url=env.get("LANGMEM_CHROMA_URL", "").strip() or None,
            database_url=_database_url(env),
            warm=_FLAGS[warm],
            model=env.get("LANGMEM_MODEL", "").strip() or None,
        )


def _database_url(env: Mapping[str, str]) -> str | None:
    try:
        return resolve_database_url(None, environ=env)
    except ValueError as exc:
        raise ValueError(f"LANGMEM_DATABASE_URL / DATABASE_URI / POSTGRES_URI: {exc}") from None


class UnauthenticatedServingError(RuntimeError):
    """A LangGraph server (not `langgraph dev`) would serve memory graphs without custom auth."""


_UNAUTHENTICATED = (
    "this LangGraph server has no custom auth (langgraph.json \"auth\"): any caller can read every thread's "
    "state, which holds its user's conversation and memory blocks, through the server's thread API (GET "
    "/threads/{id}, /threads/search, /threads/{id}/state), and can run as any user_id. Add an auth handler "
    "wrapped with own_threads (`from langmem_nodes.thread_auth import own_threads`; `auth = own_threads(Auth())`, "
    "langgraph.json \"auth\": {\"path\": \"./auth.py:auth\"}; docs/integration.md, Serving), or set "
    "LANGMEM_ALLOW_UNAUTHENTICATED=1 if one trusted user is the only caller")
_warned: set[str] = set()


def _custom_auth(env: Mapping[str, str]) -> bool:
    """Whether the server loads an auth handler (`LANGGRAPH_AUTH`, langgraph.json's "auth", names its path)."""
    try:
        auth = json.loads(env.get("LANGGRAPH_AUTH") or "null")
    except ValueError:
        return False
    return isinstance(auth, dict) and bool(auth.get("path"))


def check_serving_auth(environ: Mapping[str, str] | None = None, *, served: bool | None = None) -> None:
    """Refuse (`UnauthenticatedServingError`) to serve memory from a LangGraph server without custom auth; under
    `langgraph dev` (a developer's own machine) log a warning instead. `served`: whether a LangGraph server runs
    this process (default: its API package is loaded)."""
    env = os.environ if environ is None else environ
    served = "langgraph_api" in sys.modules if served is None else served
    allowed = env.get("LANGMEM_ALLOW_UNAUTHENTICATED", "").strip().lower()
    if allowed not in _FLAGS:
        raise ValueError(f"LANGMEM_ALLOW_UNAUTHENTICATED must be 1 or 0 (true/false), got {allowed!r}")
    if not served or _FLAGS[allowed] or _custom_auth(env):
        return
    if env.get("LANGSMITH_LANGGRAPH_API_VARIANT") == "local_dev":
        if "dev" not in _warned:
            _warned.add("dev")
            log.warning("langgraph dev: %s", _UNAUTHENTICATED)
        return
    raise UnauthenticatedServingError(_UNAUTHENTICATED)


_lock = threading.Lock()
_stores: dict[tuple[str, str | None, str | None, str | None], MemoryStore] = {}
_graphs: dict[tuple[int, ServeSettings], Any] = {}


def shared_store(settings: ServeSettings | None = None) -> MemoryStore:
    """The process's store for `settings` (default: from the environment), opened on first use and closed at
    exit. Blocking: from async code call it through `asyncio.to_thread` (as `graph_factory` does)."""
    settings = settings or ServeSettings.from_env()
    key = (settings.home, settings.embedder, settings.chroma_url, settings.database_url)
    with _lock:
        store = _stores.get(key)
        if store is None:
            store = MemoryStore(settings.home, embedder=settings.embedder, chroma_url=settings.chroma_url,
                                database_url=settings.database_url)
            if settings.warm:
                store.warm()
            if not _stores:
                atexit.register(close_shared_stores)
            _stores[key] = store
        return store


def close_shared_stores() -> None:
    """Close every store `shared_store` opened. Registered to run at interpreter exit; a server stopped by a
    signal may never get there (uvicorn re-raises SIGTERM after its shutdown), so the server's lifespan calls
    it too (`lifespan`, used by graphs/app.py)."""
    with _lock:
        stores = list(_stores.values())
        _stores.clear()
        _graphs.clear()
    for store in stores:
        store.close()


@asynccontextmanager
async def lifespan(app: Any) -> AsyncIterator[None]:
    """An ASGI lifespan that closes the shared stores when the server shuts down (off the event loop)."""
    yield
    await asyncio.to_thread(close_shared_stores)


def graph_factory(
    build: Callable[[MemoryStore, ServeSettings], Any], *, environ: Mapping[str, str] | None = None,
) -> Callable[[], Awaitable[Any]]:
    """An async graph factory for `langgraph.json` (`"./graphs/read.py:make_graph"`).

    `build(store, settings)` returns a `StateGraph` (compiled here) or a compiled graph. It runs once per
    process and settings, in a worker thread, with `shared_store(settings)`; every call of the factory
    returns that same compiled graph, so no request opens a store or blocks the server's event loop.
    `environ` replaces `os.environ` (tests).
    """

    def built(settings: ServeSettings) -> Any:
        key = (id(build), settings)
        with _lock:
            if key in _graphs:
                return _graphs[key]
        store = shared_store(settings)
        graph = build(store, settings)
        graph = guard_threads(graph.compile() if isinstance(graph, StateGraph) else graph, store)
        with _lock:
            return _graphs.setdefault(key, graph)

    async def make_graph() -> Any:
        check_serving_auth(environ)
        settings = ServeSettings.from_env(environ)
        graph = _graphs.get((id(build), settings))
        return graph if graph is not None else await asyncio.to_thread(built, settings)

    return make_graph
