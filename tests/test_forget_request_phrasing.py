"""Natural ways to ask for forgetting ("Please forget that I'm vegetarian", "Don't remember my cat") are forget
requests: the memory goes, and nothing of the request is stored; anaphoric or unrelated phrasings are not."""

from __future__ import annotations

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.governance.forget_node import is_forget_request, request_topic
from langmem_nodes.records import Status

REQUESTS = [
    ("Please forget that I'm vegetarian.", "I'm vegetarian"),
    ("forget that I live in Oslo", "I live in Oslo"),
    ("Can you forget that my sister is called Ana?", "sister is called Ana"),
    ("Don't remember my cat.", "cat"),
    ("Please don't remember where I work.", "where I work"),
    ("Stop remembering that I smoke.", "I smoke"),
    ("Do not store my address.", "address"),
    ("不用再记着我的猫了", "我的猫"),
    ("别记住我抽烟这件事", "我抽烟"),
    ("hey could you drop whatever you have on where I live?", "where I live"),  # newcomer5 F9
    ("pls stop remembering my allergy stuff", "allergy stuff"),
    ("把我喝茶的那条记忆删掉吧", "我喝茶"),
]
NOT_REQUESTS = ["Forget that.", "Forget it, I'll do it myself.", "Forget that idea, let's use Redis.",
                "Don't forget to call mom.", "I don't remember my password.", "Don't remember, sorry.",
                "Forget that, what's the weather?", "忘了吧", "我不记得我的密码了",
                "hey could you drop the table?", "把这个文件删掉吧", "pls stop", "clear the cache please", "drop it",
                "把我的聊天记录删了"]


@pytest.mark.parametrize(("text", "topic"), REQUESTS)
def test_natural_forget_phrasings_are_requests(text, topic):
    assert is_forget_request(text)
    assert request_topic(text).strip(" .!?。") == topic


@pytest.mark.parametrize("text", NOT_REQUESTS)
def test_anaphoric_or_unrelated_phrasings_are_not_requests(text):
    assert not is_forget_request(text)


def _graph(store):
    def agent(state: MemoryState):
        return {"messages": [("ai", "ok")]}

    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    return add_memory(builder, store, agent="agent").compile()


@pytest.mark.parametrize(("said", "asked", "gone"), [
    ("Remember that I'm vegetarian.", "Please forget that I'm vegetarian.", "vegetarian"),
    ("Remember that I have a cat named Miso.", "Don't remember my cat.", "Miso"),
    ("记住：我的猫叫咪咪。", "不用再记着我的猫了", "咪咪"),
    ("Remember that I live in Porto.", "hey could you drop whatever you have on where I live?", "Porto"),
    ("Remember that I'm allergic to shellfish.", "pls stop remembering my allergy stuff", "shellfish"),
    ("记住：我的猫叫咪咪。", "把关于我的猫的那条记忆删掉吧", "咪咪"),
])
def test_the_memory_goes_and_the_request_stores_nothing(tmp_path, said, asked, gone):
    store = MemoryStore(str(tmp_path), embedder=HashingEmbedder())
    graph = _graph(store)
    graph.invoke({"messages": [("user", said)]}, context=MemoryContext(user_id="ada", session_id="s1"))
    assert any(gone in r.text for r in store.find(None, statuses=(Status.ACTIVE,)))
    out = graph.invoke({"messages": [("user", asked)]}, context=MemoryContext(user_id="ada", session_id="s2"))
    active = [r.text for r in store.find(None, statuses=(Status.ACTIVE,))]
    assert not any(gone in t for t in active), active
    assert active == [], active  # no "never remember my cat" rule
    assert out["memory_skipped"][0]["reason"] == "forget request"
    store.close()
