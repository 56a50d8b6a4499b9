"""Two user messages sent in one run (double-texting, newcomer20 H2): "I use Vim." + "Actually Helix, not Vim." left
both active and recall put Vim first; a correction in the later message replaces the earlier message's value, as a
turn later would. en + zh; values in other slots, or not named, stay."""

from __future__ import annotations

import hashlib

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory


def _active(store, user: str, messages: list[str]) -> list[str]:
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [("assistant", "ok")]}).add_edge(START, "agent").add_edge("agent", END)
    g = add_memory(b, store, agent="agent").compile(checkpointer=InMemorySaver())
    g.invoke({"messages": [("user", m) for m in messages]}, {"configurable": {"thread_id": user}},
             context=MemoryContext(user_id=user))
    return sorted(r.object for r in store.find(MemoryContext(user_id=user).visible_partitions()))


@pytest.mark.parametrize(("messages", "active"), [
    (["I use Vim.", "Actually Helix, not Vim."], ["Helix"]),
    (["I use Vim and Git.", "Actually Helix, not Vim."], ["Git", "Helix"]),
    (["I live in Oslo.", "Sorry, I meant Bergen."], ["Bergen"]),
    (["我用 Vim。", "其实是 Helix，不是 Vim。"], ["Helix"]),
    (["我住在北京。", "不对，我住在上海。"], ["上海"]),
    (["I use Vim.", "I also use Emacs."], ["Emacs", "Vim"]),
    (["I live in Oslo.", "I'm allergic to peanuts."], ["Oslo", "peanuts"]),
])
def test_a_correction_in_a_later_message_of_the_run_replaces_the_earlier_value(store, messages, active):
    assert _active(store, "u" + hashlib.sha1("|".join(messages).encode()).hexdigest()[:8], messages) == active


@pytest.mark.parametrize(("message", "active"), [
    ("I use Vim. Actually Helix, not Vim.", ["Helix"]),
    ("I live in Oslo. Actually Bergen, not Oslo.", ["Bergen"]),
    ("I use Vim and Git. Actually Helix, not Vim.", ["Git", "Helix"]),
    ("我用 Vim。其实是 Helix，不是 Vim。", ["Helix"]),
    ("我住在北京。不对，是上海，不是北京。", ["上海"]),
    ("I live in Oslo. Actually I love it here.", ["Oslo"]),
])
def test_a_later_sentence_correcting_a_named_value_of_the_same_message(store, message, active):
    """newcomer20 H1: "I use Vim. Actually Helix, not Vim." stored Vim (the correction read no value it could name)."""
    assert _active(store, "m" + hashlib.sha1(message.encode()).hexdigest()[:8], [message]) == active
