"""SIGKILL harness for a Chroma-mirrored partition (issue 18, finding 7): used by tests/test_crash_kill.py.

A worker process opens the home (which replays intents and rebuilds broken collections), checks it against
the journal the previous, killed worker left, prints that check as one JSON line, prints "ready", then
writes and forgets in one partition past the exact/Chroma threshold, journaling each operation only after
it returned, until the parent SIGKILLs it. `run_kills` drives it and adds up the checks.

    python tests/_crash.py HOME JOURNAL THRESHOLD SEED [--check-only] [--no-zeroing]
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
USER = "ada"


def _texts(seed: int, n: int) -> tuple[str, str]:
    if n % 2:
        return f"User fact {seed}-{n}: the build for service s{seed}x{n} runs on worker w{n % 7}", "en"
    return f"用户事实{seed}-{n}：服务s{seed}x{n}的构建在机器w{n % 7}上运行", "zh"


def _open(home: Path, threshold: int) -> Any:
    from langmem_nodes.store import MemoryStore

    try:
        return MemoryStore(home, embedder="hashing", exact_max_partition=threshold)
    except TypeError:  # a store without the parameter (measuring the code before the fix)
        store = MemoryStore(home, embedder="hashing")
        store.exact.max_partition = store.chroma.min_rows = threshold
        store.exact.invalidate()
        return store


def _journal(path: Path) -> tuple[dict[str, str], set[str], set[str]]:
    """(written id -> text, forgotten ids, ids whose forget began: gone or not, both are right)."""
    written: dict[str, str] = {}
    forgotten: set[str] = set()
    begun: set[str] = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.endswith("\t$"):  # a line cut by the kill: its op returned but was not journaled
                continue
            op, mid, *rest = line.split("\t")
            if op == "W":
                written[mid] = rest[0]
            elif op == "F":
                forgotten.add(mid)
            elif op == "f":
                begun.add(mid)
    return written, forgotten, begun - forgotten


def check(store: Any, journal: Path) -> dict[str, Any]:
    """What the reopened home looks like: readable, durable, no pending intent, recall works."""
    from langmem_nodes.records import Scope

    part = Scope(user_id=USER).partition
    written, forgotten, in_flight = _journal(journal)
    out: dict[str, Any] = {"pending_intents": len(store.pending_intents())}
    try:
        probe = store.embedder.embed_query("User fact build service worker")
        store.dense_search([part], probe, 5)
        store.chroma.search_partition(part, probe, 5) if hasattr(store.chroma, "search_partition") else \
            store.chroma.search([part], probe, 5)
        degraded = getattr(getattr(store, "dense", None), "degraded", {})
        out["readable"] = part not in degraded and part not in getattr(store.chroma, "broken", {})
        out["error"] = None if out["readable"] else str(degraded.get(part) or store.chroma.broken.get(part))
    except Exception as exc:  # noqa: BLE001 - exactly what the check is looking for
        out["readable"], out["error"] = False, f"{type(exc).__name__}: {exc}"
    live = set(written) - forgotten - in_flight
    stored = store.get_many(list(written))
    out["lost_writes"] = sorted(i for i in live if i not in stored)
    out["resurrected"] = sorted(i for i in forgotten if i in stored)
    rng = random.Random(len(written))
    sample = rng.sample(sorted(live), min(5, len(live)))
    misses = []
    for mid in sample:
        try:
            hits = [i for i, _ in store.dense_search([part], store.embedder.embed_query(written[mid]), 5)]
        except Exception as exc:  # noqa: BLE001
            hits = [f"{type(exc).__name__}"]
        if mid not in hits:
            misses.append(mid)
    out["recall_misses"] = misses
    out["rebuilt"] = getattr(store.chroma, "rebuilds", 0)
    out["journaled"] = len(written)
    return out


def worker(home: Path, journal: Path, threshold: int, seed: int, check_only: bool, zeroing: bool) -> None:
    from langmem_nodes.records import MemoryRecord, Scope

    if not zeroing:
        import langmem_nodes.store.chroma as chroma_mod

        chroma_mod._zero_unused_hnsw_slots = lambda segment: None
    store = _open(home, threshold)
    print(json.dumps(check(store, journal)), flush=True)
    if check_only:
        store.close()
        return
    print("ready", flush=True)
    rng = random.Random(seed)
    written, forgotten, in_flight = _journal(journal)
    live = sorted(set(written) - forgotten - in_flight)
    n = 0
    with journal.open("a", encoding="utf-8") as jf:
        while True:
            if rng.random() < 0.65 or len(live) <= threshold + 5:
                recs = []
                for _ in range(rng.randint(1, 4)):
                    n += 1
                    text, _lang = _texts(seed, n)
                    recs.append(MemoryRecord(text=text, scope=Scope(user_id=USER)))
                store.commit(add=recs)
                for r in recs:
                    jf.write(f"W\t{r.id}\t{r.text}\t$\n")
                    live.append(r.id)
            else:
                gone = rng.sample(live, rng.randint(1, 2))
                jf.writelines(f"f\t{mid}\t$\n" for mid in gone)
                jf.flush()
                store.forget_many(gone)
                for mid in gone:
                    jf.write(f"F\t{mid}\t$\n")
                    live.remove(mid)
            jf.flush()
            if rng.random() < 0.05:  # a clean close and reopen now and then (close scrubs files)
                store.close()
                store = _open(home, threshold)


def _spawn(home: Path, journal: Path, threshold: int, seed: int, *flags: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.environ.get("CRASH_PYTHONPATH", str(REPO)),
           "HF_HUB_OFFLINE": "1", "ANONYMIZED_TELEMETRY": "False"}
    return subprocess.Popen([sys.executable, str(Path(__file__).resolve()), str(home), str(journal), str(threshold),
                             str(seed), *flags], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def seed_home(home: Path, journal: Path, threshold: int) -> None:
    """Fill the partition past the threshold (journaled), so every later worker writes a mirrored partition."""
    from langmem_nodes.records import MemoryRecord, Scope

    store = _open(home, threshold)
    recs = [MemoryRecord(text=_texts(0, i)[0], scope=Scope(user_id=USER)) for i in range(threshold + 10)]
    store.commit(add=recs)
    with journal.open("a", encoding="utf-8") as jf:
        jf.writelines(f"W\t{r.id}\t{r.text}\t$\n" for r in recs)
    store.close()


def run_kills(home: Path, kills: int, *, threshold: int, seed: int = 0, zeroing: bool = True,
              max_delay: float = 1.5, log: Any = None) -> dict[str, Any]:
    """Seed the home, then `kills` times: start a worker (which checks the home left by the previous kill),
    let it write and forget for a random time, SIGKILL it. A last worker only checks. Returns the totals."""
    journal = home.parent / f"{home.name}.journal"
    seeder = _spawn(home, journal, threshold, seed, "--seed")
    if seeder.wait(timeout=300):
        raise RuntimeError(f"seeding failed: {seeder.stderr.read()[-2000:] if seeder.stderr else ''}")
    rng = random.Random(seed)
    checks: list[dict[str, Any]] = []
    flags = () if zeroing else ("--no-zeroing",)
    for i in range(kills + 1):
        last = i == kills
        proc = _spawn(home, journal, threshold, seed * 1000 + i, *flags, *(("--check-only",) if last else ()))
        try:
            line = proc.stdout.readline() if proc.stdout else ""
            if not line.startswith("{"):
                proc.kill()
                err = proc.stderr.read()[-1500:] if proc.stderr else ""
                checks.append({"readable": False, "error": f"worker failed at open: {err.strip()}", "opened": False})
            else:
                checks.append(json.loads(line))
            if not last and checks[-1].get("opened", True):
                ready = proc.stdout.readline() if proc.stdout else ""
                if ready.strip() == "ready":
                    time.sleep(rng.uniform(0.05, max_delay))
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
        finally:
            proc.wait(timeout=60)
            for stream in (proc.stdout, proc.stderr):
                if stream:
                    stream.close()
        if log is not None:
            log(i, checks[-1])
    bad = [c for c in checks if not c["readable"]]
    return {
        "kills": kills,
        "unreadable": len(bad),
        "errors": [c["error"] for c in bad],
        "pending_after_reopen": sum(c.get("pending_intents", 1) > 0 for c in checks),
        "lost_writes": sum(len(c.get("lost_writes", [])) for c in checks),
        "resurrected": sum(len(c.get("resurrected", [])) for c in checks),
        "recall_misses": sum(len(c.get("recall_misses", [])) for c in checks),
        "rebuilt": sum(c.get("rebuilt", 0) for c in checks),
        "journaled": checks[-1].get("journaled", 0),
    }


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    home_, journal_, threshold_, seed_ = Path(args[0]), Path(args[1]), int(args[2]), int(args[3])
    if "--seed" in sys.argv:
        seed_home(home_, journal_, threshold_)
    else:
        worker(home_, journal_, threshold_, seed_, "--check-only" in sys.argv, "--no-zeroing" not in sys.argv)
