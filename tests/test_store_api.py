"""The store is the only way in: nodes, governance, CLI and evals use public `MemoryStore` methods, never its
canonical store or a cache's internals; the import of a memory home is one transaction."""

import re
from pathlib import Path

import pytest

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import LedgerEntry, LedgerOp, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore, Projection

ROOT = Path(__file__).resolve().parent.parent
INTERNALS = re.compile(r"\.canonical\b|\._cache")


def test_no_code_outside_the_store_reaches_its_internals():
    hits = []
    for top in ("langmem_nodes", "graphs", "evals"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if (ROOT / "langmem_nodes" / "store") in path.parents:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if INTERNALS.search(line):
                    hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert hits == []


def test_the_canonical_store_is_private():
    assert not hasattr(MemoryStore, "canonical")


@pytest.fixture
def store(tmp_path):
    s = MemoryStore(tmp_path, embedder="hashing")
    yield s
    s.close()


def _export(tmp_path):
    src = MemoryStore(tmp_path / "src", embedder="hashing")
    kept = MemoryRecord(text="用户喜欢绿茶", scope=Scope(user_id="ada"))
    gone = MemoryRecord(text="Ada lives in Paris", scope=Scope(user_id="ada"))
    src.commit(add=[kept, gone], ledger=[LedgerEntry(op=LedgerOp.WRITE, memory_id=kept.id, partition=kept.scope.partition)])
    src.forget(gone.id)
    data = MemoryAdmin(src).export("ada")
    src.close()
    return data, kept, gone


def test_import_writes_records_ledger_and_tombstones_in_one_transaction(tmp_path, store, monkeypatch):
    data, kept, gone = _export(tmp_path)

    def broken(*a, **k):
        raise RuntimeError("disk full while writing a tombstone")

    monkeypatch.setattr(store._canonical, "add_tombstone", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        MemoryAdmin(store).import_(data)
    assert store.count() == 0 and store.ledger_count() == 0 and store.get(kept.id) is None  # nothing half-written
    monkeypatch.undo()
    assert MemoryAdmin(store).import_(data) == {"records": 1, "ledger": len(data["ledger"]), "tombstones": 1}
    assert store.ledger_count() == len(data["ledger"]) + 1  # and the import's own entry
    assert store.get(kept.id).text == "用户喜欢绿茶" and store.tombstone(gone.id)["partition"] == gone.scope.partition


def test_import_home_refuses_a_home_that_is_not_empty_and_a_bad_tombstone(store):
    rec = MemoryRecord(text="User prefers tea", scope=Scope(user_id="ada"))
    with pytest.raises(ValueError, match="bad tombstone .*memory_id, partition, ts and actor"):
        store.import_home([rec], tombstones=[{"memory_id": "m1"}])
    assert store.count() == 0
    store.import_home([rec])
    with pytest.raises(ValueError, match="empty memory home"):
        store.import_home([MemoryRecord(text="User prefers coffee", scope=Scope(user_id="ada"))])
    assert [r.text for r in store.find(None, statuses=None)] == ["User prefers tea"]


def test_public_reads_answer_what_governance_needs(store):
    a = MemoryRecord(text="Ada prefers tea", scope=Scope(user_id="ada", session_id="s1", level="session"))
    b = MemoryRecord(text="艾达住在上海", scope=Scope(user_id="ada"))
    store.commit(add=[a, b], ledger=[LedgerEntry(op=LedgerOp.WRITE, memory_id=a.id, partition=a.scope.partition)])
    token = store.changes()
    assert store.changes() == token  # no commit in between
    store.forget(b.id)
    assert store.changes() != token
    assert store.partitions(prefix="session/default/ada/") == [a.scope.partition]
    assert store.count() == 1 and store.tombstone(b.id)["actor"] == "user"
    assert [t["memory_id"] for t in store.tombstones([b.scope.partition])] == [b.id]
    assert [e.op for e in store.ledger(partitions=[a.scope.partition])] == [LedgerOp.WRITE]
    assert [mid for mid, _ in store.change_times([b.id], ["forget"])] == [b.id]
    assert store.pending_intents() == [] and store.meta("embedder") == "hashing/384"


class Recorder(Projection):
    """An extra projection that records what the registry asks of it."""

    name = "recorder"

    def __init__(self):
        self.invalidated, self.scrubbed, self.upserted, self.deleted, self.fail = 0, [], [], [], False

    def upsert(self, records, vectors):
        if self.fail:
            raise RuntimeError("recorder down")
        self.upserted += [r.id for r in records]

    def delete(self, memory_id, partition):
        self.deleted.append(memory_id)

    def contains(self, memory_id, partition):
        return False

    def invalidate(self, partition=None):
        self.invalidated += 1

    def scrub_texts(self, texts):
        self.scrubbed += list(texts)


def test_the_registry_invalidates_every_projection_when_another_process_commits(tmp_path):
    rec = Recorder()
    mine = MemoryStore(tmp_path, embedder="hashing", extra_projections=[rec])
    part = Scope(user_id="ada").partition
    mine.commit(add=[MemoryRecord(text="Ada prefers tea", scope=Scope(user_id="ada"))])
    assert mine.lexical_search([part], "tea", 5) and rec.invalidated == 0  # its own commit: nothing to drop
    other = MemoryStore(tmp_path, embedder="hashing")
    theirs = other.commit(add=[MemoryRecord(text="艾达喜欢乌龙茶", scope=Scope(user_id="ada"))])[0]
    other.close()
    assert [i for i, _ in mine.lexical_search([part], "乌龙茶", 5)] == [theirs.id] and rec.invalidated == 1
    assert mine.lexical_search([part], "tea", 5) and rec.invalidated == 1  # once per external commit
    mine.close()


@pytest.mark.parametrize(("first", "edited"), [("Ada lives in Paris", "Ada lives in Lyon"),
                                               ("艾达住在巴黎", "艾达住在里昂")])
def test_forget_leaves_no_trace_in_the_embedding_cache_or_the_stable_block(tmp_path, first, edited):
    from langmem_nodes.read import warm_stable
    from langmem_nodes.records import MemoryContext

    rec = Recorder()
    store = MemoryStore(tmp_path, embedder="hashing", extra_projections=[rec])
    kept = MemoryRecord(text="Bob prefers tea", scope=Scope(user_id="bob"))
    (m, _) = store.commit(add=[MemoryRecord(text=first, scope=Scope(user_id="ada")), kept])
    store.modify(m.id, lambda r: r.model_copy(update={"text": edited}),
                 ledger=lambda r: [LedgerEntry(op=LedgerOp.EDIT, memory_id=r.id, partition=r.scope.partition,
                                               payload={"old_text": first, "new_text": edited})])
    for mode in ("index", "summary"):
        assert warm_stable(store, [MemoryContext(user_id="ada"), MemoryContext(user_id="bob")], stable=mode) == 2
    assert store.rendered.holds_text(edited) and store.embedder.cached(edited) and store.embedder.cached(first)
    assert store.verify_gone(m.id)["embedding_cache"] is False and store.verify_gone(m.id)["rendered"] is False
    report = store.forget(m.id)
    assert report["places"]["embedding_cache"] == "gone" and report["places"]["rendered"] == "gone"
    for text in (first, edited):
        assert not store.embedder.cached(text) and not store.rendered.holds_text(text)
    assert first in rec.scrubbed and edited in rec.scrubbed  # the earlier text reached every projection
    assert store.rendered.holds_text("Bob prefers tea")  # only the forgotten memory's blocks were dropped
    gone = store.verify_gone(m.id)
    assert set(gone) >= {"sqlite", "vectors", "ledger", "chroma", "bm25", "exact", "rendered", "embedding_cache",
                         "recorder"}
    assert all(gone.values())
    store.close()


@pytest.mark.parametrize("text", ["Ada lives in Paris", "艾达住在巴黎"])
def test_a_forget_by_another_process_leaves_no_text_in_this_ones_caches(tmp_path, backend, text):
    from langmem_nodes.read import warm_stable
    from langmem_nodes.records import MemoryContext

    mine = backend.open(tmp_path, embedder="hashing")
    (m,) = mine.commit(add=[MemoryRecord(text=text, scope=Scope(user_id="ada"))])
    assert warm_stable(mine, [MemoryContext(user_id="ada")]) == 1
    assert mine.rendered.holds_text(text) and mine.embedder.cached(text)
    other = backend.open(tmp_path, embedder="hashing")
    other.forget(m.id)
    other.close()
    assert mine.lexical_search([m.scope.partition], text, 5) == []  # the next query notices the commit
    assert not mine.rendered.holds_text(text) and not mine.embedder.cached(text)
    assert all(mine.verify_gone(m.id).values())
    mine.close()


def test_forget_reaches_the_caches_of_a_bilingual_embedders_halves(tmp_path):
    from langmem_nodes.bilingual import BilingualEmbedder
    from langmem_nodes.embeddings import HashingEmbedder

    emb = BilingualEmbedder(HashingEmbedder(dim=16), HashingEmbedder(dim=16), half=16)
    store = MemoryStore(tmp_path, embedder=emb)
    en, zh = store.commit(add=[MemoryRecord(text="Ada lives in Paris", scope=Scope(user_id="ada")),
                               MemoryRecord(text="艾达住在巴黎", scope=Scope(user_id="ada"))])
    assert emb.cached(en.text) and emb.cached(zh.text) and emb.cache_size == 100_000
    assert store.verify_gone(en.id)["embedding_cache"] is False and store.verify_gone(zh.id)["embedding_cache"] is False
    store.forget_many([en.id, zh.id])
    assert not emb.cached(en.text) and not emb.cached(zh.text)
    assert all(store.verify_gone(en.id).values()) and all(store.verify_gone(zh.id).values())
    store.close()


def test_a_home_with_intents_in_the_old_layout_has_them_replayed(tmp_path):
    import json
    import sqlite3

    store = MemoryStore(tmp_path, embedder="hashing")
    a, b, gone = store.commit(add=[MemoryRecord(text="Ada prefers tea", scope=Scope(user_id="ada")),
                                   MemoryRecord(text="艾达住在巴黎", scope=Scope(user_id="ada")),
                                   MemoryRecord(text="Ada lives in Rome", scope=Scope(user_id="ada"))])
    store.forget(gone.id)
    store.close()
    part = a.scope.partition
    conn = sqlite3.connect(tmp_path / "memory.sqlite3")  # the layout before intent_items: a JSON list per row
    conn.executescript("DROP TABLE intent_items; DROP TABLE intents; CREATE TABLE intents(seq INTEGER PRIMARY KEY "
                       "AUTOINCREMENT, op TEXT NOT NULL, memory_id TEXT NOT NULL, partition TEXT NOT NULL, "
                       "pending TEXT NOT NULL);")
    conn.executemany("INSERT INTO intents(op, memory_id, partition, pending) VALUES (?,?,?,?)",
                     [("upsert", json.dumps([[a.id, part], [b.id, part]]), "", '["recorder"]'),
                      ("delete", json.dumps([[gone.id, part]]), "", '["recorder"]'),
                      ("wal_scrub", "[]", "", '["wal"]')])
    conn.commit()
    conn.close()
    rec = Recorder()
    again = MemoryStore(tmp_path, embedder="hashing", extra_projections=[rec])
    assert sorted(rec.upserted) == sorted([a.id, b.id]) and rec.deleted == [gone.id]  # each on its own items
    assert again.pending_intents() == []
    again.close()
    conn = sqlite3.connect(tmp_path / "memory.sqlite3")
    assert {r[1] for r in conn.execute("PRAGMA table_info(intents)")} == {"seq", "op", "pending"}
    assert conn.execute("SELECT COUNT(*) FROM intent_items").fetchone()[0] == 0
    conn.close()


def test_an_intent_lists_its_memories_one_per_row(tmp_path):
    rec = Recorder()
    rec.fail = True
    store = MemoryStore(tmp_path, embedder="hashing", extra_projections=[rec])
    a, b = store.commit(add=[MemoryRecord(text="Ada prefers tea", scope=Scope(user_id="ada")),
                             MemoryRecord(text="艾达住在巴黎", scope=Scope(user_id="ada"))])
    ((_, op, items, pending),) = store.pending_intents()
    assert (op, items, pending) == ("upsert", [(a.id, a.scope.partition), (b.id, b.scope.partition)], ["recorder"])
    rec.fail = False
    store.replay_intents()
    assert store.pending_intents() == [] and sorted(rec.upserted) == sorted([a.id, b.id])
    store.close()


def test_a_postgres_schema_with_intents_in_the_old_layout_has_them_replayed(tmp_path, postgres):
    import json

    import psycopg

    url = postgres.new_schema()
    store = MemoryStore(tmp_path, embedder="hashing", database_url=url)
    a, b = store.commit(add=[MemoryRecord(text="Ada prefers tea", scope=Scope(user_id="ada")),
                             MemoryRecord(text="艾达住在巴黎", scope=Scope(user_id="ada"))])
    store.close()
    with psycopg.connect(url, autocommit=True) as conn:  # the schema before intent_items
        conn.execute("DROP TABLE intent_items; ALTER TABLE intents ADD COLUMN memory_id TEXT NOT NULL DEFAULT '[]',"
                     " ADD COLUMN partition TEXT NOT NULL DEFAULT ''")
        conn.execute("DELETE FROM meta WHERE key = 'pg_schema'")  # versions of that layout kept no schema version
        conn.execute("INSERT INTO intents(op, memory_id, partition, pending) VALUES (%s,%s,%s,%s)",
                     ("upsert", json.dumps([[a.id, a.scope.partition], [b.id, b.scope.partition]]), "", '["recorder"]'))
    rec = Recorder()
    again = MemoryStore(tmp_path, embedder="hashing", database_url=url, extra_projections=[rec])
    assert sorted(rec.upserted) == sorted([a.id, b.id]) and again.pending_intents() == []
    again.close()
    with psycopg.connect(url, autocommit=True) as conn:
        cols = {r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns WHERE "
                                           "table_schema = current_schema() AND table_name = 'intents'")}
    assert cols == {"seq", "op", "pending"}


@pytest.mark.parametrize("text", ["Ada lives in Paris", "艾达住在巴黎"])
def test_forget_reports_name_the_actual_canonical_backend(tmp_path, backend, text):
    store = backend.open(tmp_path, embedder="hashing")
    (m,) = store.commit(add=[MemoryRecord(text=text, scope=Scope(user_id="ada"))])
    assert store.backend == backend.name
    places = store.forget(m.id)["places"]
    other = {"sqlite", "postgres"} - {backend.name}
    assert places[backend.name] == "gone" and not other & set(places)
    gone = store.verify_gone(m.id)
    assert gone[backend.name] is True and not other & set(gone)
    store.close()


def test_one_read_checks_other_processes_once_and_the_next_read_sees_their_commit(tmp_path, backend):
    mine = backend.open(tmp_path, embedder="hashing")
    (m,) = mine.commit(add=[MemoryRecord(text="Ada drinks green tea 绿茶", scope=Scope(user_id="ada"))])
    part = m.scope.partition
    calls = []
    real = type(mine._canonical).changes
    mine._canonical.changes = lambda: calls.append(1) or real(mine._canonical)  # noqa: SLF001 - counting checks
    q = mine.embedder.embed_query("green tea")
    with mine.one_read():
        assert [i for i, _ in mine.lexical_search([part], "tea", 5)] == [m.id]
        assert [i for i, _ in mine.dense_search([part], q, 5)] == [m.id]
        assert set(mine.cosines([part], [m.id], q)) == {m.id}
        token = mine.changes()
    assert len(calls) == 1
    other = backend.open(tmp_path, embedder="hashing")
    other.forget(m.id)
    other.close()
    with mine.one_read():  # a new read: the other process's forget is seen
        assert mine.lexical_search([part], "tea", 5) == [] and mine.dense_search([part], q, 5) == []
        assert mine.changes() != token
    assert len(calls) == 2
    mine.lexical_search([part], "tea", 5)  # outside a read scope every call checks
    assert len(calls) == 3
    mine.close()


def test_the_dense_router_alone_decides_where_cosines_and_warming_come_from(tmp_path):
    store = MemoryStore(tmp_path, embedder="hashing", exact_max_partition=2)
    small = [MemoryRecord(text=f"Ada fact {i}", scope=Scope(user_id="ada")) for i in range(2)]
    big = [MemoryRecord(text=f"项目事实 {i}", scope=Scope(user_id="bob")) for i in range(3)]
    store.commit(add=small + big)
    store.close()
    store = MemoryStore(tmp_path, embedder="hashing", exact_max_partition=2)
    sizes = store.partition_sizes()
    assert store.dense.warm(sizes) == {small[0].scope.partition}  # the 3-row partition stays in Chroma
    assert store.warm()["vectors"] == 2
    q = store.embedder.embed_query("Ada fact 0")
    ids = [r.id for r in small + big]
    cos = store.dense.cosines([small[0].scope.partition, big[0].scope.partition], ids, q)
    assert set(cos) == set(ids)  # the big partition's from the canonical vectors
    assert store.cosines([small[0].scope.partition], ids, q) == {i: cos[i] for i in ids[:2]}
    store.close()


def test_the_usage_log_is_opened_through_the_store(tmp_path):
    from langmem_nodes.usage import purge_usage, usage_log

    store = MemoryStore(tmp_path, embedder="hashing")
    assert not store.has_usage_log() and purge_usage(store, ["m1"]) == 0 and not store.has_usage_log()
    assert usage_log(store) is store.usage_log() and store.has_usage_log()
    store.close()
    again = MemoryStore(tmp_path, embedder="hashing")
    assert again.has_usage_log()
    again.close()


def test_a_batch_holding_an_id_already_stored_writes_nothing_and_names_it(tmp_path, backend):
    store = backend.open(tmp_path, embedder="hashing")
    (old,) = store.commit(add=[MemoryRecord(text="Ada drinks tea", scope=Scope(user_id="ada"))])
    batch = [MemoryRecord(text=f"用户事实 {i}", scope=Scope(user_id="ada")) for i in range(3)]
    batch.append(MemoryRecord(id=old.id, text="Ada drinks coffee", scope=Scope(user_id="ada")))
    with pytest.raises(ValueError, match=old.id):
        store.commit(add=batch)
    assert store.count() == 1 and store.get(old.id).text == "Ada drinks tea"
    assert store.vectors([r.id for r in batch[:3]]) == {}
    stored = store.commit(add=batch[:3])  # the same batch without the clash: one statement batch, all written
    assert [r.id for r in stored] == [r.id for r in batch[:3]] and store.count() == 4
    assert set(store.vectors([r.id for r in batch[:3]])) == {r.id for r in batch[:3]}
    store.close()
