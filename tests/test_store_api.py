"""The store is the only way in: nodes, governance, CLI and evals use public `MemoryStore` methods, never its
canonical store or a cache's internals; the import of a memory home is one transaction."""

import re
from pathlib import Path

import pytest

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import LedgerEntry, LedgerOp, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore

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
    assert MemoryAdmin(store).import_(data) == {"records": 1, "ledger": len(data["ledger"]) + 1, "tombstones": 1}
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
