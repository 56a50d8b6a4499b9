"""A broad question about the user ("What do you know about me?", "你记得我什么？") gets the user's standing memories,
up to the selector's cap and in both languages; a question naming anything else does not, nor another user."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes import create_read_graph
from langmem_nodes.read.profile_route import about_user, asks_about_user, usefulness
from langmem_nodes.records import Kind, MemoryContext, MemoryRecord, Scope, Source
from langmem_nodes.write import create_write_graph

T0 = datetime(2026, 11, 1, tzinfo=UTC)
ADA, BOB = MemoryContext(user_id="ada", project_id="app"), MemoryContext(user_id="bob", project_id="app")
SAID = ["I'm allergic to walnuts.", "我住在苏州。", "Remember that I prefer short answers.", "我养了一只柯基。",
        "I work at Philips.", "我喜欢打羽毛球。", "I play the cello.", "Our project uses Poetry."]
BROAD = ["What do you know about me?", "What do you remember about me?", "Tell me about myself.", "你记得我什么？",
         "你都知道我哪些事", "What have you got on me?", "关于我你都记得些啥？", "你对我了解多少？"]
NARROW = ["What do you know about Kubernetes?", "Tell me about yourself.", "介绍一下你自己", "你知道长城有多长吗？",
          "你了解量子计算吗？", "Tell me a joke about cats."]


def test_the_grammar_wants_memory_the_user_and_nothing_else() -> None:
    assert all(asks_about_user(q) for q in BROAD)
    assert not any(asks_about_user(q) for q in [*NARROW, "我知道了", "我记住了", "Tell me.", "你记得我住哪吗",
                                                  "What do you know about my allergies?", "Do you remember 2019 about me?"])


def test_a_health_condition_said_on_purpose_ranks_first() -> None:
    scope = Scope(user_id="ada")
    allergy = MemoryRecord(text="User is allergic to walnuts", predicate="allergy", object="walnuts", scope=scope)
    hobby = MemoryRecord(text="User plays the cello", predicate="plays", object="cello", scope=scope)
    said = hobby.model_copy(update={"source": Source.EXPLICIT})
    assert usefulness(allergy) > usefulness(said) > usefulness(hobby)
    assert not about_user(hobby.model_copy(update={"kind": Kind.PROCEDURE}))
    assert not about_user(hobby.model_copy(update={"subject": "project"}))


@pytest.fixture
def default_store(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home") as store:  # the default embedder (minilm+e5): both languages
        yield store


@pytest.mark.integration
def test_broad_questions_get_the_users_standing_memories(default_store) -> None:
    for i, text in enumerate(SAID):
        create_write_graph(default_store, clock=lambda i=i: T0 + timedelta(days=i)).compile().invoke(
            {"messages": [("user", text)]}, context=ADA)
    read = create_read_graph(default_store, clock=lambda: T0 + timedelta(days=30)).compile()
    for q in BROAD:
        chosen = [h.record for h in read.invoke({"messages": [("user", q)]}, context=ADA)["memory_selected"]]
        assert len(chosen) == 5, (q, [r.text for r in chosen])
        assert all(r.subject == "user" for r in chosen), q  # the project's tools are not the user
        assert {"walnuts", "苏州"} <= {r.object for r in chosen} | {"苏州" for r in chosen if "苏州" in r.text}, q
        assert read.invoke({"messages": [("user", q)]}, context=BOB)["memory_selected"] == []
    for q in NARROW:
        assert read.invoke({"messages": [("user", q)]}, context=ADA)["memory_selected"] == [], q
