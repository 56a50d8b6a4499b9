"""The default embedder serves English and Chinese: a fresh default home answers both top-1; old homes keep theirs."""

from __future__ import annotations

import sqlite3

import numpy as np
import pytest

from langmem_nodes import MemoryContext, create_read_graph
from langmem_nodes.bilingual import BilingualEmbedder
from langmem_nodes.embeddings import HashingEmbedder, default_embedder
from langmem_nodes.records import MemoryRecord, Scope, Source
from langmem_nodes.store import MemoryStore

MEMORIES = {
    "zh1": "用户住在杭州", "zh2": "用户有两只猫", "zh3": "用户对花生过敏", "zh4": "用户在一家银行做程序员",
    "zh5": "用户周末喜欢去爬山", "en1": "User lives in Lisbon", "en2": "User is allergic to shellfish",
    "en3": "User plays the cello in an orchestra", "en4": "User's daughter starts school in September",
}
QUESTIONS = [
    ("我住在哪个城市？", "zh1"), ("我养了什么宠物？", "zh2"), ("我对什么食物过敏？", "zh3"),
    ("周末有什么户外活动适合我？", "zh5"),
    ("Which city do I live in?", "en1"), ("What food am I allergic to?", "en2"),
    ("Which instrument do I play?", "en3"), ("When does my kid start school?", "en4"),
]


def _records() -> list[MemoryRecord]:
    return [MemoryRecord(id=k, text=t, kind="fact", scope=Scope(user_id="u"), source=Source.EXPLICIT, confidence=0.9)
            for k, t in MEMORIES.items()]


def test_halves_keep_the_languages_apart_and_each_vector_is_unit_length():
    emb = BilingualEmbedder(HashingEmbedder(dim=16), HashingEmbedder(dim=16), half=16)
    v = emb.embed(["User likes tea", "用户喜欢喝茶", "User likes tea"])
    assert v.shape == (3, 32) and np.allclose(np.linalg.norm(v, axis=1), 1.0)
    assert not v[0, 16:].any() and not v[1, :16].any() and np.array_equal(v[0], v[2])
    assert float(emb.embed_query("我喜欢什么茶？") @ v[0]) == 0.0 and float(emb.embed_query("我喜欢什么茶？") @ v[1]) > 0
    mixed = emb.embed(["CI 跑在 GitLab 上，lint 用 golangci-lint"])[0]  # any CJK character: the Chinese half
    assert not mixed[:16].any() and emb.lang_of("部署用 bash deploy.sh") == "zh" and emb.lang_of("deploy it") == "en"
    with pytest.raises(ValueError, match="16-dim halves"):
        BilingualEmbedder(HashingEmbedder(dim=8), HashingEmbedder(dim=16), half=16).embed(["tea"])


@pytest.mark.integration
def test_a_fresh_default_home_answers_chinese_and_english_questions_top1(tmp_path):
    store = MemoryStore(tmp_path / "home")
    try:
        assert store.embedder is default_embedder() and store.meta("embedder") == "minilm+e5/768"
        store.commit(add=_records())
        graph = create_read_graph(store).compile()
        for question, gold in QUESTIONS:
            got = graph.invoke({"messages": [("user", question)]}, context=MemoryContext(user_id="u"))
            assert [h.record.id for h in got["memory_selected"]][:1] == [gold], question
        # e5-small ranks the job first but only just (centred cosine 0.042 vs 0.040, floor 0.045): abstains
        hard = graph.invoke({"messages": [("user", "我是做什么工作的？")]}, context=MemoryContext(user_id="u"))
        assert hard["memory_hits"][0].record.id == "zh4"
        nothing = graph.invoke({"messages": [("user", "17 乘以 23 等于多少？")]}, context=MemoryContext(user_id="u"))
        assert nothing["memory_selected"] == []
    finally:
        store.close()


@pytest.mark.integration
def test_an_existing_minilm_home_opens_with_minilm_and_refuses_the_new_default(tmp_path, minilm):
    home = tmp_path / "home"
    MemoryStore(home, embedder="minilm").close()
    reopened = MemoryStore(home)
    try:
        assert reopened.embedder is minilm and reopened.meta("embedder") == "minilm/384"
    finally:
        reopened.close()
    with pytest.raises(ValueError, match="minilm/384.*minilm\\+e5/768"):
        MemoryStore(home, embedder="minilm+e5")


@pytest.mark.integration
def test_a_home_written_before_the_embedder_record_is_read_as_minilm(tmp_path, minilm):
    home = tmp_path / "home"
    store = MemoryStore(home, embedder="minilm")
    store.commit(add=_records()[:2])
    store.close()
    with sqlite3.connect(home / "memory.sqlite3") as conn:  # what a home from before the record looks like
        conn.execute("DELETE FROM meta WHERE key='embedder'")
    reopened = MemoryStore(home)
    try:
        assert reopened.embedder is minilm and reopened.meta("embedder") == "minilm/384"
    finally:
        reopened.close()
