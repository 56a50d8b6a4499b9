"""A message sent in a refused run (no user scope, another user's thread) is never stored by a later run on its thread.

Such a run raises `MissingScopeError`, but LangGraph has already added its message to the thread's state, so
the next run on the thread (another user's, or the same user retrying) would read it as one of its own latest
user messages and store it under its own scope. The memory node that refuses the run records the ids of
the message(s) it was given (content-free, in the home's meta table, shared by every process on the home),
and the extractor leaves them out, saying why in `memory_skipped`.

Example:
    >>> import tempfile
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> refuse_unscoped(store, [{"role": "user", "content": "I live in Oslo", "id": "m1"}])
    >>> turns = [{"role": "user", "content": "I live in Oslo", "id": "m1"},
    ...          {"role": "user", "content": "I like tea", "id": "m2"}]
    >>> kept, skipped = without_unscoped(store, turns)
    >>> [t["id"] for t in kept], skipped[0]["action"]
    (['m2'], 'unscoped_run')
    >>> store.close()
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from .context import MissingScopeError, ScopeConflictError, resolve_context
from .messages import message_parts
from .records import MemoryContext, utcnow
from .thread_owner import ThreadOwnerError, ThreadProjectError, check_thread_owner, owner_known, thread_id_of

log = logging.getLogger(__name__)

_KEY = "unscoped-message:"
REASON = "not stored: sent in a run that had no user scope (it may be another user's message); send it again"
#: Why a run was refused, as recorded with its messages; a record without a known kind reads as "scope".
REASONS = {
    "scope": REASON,
    "owner": "not stored: sent in a run refused because this thread belongs to another user (it may be that user's "
             "message)",
    "project": "not stored: sent in a run refused because this thread holds a conversation of another project; send "
               "it again in a thread of this project",
    "conflict": "not stored: sent in a run refused for conflicting scopes (it may be another user's message); send it "
                "again",
}


def _latest_user_ids(messages: Sequence[Any]) -> list[str]:
    """The real message ids (never positional `turn-N` stand-ins) of the trailing run of user messages."""
    ids: list[str] = []
    for message in reversed(messages):
        role, _, mid = message_parts(message)
        if role != "user":
            if ids:
                break
            continue
        if mid and not mid.startswith("turn-"):
            ids.append(mid)
    return ids


def refuse_unscoped(store: Any, messages: Sequence[Any], kind: str = "scope") -> None:
    """Record that the latest user messages of `messages` came in a refused run: `kind` says why (a key of
    `REASONS`: no user scope, another user's thread, conflicting scopes)."""
    if store is None or getattr(store, "closed", False) is True:
        return
    try:
        for mid in _latest_user_ids(messages):
            store.set_meta_once(_KEY + mid, f"{kind} {utcnow().isoformat()}")
    except Exception:  # noqa: BLE001 - the run is refused anyway; the caller sees MissingScopeError
        log.warning("could not record the messages of a run without a user scope", exc_info=True)


def suspects(turns: Sequence[Mapping[str, Any]]) -> list[str]:
    """Ids of the user messages a refused run may have left: those followed by another user message."""
    return [t["id"] for t, after in zip(turns, turns[1:], strict=False)
            if t.get("role") == "user" and after.get("role") == "user" and t.get("id")]


def without_unscoped(store: Any, turns: Sequence[Mapping[str, Any]]) -> tuple[list[Mapping[str, Any]], list[dict[str, str]]]:
    """`turns` without the user messages a run without scope left behind, and one skip per message left out.
    Only a user message followed by another user message can be one (a refused run never got a reply), so a
    normal conversation costs no lookup."""
    if store is None:
        return list(turns), []
    refused = {mid: _kind(rec) for mid in suspects(turns) if (rec := store.meta(_KEY + str(mid))) is not None}
    if not refused:
        return list(turns), []
    kept = [t for t in turns if not (t.get("role") == "user" and t.get("id") in refused)]
    return kept, [{"text": "", "action": "unscoped_run", "reason": REASONS[kind]} for kind in refused.values()]


def _kind(record: str) -> str:
    """The refusal kind of a recorded message; records written before kinds were kept hold only a time."""
    head = str(record).split(" ", 1)[0]
    return head if head in REASONS else "scope"


async def ascope_or_refuse(runtime: Any, config: Mapping[str, Any] | None, state: Mapping[str, Any] | None,
                           store: Any) -> MemoryContext:
    """`scope_or_refuse` for async callers. A scope whose thread owner this process already knows needs no I/O and
    is returned at once; anything else (a first run on a thread, a refusal to record) runs `scope_or_refuse` in a
    worker thread, because a LangGraph server refuses blocking calls on its event loop."""
    try:
        ctx = resolve_context(runtime, config)  # no I/O
    except MissingScopeError:
        pass
    else:
        if owner_known(store, thread_id_of(config), ctx):
            return ctx
    return await asyncio.to_thread(scope_or_refuse, runtime, config, state, store)


def scope_or_refuse(runtime: Any, config: Mapping[str, Any] | None, state: Mapping[str, Any] | None,
                    store: Any) -> MemoryContext:
    """`resolve_context`, then one user per thread (`thread_owner`); when either refuses the run, the state's
    latest user messages are recorded as refused."""
    try:
        ctx = resolve_context(runtime, config)
        check_thread_owner(store, thread_id_of(config), ctx)
        return ctx
    except MissingScopeError as refusal:
        kind = "owner" if isinstance(refusal, ThreadOwnerError) else "project" if isinstance(
            refusal, ThreadProjectError) else ("conflict" if isinstance(refusal, ScopeConflictError) else "scope")
        refuse_unscoped(store, list((state or {}).get("messages") or []), kind)
        raise


__all__ = ["REASON", "REASONS", "ascope_or_refuse", "refuse_unscoped", "scope_or_refuse", "suspects", "without_unscoped"]
