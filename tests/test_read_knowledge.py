"""A knowledge question the word rules of `query_need` miss is still impersonal by meaning (issue 15).

Queries written for this test (not from the abstain sets or the examples in `knowledge.py`): each shares its
topic with a memory, none has a word `query_need` knows as impersonal, and with the default embedder each
got that memory before (`knowledge.py`); the requests next to them keep theirs. Known miss, measured: "Do
marathon runners live longer?" (the half-marathon memory) has margin 0.158 since the English examples grew (0.26
with the first set; the request "Which running shoes should I buy?" is near it), below 0.18.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.read import create_read_graph
from langmem_nodes.read.knowledge import KNOWLEDGE_MARGINS, asks_knowledge
from langmem_nodes.read.query_need import query_need
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")
MEMORIES = ["User has two cats named Miso and Tofu", "User is training for a half marathon in October",
            "User is allergic to peanuts", "用户养了两只猫", "用户对花生过敏", "用户在准备十月的半程马拉松",
            "用户在学 Python"]
KNOWLEDGE = ["Do cats see in colour?", "Do cats dream?", "Are cats nocturnal?", "猫能看见颜色吗？", "花生其实是豆子吗？",
             "Go 比 Python 慢吗？"]
REQUESTS = [("Any plans for my cats while I travel?", "m0"), ("出差的时候猫怎么办？", "m3"),
            ("What snacks can I take on the plane?", "m2"), ("去看电影带什么零食好？", "m4")]


def selected(graph, text):
    return [h.record.id for h in graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"]]


def test_the_questions_pass_the_word_rules():
    assert [query_need(t) for t in KNOWLEDGE] == ["general"] * len(KNOWLEDGE)


def test_an_uncalibrated_embedder_never_decides_it():
    emb = HashingEmbedder()
    assert emb.name not in KNOWLEDGE_MARGINS
    assert not asks_knowledge(emb, "en", emb.embed_query("Do cats see in colour?"))


@pytest.mark.integration
def test_default_home_a_knowledge_question_by_meaning_gets_nothing_its_requests_keep_their_memory_en_and_zh(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "default") as store:
        assert store.embedder.name == "minilm+e5"
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=10 * i))
                          for i, t in enumerate(MEMORIES)])
        graph = create_read_graph(store, clock=lambda: NOW).compile()
        assert {t: selected(graph, t) for t in KNOWLEDGE} == {t: [] for t in KNOWLEDGE}
        for text, want in REQUESTS:
            assert want in selected(graph, text), text
