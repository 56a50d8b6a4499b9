"""One user per thread: the first user a thread's memory runs for owns it, and a run of another user on it
is refused (`ThreadOwnerError`) instead of mixing two people's conversations.

A thread's messages are the conversation the model and the memory nodes read: another user's run on it would
show that user the first one's turns and let its write read them as context. The owner is recorded once per
thread (content-free, in the home's meta table, seen by every process on the home) and cached here.

Example:
    >>> import tempfile
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> check_thread_owner(store, "t1", MemoryContext(user_id="ann"))
    >>> check_thread_owner(store, "t1", MemoryContext(user_id="bob"))
    Traceback (most recent call last):
    ...
    langmem_nodes.thread_owner.ThreadOwnerError: thread 't1' holds another user's conversation: ...
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
_CACHE_SIZE = 4096


class ThreadOwnerError(ScopeConflictError):
    """A run names another user than the one whose conversation its thread holds."""


def _user_key(ctx: MemoryContext) -> str:
    return hashlib.sha256(ctx.user_id.encode()).hexdigest()[:32]  # the meta table never holds a user id


def _home_key(store: Any) -> str:
    """The home a store's owners are recorded in (two stores on one home share them; `id()` would be reused by
    a store opened after another was closed)."""
    return f"{getattr(store, 'home', '')}|{getattr(store, 'database_url', '') or ''}" if hasattr(store, "home") \
        else f"id:{id(store)}"


class _Owners:
    """(home, thread) → owner key, for threads this process has already checked (an owner never changes)."""

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
    return _OWNERS.get(store, thread_id) == _user_key(ctx)


def check_thread_owner(store: Any, thread_id: str | None, ctx: MemoryContext) -> None:
    """Record `ctx`'s user as the thread's owner on its first run; `ThreadOwnerError` when another owns it."""
    if store is None or not thread_id or getattr(store, "closed", False) is True:
        return
    mine = _user_key(ctx)
    owner = _OWNERS.get(store, thread_id)
    if owner is None:
        owner = store.set_meta_once(_KEY + thread_id, mine)
        _OWNERS.put(store, thread_id, owner)
    if owner != mine:
        raise ThreadOwnerError(
            f"thread {thread_id!r} holds another user's conversation: memory keeps one user per thread, so user "
            f"{ctx.user_id!r} cannot run on it (their model would read the other user's turns); start a new thread")


__all__ = ["ThreadOwnerError", "check_thread_owner", "owner_known", "thread_id_of"]
