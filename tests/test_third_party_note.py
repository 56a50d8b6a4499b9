"""A note about another person, asked to be remembered, is never the user's own memory (newcomer22 H3: "Remember that
Alice is allergic to shellfish." answered "what am I allergic to?"; "记住：用户 u2 住在广州。" answered "我住在哪？").
Variants written for this test."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, create_read_graph, create_write_graph

CTX = MemoryContext(user_id="u1", session_id="s1")


def _write(store, text: str) -> dict:
    return create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]}, context=CTX)


@pytest.mark.parametrize("text", [
    "Remember that Priya is allergic to sesame.",
    "Please remember: client #2207 lives in Leeds.",
    "Keep in mind that user carol@example.org prefers large fonts.",
    "Don't forget Tom (user id tom_88) doesn't eat pork.",
    "remember that Marcus Chen works at Shopify",
    "记住：李娜对青霉素过敏。",
    "帮我记一下，客户 A1093 住在深圳。",
    "记住：老周不吃香菜",
])
def test_a_remembered_fact_of_another_person_is_skipped_as_about_someone_else(text, store) -> None:
    out = _write(store, text)
    assert out["memory_written"] == []
    assert any(s["reason"] == "about someone else" for s in out["memory_skipped"])


def test_another_persons_allergy_never_answers_the_users_question(store) -> None:
    _write(store, "Remember that Priya is allergic to sesame.")
    _write(store, "记住：李娜对青霉素过敏。")
    read = create_read_graph(store).compile()
    for q in ("What am I allergic to?", "我对什么过敏？"):
        assert read.invoke({"messages": [HumanMessage(q)]}, context=CTX)["memory_selected"] == []


@pytest.mark.parametrize(("text", "stored"), [
    ("Remember that I'm allergic to sesame.", "User is allergic to sesame"),
    ("Remember that my husband is allergic to sesame.", "User's husband is allergic to sesame"),
    ("记住：我周末喜欢去爬山", "用户喜欢去爬山"),
    ("Remember that users need SSO.", "users need SSO"),  # a leading "use" of "users" is no verb to strip
])
def test_the_users_own_notes_and_family_are_still_kept(text, stored, store) -> None:
    assert any(stored in w["text"] for w in _write(store, text)["memory_written"])
