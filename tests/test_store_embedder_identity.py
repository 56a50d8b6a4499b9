"""A memory home remembers which embedder made its vectors, reuses it, and refuses another one."""

from __future__ import annotations

import sqlite3

import pytest

from langmem_nodes.embeddings import CallableEmbedder, HashingEmbedder
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore


def _rec(text: str) -> MemoryRecord:
    return MemoryRecord(text=text, scope=Scope(user_id="ada"))


def test_a_home_reopened_without_an_embedder_uses_the_one_that_made_its_vectors(tmp_path):
    store = MemoryStore(tmp_path, embedder=HashingEmbedder())
    store.commit(add=[_rec("User prefers green tea"), _rec("用户住在上海")])
    store.close()
    again = MemoryStore(tmp_path)  # the default would be MiniLM: the home says hashing
    assert again.embedder.name == "hashing"
    parts = MemoryContext(user_id="ada").visible_partitions()
    assert [i for i, _ in again.dense_search(parts, again.embedder.embed_query("green tea"), 1)]
    again.close()


def test_another_embedder_is_refused_by_name_and_nothing_stored_changes(tmp_path):
    store = MemoryStore(tmp_path, embedder=HashingEmbedder())
    (kept,) = store.commit(add=[_rec("User prefers green tea")])
    store.close()
    other = CallableEmbedder(lambda texts: [[1.0] + [0.0] * 383 for _ in texts], dim=384, name="other-model")
    with pytest.raises(ValueError, match=r"'hashing/384'.*other-model/384"):
        MemoryStore(tmp_path, embedder=other)
    with pytest.raises(ValueError, match="hashing/384"):
        MemoryStore(tmp_path, embedder=HashingEmbedder(dim=64))  # same model name, other dimension
    again = MemoryStore(tmp_path, embedder=HashingEmbedder())
    assert again.get(kept.id).text == "User prefers green tea" and again.count() == 1
    again.close()


def test_a_home_from_before_the_meta_table_adopts_the_embedder_it_is_opened_with(tmp_path):
    store = MemoryStore(tmp_path, embedder=HashingEmbedder())
    store.commit(add=[_rec("I like tea")])
    store.close()
    with sqlite3.connect(tmp_path / "memory.sqlite3") as conn:  # what an older home looks like
        conn.execute("DELETE FROM meta")
    again = MemoryStore(tmp_path, embedder=HashingEmbedder(dim=128))
    assert again.meta("embedder") == "hashing/128"
    again.close()


def test_embedder_names_are_checked():
    from langmem_nodes.embeddings import KNOWN_EMBEDDERS, ensure_embedder

    assert "minilm-int8" in KNOWN_EMBEDDERS
    with pytest.raises(TypeError, match="minilm-int8"):
        ensure_embedder("minilm-fp16")
