"""`MemoryStore.warm`: indexes built before the first query, most recent partitions kept, bounds respected."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryRecord, Scope

TEXTS = {"ada": ["prefers green tea", "用户住在上海"], "bob": ["likes hiking", "用户喜欢爬山", "uses vim"],
         "cyd": ["works in Berlin"]}


def fill(store):
    for user, texts in TEXTS.items():
        store.commit(add=[MemoryRecord(text=t, scope=Scope(user_id=user)) for t in texts])
    return {u: Scope(user_id=u).partition for u in TEXTS}


def test_after_warm_the_first_queries_build_no_index_en_zh(store, monkeypatch):
    parts = fill(store)
    assert store.warm() == {"partitions": 3, "documents": 6, "vectors": 6}
    monkeypatch.setattr(store.bm25, "_loader", lambda p: pytest.fail(f"BM25 rebuilt {p}"))
    monkeypatch.setattr(store.exact, "_loader", lambda p: pytest.fail(f"exact index rebuilt {p}"))
    for user, query in (("ada", "上海"), ("bob", "hiking")):
        hits = store.lexical_search([parts[user]], query, 5)
        assert hits and store.get(hits[0][0]).scope.user_id == user
        dense = store.dense_search([parts[user]], store.embedder.embed_query(query), 5)
        assert {store.get(i).scope.user_id for i, _ in dense} == {user}


def test_warm_stops_at_the_memory_bound_and_keeps_the_most_recently_written(store):
    parts = fill(store)
    store.bm25.max_docs = 4  # room for cyd (1) and bob (3), written last, not for ada as well
    store.exact.max_vectors = 3  # cyd (1), then bob does not fit, ada (2) does
    out = store.warm()
    assert out == {"partitions": 3, "documents": 4, "vectors": 3}
    assert list(store.bm25._parts) == [parts["bob"], parts["cyd"]]  # the newest is the most recently used
    assert list(store.exact._parts) == [parts["ada"], parts["cyd"]]
    # what was not warmed still answers, built on demand as before
    assert store.lexical_search([parts["ada"]], "green tea", 5)


def test_warm_named_partitions_only_and_unknown_ones_are_ignored(store):
    parts = fill(store)
    assert store.warm([parts["cyd"], "user/default/nobody"]) == {"partitions": 1, "documents": 1, "vectors": 1}
    with pytest.raises(ValueError, match="not the string"):
        store.warm(parts["cyd"])


def test_warm_loads_the_models_of_both_languages(tmp_path):
    """A first Chinese turn paid e5's load (1-8 s, newcomer9 L4) even after `warm()`: it now loads the encoders."""
    import numpy as np

    from langmem_nodes.bilingual import BilingualEmbedder
    from langmem_nodes.embeddings import CallableEmbedder
    from langmem_nodes.store import MemoryStore

    seen: dict[str, list[str]] = {"en": [], "zh": []}

    def encoder(lang: str) -> CallableEmbedder:
        return CallableEmbedder(lambda texts: (seen[lang].extend(texts), np.ones((len(texts), 4)))[1], dim=4)

    emb = BilingualEmbedder(english=encoder("en"), chinese=encoder("zh"), half=4)
    with MemoryStore(tmp_path / "home", embedder=emb) as store:
        store.warm()
    assert seen["en"] and seen["zh"], seen
