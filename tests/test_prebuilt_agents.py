"""Prebuilt agents with memory: `create_agent` + `MemoryMiddleware`, `create_react_agent` + `memory_hooks`, and
`add_memory` around a tool loop. In each, recall runs once per user turn, every model call of the tool loop
sees the turn's memories (the per-turn block, not only the stable index), the write runs once per turn, and
scope comes from the run's context or configurable only (never from tool arguments). English and Chinese."""

from __future__ import annotations

import asyncio
import logging
import re

import pytest
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph
from langgraph.prebuilt import ToolNode, create_react_agent, tools_condition

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory, memory_messages
from langmem_nodes.context import MissingScopeError
from langmem_nodes.hooks import memory_hooks
from langmem_nodes.middleware import MemoryMiddleware
from langmem_nodes.node import MemoryNode
from langmem_nodes.testing import ScriptedToolChatModel
from langmem_nodes.turn import RecallTurn, WriteTurn

# create_react_agent is deprecated (LangGraph 1.0) and still supported here: only that warning is expected
pytestmark = pytest.mark.filterwarnings(
    "ignore:create_react_agent has been moved:langgraph.warnings.LangGraphDeprecatedSinceV10")

ADA = MemoryContext(user_id="ada")
TEA = re.compile(r"- \[preference · [^\]]*\] «[^»]*green tea»")  # a per-turn item, not an index line
PEANUT = re.compile(r"- \[[a-z_]+ · [^\]]*\] «[^»]*花生[^»]*»")


@tool
def weather(city: str, user_id: str = "") -> str:
    """The weather in a city."""
    return f"sunny in {city}"


class CountingRecall(RecallTurn):
    calls = 0

    def run(self, state, ctx, now):
        type(self).calls += 1
        return super().run(state, ctx, now)


class CountingWrite(WriteTurn):
    calls = 0

    def run(self, state, ctx, now):
        type(self).calls += 1
        return super().run(state, ctx, now)


class Broken(MemoryNode):
    def run(self, state, ctx, now):
        raise RuntimeError("memory backend down")


@pytest.fixture
def store(tmp_path):
    s = MemoryStore(tmp_path, embedder="hashing")
    writer = WriteTurn(s)
    for text in ("Remember that I prefer green tea.", "记住：我对花生过敏。"):
        assert writer.run({"messages": [HumanMessage(text)]}, ADA, None)["memory_written"]
    yield s
    s.close()


@pytest.fixture
def counters():
    CountingRecall.calls = CountingWrite.calls = 0
    return CountingRecall, CountingWrite


def _systems(prompt):
    return [m for m in prompt if isinstance(m, SystemMessage)]


def _check_turn(prompts, item):
    """Every model call of the turn got one leading system message (prompt + stable index) and the turn's
    item on its latest user message."""
    assert len(prompts) == 3  # two tool calls, then the answer
    for prompt in prompts:
        systems = _systems(prompt)
        assert len(systems) == 1 and prompt[0] is systems[0]
        assert "<memory>" in systems[0].content and not item.search(systems[0].content)
        latest_user = [m for m in prompt if isinstance(m, HumanMessage)][-1]
        assert item.search(latest_user.content), latest_user.content


def _middleware_agent(store, model, **kw):
    middleware = MemoryMiddleware(store, recall=CountingRecall(store), writer=CountingWrite(store))
    return create_agent(model, [weather], middleware=[middleware], checkpointer=InMemorySaver(), **kw)


def _react_agent(store, model, **kw):
    hooks = memory_hooks(store, prompt="Be brief.", recall=CountingRecall(store), writer=CountingWrite(store))
    return create_react_agent(model, [weather], **hooks, checkpointer=InMemorySaver(), **kw)


def _add_memory_agent(store, model, **kw):
    def agent(state):
        return {"messages": [model.invoke(memory_messages(state, system="Be brief."))]}

    builder = StateGraph(MemoryState, **kw)
    builder.add_node("agent", agent).add_node("tools", ToolNode([weather]))
    builder.add_edge(START, "agent").add_conditional_edges("agent", tools_condition).add_edge("tools", "agent")
    add_memory(builder, store, agent="agent", read_graph=CountingRecall(store), write_graph=CountingWrite(store))
    return builder.compile(checkpointer=InMemorySaver())


AGENTS = {"create_agent": _middleware_agent, "create_react_agent": _react_agent, "add_memory": _add_memory_agent}


@pytest.mark.parametrize("build", AGENTS.values(), ids=AGENTS.keys())
def test_tool_loop_keeps_the_turns_memories_on_every_model_call(store, counters, build):
    model = ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="Done.", times=2)
    agent = build(store, model, context_schema=MemoryContext)
    cfg = {"configurable": {"thread_id": "t1"}}

    out = agent.invoke({"messages": [("user", "Which tea should I buy?")]}, cfg, context=ADA)
    _check_turn(model.prompts, TEA)
    assert (CountingRecall.calls, CountingWrite.calls) == (1, 1)
    assert out["memory_written"] == [] and "green tea" in out["memory_injection"]
    assert not any(isinstance(m, SystemMessage) for m in out["messages"])  # the blocks never enter messages

    # (the query shares words with the memory: one sharing none, at sim 0, is no longer injected — issue 15)
    out = agent.invoke({"messages": [("user", "我对什么过敏？")]}, cfg, context=ADA)  # same thread, next turn
    _check_turn(model.prompts[3:], PEANUT)
    assert (CountingRecall.calls, CountingWrite.calls) == (2, 2)

    out = agent.invoke({"messages": [("user", "Remember that I prefer window seats.")]}, cfg, context=ADA)
    assert [r["object"] for r in out["memory_written"]] == ["window seats"]
    assert [r.object for r in store.find(["user/default/ada"]) if "window" in r.text] == ["window seats"]
    assert CountingWrite.calls == 3


@pytest.mark.parametrize("build", AGENTS.values(), ids=AGENTS.keys())
def test_scope_from_configurable_and_never_from_tool_arguments(store, counters, build):
    # the model calls the tool with ada's id in its arguments; bob's run still sees only bob's (no) memories
    model = ScriptedToolChatModel.calling("weather", {"city": "Lyon", "user_id": "ada"}, then="Done.", times=2)
    agent = build(store, model)  # no context_schema: scope from config["configurable"]
    agent.invoke({"messages": [("user", "Which tea should I buy?")]},
                 {"configurable": {"thread_id": "b", "user_id": "bob"}})
    assert len(model.prompts) == 3
    assert not any("green tea" in str(m.content) for p in model.prompts for m in p)
    agent.invoke({"messages": [("user", "Which tea should I buy?")]},
                 {"configurable": {"thread_id": "a", "user_id": "ada"}})
    assert TEA.search([m for m in model.prompts[3] if isinstance(m, HumanMessage)][-1].content)
    with pytest.raises(MissingScopeError):
        agent.invoke({"messages": [("user", "hi")]}, {"configurable": {"thread_id": "n"}})


@pytest.mark.parametrize("build", [_middleware_agent, _react_agent], ids=["create_agent", "create_react_agent"])
def test_a_memory_failure_does_not_take_the_turn_down(store, build, caplog, monkeypatch):
    model = ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="Done.")
    agent = build(store, model, context_schema=MemoryContext)
    monkeypatch.setattr(CountingRecall, "run", Broken.run)
    monkeypatch.setattr(CountingWrite, "run", Broken.run)
    with caplog.at_level(logging.WARNING, logger="langmem_nodes.turn"):
        out = agent.invoke({"messages": [("user", "Which tea should I buy?")]},
                           {"configurable": {"thread_id": "t"}}, context=ADA)
    assert out["messages"][-1].content == "Done."
    assert [r.getMessage().split(";")[0] for r in caplog.records] == [
        "memory recall failed for user ada", "memory write failed for user ada"]


@pytest.mark.parametrize("build", AGENTS.values(), ids=AGENTS.keys())
def test_async_agents_run_the_same_turn(store, counters, build):
    model = ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="Done.", times=2)
    agent = build(store, model, context_schema=MemoryContext)
    out = asyncio.run(agent.ainvoke({"messages": [("user", "Which tea should I buy?")]},
                                    {"configurable": {"thread_id": "t"}}, context=ADA))
    _check_turn(model.prompts, TEA)
    assert out["memory_written"] == []


def test_integration_guide_agent_recipes_run(tmp_path):
    from pathlib import Path

    blocks = re.findall(r"```python\n(.*?)```", (Path(__file__).parent.parent / "docs" / "integration.md").read_text(), re.S)
    recipe = {key: next(b for b in blocks if key in b) for key in ("MemoryMiddleware(store)", "memory_hooks(store",
                                                                     "tools_condition")}
    seat = re.compile(r"- \[preference · [^\]]*\] «[^»]*window seats»")

    @tool
    def book(city: str) -> str:
        """Book a flight."""
        return f"booked to {city}"

    first = ScriptedToolChatModel.calling("book", {"city": "Lyon"}, then="Booked.", times=2)
    ns: dict = {"model": first, "tools": [book]}
    code = recipe["MemoryMiddleware(store)"].replace('MemoryStore("./.langmem")', f'MemoryStore({str(tmp_path)!r}, embedder="hashing")')
    exec(compile(code, "docs/integration.md", "exec"), ns)
    store = ns["store"]
    try:
        assert len(first.prompts) == 3
        assert [r.object for r in store.find(["user/default/ada"])] == ["window seats"]  # written once

        ns["model"] = second = ScriptedToolChatModel.calling("book", {"city": "Lyon"}, then="A window seat.", times=2)
        exec(compile(recipe["memory_hooks(store"], "docs/integration.md", "exec"), ns)
        _check_turn(second.prompts, seat)

        from langgraph.graph import START, StateGraph
        ns.update(model=(third := ScriptedToolChatModel.calling("book", {"city": "Lyon"}, then="ok", times=2)),
                  StateGraph=StateGraph, START=START, MemoryState=MemoryState, add_memory=add_memory,
                  memory_messages=memory_messages)
        exec(compile(recipe["tools_condition"], "docs/integration.md", "exec"), ns)
        ns["graph"].invoke({"messages": [("user", "Which seat do I like?")]}, context=ADA)
        _check_turn(third.prompts, seat)
        assert [r.object for r in store.find(["user/default/ada"])] == ["window seats"]
    finally:
        store.close()


@pytest.mark.parametrize("build", AGENTS.values(), ids=AGENTS.keys())
def test_a_degraded_selector_is_said_in_state(store, counters, build, monkeypatch):
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

    from langmem_nodes.read.select import LLMSelector

    class Down(GenericFakeChatModel):
        def _generate(self, *a, **k):
            raise RuntimeError("provider down")

    failing = RecallTurn(store, selector=LLMSelector(Down(messages=iter([]))))
    monkeypatch.setattr(CountingRecall, "run", lambda self, s, c, n: failing.run(s, c, n))
    model = ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="Done.")
    out = build(store, model, context_schema=MemoryContext).invoke(
        {"messages": [("user", "Which tea should I buy?")]}, {"configurable": {"thread_id": "t"}}, context=ADA)
    assert out["messages"][-1].content == "Done."
    assert out["memory_select_error"]["stage"] == "select" and "RuntimeError" in out["memory_select_error"]["error"]
    assert TEA.search(out["memory_injection"])  # the rule fallback still picked it


def test_add_memory_redirects_an_unannotated_route_to_end(store, counters):
    from langgraph.graph import END

    model = ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="Done.", times=2)
    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", lambda s: {"messages": [model.invoke(memory_messages(s, system="Be brief."))]})
    builder.add_node("tools", ToolNode([weather]))
    builder.add_edge(START, "agent").add_edge("tools", "agent")
    builder.add_conditional_edges("agent", lambda s: "tools" if s["messages"][-1].tool_calls else END)  # ends unknown
    graph = add_memory(builder, store, agent="agent", write_graph=CountingWrite(store)).compile()
    out = graph.invoke({"messages": [("user", "Remember that I prefer aisle seats.")]}, context=ADA)
    assert len(model.prompts) == 3 and CountingWrite.calls == 1
    assert [r["object"] for r in out["memory_written"]] == ["aisle seats"]


def test_add_memory_names_what_it_needs(store):
    builder = StateGraph(MemoryState)
    builder.add_node("agent", lambda s: {}).add_node("tools", lambda s: {})
    builder.add_edge(START, "agent").add_edge("agent", "tools")
    with pytest.raises(ValueError, match="a way from 'agent' to END"):
        add_memory(builder, store, agent="agent")
    with pytest.raises(TypeError, match="must be a StateGraph or a MemoryNode, got function"):
        builder.add_edge("tools", "__end__")
        builder.edges.add(("agent", "__end__"))
        add_memory(builder, store, agent="agent", read_graph=lambda s: {})
