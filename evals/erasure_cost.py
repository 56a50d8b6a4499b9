"""What the use-counts-as-access sweep and the erasure check cost (prints figures; no thresholds).

- per recalled turn: writes to memory.sqlite3 (SQLite `total_changes` of a second connection is not visible, so
  the file's `PRAGMA data_version` seen by another connection is compared before and after N turns: 0 changes
  means the turn wrote nothing there; the usage event goes to usage.sqlite3 as before);
- `ExpirySweeper.sweep` over M memories, all older than the archive window, with K inject events in the log;
- `store.commit` of one memory with and without an erasure record on the home (median of R commits), and the
  read a recalled turn makes before writing its usage event (`store.erased_since`).

    python evals/erasure_cost.py [--turns 20] [--memories 2000] [--events 20000] [--commits 200]
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta

from langchain_core.messages import HumanMessage

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore
from langmem_nodes.store.memory_store import Writer
from langmem_nodes.turn import RecallTurn
from langmem_nodes.usage import last_injected, record_injection
from langmem_nodes.write import ExpirySweeper


def turns(n: int) -> int:
    store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    ctx = MemoryContext(user_id="ada")
    store.commit(add=[MemoryRecord(text="User is allergic to penicillin", predicate="allergy", object="penicillin",
                                   scope=Scope(user_id="ada"))])
    other = sqlite3.connect(store.home / "memory.sqlite3")
    before = other.execute("PRAGMA data_version").fetchone()[0]
    recall = RecallTurn(store)
    for _ in range(n):
        recall.run({"messages": [HumanMessage("What am I allergic to?")]}, ctx, None)
    after = other.execute("PRAGMA data_version").fetchone()[0]
    store.close()
    return after - before


def sweep(memories: int, events: int) -> tuple[float, float, int]:
    store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    old = datetime.now(UTC) - timedelta(days=400)
    recs = [MemoryRecord(text=f"User fact {i}", object=f"v{i}", scope=Scope(user_id=f"u{i % 50}"), created_at=old,
                         verified_at=old, tier="stable")
            for i in range(memories)]
    store.commit(add=recs)
    now = datetime.now(UTC)
    for i in range(events):
        ids = [recs[(i * 7 + j) % (memories // 2)].id for j in range(5)]  # half never injected
        record_injection(store, MemoryContext(user_id=f"u{i % 50}"), now - timedelta(days=i % 300), ids=ids,
                         sizes=[20] * 5, block_bytes=100, latency_ms=1.0)
    t = time.perf_counter()
    last_injected(store, [r.id for r in recs], now - timedelta(days=365))
    lookup = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    out = ExpirySweeper(store).sweep(now)
    took = (time.perf_counter() - t) * 1000
    store.close()
    return took, lookup, len(out["archived"])


def commits(r: int) -> tuple[float, float, float, float]:
    store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")

    def median(writer: Writer | None) -> float:
        times = []
        for i in range(r):
            rec = MemoryRecord(text=f"User fact {i} {time.time()}", object=f"v{i}", scope=Scope(user_id="ada"))
            t = time.perf_counter()
            store.commit(add=[rec], writer=writer)
            times.append((time.perf_counter() - t) * 1000)
        return statistics.median(times)

    plain = median(None)
    t = time.perf_counter()
    for _ in range(r):
        store.erased_since(Writer("default", "ada", time.time()))
    read_before = (time.perf_counter() - t) * 1000 / r
    MemoryAdmin(store).delete_all(org_id="*", project_id="*", user_id="zoe", session_id="*")  # an erasure record
    checked = median(Writer("default", "ada", time.time()))
    t = time.perf_counter()
    for _ in range(r):
        store.erased_since(Writer("default", "ada", time.time()))
    read_after = (time.perf_counter() - t) * 1000 / r
    store.close()
    return plain, checked, read_before, read_after


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--turns", type=int, default=20)
    p.add_argument("--memories", type=int, default=2000)
    p.add_argument("--events", type=int, default=20000)
    p.add_argument("--commits", type=int, default=200)
    a = p.parse_args()
    print(f"memory.sqlite3 changes over {a.turns} recalled turns: {turns(a.turns)}")
    took, lookup, archived = sweep(a.memories, a.events)
    print(f"sweep of {a.memories} memories with {a.events} inject events: {took:.0f} ms ({archived} archived), "
          f"of which the injection lookup alone: {lookup:.0f} ms")
    plain, checked, read_before, read_after = commits(a.commits)
    print(f"commit of one memory, median of {a.commits}: {plain:.2f} ms without writer, {checked:.2f} ms with the "
          "erasure check")
    print(f"per-turn usage-event check (store.erased_since), mean: {read_before:.3f} ms on a home never erased, "
          f"{read_after:.3f} ms after an erasure")


if __name__ == "__main__":
    main()
