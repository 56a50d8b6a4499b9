"""Each user sees and runs only their own threads on a LangGraph server with custom auth.

A thread's saved state holds its user's conversation and memory index (`memory_stable`). LangGraph's server
lets any authenticated user read any thread and start a run on it unless the auth handler says otherwise; the
memory nodes then refuse another user's run (`ThreadOwnerError`), but only after the server has put that
user's message in the thread. `own_threads(auth)` adds the resource handler that stops it at the door: a thread
is stamped with its creator (`metadata["owner"]`) and every read, search, update, delete and run is filtered by
it, so another user's request for the thread answers 404 and nothing reaches it. LangGraph Studio's own user
(the developer, `langgraph dev`) is let through.

Example (your `auth.py`, named in langgraph.json's `"auth"`):
    >>> from langgraph_sdk import Auth
    >>> auth = own_threads(Auth())
    >>> @auth.authenticate
    ... async def authenticate(authorization: str | None) -> dict:
    ...     return {"identity": "ada", "memory_projects": ["shop"]}  # check the token here
"""

from __future__ import annotations

import asyncio
from typing import Any

OWNER_KEY = "owner"
NOT_FOUND = "Thread or assistant not found."


def own_threads(auth: Any, store: Any = None) -> Any:
    """Register `threads` handlers on `auth` (a `langgraph_sdk.Auth`) that keep each thread to its creator;
    returns `auth`. `store`: the memory store whose home records thread owners (default the process's
    `serving.shared_store()`, the one `graph_factory` serves)."""
    from langgraph_sdk import Auth
    from langgraph_sdk.auth import is_studio_user

    from .records import MemoryContext
    from .thread_owner import ThreadOwnerError, check_thread_owner

    def home() -> Any:
        from .serving import shared_store

        return store if store is not None else shared_store()

    async def record(owner: str, thread_id: Any) -> None:
        """The home's owner of the thread (set by its first user, content-free); 404 for anyone else."""
        if not thread_id:
            return
        try:
            await asyncio.to_thread(lambda: check_thread_owner(home(), str(thread_id), MemoryContext(user_id=owner),
                                                                project=False))
        except ThreadOwnerError:
            raise Auth.exceptions.HTTPException(status_code=404, detail=NOT_FOUND) from None

    def stamp(value: Any, owner: str) -> None:
        if isinstance(value, dict):
            if not isinstance(value.get("metadata"), dict):
                value["metadata"] = {}
            value["metadata"][OWNER_KEY] = owner

    @auth.on.threads
    async def _own_threads(ctx: Any, value: Any) -> Any:  # read, search, update, delete: the owner's only
        if is_studio_user(ctx.user):
            return True
        stamp(value, ctx.user.identity)
        return {OWNER_KEY: ctx.user.identity}

    @auth.on.threads.create
    async def _new_thread(ctx: Any, value: Any) -> Any:
        if is_studio_user(ctx.user):
            return True
        stamp(value, ctx.user.identity)
        await record(ctx.user.identity, value.get("thread_id") if isinstance(value, dict) else None)
        return {OWNER_KEY: ctx.user.identity}

    @auth.on.threads.create_run
    async def _run_on_thread(ctx: Any, value: Any) -> Any:
        # a filter here would also hide the graph's own assistants, so the owner is checked in the home
        if is_studio_user(ctx.user):
            return True
        await record(ctx.user.identity, value.get("thread_id") if isinstance(value, dict) else None)
        return True

    return auth
