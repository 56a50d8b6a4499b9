"""One process of the PostgreSQL multi-process stress test (tests/test_stress_postgres.py).

    python tests/_pg_stress_worker.py ROLE DATABASE_URL CHROMA_URL SECONDS OUT_JSON SEED

ROLE: writer (moves users between cities: supersede the active `lives_in`, exclusive), corrector (edits
active memories' text), forgetter (writes a marked memory each round and forgets the one it wrote three
rounds earlier, so the other processes have had time to recall it). Every role also bumps the
users' shared counters (`modify`: the lost-update check) and, after each action, runs the read graph for a
user and checks that no memory whose tombstone it saw BEFORE the query is recalled. Writes a JSON report.
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback

from langmem_nodes.graphs import create_read_graph
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope, Status
from langmem_nodes.store import MemoryStore, VersionConflict

USERS = [f"u{i}" for i in range(6)]


def counter_id(user: str) -> str:
    return f"mem_counter_{user}"


def main(role: str, url: str, chroma_url: str, seconds: float, out: str, seed: int) -> None:
    rng = random.Random(seed)
    store = MemoryStore(f"/tmp/pgstress_home_{role}_{seed}", embedder="hashing", database_url=url, chroma_url=chroma_url)
    read = create_read_graph(store).compile()
    stats = {"role": role, "actions": 0, "conflicts": 0, "bumps": {}, "recalls": 0, "violations": [],
             "errors": [], "forgotten": [], "corrections": 0, "moves": 0, "marked_recalled": 0}
    queue: list[MemoryRecord] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        user = rng.choice(USERS)
        part = Scope(user_id=user).partition
        try:
            if role == "writer":
                city = f"city{rng.randrange(1000)}"
                old = store.find([part], predicate="lives_in")
                new = MemoryRecord(text=f"{user} lives in {city}", subject="user", predicate="lives_in", object=city,
                                   scope=Scope(user_id=user))
                try:
                    store.commit(add=[new], update=[o.model_copy(update={"status": Status.SUPERSEDED}) for o in old],
                                 exclusive=lambda p: p == "lives_in")
                    stats["moves"] += 1
                except VersionConflict:
                    stats["conflicts"] += 1
            elif role == "corrector":
                live = [r for r in store.find([part]) if not r.id.startswith("mem_counter")]
                if live:
                    target = rng.choice(live)
                    try:
                        store.modify(target.id, lambda r: r.model_copy(update={"text": r.text.split(" (")[0] + f" (checked {rng.randrange(99)})"}))
                        stats["corrections"] += 1
                    except (VersionConflict, KeyError):
                        stats["conflicts"] += 1
            elif role == "forgetter":
                marker = f"secret{rng.randrange(10**9)}"
                queue += store.commit(add=[MemoryRecord(text=f"{user} hides the key {marker}", object=marker,
                                                        scope=Scope(user_id=user))])
                if len(queue) > 3:
                    old = queue.pop(0)
                    try:
                        store.forget(old.id)
                        stats["forgotten"].append([old.id, old.scope.partition, old.text])
                    except KeyError:
                        pass
            try:
                store.modify(counter_id(user), lambda r: r.model_copy(update={"metadata": {"n": r.metadata["n"] + 1}}),
                             retries=100)
                stats["bumps"][user] = stats["bumps"].get(user, 0) + 1
            except VersionConflict:
                stats["conflicts"] += 1
            # the recall check: tombstones seen now must not come back from the next query
            gone = {t["memory_id"] for t in store.tombstones([part])}
            got = read.invoke({"messages": [("user", f"where does {user} live and hide the key?")]},
                              context=MemoryContext(user_id=user))
            ids = {s.record.id for s in got.get("memory_selected") or []}
            stats["marked_recalled"] += sum("hides the key" in s.record.text for s in got.get("memory_selected") or [])
            stats["recalls"] += 1
            if ids & gone:
                stats["violations"].append(sorted(ids & gone))
            stats["actions"] += 1
        except Exception:  # noqa: BLE001 - every unexpected error is reported, and the test fails on it
            stats["errors"].append(traceback.format_exc()[-800:])
            time.sleep(0.1)
    for left in queue:  # forget what is still queued, so every marked memory ends forgotten
        store.forget(left.id)
        stats["forgotten"].append([left.id, left.scope.partition, left.text])
    store.close()
    with open(out, "w") as f:
        json.dump(stats, f)


if __name__ == "__main__":
    role, url, chroma_url, seconds, out, seed = sys.argv[1:7]
    main(role, url, chroma_url, float(seconds), out, int(seed))
