"""Questions for an open attribute ("我以前开什么车？" → «User's car: Toyota») or for what the user drinks ("What do I
usually drink?" → «用户喜欢龙井茶») reach the memory holding it in the other language, and a question for another
attribute ("我对什么过敏？") does not take the drink along."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes import create_read_graph
from langmem_nodes.categories import asked_categories, holds_category
from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph

T0 = datetime(2026, 10, 1, tzinfo=UTC)
ADA = MemoryContext(user_id="ada")


def test_the_questions_name_their_attribute_in_either_language() -> None:
    assert asked_categories("What do I usually drink?") == asked_categories("我平时爱喝什么？") == {"drink"}
    assert asked_categories("我之前开的是什么车？") == asked_categories("What car did I drive before?") == {"car"}
    assert asked_categories("我的生日是哪天？") == asked_categories("When is my birthday?") == {"birthday"}
    assert not asked_categories("茶叶怎么保存？") | asked_categories("How fast is a Toyota Supra?")
    assert holds_category("drink", "prefers", "龙井茶", "用户喜欢龙井茶")
    assert not holds_category("drink", "allergy", "milk", "User is allergic to milk")


@pytest.fixture
def default_store(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home") as store:  # the default embedder (minilm+e5): both languages
        yield store


@pytest.mark.integration
def test_cross_language_attribute_questions(default_store) -> None:
    said = ["我喜欢喝龙井茶。", "I'm allergic to shrimp.", "I drive a Volvo.", "Sold the Volvo, I drive a Toyota now.",
            "我的生日是5月3号。"]
    for i, text in enumerate(said):
        create_write_graph(default_store, clock=lambda i=i: T0 + timedelta(days=i)).compile().invoke(
            {"messages": [("user", text)]}, context=ADA)
    read = create_read_graph(default_store, clock=lambda: T0 + timedelta(days=30)).compile()

    def texts(q: str) -> list[str]:
        return [h.record.text for h in read.invoke({"messages": [("user", q)]}, context=ADA)["memory_selected"]]

    assert texts("What do I usually drink?") == ["用户喜欢龙井茶"]
    assert texts("我开什么车？") == ["User's car: Toyota"]
    assert texts("When is my birthday?") == ["用户的生日：5月3号"]
    assert texts("我对什么过敏？") == ["User is allergic to shrimp"]
