"""The exact in-process dense path that serves reads of small partitions (a performance fix from the
benchmark): same answers as Chroma, same scope/status/forget guarantees, bounded memory."""

from __future__ import annotations

import numpy as np
import pytest

from langmem_nodes.records import MemoryRecord, Scope, Status
from langmem_nodes.store import MemoryStore
from langmem_nodes.store.exact import ExactDense

TEXTS = ["prefers green tea", "drinks oat latte every morning", "resides in Lisbon", "deploys with ArgoCD",
         "plays badminton on weekends", "我住在上海", "我每天早上喝一杯拿铁", "uses pytest -x before commits"]


def _records(user: str) -> list[MemoryRecord]:
    return [MemoryRecord(text=t, object=t.split()[-1], scope=Scope(user_id=user)) for t in TEXTS]


def test_exact_answers_match_chroma(tmp_path, fake_embedder):
    store = MemoryStore(tmp_path, embedder=fake_embedder, chroma_mirror="all")  # small partitions in Chroma too
    store.commit(add=_records("alice") + _records("bob"))
    parts = ["org/default", "user/default/alice"]
    for q in ["tea", "coffee in the morning", "where do they live", "拿铁", "test command"]:
        vec = store.embedder.embed_query(q)
        exact = store.exact.search(parts, vec, 5)
        chroma = store.chroma.search(parts, vec, 5)
        assert np.allclose([s for _, s in exact], [s for _, s in chroma], atol=1e-4)
        cut = exact[-1][1] + 1e-4  # ids above the k-th score are the same (ties at the cut may differ)
        assert {i for i, s in exact if s > cut} == {i for i, s in chroma if s > cut}
        assert {store.get(i).scope.user_id for i, _ in exact} == {"alice"}
    store.close()


def test_status_changes_and_forget_reach_the_exact_index(store):
    recs = _records("alice")
    store.commit(add=recs)
    part, vec = recs[0].scope.partition, store.embedder.embed_query("green tea")
    assert store.dense_search([part], vec, 1)[0][0] == recs[0].id
    store.commit(update=[store.get(recs[0].id).model_copy(update={"status": Status.SUPERSEDED})])
    assert recs[0].id not in [i for i, _ in store.dense_search([part], vec, 8)]
    assert store.dense_search([part], vec, 1, statuses=["superseded"])[0][0] == recs[0].id
    report = store.forget(recs[1].id)
    assert report["places"]["exact"] == "gone" and store.verify_gone(recs[1].id)["exact"] is True
    assert recs[1].id not in [i for i, _ in store.dense_search([part], vec, 8, statuses=["active", "superseded"])]


def test_reads_after_reopen_never_open_a_chroma_collection(tmp_path, fake_embedder):
    s = MemoryStore(tmp_path / "h", embedder=fake_embedder)
    recs = _records("alice")
    s.commit(add=recs)
    s.close()
    s2 = MemoryStore(tmp_path / "h", embedder=fake_embedder)
    hits = s2.dense_search(["user/default/alice"], fake_embedder.embed_query("Lisbon"), 3)
    assert hits[0][0] == recs[2].id and s2.chroma._collections == {}
    s2.close()


def test_large_partitions_fall_back_to_chroma(store):
    store.exact.max_partition = store.chroma.min_rows = 3  # the two thresholds are one setting
    store.exact.invalidate()
    recs = _records("alice")
    store.commit(add=recs)
    vec = store.embedder.embed_query("badminton")
    assert store.exact.search([recs[0].scope.partition], vec, 3) is None
    assert store.dense_search([recs[0].scope.partition], vec, 1)[0][0] == recs[4].id  # answered by Chroma


def test_memory_is_bounded_by_max_vectors():
    rows = {f"p{i}": [(f"m{i}_{j}", "active", np.eye(4, dtype=np.float32)[j]) for j in range(4)] for i in range(10)}
    ex = ExactDense(lambda p: rows[p], max_vectors=12)
    for i in range(10):
        ex.search([f"p{i}"], np.ones(4, np.float32), 2)
    assert ex._rows <= 12 and list(ex._parts)[-1] == "p9"
    with pytest.raises(ValueError, match="positive"):
        ExactDense(lambda p: [], max_partition=0)
