"""A run refused for want of a user scope leaves its message in the thread (LangGraph adds the input before any
node runs); the next run on that thread, maybe another user's, must not store it as its own. Every way of
wiring memory is checked: `add_memory`'s graph, `MemoryMiddleware` (create_agent), `memory_hooks`
(create_react_agent), sync and async, English and Chinese. Before the fix bob's home held "Oslo" / "上海"."""

from __future__ import annotations

import asyncio

import pytest
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.prebuilt import create_react_agent

from graphs.memory_agent import create_memory_agent
from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.context import MissingScopeError
from langmem_nodes.hooks import memory_hooks
from langmem_nodes.middleware import MemoryMiddleware
from langmem_nodes.refused import REASON, REASONS, without_unscoped
from langmem_nodes.testing import MemoryEchoChatModel

pytestmark = pytest.mark.filterwarnings(
    "ignore:create_react_agent has been moved:langgraph.warnings.LangGraphDeprecatedSinceV10")

SAID = {"en": ("I live in Oslo and I'm allergic to shrimp.", "I prefer green tea.", ("Oslo", "shrimp"), "green tea"),
        "zh": ("我住在上海，我对虾过敏。", "我喜欢喝绿茶。", ("上海", "虾"), "绿茶")}


def _graph(store, saver):
    return create_memory_agent(store).compile(checkpointer=saver)


def _middleware(store, saver):
    return create_agent(MemoryEchoChatModel(), [], middleware=[MemoryMiddleware(store)], context_schema=MemoryContext,
                        checkpointer=saver)


def _hooks(store, saver):
    return create_react_agent(MemoryEchoChatModel(), [], **memory_hooks(store), context_schema=MemoryContext,
                              checkpointer=saver)


BUILDERS = [_graph, _middleware, _hooks]


@pytest.fixture
def store(tmp_path):
    s = MemoryStore(tmp_path, embedder="hashing")
    yield s
    s.close()


def _objects(store) -> list[str]:
    return [r.object for r in store.find(None)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_message_of_a_refused_run_is_not_stored_by_the_next_user(store, build, lang):
    first, second, leaked, kept = SAID[lang]
    app, cfg = build(store, InMemorySaver()), {"configurable": {"thread_id": "t1"}}
    with pytest.raises(MissingScopeError):
        app.invoke({"messages": [HumanMessage(first)]}, cfg)
    out = app.invoke({"messages": [HumanMessage(second)]}, cfg, context=MemoryContext(user_id="bob"))
    stored = _objects(store)
    assert not [o for o in stored for word in leaked if word in o], stored
    assert any(kept in o for o in stored), stored
    assert REASON in [s["reason"] for s in out["memory_skipped"]]
    assert first not in str(out["memory_skipped"])  # the skip says why, never what


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_async_run_after_a_refused_run(store, lang):
    first, second, leaked, kept = SAID[lang]
    app, cfg = _graph(store, InMemorySaver()), {"configurable": {"thread_id": "t2"}}

    async def go():
        with pytest.raises(MissingScopeError):
            await app.ainvoke({"messages": [HumanMessage(first)]}, cfg)
        return await app.ainvoke({"messages": [HumanMessage(second)]}, cfg, context=MemoryContext(user_id="bob"))

    asyncio.run(go())
    stored = _objects(store)
    assert not [o for o in stored for word in leaked if word in o] and any(kept in o for o in stored), stored


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_messages_of_one_run_are_both_stored(store, lang):
    """Only messages of a refused run are left out: a user sending two messages in one run is read whole."""
    first, second, leaked, kept = SAID[lang]
    app = _graph(store, InMemorySaver())
    app.invoke({"messages": [HumanMessage(first), HumanMessage(second)]}, {"configurable": {"thread_id": "t3"}},
               context=MemoryContext(user_id="bob"))
    stored = _objects(store)
    assert all(any(word in o for o in stored) for word in (*leaked, kept)), stored


def test_refusal_is_seen_by_another_process_on_the_home(tmp_path):
    """The refusal lives in the home, not in the process: a second store on the same home (another worker of
    the app) leaves the message out too."""
    first, second, leaked, _ = SAID["en"]
    saver = InMemorySaver()
    with MemoryStore(tmp_path, embedder="hashing") as a:
        with pytest.raises(MissingScopeError):
            _graph(a, saver).invoke({"messages": [HumanMessage(first)]}, {"configurable": {"thread_id": "t4"}})
    with MemoryStore(tmp_path, embedder="hashing") as b:
        _graph(b, saver).invoke({"messages": [HumanMessage(second)]}, {"configurable": {"thread_id": "t4"}},
                                context=MemoryContext(user_id="bob"))
        stored = _objects(b)
    assert not [o for o in stored for word in leaked if word in o], stored


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_skip_reason_names_another_users_thread(store, lang):
    """newcomer18 L2: bob's message on ada's thread was refused for the thread's owner, yet ada's next turn said
    it came "in a run that had no user scope"; the skip now names the refusal that happened."""
    first, second, leaked, kept = SAID[lang]
    app, cfg = _graph(store, InMemorySaver()), {"configurable": {"thread_id": "t5"}}
    app.invoke({"messages": [HumanMessage(second)]}, cfg, context=MemoryContext(user_id="ada"))
    with pytest.raises(MissingScopeError):
        app.invoke({"messages": [HumanMessage(first)]}, cfg, context=MemoryContext(user_id="bob"))
    out = app.invoke({"messages": [HumanMessage("ok")]}, cfg, context=MemoryContext(user_id="ada"))
    reasons = [s["reason"] for s in out["memory_skipped"] if s["reason"].startswith("not stored: sent in a run")]
    assert reasons == [REASONS["owner"]], out["memory_skipped"]
    assert not [o for o in _objects(store) for word in leaked if word in o]


def test_a_refusal_recorded_before_kinds_reads_as_no_scope(store):
    """Homes written before the kind was kept hold only a time: their skips keep the old reason."""
    store.set_meta_once("unscoped-message:m1", "2026-12-01T00:00:00+00:00")
    turns = [{"role": "user", "content": "x", "id": "m1"}, {"role": "user", "content": "y", "id": "m2"}]
    assert [s["reason"] for s in without_unscoped(store, turns)[1]] == [REASON]
