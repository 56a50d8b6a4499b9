"""Per-memory state of the in-process indexes is invisible to Python's cyclic garbage collector, so a
server holding 100k memories does not pay for them in every full collection."""

from __future__ import annotations

import gc

from langmem_nodes.read import warm_stable
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope


def test_bm25_and_the_rendered_cache_hold_no_tracked_object_per_memory_en_zh(store):
    texts = [f"User likes green tea number {i}" for i in range(30)] + [f"用户喜欢第{i}种茶" for i in range(30)]
    store.commit(add=[MemoryRecord(text=t, scope=Scope(user_id="ada")) for t in texts])
    part = Scope(user_id="ada").partition
    assert store.lexical_search([part], "green tea", 5) and store.lexical_search([part], "喜欢茶", 5)
    assert warm_stable(store, [MemoryContext(user_id="ada")]) == 1
    gc.collect()
    bm25 = store.bm25._parts[part]
    assert len(bm25.docs) == 60
    per_memory = [*bm25.docs.values(), *bm25.postings.values(), *store.rendered._by_memory.values()]
    assert per_memory and not any(gc.is_tracked(v) for v in per_memory)
