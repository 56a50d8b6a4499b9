"""newcomer13 M8: "你就当我没说过我有个弟弟" did not reach «User's brother is called Tim» (Chinese has two words for
one English "brother"), and a forget request's own words pulled unrelated memories into the reply."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.records import Status
from langmem_nodes.turn import RecallTurn
from langmem_nodes.write.graph import create_write_graph

ADA = MemoryContext(user_id="ada")


@pytest.fixture
def store(tmp_path):
    s = MemoryStore(tmp_path)  # the default embedder: the two languages live in separate halves
    yield s
    s.close()


def _say(store, *said):
    graph = create_write_graph(store).compile()
    for text in said:
        graph.invoke({"messages": [HumanMessage(text)]}, context=ADA)


def _active(store):
    return sorted(r.text for r in store.find(None) if r.status is Status.ACTIVE)


@pytest.mark.parametrize(("stored", "asked_to_forget", "gone"), [
    ("I have a brother named Tim.", "你就当我没说过我有个弟弟。", "Tim"),
    ("My sister is called Rose.", "忘掉我妹妹的名字", "Rose"),
    ("我哥哥叫大伟。", "Forget my brother's name.", "大伟"),
    ("我姐姐叫小红。", "Please forget that I have a sister.", "小红"),
    ("I have a brother named Tim.", "你就当我没说过我有个弟弟。", "Tim"),
])
def test_a_request_reaches_the_relative_named_in_the_other_language(store, stored, asked_to_forget, gone):
    _say(store, stored, "I live in Oslo.", "我住在卑尔根。", "不对，我在微软上班，不是谷歌。")
    out = RecallTurn(store).run({"messages": [HumanMessage(asked_to_forget)]}, ADA, None)
    assert not [t for t in _active(store) if gone in t]
    assert len(_active(store)) == 2  # nothing else forgotten: the city (卑尔根 replaced Oslo) and the employer
    assert gone in out["memory_injection"] and out["memory_injected_ids"] == []  # the notice only


def test_two_words_for_brother_are_two_people(store):
    _say(store, "My brother is called Tim.", "我弟弟叫小明。")
    assert len(_active(store)) == 2


@pytest.mark.parametrize(("asked_to_forget", "asked"), [
    ("Please forget where I live. Also, which editor do I use?", "Helix"),
    ("忘掉我住在哪。另外，我用什么编辑器？", "Helix"),
])
def test_what_the_message_says_besides_the_request_is_recalled(store, asked_to_forget, asked):
    _say(store, "I live in Oslo.", "I use Helix as my editor.", "I'm allergic to shrimp.")
    out = RecallTurn(store).run({"messages": [HumanMessage(asked_to_forget)]}, ADA, None)
    assert asked in out["memory_injection"] and "shrimp" not in out["memory_injection"]
    assert out["memory_stable"]


@pytest.mark.parametrize(("asked_to_forget", "word"), [("Please forget that I'm allergic to shrimp.", "shrimp"),
                                                     ("请忘掉我对虾过敏这件事。", "虾")])
def test_a_request_alone_brings_no_other_memory(store, asked_to_forget, word):
    _say(store, "I live in Oslo.", "I use Helix as my editor.", "I'm allergic to shrimp.", "我住在奥斯陆。", "我对虾过敏。")
    out = RecallTurn(store).run({"messages": [HumanMessage(asked_to_forget)]}, ADA, None)
    assert out["memory_injected_ids"] == [] and word in out["memory_injection"]
    assert not [t for t in _active(store) if word in t]
