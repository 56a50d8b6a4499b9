"""The memory agent's prompt layout passes Anthropic's and OpenAI's request formatting (offline), keeps the
system message a byte-identical prefix across turns, and `memory_messages` never puts a system message after
the conversation."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_anthropic import ChatAnthropic
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from graphs.memory_agent import SYSTEM, create_memory_agent
from langmem_nodes import MemoryContext, MemoryStore, memory_messages
from langmem_nodes.testing import MemoryEchoChatModel

ANTHROPIC = ChatAnthropic(model="claude-sonnet-4-5", api_key="offline")
OPENAI = ChatOpenAI(model="gpt-4o-mini", api_key="offline")
STABLE, BLOCK = "<memory>\nindex\n</memory>", "<memory>\n- [preference · today] «tea»\n</memory>"


SENT: list[list[Any]] = []  # every message list RecordingEcho was sent


class RecordingEcho(MemoryEchoChatModel):
    def _generate(self, messages, stop=None, run_manager=None, **kw):  # noqa: ANN001, ANN202
        SENT.append(list(messages))
        return super()._generate(messages, stop, run_manager, **kw)


def test_layout_one_leading_system_message_and_block_on_latest_human_turn():
    state = {"messages": [HumanMessage("hi"), AIMessage("hello"), HumanMessage("drink?")],
             "memory_stable": STABLE, "memory_injection": BLOCK}
    out = memory_messages(state, system="Be brief.")
    assert [m.type for m in out] == ["system", "human", "ai", "human"]
    assert out[0].content == "Be brief.\n\n" + STABLE
    assert out[1].content == "hi" and out[-1].content == "drink?\n\n" + BLOCK
    assert state["messages"][-1].content == "drink?"  # state untouched


def test_layout_in_a_tool_loop_keeps_the_block_on_the_user_turn():
    call = AIMessage("", tool_calls=[{"name": "t", "args": {}, "id": "c1"}])
    state = {"messages": [HumanMessage("weather?"), call, ToolMessage("sunny", tool_call_id="c1")],
             "memory_injection": BLOCK}
    out = memory_messages(state)
    assert [m.type for m in out] == ["human", "ai", "tool"]
    assert out[0].content == "weather?\n\n" + BLOCK
    ANTHROPIC._get_request_payload(out)
    OPENAI._get_request_payload(out)


def test_layout_multipart_content_and_no_human_turn():
    parts = [{"type": "text", "text": "这是什么？"}, {"type": "image_url", "image_url": {"url": "data:,"}}]
    out = memory_messages({"messages": [HumanMessage(parts)], "memory_injection": BLOCK}, system="S")
    assert out[-1].content == [*parts, {"type": "text", "text": BLOCK}]
    alone = memory_messages({"messages": [], "memory_stable": STABLE, "memory_injection": BLOCK}, system="S")
    assert [(m.type, m.content) for m in alone] == [("system", f"S\n\n{STABLE}\n\n{BLOCK}")]
    assert memory_messages({"messages": [("user", "hi")]}) == [HumanMessage("hi")]


def test_old_trailing_system_layout_is_refused_by_anthropic():
    # the layout the README used to recommend; this is why it changed
    with pytest.raises(ValueError, match="non-consecutive system"):
        ANTHROPIC._get_request_payload([SystemMessage("S"), HumanMessage("q"), SystemMessage(BLOCK)])


@pytest.mark.parametrize("turns", [
    ["Remember that I prefer tabs for indentation.", "How should you indent my code?",
     "And in Python?", "Thanks, anything else about indentation?"],
    ["记住：我喜欢用制表符缩进。", "我的代码应该怎么缩进？", "Python 里呢？", "关于缩进还有别的吗？"],
], ids=["en", "zh"])
def test_memory_agent_requests_pass_both_formatters_and_keep_a_stable_prefix(tmp_path, turns):
    SENT.clear()
    with MemoryStore(tmp_path, embedder="hashing") as store:
        agent = create_memory_agent(store, RecordingEcho()).compile(checkpointer=InMemorySaver())
        stables, replies = [], []
        for text in turns:
            out = agent.invoke({"messages": [("user", text)]}, config={"configurable": {"thread_id": "t"}},
                               context=MemoryContext(user_id="ada", session_id="s1"))
            stables.append(out["memory_stable"])
            replies.append(out["messages"][-1].content)
    assert out["memory_written"] == [] and stables[1] != ""  # turn 1 wrote; turns 2-4 write nothing
    assert len({s.encode() for s in stables[1:]}) == 1  # memory_stable byte-identical across turns
    # turn 2 is answered from the memory written on turn 1 (later turns of the thread skip already-shown ones)
    told = "记忆中：" if "缩进" in turns[1] else "From memory:"  # the echo model answers in the user's language
    assert replies[1].startswith(told) and ("tabs" in replies[1] or "制表符" in replies[1]), replies
    systems = []
    for sent in SENT:
        anthropic = ANTHROPIC._get_request_payload(sent)
        openai = OPENAI._get_request_payload(sent)
        roles = [m["role"] for m in openai["messages"]]
        assert roles[0] == "system" and "system" not in roles[1:] and roles[-1] == "user"
        assert [m["role"] for m in anthropic["messages"]][-1] == "user"
        assert anthropic["system"] == openai["messages"][0]["content"]
        systems.append(anthropic["system"])
    assert systems[0] == SYSTEM  # nothing remembered yet
    assert len({s.encode() for s in systems[1:]}) == 1 and stables[1] in systems[1]  # the cacheable prefix
    assert "<memory>" in SENT[1][-1].content  # this turn's block, in the user role
