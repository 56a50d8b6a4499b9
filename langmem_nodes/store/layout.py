"""Partition-key layout of a memory home, and the migration of homes written with an older one.

Layout 1 keyed a session partition `session/{org}/{user}/{session}`: a project's session memories and a
project-less one shared a partition whenever the session id repeated. Layout 2 (current) keys it
`session/{org}/{user}/{project}/{session}` (empty project segment without a project; see `records.Scope`).

`migrate(canonical, projections)` runs at every open and costs one meta read once a home is current. On an
older home it re-keys every session record from the ids its own scope holds, in ONE transaction that also
files projection intents: a delete of each moved id from its old partition (so the old partition's Chroma
collection is compacted away and no copy stays findable there) and an upsert into the new one. The store
replays those intents right after (and again at a later open if it crashes first), so Chroma, BM25 and the
exact dense index follow the canonical store through the machinery every write uses. The ledger is
append-only: its entries keep the partition they were written under (`session_prefix(org, user)` matches
both layouts); tombstones keep theirs too (they are content-free and hold no project).

Example:
    >>> import tempfile
    >>> from langmem_nodes.store.sqlite import CanonicalStore
    >>> canonical = CanonicalStore(tempfile.mkdtemp() + "/memory.sqlite3")
    >>> migrate(canonical, ["chroma"]), canonical.get_meta(LAYOUT_KEY)
    (0, '2')
    >>> canonical.close()
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..records import Level, _join_key
from .sqlite import CanonicalStore

LAYOUT_KEY = "partition_layout"
LAYOUT = 2


def migrate(canonical: CanonicalStore, projections: Sequence[str]) -> int:
    """Bring the home to the current layout; returns the number of records moved (0 when current).

    `projections` are the names the intents must reach (the store's fan-out)."""
    if canonical.get_meta(LAYOUT_KEY) == str(LAYOUT):
        return 0
    with canonical.transaction() as conn:  # BEGIN IMMEDIATE: two processes opening one old home migrate once
        row = conn.execute("SELECT value FROM meta WHERE key=?", (LAYOUT_KEY,)).fetchone()
        if row is not None and int(row[0]) >= LAYOUT:
            return 0
        rows = conn.execute(
            "SELECT id, partition, json_extract(body, '$.scope') FROM records"
            " WHERE partition >= 'session/' AND partition < 'session0'"
        ).fetchall()
        moves: list[tuple[str, str, str]] = []
        for mid, old, scope_json in rows:
            s = json.loads(scope_json)
            new = _join_key(Level.SESSION, s.get("org_id") or "default", s.get("project_id"), s.get("user_id"),
                            s.get("session_id"))  # ids were validated when the record was written
            if new != old:
                moves.append((mid, old, new))
        if moves:
            conn.executemany("UPDATE records SET partition=? WHERE id=?", [(new, mid) for mid, _, new in moves])
            names = list(projections)
            canonical.add_intent(conn, "delete", json.dumps([(mid, old) for mid, old, _ in moves]), "", names)
            canonical.add_intent(conn, "upsert", json.dumps([(mid, new) for mid, _, new in moves]), "", names)
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (LAYOUT_KEY, str(LAYOUT)))
    return len(moves)
