"""The canonical store in PostgreSQL: what store/sqlite.py does, for several app servers sharing one truth.

Same tables, same methods, same semantics as the SQLite `CanonicalStore` (psycopg 3, a connection pool,
one transaction per write). What PostgreSQL itself enforces:
- the ledger is append-only: a trigger refuses DELETE, TRUNCATE and any UPDATE except a forget's scrub
  (which sets the transaction-local setting `langmem.scrub`, keeps the entry's identity and marks it scrubbed);
- no lost update: an update carries a version predicate (`VersionConflict` on a stale version);
- one active record per fact key across processes: the commit's key check takes a transaction-scoped
  advisory lock on (partition, subject, predicate) before it reads, so two writers of one key check in turn;
  a deadlock between two multi-key writers is reported as `VersionConflict` (the writer re-plans);
- a change counter (`changes` table, one row) that every write transaction bumps as its last statement:
  `changes().external` tells a process that another one committed, in one primary-key read.
After a forget, `checkpoint()` VACUUMs the tables that held the memory (best effort; see README
"PostgreSQL": the server's WAL and free space are outside this store's reach).

A database URL may choose a schema with libpq's options, e.g.
`postgresql://app@db/mem?options=-csearch_path%3Dlangmem` (the schema must exist).
"""

from __future__ import annotations

import collections
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import numpy as np
import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import ConnectionPool, PoolTimeout

from ..records import LedgerEntry, MemoryRecord, Status, utcnow
from .layout import LAYOUT, LAYOUT_KEY
from .pg_breaker import RETRY_EVERY, Outage
from .pg_timeouts import bounded_connection, connection_kwargs, statement_timeout_from_env
from .sqlite import (
    CanonicalStore,
    ChangeToken,
    KeyRef,
    VersionConflict,
    _after,
    _redact,
    _scope_of_partition,
    partition_list,
    versioned_update,
)

CONNECT_TIMEOUT = 5  # seconds: a bad host or a server that is down fails fast, never hangs
VACUUM_TIMEOUT = 600.0  # seconds `checkpoint`'s VACUUM may run (the statement timeout does not apply to it)
POOL_TIMEOUT = 5.0  # seconds a query waits for a pooled connection (all busy, or the server went away)
POOL_SIZE = 4  # connections per store (per process); 4 processes x 4 stay far below max_connections=100
SCRUB_SETTING = "langmem.scrub"
_SCHEMA_LOCK = 0x6C616E676D656D  # advisory lock id serialising schema creation by processes opening at once

_SCHEMA = """
CREATE TABLE IF NOT EXISTS records(
    rid BIGSERIAL UNIQUE,
    id TEXT COLLATE "C" PRIMARY KEY,
    partition TEXT COLLATE "C" NOT NULL,
    status TEXT NOT NULL,
    subject TEXT COLLATE "C" NOT NULL,
    predicate TEXT COLLATE "C" NOT NULL,
    text_hash TEXT NOT NULL,
    version INTEGER NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_partition ON records(partition, status);
CREATE INDEX IF NOT EXISTS records_key ON records(partition, subject, predicate);
CREATE INDEX IF NOT EXISTS records_hash ON records(partition, text_hash);
CREATE TABLE IF NOT EXISTS vectors(id TEXT COLLATE "C" PRIMARY KEY, vec BYTEA NOT NULL);
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ledger(
    seq BIGSERIAL PRIMARY KEY,
    ledger_id TEXT UNIQUE NOT NULL,
    ts TEXT NOT NULL,
    op TEXT NOT NULL,
    memory_id TEXT COLLATE "C",
    partition TEXT COLLATE "C",
    body TEXT NOT NULL,
    scrubbed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS ledger_memory ON ledger(memory_id);
CREATE OR REPLACE FUNCTION langmem_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'UPDATE' THEN
        RAISE EXCEPTION 'the ledger is append-only';
    END IF;
    IF coalesce(current_setting('langmem.scrub', true), '') <> 'on'
       OR NEW.seq <> OLD.seq OR NEW.ledger_id <> OLD.ledger_id OR NEW.ts <> OLD.ts OR NEW.op <> OLD.op
       OR NEW.memory_id IS DISTINCT FROM OLD.memory_id OR NEW.scrubbed <> 1 THEN
        RAISE EXCEPTION 'the ledger is append-only: only a forget may scrub an entry';
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
    FOR EACH ROW EXECUTE FUNCTION langmem_ledger_guard();
CREATE OR REPLACE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger
    FOR EACH STATEMENT EXECUTE FUNCTION langmem_ledger_guard();
CREATE OR REPLACE TRIGGER ledger_scrub_only BEFORE UPDATE ON ledger
    FOR EACH ROW EXECUTE FUNCTION langmem_ledger_guard();
CREATE TABLE IF NOT EXISTS intents(
    seq BIGSERIAL PRIMARY KEY,
    op TEXT NOT NULL,
    pending TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS intent_items(
    seq BIGINT NOT NULL REFERENCES intents(seq) ON DELETE CASCADE,
    memory_id TEXT NOT NULL,
    partition TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS intent_items_seq ON intent_items(seq);
-- an older schema kept an intent's (memory id, partition) pairs as a JSON list in intents.memory_id
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'intents' AND column_name = 'memory_id') THEN
    INSERT INTO intent_items(seq, memory_id, partition)
      SELECT i.seq, x->>0, x->>1 FROM intents i, jsonb_array_elements(i.memory_id::jsonb) x;
    ALTER TABLE intents DROP COLUMN memory_id, DROP COLUMN partition;
  END IF;
END $$;
CREATE TABLE IF NOT EXISTS tombstones(
    memory_id TEXT COLLATE "C" PRIMARY KEY,
    partition TEXT COLLATE "C" NOT NULL,
    ts TEXT NOT NULL,
    actor TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS changes(id INTEGER PRIMARY KEY CHECK (id = 1), seq BIGINT NOT NULL);
-- account erasures: a keyed hash of (org, user), when, and how many in-flight writes it turned away (erasure.py)
CREATE TABLE IF NOT EXISTS erasures(key TEXT PRIMARY KEY, erased_at DOUBLE PRECISION NOT NULL,
                                    dropped INTEGER NOT NULL DEFAULT 0);
INSERT INTO changes VALUES (1, 0) ON CONFLICT DO NOTHING;
-- the change counter value of the commit that wrote a tombstone (see `forgotten_since`)
ALTER TABLE tombstones ADD COLUMN IF NOT EXISTS change_seq BIGINT;
UPDATE tombstones SET change_seq = 0 WHERE change_seq IS NULL;
CREATE INDEX IF NOT EXISTS tombstones_change ON tombstones(change_seq);
"""

_TOMBSTONE = ("memory_id", "partition", "ts", "actor")
#: The tables' version (a hash of `_SCHEMA`, so any change to it runs the DDL once more), kept in `meta`.
SCHEMA_KEY = "pg_schema"
SCHEMA_VERSION = hashlib.sha256(_SCHEMA.encode()).hexdigest()[:16]


class DatabasePermissionError(PermissionError):
    """The database role may not create the memory tables this version needs (the message says what to do)."""


def _schema_current(conn: psycopg.Connection) -> bool:
    row = conn.execute("SELECT to_regclass('meta')").fetchone()
    if row is None or row[0] is None:
        return False
    row = conn.execute("SELECT value FROM meta WHERE key = %s", (SCHEMA_KEY,)).fetchone()
    return row is not None and row[0] == SCHEMA_VERSION


class StaleConnection(ConnectionError):
    """A pooled connection was dead (e.g. the server restarted) but the server answers: a read may retry."""


def _first_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


def describe_url(url: str) -> str:
    """host:port/dbname of a PostgreSQL URL, without user or password (for error messages).

    >>> describe_url("postgresql://me:secret@db.internal:6432/mem")
    'db.internal:6432/mem'
    """
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "an unparsable URL"
    host = str(info.get("host") or "localhost")
    return f"{host}:{info.get('port') or 5432}/{info.get('dbname') or ''}"


class PostgresCanonicalStore:
    """PostgreSQL truth, shared by every process that opens the same URL. Thread-safe.

    Raises `ValueError` for a malformed URL and `ConnectionError` naming the host when the server cannot
    be reached within `connect_timeout` seconds. Later, a query waits at most `pool_timeout` seconds for a
    connection; once the server was found unreachable, every query fails at once (`ConnectionError`) until
    a background probe, every `retry_every` seconds, finds it back and the pool is reopened (store/pg_breaker.py).
    A server that stops answering without closing the connection (silent partition, hung server) fails a
    statement after `statement_timeout` + 1 s (default 5 s; `LANGMEM_PG_STATEMENT_TIMEOUT`) and trips the
    same breaker; TCP keepalives and `tcp_user_timeout` find dead idle connections (store/pg_timeouts.py)."""

    backend = "postgres"  # how forget reports and `verify_gone` name the canonical store
    scrub_place = "vacuum"  # what `checkpoint` scrubs, as forget reports name it (SQLite: "wal")

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE, connect_timeout: int = CONNECT_TIMEOUT,
                 pool_timeout: float = POOL_TIMEOUT, retry_every: float = RETRY_EVERY,
                 statement_timeout: float | None = None) -> None:
        self.url = url
        self.where = describe_url(url)
        self._pool_size, self._pool_timeout = pool_size, pool_timeout
        try:
            psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.ProgrammingError as exc:
            raise ValueError(f"database_url is not a valid PostgreSQL URL: {exc}") from None
        # connect, keepalive and statement bounds the URL does not set (store/pg_timeouts.py)
        self.statement_timeout = statement_timeout_from_env() if statement_timeout is None else statement_timeout
        self._kwargs: dict[str, Any] = {"autocommit": True,
                                        **connection_kwargs(url, connect_timeout, self.statement_timeout)}
        self._connection_class = bounded_connection(self.statement_timeout)
        reason = self._probe()  # one direct connection first: a clear error now, not a pool retrying
        if reason is not None:
            raise ConnectionError(f"cannot connect to PostgreSQL at {self.where}: {reason}") from None
        self._outage = Outage(self.where, self._probe, self._reopen_pool, retry_every)
        self._pool = self._new_pool()
        self._lock = threading.RLock()  # guards the parse cache (CanonicalStore._parse)
        self._local = threading.local()  # .conn: this thread's open write transaction, read by its reads too
        self._parsed: OrderedDict[str, tuple[str, MemoryRecord]] = OrderedDict()
        self._parsed_epoch = 0  # see CanonicalStore.forget_parsed
        self._commits = 0
        self._closed = False
        try:
            self._ensure_schema()
        except BaseException:
            self._pool.close()
            raise

    def _ensure_schema(self) -> None:
        """Create or update the tables, unless they are already this version's: a role with only SELECT/INSERT/
        UPDATE/DELETE on them opens the store (every open ran the DDL, which such a role may not)."""
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            if not _schema_current(conn):
                try:
                    with conn.transaction():
                        conn.execute(_SCHEMA)
                        conn.execute("INSERT INTO meta VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                                     (SCHEMA_KEY, SCHEMA_VERSION))
                except pg_errors.InsufficientPrivilege as exc:
                    raise DatabasePermissionError(
                        f"the PostgreSQL role of database_url ({self.where}) may not create or update the memory tables "
                        f"({_first_line(exc)}): open the store once as the database owner (or a role with CREATE on the "
                        "schema); afterwards a role with SELECT, INSERT, UPDATE and DELETE on the tables is enough") from None
            # a new database has no older partition layout to migrate (store/layout.py)
            conn.execute("INSERT INTO meta VALUES (%s, %s) ON CONFLICT DO NOTHING", (LAYOUT_KEY, str(LAYOUT)))

    # -- connections and transactions ---------------------------------------------------------
    def _new_pool(self) -> ConnectionPool:
        return ConnectionPool(self.url, min_size=1, max_size=self._pool_size, kwargs=self._kwargs, open=True,
                              timeout=self._pool_timeout, name=f"langmem {self.where}",
                              connection_class=self._connection_class)

    def _probe(self) -> str | None:
        """None when a direct connection to the server opens (within `connect_timeout`), else why not."""
        try:
            psycopg.connect(self.url, **self._kwargs).close()
        except psycopg.Error as exc:
            return _first_line(exc)
        return None

    def _reopen_pool(self) -> None:
        """A fresh pool once the server is back: the old one's connections are dead and its own
        reconnection backs off to a minute between attempts."""
        if self._closed:
            return
        old, self._pool = self._pool, self._new_pool()
        old.close(timeout=1.0)

    def _lost(self, exc: BaseException, conn: psycopg.Connection | None) -> ConnectionError:
        """The `ConnectionError` for a pool wait that timed out or a connection that broke; trips the
        breaker unless the server answers a direct connection (then the pooled one was only stale)."""
        if conn is not None and not (conn.closed or conn.broken):
            return ConnectionError(f"PostgreSQL at {self.where}: {_first_line(exc)}")
        reason = self._probe()
        if reason is None and conn is None:
            return ConnectionError(f"no PostgreSQL connection to {self.where} free within "
                                   f"{self._pool_timeout:g} s: {_first_line(exc)}")
        if reason is None:
            self._pool.check()  # drop the pool's other dead connections now, not one failed turn each
            return StaleConnection(f"PostgreSQL at {self.where} closed a connection: {_first_line(exc)}")
        self._outage.trip(reason)
        return ConnectionError(f"PostgreSQL at {self.where} is unreachable: {reason} ({_first_line(exc)})")

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection]:
        """This thread's transaction connection when it is inside `transaction()` (so its reads see its own
        writes and never wait for a second pooled connection), else a pooled one in autocommit."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            yield conn
            return
        self._outage.check()
        pooled: psycopg.Connection | None = None
        try:
            with self._pool.connection() as pooled:
                yield pooled
        except PoolTimeout as exc:
            raise self._lost(exc, None) from None
        except psycopg.OperationalError as exc:
            raise self._lost(exc, pooled) from None

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        for attempt in (1, 2):
            try:
                with self._conn() as conn:
                    return conn.execute(sql, args).fetchall()
            except StaleConnection:
                if attempt == 2 or getattr(self._local, "conn", None) is not None:
                    raise
        raise AssertionError("unreachable")

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Connection]:
        """One write transaction on one pooled connection. It bumps the change counter last, so the row
        lock that orders commits is held only while committing. A deadlock or serialization failure
        between writers is a `VersionConflict` (nothing was written; re-plan and retry)."""
        if getattr(self._local, "conn", None) is not None:
            raise RuntimeError("nested canonical transactions are not supported")
        with self._conn() as conn:
            try:
                with conn.transaction():
                    self._local.conn, self._local.tombstoned = conn, []
                    try:
                        yield conn
                        seq = conn.execute("UPDATE changes SET seq = seq + 1 WHERE id = 1 RETURNING seq").fetchone()[0]  # type: ignore[index]
                        if self._local.tombstoned:  # numbered in commit order: the row lock is held until commit
                            conn.execute("UPDATE tombstones SET change_seq=%s WHERE memory_id = ANY(%s)",
                                         (seq, self._local.tombstoned))
                    finally:
                        self._local.conn, self._local.tombstoned = None, []
            except (pg_errors.DeadlockDetected, pg_errors.SerializationFailure) as exc:
                raise VersionConflict(f"a concurrent writer got in the way: {exc}") from None
        self._commits += 1

    # -- records ------------------------------------------------------------------------------
    _row = staticmethod(CanonicalStore._row)
    _parse: Callable[..., MemoryRecord] = CanonicalStore._parse  # type: ignore[assignment]  # its parse cache
    forget_parsed = CanonicalStore.forget_parsed
    holds_parsed = CanonicalStore.holds_parsed
    live_versions = CanonicalStore.live_versions

    def insert(self, conn: psycopg.Connection, rec: MemoryRecord) -> None:
        cur = conn.execute("INSERT INTO records(id, partition, status, subject, predicate, text_hash, version, body)"
                           " VALUES (%s,%s,%s,%s,%s,%s,%s,%s) ON CONFLICT (id) DO NOTHING", self._row(rec))
        if cur.rowcount != 1:
            raise ValueError(f"a memory with id {rec.id!r} already exists")

    def insert_many(self, conn: psycopg.Connection, recs: Sequence[MemoryRecord]) -> None:
        """Insert `recs` in one pipelined batch (not a round trip each); ValueError naming an id already stored."""
        if len(recs) <= 1:
            for rec in recs:
                self.insert(conn, rec)
            return
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO records(id, partition, status, subject, predicate, text_hash, version, body)"
                            " VALUES (%s,%s,%s,%s,%s,%s,%s,%s) ON CONFLICT (id) DO NOTHING RETURNING id",
                            [self._row(r) for r in recs], returning=True)
            inserted: collections.Counter[str] = collections.Counter()
            while True:
                inserted.update(row[0] for row in cur.fetchall())
                if not cur.nextset():
                    break
        taken = collections.Counter(r.id for r in recs) - inserted
        if taken:
            raise ValueError(f"a memory with id {sorted(taken)[0]!r} already exists")

    def update(
        self, conn: psycopg.Connection, rec: MemoryRecord, expected_version: int, *, allow_read_only: bool = True
    ) -> MemoryRecord:
        """See `CanonicalStore.update`: the version predicate makes a concurrent update of the same row wait
        for the first one's commit and then miss (`VersionConflict`)."""
        return versioned_update(conn, rec, expected_version, self._row, allow_read_only=allow_read_only, mark="%s")

    def delete(self, conn: psycopg.Connection, memory_id: str) -> bool:
        conn.execute("DELETE FROM vectors WHERE id=%s", (memory_id,))
        return conn.execute("DELETE FROM records WHERE id=%s", (memory_id,)).rowcount == 1

    def get_meta(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM meta WHERE key=%s", (key,))
        return rows[0][0] if rows else None

    def set_meta_once(self, key: str, value: str) -> str:
        with self._conn() as conn:
            conn.execute("INSERT INTO meta(key, value) VALUES (%s, %s) ON CONFLICT DO NOTHING", (key, value))
        return self.get_meta(key)  # type: ignore[return-value]

    def get(self, memory_id: str) -> MemoryRecord | None:
        epoch = self._parsed_epoch
        rows = self._rows("SELECT body FROM records WHERE id=%s", (memory_id,))
        return self._parse(memory_id, rows[0][0], epoch) if rows else None

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]:
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        epoch = self._parsed_epoch
        rows = self._rows("SELECT id, body FROM records WHERE id = ANY(%s)", (ids,))
        return {mid: self._parse(mid, body, epoch) for mid, body in rows}

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
        """See `CanonicalStore.find`."""
        clause = self._where(partitions, statuses, subject, predicate, text_hash)
        if clause is None:
            return []
        sql = "SELECT id, body FROM records" + clause[0] + " ORDER BY rid"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        epoch = self._parsed_epoch
        return [self._parse(mid, body, epoch, shared=shared) for mid, body in self._rows(sql, clause[1])]

    def find_refs(
        self,
        partitions: Iterable[str],
        *,
        subject: str,
        predicate: str,
        statuses: Iterable[Status | str] | None = (Status.ACTIVE,),
    ) -> list[KeyRef]:
        """See `CanonicalStore.find_refs`."""
        clause = self._where(partitions, statuses, subject, predicate, None)
        if clause is None:
            return []
        sql = ("SELECT id, body::json->>'object', body::json->>'polarity', body::json->>'created_at' FROM records"
               + clause[0] + " ORDER BY rid")
        return [KeyRef(mid, obj or "", pol, datetime.fromisoformat(ts)) for mid, obj, pol, ts in self._rows(sql, clause[1])]

    def active_on_key(
        self, conn: psycopg.Connection, partition: str, subject: str, predicate: str, other_than: str,
        *, values: bool = True,
    ) -> list[tuple[str, str, str]]:
        """See `CanonicalStore.active_on_key`. Takes the attribute's advisory lock first (held until the
        transaction ends), so the check and the commit of two writers of one attribute run in turn, and
        the read (a new snapshot: READ COMMITTED) sees what the other one committed."""
        subject, predicate = subject.casefold(), predicate.casefold()
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"{partition}\x1f{subject}\x1f{predicate}",))
        cols = "id, body::json->>'object', body::json->>'polarity'" if values else "id, '', ''"
        return [tuple(r) for r in conn.execute(
            f"SELECT {cols} FROM records WHERE partition=%s AND subject=%s AND predicate=%s AND status=%s AND id <> %s"
            + ("" if values else " LIMIT 1"),
            (partition, subject, predicate, Status.ACTIVE.value, other_than),
        ).fetchall()]

    def lock_attributes(self, conn: psycopg.Connection, keys: Iterable[tuple[str, str, str]]) -> None:
        """Take the advisory locks of these (partition, subject, predicate) keys, in one order for every
        writer (no deadlock between two commits locking several), held until the transaction ends."""
        for key in sorted({(part, subj.casefold(), pred.casefold()) for part, subj, pred in keys}):
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", ("\x1f".join(key),))

    def active_values(
        self, conn: psycopg.Connection, partitions: Sequence[str], prefix: str | None, subject: str,
        predicate: str, other_than: str,
    ) -> list[tuple[str, str, str]]:
        """See `CanonicalStore.active_values`; the caller holds the attribute's locks (`lock_attributes`)."""
        where, args = "partition = ANY(%s)", list[Any]([list(partitions)])
        if prefix:
            where, args = f"({where} OR (partition >= %s AND partition < %s))", [*args, prefix, _after(prefix)]
        return [tuple(r) for r in conn.execute(
            "SELECT id, body::json->>'object', body::json->>'polarity' FROM records WHERE "
            f"{where} AND subject=%s AND predicate=%s AND status=%s AND id <> %s",
            (*args, subject.casefold(), predicate.casefold(), Status.ACTIVE.value, other_than),
        ).fetchall()]

    @staticmethod
    def _where(
        partitions: Iterable[str] | None, statuses: Iterable[Status | str] | None, subject: str | None,
        predicate: str | None, text_hash: str | None,
    ) -> tuple[str, list[Any]] | None:
        where: list[str] = []
        args: list[Any] = []
        if partitions is not None:
            parts = partition_list(partitions)
            if not parts:
                return None
            where.append("partition = ANY(%s)")
            args.append(parts)
        if statuses is not None:
            where.append("status = ANY(%s)")
            args.append([Status(s).value for s in statuses])
        for col, val in (("subject", subject), ("predicate", predicate)):
            if val is not None:
                where.append(f"{col}=%s")
                args.append(val.casefold())
        if text_hash is not None:
            where.append("text_hash=%s")
            args.append(text_hash)
        return (" WHERE " + " AND ".join(where) if where else ""), args

    def live_versions_until(
        self, partitions: Iterable[str], now: datetime | None, limit: int | None = None
    ) -> tuple[list[tuple[str, int]], datetime | None]:
        """See `CanonicalStore.live_versions_until`."""
        parts = partition_list(partitions)
        if not parts:
            return [], None
        rows = self._rows("SELECT id, version, body::json->>'expires_at' FROM records WHERE partition = ANY(%s)"
                          " AND status=%s ORDER BY id" + (" LIMIT %s" if limit is not None else ""),
                          (parts, Status.ACTIVE.value, *([limit] if limit is not None else [])))
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
        return [(p, int(n)) for p, n in self._rows(
            "SELECT partition, COUNT(*) FROM records GROUP BY partition ORDER BY MAX(rid)")]

    def partitions(self, prefix: str | None = None) -> list[str]:
        """See `CanonicalStore.partitions`: a range scan of the "C"-collated partition index."""
        if not prefix:
            return [r[0] for r in self._rows("SELECT DISTINCT partition FROM records")]
        upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        return [r[0] for r in self._rows("SELECT DISTINCT partition FROM records WHERE partition >= %s AND "
                                         "partition < %s ORDER BY partition", (prefix, upper))]

    def count(self) -> int:
        return int(self._rows("SELECT COUNT(*) FROM records")[0][0])

    def touch(self, ids: Sequence[str], at: datetime, partitions: Sequence[str], prefix: str) -> int:
        """See `CanonicalStore.touch`: `accessed_at` set in place, no new version."""
        if not ids:
            return 0
        with self.transaction() as conn:
            return conn.execute(
                "UPDATE records SET body = jsonb_set(body::jsonb, '{accessed_at}', to_jsonb(%s::text))::text "
                "WHERE id = ANY(%s) AND (partition = ANY(%s) OR left(partition, %s) = %s)",
                (at.isoformat(), list(ids), partition_list(partitions), len(prefix), prefix)).rowcount

    # -- vectors ------------------------------------------------------------------------------
    def put_vector(self, conn: psycopg.Connection, memory_id: str, vec: np.ndarray) -> None:
        conn.execute("INSERT INTO vectors VALUES (%s, %s) ON CONFLICT (id) DO UPDATE SET vec = EXCLUDED.vec",
                     (memory_id, np.asarray(vec, np.float32).tobytes()))

    def put_vectors(self, conn: psycopg.Connection, rows: Sequence[tuple[str, np.ndarray]]) -> None:
        """`put_vector` for many, in one pipelined batch."""
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO vectors VALUES (%s, %s) ON CONFLICT (id) DO UPDATE SET vec = EXCLUDED.vec",
                            [(mid, np.asarray(v, np.float32).tobytes()) for mid, v in rows])

    def partition_texts(self, partition: str) -> list[tuple[str, str, str]]:
        return [(m, t, s) for m, t, s in self._rows(
            "SELECT id, body::json->>'text', status FROM records WHERE partition=%s ORDER BY rid", (partition,))]

    def partition_size(self, partition: str) -> int:
        return int(self._rows("SELECT COUNT(*) FROM records WHERE partition=%s", (partition,))[0][0])

    def partition_vectors(self, partition: str) -> list[tuple[str, str, np.ndarray]]:
        q = "SELECT r.id, r.status, v.vec FROM records r JOIN vectors v ON v.id = r.id WHERE r.partition = %s"
        return [(m, s, np.frombuffer(blob, dtype=np.float32)) for m, s, blob in self._rows(q, (partition,))]

    def vectors(self, ids: Sequence[str], partitions: Iterable[str] | None = None) -> dict[str, np.ndarray]:
        ids = list(ids)
        if not ids:
            return {}
        if partitions is None:
            rows = self._rows("SELECT id, vec FROM vectors WHERE id = ANY(%s)", (ids,))
        else:
            rows = self._rows("SELECT v.id, v.vec FROM vectors v JOIN records r ON r.id = v.id "
                              "WHERE v.id = ANY(%s) AND r.partition = ANY(%s)", (ids, partition_list(partitions)))
        return {mid: np.frombuffer(blob, dtype=np.float32) for mid, blob in rows}

    # -- ledger -------------------------------------------------------------------------------
    def append_ledger(self, conn: psycopg.Connection, entries: Iterable[LedgerEntry]) -> None:
        rows = [(e.ledger_id, e.ts.isoformat(), e.op.value, e.memory_id, e.partition, e.model_dump_json()) for e in entries]
        if rows:
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO ledger(ledger_id, ts, op, memory_id, partition, body) "
                                "VALUES (%s,%s,%s,%s,%s,%s)", rows)

    def ledger(self, memory_id: str | None = None, *, partitions: Iterable[str] | None = None) -> list[LedgerEntry]:
        where: list[str] = []
        args: list[Any] = []
        if memory_id is not None:
            where.append("(memory_id=%s OR strpos(body, %s) > 0)")
            args += [memory_id, f'"{memory_id}"']
        if partitions is not None:
            where.append("partition = ANY(%s)")
            args.append(list(partitions))
        sql = "SELECT body FROM ledger" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY seq"
        return [LedgerEntry.model_validate_json(r[0]) for r in self._rows(sql, args)]

    def scrub_ledger(
        self, conn: psycopg.Connection, memory_id: str, texts: Iterable[str], also: Iterable[str] = ()
    ) -> int:
        """See `CanonicalStore.scrub_ledger` (the same rewrite, allowed by the trigger through `langmem.scrub`)."""
        texts = sorted({t for t in texts if t and t.strip()}, key=len, reverse=True)
        redact = sorted(set(texts) | {a for a in also if a and len(a.strip()) >= 2}, key=len, reverse=True)
        rows = conn.execute("SELECT seq, body FROM ledger WHERE memory_id=%s OR strpos(body, %s) > 0",
                            (memory_id, f'"{memory_id}"')).fetchall()
        for t in texts:
            for needle in {json.dumps(t)[1:-1], json.dumps(t, ensure_ascii=False)[1:-1]}:
                rows += conn.execute("SELECT seq, body FROM ledger WHERE strpos(body, %s) > 0", (needle,)).fetchall()
        done: dict[int, str] = {}
        for seq, body in rows:
            if seq in done:
                continue
            entry = json.loads(body)
            if entry.get("memory_id") == memory_id:
                entry.update(payload={"scrubbed": True}, reason="", trigger="", decision_trace="scrubbed")
            else:
                entry = _redact(entry, redact)
            done[seq] = json.dumps(entry)
        self._write_scrubbed(conn, done)
        return len(done)

    def _write_scrubbed(self, conn: psycopg.Connection, bodies: dict[int, str]) -> None:
        if not bodies:
            return
        conn.execute("SELECT set_config(%s, 'on', true)", (SCRUB_SETTING,))
        with conn.cursor() as cur:
            cur.executemany("UPDATE ledger SET body=%s, scrubbed=1 WHERE seq=%s", [(b, s) for s, b in bodies.items()])
        conn.execute("SELECT set_config(%s, 'off', true)", (SCRUB_SETTING,))

    def turn_entries(self) -> list[tuple[int, dict, list[str]]]:
        """See `CanonicalStore.turn_entries`."""
        q = ("SELECT seq, (body::json->'payload')::text, op, partition FROM ledger WHERE scrubbed=0 AND "
             "(body::json->'payload'->>'scope' IS NOT NULL OR (op='reject' AND memory_id IS NULL "
             "AND body::json->'payload'->>'text' IS NOT NULL)) ORDER BY seq")
        out = []
        for seq, payload, _op, partition in self._rows(q):
            data = json.loads(payload)
            scope = data.get("scope") or _scope_of_partition(partition or "")
            if scope is not None:
                out.append((seq, scope, [v for k, v in data.items() if k != "scope" and isinstance(v, str)]))
        return out

    def scrub_entries(self, conn: psycopg.Connection, seqs: Iterable[int]) -> int:
        """Wipe the content of ledger entries (payload, reason, trigger, trace), keeping op, time and ids."""
        bodies: dict[int, str] = {}
        for seq, body in conn.execute("SELECT seq, body FROM ledger WHERE seq = ANY(%s)", (list(seqs),)).fetchall():
            entry = json.loads(body)
            entry.update(payload={"scrubbed": True}, reason="", trigger="", decision_trace="scrubbed")
            bodies[seq] = json.dumps(entry)
        self._write_scrubbed(conn, bodies)
        return len(bodies)

    # -- intents and tombstones ---------------------------------------------------------------
    def add_intent(self, conn: psycopg.Connection, op: str, items: Sequence[tuple[str, str]], pending: list[str]) -> int:
        """See `CanonicalStore.add_intent`."""
        seq = int(conn.execute("INSERT INTO intents(op, pending) VALUES (%s,%s) RETURNING seq",
                               (op, json.dumps(pending))).fetchone()[0])  # type: ignore[index]
        if items:
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO intent_items(seq, memory_id, partition) VALUES (%s,%s,%s)",
                                [(seq, m, p) for m, p in items])
        return seq

    def set_intent_pending(self, seq: int, pending: list[str]) -> None:
        """Narrow or clear an intent. Clearing one (after every projection confirmed) does not wait for the
        WAL flush: if the server crashed before it, the intent is replayed at the next open, which is
        idempotent, and every commit saves one disk flush."""
        with self._conn() as conn:
            if pending:
                conn.execute("UPDATE intents SET pending=%s WHERE seq=%s", (json.dumps(pending), seq))
            else:  # one simple-protocol string: an implicit transaction, so SET LOCAL applies to the DELETE
                conn.execute(f"SET LOCAL synchronous_commit = off; DELETE FROM intents WHERE seq = {int(seq)}")

    def intent_seqs(self, op: str) -> list[int]:
        return [r[0] for r in self._rows("SELECT seq FROM intents WHERE op=%s", (op,))]

    def intents(self) -> list[tuple[int, str, list[tuple[str, str]], list[str]]]:
        """See `CanonicalStore.intents`."""
        rows = self._rows("SELECT seq, op, pending FROM intents ORDER BY seq")
        items: dict[int, list[tuple[str, str]]] = {}
        for seq, mid, part in self._rows("SELECT seq, memory_id, partition FROM intent_items ORDER BY seq, ctid"):
            items.setdefault(seq, []).append((mid, part))
        return [(s, op, items.get(s, []), json.loads(p)) for s, op, p in rows]

    def add_tombstone(
        self, conn: psycopg.Connection, memory_id: str, partition: str, actor: str, ts: str | None = None
    ) -> None:
        conn.execute("INSERT INTO tombstones(memory_id, partition, ts, actor) VALUES (%s,%s,%s,%s) ON CONFLICT "
                     "(memory_id) DO UPDATE SET partition=EXCLUDED.partition, ts=EXCLUDED.ts, actor=EXCLUDED.actor",
                     (memory_id, partition, ts or utcnow().isoformat(), actor))
        self._local.tombstoned.append(memory_id)

    def forgotten_since(self, mark: int | None) -> tuple[list[tuple[str, str]], int]:
        """See `CanonicalStore.forgotten_since`; the mark is the change counter of the last tombstone seen
        (tombstones are numbered in commit order, so none committed later can carry a smaller number)."""
        if mark is None:
            return [], int(self._rows("SELECT COALESCE(MAX(change_seq), 0) FROM tombstones")[0][0])
        rows = self._rows("SELECT change_seq, memory_id, partition FROM tombstones WHERE change_seq > %s "
                          "ORDER BY change_seq, memory_id", (mark,))
        return [(mid, part) for _, mid, part in rows], (int(rows[-1][0]) if rows else mark)

    def erased_at(self, keys: Sequence[str]) -> list[float]:
        """See `CanonicalStore.erased_at`."""
        return [r[0] for r in self._rows("SELECT erased_at FROM erasures WHERE key = ANY(%s)", (list(keys),))]

    def tombstone(self, memory_id: str) -> dict | None:
        rows = self._rows(f"SELECT {', '.join(_TOMBSTONE)} FROM tombstones WHERE memory_id=%s", (memory_id,))
        return dict(zip(_TOMBSTONE, rows[0], strict=True)) if rows else None

    def tombstones(self, partitions: Iterable[str] | None = None) -> list[dict]:
        sql, args = f"SELECT {', '.join(_TOMBSTONE)} FROM tombstones", []
        if partitions is not None:
            sql, args = sql + " WHERE partition = ANY(%s)", [list(partitions)]
        return [dict(zip(_TOMBSTONE, r, strict=True)) for r in self._rows(sql + " ORDER BY ts, memory_id", args)]

    def unscrubbed_entries(self, memory_id: str) -> int:
        return int(self._rows("SELECT COUNT(*) FROM ledger WHERE memory_id=%s AND scrubbed=0 AND op <> 'forget'",
                              (memory_id,))[0][0])

    def change_times(self, memory_ids: Sequence[str], ops: Sequence[str]) -> list[tuple[str, datetime]]:
        """(memory_id, ts) of the ledger entries of `ops` about `memory_ids`, oldest first."""
        if not memory_ids or not ops:
            return []
        return [(mid, datetime.fromisoformat(ts)) for mid, ts in self._rows(
            "SELECT memory_id, ts FROM ledger WHERE op = ANY(%s) AND memory_id = ANY(%s) ORDER BY seq",
            (list(ops), list(memory_ids)))]

    def ledger_count(self) -> int:
        return int(self._rows("SELECT COUNT(*) FROM ledger")[0][0])

    # -- change tokens, scrubbing, closing ------------------------------------------------------
    @property
    def local_commits(self) -> int:
        """Transactions this store committed (`changes().local`, without asking the database)."""
        return self._commits

    def changes(self) -> ChangeToken:
        """The change token (see `CanonicalStore.changes`), in one primary-key read: `local` counts this
        store's commits; `external` is the database's commit counter less those, so it changes whenever
        ANOTHER store (another process) commits."""
        local = self._commits  # read first: a commit of ours landing in between only looks external (safe)
        total = self._rows("SELECT seq FROM changes WHERE id = 1")[0][0]
        return ChangeToken(local, int(total) - local)

    def checkpoint(self, wait: float = 0.0) -> bool:
        """VACUUM the tables a forget touched, so the deleted rows' dead tuples are reclaimed instead of
        lingering until autovacuum. Best effort: True once VACUUM ran; False if another VACUUM (e.g. another
        process's forget) held the tables past `wait` seconds. PostgreSQL's WAL and reused free space are
        not rewritten (README, "PostgreSQL")."""
        try:
            with self._pool.connection() as conn:
                conn.execute(f"SET lock_timeout = '{max(int(wait * 1000), 100)}ms'")
                conn.execute("SET statement_timeout = 0")
                conn.reply_timeout = VACUUM_TIMEOUT  # type: ignore[attr-defined]  # this connection only
                try:
                    conn.execute("VACUUM records, vectors, ledger")
                finally:
                    del conn.reply_timeout  # type: ignore[attr-defined]  # back to the class's bound
                    conn.execute("RESET lock_timeout")
                    conn.execute("RESET statement_timeout")
        except (pg_errors.LockNotAvailable, pg_errors.QueryCanceled):
            return False
        return True

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._outage.close()
        self._pool.close()
