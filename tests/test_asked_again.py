"""A memory shown on an earlier turn comes back when a later question needs it (newcomer10 H2): the prompt
carries only this turn's block, so an earlier block is gone from what the model sees."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory


@pytest.mark.parametrize("turns, question, answer", [
    (["Remember that I prefer tabs."], "Do I prefer tabs or spaces?", "tabs"),
    (["I mostly write Python and I use Vim.", "Actually no, I use Helix, not Vim.",
      "Our project uses PostgreSQL 15 for the database."], "Which editor do I use?", "Helix"),
    (["记住：我用 Tab 缩进。"], "我用 Tab 还是空格缩进？", "Tab"),
    (["记住：我住在成都。", "今天好累。"], "我住在哪？", "成都"),
])
def test_a_memory_shown_before_is_injected_again_when_asked(tmp_path, turns, question, answer):
    store = MemoryStore(tmp_path / "home")  # the default embedder
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda state: {"messages": [AIMessage("ok")]}).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(b, store, agent="agent").compile(checkpointer=InMemorySaver())
    cfg, ctx = {"configurable": {"thread_id": "t"}}, MemoryContext(user_id="u")
    shown = []
    for t in turns:
        shown += graph.invoke({"messages": [("user", t)]}, cfg, context=ctx)["memory_injected_ids"]
    out = graph.invoke({"messages": [("user", question)]}, cfg, context=ctx)
    assert answer in out["memory_injection"], (out["memory_injection"], shown)
    store.close()
