"""A failure inside the default memory nodes of `add_memory` (a broken index, text a tokenizer rejects) never
takes the user's turn down: the reply comes back, the failure is in `memory_recall_error` / `memory_write_error`."""

from __future__ import annotations

import asyncio
import logging

import numpy as np
import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory
from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.store import MemoryStore

CTX = MemoryContext(user_id="ada", session_id="s1")


class BreakableEmbedder(HashingEmbedder):
    """The fake embedder, until `broken` is set: then every encode raises (an index or model going away)."""

    broken = False

    def _encode(self, texts: list[str]) -> np.ndarray:
        if self.broken:
            raise RuntimeError("vector index unavailable")
        return super()._encode(texts)


def _graph(store: MemoryStore):
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [AIMessage("Here is my answer.")]})
    b.add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent").compile()


@pytest.mark.parametrize("said", ["Remember that I prefer dark mode.", "记住，我喜欢深色模式。"], ids=["en", "zh"])
def test_a_broken_index_leaves_the_reply_and_says_what_failed(tmp_path, said, caplog) -> None:
    emb = BreakableEmbedder()
    store = MemoryStore(tmp_path / "home", embedder=emb)
    try:
        graph = _graph(store)
        emb.broken = True
        with caplog.at_level(logging.WARNING, logger="langmem_nodes"):
            out = graph.invoke({"messages": [HumanMessage(said, id="u1")]}, context=CTX)
        assert out["messages"][-1].content == "Here is my answer."
        assert out["memory_injection"] == "" and out["memory_injected_ids"] == []
        assert out["memory_recall_error"] == {"stage": "recall", "error": "RuntimeError: vector index unavailable"}
        assert out["memory_write_error"]["stage"] == "write" and out["memory_written"] == []
        assert any("memory recall failed" in r.getMessage() for r in caplog.records)
        emb.broken = False  # the next turn works again and clears the errors
        out = graph.invoke({"messages": [*out["messages"], HumanMessage(said, id="u2")]}, context=CTX)
        assert out["memory_recall_error"] is None and out["memory_write_error"] is None
        assert len(out["memory_written"]) == 1
    finally:
        store.close()


def test_async_turn_degrades_the_same_way(tmp_path) -> None:
    emb = BreakableEmbedder()
    store = MemoryStore(tmp_path / "home", embedder=emb)
    try:
        emb.broken = True
        out = asyncio.run(_graph(store).ainvoke({"messages": [HumanMessage("I use Vim.", id="u1")]}, context=CTX))
        assert out["messages"][-1].content == "Here is my answer."
        assert out["memory_recall_error"]["stage"] == "recall" and out["memory_write_error"]["stage"] == "write"
    finally:
        store.close()


@pytest.mark.parametrize("said", ["I like rust \udcff", "我喜欢 Rust \ud800，也用 Go"], ids=["en", "zh"])
def test_a_lone_surrogate_reaches_the_real_tokenizer_as_a_replacement_character(minilm_store, said) -> None:
    from langmem_nodes.tools import create_search_memory_tool

    out = _graph(minilm_store).invoke({"messages": [HumanMessage(said, id="u1")]}, context=CTX)
    assert out["messages"][-1].content == "Here is my answer."
    assert out.get("memory_recall_error") is None
    tool = create_search_memory_tool(minilm_store)
    reply = tool.func("\udcff rust", runtime=type("R", (), {"context": CTX, "config": {}})())  # type: ignore[union-attr]
    assert reply.startswith("[")


@pytest.mark.parametrize("said", ["Remember that I prefer dark mode.", "记住，我喜欢深色模式。"], ids=["en", "zh"])
def test_a_plain_function_extractor_that_raises_is_reported_in_state_honestly(tmp_path, said, caplog) -> None:
    """newcomer F3: `add_memory` hid `memory_extract_error`, and the warning blamed "the model" and a "none fallback"."""
    from langmem_nodes.turn import WriteTurn

    def broken(text: str) -> list[str]:
        raise ValueError("my parser broke")

    store = MemoryStore(tmp_path / "home", embedder=HashingEmbedder(dim=64))
    try:
        b = StateGraph(MemoryState, context_schema=MemoryContext)
        b.add_node("agent", lambda s: {"messages": [AIMessage("Here is my answer.")]})
        b.add_edge(START, "agent").add_edge("agent", END)
        graph = add_memory(b, store, agent="agent", write_graph=WriteTurn(store, extractor=broken)).compile()
        with caplog.at_level(logging.WARNING, logger="langmem_nodes"):
            out = graph.invoke({"messages": [HumanMessage(said, id="u1")]}, context=CTX)
        err = out["memory_extract_error"]
        assert err["error"] == "ValueError: my parser broke" and err["fallback"] == "none"
        assert err["reason"] == ("extract: extractor 'broken' raised (ValueError: my parser broke); "
                                 "nothing was extracted from this turn")
        warned = [r.getMessage() for r in caplog.records if "memory degraded" in r.getMessage()]
        assert warned == [f"memory degraded: {err['reason']}"]
        assert [s["reason"] for s in out["memory_skipped"] if s["action"] == "model_error"] == [err["reason"]]
        assert out["memory_written"] == [] and out["messages"][-1].content == "Here is my answer."
    finally:
        store.close()
