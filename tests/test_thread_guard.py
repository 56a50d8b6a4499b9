"""Another user's run on a served thread streams nothing of it (newcomer24 M1).

Under a LangGraph server without auth, bob's run on ada's thread was refused by the memory nodes, but LangGraph
had already streamed the thread's checkpointed state (the first `values` chunk; `debug`, `checkpoints` and
`tasks` events) with ada's messages and her memory blocks. Served graphs are now guarded: the refusal comes
before the first chunk, in every stream mode, and bob's message never enters ada's thread.
"""

from __future__ import annotations

import asyncio

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from graphs.memory_agent import _served
from langmem_nodes.context import MissingScopeError
from langmem_nodes.serving import (
    UnauthenticatedServingError,
    check_serving_auth,
    close_shared_stores,
    graph_factory,
)
from langmem_nodes.thread_owner import ThreadOwnerError, ThreadProjectError

SAID = {"en": ("Remember that I prefer tabs for indentation.", "tabs"),
        "zh": ("记住：我对花生过敏。", "花生")}
MODES = ["values", "updates", "debug", "messages", "checkpoints", "tasks", "custom"]


@pytest.fixture(autouse=True)
def _fresh_process_state():
    close_shared_stores()
    yield
    close_shared_stores()


def served(tmp_path):
    env = {"LANGMEM_HOME": str(tmp_path), "LANGMEM_EMBEDDER": "hashing"}
    graph = asyncio.run(graph_factory(_served, environ=env)())
    return graph.copy(update={"checkpointer": InMemorySaver()})  # what the server does with the graph it is given


async def collect(app, text, cfg, context, mode):
    got: list = []
    try:
        async for chunk in app.astream({"messages": [("user", text)]}, cfg, context=context, stream_mode=mode):
            got.append(chunk)
    except Exception as exc:  # noqa: BLE001 - the refusal is what is checked
        return got, exc
    return got, None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_another_users_run_streams_nothing_of_the_thread_in_any_mode(tmp_path, lang):
    said, word = SAID[lang]
    app = served(tmp_path)
    cfg = {"configurable": {"thread_id": "t"}}
    out = app.invoke({"messages": [("user", said)]}, cfg, context={"user_id": "ada", "project_id": "shop"})
    assert word in repr(out["messages"]) and out["memory_written"]
    for mode in MODES:
        got, exc = asyncio.run(collect(app, "你好" if lang == "zh" else "hi", cfg, {"user_id": "bob"}, mode))
        assert got == [] and isinstance(exc, ThreadOwnerError), (mode, got, exc)
    got, exc = asyncio.run(collect(app, "hi", cfg, {"user_id": "ada", "project_id": "blog"}, "values"))
    assert got == [] and isinstance(exc, ThreadProjectError)
    got, exc = asyncio.run(collect(app, "hi", cfg, None, "debug"))  # no user at all on an owned thread
    assert got == [] and type(exc) is MissingScopeError
    with pytest.raises(ThreadOwnerError):
        app.invoke({"messages": [("user", "hi")]}, cfg, context={"user_id": "bob"})  # invoke goes through stream
    events = []
    with pytest.raises(ThreadOwnerError):
        asyncio.run(_events(app, cfg, events))
    assert not any(word in repr(e) for e in events)
    state = app.get_state(cfg).values
    assert [m.content for m in state["messages"] if m.type == "human"] == [said]  # bob's messages never got in
    again = app.invoke({"messages": [("user", "ok")]}, cfg, context={"user_id": "ada", "project_id": "shop"})
    assert again["messages"][-1].type == "ai"  # the owner goes on


async def _events(app, cfg, seen):
    async for event in app.astream_events({"messages": [("user", "hi")]}, cfg, context={"user_id": "bob"},
                                          version="v2"):
        seen.append(event)


def test_a_state_read_naming_another_user_is_refused(tmp_path):
    app = served(tmp_path)
    cfg = {"configurable": {"thread_id": "t"}}
    app.invoke({"messages": [("user", SAID["en"][0])]}, cfg, context={"user_id": "ada"})
    as_bob = {"configurable": {"thread_id": "t", "langgraph_auth_user_id": "bob",
                               "langgraph_auth_user": {"identity": "bob"}}}
    with pytest.raises(ThreadOwnerError):
        app.get_state(as_bob)
    with pytest.raises(ThreadOwnerError):
        list(app.get_state_history(as_bob))
    with pytest.raises(ThreadOwnerError):
        asyncio.run(app.aget_state({"configurable": {"thread_id": "t", "user_id": "bob"}}))
    assert asyncio.run(app.aget_state({"configurable": {"thread_id": "t", "user_id": "ada"}})).values["messages"]
    assert app.with_config({"tags": ["x"]}).get_state(cfg).values  # a copy is guarded too; nobody named: read


def test_serving_without_auth_is_refused_outside_langgraph_dev():
    with pytest.raises(UnauthenticatedServingError, match="own_threads"):
        check_serving_auth({}, served=True)
    with pytest.raises(UnauthenticatedServingError):
        check_serving_auth({"LANGGRAPH_AUTH": '{"openapi": {}}'}, served=True)  # docs only: no handler
    check_serving_auth({"LANGGRAPH_AUTH": '{"path": "./auth.py:auth"}'}, served=True)
    check_serving_auth({"LANGMEM_ALLOW_UNAUTHENTICATED": "1"}, served=True)
    check_serving_auth({"LANGSMITH_LANGGRAPH_API_VARIANT": "local_dev"}, served=True)  # a warning
    check_serving_auth({}, served=False)  # not a server: a library call
    with pytest.raises(ValueError, match="LANGMEM_ALLOW_UNAUTHENTICATED"):
        check_serving_auth({"LANGMEM_ALLOW_UNAUTHENTICATED": "maybe"}, served=True)
