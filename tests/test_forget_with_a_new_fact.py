"""A forget request and a new statement in one message (newcomer10 H4): "Please forget where I live. Also, I now
use Helix." forgets the address only and stores Helix, which replaces Vim; the request itself stores nothing."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.governance.forget_phrases import split_request


@pytest.fixture
def chat(tmp_path):
    store = MemoryStore(tmp_path / "home")  # the default embedder
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda state: {"messages": [AIMessage("ok")]}).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(b, store, agent="agent").compile()
    ctx = MemoryContext(user_id="u")

    def say(text: str) -> dict:
        return graph.invoke({"messages": [("user", text)]}, context=ctx)

    yield say, store
    store.close()


@pytest.mark.parametrize("seed, request_, gone, new, old", [
    ("Remember that I live in Porto and I use Vim.", "Please forget where I live. Also, I now use Helix.",
     "Porto", "Helix", "Vim"),
    ("记住：我住在成都，我用 Vim。", "忘掉我住在哪。另外，我现在改用 Helix 了。", "成都", "Helix", "Vim"),
])
def test_the_request_forgets_and_the_statement_is_written(chat, seed, request_, gone, new, old):
    say, store = chat
    say(seed)
    out = say(request_)
    active = {r.object for r in store.find(None)}
    assert not any(gone in o for o in active), active
    assert new in active and old not in active, active
    assert {"reason": "forget request", "text": ""} in out["memory_skipped"]
    assert out.get("memory_recall_error") is None and out.get("memory_write_error") is None
    assert not any(w in (out.get("memory_injection") or "") for w in ("kept", "保留"))  # nothing left to ask about


@pytest.mark.parametrize("request_", ["Please forget where I live.", "忘掉我住在哪。",
                                      "Can you erase the mental health stuff? Both the ADHD and the therapy."])
def test_a_message_that_only_asks_to_forget_writes_nothing(chat, request_):
    say, store = chat
    out = say(request_)
    assert out["memory_written"] == [] and out["memory_skipped"] == [{"reason": "forget request", "text": ""}]
    assert out.get("memory_recall_error") is None and out.get("memory_write_error") is None
    assert split_request(request_) == (request_, "")
