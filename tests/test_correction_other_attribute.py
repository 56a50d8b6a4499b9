"""A correction naming the old value lands even when the old value was stored under another attribute
("My favourite browser is Opera." then "Actually I switched to Vivaldi, not Opera.") — a newcomer's high
finding 3a; the same thread, en + zh. Sentences are new (not the newcomer's)."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

CASES = {
    "en-favourite-then-switch": ("My favourite browser is Opera.", "Actually, I switched to Vivaldi last week, not Opera.",
                                 "Vivaldi", "Opera"),
    "en-favourite-then-use": ("My favourite shell is bash.", "Oh wait, I use fish now, not bash.", "fish", "bash"),
    "zh-favourite-then-switch": ("我最喜欢的浏览器是 Opera。", "不对，我现在用 Vivaldi，不是 Opera 了。", "Vivaldi", "Opera"),
}


@pytest.mark.parametrize("case", CASES)
def test_the_named_old_value_is_superseded_across_attributes(store, case) -> None:
    first, fix, new, old = CASES[case]
    ctx = MemoryContext(user_id="ada", session_id="s1")
    graph = create_write_graph(store).compile()
    graph.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    assert any(old in r.text for r in store.find(None, statuses=(Status.ACTIVE,)))
    graph.invoke({"messages": [HumanMessage(first), AIMessage("Noted."), HumanMessage(fix)]}, context=ctx)
    active = [r.text for r in store.find(None, statuses=(Status.ACTIVE,))]
    assert any(new in t for t in active), active
    assert not any(old in t for t in active), active


def test_another_users_value_is_never_touched(store) -> None:
    graph = create_write_graph(store).compile()
    bob = MemoryContext(user_id="bob", session_id="b1")
    graph.invoke({"messages": [HumanMessage("My favourite browser is Opera.")]}, context=bob)
    ada = MemoryContext(user_id="ada", session_id="a1")
    graph.invoke({"messages": [HumanMessage("Actually, I switched to Vivaldi last week, not Opera.")]}, context=ada)
    bobs = [r.text for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == "bob"]
    assert any("Opera" in t for t in bobs), bobs
