"""One user per thread (newcomer13 M6): bob's run on alice's thread read alice's turns ("My secret project is
codenamed Bluebird") and its write could take them as context. The first user owns the thread; another user's
run on it is refused, its message is never stored for the owner, and other threads are untouched."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from graphs.memory_agent import create_memory_agent
from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.thread_owner import ThreadOwnerError

SAID = {"en": ("I live in Oslo.", "I'm allergic to shrimp.", "shrimp"),
        "zh": ("我住在奥斯陆。", "我对虾过敏。", "虾")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_another_user_on_a_thread_is_refused(tmp_path, lang):
    mine, theirs, their_word = SAID[lang]
    with MemoryStore(tmp_path, embedder="hashing") as store:
        app, cfg = create_memory_agent(store).compile(checkpointer=InMemorySaver()), {"configurable": {"thread_id": "t"}}
        app.invoke({"messages": [HumanMessage(mine)]}, cfg, context=MemoryContext(user_id="alice"))
        with pytest.raises(ThreadOwnerError, match="another user's conversation"):
            app.invoke({"messages": [HumanMessage(theirs)]}, cfg, context=MemoryContext(user_id="bob"))
        assert all(r.scope.user_id == "alice" for r in store.find(None))
        app.invoke({"messages": [HumanMessage("ok")]}, cfg, context=MemoryContext(user_id="alice"))  # the owner goes on
        assert not [r for r in store.find(None) if their_word in r.object]  # bob's refused message is not alice's
        app.invoke({"messages": [HumanMessage(theirs)]}, {"configurable": {"thread_id": "t-bob"}},
                   context=MemoryContext(user_id="bob"))
        assert [r.object for r in store.find(None) if r.scope.user_id == "bob"]


def test_the_owner_is_known_to_another_process_on_the_home(tmp_path):
    saver = InMemorySaver()
    cfg = {"configurable": {"thread_id": "t"}}
    with MemoryStore(tmp_path, embedder="hashing") as a:
        create_memory_agent(a).compile(checkpointer=saver).invoke(
            {"messages": [HumanMessage("I live in Oslo.")]}, cfg, context=MemoryContext(user_id="alice"))
    with MemoryStore(tmp_path, embedder="hashing") as b, pytest.raises(ThreadOwnerError):
        create_memory_agent(b).compile(checkpointer=saver).invoke(
            {"messages": [HumanMessage("hi")]}, cfg, context=MemoryContext(user_id="bob"))


def test_the_home_does_not_hold_the_user_id(tmp_path):
    with MemoryStore(tmp_path, embedder="hashing") as store:
        create_memory_agent(store).compile(checkpointer=InMemorySaver()).invoke(
            {"messages": [HumanMessage("hi")]}, {"configurable": {"thread_id": "t"}},
            context=MemoryContext(user_id="zebulon-7f3"))
        assert store.meta("thread-owner:t") is not None and "zebulon" not in store.meta("thread-owner:t")
