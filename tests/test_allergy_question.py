"""newcomer11 M1: "我对什么过敏？" got «用户住在上海» (a same-language memory passing the dense floor) and not the
English peanut allergy. An allergy question is an attribute question: the memories holding an allergy answer it, in
either language, and another one-value attribute (where the user lives) does not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes import MemoryContext, MemoryRecord, MemoryStore, Scope
from langmem_nodes.read.attribute_route import AttributeRoute
from langmem_nodes.read.query import QueryNode
from langmem_nodes.read.recall import RecallNode

NOW = datetime(2026, 12, 6, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")


@pytest.mark.parametrize("text", ["我对什么过敏？", "what am I allergic to?", "am I allergic to cashews?", "我对花生过敏吗",
                                  "What are my allergies?", "我有什么过敏的吗"])
def test_an_allergy_question_asks_the_allergy(text):
    assert AttributeRoute.of(text).lookup == frozenset({"allergy"})


@pytest.mark.parametrize("text", ["过敏是什么原理", "what is an allergy?", "我有什么爱好", "is my sister allergic to cats?"])
def test_other_questions_do_not(text):
    route = AttributeRoute.of(text)
    assert route is None or "allergy" not in route.lookup


@pytest.mark.parametrize("question", ["我对什么过敏？", "what am I allergic to?"])
def test_the_allergy_answers_and_the_city_does_not(tmp_path, question):
    with MemoryStore(tmp_path / "h", embedder="hashing") as store:
        store.commit(add=[
            MemoryRecord(text="User is allergic to peanuts", predicate="allergy", object="peanuts", source="explicit",
                         scope=Scope(user_id="ada"), created_at=NOW),
            MemoryRecord(text="用户住在上海", predicate="lives_in", object="上海", source="explicit",
                         scope=Scope(user_id="ada"), created_at=NOW)])
        query = QueryNode().run({"messages": [("user", question)]}, CTX, NOW)["memory_query"]
        hits = RecallNode(store).run({"memory_query": query}, CTX, NOW)["memory_hits"]
        relevant = {h.record.text for h in hits if h.breakdown["relevant"]}
    assert relevant == {"User is allergic to peanuts"}, relevant
