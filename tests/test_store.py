"""The canonical store and its projections: one write path, scoped search, forget everywhere.

Every test that stores something runs on both canonical backends (`backend`: SQLite and PostgreSQL)."""

from __future__ import annotations

import sqlite3

import pytest

from langmem_nodes.records import LedgerEntry, LedgerOp, MemoryRecord, Scope, Status
from langmem_nodes.store import MemoryStore, VersionConflict
from langmem_nodes.store.projection import Projection


@pytest.fixture
def store(backend, tmp_path, fake_embedder):
    s = backend.open(tmp_path / "home", embedder=fake_embedder)
    yield s
    s.close()


def rec(text: str, user: str = "alice", **kw) -> MemoryRecord:
    kw.setdefault("object", text.split()[-1])
    return MemoryRecord(text=text, scope=Scope(user_id=user), **kw)


def test_commit_projects_into_chroma_and_bm25(store):
    a = rec("Alice prefers green tea")
    store.commit(add=[a], ledger=[LedgerEntry(op=LedgerOp.WRITE, memory_id=a.id, payload={"text": a.text})])
    part = a.scope.partition
    assert store.get(a.id).text == a.text
    assert store.bm25.contains(a.id, part)
    # Chroma mirrors every partition with a server; embedded, only those past the exact index's size
    assert store.chroma.contains(a.id, part) is (store.chroma.min_rows == 0)
    assert store.lexical_search([part], "green tea", 5)[0][0] == a.id
    vec = store.embedder.embed_query("green tea")
    assert store.dense_search([part], vec, 5)[0][0] == a.id


def test_search_never_crosses_partitions(store):
    a, b = rec("likes espresso", "alice"), rec("likes espresso", "bob")
    store.commit(add=[a, b])
    alice_parts = ["user/default/alice"]
    assert [i for i, _ in store.lexical_search(alice_parts, "espresso", 10)] == [a.id]
    assert [i for i, _ in store.dense_search(alice_parts, store.embedder.embed_query("espresso"), 10)] == [a.id]


def test_status_filter_inside_backends(store):
    a = rec("uses npm run deploy")
    store.commit(add=[a])
    store.commit(update=[a.model_copy(update={"status": Status.SUPERSEDED})])
    part = a.scope.partition
    assert store.lexical_search([part], "deploy", 5) == []
    assert store.dense_search([part], store.embedder.embed_query("deploy"), 5) == []
    assert store.lexical_search([part], "deploy", 5, statuses=["superseded"])[0][0] == a.id


def test_optimistic_version_conflict(store):
    a = rec("prefers tabs")
    store.commit(add=[a])
    stale = store.get(a.id)
    store.commit(update=[stale.model_copy(update={"text": "prefers spaces"})])
    with pytest.raises(VersionConflict):
        store.commit(update=[stale.model_copy(update={"text": "prefers tabs again"})])
    assert store.get(a.id).text == "prefers spaces" and store.get(a.id).version == 2


def test_ledger_is_append_only(store, backend):
    a = rec("likes jazz")
    store.commit(add=[a], ledger=[LedgerEntry(op=LedgerOp.WRITE, memory_id=a.id)])
    if backend.name == "sqlite":
        conn = sqlite3.connect(store.home / "memory.sqlite3")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("DELETE FROM ledger")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("UPDATE ledger SET op='reject'")
        conn.close()
        return
    import psycopg  # the database itself refuses, whoever connects: not only this library's code paths

    with psycopg.connect(store.database_url, autocommit=True) as conn:
        for sql in ("DELETE FROM ledger", "UPDATE ledger SET op='reject'", "TRUNCATE ledger",
                    "UPDATE ledger SET body='{}', scrubbed=1"):  # a scrub outside a forget's transaction
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                conn.execute(sql)
        # even with the scrub setting on, an entry's identity cannot change
        with pytest.raises(psycopg.errors.RaiseException, match="append-only"), conn.transaction():
            conn.execute("SELECT set_config('langmem.scrub', 'on', true)")
            conn.execute("UPDATE ledger SET op='reject', scrubbed=1")
        assert conn.execute("SELECT count(*), max(op), max(scrubbed) FROM ledger").fetchone() == (1, "write", 0)


def test_forget_reaches_every_place_and_scrubs_ledger(store):
    a, b = rec("my favourite snack is pistachio"), rec("works in Berlin")
    store.commit(add=[a, b], ledger=[LedgerEntry(op=LedgerOp.WRITE, memory_id=a.id, payload={"text": a.text})])
    report = store.forget(a.id)
    assert report["id"] == a.id and report["places"]["chroma"] == "gone" and report["places"]["bm25"] == "gone"
    assert all(store.verify_gone(a.id).values())
    assert store.get(b.id) is not None and store.lexical_search([b.scope.partition], "Berlin", 5)
    hist = store.history(a.id)
    assert hist[-1].op == LedgerOp.FORGET and "pistachio" not in "".join(e.model_dump_json() for e in hist)
    store.close()
    blob = b"".join(p.read_bytes() for p in store.home.rglob("*") if p.is_file())
    assert b"pistachio" not in blob


class FlakyProjection(Projection):
    name = "flaky"

    def __init__(self) -> None:
        self.ids: set[str] = set()
        self.fail = False

    def upsert(self, records, vectors):
        self.ids |= {r.id for r in records}

    def delete(self, memory_id, partition):
        if self.fail:
            raise OSError("disk unavailable")
        self.ids.discard(memory_id)

    def contains(self, memory_id, partition):
        return memory_id in self.ids


def test_failed_projection_delete_is_retried_at_open(backend, tmp_path, fake_embedder):
    flaky = FlakyProjection()
    s = backend.open(tmp_path / "h", embedder=fake_embedder, extra_projections=[flaky])
    a = rec("likes chess")
    s.commit(add=[a])
    flaky.fail = True
    report = s.forget(a.id)
    assert report["places"]["flaky"].startswith("pending") and report["places"]["chroma"] == "gone"
    assert s.verify_gone(a.id)["flaky"] is False  # not a silent ghost: reported and recorded
    assert s.pending_intents()
    s.close()
    flaky.fail = False
    s2 = backend.open(tmp_path / "h", embedder=fake_embedder, extra_projections=[flaky])
    assert s2.verify_gone(a.id) == {k: True for k in s2.verify_gone(a.id)} and not s2.pending_intents()
    s2.close()


def test_bad_ids_rejected_and_nothing_stored(store):
    with pytest.raises(ValueError, match="user_id"):
        Scope(user_id="../etc")
    with pytest.raises(ValueError, match="user_id"):
        Scope(user_id="  ")
    with pytest.raises(ValueError, match="text"):
        rec("x" * 5000)
    assert store.count() == 0


def test_reopen_keeps_everything(backend, tmp_path, fake_embedder):
    s = backend.open(tmp_path / "h", embedder=fake_embedder)
    a = rec("prefers vim")
    s.commit(add=[a])
    s.close()
    s2 = backend.open(tmp_path / "h", embedder=fake_embedder)
    assert s2.get(a.id).text == "prefers vim"
    assert s2.lexical_search([a.scope.partition], "vim", 3)[0][0] == a.id
    assert s2.dense_search([a.scope.partition], fake_embedder.embed_query("vim"), 3)[0][0] == a.id
    s2.close()


class FailingCompaction(FlakyProjection):
    name = "disk_index"

    def __init__(self) -> None:
        super().__init__()
        self.fail_compact = False
        self.compacted: list[str] = []

    def compact(self, partition, records, vectors):
        if self.fail_compact:
            raise OSError("index file locked")
        self.compacted.append(partition)


def test_failed_compaction_is_reported_and_retried_at_open(backend, tmp_path, fake_embedder):
    proj = FailingCompaction()
    s = backend.open(tmp_path / "h", embedder=fake_embedder, extra_projections=[proj])
    a, b = rec("likes go"), rec("likes rust")
    s.commit(add=[a, b])
    proj.fail_compact = True
    report = s.forget(a.id)
    assert report["places"]["disk_index"].startswith("pending") and report["places"]["chroma"] == "gone"
    assert s.pending_intents()
    s.close()
    proj.fail_compact = False
    s2 = backend.open(tmp_path / "h", embedder=fake_embedder, extra_projections=[proj])
    assert proj.compacted == [a.scope.partition] and not s2.pending_intents()
    assert s2.dense_search([b.scope.partition], fake_embedder.embed_query("likes rust"), 3)[0][0] == b.id
    s2.close()


def test_rendered_cache_is_a_projection(store):
    a, b = rec("likes tea"), rec("likes jazz")
    store.commit(add=[a, b])
    store.rendered.put("inject:alice", f"{a.text}; {b.text}", [a.id, b.id])
    store.rendered.put("inject:b", b.text, [b.id])
    store.commit(update=[store.get(b.id).model_copy(update={"text": "likes blues"})])  # edit → stale render dropped
    assert store.rendered.get("inject:alice") is None and store.rendered.get("inject:b") is None
    store.rendered.put("inject:a", a.text, [a.id])
    assert store.forget(a.id)["places"]["rendered"] == "gone" and store.rendered.get("inject:a") is None
    assert store.verify_gone(a.id)["rendered"] is True


def test_modify_retries_and_respects_read_only(store):
    a = rec("org policy", read_only=True)
    store.commit(add=[a])
    from langmem_nodes.store import ReadOnlyViolation

    with pytest.raises(ReadOnlyViolation):
        store.modify(a.id, lambda r: r.model_copy(update={"confidence": 0.1}))
    assert store.modify(a.id, lambda r: r.model_copy(update={"confidence": 0.9}), actor="user").version == 2
    with pytest.raises(KeyError):
        store.modify("mem_missing", lambda r: r)


def test_forget_many_validates_every_id_first(store):
    a = rec("likes chess")
    store.commit(add=[a])
    for bad in (["  "], [a.id, ""], [a.id, "mem_unknown"]):
        with pytest.raises((ValueError, KeyError)):
            store.forget_many(bad)
    assert store.get(a.id) is not None
    assert store.forget_many([a.id, a.id])[0]["places"]["bm25"] == "gone"
    assert store.forget(a.id)["places"]["already_forgotten"] == "gone"


def test_read_only_forget_needs_a_user_and_ledger_is_verified(store):
    from langmem_nodes.store import ReadOnlyViolation

    a = rec("org policy: tabs", read_only=True)
    store.commit(add=[a], ledger=[LedgerEntry(op=LedgerOp.WRITE, memory_id=a.id, payload={"text": a.text})])
    with pytest.raises(ReadOnlyViolation):
        store.forget(a.id, actor="ttl_sweep")
    assert store.get(a.id) is not None and store.verify_gone(a.id)["ledger"] is False
    store.forget(a.id, actor="user")
    assert store.verify_gone(a.id)["ledger"] is True and all(store.verify_gone(a.id).values())


def test_an_update_cannot_move_a_memory_to_another_partition(store):
    a = rec("likes green tea", "alice")
    store.commit(add=[a])
    moved = store.get(a.id).model_copy(update={"scope": Scope(user_id="bob"), "text": "likes black tea"})
    with pytest.raises(ValueError, match="cannot move from partition 'user/default/alice'"):
        store.commit(update=[moved])
    kept = store.get(a.id)
    assert (kept.scope.partition, kept.text, kept.version) == ("user/default/alice", "likes green tea", 1)
    assert store.lexical_search(["user/default/bob"], "tea", 5) == []
    assert [i for i, _ in store.lexical_search(["user/default/alice"], "tea", 5)] == [a.id]


def test_a_bare_partition_string_is_a_clear_error_not_an_empty_result(store):
    a = rec("likes green tea", "alice")
    store.commit(add=[a])
    part = "user/default/alice"
    searches = [lambda p: [r.id for r in store.find(p)], lambda p: [i for i, _ in store.lexical_search(p, "tea", 5)],
                lambda p: [i for i, _ in store.dense_search(p, store.embedder.embed_query("tea"), 5)]]
    for ids_in in searches:
        with pytest.raises(ValueError, match=r"list of partition keys.*pass \['user/default/alice'\]"):
            ids_in(part)
        assert ids_in([part]) == [a.id]


def test_forget_many_refuses_a_bare_id_string_and_deletes_nothing(store):
    a = rec("likes green tea")
    store.commit(add=[a])
    with pytest.raises(ValueError, match=r"memory_ids must be a list of ids"):
        store.forget_many(a.id)
    assert store.get(a.id) is not None and store.tombstones() == []


def test_modify_refuses_a_change_that_swaps_the_id(store):
    a, b = rec("likes tea"), rec("likes jazz")
    store.commit(add=[a, b])
    with pytest.raises(ValueError, match="change must return the MemoryRecord"):
        store.modify(a.id, lambda r: r.model_copy(update={"id": b.id, "text": "hijacked"}))
    assert (store.get(a.id).text, store.get(b.id).text, store.get(b.id).version) == ("likes tea", "likes jazz", 1)


def test_history_matches_ids_literally_not_as_like_patterns(store):
    a = rec("likes jazz")
    store.commit(add=[a], ledger=[LedgerEntry(op=LedgerOp.WRITE, memory_id=a.id, payload={"text": a.text})])
    assert store.history("%") == [] and store.history("mem" + "_" * (len(a.id) - 3)) == []
    assert [e.memory_id for e in store.history(a.id)] == [a.id]


def test_partitions_by_prefix_is_exact_and_uses_the_index(store):
    scopes = [Scope(user_id="al", session_id="s1", level="session"), Scope(user_id="al", session_id="s2", level="session"),
              Scope(user_id="alice", session_id="s1", level="session"), Scope(user_id="al")]
    store.commit(add=[MemoryRecord(text=f"fact {i}", scope=s) for i, s in enumerate(scopes)])
    assert store.partitions(prefix="session/default/al/") == ["session/default/al//s1", "session/default/al//s2"]
    assert len(store.partitions()) == 4
    if store.database_url is not None:
        return  # PostgreSQL: a range over the "C"-collated index (store/postgres.py); the plan is SQLite's here
    conn, sql = store._canonical._conn, []
    conn.set_trace_callback(sql.append)
    store.partitions(prefix="session/default/al/")
    conn.set_trace_callback(None)
    (query,) = [q for q in sql if q.startswith("SELECT")]
    plan = " ".join(str(r) for r in conn.execute("EXPLAIN QUERY PLAN " + query).fetchall())
    assert "SEARCH records" in plan  # an index range, not a SCAN of every record


def test_parsed_record_cache_hands_out_independent_copies_and_follows_other_writers(backend, tmp_path, fake_embedder):
    from langmem_nodes.store.canonical import open_canonical

    store = backend.open(tmp_path, embedder=fake_embedder)
    rec = MemoryRecord(text="User prefers tea", object="tea", scope=Scope(user_id="u1"), metadata={"k": "v"})
    store.commit(add=[rec])
    first = store.get(rec.id)
    first.metadata["k"] = "mutated"
    first.source_turn_ids.append("t-injected")
    again = store.get_many([rec.id])[rec.id]
    assert again.metadata == {"k": "v"} and "t-injected" not in again.source_turn_ids
    # another connection (another process) changes the body: the cached parse must not be served
    other = open_canonical(tmp_path, store.database_url)
    with other.transaction() as conn:
        other.update(conn, again.model_copy(update={"text": "User prefers green tea"}), again.version)
    other.close()
    assert store.get(rec.id).text == "User prefers green tea"
    assert [r.text for r in store.find(["user/default/u1"])] == ["User prefers green tea"]
    store.close()


EMBEDDED_ONLY = ("test_chroma_mirror_large_keeps_small_partitions_out_of_chroma_and_backfills_when_they_grow",)


def test_chroma_mirror_large_keeps_small_partitions_out_of_chroma_and_backfills_when_they_grow(backend, tmp_path, fake_embedder):
    store = backend.open(tmp_path, embedder=fake_embedder, chroma_mirror="large")
    store.exact.max_partition = store.chroma.min_rows = 3  # a tiny threshold instead of 5,000
    part = "user/default/u1"
    recs = [MemoryRecord(text=f"User likes fruit number {i}", object=f"fruit {i}", scope=Scope(user_id="u1"))
            for i in range(5)]
    store.commit(add=recs[:3])
    assert store.chroma._collection(part, create=False) is None  # 3 rows: served by the exact index only
    q = fake_embedder.embed_query("User likes fruit number 1")
    assert store.dense_search([part], q, 1)[0][0] == recs[1].id
    store.commit(add=recs[3:])  # 5 rows > 3: the collection is created with the WHOLE partition
    store.chroma.miss_ttl = 0
    col = store.chroma._collection(part, create=False)
    assert col is not None and sorted(col.get()["ids"]) == sorted(r.id for r in recs)
    assert store.exact.search([part], q, 1) is None  # too big for the exact index: Chroma answers
    assert store.dense_search([part], q, 1)[0][0] == recs[1].id
    store.forget_many([r.id for r in recs[:3]])  # back to 2 rows: the collection is dropped, nothing stays
    assert store.chroma._collection(part, create=False) is None
    assert {i for i, _ in store.dense_search([part], q, 5)} == {recs[3].id, recs[4].id}  # exact index again
    assert all(all(store.verify_gone(r.id).values()) for r in recs[:3])
    store.close()


def test_chroma_mirror_rejects_bad_values(tmp_path, fake_embedder):
    with pytest.raises(ValueError, match="chroma_mirror must be"):
        MemoryStore(tmp_path, embedder=fake_embedder, chroma_mirror="some")
    with pytest.raises(ValueError, match="needs the embedded client"):
        MemoryStore(tmp_path, embedder=fake_embedder, chroma_url="http://127.0.0.1:1", chroma_mirror="large")


def test_a_home_mirrored_in_full_then_opened_large_backfills_what_it_skipped(backend, tmp_path, fake_embedder):
    part = "user/default/u1"
    recs = [MemoryRecord(text=f"User likes fruit number {i}", object=f"fruit {i}", scope=Scope(user_id="u1"))
            for i in range(4)]
    full = backend.open(tmp_path, embedder=fake_embedder, chroma_mirror="all")
    full.commit(add=recs[:2])
    full.close()
    large = backend.open(tmp_path, embedder=fake_embedder, chroma_mirror="large")
    large.exact.max_partition = large.chroma.min_rows = 3
    large.commit(add=[recs[2]])  # 3 rows: Chroma untouched, its old collection now lags
    large.commit(add=[recs[3]])  # 4 rows: the lagging collection is backfilled whole
    col = large.chroma._collection(part, create=False)
    assert sorted(col.get()["ids"]) == sorted(r.id for r in recs)
    large.close()


EMBEDDED_ONLY = (*EMBEDDED_ONLY, "test_a_home_mirrored_in_full_then_opened_large_backfills_what_it_skipped")


def test_bm25_partitions_are_bounded_and_rebuilt_on_demand():
    from langmem_nodes.store.bm25 import BM25Projection

    rows = {f"user/default/u{i}": [(f"m{i}a", f"user {i} likes green tea", "active"),
                                   (f"m{i}b", f"user {i} rides a bike", "active")] for i in range(3)}
    loads: list[str] = []

    def loader(part):
        loads.append(part)
        return rows[part]

    bm = BM25Projection(loader=loader, max_docs=4)
    for i in range(3):
        assert bm.search([f"user/default/u{i}"], "green tea", 1)[0][0] == f"m{i}a"
    assert list(bm._parts) == ["user/default/u1", "user/default/u2"]  # u0 (least recent) dropped
    assert bm.search(["user/default/u0"], "bike", 1)[0][0] == "m0b" and loads.count("user/default/u0") == 2
    with pytest.raises(ValueError, match="max_docs"):
        BM25Projection(max_docs=0)


def test_find_refs_reads_one_attribute_without_parsing_bodies(store, monkeypatch):
    from datetime import UTC, datetime

    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    store.commit(add=[
        rec("I live in Berlin", subject="user", predicate="lives_in", object="Berlin", created_at=t0),
        rec("我住在上海", subject="user", predicate="lives_in", object="上海", polarity="negative"),
        rec("Bob lives in Rome", user="bob", subject="user", predicate="lives_in", object="Rome"),
        rec("I like tea", subject="user", predicate="likes", object="tea"),
    ])
    parts = ["user/default/alice"]
    full = store.find(parts, subject="USER", predicate="lives_in")
    monkeypatch.setattr(store._canonical, "_parse", lambda *a: pytest.fail("find_refs parsed a body"))
    refs = store.find_refs(parts, subject="USER", predicate="lives_in")
    assert [(r.id, r.object, r.polarity, r.created_at) for r in refs] == [
        (m.id, m.object, m.polarity.value, m.created_at) for m in full]
    assert [r.object for r in refs] == ["Berlin", "上海"] and refs[0].created_at == t0
    assert store.find_refs([], subject="user", predicate="lives_in") == []
    assert store.find_refs(parts, subject="user", predicate="lives_in", statuses=[Status.ARCHIVED]) == []
