"""Facts about the user's family the user asks to keep, and their allergies, are stored as the user's `family` facts
(newcomer21 H6: "Remember that my wife is allergic to tree nuts." / "记住：我老婆对芒果过敏。" were skipped as "about
someone else", so "plan a dinner for me and my wife" could not see the allergy)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, create_read_graph, create_write_graph

CTX = MemoryContext(user_id="ada", session_id="s1")


def _written(store, text: str) -> list[str]:
    out = create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]}, context=CTX)
    return [w["text"] for w in out["memory_written"]]


@pytest.mark.parametrize(("text", "stored"), [
    ("Remember that my wife is allergic to tree nuts.", "User's wife is allergic to tree nuts"),
    ("My son is allergic to peanuts.", "User's son is allergic to peanuts"),
    ("Please remember my daughter's school is Oakwood Primary.", "User's daughter's school is Oakwood Primary"),
    ("记住：我老婆对芒果过敏。", "用户的老婆对芒果过敏"),
    ("我家孩子对花生过敏，所以别推荐花生酱。", "用户的孩子对花生过敏"),
    ("记一下，我女儿乳糖不耐受。", "用户的女儿乳糖不耐受"),
])
def test_a_family_members_allergy_or_an_asked_fact_is_kept(text, stored, store) -> None:
    assert stored in _written(store, text)


@pytest.mark.parametrize("text", [
    "My sister is vegan, I am not.",  # said in passing, not the user's, not asked
    "Is my wife allergic to nuts?",
    "我妹妹是素食主义者。",
    "我老婆对芒果过敏吗？",
])
def test_family_facts_said_in_passing_or_asked_about_are_not_kept(text, store) -> None:
    assert not any(w.startswith(("User's", "用户的")) for w in _written(store, text))


def test_the_allergy_reaches_a_request_about_that_person(store) -> None:
    for said in ("Remember that my wife is allergic to tree nuts.", "记住：我老婆对芒果过敏。", "I live in Leeds."):
        _written(store, said)
    read = create_read_graph(store).compile()

    def got(q: str) -> list[str]:
        return [h.record.text for h in read.invoke({"messages": [HumanMessage(q)]}, context=CTX)["memory_selected"]]

    assert "User's wife is allergic to tree nuts" in got("Plan a dinner for me and my wife.")
    assert "用户的老婆对芒果过敏" in got("帮我和老婆安排一顿晚饭。")
    assert got("What's the capital of France?") == []


def test_two_allergies_of_one_person_both_stay(store) -> None:
    _written(store, "My son is allergic to peanuts.")
    _written(store, "My son is allergic to shellfish.")
    active = sorted(r.text for r in store.find(None) if r.predicate == "family")
    assert active == ["User's son is allergic to peanuts", "User's son is allergic to shellfish"]
