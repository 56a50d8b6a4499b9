"""A user's own LangChain `Embeddings` object is an embedder (newcomer23 M3): it was refused with a TypeError."""

from __future__ import annotations

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding, Embeddings

from langmem_nodes.embeddings import LangChainEmbedder, ensure_embedder
from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph


class WordCount(Embeddings):
    model = "word-count-v1"

    def embed_documents(self, texts):
        return [self.embed_query(t) for t in texts]

    def embed_query(self, text):
        vec = [0.0] * 32
        for word in text.lower().replace("?", " ").split():
            vec[sum(map(ord, word)) % 32] += 1.0
        return vec


def test_a_langchain_embeddings_object_is_wrapped():
    emb = ensure_embedder(WordCount())
    assert isinstance(emb, LangChainEmbedder) and emb.name == "langchain:WordCount:word-count-v1" and emb.dim == 32
    with pytest.raises(TypeError, match="LangChain Embeddings"):
        LangChainEmbedder(object())


def test_a_home_with_its_own_embeddings_writes_recalls_and_reopens(tmp_path):
    ctx = MemoryContext(user_id="ada")
    store = MemoryStore(tmp_path / "home", embedder=WordCount())
    create_write_graph(store).compile().invoke({"messages": [("user", "I live in Oslo.")]}, context=ctx)
    out = create_read_graph(store).compile().invoke({"query": "where do I live?"}, context=ctx)
    assert "Oslo" in out["memory_injection"]
    store.close()
    with pytest.raises(ValueError, match="same embedder object"):
        MemoryStore(tmp_path / "home")
    with pytest.raises(ValueError, match="holds vectors made by embedder 'langchain:DeterministicFakeEmbedding/32'"):
        MemoryStore(tmp_path / "other", embedder=DeterministicFakeEmbedding(size=32)).close() or MemoryStore(
            tmp_path / "other", embedder=WordCount())
    MemoryStore(tmp_path / "home", embedder=WordCount()).close()
