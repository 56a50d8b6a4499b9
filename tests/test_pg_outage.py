"""PostgreSQL stops in the middle of a session (`pg_ctl stop -m fast`) and comes back: every read + write turn
goes on during the outage, with the failure in `memory_recall_error` / `memory_write_error`, and once the server
is back the store reconnects by itself (a fresh pool), storing and recalling again. Timings: evals/pg_outage.py."""

from __future__ import annotations

import time

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory
from langmem_nodes.store import MemoryStore

CTX = MemoryContext(user_id="ada")


@pytest.fixture(scope="module")
def cluster():
    """A cluster of its own: these tests stop and restart the server."""
    from langmem_nodes.store.pgcluster import LocalPostgres, PostgresUnavailable

    try:
        pg = LocalPostgres().start()
    except PostgresUnavailable as exc:
        pytest.skip(f"PostgreSQL cases skipped: {exc}")
    yield pg
    pg.stop()


def _graph(store: MemoryStore):
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [AIMessage("Here is my answer.")]})
    b.add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent").compile()


def _turn(graph, text: str) -> dict:
    return graph.invoke({"messages": [HumanMessage(text)]}, context=CTX)


def _recalled(out: dict) -> str:
    return (out.get("memory_stable") or "") + (out.get("memory_injection") or "")


def _until_recovered(graph, text: str) -> dict:
    """The first turn, retried for up to 30 s, that neither recall nor write failed (the store reconnects
    in the background, so the turn right after the restart may still be skipped)."""
    deadline = time.monotonic() + 30
    while True:
        out = _turn(graph, text)
        if not out.get("memory_recall_error") and not out.get("memory_write_error") or time.monotonic() > deadline:
            return out
        time.sleep(0.2)


@pytest.mark.parametrize(("stored", "question", "needle", "moved", "where", "city"), [
    ("Remember that I'm allergic to kiwi.", "What am I allergic to?", "kiwi",
     "Remember that I live in Quito.", "Where do I live?", "Quito"),
    ("记住：我对猕猴桃过敏。", "我对什么过敏？", "猕猴桃", "记住：我住在杭州。", "我住在哪里？", "杭州"),
], ids=["en", "zh"])
def test_turns_go_on_while_the_server_is_down_and_memory_returns_after(
        cluster, tmp_path, stored, question, needle, moved, where, city) -> None:
    store = MemoryStore(tmp_path / "home", embedder="hashing", database_url=cluster.new_schema())
    try:
        graph = _graph(store)
        assert _turn(graph, stored)["memory_written"]
        assert needle in _recalled(_turn(graph, question))
        cluster.pause()
        try:
            for text in (question, moved, "hello again"):
                out = _turn(graph, text)
                assert out["messages"][-1].content == "Here is my answer."
                assert out["memory_recall_error"]["stage"] == "recall"
                assert out["memory_write_error"]["stage"] == "write"
                for failed in (out["memory_recall_error"], out["memory_write_error"]):  # said, not a pool wait
                    assert "PostgreSQL at 127.0.0.1" in failed["error"] and "unreachable" in failed["error"]
                assert out["memory_written"] == [] and out["memory_injection"] == ""
        finally:
            cluster.resume()
        out = _until_recovered(graph, moved)
        assert not out.get("memory_recall_error") and not out.get("memory_write_error")
        assert city in _recalled(_turn(graph, where))
        assert needle in _recalled(_turn(graph, question))
    finally:
        store.close()


def test_a_restart_between_turns_costs_no_turn(cluster, tmp_path) -> None:
    """The pool's connections die with the server; the next read finds one dead, sees the server answer,
    and retries on a fresh connection instead of failing the turn."""
    store = MemoryStore(tmp_path / "home", embedder="hashing", database_url=cluster.new_schema())
    try:
        graph = _graph(store)
        assert _turn(graph, "Remember that I'm allergic to kiwi.")["memory_written"]
        cluster.pause()
        cluster.resume()
        out = _turn(graph, "What am I allergic to?")
        assert out.get("memory_recall_error") is None and "kiwi" in _recalled(out)
        out = _turn(graph, "Remember that I live in Quito.")
        assert out.get("memory_write_error") is None and out["memory_written"]
    finally:
        store.close()
