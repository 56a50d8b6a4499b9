"""One user and one project per thread: the first run of a thread's memory binds it to its user and project,
and a run of another user (`ThreadOwnerError`) or in another project (`ThreadProjectError`) is refused instead
of mixing two conversations.

A thread's messages are the conversation the model and the memory nodes read: another user's run on it would
show that user the first one's turns and let its write read them as context; a run in another project would
hand that project's model the memories injected for the first one ("From memory: «Project uses pnpm»").
Both are recorded once per thread (content-free hashes, in the home's meta table, seen by every process on the
home) and cached here. A thread recorded before projects were bound takes the project of its next run.

Example:
    >>> import tempfile
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> check_thread_owner(store, "t1", MemoryContext(user_id="ann"))
    >>> check_thread_owner(store, "t1", MemoryContext(user_id="bob"))
    Traceback (most recent call last):
    ...
    langmem_nodes.thread_owner.ThreadOwnerError: thread 't1' holds another user's conversation: ...
    >>> check_thread_owner(store, "t1", MemoryContext(user_id="ann", project_id="blog"))
    Traceback (most recent call last):
    ...
    langmem_nodes.thread_owner.ThreadProjectError: thread 't1' holds a conversation of another project: ...
    >>> store.close()
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from .context import ScopeConflictError
from .records import MemoryContext

_KEY = "thread-owner:"
_PROJECT_KEY = "thread-project:"
_CACHE_SIZE = 4096


class ThreadOwnerError(ScopeConflictError):
    """A run names another user than the one whose conversation its thread holds."""


class ThreadProjectError(ScopeConflictError):
    """A run names another project (or org) than the one its thread's conversation was held in."""


def _user_key(ctx: MemoryContext) -> str:
    return hashlib.sha256(ctx.user_id.encode()).hexdigest()[:32]  # the meta table never holds a user id


def _project_key(ctx: MemoryContext) -> str:
    where = f"{ctx.org_id}\x1f{ctx.project_id or ''}"
    return hashlib.sha256(where.encode()).hexdigest()[:32]


def _binding(ctx: MemoryContext) -> str:
    return f"{_user_key(ctx)}/{_project_key(ctx)}"


def _home_key(store: Any) -> str:
    """The home a store's owners are recorded in (two stores on one home share them; `id()` would be reused by
    a store opened after another was closed)."""
    return f"{getattr(store, 'home', '')}|{getattr(store, 'database_url', '') or ''}" if hasattr(store, "home") \
        else f"id:{id(store)}"


class _Owners:
    """(home, thread) → "owner key/project key", for threads this process has already checked (neither changes)."""

    def __init__(self) -> None:
        self._lock, self._seen = threading.Lock(), OrderedDict[tuple[str, str], str]()

    def get(self, store: Any, thread_id: str) -> str | None:
        with self._lock:
            return self._seen.get((_home_key(store), thread_id))

    def put(self, store: Any, thread_id: str, owner: str) -> None:
        with self._lock:
            self._seen[(_home_key(store), thread_id)] = owner
            while len(self._seen) > _CACHE_SIZE:
                self._seen.popitem(last=False)


_OWNERS = _Owners()


def thread_id_of(config: Mapping[str, Any] | None) -> str | None:
    """The run's `thread_id` (`config["configurable"]`), or None outside a checkpointed thread."""
    configurable = (config or {}).get("configurable")
    tid = configurable.get("thread_id") if isinstance(configurable, Mapping) else None
    return str(tid) if tid else None


def owner_known(store: Any, thread_id: str | None, ctx: MemoryContext) -> bool:
    """True when no check is needed or this process already knows `ctx`'s user owns the thread (no I/O)."""
    if store is None or not thread_id or getattr(store, "closed", False) is True:
        return True
    return _OWNERS.get(store, thread_id) == _binding(ctx)


def recorded_owner(store: Any, thread_id: str | None) -> str | None:
    """The content-free key of the user who owns the thread, or None (no thread, no store, not yet owned)."""
    if store is None or not thread_id or getattr(store, "closed", False) is True:
        return None
    return store.meta(_KEY + thread_id)


def owned_by_another(store: Any, thread_id: str | None, ctx: MemoryContext) -> bool:
    """True when the thread is recorded as another user's (reads only: records nothing)."""
    owner = recorded_owner(store, thread_id)
    return owner is not None and owner != _user_key(ctx)


def owner_error(thread_id: str, ctx: MemoryContext) -> ThreadOwnerError:
    return ThreadOwnerError(
        f"thread {thread_id!r} holds another user's conversation: memory keeps one user per thread, so user "
        f"{ctx.user_id!r} cannot run on it (their model would read the other user's turns); start a new thread")


def check_thread_owner(store: Any, thread_id: str | None, ctx: MemoryContext, *, project: bool = True) -> None:
    """Record `ctx`'s user and project as the thread's on its first run; `ThreadOwnerError` when another user
    owns it, `ThreadProjectError` when it was held in another project. `project=False` checks (and records) the
    user only: a thread created behind auth, before any run names its project."""
    if store is None or not thread_id or getattr(store, "closed", False) is True:
        return
    if _OWNERS.get(store, thread_id) == _binding(ctx):
        return
    owner = store.set_meta_once(_KEY + thread_id, _user_key(ctx))
    if owner != _user_key(ctx):
        raise owner_error(thread_id, ctx)
    if not project:
        return
    held_in = store.set_meta_once(_PROJECT_KEY + thread_id, _project_key(ctx))
    if held_in != _project_key(ctx):
        raise ThreadProjectError(
            f"thread {thread_id!r} holds a conversation of another project: memory keeps one project per thread, "
            f"so project {ctx.project_id!r} cannot run on it (its model would read the memories given to the other "
            "project); start a new thread for this project")
    _OWNERS.put(store, thread_id, _binding(ctx))


__all__ = ["ThreadOwnerError", "ThreadProjectError", "check_thread_owner", "owned_by_another", "owner_known",
           "recorded_owner", "thread_id_of"]
