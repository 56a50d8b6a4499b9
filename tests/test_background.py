"""Background writes: the reply does not wait; flush loses nothing and writes nothing twice; per-thread order;
back-pressure; failures recorded; a crash of the worker surfaces."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import textwrap
import threading

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import LedgerOp, MemoryContext, MemoryState, add_memory
from langmem_nodes.background import MemoryWriter, MemoryWriterCrashed, MemoryWriterFull
from langmem_nodes.write.extractor import Extractor, RuleExtractor, latest_user_turns

ADA = MemoryContext(user_id="ada")


class Gated(Extractor):
    """The rule extractor, held at a gate: the test decides when a write may proceed."""

    name = "rule"

    def __init__(self, *, open_: bool = False) -> None:
        self.entered, self.release, self.rules, self.seen = threading.Event(), threading.Event(), RuleExtractor(), []
        if open_:
            self.release.set()

    def extract(self, turns, ctx, now):
        self.entered.set()
        assert self.release.wait(20), "test gate never opened"
        self.seen.append(latest_user_turns(turns)[0][-1]["content"])
        return self.rules.extract(turns, ctx, now)


def _graph(store, writer):
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [AIMessage("reply")]}).add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent", background=writer).compile()


def _objects(store, ctx=ADA):
    return sorted(r.object for r in store.find([ctx.scope("user").partition]))


def _writes(store, ctx=ADA):
    return [e for e in store.ledger(partitions=[ctx.scope("user").partition]) if e.op is LedgerOp.WRITE]


@pytest.mark.parametrize(("said", "obj"), [("Remember that I prefer dark mode.", "dark mode"), ("记住：我喜欢喝乌龙茶。", "乌龙茶")])
def test_the_reply_does_not_wait_for_the_write_and_flush_stores_it(store, said, obj):
    gate = Gated()
    writer = MemoryWriter(store, extractor=gate)
    out = _graph(store, writer).invoke({"messages": [HumanMessage(said)]}, context=ADA)
    assert out["messages"][-1].content == "reply" and out["memory_written"] == []  # returned with the write held
    assert gate.entered.wait(5) and writer.pending() == 1 and _objects(store) == []
    gate.release.set()
    writer.flush(timeout=10)
    assert _objects(store) == [obj] and len(_writes(store)) == 1 and writer.pending() == 0
    writer.close()


def test_cancel_mid_write_then_flush_nothing_lost_nothing_written_twice(store):
    gate = Gated()
    writer = MemoryWriter(store, extractor=gate, max_pending=1)
    graph = _graph(store, writer)

    async def scenario():
        await graph.ainvoke({"messages": [HumanMessage("I live in Oslo.")]}, context=ADA)
        assert await asyncio.to_thread(gate.entered.wait, 5)  # the first write is in flight, held at the gate
        with pytest.raises(TimeoutError):  # a flush cancelled mid-write
            await asyncio.wait_for(writer.aflush(), 0.05)
        await graph.ainvoke({"messages": [HumanMessage("I prefer green tea.")]}, context=ADA)  # queued (1 of 1)
        # a turn cancelled while its write waits for room in the full queue
        third = asyncio.create_task(graph.ainvoke({"messages": [HumanMessage("我喜欢乌龙茶。")]}, context=ADA))
        await asyncio.sleep(0.1)
        third.cancel()
        with pytest.raises(asyncio.CancelledError):
            await third
        gate.release.set()
        await writer.aflush(timeout=10)
        await asyncio.to_thread(writer.flush, 10)  # whatever the cancelled turn's thread submitted

    asyncio.run(scenario())
    assert _objects(store) == ["Oslo", "green tea", "乌龙茶"]  # nothing lost: the cancelled turn had been handed over
    assert sorted(gate.seen) == sorted(["I live in Oslo.", "I prefer green tea.", "我喜欢乌龙茶。"])  # each once
    assert len(_writes(store)) == 3
    writer.close()


def test_two_threads_of_one_user_interleaved_keep_per_thread_order(store):
    gate = Gated(open_=True)
    writer = MemoryWriter(store, extractor=gate, debounce=0.05, coalesce=2)
    a = ["I live in Oslo.", "Actually, I live in Bergen now.", "Actually, I live in Paris now."]
    b = ["I work at Acme.", "Actually, I work at Initech now.", "Actually, I work at Hooli now."]
    for ta, tb in zip(a, b, strict=True):
        writer.submit({"messages": [HumanMessage(ta)]}, ADA, thread_id="A")
        writer.submit({"messages": [HumanMessage(tb)]}, ADA, thread_id="B")
    writer.flush(timeout=10)
    assert [x for x in gate.seen if x in a] == a and [x for x in gate.seen if x in b] == b
    assert _objects(store) == ["Hooli", "Paris"]  # the last of each thread won: written in order
    order = [e.payload["object"] for e in _writes(store)]
    assert [o for o in order if o in ("Oslo", "Bergen", "Paris")] == ["Oslo", "Bergen", "Paris"]
    assert [o for o in order if o in ("Acme", "Initech", "Hooli")] == ["Acme", "Initech", "Hooli"]
    writer.close()


def test_back_pressure_blocks_then_refuses_when_full(store):
    gate = Gated()
    writer = MemoryWriter(store, extractor=gate, max_pending=1, submit_timeout=0.05)
    writer.submit({"messages": [HumanMessage("I live in Oslo.")]}, ADA)
    assert gate.entered.wait(5)  # taken by the worker: the queue is empty again
    writer.submit({"messages": [HumanMessage("I prefer tea.")]}, ADA)
    with pytest.raises(MemoryWriterFull, match="max_pending=1"):
        writer.submit({"messages": [HumanMessage("I prefer jazz.")]}, ADA)
    gate.release.set()
    writer.flush(timeout=10)
    assert _objects(store) == ["Oslo", "tea"]
    with pytest.raises(ValueError, match="messages"):
        writer.submit({"messages": []}, ADA)
    with pytest.raises(ValueError, match="max_pending"):
        MemoryWriter(store, max_pending=0)
    writer.close()


def test_a_failed_write_is_recorded_and_logged_and_the_next_turn_goes_on(store, caplog, monkeypatch):
    writer = MemoryWriter(store)
    real, calls = store.commit, {"n": 0}

    def flaky(**kw):
        if kw.get("add") and calls["n"] == 0:
            calls["n"] += 1
            raise RuntimeError("disk full")
        return real(**kw)

    monkeypatch.setattr(store, "commit", flaky)
    with caplog.at_level(logging.WARNING, logger="langmem_nodes"):
        writer.submit({"messages": [HumanMessage("I live in Oslo.")]}, ADA)
        writer.submit({"messages": [HumanMessage("I prefer tea.")]}, ADA)
        writer.flush(timeout=10)
    assert _objects(store) == ["tea"] and (writer.written, writer.failed) == (1, 1)
    (err,) = [e for e in store.ledger(partitions=[ADA.scope("user").partition]) if e.op is LedgerOp.WRITE_ERROR]
    assert "disk full" in err.reason and "Oslo" not in err.reason and err.payload == {}
    assert any("background write failed" in r.getMessage() for r in caplog.records)
    writer.close()


def test_a_crash_of_the_writer_thread_surfaces_and_the_turn_is_written_inline(store):
    class Crash(BaseException):
        pass

    class BombOnce(Extractor):
        fired = False

        def extract(self, turns, ctx, now):
            if not self.fired:
                self.fired = True
                raise Crash("worker bug")
            return RuleExtractor().extract(turns, ctx, now)

    writer = MemoryWriter(store, extractor=BombOnce())
    writer.submit({"messages": [HumanMessage("I live in Oslo.")]}, ADA)
    with pytest.raises(MemoryWriterCrashed, match="worker bug"):
        writer.flush(timeout=10)
    with pytest.raises(MemoryWriterCrashed):
        writer.submit({"messages": [HumanMessage("I prefer tea.")]}, ADA)
    # inside a graph the turn still completes, and its write falls back to inline: slower, not lost
    out = _graph(store, writer).invoke({"messages": [HumanMessage("I prefer tea.")]}, context=ADA)
    assert out["messages"][-1].content == "reply" and _objects(store) == ["tea"]


def test_flush_at_interpreter_exit(tmp_path):
    home = tmp_path / "home"
    script = textwrap.dedent(f"""
        from langmem_nodes import MemoryContext, MemoryStore
        from langmem_nodes.background import MemoryWriter
        store = MemoryStore({str(home)!r}, embedder="hashing")
        writer = MemoryWriter(store, debounce=5.0)   # would wait 5 s; the exit flush skips the debounce
        writer.submit({{"messages": [("user", "Remember that I prefer dark mode.")]}}, MemoryContext(user_id="ada"))
        print("submitted", writer.pending())
    """)
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert "submitted 1" in done.stdout
    from langmem_nodes import MemoryStore

    store = MemoryStore(home, embedder="hashing")
    try:
        assert [r.object for r in store.find([ADA.scope("user").partition])] == ["dark mode"]
    finally:
        store.close()


def test_background_true_and_the_middleware_hook(store):
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [AIMessage("reply")]}).add_edge(START, "agent").add_edge("agent", END)
    with pytest.raises(ValueError, match="not both"):
        add_memory(b, store, agent="agent", background=True, write_graph=object())
    graph = add_memory(b, store, agent="agent", background=True).compile()  # a writer of its own, flushed at exit
    assert graph.invoke({"messages": [HumanMessage("I prefer tea.")]}, context=ADA)["messages"][-1].content == "reply"
    own = graph.builder.nodes["memory_write"].runnable.func.__self__.writer
    own.close(timeout=10)  # before the store fixture closes
    assert _objects(store) == ["tea"]
    from langchain.agents import create_agent

    from langmem_nodes.middleware import MemoryMiddleware
    from langmem_nodes.testing import ScriptedToolChatModel

    writer = MemoryWriter(store)
    agent = create_agent(ScriptedToolChatModel(replies=[AIMessage("ok")]), [], middleware=[MemoryMiddleware(store, writer=writer.node())], context_schema=MemoryContext)
    out = agent.invoke({"messages": [HumanMessage("我住在上海。")]}, context=ADA)
    assert out["messages"][-1].content == "ok"
    writer.flush(timeout=10)
    assert "上海" in _objects(store)
    writer.close()


@pytest.mark.parametrize("said", ["Remember that my dentist is Dr. Lundqvist.", "记住：我的牙医是林医生。"])
def test_a_turn_queued_before_an_erasure_writes_nothing_after_it(store, said):
    """Red team 8 H3: the queue lost the turn's start, so the commit counted from itself and landed after the erasure."""
    from langmem_nodes.governance import MemoryAdmin

    writer = MemoryWriter(store, debounce=30)  # queued: the erasure comes before the write
    ctx = MemoryContext(user_id="ada", project_id="P", session_id="s1")
    _graph(store, writer).invoke({"messages": [HumanMessage(said)]}, context=ctx)
    assert writer.pending() == 1
    MemoryAdmin(store).delete_all(org_id="*", user_id="ada", project_id="*", session_id="*")
    writer.flush()
    writer.close()
    assert store.count() == 0 and _objects(store, ctx) == []
    # a turn that starts after the erasure is written as usual
    writer = MemoryWriter(store)
    _graph(store, writer).invoke({"messages": [HumanMessage(said)]}, context=ctx)
    writer.flush()
    writer.close()
    assert store.count() >= 1
