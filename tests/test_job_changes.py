"""A new job said as a change replaces the old employer (newcomer21 M1: "I left Google and joined Stripe last week."
was a "past episode" and Google stayed current; "我现在在腾讯上班了。" parsed nothing)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, create_write_graph

CTX = MemoryContext(user_id="ada", session_id="s1")


@pytest.mark.parametrize(("before", "change", "now"), [
    ("I work at Google.", "I left Google and joined Stripe last week.", "Stripe"),
    ("I work at Google.", "I started at Stripe last month.", "Stripe"),
    ("I work at Google.", "I joined Stripe as an SRE.", "Stripe"),
    ("我在阿里上班。", "我现在在腾讯上班了。", "腾讯"),
    ("我在阿里上班。", "我已经在字节上班了。", "字节"),
])
def test_the_new_employer_replaces_the_old(before, change, now, store) -> None:
    g = create_write_graph(store).compile()
    g.invoke({"messages": [HumanMessage(before)]}, context=CTX)
    g.invoke({"messages": [HumanMessage(change)]}, context=CTX)
    assert [r.object for r in store.find(None) if r.predicate == "works_at"] == [now]


@pytest.mark.parametrize("text", ["I joined a gym last week.", "我在家工作了三天了。", "I started at 9am today."])
def test_no_employer_from_other_joins_and_durations(text, store) -> None:
    out = create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]}, context=CTX)
    assert not [w for w in out["memory_written"] if w.get("predicate") in ("works_at", "works_in")]


@pytest.mark.parametrize("text", ["I've gone vegan now.", "I’ve gone fully vegan.", "I went vegan in January."])
def test_gone_vegan_is_the_users_diet(text, store) -> None:
    out = create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]}, context=CTX)
    assert [(w["predicate"], w["object"]) for w in out["memory_written"]] == [("diet", "vegan")]


def test_a_change_whose_value_the_message_gives_is_not_in_doubt(store) -> None:
    """newcomer21 L4: the job was stored and also reported as "a change without its new value"."""
    g = create_write_graph(store).compile()
    out = g.invoke({"messages": [HumanMessage("I switched jobs again, I work at Anthropic now.")]}, context=CTX)
    assert [w["object"] for w in out["memory_written"]] == ["Anthropic"] and out["memory_skipped"] == []
    alone = g.invoke({"messages": [HumanMessage("我换工作了。")]}, context=CTX)
    assert [s["reason"] for s in alone["memory_skipped"]] == ["a change without its new value: the current value needs confirmation"]
