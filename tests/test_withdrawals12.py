"""Withdrawals and bare history questions (newcomer11 H1, M2), en + zh, end to end through the write and read graphs.

A correction that takes a fact back ("I'm not vegetarian anymore", "I stopped being vegetarian", "其实我不是素食者了",
"我没有狗") left the held value active (no parse), or stored nonsense («User does not eat or drink being
vegetarian»). It now supersedes the held value with an explicit negative; a negative naming a value the user does
not hold of a one-value attribute ("not a student anymore" while "teacher" is held) flags the held one for
confirmation instead of replacing it. A bare history question ("What was it before?", "我之前用的是什么") got no
memory; it now gets the values that changed, with what they replaced. The sentences are the newcomer's and
variants written for this file.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import (
    MemoryContext,
    MemoryState,
    MemoryStore,
    add_memory,
    create_write_graph,
    memory_messages,
)
from langmem_nodes.read.history_route import bare
from langmem_nodes.testing import MemoryEchoChatModel
from langmem_nodes.write import RuleExtractor
from langmem_nodes.write.withdrawal import names


def _active_after(tmp_path, turns: list[str]) -> list[tuple[str, str, str, bool]]:
    """(text, object, polarity, flagged needs-confirmation) of the active memories after the user's turns."""
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        write = create_write_graph(store).compile()
        ctx, messages = MemoryContext(user_id="ada"), []
        for turn in turns:
            messages = [*messages, HumanMessage(turn)]
            write.invoke({"messages": messages}, context=ctx)
            messages = [*messages, AIMessage("Noted.")]
        return sorted((r.text, r.object, r.polarity.value, bool(r.metadata.get("needs_confirmation")))
                      for r in store.find(ctx.visible_partitions()))


@pytest.mark.parametrize(("turns", "text"), [
    (["I'm vegetarian.", "Actually, I'm not vegetarian anymore."], "User is no longer vegetarian"),
    (["I'm vegetarian.", "I stopped being vegetarian last month."], "User is no longer vegetarian"),
    (["I'm a smoker.", "I quit being a smoker last year."], "User no longer works as smoker"),
    (["I'm a nurse.", "I'm no longer a nurse."], "User no longer works as nurse"),
    (["I have two dogs.", "I no longer have dogs."], "User no longer has dog"),
    (["I work at Google.", "I don't work at Google anymore."], "User no longer works at Google"),
    (["I live in Boston.", "Sadly I no longer live in Boston."], "User no longer lives in Boston"),
    (["我是素食者。", "其实我不是素食者了。"], "用户不再是素食者"),
    (["我吃素。", "我已经不是素食者了。"], "用户不再是素食者"),  # 素食者 takes back 吃素
    (["我养了一条狗。", "不对，我没有狗，那是我妹妹的。"], "用户没有狗"),
    (["我养了两条狗。", "我已经不养狗了。"], "用户不再有狗"),
    (["我是程序员。", "我早就不是程序员了。"], "用户不再是程序员"),
    (["我在腾讯工作。", "我已经不在腾讯工作了。"], "用户不再就职于腾讯"),
    (["我住在上海。", "我不住在上海了。"], "用户不再住在上海"),
])
def test_a_withdrawal_supersedes_the_held_value_with_a_negative(tmp_path, turns, text):
    active = _active_after(tmp_path, turns)
    assert [(t, p) for t, _, p, _ in active] == [(text, "negative")]


@pytest.mark.parametrize(("turns", "held", "taken_back"), [
    (["I'm a teacher.", "I'm not a student anymore."], "teacher", "student"),
    (["我是老师。", "我不是学生了。"], "老师", "学生"),
])
def test_a_withdrawal_of_a_value_not_held_flags_the_held_one(tmp_path, turns, held, taken_back):
    active = _active_after(tmp_path, turns)
    assert [(o, p, flagged) for _, o, p, flagged in active] == [(held, "positive", True)]  # not replaced, to confirm


@pytest.mark.parametrize(("text", "claims"), [
    ("I stopped being vegetarian last month.", [("diet", "vegetarian", "negative")]),
    ("I quit being a smoker", [("role", "smoker", "negative")]),
    ("I'm not vegan", [("diet", "vegan", "negative")]),
    ("I'm not sure anymore", []),
    ("I don't have time anymore", []),
    ("我不是素食者了", [("diet", "素食者", "negative")]),
    ("我没有狗", [("has", "狗", "negative")]),
    ("我没有时间了", []),
    ("我不是故意的", []),
])
def test_the_withdrawn_thing_is_read_by_parts(text, claims):
    got, _ = RuleExtractor().analyse(text)
    assert [(c.predicate, c.object, c.polarity) for c, *_ in got] == claims


def test_a_taken_back_value_names_whole_words():
    assert names("dogs", "two dogs") and names("teacher", "high school teacher") and names("狗", "两条狗")
    assert not names("Java", "JavaScript") and not names("cat", "category")


def _chat(tmp_path, turns: list[str]) -> list[str]:
    """The echo model's reply to each turn (it repeats what memory was injected); the default embedder."""
    with MemoryStore(tmp_path / "home") as store:
        llm = MemoryEchoChatModel()
        b = StateGraph(MemoryState, context_schema=MemoryContext)
        b.add_node("agent", lambda s: {"messages": [llm.invoke(memory_messages(s, system="x"))]})
        b.add_edge(START, "agent").add_edge("agent", END)
        graph = add_memory(b, store, agent="agent").compile()
        ctx, replies, messages = MemoryContext(user_id="ada", session_id="s1"), [], []
        for turn in turns:
            out = graph.invoke({"messages": [*messages, ("user", turn)]}, context=ctx)
            messages = out["messages"]
            replies.append(str(messages[-1].content))
        return replies


@pytest.mark.parametrize(("turns", "now", "was"), [
    (["I'm vegetarian.", "Actually, I'm not vegetarian anymore.", "Am I vegetarian?"], "User is no longer vegetarian",
     "User's diet: vegetarian"),
    (["我是素食者。", "其实我不是素食者了。", "我是素食者吗？"], "用户不再是素食者", "用户饮食：素食者"),
])
def test_recall_after_a_withdrawal_shows_the_negative_not_the_old_value(tmp_path, turns, now, was):
    reply = _chat(tmp_path, turns)[-1]
    assert now in reply and f"«{was}»" not in reply


@pytest.mark.parametrize(("turns", "now", "was"), [
    (["I use Vim.", "Actually, I use Helix now.", "What was it before?"], "Helix", "Vim"),
    (["I live in Boston.", "I moved to Denver.", "What did I tell you before?"], "Denver", "Boston"),
    (["我用Vim写代码。", "不对，是Emacs。", "我之前用的是什么"], "Emacs", "Vim"),
    (["我用Chrome。", "不对，是Firefox。", "之前是什么？"], "Firefox", "Chrome"),
])
def test_a_bare_history_question_gets_the_values_that_changed(tmp_path, turns, now, was):
    reply = _chat(tmp_path, turns)[-1]
    assert now in reply and was in reply.split(now, 1)[1]  # the current value, then what it replaced


@pytest.mark.parametrize(("text", "is_bare"), [
    ("What did I use before?", True), ("What was it before?", True), ("我之前用的是什么", True), ("之前是什么？", True),
    ("What editor did I use before?", False), ("我之前住在哪？", False), ("What do I use?", False), ("我用的是什么", False),
    ("Before I go to bed, what should I do?", False),
])
def test_a_bare_history_question_names_nothing_but_the_past(text, is_bare):
    assert bare(text) is is_bare
