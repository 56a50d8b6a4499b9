"""RecallNode's BM25 pool is `lexical_pool` times the dense pool (`LEXICAL_POOL` by default; docs/figures.md, sixth
pass: 2 raised LoCoMo recall@5 and cost a held-out generated half)."""

from __future__ import annotations

import pytest

from langmem_nodes.read import RecallNode
from langmem_nodes.read.query import QueryNode
from langmem_nodes.read.recall import LEXICAL_POOL
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

ADA = MemoryContext(user_id="ada")
TEXTS = {
    "en": ("Ada paddled the kayak on lake number {i}", "kayak lake"),
    "zh": ("阿达在第{i}号湖上划皮划艇", "皮划艇"),
}


def lexical_hits(store, lang: str, **kw) -> int:
    text, question = TEXTS[lang]
    store.commit(add=[MemoryRecord(text=text.format(i=i), scope=Scope(user_id="ada")) for i in range(80)])
    q = QueryNode().run({"messages": [("user", question)], "memory_k": 4}, ADA, None)["memory_query"]
    hits = RecallNode(store, candidates=12, **kw).run({"memory_query": q}, ADA, None)["memory_hits"]
    return sum(h.breakdown["bm25"] > 0 for h in hits)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_bm25_pool_twice_the_dense_pool(store, lang):
    assert lexical_hits(store, lang, lexical_pool=2) == 24  # candidates 12 (≥ 3 × k) per dense search, 24 from BM25


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_default_bm25_pool_follows_lexical_pool(store, lang):
    assert lexical_hits(store, lang) == round(12 * LEXICAL_POOL)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lexical_pool_one_gives_equal_pools(store, lang):
    assert lexical_hits(store, lang, lexical_pool=1) == 12


@pytest.mark.parametrize("bad", [0.5, 0, True, "2", 101])
def test_lexical_pool_is_validated(store, bad):
    with pytest.raises(ValueError, match="lexical_pool"):
        RecallNode(store, lexical_pool=bad)
