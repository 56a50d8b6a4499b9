"""A question about the past sees the whole chain of values, not just the last one replaced (newcomer14 M5:
after Oslo → Bergen → Trondheim, "Where did I live before Bergen?" got only Bergen, "Which cities have I lived
in?" only Trondheim; 我最早用的是什么编辑器 after Vim → VS Code → Zed got VS Code)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes import create_read_graph
from langmem_nodes.read.past_question import asks_about_the_past
from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph

T0 = datetime(2026, 6, 1, tzinfo=UTC)
EVE = MemoryContext(user_id="eve")
CHAINS = {
    "en": (["I live in Oslo.", "Actually I live in Bergen now, not Oslo.", "Actually I live in Trondheim now, not Bergen."],
           ["Where did I live before Bergen?", "Which cities have I lived in?", "Where did I live before?"],
           ["Oslo", "Bergen"]),
    "zh": (["我用 Vim 写代码。", "不对，我现在用 VS Code，不用 Vim 了。", "不对，我现在用 Zed，不用 VS Code 了。"],
           ["我最早用的是什么编辑器？", "我用过哪些编辑器？", "我以前用什么编辑器？"],
           ["Vim", "VS Code"]),
}


@pytest.fixture
def default_store(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home") as store:
        yield store


@pytest.mark.integration
@pytest.mark.parametrize("lang", CHAINS)
def test_every_earlier_value_is_shown_to_a_question_about_the_past(default_store, lang):
    said, questions, earlier = CHAINS[lang]
    for i, text in enumerate(said):
        create_write_graph(default_store, clock=lambda i=i: T0 + timedelta(days=30 * i)).compile().invoke(
            {"messages": [("user", text)]}, context=EVE)
    read = create_read_graph(default_store, clock=lambda: T0 + timedelta(days=107)).compile()
    for question in questions:
        out = read.invoke({"messages": [("user", question)]}, context=EVE)
        notes = " ".join(h.note or "" for h in out["memory_selected"])
        assert all(value in notes for value in earlier), (question, notes)


@pytest.mark.parametrize("question", ["Which cities have I lived in?", "Have I ever used Emacs?", "我住过哪些城市？",
                                      "我用过什么编辑器", "我们去过几次日本"])
def test_experience_questions_ask_about_the_past(question):
    assert asks_about_the_past(question)


@pytest.mark.parametrize("question", ["不过哪个好？", "经过哪里最快？", "Have I told you about my dog?", "Which editor do I use?",
                                      "我用什么编辑器？"])
def test_other_uses_of_the_words_do_not(question):
    assert not asks_about_the_past(question)
