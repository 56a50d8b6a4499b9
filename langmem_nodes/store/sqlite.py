"""The canonical store: records, vectors, the append-only ledger, projection intents and tombstones in SQLite.

One file under the memory home, WAL mode, `secure_delete` on (forgotten rows are zeroed on disk), one
transaction per write. The ledger refuses DELETE and any UPDATE other than a scrub of its content.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ..records import STORED, LedgerEntry, MemoryRecord, Status, utcnow

PARSED_CACHE_SIZE = 20_000


class ChangeToken(NamedTuple):
    """What `CanonicalStore.changes` returns: equal tokens mean no commit landed in between."""

    local: int
    external: int


class KeyRef(NamedTuple):
    """What the write path needs to compare a stored value with a new one, read without parsing the body."""

    id: str
    object: str
    polarity: str
    created_at: datetime

_CONTAINER_FIELDS = tuple(
    name for name, field in MemoryRecord.model_fields.items()
    if getattr(field.annotation, "__origin__", None) in (list, dict, set)
)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS records(
    id TEXT PRIMARY KEY,
    partition TEXT NOT NULL,
    status TEXT NOT NULL,
    subject TEXT NOT NULL,
    predicate TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    version INTEGER NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_partition ON records(partition, status);
CREATE INDEX IF NOT EXISTS records_live ON records(partition, status, id);
CREATE INDEX IF NOT EXISTS records_key ON records(partition, subject, predicate);
CREATE INDEX IF NOT EXISTS records_hash ON records(partition, text_hash);
CREATE TABLE IF NOT EXISTS vectors(id TEXT PRIMARY KEY, vec BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ledger(
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id TEXT UNIQUE NOT NULL,
    ts TEXT NOT NULL,
    op TEXT NOT NULL,
    memory_id TEXT,
    partition TEXT,
    body TEXT NOT NULL,
    scrubbed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS ledger_memory ON ledger(memory_id);
CREATE TRIGGER IF NOT EXISTS ledger_no_delete BEFORE DELETE ON ledger
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER IF NOT EXISTS ledger_scrub_only BEFORE UPDATE ON ledger
WHEN NEW.seq IS NOT OLD.seq OR NEW.ledger_id IS NOT OLD.ledger_id OR NEW.ts IS NOT OLD.ts
  OR NEW.op IS NOT OLD.op OR NEW.memory_id IS NOT OLD.memory_id OR NEW.scrubbed IS NOT 1
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only: only a forget may scrub an entry'); END;
CREATE TABLE IF NOT EXISTS intents(
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    op TEXT NOT NULL,
    pending TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS intent_items(
    seq INTEGER NOT NULL,
    memory_id TEXT NOT NULL,
    partition TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS intent_items_seq ON intent_items(seq);
CREATE TABLE IF NOT EXISTS tombstones(
    memory_id TEXT PRIMARY KEY,
    partition TEXT NOT NULL,
    ts TEXT NOT NULL,
    actor TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS erasures(key TEXT PRIMARY KEY, erased_at REAL NOT NULL, dropped INTEGER NOT NULL DEFAULT 0);
"""


def partition_list(partitions: Iterable[str], field: str = "partitions") -> list[str]:
    """`partitions` as a list of partition keys; a bare string (iterated char by char) is a ValueError.

    >>> partition_list(("user/default/ann",))
    ['user/default/ann']
    """
    if isinstance(partitions, (str, bytes)):
        raise ValueError(f"{field} must be a list of partition keys, not the string {partitions!r}: pass [{partitions!r}]")
    parts = list(partitions)
    bad = [p for p in parts if not isinstance(p, str)]
    if bad:
        raise ValueError(f"{field} must hold partition key strings, got {bad[0]!r}")
    return parts


def _after(prefix: str) -> str:
    """The first key past every key starting with `prefix` (codepoint order: SQLite's BINARY, PostgreSQL's "C")."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


class VersionConflict(RuntimeError):
    """Raised when a record changed since it was read (optimistic concurrency)."""


class RecordGone(VersionConflict, KeyError):
    """Raised when an updated record no longer exists (forgotten since it was read). A `VersionConflict`,
    so writers that re-plan on fresh state retry, and a `KeyError`, as before, for callers that expect one."""


class KeyConflict(VersionConflict):
    """Raised when a commit would leave a second ACTIVE record for one fact key, or for one attribute that
    holds one value at a time: another writer stored it since this one looked. `ids`: the new records
    that collided; nothing was written, and the writer re-plans them on fresh state."""

    def __init__(self, message: str, ids: Sequence[str]) -> None:
        super().__init__(message)
        self.ids = list(ids)


class RivalRead(NamedTuple):
    """Where a write decision looked for other values of a new record's one-value attribute, and what it
    found: the commit re-reads those partitions (and every partition starting with `prefix`) inside its
    transaction, and an ACTIVE other value not in `seen` is a `KeyConflict`, as another writer stored it
    after the decision."""

    partitions: tuple[str, ...]
    prefix: str | None
    seen: frozenset[str]


class DamagedFile(sqlite3.DatabaseError):
    """A damaged SQLite file of the home other than the canonical one (e.g. `usage.UsageLogDamaged`): its
    message names the file and says what to do, so the CLI prints it as is."""


class ReadOnlyViolation(PermissionError):
    """Raised when an automatic (non-user) write tries to change a read_only record."""


class CanonicalStore:
    """SQLite truth. Thread-safe; several processes may share the file (SQLite locking, busy timeout)."""

    backend = "sqlite"  # how forget reports and `verify_gone` name the canonical store
    scrub_place = "wal"  # what `checkpoint` scrubs, as forget reports name it

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30.0, isolation_level=None)
        self._lock = threading.RLock()
        self._parsed: OrderedDict[str, tuple[str, MemoryRecord]] = OrderedDict()  # id → (body, record)
        self._parsed_epoch = 0  # bumped by `forget_parsed`: a read that began before it caches nothing
        self._commits = 0  # transactions committed through this connection (see `changes`)
        self._closed = False
        with self._lock:
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA secure_delete=ON")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.executescript(_SCHEMA)
            self._migrate_intents()

    # -- transactions -------------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
            self._commits += 1

    # -- records ------------------------------------------------------------------------------
    @staticmethod
    def _row(rec: MemoryRecord) -> tuple:
        return (
            rec.id, rec.scope.partition, rec.status.value, rec.subject.casefold(), rec.predicate.casefold(),
            rec.text_hash, rec.version, rec.model_dump_json(),
        )

    def insert(self, conn: sqlite3.Connection, rec: MemoryRecord) -> None:
        try:
            conn.execute("INSERT INTO records VALUES (?,?,?,?,?,?,?,?)", self._row(rec))
        except sqlite3.IntegrityError as exc:
            raise ValueError(f"a memory with id {rec.id!r} already exists") from exc

    def insert_many(self, conn: sqlite3.Connection, recs: Sequence[MemoryRecord]) -> None:
        for rec in recs:
            self.insert(conn, rec)

    def update(
        self, conn: sqlite3.Connection, rec: MemoryRecord, expected_version: int, *, allow_read_only: bool = True
    ) -> MemoryRecord:
        """Write `rec` as version expected_version+1 if the stored version is still expected_version.

        With `allow_read_only=False` a stored read_only record is refused (`ReadOnlyViolation`). A record
        never changes partition (ValueError): the projections are partitioned, so a move would leave the
        memory findable in its old scope; write a new record and supersede the old one instead."""
        return versioned_update(conn, rec, expected_version, self._row, allow_read_only=allow_read_only, mark="?")

    def delete(self, conn: sqlite3.Connection, memory_id: str) -> bool:
        conn.execute("DELETE FROM vectors WHERE id=?", (memory_id,))
        return conn.execute("DELETE FROM records WHERE id=?", (memory_id,)).rowcount == 1

    def get_meta(self, key: str) -> str | None:
        """A home-wide setting (e.g. "embedder": which model made the stored vectors), or None."""
        with self._lock:
            row = self._conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta_once(self, key: str, value: str) -> str:
        """Record `value` under `key` unless a value is already there; returns the value that holds
        (two processes opening a new home at once agree on the first writer's)."""
        with self._lock:
            self._conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES (?, ?)", (key, value))
        return self.get_meta(key)  # type: ignore[return-value]

    def get(self, memory_id: str) -> MemoryRecord | None:
        with self._lock:
            epoch = self._parsed_epoch
            row = self._conn.execute("SELECT body FROM records WHERE id=?", (memory_id,)).fetchone()
        return self._parse(memory_id, row[0], epoch) if row else None

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]:
        out: dict[str, MemoryRecord] = {}
        ids = list(dict.fromkeys(ids))
        with self._lock:
            epoch = self._parsed_epoch
            for i in range(0, len(ids), 500):
                chunk = ids[i : i + 500]
                q = f"SELECT id, body FROM records WHERE id IN ({','.join('?' * len(chunk))})"
                for mid, body in self._conn.execute(q, chunk):
                    out[mid] = self._parse(mid, body, epoch)
        return out

    def find(
        self,
        partitions: Iterable[str] | None = None,
        *,
        statuses: Iterable[Status | str] | None = (Status.ACTIVE,),
        subject: str | None = None,
        predicate: str | None = None,
        text_hash: str | None = None,
        limit: int | None = None,
        shared: bool = False,
    ) -> list[MemoryRecord]:
        """Records matching every given filter. `partitions=None` means all partitions (admin use only).

        `shared=True` returns the parse cache's own instances instead of copies: cheaper, for callers that
        only read them (rendering). Mutating a shared record would alter what later reads return."""
        clause = self._where(partitions, statuses, subject, predicate, text_hash)
        if clause is None:
            return []
        sql = "SELECT id, body FROM records" + clause[0] + " ORDER BY rowid"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._lock:
            epoch = self._parsed_epoch
            rows = self._conn.execute(sql, clause[1]).fetchall()
        return [self._parse(mid, body, epoch, shared=shared) for mid, body in rows]

    def find_refs(
        self,
        partitions: Iterable[str],
        *,
        subject: str,
        predicate: str,
        statuses: Iterable[Status | str] | None = (Status.ACTIVE,),
    ) -> list[KeyRef]:
        """`KeyRef`s of the records holding one attribute (subject + predicate), in `find`'s order, WITHOUT
        parsing their bodies: the write path compares values on these and parses only the records it acts on."""
        clause = self._where(partitions, statuses, subject, predicate, None)
        if clause is None:
            return []
        sql = ("SELECT id, json_extract(body, '$.object'), json_extract(body, '$.polarity'), "
               "json_extract(body, '$.created_at') FROM records" + clause[0] + " ORDER BY rowid")
        with self._lock:
            rows = self._conn.execute(sql, clause[1]).fetchall()
        return [KeyRef(mid, obj or "", pol, datetime.fromisoformat(ts)) for mid, obj, pol, ts in rows]

    def active_on_key(
        self, conn: sqlite3.Connection, partition: str, subject: str, predicate: str, other_than: str,
        *, values: bool = True,
    ) -> list[tuple[str, str, str]]:
        """(id, object, polarity) of the ACTIVE records of one attribute in one partition, `other_than`
        excluded, read inside the caller's transaction (the commit's invariant check). `values=False`:
        only whether there is one ([(id, "", "")] or []), without reading bodies."""
        cols = "id, json_extract(body, '$.object'), json_extract(body, '$.polarity')" if values else "id, '', ''"
        return conn.execute(
            f"SELECT {cols} FROM records WHERE partition=? AND subject=? AND predicate=? AND status=? AND id != ?"
            + ("" if values else " LIMIT 1"),
            (partition, subject.casefold(), predicate.casefold(), Status.ACTIVE.value, other_than),
        ).fetchall()

    def lock_attributes(self, conn: sqlite3.Connection, keys: Iterable[tuple[str, str, str]]) -> None:
        """Nothing to do: `BEGIN IMMEDIATE` already runs every writer's transaction in turn."""

    def active_values(
        self, conn: sqlite3.Connection, partitions: Sequence[str], prefix: str | None, subject: str,
        predicate: str, other_than: str,
    ) -> list[tuple[str, str, str]]:
        """(id, object, polarity) of the ACTIVE records of one attribute in `partitions` and in every partition
        starting with `prefix` (a user's sessions, those created meanwhile included), `other_than` excluded,
        read inside the caller's transaction (the commit's check of the partitions a decision read)."""
        where, args = f"partition IN ({','.join('?' * len(partitions))})", list(partitions)
        if prefix:
            where, args = f"({where} OR (partition >= ? AND partition < ?))", [*args, prefix, _after(prefix)]
        return conn.execute(
            "SELECT id, json_extract(body, '$.object'), json_extract(body, '$.polarity') FROM records WHERE "
            f"{where} AND subject=? AND predicate=? AND status=? AND id != ?",
            (*args, subject.casefold(), predicate.casefold(), Status.ACTIVE.value, other_than),
        ).fetchall()

    @staticmethod
    def _where(
        partitions: Iterable[str] | None, statuses: Iterable[Status | str] | None, subject: str | None,
        predicate: str | None, text_hash: str | None,
    ) -> tuple[str, list[Any]] | None:
        """(" WHERE …", args) for `find`'s filters, or None when the partition list is empty (no rows)."""
        where: list[str] = []
        args: list[Any] = []
        if partitions is not None:
            parts = partition_list(partitions)
            if not parts:
                return None
            where.append(f"partition IN ({','.join('?' * len(parts))})")
            args += parts
        if statuses is not None:
            sts = [Status(s).value for s in statuses]
            where.append(f"status IN ({','.join('?' * len(sts))})")
            args += sts
        for col, val in (("subject", subject), ("predicate", predicate)):
            if val is not None:
                where.append(f"{col}=?")
                args.append(val.casefold())
        if text_hash is not None:
            where.append("text_hash=?")
            args.append(text_hash)
        return (" WHERE " + " AND ".join(where) if where else ""), args

    def _parse(self, memory_id: str, body: str, epoch: int, *, shared: bool = False) -> MemoryRecord:
        """The record a stored body holds. Parsing is the hot path of every read, so parsed records are kept
        per id and reused while the stored body is byte-identical (any writer, any process, changes it);
        callers get a copy with their own lists and dicts, so mutating one never alters another (`shared=True`:
        the cached instance itself, for read-only callers). `epoch`: `_parsed_epoch` when the read's query
        began; a read that a `forget_parsed` overtook parses without caching, so it never puts a forgotten
        body back."""
        with self._lock:
            hit = self._parsed.get(memory_id)
            if hit is not None and hit[0] == body:
                self._parsed.move_to_end(memory_id)
                rec = hit[1]
            else:
                rec = MemoryRecord.model_validate_json(body, context=STORED)  # older id rules (records.check_id)
                if epoch == self._parsed_epoch:
                    self._parsed[memory_id] = (body, rec)
                    if len(self._parsed) > PARSED_CACHE_SIZE:
                        self._parsed.popitem(last=False)
        if shared:
            return rec
        return rec.model_copy(update={f: getattr(rec, f).copy() for f in _CONTAINER_FIELDS})

    def forget_parsed(self, memory_ids: Iterable[str]) -> None:
        """Drop these memories' parsed records (forgotten, by this store after its commit or by another
        process): the cache keeps no copy of their text in memory, and reads already running when this
        is called cache nothing."""
        with self._lock:
            self._parsed_epoch += 1
            for mid in memory_ids:
                self._parsed.pop(mid, None)

    def holds_parsed(self, memory_id: str) -> bool:
        """Whether the parse cache holds a record of this memory (`verify_gone`'s "parsed")."""
        with self._lock:
            return memory_id in self._parsed

    def live_versions(self, partitions: Iterable[str], now: datetime | None) -> list[tuple[str, int]]:
        """(id, version) of the active, unexpired records in `partitions`, id order, without parsing bodies:
        a cheap fingerprint of what a rendering of those memories would show."""
        return self.live_versions_until(partitions, now)[0]

    def live_versions_until(
        self, partitions: Iterable[str], now: datetime | None, limit: int | None = None
    ) -> tuple[list[tuple[str, int]], datetime | None]:
        """`live_versions` and the earliest expiry still ahead of `now` (None: none ahead, or `now` is None):
        without a write, the fingerprint holds for any time from `now` until that expiry."""
        parts = partition_list(partitions)
        if not parts:
            return [], None
        q = (f"SELECT id, version, json_extract(body, '$.expires_at') FROM records WHERE partition IN "
             f"({','.join('?' * len(parts))}) AND status=? ORDER BY id" + (" LIMIT ?" if limit is not None else ""))
        with self._lock:
            rows = self._conn.execute(q, [*parts, Status.ACTIVE.value, *([limit] if limit is not None else [])]).fetchall()
        if now is None:
            return [(mid, ver) for mid, ver, _ in rows], None
        live, ahead = [], None
        for mid, ver, exp in rows:
            if exp is not None:
                when = datetime.fromisoformat(exp)
                if when <= now:
                    continue
                ahead = when if ahead is None or when < ahead else ahead
            live.append((mid, ver))
        return live, ahead

    def partition_sizes(self) -> list[tuple[str, int]]:
        """(partition, rows of any status) for every partition, the least recently written first."""
        q = "SELECT partition, COUNT(*) FROM records GROUP BY partition ORDER BY MAX(rowid)"
        with self._lock:
            return [(p, int(n)) for p, n in self._conn.execute(q)]

    def partitions(self, prefix: str | None = None) -> list[str]:
        """Distinct partitions holding records; with `prefix`, only those starting with it (an index
        range scan, so e.g. one user's sessions cost O(their partitions), not a pass over every record)."""
        with self._lock:
            if not prefix:
                return [r[0] for r in self._conn.execute("SELECT DISTINCT partition FROM records")]
            q = "SELECT DISTINCT partition FROM records WHERE partition >= ? AND partition < ? ORDER BY partition"
            return [r[0] for r in self._conn.execute(q, (prefix, _after(prefix)))]

    def touch(self, ids: Sequence[str], at: datetime, partitions: Sequence[str], prefix: str) -> int:
        """Set `accessed_at` on those `ids` stored in `partitions` or in a partition starting with `prefix`,
        without a new version; returns how many were updated."""
        parts = partition_list(partitions)
        sql = ("UPDATE records SET body=json_set(body, '$.accessed_at', ?) WHERE id=? AND "
               f"(partition IN ({','.join('?' * len(parts))}) OR substr(partition, 1, ?)=?)")
        done = 0
        with self.transaction() as conn:
            for mid in ids:
                done += conn.execute(sql, (at.isoformat(), mid, *parts, len(prefix), prefix)).rowcount
        return done

    def count(self) -> int:
        with self._lock:
            return self._conn.execute("SELECT COUNT(*) FROM records").fetchone()[0]

    # -- vectors ------------------------------------------------------------------------------
    def put_vector(self, conn: sqlite3.Connection, memory_id: str, vec: np.ndarray) -> None:
        conn.execute("INSERT OR REPLACE INTO vectors VALUES (?,?)", (memory_id, np.asarray(vec, np.float32).tobytes()))

    def put_vectors(self, conn: sqlite3.Connection, rows: Sequence[tuple[str, np.ndarray]]) -> None:
        conn.executemany("INSERT OR REPLACE INTO vectors VALUES (?,?)",
                         [(mid, np.asarray(v, np.float32).tobytes()) for mid, v in rows])

    def partition_texts(self, partition: str) -> list[tuple[str, str, str]]:
        """(id, text, status) of every record in one partition, without parsing bodies (index builds)."""
        q = "SELECT id, json_extract(body, '$.text'), status FROM records WHERE partition=? ORDER BY rowid"
        with self._lock:
            return [(mid, text, st) for mid, text, st in self._conn.execute(q, (partition,))]

    def partition_size(self, partition: str) -> int:
        """Rows (any status) in one partition: an index-only count."""
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM records WHERE partition=?", (partition,)).fetchone()[0])

    def partition_vectors(self, partition: str) -> list[tuple[str, str, np.ndarray]]:
        """(id, status, vector) of every record in one partition: one indexed query, no record parsing."""
        q = "SELECT r.id, r.status, v.vec FROM records r JOIN vectors v ON v.id = r.id WHERE r.partition = ?"
        with self._lock:
            return [(mid, st, np.frombuffer(blob, dtype=np.float32)) for mid, st, blob in self._conn.execute(q, (partition,))]

    def vectors(self, ids: Sequence[str], partitions: Iterable[str] | None = None) -> dict[str, np.ndarray]:
        """{id: stored vector} for `ids`; with `partitions`, only records in those partitions (in the query)."""
        out: dict[str, np.ndarray] = {}
        ids = list(ids)
        parts = None if partitions is None else partition_list(partitions)
        scoped = "" if parts is None else (
            f" AND id IN (SELECT id FROM records WHERE partition IN ({','.join('?' * len(parts))}))")
        with self._lock:
            for i in range(0, len(ids), 500):
                chunk = ids[i : i + 500]
                q = f"SELECT id, vec FROM vectors WHERE id IN ({','.join('?' * len(chunk))})" + scoped
                for mid, blob in self._conn.execute(q, [*chunk, *(parts or ())]):
                    out[mid] = np.frombuffer(blob, dtype=np.float32)
        return out

    # -- ledger -------------------------------------------------------------------------------
    def append_ledger(self, conn: sqlite3.Connection, entries: Iterable[LedgerEntry]) -> None:
        conn.executemany(
            "INSERT INTO ledger(ledger_id, ts, op, memory_id, partition, body) VALUES (?,?,?,?,?,?)",
            [
                (e.ledger_id, e.ts.isoformat(), e.op.value, e.memory_id, e.partition, e.model_dump_json())
                for e in entries
            ],
        )

    def ledger(self, memory_id: str | None = None, *, partitions: Iterable[str] | None = None) -> list[LedgerEntry]:
        where, args = [], []
        if memory_id is not None:
            where.append("(memory_id=? OR instr(body, ?) > 0)")  # not LIKE: an id holding % or _ would match others
            args += [memory_id, f'"{memory_id}"']
        if partitions is not None:
            parts = list(partitions)
            where.append(f"partition IN ({','.join('?' * len(parts))})")
            args += parts
        sql = "SELECT body FROM ledger" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY seq"
        with self._lock:
            return [LedgerEntry.model_validate_json(r[0]) for r in self._conn.execute(sql, args)]

    def scrub_ledger(
        self, conn: sqlite3.Connection, memory_id: str, texts: Iterable[str], also: Iterable[str] = ()
    ) -> int:
        """Remove a forgotten memory's content from the ledger; returns the number of entries rewritten.

        The memory's own entries keep only op, time, actor, ids and scopes (payload, reason, trigger and
        trace are wiped). Any other entry that references the id or quotes one of `texts` (e.g. another
        record's supersede entry) has those texts replaced by "[forgotten]" wherever they occur, and also
        the `also` strings (e.g. the memory's object): those are redacted only inside entries selected by
        id or text, so a common word never touches unrelated entries. Entries scrubbed by an earlier
        forget are searched again.
        """
        texts = sorted({t for t in texts if t and t.strip()}, key=len, reverse=True)
        redact = sorted(set(texts) | {a for a in also if a and len(a.strip()) >= 2}, key=len, reverse=True)
        rows = conn.execute(
            "SELECT seq, body FROM ledger WHERE memory_id=? OR instr(body, ?) > 0", (memory_id, f'"{memory_id}"')
        ).fetchall()
        for t in texts:  # bodies are written both by pydantic (raw UTF-8) and json.dumps (\\u-escaped)
            for needle in {json.dumps(t)[1:-1], json.dumps(t, ensure_ascii=False)[1:-1]}:
                rows += conn.execute("SELECT seq, body FROM ledger WHERE instr(body, ?) > 0", (needle,)).fetchall()
        done: set[int] = set()
        for seq, body in rows:
            if seq in done:
                continue
            done.add(seq)
            entry = json.loads(body)
            if entry.get("memory_id") == memory_id:
                entry.update(payload={"scrubbed": True}, reason="", trigger="", decision_trace="scrubbed")
            else:
                entry = _redact(entry, redact)
            conn.execute("UPDATE ledger SET body=?, scrubbed=1 WHERE seq=?", (json.dumps(entry), seq))
        return len(done)

    def turn_entries(self) -> list[tuple[int, dict, list[str]]]:
        """(seq, scope, texts) of the unscrubbed ledger entries that quote a turn: those naming its scope
        (`payload.scope`), and rejected turns' entries written before entries named it, whose scope is read
        from their partition key (an id the key does not hold stays None, so a filter on it never matches)."""
        q = ("SELECT seq, json_extract(body, '$.payload'), op, partition FROM ledger WHERE scrubbed=0 AND "
             "(json_extract(body, '$.payload.scope') IS NOT NULL OR (op='reject' AND memory_id IS NULL "
             "AND json_extract(body, '$.payload.text') IS NOT NULL)) ORDER BY seq")
        with self._lock:
            rows = self._conn.execute(q).fetchall()
        out = []
        for seq, payload, _op, partition in rows:
            data = json.loads(payload)
            scope = data.get("scope") or _scope_of_partition(partition or "")
            if scope is not None:
                out.append((seq, scope, [v for k, v in data.items() if k != "scope" and isinstance(v, str)]))
        return out

    def scrub_entries(self, conn: sqlite3.Connection, seqs: Iterable[int]) -> int:
        """Wipe the content of ledger entries (payload, reason, trigger, trace), keeping op, time and ids."""
        n = 0
        for seq in seqs:
            row = conn.execute("SELECT body FROM ledger WHERE seq=?", (seq,)).fetchone()
            if row is None:
                continue
            entry = json.loads(row[0])
            entry.update(payload={"scrubbed": True}, reason="", trigger="", decision_trace="scrubbed")
            conn.execute("UPDATE ledger SET body=?, scrubbed=1 WHERE seq=?", (json.dumps(entry), seq))
            n += 1
        return n

    # -- intents (projection work not yet confirmed) and tombstones ---------------------------
    def _migrate_intents(self) -> None:
        """An older home kept an intent's (memory id, partition) pairs as a JSON list in `intents.memory_id`
        (and '' in `intents.partition`): move them into `intent_items`, one row per memory, in one
        transaction (two processes opening one old home migrate it once)."""
        def old_layout() -> bool:
            return "memory_id" in {r[1] for r in self._conn.execute("PRAGMA table_info(intents)")}

        if not old_layout():
            return
        with self.transaction() as conn:
            if not old_layout():
                return
            rows = conn.execute("SELECT seq, op, memory_id, partition, pending FROM intents ORDER BY seq").fetchall()
            conn.execute("CREATE TABLE intents_new(seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL,"
                         " pending TEXT NOT NULL)")
            conn.executemany("INSERT INTO intents_new(seq, op, pending) VALUES (?,?,?)",
                             [(seq, op, pending) for seq, op, _, _, pending in rows])
            items = []
            for seq, _op, mid, part, _ in rows:
                pairs = json.loads(mid) if mid.startswith("[") else [(mid, part)]
                items += [(seq, m, p) for m, p in pairs]
            conn.executemany("INSERT INTO intent_items(seq, memory_id, partition) VALUES (?,?,?)", items)
            conn.execute("DROP TABLE intents")
            conn.execute("ALTER TABLE intents_new RENAME TO intents")

    def add_intent(self, conn: sqlite3.Connection, op: str, items: Sequence[tuple[str, str]], pending: list[str]) -> int:
        """File projection work inside the caller's transaction: `op` on the `(memory_id, partition)` items,
        still to be done by the projections named in `pending`. Returns its seq."""
        cur = conn.execute("INSERT INTO intents(op, pending) VALUES (?,?)", (op, json.dumps(pending)))
        seq = int(cur.lastrowid or 0)
        conn.executemany("INSERT INTO intent_items(seq, memory_id, partition) VALUES (?,?,?)",
                         [(seq, m, p) for m, p in items])
        return seq

    def set_intent_pending(self, seq: int, pending: list[str]) -> None:
        with self._lock:
            if pending:
                self._conn.execute("UPDATE intents SET pending=? WHERE seq=?", (json.dumps(pending), seq))
            else:  # items first: a crash in between leaves an intent with nothing to do, replayed as done
                self._conn.execute("DELETE FROM intent_items WHERE seq=?", (seq,))
                self._conn.execute("DELETE FROM intents WHERE seq=?", (seq,))

    def intent_seqs(self, op: str) -> list[int]:
        """Seqs of the pending intents of one op."""
        with self._lock:
            return [r[0] for r in self._conn.execute("SELECT seq FROM intents WHERE op=?", (op,))]

    def intents(self) -> list[tuple[int, str, list[tuple[str, str]], list[str]]]:
        """(seq, op, [(memory_id, partition), ...], pending projection names) of every pending intent."""
        with self._lock:
            rows = self._conn.execute("SELECT seq, op, pending FROM intents ORDER BY seq").fetchall()
            items: dict[int, list[tuple[str, str]]] = {}
            for seq, mid, part in self._conn.execute("SELECT seq, memory_id, partition FROM intent_items ORDER BY rowid"):
                items.setdefault(seq, []).append((mid, part))
        return [(s, op, items.get(s, []), json.loads(p)) for s, op, p in rows]

    def add_tombstone(
        self, conn: sqlite3.Connection, memory_id: str, partition: str, actor: str, ts: str | None = None
    ) -> None:
        conn.execute(
            "INSERT OR REPLACE INTO tombstones VALUES (?,?,?,?)", (memory_id, partition, ts or utcnow().isoformat(), actor)
        )

    def erased_at(self, keys: Sequence[str]) -> list[float]:
        """The erase times of the `erasures` rows of `keys` (store/erasure.py), read outside a transaction."""
        with self._lock:
            return [r[0] for r in self._conn.execute(
                f"SELECT erased_at FROM erasures WHERE key IN ({','.join('?' * len(keys))})", list(keys))]

    def tombstone(self, memory_id: str) -> dict | None:
        with self._lock:
            row = self._conn.execute("SELECT * FROM tombstones WHERE memory_id=?", (memory_id,)).fetchone()
        return dict(zip(("memory_id", "partition", "ts", "actor"), row, strict=True)) if row else None

    def tombstones(self, partitions: Iterable[str] | None = None) -> list[dict]:
        """Content-free tombstones (memory_id, partition, ts, actor), optionally for some partitions only."""
        sql, args = "SELECT * FROM tombstones", []
        if partitions is not None:
            args = list(partitions)
            sql += f" WHERE partition IN ({','.join('?' * len(args))})"
        with self._lock:
            rows = self._conn.execute(sql + " ORDER BY ts, memory_id", args).fetchall()
        return [dict(zip(("memory_id", "partition", "ts", "actor"), r, strict=True)) for r in rows]

    def forgotten_since(self, mark: int | None) -> tuple[list[tuple[str, str]], int]:
        """(memory_id, partition) of the tombstones written after `mark` (by any process), oldest first, and
        the mark to pass next time. `mark=None`: none, only the current mark. One rowid range read."""
        with self._lock:
            if mark is None:
                return [], int(self._conn.execute("SELECT COALESCE(MAX(rowid), 0) FROM tombstones").fetchone()[0])
            rows = self._conn.execute(
                "SELECT rowid, memory_id, partition FROM tombstones WHERE rowid > ? ORDER BY rowid", (mark,)).fetchall()
        return [(mid, part) for _, mid, part in rows], (rows[-1][0] if rows else mark)

    def unscrubbed_entries(self, memory_id: str) -> int:
        """Ledger entries of a memory that still carry content (its forget entry aside)."""
        with self._lock:
            return self._conn.execute(
                "SELECT COUNT(*) FROM ledger WHERE memory_id=? AND scrubbed=0 AND op != 'forget'", (memory_id,)
            ).fetchone()[0]

    def change_times(self, memory_ids: Sequence[str], ops: Sequence[str]) -> list[tuple[str, datetime]]:
        """(memory_id, ts) of the ledger entries of `ops` about `memory_ids`, oldest first."""
        ids, ops = list(memory_ids), list(ops)
        if not ids or not ops:
            return []
        q = (f"SELECT memory_id, ts FROM ledger WHERE op IN ({','.join('?' * len(ops))}) "
             f"AND memory_id IN ({','.join('?' * len(ids))}) ORDER BY seq")
        with self._lock:
            rows = self._conn.execute(q, (*ops, *ids)).fetchall()
        return [(mid, datetime.fromisoformat(ts)) for mid, ts in rows]

    def ledger_count(self) -> int:
        with self._lock:
            return self._conn.execute("SELECT COUNT(*) FROM ledger").fetchone()[0]

    @property
    def local_commits(self) -> int:
        """Transactions this store committed (`changes().local`, without asking the database)."""
        return self._commits

    def changes(self) -> ChangeToken:
        """The change token: differs after any commit to the database. `local` counts this connection's
        commits, `external` changes whenever ANOTHER connection (e.g. another process) commits
        (`PRAGMA data_version`), so a reader of `external` never mistakes its own commits for others'."""
        with self._lock:
            return ChangeToken(self._commits, int(self._conn.execute("PRAGMA data_version").fetchone()[0]))

    def checkpoint(self, wait: float = 0.0) -> bool:
        """Fold the WAL into the main file and truncate it to zero bytes, so deleted content leaves no copy
        there. A reader holding an older snapshot (another connection's open read transaction) blocks the
        truncation: it is retried every 50 ms for up to `wait` seconds, without holding up this store's
        other threads in between. True once the WAL is truncated."""
        deadline = time.monotonic() + wait
        while True:
            with self._lock:
                self._conn.execute("PRAGMA busy_timeout=50")
                try:
                    busy = self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
                except sqlite3.OperationalError:  # locked by a writer of another process
                    busy = 1
                finally:
                    self._conn.execute("PRAGMA busy_timeout=30000")
            if not busy:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                self._conn.close()
                self._conn = _ClosedConnection()  # type: ignore[assignment]  # any later use says so, not sqlite3's "closed database"


class _ClosedConnection:
    """Stands in for the connection after `close()`: every use raises `StoreClosedError`."""

    def __getattr__(self, name: str) -> Any:
        from ..context import check_open

        check_open(self)  # raises: this object is `closed`
        raise AttributeError(name)

    closed = True



def versioned_update(conn: Any, rec: MemoryRecord, expected_version: int, row_of: Callable[[MemoryRecord], tuple],
                     *, allow_read_only: bool, mark: str) -> MemoryRecord:
    """The optimistic update both canonical stores run inside their transaction (`mark`: the driver's
    parameter marker, "?" for sqlite3, "%s" for psycopg). See `CanonicalStore.update`."""
    def sql(text: str) -> str:
        return text.replace("?", mark)

    stored = conn.execute(sql("SELECT partition, body FROM records WHERE id=?"), (rec.id,)).fetchone()
    if stored is not None and stored[0] != rec.scope.partition:
        raise ValueError(
            f"memory {rec.id!r} cannot move from partition {stored[0]!r} to {rec.scope.partition!r}: "
            "write a new record in the new scope and supersede this one"
        )
    if not allow_read_only and stored is not None and json.loads(stored[1]).get("read_only"):
        raise ReadOnlyViolation(
            f"memory {rec.id!r} is read_only: only an explicit user edit (actor='user') may change it"
        )
    new = rec.model_copy(update={"version": expected_version + 1})
    cur = conn.execute(
        sql("UPDATE records SET partition=?, status=?, subject=?, predicate=?, text_hash=?, version=?, body=?"
            " WHERE id=? AND version=?"),
        (*row_of(new)[1:], rec.id, expected_version),
    )
    if cur.rowcount != 1:
        now = conn.execute(sql("SELECT version FROM records WHERE id=?"), (rec.id,)).fetchone()
        if now is None:
            raise RecordGone(f"no memory with id {rec.id!r}")
        raise VersionConflict(
            f"memory {rec.id!r} changed since it was read (expected version {expected_version}, stored {now[0]})"
        )
    return new

def _scope_of_partition(partition: str) -> dict[str, Any] | None:
    """The scope ids a partition key holds (`org/o`, `project/o/p`, `user/o/u`, `session/o/u/p/s`, and the
    older `session/o/u/s`); ids the key does not hold are None. None for a key of no known shape.

    >>> _scope_of_partition("session/default/ann//s1")["session_id"]
    's1'
    """
    level, *ids = partition.split("/")
    shapes = {("org", 1): ("org_id",), ("project", 2): ("org_id", "project_id"), ("user", 2): ("org_id", "user_id"),
              ("session", 4): ("org_id", "user_id", "project_id", "session_id"),
              ("session", 3): ("org_id", "user_id", "session_id")}
    names = shapes.get((level, len(ids)))
    if names is None:
        return None
    scope: dict[str, Any] = {"org_id": None, "project_id": None, "user_id": None, "session_id": None, "level": level}
    scope.update({n: (v or None) for n, v in zip(names, ids, strict=True)})
    return scope


def _redact(value: object, texts: Sequence[str]) -> object:
    """Replace every occurrence of `texts` inside strings of a JSON value (keys included)."""
    if isinstance(value, str):
        for t in texts:
            value = value.replace(t, "[forgotten]")
        return value
    if isinstance(value, list):
        return [_redact(v, texts) for v in value]
    if isinstance(value, dict):
        return {_redact(k, texts): _redact(v, texts) for k, v in value.items()}
    return value
