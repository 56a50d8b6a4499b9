"""Hostile and malformed input through the public doors (findings of the s37 "hostile" probe,
/work/tmp/s37/hostile/): bad input is one clear error naming the problem (never a traceback from a CLI),
nothing stored is lost, and a failure inside memory never takes the user's turn down."""

from __future__ import annotations

import asyncio
import json

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory
from langmem_nodes.messages import message_parts
from langmem_nodes.turn import MemoryTurn

ADA = MemoryContext(user_id="ada")
SAID = {"en": ("Remember that I prefer tea.", "User likes tea"), "zh": ("记住：我住在上海。", "用户住在上海")}


def _graph(store):
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [AIMessage("Here is my answer.")]})
    b.add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent").compile()


# -- 1. a content block whose "text" is not a string took the whole turn down ------------------------------
@pytest.mark.parametrize("lang", SAID)
@pytest.mark.parametrize("odd", [None, 7, {"nested": "x"}], ids=["none", "int", "dict"])
def test_a_content_block_without_string_text_leaves_the_turn_and_its_text(store, lang, odd) -> None:
    said, stored = SAID[lang]
    message = HumanMessage(content=[{"type": "text", "text": odd}, {"type": "text", "text": said}], id="u1")
    out = _graph(store).invoke({"messages": [message]}, context=ADA)
    assert out["messages"][-1].content == "Here is my answer."
    assert out["memory_recall_error"] is None and out["memory_write_error"] is None
    assert [w["text"] for w in out["memory_written"]] == [stored]


@pytest.mark.parametrize("lang", SAID)
def test_the_middleware_core_reads_such_a_message_too(store, lang) -> None:
    said, stored = SAID[lang]
    state = {"messages": [HumanMessage(content=[{"type": "text", "text": None}, said], id="u1")]}
    turn = MemoryTurn(store)
    assert turn.recall(state, ADA)["memory_recall_error"] is None
    assert [w["text"] for w in turn.write(state, ADA)["memory_written"]] == [stored]
    state = {"messages": [HumanMessage(content=[{"type": "text", "text": 3}, said], id="u2")]}
    assert asyncio.run(turn.arecall(state, ADA))["memory_recall_error"] is None


def test_message_parts_keeps_only_string_text() -> None:
    msg = {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}, {"type": "text", "text": 5},
                                       "我喜欢绿茶", {"type": "text", "text": "and tea"}]}
    assert message_parts(msg) == ("user", "我喜欢绿茶 and tea", None)
    assert message_parts({"role": "user", "content": None}) == ("user", "", None)


def test_a_write_that_cannot_read_its_turn_is_a_failed_write_not_a_failed_turn(store, monkeypatch) -> None:
    from langmem_nodes import turn as turn_module

    def broken(state):
        raise RuntimeError("cannot read the turn")

    monkeypatch.setattr(turn_module, "split_forget_request", broken)
    out = _graph(store).invoke({"messages": [HumanMessage(SAID["zh"][0], id="u1")]}, context=ADA)
    assert out["messages"][-1].content == "Here is my answer."
    assert out["memory_write_error"] == {"stage": "write", "error": "RuntimeError: cannot read the turn"}
