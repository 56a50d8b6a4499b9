"""Turns that end without their write (newcomer17 M1, M2).

M1: a run that ended — the agent raised, the turn was cancelled, or the agent paused with `interrupt()` — is
not in flight: `close()` returns at once instead of waiting `close_wait` for a write that never comes. The
store here waits up to 600 s; a thread joined with a timeout only guards the test against that hang.
M2: the next turn on the thread first writes the failed turn's message, so its recall sees it.
en + zh, sync and async, `add_memory` and `MemoryMiddleware`.
"""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest
from langchain_core.messages import AIMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.prebuilt import ToolNode, tools_condition
from langgraph.types import Command, interrupt

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.testing import MemoryEchoChatModel, ScriptedToolChatModel
from langmem_nodes.turn import WriteTurn

SAID = {"en": ("I live in Oslo.", "Oslo"), "zh": ("我住在成都。", "成都")}
MOVE = {"en": ("Remember that I live in Oslo.", "I moved to Bergen.", "Where do I live now?", "Bergen", "Oslo"),
        "zh": ("记住我住在成都。", "我搬到杭州了。", "我现在住哪？", "杭州", "成都")}
LONG_WAIT = 600.0
ADA = MemoryContext(user_id="ada")


def _store(tmp_path) -> MemoryStore:
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    store.close_wait = LONG_WAIT
    return store


def _graph(store, agent, checkpointer=None, **kw):
    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    return add_memory(builder, store, agent="agent", **kw).compile(checkpointer=checkpointer)


def _closes_at_once(close) -> bool:
    """Whether `close` returns (the join timeout only guards the test against a `LONG_WAIT` hang)."""
    closer = threading.Thread(target=close, daemon=True)
    closer.start()
    closer.join(20)
    return not closer.is_alive()


def _raises(state):
    raise RuntimeError("provider 503")


async def _araises(state):
    raise RuntimeError("provider 503")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_close_does_not_wait_for_a_turn_whose_agent_raised(tmp_path, lang):
    store = _store(tmp_path)
    with pytest.raises(RuntimeError):
        _graph(store, _raises).invoke({"messages": [("user", SAID[lang][0])]}, context=ADA)
    assert _closes_at_once(store.close)
    assert store.closed


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_aclose_does_not_wait_for_a_turn_whose_async_agent_raised(tmp_path, lang):
    store = _store(tmp_path)

    async def main():
        with pytest.raises(RuntimeError):
            await _graph(store, _araises).ainvoke({"messages": [("user", SAID[lang][0])]}, context=ADA)

    asyncio.run(main())
    assert _closes_at_once(lambda: asyncio.run(store.aclose()))


def test_close_does_not_wait_for_a_cancelled_turn(tmp_path):
    store = _store(tmp_path)

    async def main():
        answering = asyncio.Event()

        async def slow(state):
            answering.set()
            await asyncio.sleep(60)
            return {"messages": [("ai", "ok")]}

        task = asyncio.create_task(_graph(store, slow).ainvoke({"messages": [("user", SAID["en"][0])]}, context=ADA))
        await answering.wait()
        assert store.in_flight_turns() == 1  # the recall ran and the model answers: the turn is in flight
        task.cancel()  # asyncio.wait_for, a client disconnect
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    assert _closes_at_once(lambda: asyncio.run(store.aclose()))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_interrupted_turn_is_not_in_flight_and_its_resume_still_writes(tmp_path, lang):
    said, value = SAID[lang]
    store = _store(tmp_path)

    def approve(state):
        ok = interrupt("approve?")
        return {"messages": [("ai", f"approved={ok}")]}

    graph = _graph(store, approve, checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "t"}}
    out = graph.invoke({"messages": [("user", said)]}, context=ADA, config=cfg)
    assert "__interrupt__" in out
    assert store.in_flight_turns() == 0  # paused for a human: nothing for close() to wait for
    out = graph.invoke(Command(resume=True), context=ADA, config=cfg)
    assert out["messages"][-1].content == "approved=True"
    assert any(value in r["object"] for r in out["memory_written"])
    assert _closes_at_once(store.close)


def test_a_tool_loop_that_raises_in_its_tool_ends_the_turn(tmp_path):
    @tool
    def weather(city: str) -> str:
        "The weather in a city."
        raise KeyboardInterrupt  # not caught by ToolNode's error handling: the run ends here

    store = _store(tmp_path)
    model = ScriptedToolChatModel.calling("weather", {"city": "Oslo"}, then="Sunny.")
    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", lambda s: {"messages": [model.invoke(s["messages"])]})
    builder.add_node("tools", ToolNode([weather]))
    builder.add_edge(START, "agent").add_conditional_edges("agent", tools_condition).add_edge("tools", "agent")
    graph = add_memory(builder, store, agent="agent").compile()
    with pytest.raises(KeyboardInterrupt):
        graph.invoke({"messages": [("user", "I live in Oslo. Weather?")]}, context=ADA)
    assert _closes_at_once(store.close)


def test_a_tool_loop_still_writes_once_after_the_final_answer(tmp_path):
    @tool
    def weather(city: str) -> str:
        "The weather in a city."
        return "sunny"

    store = _store(tmp_path)
    model = ScriptedToolChatModel.calling("weather", {"city": "Oslo"}, then="Sunny.", times=2)
    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", lambda s: {"messages": [model.invoke(s["messages"])]})
    builder.add_node("tools", ToolNode([weather]))
    builder.add_edge(START, "agent").add_conditional_edges("agent", tools_condition).add_edge("tools", "agent")
    graph = add_memory(builder, store, agent="agent").compile()
    out = graph.invoke({"messages": [("user", "I live in Oslo. Weather?")]}, context=ADA)
    assert out["messages"][-1].content == "Sunny."
    assert [r["object"] for r in out["memory_written"]] == ["Oslo"]
    assert _closes_at_once(store.close)


def test_close_names_the_turns_it_waits_for(tmp_path, caplog):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    store.close_wait = 0.1

    def agent(state):
        store.close()  # the app shuts down while the model answers
        return {"messages": [("ai", "ok")]}

    with caplog.at_level(logging.WARNING, logger="langmem_nodes.store.memory_store"):
        _graph(store, agent).invoke({"messages": [("user", SAID["en"][0])]}, context=ADA)
    lines = [r.getMessage() for r in caplog.records if "close()" in r.getMessage()]
    assert len(lines) == 1 and "1 turn" in lines[0] and "0.1 s" in lines[0], lines


def test_middleware_close_does_not_wait_for_a_turn_whose_model_raised(tmp_path):
    from langchain.agents import create_agent

    from langmem_nodes.middleware import MemoryMiddleware

    class Failing(MemoryEchoChatModel):
        def _generate(self, messages, stop=None, run_manager=None, **kw):
            raise RuntimeError("provider 503")

    store = _store(tmp_path)
    agent = create_agent(Failing(), [], middleware=[MemoryMiddleware(store)], context_schema=MemoryContext)
    with pytest.raises(RuntimeError):
        agent.invoke({"messages": [("user", SAID["zh"][0])]}, context=ADA)
    assert _closes_at_once(store.close)


# ---- M2: the failed turn's message is written before the next turn's recall ---------------------------

class FailsOn(MemoryEchoChatModel):
    """Echoes the memory blocks, and raises on the message it is given."""

    fail_on: str = ""

    def _generate(self, messages, stop=None, run_manager=None, **kw):
        if any(self.fail_on in str(m.content) for m in messages[-1:]):
            raise RuntimeError("provider 503")
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kw)


def _echo_agent(model):
    from langmem_nodes import memory_messages

    return lambda state: {"messages": [model.invoke(memory_messages(state, system="Be brief."))]}


def _reports_the_earlier_write(out, new):
    """newcomer25 L2: the turn that wrote a failed turn's message says so in its `memory_written`, marked."""
    earlier = [w for w in out["memory_written"] if w.get("earlier_turn")]
    assert any(new in w["text"] for w in earlier), out["memory_written"]


class CountingWrite(WriteTurn):
    calls = 0

    def run(self, state, ctx, now):
        CountingWrite.calls += 1
        return super().run(state, ctx, now)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_next_turn_recalls_what_a_failed_turn_said(tmp_path, lang):
    first, moved, question, new, _ = MOVE[lang]
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    graph = _graph(store, _echo_agent(FailsOn(fail_on=moved)), checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "t"}}
    graph.invoke({"messages": [("user", first)]}, context=ADA, config=cfg)
    with pytest.raises(RuntimeError):
        graph.invoke({"messages": [("user", moved)]}, context=ADA, config=cfg)
    out = graph.invoke({"messages": [("user", question)]}, context=ADA, config=cfg)
    assert new in out["memory_injection"], out["memory_injection"]
    _reports_the_earlier_write(out, new)
    store.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_next_async_turn_recalls_what_a_failed_turn_said(tmp_path, lang):
    first, moved, question, new, _ = MOVE[lang]
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    graph = _graph(store, _echo_agent(FailsOn(fail_on=moved)), checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "t"}}

    async def main():
        await graph.ainvoke({"messages": [("user", first)]}, context=ADA, config=cfg)
        with pytest.raises(RuntimeError):
            await graph.ainvoke({"messages": [("user", moved)]}, context=ADA, config=cfg)
        out = await graph.ainvoke({"messages": [("user", question)]}, context=ADA, config=cfg)
        await store.aclose()
        return out

    out = asyncio.run(main())
    assert new in out["memory_injection"]
    _reports_the_earlier_write(out, new)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_middleware_next_turn_recalls_what_a_failed_turn_said(tmp_path, lang):
    from langchain.agents import create_agent

    from langmem_nodes.middleware import MemoryMiddleware

    first, moved, question, new, _ = MOVE[lang]
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    agent = create_agent(FailsOn(fail_on=moved), [], middleware=[MemoryMiddleware(store)],
                         context_schema=MemoryContext, checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "t"}}
    agent.invoke({"messages": [("user", first)]}, context=ADA, config=cfg)
    with pytest.raises(RuntimeError):
        agent.invoke({"messages": [("user", moved)]}, context=ADA, config=cfg)
    out = agent.invoke({"messages": [("user", question)]}, context=ADA, config=cfg)
    assert new in out["memory_injection"], out["memory_injection"]
    _reports_the_earlier_write(out, new)
    store.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_react_hooks_next_turn_recalls_what_a_failed_turn_said(tmp_path, lang):
    from langgraph.prebuilt import create_react_agent

    from langmem_nodes.hooks import memory_hooks

    first, moved, question, new, _ = MOVE[lang]
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    agent = create_react_agent(FailsOn(fail_on=moved), [], **memory_hooks(store), context_schema=MemoryContext,
                               checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "t"}}
    agent.invoke({"messages": [("user", first)]}, context=ADA, config=cfg)
    with pytest.raises(RuntimeError):
        agent.invoke({"messages": [("user", moved)]}, context=ADA, config=cfg)
    out = agent.invoke({"messages": [("user", question)]}, context=ADA, config=cfg)
    assert new in out["memory_injection"], out["memory_injection"]
    _reports_the_earlier_write(out, new)
    store.close_wait = 0.1  # memory_hooks cannot see the model node fail: close() waits for that turn
    store.close()


def test_a_normal_turn_writes_once(tmp_path):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    CountingWrite.calls = 0
    graph = _graph(store, lambda s: {"messages": [AIMessage("ok")]}, checkpointer=InMemorySaver(),
                   write_graph=CountingWrite(store))
    cfg = {"configurable": {"thread_id": "t"}}
    for said in ("I live in Oslo.", "我住在成都。", "Where do I live?"):
        graph.invoke({"messages": [("user", said)]}, context=ADA, config=cfg)
    assert CountingWrite.calls == 3
    store.close()


# ---- newcomer23 M2: the thread's FIRST turn fails (a provider error, a timeout) ------------------------------

def _first_turn_fails(lang, build):
    _, moved, question, new, _ = MOVE[lang]
    runner = build(FailsOn(fail_on=moved))
    cfg = {"configurable": {"thread_id": "t"}}
    with pytest.raises(RuntimeError):
        runner.invoke({"messages": [("user", moved)]}, context=ADA, config=cfg)
    out = runner.invoke({"messages": [("user", question)]}, context=ADA, config=cfg)
    assert new in out["memory_injection"], out["memory_injection"]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", ["add_memory", "middleware", "hooks"])
def test_the_next_turn_recalls_what_a_failed_first_turn_said(tmp_path, lang, kind):
    from langchain.agents import create_agent
    from langgraph.prebuilt import create_react_agent

    from langmem_nodes.hooks import memory_hooks
    from langmem_nodes.middleware import MemoryMiddleware

    store = MemoryStore(tmp_path / "home", embedder="hashing")
    builds = {
        "add_memory": lambda model: _graph(store, _echo_agent(model), checkpointer=InMemorySaver()),
        "middleware": lambda model: create_agent(model, [], middleware=[MemoryMiddleware(store)],
                                                 context_schema=MemoryContext, checkpointer=InMemorySaver()),
        "hooks": lambda model: create_react_agent(model, [], **memory_hooks(store), context_schema=MemoryContext,
                                                  checkpointer=InMemorySaver()),
    }
    _first_turn_fails(lang, builds[kind])
    store.close_wait = 0.1
    store.close()
