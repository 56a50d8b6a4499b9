"""A corrected value said as an estimate or as what holds lately (issue #16): "these days it's more like X",
"closer to X", "最近更像是X", "更接近X". The frame is dropped and X replaces the earlier value of the same thing,
with a correction word or (after an earlier value) without one; "more like a hobby" names a kind, no value. en + zh."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

CASES = {  # earlier user turn, later turn, old value, new value
    "en-these-days-routine": ("I run about 15 km a week.", "oh wait, these days it's more like 25 km a week.",
                              "15 km a week", "25 km a week"),
    "en-nowadays-no-marker": ("my favourite author is Ursula Le Guin", "hmm, nowadays it's more like Ted Chiang",
                              "Ursula Le Guin", "Ted Chiang"),
    "en-wrong-more-like": ("i swim about 2 km a week, any drills?", "I was wrong, it's more like 4 km a week.",
                           "2 km a week", "4 km a week"),
    "zh-zuijin-gengxiang": ("我最喜欢的歌手是周杰伦。", "哦不对，最近更像是陈奕迅。", "周杰伦", "陈奕迅"),
    "zh-no-marker": ("我最喜欢的作家是余华。", "嗯，现在更像是刘慈欣。", "余华", "刘慈欣"),
}


def _active(store, user):
    return [r for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == user]


@pytest.mark.parametrize("case", CASES)
def test_an_estimated_value_corrects_the_earlier_one(store, case) -> None:
    first, fix, old_word, new_word = CASES[case]
    g, ctx = create_write_graph(store).compile(), MemoryContext(user_id="ce", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = [r for r in _active(store, "ce") if r.object == old_word]
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    (new,) = [r for r in _active(store, "ce") if r.object == new_word]
    assert new.source.value == "explicit_correction" and new.predicate == old.predicate
    assert store.get(old.id).status is Status.SUPERSEDED


KINDS = {  # "more like a hobby" / "更像是个爱好" describes the thing; the held value stays, nothing corrected
    "en": ("my favourite sport is climbing", "honestly it's more like a hobby than a sport", "climbing"),
    "zh": ("我最喜欢的运动是攀岩。", "其实更像是个爱好吧。", "攀岩"),
}


@pytest.mark.parametrize("case", KINDS)
def test_a_kind_said_as_more_like_corrects_nothing(store, case) -> None:
    first, later, old_word = KINDS[case]
    g, ctx = create_write_graph(store).compile(), MemoryContext(user_id="ck", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    out = g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(later)]}, context=ctx)
    assert all(w["source"] != "explicit_correction" for w in out["memory_written"])
    assert [r for r in _active(store, "ck") if r.object == old_word]
