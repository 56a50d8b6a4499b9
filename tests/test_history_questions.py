"""A question about the past ("where did I live before?", "我以前住在哪儿？") gets the value a memory replaced,
with when it was stated and when it was replaced; other questions do not, and nothing crosses scopes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph

T0 = datetime(2026, 10, 1, tzinfo=UTC)
ADA, BOB = MemoryContext(user_id="ada"), MemoryContext(user_id="bob")
CASES = {
    "en": (["I live in Lisbon.", "Actually I live in Porto now, not Lisbon."], "Where did I live before?", "Where do I live?",
           "earlier: «User lives in Lisbon» (stated 45 days ago, replaced 25 days ago)"),
    "zh": (["我住在北京。", "不对，我现在住在上海，不是北京。"], "我以前住在哪儿？", "我住在哪？", "此前：«用户住在北京»（45 天前所说，25 天前被取代）"),
}


@pytest.fixture
def default_store(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home") as store:  # the default embedder (minilm+e5): both languages
        yield store


@pytest.mark.integration
@pytest.mark.parametrize("lang", CASES)
def test_a_history_question_sees_the_replaced_value(default_store, lang) -> None:
    said, past, present, note = CASES[lang]
    for i, text in enumerate(said):
        graph = create_write_graph(default_store, clock=lambda i=i: T0 + timedelta(days=20 * i)).compile()
        graph.invoke({"messages": [("user", text)]}, context=ADA)
    read = create_read_graph(default_store, clock=lambda: T0 + timedelta(days=45)).compile()
    before = read.invoke({"messages": [("user", past)]}, context=ADA)
    (hit,) = before["memory_selected"]
    assert hit.note.startswith(note)
    now = read.invoke({"messages": [("user", present)]}, context=ADA)
    assert [h.record.text for h in now["memory_selected"]] == [hit.record.text]
    assert all("Lisbon" not in (h.note or "") and "北京" not in (h.note or "") for h in now["memory_selected"])
    assert read.invoke({"messages": [("user", past)]}, context=BOB)["memory_selected"] == []
