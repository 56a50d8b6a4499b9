"""SIGKILLs during writes and forgets in a Chroma-mirrored partition (issue 18, finding 7): after every kill
the home reopens readable (Chroma answers, no read degraded), every journaled write and forget is durable,
no intent is left pending by the reopen, and recall finds what was written. The partition is mirrored
because `exact_max_partition` is lowered (tests/_crash.py drives the worker processes).

A collection that a kill damaged, or that fails to open or query, is rebuilt from SQLite; until then a read
is answered exactly from the canonical vectors and recorded (`store.dense.degraded`)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store import MemoryStore

sys.path.insert(0, str(Path(__file__).parent))
from _crash import run_kills  # noqa: E402


def _assert_clean(totals: dict) -> None:
    assert totals["unreadable"] == 0, totals["errors"]
    assert totals["pending_after_reopen"] == 0
    assert totals["lost_writes"] == 0 and totals["resurrected"] == 0
    assert totals["recall_misses"] == 0
    assert totals["journaled"] > 40  # the workers really wrote past the seed


def test_a_few_sigkills_leave_a_readable_durable_home(tmp_path):
    totals = run_kills(tmp_path / "home", 3, threshold=30, seed=1, max_delay=0.8)
    print(f"kills: {totals['kills']}, unreadable homes: {totals['unreadable']}")
    _assert_clean(totals)


@pytest.mark.stress
def test_fifty_sigkills_during_writes_and_forgets(tmp_path):
    # past Chroma's sync threshold (1,000 rows), so its HNSW files are written and read back
    totals = run_kills(tmp_path / "home", 60, threshold=1500, seed=7, max_delay=3.0,
                       log=lambda i, c: print(i, {k: c.get(k) for k in ("readable", "rebuilt", "journaled")}, flush=True))
    print(f"kills: {totals['kills']}, unreadable homes: {totals['unreadable']}, "
          f"collections rebuilt on reopen: {totals['rebuilt']}, journaled ops: {totals['journaled']}")
    _assert_clean(totals)


def _mirrored_home(tmp_path, emb, n=1200):  # past Chroma's sync threshold (1,000): HNSW files are written
    store = MemoryStore(tmp_path / "home", embedder=emb, exact_max_partition=8)
    recs = [MemoryRecord(text=t, scope=Scope(user_id="ada")) for t in
            [f"User note {i}: the deploy key of service s{i} is in vault v{i}" for i in range(n // 2)]
            + [f"用户备注{i}：服务s{i}的部署在机房m{i}" for i in range(n - n // 2)]]
    store.commit(add=recs)
    return store, recs


def _damage(store: MemoryStore, part: str) -> None:
    """Overwrite the collection's HNSW files with garbage, as a kill in the middle of a write can, and drop
    this process's Chroma client so the next open loads the files (as a new process would)."""
    import sqlite3

    from chromadb.api.client import SharedSystemClient

    from langmem_nodes.store.chroma import collection_name

    store.close()
    SharedSystemClient.clear_system_cache()

    conn = sqlite3.connect(store.home / "chroma" / "chroma.sqlite3")
    seg = conn.execute("SELECT s.id FROM segments s JOIN collections c ON c.id = s.collection "
                       "WHERE c.name = ? AND s.scope = 'VECTOR'", (collection_name(part),)).fetchone()[0]
    conn.close()
    for f in (store.home / "chroma" / seg).iterdir():
        f.write_bytes(np.random.default_rng(0).bytes(max(f.stat().st_size, 64)))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_damaged_collection_is_rebuilt_on_the_next_write_and_reads_degrade_meanwhile(tmp_path, fake_embedder, lang):
    store, recs = _mirrored_home(tmp_path, fake_embedder)
    part = recs[0].scope.partition
    assert store.dense.owner(part) == "chroma"
    _damage(store, part)
    again = MemoryStore(tmp_path / "home", embedder=fake_embedder, exact_max_partition=8)
    target = recs[1] if lang == "en" else recs[-1]
    hits = again.dense_search([part], fake_embedder.embed_query(target.text), 3)  # must not raise
    assert hits[0][0] == target.id
    assert part in again.dense.degraded and part in again.chroma.broken  # recorded, marked for a rebuild
    new = MemoryRecord(text="User note: the build cache is in bucket b9" if lang == "en" else "用户备注：构建缓存在存储桶b9",
                       scope=Scope(user_id="ada"))
    again.commit(add=[new])
    assert part not in again.chroma.broken and not again.pending_intents()
    assert sorted(again.chroma.ids(part)) == sorted([r.id for r in recs] + [new.id])
    # HNSW is approximate: on a loaded machine the rebuilt index once ranked another record first (fresh-clone CI,
    # stop 36); that the new record is found near the top is what shows the rebuilt collection answers queries
    assert new.id in [i for i, _ in again.chroma.search_partition(part, fake_embedder.embed_query(new.text), 3)]
    again.close()


def test_a_collection_marked_broken_is_rebuilt_at_the_next_open(tmp_path, fake_embedder):
    store, recs = _mirrored_home(tmp_path, fake_embedder)
    part = recs[0].scope.partition
    store.chroma.mark_broken(part, "query failed: test")
    store.close()
    again = MemoryStore(tmp_path / "home", embedder=fake_embedder, exact_max_partition=8)
    assert again.chroma.broken == {} and again.chroma.rebuilds == 1
    assert sorted(again.chroma.ids(part)) == sorted(r.id for r in recs)
    again.close()


def test_a_read_whose_chroma_query_raises_is_answered_from_sqlite(tmp_path, fake_embedder, caplog):
    store, recs = _mirrored_home(tmp_path, fake_embedder)
    part = recs[0].scope.partition

    def boom(*a, **k):
        raise RuntimeError("Error loading hnsw index")

    store.chroma.search_partition = boom
    hits = store.dense_search([part], fake_embedder.embed_query(recs[2].text), 2)
    assert hits[0][0] == recs[2].id
    assert "Error loading hnsw index" in store.dense.degraded[part][1]
    assert part in store.chroma.broken and "answered exactly from the canonical store's vectors" in caplog.text
    store.close()
