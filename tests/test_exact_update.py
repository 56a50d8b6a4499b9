"""Regression: updating the only memory of a partition must reach the exact dense projection."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryRecord, Scope, Status


def test_status_update_of_first_row_reaches_exact_projection(store):
    a = MemoryRecord(text="prefers tabs", object="tabs", scope=Scope(user_id="u"))
    part = a.scope.partition
    store.dense_search([part], store.embedder.embed_query("tabs"), 5)  # load the partition first
    store.commit(add=[a])
    store.commit(update=[a.model_copy(update={"status": Status.SUPERSEDED})])
    assert store.pending_intents() == []  # every projection confirmed the update
    assert store.dense_search([part], store.embedder.embed_query("tabs"), 5) == []


def test_bulk_upsert_into_a_loaded_partition_copies_the_matrix_once(store, monkeypatch):
    import numpy as np

    from langmem_nodes.store.exact import ExactDense

    seed = MemoryRecord(text="seed", object="seed", scope=Scope(user_id="u"))
    store.commit(add=[seed])
    part = seed.scope.partition
    exact = ExactDense(store._canonical.partition_vectors)
    exact.search([part], store.embedder.embed_query("seed"), 1)  # load the partition
    recs = [MemoryRecord(text=f"likes tea number {w}", object=w, scope=Scope(user_id="u")) for w in "abcdefgh"]
    vecs = list(store.embedder.embed([r.text for r in recs]))
    stacks = []
    real = np.vstack
    monkeypatch.setattr(np, "vstack", lambda arrs, *a, **k: stacks.append(len(arrs)) or real(arrs, *a, **k))
    exact.upsert([*recs, recs[0].model_copy(update={"status": Status.SUPERSEDED})], [*vecs, vecs[0]])
    monkeypatch.setattr(np, "vstack", real)
    assert len(stacks) <= 2  # the new rows stacked once, then appended once (it was one copy per row)
    hits = exact.search([part], vecs[3], 20, statuses=("active", "superseded"))
    assert len(hits) == 9 and hits[0] == (recs[3].id, pytest.approx(1.0, abs=1e-5))
    assert recs[0].id not in dict(exact.search([part], vecs[0], 20))  # the repeated id kept its last status


def test_cosines_come_from_the_loaded_exact_partition_or_sqlite_and_agree_en_zh(store, monkeypatch):
    import numpy as np

    recs = [MemoryRecord(text=t, scope=Scope(user_id="u")) for t in ("prefers green tea", "用户住在上海", "likes hiking")]
    other = MemoryRecord(text="prefers green tea too", scope=Scope(user_id="v"))
    store.commit(add=[*recs, other])
    part = recs[0].scope.partition
    q = store.embedder.embed_query("green tea 上海")
    ids = [r.id for r in recs] + ["mem_missing"]
    vecs = store.vectors([r.id for r in recs])
    want = {r.id: float(vecs[r.id] @ q) for r in recs}
    from_sql = store.cosines([part], ids, q)  # the partition is not loaded yet: SQLite answers
    store.dense_search([part], q, 5)  # loads it
    calls = []
    real = store._canonical.vectors
    monkeypatch.setattr(store._canonical, "vectors", lambda i, p=None: calls.append(list(i)) or real(i, p))
    from_index = store.cosines([part], ids, q)
    assert calls == [["mem_missing"]]  # only the id the index does not hold went to SQLite
    for got in (from_sql, from_index):
        assert set(got) == set(want) and all(np.isclose(got[i], want[i], atol=1e-6) for i in want)
    # another user's memory is never answered in this scope, even when asked for by id
    assert other.id not in store.exact.cosines([part], [other.id], q)
    assert store.cosines([part], [other.id], q) == {} and other.id in store.cosines([other.scope.partition], [other.id], q)


def test_a_query_vector_of_the_wrong_shape_or_with_nan_is_named_and_nothing_changes(store):
    import numpy as np

    rec = MemoryRecord(text="用户喜欢绿茶", scope=Scope(user_id="u"))
    store.commit(add=[rec])
    part = rec.scope.partition
    for bad, message in ((np.zeros(5, np.float32), r"shape \(256,\).*got shape \(5,\)"),
                         (np.full(256, np.nan, np.float32), "NaN or infinite")):
        with pytest.raises(ValueError, match=message):
            store.dense_search([part], bad, 3)
        with pytest.raises(ValueError, match=message):
            store.cosines([part], [rec.id], bad)
    assert store.dense_search([part], store.embedder.embed_query("绿茶"), 3)[0][0] == rec.id
