"""Forget leaves no copy on disk: not in the WAL while another connection holds a read snapshot, and
`delete_all` also reaches the text of turns the write graph rejected (it sits in their ledger entries).

Every check is a byte search of every file under the memory home, for the raw UTF-8 text and its
JSON-escaped form (ledger bodies written with `json.dumps` escape Chinese as \\uXXXX)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.write.graph import create_write_graph

TEXTS = ["Ada keeps her spare key under the blue flowerpot", "阿达把备用钥匙藏在蓝色花盆下面"]


def _files_holding(home: Path, text: str) -> list[str]:
    needles = {text.encode(), json.dumps(text).encode()[1:-1], json.dumps(text, ensure_ascii=False).encode()[1:-1]}
    return sorted(str(p.relative_to(home)) for p in home.rglob("*")
                  if p.is_file() and any(n in p.read_bytes() for n in needles))


def _reader_snapshot(db: Path) -> sqlite3.Connection:
    """Another connection with an open read transaction (its snapshot pins the WAL)."""
    conn = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN")
    assert conn.execute("SELECT COUNT(*) FROM records").fetchone()[0] >= 1
    return conn


def test_forget_waits_out_a_reader_snapshot_and_leaves_no_wal_copy(store):
    recs = [MemoryRecord(text=t, scope=Scope(user_id="ada")) for t in TEXTS]
    store.commit(add=recs)
    db = store.home / "memory.sqlite3"
    assert all(_files_holding(store.home, t) for t in TEXTS)
    reader = _reader_snapshot(db)
    release = threading.Timer(0.6, reader.close)  # the reader finishes while forget is waiting
    release.start()
    try:
        t0 = time.monotonic()
        reports = store.forget_many([r.id for r in recs])
        waited = time.monotonic() - t0
    finally:
        release.join()
    assert all(r["places"]["wal"] == "gone" for r in reports), reports
    assert waited >= 0.5  # it waited for the reader instead of returning with the WAL in place
    for t in TEXTS:
        assert _files_holding(store.home, t) == [], t


def test_forget_reports_a_pending_wal_scrub_and_the_next_write_finishes_it(store):
    recs = [MemoryRecord(text=t, scope=Scope(user_id="ada")) for t in TEXTS]
    store.commit(add=recs)
    store.wal_scrub_wait = 0.2
    reader = _reader_snapshot(store.home / "memory.sqlite3")
    try:
        reports = store.forget_many([r.id for r in recs])
        assert all(r["places"]["wal"].startswith("pending:") for r in reports), reports  # said, not hidden
        assert [op for _, op, *_ in store.pending_intents()] == ["wal_scrub"]
    finally:
        reader.close()
    store.commit(add=[MemoryRecord(text="likes chess", scope=Scope(user_id="ada"))])  # any later write
    assert store.pending_intents() == []
    for t in TEXTS:
        assert _files_holding(store.home, t) == [], t


def test_a_pending_wal_scrub_is_finished_by_close(store):
    rec = MemoryRecord(text=TEXTS[1], scope=Scope(user_id="ada"))
    store.commit(add=[rec])
    store.wal_scrub_wait = 0.1
    reader = _reader_snapshot(store.home / "memory.sqlite3")
    store.forget(rec.id)
    reader.close()
    store.close()
    assert _files_holding(store.home, TEXTS[1]) == []


def test_delete_all_reaches_the_text_of_rejected_turns(backend_store, backend):
    store = backend_store
    # every statement falls under the confidence floor: rejected, its text kept in the reject ledger entry
    graph = create_write_graph(store, gate_threshold=0.99, candidate_floor=0.99).compile()
    turns = {"ada": ["I like green tea.", "我喜欢下围棋。"], "bob": ["I like jazz.", "我喜欢喝绿茶。"]}
    said: dict[str, list[str]] = {}  # the texts the ledger keeps: the extracted statements and objects
    for user, ts in turns.items():
        for t in ts:
            out = graph.invoke({"messages": [("user", t)]}, context=MemoryContext(user_id=user, session_id="s1"))
            assert [s["action"] for s in out["memory_skipped"]] == ["reject"], out
            pending = out["memory_pending"][0].record
            said.setdefault(user, []).extend([pending.text, pending.object])
    kept = MemoryRecord(text="Ada prefers window seats", object="window seats", scope=Scope(user_id="ada"))
    store.commit(add=[kept])
    assert all(backend.holding(store, t) for ts in said.values() for t in ts)

    out = MemoryAdmin(store).delete_all(org_id="default", project_id="*", user_id="ada", session_id="*")
    assert out["ids"] == [kept.id] and out["scrubbed_entries"] == 2
    for t in [*said["ada"], kept.text]:
        assert backend.holding(store, t) == [], t
    for t in said["bob"]:  # another user's rejected turns are not touched
        assert backend.holding(store, t), t


def test_delete_all_reaches_rejected_turns_logged_before_entries_named_their_scope(backend_store, backend):
    store = backend_store
    from langmem_nodes.records import LedgerEntry, LedgerOp

    old = {  # entries as an older version wrote them: the partition key, no payload.scope
        "ada": [("session/default/ada/s1", "Ada hums old sea shanties"), ("user/default/ada", "阿达收藏旧邮票")],
        "bob": [("session/default/bob//s1", "Bob hums old sea shanties too")],
    }
    store.append_ledger([LedgerEntry(op=LedgerOp.REJECT, partition=part, reason="confidence below floor",
                                     payload={"text": text, "object": text}) for ts in old.values() for part, text in ts])
    out = MemoryAdmin(store).delete_all(org_id="default", project_id="*", user_id="ada", session_id="*")
    assert out["scrubbed_entries"] == 2
    for _, text in old["ada"]:
        assert backend.holding(store, text) == [], text
    assert backend.holding(store, old["bob"][0][1])


def test_a_pending_wal_scrub_is_finished_in_the_background_once_the_reader_ends(store):
    """Before: a forget whose WAL truncation a long reader blocked left the text in the WAL until this home's
    next write, forget, open or close, however long the process then stayed idle."""
    recs = [MemoryRecord(text=t, scope=Scope(user_id="ada")) for t in TEXTS]
    store.commit(add=recs)
    store.wal_scrub_wait = 0.1
    reader = _reader_snapshot(store.home / "memory.sqlite3")
    try:
        reports = store.forget_many([r.id for r in recs])
        assert all("retried in the background" in r["places"]["wal"] for r in reports), reports
        time.sleep(0.5)
        assert [op for _, op, *_ in store.pending_intents()] == ["wal_scrub"]  # still blocked by the reader
    finally:
        reader.close()
    deadline = time.monotonic() + 10
    while store.pending_intents() and time.monotonic() < deadline:  # no write, forget or close meanwhile
        time.sleep(0.1)
    assert store.pending_intents() == []
    for t in TEXTS:
        assert _files_holding(store.home, t) == [], t


def test_close_stops_the_background_wal_scrub(store):
    rec = MemoryRecord(text=TEXTS[0], scope=Scope(user_id="ada"))
    store.commit(add=[rec])
    store.wal_scrub_wait = 0.1
    reader = _reader_snapshot(store.home / "memory.sqlite3")
    try:
        store.forget(rec.id)
        retry = store._wal_retry
        assert retry is not None and retry.is_alive()
        store.close()  # the reader still holds its snapshot: the intent stays for the next open
        assert not retry.is_alive()
    finally:
        reader.close()
