"""Several app servers, one memory: 4 processes (2 writing, 1 correcting, 1 forgetting) for 60 s on one
PostgreSQL and one `chroma run` server. No lost update (shared counters equal the sum of every process's
successful bumps), never two active records for one attribute, every forgotten memory gone from every
process's recall (and from the database), no deadlock, no "too many connections". Prints its figures.
Run by `make stress` (`-m stress -s`); LANGMEM_STRESS_SECONDS shortens it for a quick look.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store import MemoryStore
from langmem_nodes.store.server import ChromaServer

WORKER = Path(__file__).with_name("_pg_stress_worker.py")
ROLES = ["writer", "writer", "corrector", "forgetter"]


@pytest.mark.stress
def test_four_processes_one_postgres_one_chroma_server(postgres, tmp_path):
    seconds = float(os.environ.get("LANGMEM_STRESS_SECONDS", "60"))
    import psycopg

    sys.path.insert(0, str(WORKER.parent))
    from _pg_stress_worker import USERS, counter_id

    url = postgres.new_schema("stress")
    with ChromaServer(tmp_path / "chroma") as chroma:
        seed = MemoryStore(tmp_path / "seed", embedder="hashing", database_url=url, chroma_url=chroma.url)
        seed.commit(add=[MemoryRecord(id=counter_id(u), text=f"counter of {u}", metadata={"n": 0},
                                      scope=Scope(user_id=u)) for u in USERS])
        seed.close()
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        outs = [tmp_path / f"{i}_{role}.json" for i, role in enumerate(ROLES)]
        t0 = time.monotonic()
        procs = [subprocess.Popen([sys.executable, str(WORKER), role, url, chroma.url, str(seconds), str(out), str(i)],
                                  env=env, stderr=subprocess.PIPE, text=True)
                 for i, (role, out) in enumerate(zip(ROLES, outs, strict=True))]
        stderr = [p.communicate(timeout=seconds + 300)[1] for p in procs]
        wall = time.monotonic() - t0
        assert all(p.returncode == 0 for p in procs), [e[-2000:] for e in stderr]
        reports = [json.loads(out.read_text()) for out in outs]

        check = MemoryStore(tmp_path / "check", embedder="hashing", database_url=url, chroma_url=chroma.url)
        bumps = {u: sum(r["bumps"].get(u, 0) for r in reports) for u in USERS}
        counters = {u: check.get(counter_id(u)).metadata["n"] for u in USERS}
        forgotten = [f for r in reports for f in r["forgotten"]]
        still_there = [mid for mid, _part, _text in forgotten if not all(check.verify_gone(mid).values())]
        recalled_later = [mid for mid, part, text in forgotten
                          if mid in {i for i, _ in check.lexical_search([part], text, 50)}]
        check.close()
        with psycopg.connect(url, autocommit=True) as conn:
            doubles = conn.execute(
                "SELECT partition, count(*) FROM records WHERE status='active' AND predicate='lives_in' "
                "GROUP BY partition HAVING count(*) > 1").fetchall()
            max_conn = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE backend_type='client backend'").fetchone()[0]

    errors = [e for r in reports for e in r["errors"]]
    violations = [v for r in reports for v in r["violations"]]
    print(f"\n4 processes x {seconds:.0f} s (wall {wall:.0f} s) on one PostgreSQL + one chroma server:")
    for r in reports:
        print(f"  {r['role']:9s} actions {r['actions']:5d}  recall checks {r['recalls']:5d}  conflicts retried "
              f"{r['conflicts']:4d}  moves {r['moves']:4d}  corrections {r['corrections']:4d}  "
              f"forgotten {len(r['forgotten']):4d}  marked memories recalled before their forget "
              f"{r['marked_recalled']:4d}  errors {len(r['errors'])}")
    print(f"  counter bumps {sum(bumps.values())} == stored {sum(counters.values())} (lost updates: "
          f"{sum(bumps.values()) - sum(counters.values())}); double active keys: {len(doubles)}; "
          f"forgotten {len(forgotten)}, still somewhere: {len(still_there)}, recalled after their tombstone: "
          f"{len(violations)}; client connections at the end: {max_conn}")
    assert not errors, errors[:3]
    assert counters == bumps
    assert doubles == []
    assert forgotten and still_there == [] and recalled_later == [] and violations == []
    assert all(r["recalls"] > 0 and r["actions"] > 0 for r in reports)
    assert sum(r["marked_recalled"] for r in reports if r["role"] != "forgetter") > 0  # the check can see one
