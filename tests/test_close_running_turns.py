"""close() with memory turns in flight (newcomer14 L6): a turn that is running when the store is closed
finishes and its memory is stored; a turn whose store closes between its recall and its write answers and
says nothing was stored; a turn started after close() still raises `StoreClosedError`. en + zh, sync and async.
"""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, StoreClosedError, add_memory
from langmem_nodes.embeddings import HashingEmbedder

SAID = {"en": ("I live in Oslo.", "Oslo"), "zh": ("我住在成都。", "成都")}


class GatedEmbedder(HashingEmbedder):
    """Hashing vectors; once `hold` is set, an embed call waits for `release` (a write caught mid-node)."""

    def __init__(self) -> None:
        super().__init__()
        self.hold, self.entered, self.release = False, threading.Event(), threading.Event()

    def embed(self, texts):
        if self.hold:
            self.entered.set()
            assert self.release.wait(10), "the test never released the embedder"
        return super().embed(texts)


def _graph(store: MemoryStore, agent=None):
    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", agent or (lambda state: {"messages": [("ai", "ok")]}))
    builder.add_edge(START, "agent").add_edge("agent", END)
    return add_memory(builder, store, agent="agent").compile()


def _objects(home, user: str) -> list[str]:
    with MemoryStore(home, embedder="hashing") as store:
        return [r.object for r in store.find(None) if r.scope.user_id == user]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_close_waits_for_a_write_that_is_running(tmp_path, lang):
    said, value = SAID[lang]
    embedder = GatedEmbedder()
    store = MemoryStore(tmp_path / "home", embedder=embedder)
    graph = _graph(store)
    graph.invoke({"messages": [("user", "hello")]}, context=MemoryContext(user_id="warm"))
    embedder.hold = True
    results: dict[str, object] = {}
    turn = threading.Thread(target=lambda: results.update(
        out=graph.invoke({"messages": [("user", said)]}, context=MemoryContext(user_id="ada"))))
    turn.start()
    assert embedder.entered.wait(10)  # the turn is inside a memory node now
    closer = threading.Thread(target=store.close)
    closer.start()
    closer.join(0.3)
    assert closer.is_alive(), "close() returned while a memory node was still running"
    embedder.release.set()
    turn.join(10)
    closer.join(10)
    assert not closer.is_alive() and store.closed
    assert results["out"]["memory_write_error"] is None
    assert any(value in o for o in _objects(tmp_path / "home", "ada"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_store_closed_between_recall_and_write_answers_and_says_unstored(tmp_path, lang):
    said, _ = SAID[lang]
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    store.close_wait = 0.1  # close() waits that long for the turn's write, which comes only after it

    def agent(state):
        store.close()  # the app shuts down while the model answers, and does not wait long enough
        return {"messages": [("ai", "ok")]}

    out = _graph(store, agent).invoke({"messages": [("user", said)]}, context=MemoryContext(user_id="ada"))
    assert out["messages"][-1].content == "ok"
    assert out["memory_written"] == []
    assert "closed" in str(out["memory_write_error"])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_turn_started_after_close_still_raises(tmp_path, lang):
    said, _ = SAID[lang]
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    graph = _graph(store)
    store.close()
    with pytest.raises(StoreClosedError):
        graph.invoke({"messages": [("user", said)]}, context=MemoryContext(user_id="ada"))


def test_aclose_lets_the_running_async_turns_finish(tmp_path):
    embedder = GatedEmbedder()
    store = MemoryStore(tmp_path / "home", embedder=embedder)
    graph = _graph(store)
    turns = [(f"u{i}", SAID["en" if i % 2 else "zh"][0]) for i in range(6)]

    async def main():
        await graph.ainvoke({"messages": [("user", "hello")]}, context=MemoryContext(user_id="warm"))
        embedder.hold = True
        tasks = [asyncio.create_task(graph.ainvoke({"messages": [("user", said)]}, context=MemoryContext(user_id=u)))
                 for u, said in turns]
        await asyncio.to_thread(embedder.entered.wait, 10)
        closing = asyncio.create_task(store.aclose())
        await asyncio.sleep(0.2)
        assert not closing.done(), "aclose() returned while memory nodes were still running"
        embedder.release.set()
        outs = await asyncio.gather(*tasks, return_exceptions=True)
        await closing
        return outs

    outs = asyncio.run(main())
    assert store.closed
    assert not [o for o in outs if isinstance(o, BaseException)], outs
    stored = {u for u, _ in turns if _objects(tmp_path / "home", u)}
    written = {u for (u, _), o in zip(turns, outs, strict=True) if o["memory_write_error"] is None}
    assert stored == written and written, (stored, written)


def test_close_on_the_event_loop_does_not_wait_for_the_loops_own_nodes(tmp_path, caplog):
    embedder = GatedEmbedder()
    store = MemoryStore(tmp_path / "home", embedder=embedder)
    graph = _graph(store)

    async def main():
        embedder.hold = True
        task = asyncio.create_task(graph.ainvoke({"messages": [("user", "I live in Oslo.")]},
                                                 context=MemoryContext(user_id="ada")))
        await asyncio.to_thread(embedder.entered.wait, 10)
        with caplog.at_level(logging.WARNING, logger="langmem_nodes.store.memory_store"):
            embedder.release.set()
            store.close()  # on the loop: must not block it waiting for the task above
        return await asyncio.gather(task, return_exceptions=True)

    asyncio.run(main())
    assert store.closed
    assert "aclose" in caplog.text


@pytest.mark.parametrize("said", ["I live in Oslo.", "我住在成都。", "Please forget where I live.", "忘掉我住在哪。", "hello"])
def test_every_finished_turn_lets_close_go_at_once(tmp_path, said):
    # a forget request's write returned before the write stage and left close() waiting 30 s for it
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    graph = _graph(store)
    graph.invoke({"messages": [("user", "I live in Oslo.")]}, context=MemoryContext(user_id="ada"))
    graph.invoke({"messages": [("user", said)]}, context=MemoryContext(user_id="ada"))
    asyncio.run(graph.ainvoke({"messages": [("user", said)]}, context=MemoryContext(user_id="bob")))
    assert not store._waiting_for()  # nothing for close() to wait for
    store.close()
