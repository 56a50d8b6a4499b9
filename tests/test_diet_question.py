"""A question about the user's diet reaches their diet and allergy memories by predicate, in either language
(newcomer17 L9: "我饮食上有什么忌口？" and "我吃素吗？" got nothing from English memories; "What's my diet?" missed
«does not eat spicy food»). An impersonal food question and a user with no diet memory get none of them.
Sentences written for this file."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph
from langmem_nodes.categories import asked_categories
from langmem_nodes.read.graph import create_read_graph

SAID = {
    "en": ["I'm vegan and I don't eat mushrooms.", "I'm allergic to sesame.", "I live in Leeds.", "I use Emacs."],
    "zh": ["我吃素，而且不吃蘑菇。", "我对芝麻过敏。", "我住在成都。", "我用 Emacs 写代码。"],
}
DIET_WORDS = {"en": ("vegan", "mushrooms", "sesame"), "zh": ("素", "蘑菇", "芝麻")}
ASKED = ["What's my diet?", "Is there anything I can't eat?", "Do I have any dietary restrictions?", "Am I vegan?",
         "我饮食上有什么讲究？", "我有什么忌口？", "我有哪些东西不能吃？", "我是素食者吗？"]


@pytest.fixture(scope="module", params=["en", "zh"])
def home(request, tmp_path_factory):
    store = MemoryStore(tmp_path_factory.mktemp("h"), embedder="hashing")
    ctx = MemoryContext(user_id="kim")
    write = create_write_graph(store).compile()
    for text in SAID[request.param]:
        write.invoke({"messages": [("user", text)]}, context=ctx)
    yield store, request.param
    store.close()


def _selected(store, text, user="kim"):
    out = create_read_graph(store).compile().invoke({"messages": [("user", text)]}, context=MemoryContext(user_id=user))
    return [m.record.text for m in out.get("memory_selected", [])]


@pytest.mark.parametrize("question", ASKED)
def test_a_diet_question_gets_the_diet_memories_in_either_language(home, question):
    store, lang = home
    got = " ".join(_selected(store, question))
    assert all(w in got for w in DIET_WORDS[lang]), got
    assert "Leeds" not in got and "成都" not in got and "Emacs" not in got


@pytest.mark.parametrize("text", ["What is a vegan diet?", "Is sesame oil healthy?", "素食有什么好处？",
                                  "蘑菇怎么炒好吃？", "What did the Romans eat?"])
def test_an_impersonal_food_question_names_no_diet_of_the_users(text):
    assert "diet" not in asked_categories(text)


def test_a_user_without_diet_memories_gets_none(home):
    store, lang = home
    create_write_graph(store).compile().invoke({"messages": [("user", "I live in Oslo." if lang == "en" else "我住在奥斯陆。")]},
                                               context=MemoryContext(user_id="lee"))
    assert _selected(store, "我有什么忌口？", user="lee") == []
    assert _selected(store, "What's my diet?", user="lee") == []
