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
    assert store.canonical.intents() == []  # every projection confirmed the update
    assert store.dense_search([part], store.embedder.embed_query("tabs"), 5) == []


def test_bulk_upsert_into_a_loaded_partition_copies_the_matrix_once(store, monkeypatch):
    import numpy as np

    from langmem_nodes.store.exact import ExactDense

    seed = MemoryRecord(text="seed", object="seed", scope=Scope(user_id="u"))
    store.commit(add=[seed])
    part = seed.scope.partition
    exact = ExactDense(store.canonical.partition_vectors)
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
