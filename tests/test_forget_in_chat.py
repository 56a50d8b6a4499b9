"""A forget request said to the default agent ("Please forget where I live", "忘掉我的地址") is carried out:
the memories it names are deleted, the model is told what was forgotten, the next turn does not see them,
and the memory home holds no byte of them; other memories and other users stay."""

from __future__ import annotations

import os

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.governance.forget_node import is_forget_request

CASES = {
    "en": ("Remember that I live at 7 Larkspur Lane in Exeter.", "Remember that I take my coffee black.",
           "Please forget where I live.", "Where do I live?", ("Larkspur", "Exeter"), "coffee"),
    "zh": ("记住：我住在杭州市西湖区龙井路12号。", "记住：我喜欢喝普洱茶。", "忘掉我的地址", "我住在哪里？",
           ("龙井路", "西湖区"), "普洱"),
}


def _agent_graph(store):
    def agent(state):
        return {"messages": [AIMessage("ok")]}

    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent").compile()


def _home_has(home, needle: str) -> bool:
    for root, _, files in os.walk(home):
        for f in files:
            with open(os.path.join(root, f), "rb") as fh:
                data = fh.read()
            if needle.encode() in data or needle.encode("utf-16-le") in data:
                return True
    return False


@pytest.mark.integration
@pytest.mark.parametrize("lang", CASES)
def test_a_forget_request_in_plain_chat_forgets_and_says_so(tmp_path, lang):
    address, other, request, question, needles, kept = CASES[lang]
    home = tmp_path / "home"
    store = MemoryStore(home)
    g = _agent_graph(store)
    ada, bob = MemoryContext(user_id="ada", session_id="s1"), MemoryContext(user_id="bob", session_id="s1")
    for text in (address, other):
        g.invoke({"messages": [("user", text)]}, context=ada)
    g.invoke({"messages": [("user", address)]}, context=bob)
    out = g.invoke({"messages": [("user", request)]}, context=MemoryContext(user_id="ada", session_id="s2"))
    assert "forgot" in out["memory_injection"].lower() or "忘" in out["memory_injection"]
    assert any(n in out["memory_injection"] for n in needles)  # the user is told what was forgotten
    assert out["memory_written"] == []
    after = g.invoke({"messages": [("user", question)]}, context=MemoryContext(user_id="ada", session_id="s3"))
    assert not any(n in after["memory_injection"] + after["memory_stable"] for n in needles)
    assert kept in after["memory_stable"]  # the unrelated memory stays
    assert any(needles[0] in r.text for r in store.find(None) if r.scope.user_id == "bob")  # bob's stays
    store.close()


@pytest.mark.integration
@pytest.mark.parametrize("lang", CASES)
def test_the_home_is_byte_clean_after_a_forget_request(tmp_path, lang):
    address, other, request, _, needles, _ = CASES[lang]
    home = tmp_path / "home"
    store = MemoryStore(home)
    g = _agent_graph(store)
    ada = MemoryContext(user_id="ada", session_id="s1")
    for text in (address, other):
        g.invoke({"messages": [("user", text)]}, context=ada)
    assert all(_home_has(home, n) for n in needles)
    g.invoke({"messages": [("user", request)]}, context=MemoryContext(user_id="ada", session_id="s2"))
    store.close()
    assert not any(_home_has(home, n) for n in needles)


@pytest.mark.parametrize("text", ["Please forget where I live.", "Forget what I said about my sister.",
                                  "Can you forget my phone number?", "忘掉我的地址", "请忘记我说过的那个咖啡的事",
                                  "别再记着我的生日了", "Delete what you remember about my job."])
def test_forget_requests_are_recognised(text):
    assert is_forget_request(text)


@pytest.mark.parametrize("text", ["Forget it.", "never mind, forget it", "Remove the unused imports from utils.py",
                                  "Delete the temp files", "I forgot my keys at home.", "忘了吧", "我忘了带钥匙",
                                  "删掉这个文件", "Don't forget to call mom", "别忘了明天开会"])
def test_ordinary_messages_are_not_forget_requests(text):
    assert not is_forget_request(text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_echo_model_confirms_what_a_forget_request_forgot(tmp_path, lang):
    """newcomer F4: MemoryEchoChatModel answered "I have no memory about that." to the <memory-forgotten> notice."""
    from langmem_nodes import memory_messages
    from langmem_nodes.testing import MemoryEchoChatModel

    remember, _other, forget, _ask, gone, _kept = CASES[lang]
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    try:
        model = MemoryEchoChatModel()
        b = StateGraph(MemoryState, context_schema=MemoryContext)
        b.add_node("agent", lambda s: {"messages": [model.invoke(memory_messages(s, "You help."))]})
        graph = add_memory(b.add_edge(START, "agent").add_edge("agent", END), store, agent="agent").compile()
        ctx = MemoryContext(user_id="ada")
        graph.invoke({"messages": [("user", remember)]}, context=ctx)
        reply = graph.invoke({"messages": [("user", forget)]}, context=ctx)["messages"][-1].content
        assert reply.startswith("Forgotten: «" if lang == "en" else "已忘掉：«") and gone[0] in reply, reply
        nothing = graph.invoke({"messages": [("user", forget)]}, context=ctx)["messages"][-1].content
        assert nothing == ("Nothing stored matched, so nothing was forgotten." if lang == "en"
                           else "没有找到相关的记忆，没有删除任何内容。"), nothing
    finally:
        store.close()
