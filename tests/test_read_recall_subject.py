"""RecallNode subject_boost: memories about the person a query names rank higher (en and zh)."""

from __future__ import annotations

import pytest

from langmem_nodes.read import RecallNode
from langmem_nodes.read.query import QueryNode
from langmem_nodes.read.recall import names_subject
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

ADA = MemoryContext(user_id="ada")


def add(store, text, subject):
    rec = MemoryRecord(text=text, subject=subject, scope=Scope(user_id="ada"))
    store.commit(add=[rec])
    return rec


def recall(store, text, **kw):
    q = QueryNode().run({"messages": [("user", text)]}, ADA, None)["memory_query"]
    return RecallNode(store, fusion="bm25", **kw).run({"memory_query": q}, ADA, None)["memory_hits"]


def test_names_subject_whole_words_casefolded_and_cjk_substrings():
    assert names_subject("When did CAROLINE go to the support group?", "Caroline")
    assert not names_subject("When did Carolines go?", "Caroline")  # a whole word, not a prefix
    assert not names_subject("When did Mel go?", "Melanie")
    assert names_subject("What does Jean-Luc like?", "jean-luc")
    assert names_subject("小明上周去了哪里？", "小明")
    assert not names_subject("小红上周去了哪里？", "小明")
    assert not names_subject("anything", "   ")


@pytest.mark.parametrize(("query", "me", "other", "alice", "bob"), [
    ("Did Alice go hiking in the hills?", "Alice", "Bob", "I did some hiking", "hiking in the hills"),
    ("小红去山里徒步了吗？", "小红", "小明", "我去徒步了", "去山里徒步了"),
])
def test_boost_lifts_the_named_subjects_memory(store, query, me, other, alice, bob):
    mine = add(store, alice, me)
    theirs = add(store, bob, other)
    off = recall(store, query)
    on = recall(store, query, subject_boost=1.0)
    assert {h.record.id for h in off} == {mine.id, theirs.id} == {h.record.id for h in on}
    assert off[0].record.id == theirs.id and "subject" not in off[0].breakdown  # the text alone favours the other
    top = on[0]
    assert top.record.id == mine.id and top.breakdown["subject"] == 1.0
    assert next(h for h in on if h.record.id == theirs.id).breakdown["subject"] == 0.0
    assert all(0.0 <= h.score <= 1.0 and h.score == h.breakdown["sim"] for h in on)
    by_id = {h.record.id: h.score for h in off}
    assert on[0].score == pytest.approx((by_id[mine.id] + 1.0) / 2.0)


def test_boost_does_not_reorder_when_no_subject_is_named(store):
    add(store, "Alice: I love green tea", "Alice")
    add(store, "Bob: green tea every morning, green tea at night", "Bob")
    off = [h.record.id for h in recall(store, "who likes green tea?")]
    on = [h.record.id for h in recall(store, "who likes green tea?", subject_boost=0.5)]
    assert on == off


@pytest.mark.parametrize("bad", [-0.1, 11.0])
def test_bad_boost_raises(store, bad):
    with pytest.raises(ValueError, match="subject_boost"):
        RecallNode(store, subject_boost=bad)
