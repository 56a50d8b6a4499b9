"""No lost updates: optimistic versioning with threads and with two processes on one memory home.

Canonical SQLite is the arbiter (BEGIN IMMEDIATE + `version` check). Each process opens its own embedded
Chroma client on the same directory; that is not an officially supported Chroma setup, so these tests
check the canonical truth and BM25, and only that Chroma never makes a write fail.
"""

from __future__ import annotations

import multiprocessing as mp
import threading

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store import MemoryStore, VersionConflict


def _bump(r: MemoryRecord) -> MemoryRecord:
    return r.model_copy(update={"recurrence": r.recurrence + 1})


def test_two_threads_same_version_one_wins(store):
    a = MemoryRecord(text="counter", scope=Scope(user_id="u"))
    store.commit(add=[a])
    stale = store.get(a.id)
    barrier, results = threading.Barrier(2), []

    def writer(text: str) -> None:
        barrier.wait()
        try:
            store.commit(update=[stale.model_copy(update={"text": text})])
            results.append("ok")
        except VersionConflict as exc:
            results.append(str(exc))

    threads = [threading.Thread(target=writer, args=(t,)) for t in ("uses tabs", "uses spaces")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r == "ok" for r in results) == [False, True]
    assert "changed since it was read" in next(r for r in results if r != "ok")
    assert store.get(a.id).version == 2


def test_threads_retry_on_fresh_state_lose_nothing(store):
    a = MemoryRecord(text="counter", scope=Scope(user_id="u"))
    store.commit(add=[a])

    def worker() -> None:
        for _ in range(5):
            store.modify(a.id, _bump, retries=50)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = store.get(a.id)
    assert final.recurrence == 1 + 20 and final.version == 21


def _proc_bump(home: str, mid: str, n: int, start: mp.Barrier) -> None:  # runs in a child process
    s = MemoryStore(home, embedder=HashingEmbedder(dim=64))
    start.wait()
    for _ in range(n):
        s.modify(mid, _bump, retries=200)
    s.close()


def _proc_race(home: str, mid: str, text: str, start: mp.Barrier, out: mp.Queue) -> None:
    s = MemoryStore(home, embedder=HashingEmbedder(dim=64))
    stale = s.get(mid)
    start.wait()
    try:
        s.commit(update=[stale.model_copy(update={"text": text})])
        out.put("ok")
    except VersionConflict:
        out.put("conflict")
    s.close()


def _proc_forget(home: str, mid: str) -> None:
    s = MemoryStore(home, embedder=HashingEmbedder(dim=64))
    s.forget(mid)
    s.close()


@pytest.mark.slow
def test_forget_in_another_process_does_not_break_this_ones_chroma(tmp_path):
    """A forget compacts (rebuilds) the partition's Chroma collection; a process holding the old handle
    must re-open it instead of failing or leaving a pending intent."""
    home = str(tmp_path / "home")
    s = MemoryStore(home, embedder=HashingEmbedder(dim=64))
    a, b = MemoryRecord(text="likes tea", scope=Scope(user_id="u")), MemoryRecord(text="likes jazz", scope=Scope(user_id="u"))
    s.commit(add=[a, b])
    assert s.dense_search(["user/default/u"], s.embedder.embed_query("likes jazz"), 2)[0][0] == b.id  # handle cached
    p = mp.get_context("spawn").Process(target=_proc_forget, args=(home, a.id))
    p.start()
    p.join(120)
    assert p.exitcode == 0
    c = MemoryRecord(text="likes chess", scope=Scope(user_id="u"))
    s.commit(add=[c])
    try:
        assert not s.pending_intents()
        assert s.get(a.id) is None and s.verify_gone(a.id)["sqlite"]
        hits = [i for i, _ in s.dense_search(["user/default/u"], s.embedder.embed_query("likes chess"), 3)]
        assert c.id in hits and a.id not in hits
    finally:
        s.close()


@pytest.mark.slow
def test_two_processes_one_home(tmp_path):
    home = str(tmp_path / "home")
    s = MemoryStore(home, embedder=HashingEmbedder(dim=64))
    a = MemoryRecord(text="counter", scope=Scope(user_id="u"))
    b = MemoryRecord(text="prefers tabs", scope=Scope(user_id="u"))
    s.commit(add=[a, b])
    s.close()
    ctx = mp.get_context("spawn")
    start = ctx.Barrier(2)
    procs = [ctx.Process(target=_proc_bump, args=(home, a.id, 10, start)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0]
    start2, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_proc_race, args=(home, b.id, t, start2, out)) for t in ("uses tabs", "uses spaces")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    results = sorted(out.get(timeout=5) for _ in procs)
    s = MemoryStore(home, embedder=HashingEmbedder(dim=64))
    try:
        assert s.get(a.id).recurrence == 21 and s.get(a.id).version == 21  # 20 increments, none lost
        assert results == ["conflict", "ok"] and s.get(b.id).version == 2
        winner = s.get(b.id).text
        assert s.lexical_search(["user/default/u"], winner.split()[-1], 3)[0][0] == b.id
        assert not s.pending_intents()  # every projection confirmed its work
    finally:
        s.close()


def _proc_add(home: str, text: str) -> None:
    s = MemoryStore(home, embedder=HashingEmbedder(dim=64))
    s.commit(add=[MemoryRecord(text=text, scope=Scope(user_id="u"))])
    s.close()


def test_in_process_indexes_see_another_process_writes_and_forgets(tmp_path):
    """BM25 and the exact dense index live in this process: a write or forget by another process must
    reach them (no ghost of a forgotten memory, no blind spot for a new one)."""
    home = str(tmp_path / "home")
    s = MemoryStore(home, embedder=HashingEmbedder(dim=64))
    a = MemoryRecord(text="likes oolong tea", scope=Scope(user_id="u"))
    s.commit(add=[a])
    part = ["user/default/u"]
    assert s.lexical_search(part, "oolong", 3)[0][0] == a.id  # both indexes loaded
    assert s.dense_search(part, s.embedder.embed_query("likes oolong tea"), 3)[0][0] == a.id
    ctx = mp.get_context("spawn")
    for target, args in ((_proc_forget, (home, a.id)), (_proc_add, (home, "plays the cello"))):
        p = ctx.Process(target=target, args=args)
        p.start()
        p.join(120)
        assert p.exitcode == 0
    try:
        assert s.lexical_search(part, "oolong", 3) == []
        assert a.id not in [i for i, _ in s.dense_search(part, s.embedder.embed_query("likes oolong tea"), 3)]
        assert len(s.lexical_search(part, "cello", 3)) == 1
        assert all(s.verify_gone(a.id).values())
    finally:
        s.close()
