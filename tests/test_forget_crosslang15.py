"""newcomer14 H1/H2: forget requests across languages.

H1: "Forget that I'm allergic to peanuts." with «用户对花生过敏» stored (and 忘掉我对花生过敏这件事 with the English
memory) deleted nothing, yet the reply said "Forgotten: «用户对花生过敏»": the notice listed the memories held back
as ambiguous in «», and the reply read every quoted memory as forgotten. What is reported forgotten is now what the
deletion reported gone; a value said in the other language is checked through `governance.value_glossary`.
H2: "Forget my cat's name." with «用户的猫叫咪咪» also deleted «User's wife is called Mia»: "name" alone named every
`attr:<who>_name`. The relation must now be named (in either language) before a name goes.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory, memory_messages
from langmem_nodes.governance.attribute_words import names_predicate
from langmem_nodes.records import Status
from langmem_nodes.testing import MemoryEchoChatModel
from langmem_nodes.turn import RecallTurn
from langmem_nodes.write.graph import create_write_graph

ADA = MemoryContext(user_id="ada")


@pytest.fixture(scope="module")
def embedder(tmp_path_factory):
    probe = MemoryStore(tmp_path_factory.mktemp("probe"))  # the default: each language in its own half
    emb = probe.embedder
    probe.close()
    return emb


@pytest.fixture
def store(tmp_path, embedder):
    s = MemoryStore(tmp_path / "home", embedder=embedder)
    yield s
    s.close()


def _say(store, *said):
    graph = create_write_graph(store).compile()
    for text in said:
        graph.invoke({"messages": [HumanMessage(text)]}, context=ADA)


def _active(store):
    return sorted(r.text for r in store.find(None) if r.status is Status.ACTIVE)


def _forget(store, asked):
    before = set(_active(store))
    out = RecallTurn(store).run({"messages": [HumanMessage(asked)]}, ADA, None)
    return before - set(_active(store)), out["memory_injection"]


# -- H1: a stated value said in the other language ------------------------------------------------------------
@pytest.mark.parametrize(("stored", "asked", "gone_word"), [
    (["我对花生过敏。"], "Forget that I'm allergic to peanuts.", "花生"),
    (["I'm allergic to peanuts."], "忘掉我对花生过敏这件事。", "peanuts"),
    (["我对花生过敏。", "I'm allergic to shellfish."], "Please forget that I have a peanut allergy.", "花生"),
    (["I'm allergic to penicillin.", "我对猫毛过敏。"], "把我对青霉素过敏的记录删掉。", "penicillin"),
    (["I'm vegetarian.", "我不吃香菜。"], "忘掉我吃素这件事。", "vegetarian"),
])
def test_a_value_said_in_the_other_language_is_forgotten(store, stored, asked, gone_word):
    _say(store, *stored, "I live in Oslo.")
    gone, notice = _forget(store, asked)
    assert len(gone) == 1 and gone_word in next(iter(gone)), gone
    assert gone_word in notice


@pytest.mark.parametrize(("stored", "asked"), [
    ("我对芒果过敏。", "Forget that I'm allergic to peanuts."),
    ("I'm allergic to shellfish.", "忘掉我对花生过敏这件事。"),
])
def test_another_value_in_the_other_language_is_not_forgotten(store, stored, asked):
    _say(store, stored)
    gone, notice = _forget(store, asked)
    assert gone == set()
    assert "nothing was deleted" in notice or "什么都没删" in notice


@pytest.mark.parametrize(("stored", "asked", "lang"), [
    ("我对芒果过敏。", "Forget that I'm allergic to peanuts.", "en"),
    ("I'm allergic to shellfish.", "忘掉我对花生过敏这件事。", "zh"),
])
def test_the_reply_never_claims_a_deletion_that_did_not_happen(tmp_path, embedder, stored, asked, lang):
    store = MemoryStore(tmp_path / "chat", embedder=embedder)
    try:
        model = MemoryEchoChatModel()
        b = StateGraph(MemoryState, context_schema=MemoryContext)
        b.add_node("agent", lambda s: {"messages": [model.invoke(memory_messages(s, "You help."))]})
        graph = add_memory(b.add_edge(START, "agent").add_edge("agent", END), store, agent="agent").compile()
        graph.invoke({"messages": [("user", stored)]}, context=ADA)
        kept = _active(store)
        reply = graph.invoke({"messages": [("user", asked)]}, context=ADA)["messages"][-1].content
        assert _active(store) == kept
        assert not reply.startswith(("Forgotten", "已忘掉")), reply
        assert reply.startswith("Nothing was forgotten." if lang == "en" else "没有删除任何内容。"), reply
    finally:
        store.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_notice_puts_what_was_kept_on_its_own_line(lang):
    from langmem_nodes.governance.forget_in_chat import ForgetOutcome, forget_notice

    kept = [{"id": "m1", "text": "用户对芒果过敏" if lang == "en" else "User is allergic to shellfish"}]
    notice = forget_notice(ForgetOutcome("allergic to peanuts", lang, [], kept))
    first, second = notice.splitlines()[1:3]
    assert "«" not in first and kept[0]["text"] in second


# -- H2: a relation named across languages --------------------------------------------------------------------
@pytest.mark.parametrize(("stored", "asked", "gone_word"), [
    (["My wife's name is Mia.", "我的猫叫咪咪。"], "Forget my cat's name.", "咪咪"),
    (["My wife's name is Mia.", "My son's name is Leo.", "我的狗叫旺财。"], "Forget my dog's name.", "旺财"),
    (["我老婆叫小美。", "我女儿叫朵朵。", "My dog's name is Rex."], "把我狗的名字删了吧。", "Rex"),
    (["My wife's name is Mia.", "My son's name is Leo.", "我的猫叫咪咪。"], "忘掉我儿子的名字。", "Leo"),
    (["我老婆叫小美。", "我的狗叫旺财。", "My cat's name is Tom."], "Forget what my dog is called.", "旺财"),
])
def test_only_the_named_relation_loses_its_name(store, stored, asked, gone_word):
    _say(store, *stored)
    gone, _ = _forget(store, asked)
    assert len(gone) == 1 and gone_word in next(iter(gone)), gone


@pytest.mark.parametrize(("stored", "asked"), [
    (["My wife's name is Mia.", "My son's name is Leo."], "Forget my dog's name."),
    (["我老婆叫小美。", "我女儿叫朵朵。"], "忘掉我的猫的名字。"),
    (["我老婆叫小美。", "我的猫叫咪咪。"], "Forget my son's name."),
    (["My wife's name is Mia.", "My cat's name is Tom."], "忘掉我女儿的名字。"),
])
def test_a_relation_not_stored_forgets_nothing_and_says_so(store, stored, asked):
    _say(store, *stored)
    gone, notice = _forget(store, asked)
    assert gone == set()
    assert "nothing was deleted" in notice or "什么都没删" in notice


@pytest.mark.parametrize(("text", "predicate", "named"), [
    ("my cat's name", "attr:wife_name", False),
    ("my cat's name", "attr:猫名字", True),
    ("我的猫的名字", "attr:wife_name", False),
    ("我的猫的名字", "attr:cat_name", True),
    ("my name", "attr:cat_name", False),
    ("my kids' names", "attr:son_name", True),
    ("我孩子的名字", "attr:daughter_name", True),
    ("my kids' names", "attr:wife_name", False),
])
def test_a_name_predicate_is_named_by_its_relation_not_by_the_word_name(text, predicate, named):
    assert names_predicate(text, predicate) is named
