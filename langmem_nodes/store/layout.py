"""Partition-key layout of a memory home, and the migration of homes written with an older one.

Layout 1 keyed a session partition `session/{org}/{user}/{session}`: a project's session memories and a
project-less one shared a partition whenever the session id repeated. Layout 2 (current) keys it
`session/{org}/{user}/{project}/{session}` (empty project segment without a project; see `records.Scope`).

`migrate(canonical, projections, chroma)` runs at every open and costs two meta reads once a home is current.
On an older home it re-keys every session record from the ids its own scope holds, in ONE transaction that
also files an upsert intent for the moved records (replayed by the store right after, as for any write, so a
new partition that needs a Chroma collection gets one) and lists the old partitions that have a Chroma
collection. Those collections are then dropped and Chroma's files scrubbed once, so no copy stays findable
under an old key; the list stays in `meta` until that is done, so a crash in between is finished at the next
open. The ledger is
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
from collections.abc import Iterable, Sequence

from ..records import Level, _join_key
from .chroma import ChromaProjection, collection_name
from .sqlite import CanonicalStore

NOTES_KEY = "whole_notes_dropped"  # set once the records' whole-note copies (written before stop 45) are gone
LAYOUT_KEY = "partition_layout"
DROP_KEY = "partition_layout_drop"  # old partitions whose Chroma collections are still to be dropped
LAYOUT = 2


def migrate(canonical: CanonicalStore, projections: Sequence[str], chroma: ChromaProjection | None = None) -> int:
    """Bring the home to the current layout; returns the number of records moved (0 when current).

    `projections` are the names the upsert intent must reach (the store's fan-out); `chroma` is the
    projection whose collections outlive the process. In-process indexes (BM25, exact dense, rendered text)
    start empty at open and build from the canonical store, so they never hold an old key."""
    moved = 0
    if canonical.get_meta(LAYOUT_KEY) != str(LAYOUT):
        moved = _rekey(canonical, projections, chroma)
    if getattr(canonical, "backend", "sqlite") == "sqlite" and canonical.get_meta(NOTES_KEY) is None:
        drop_whole_notes(canonical)  # a PostgreSQL database is not rewritten here (SQL of SQLite's JSON functions)
    if chroma is not None and canonical.get_meta(DROP_KEY):
        drop_old_collections(canonical, chroma)
    return moved


def _rekey(canonical: CanonicalStore, projections: Sequence[str], chroma: ChromaProjection | None) -> int:
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
            canonical.add_intent(conn, "upsert", [(mid, new) for mid, _, new in moves],
                                 list(projections))
            old_parts = set(dict.fromkeys(old for _, old, _ in moves))
            stale = sorted(old_parts & _collections(chroma, old_parts)) if chroma is not None else []
            if stale:  # dropped after the commit; a crash before that leaves the list for the next open
                conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (DROP_KEY, json.dumps(stale)))
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (LAYOUT_KEY, str(LAYOUT)))
    return len(moves)


def drop_whole_notes(canonical: CanonicalStore) -> int:
    """Take `metadata["note"]` out of every record, once per home; returns how many records held one.

    Before notes were split (stop 45) a record made from a note of several statements kept the whole note in
    its metadata, so a statement refused as a credential, or forgotten later, could survive there. The rows are
    rewritten in one transaction (`secure_delete` zeroes the old bytes) and the WAL folded back, so no copy
    stays on disk; nothing else holds the metadata (Chroma keeps a status, the indexes keep the text)."""
    with canonical.transaction() as conn:  # BEGIN IMMEDIATE: two processes opening one old home do it once
        if conn.execute("SELECT 1 FROM meta WHERE key=?", (NOTES_KEY,)).fetchone() is not None:
            return 0
        rows = conn.execute("SELECT id, body FROM records WHERE json_type(body, '$.metadata.note') IS NOT NULL").fetchall()
        rewrites = []
        for mid, body in rows:
            record = json.loads(body)
            record["metadata"].pop("note", None)
            rewrites.append((json.dumps(record, ensure_ascii=False, separators=(",", ":")), mid))
        conn.executemany("UPDATE records SET body=? WHERE id=?", rewrites)
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (NOTES_KEY, str(len(rewrites))))
    if rewrites:
        canonical.checkpoint()
    return len(rewrites)


def drop_old_collections(canonical: CanonicalStore, chroma: ChromaProjection) -> list[str]:
    """Delete the Chroma collections of re-keyed partitions, scrub Chroma's files once, and forget the list;
    returns the partitions still to drop (retried at the next open) if Chroma refused some."""
    stale = json.loads(canonical.get_meta(DROP_KEY) or "[]")
    left: list[str] = []
    present = _collections(chroma, stale)
    for part in stale:
        if part not in present:
            continue
        try:
            chroma.client.delete_collection(collection_name(part))
        except Exception:  # noqa: BLE001 - kept in the list, retried at the next open
            left.append(part)
    if len(left) < len(stale):
        chroma.scrub_files()  # deleted vectors leave no copy in Chroma's files
    with canonical.transaction() as conn:
        if left:
            conn.execute("UPDATE meta SET value=? WHERE key=?", (json.dumps(left), DROP_KEY))
        else:
            conn.execute("DELETE FROM meta WHERE key=?", (DROP_KEY,))
    return left


def _collections(chroma: ChromaProjection, partitions: Iterable[str]) -> set[str]:
    """Those of `partitions` with a collection in Chroma (one `list_collections` call); all of them when
    Chroma cannot say (a drop of a missing collection is skipped later anyway)."""
    partitions = list(partitions)
    try:
        names = {getattr(c, "name", c) for c in chroma.client.list_collections()}
    except Exception:  # noqa: BLE001 - cannot tell: keep every one
        return set(partitions)
    return {p for p in partitions if collection_name(p) in names}
