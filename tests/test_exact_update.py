"""Regression: updating the only memory of a partition must reach the exact dense projection."""

from __future__ import annotations

from langmem_nodes.records import MemoryRecord, Scope, Status


def test_status_update_of_first_row_reaches_exact_projection(store):
    a = MemoryRecord(text="prefers tabs", object="tabs", scope=Scope(user_id="u"))
    part = a.scope.partition
    store.dense_search([part], store.embedder.embed_query("tabs"), 5)  # load the partition first
    store.commit(add=[a])
    store.commit(update=[a.model_copy(update={"status": Status.SUPERSEDED})])
    assert store.canonical.intents() == []  # every projection confirmed the update
    assert store.dense_search([part], store.embedder.embed_query("tabs"), 5) == []
