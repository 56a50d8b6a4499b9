"""Chroma projection: one collection per scope partition, our own vectors, no text.

A collection per partition makes the scope filter structural (a query can only see its partition) and
keeps a scoped query fast where a `where` filter on one big collection scans it (figures: docs/figures.md,
"Measurements behind the defaults"). Documents are never stored: memory text stays in SQLite where a forget can scrub it.

A Chroma delete only marks the vector deleted: it stays in the HNSW `data_level0.bin`, in the
`embeddings_queue` log of `chroma.sqlite3` and in that file's free pages (chromadb 1.5).
`compact(partition, ...)` therefore rebuilds the partition's collection from the canonical store, removes
segment directories no collection references, and VACUUMs `chroma.sqlite3`. Chroma also writes HNSW files
from an uninitialised buffer (`malloc`), so the unused slots past the index's element count can hold any
freed heap bytes, a forgotten vector included: `scrub_files` zeroes them (after compaction and at close).
It only
writes past the element count of a header whose file sizes agree with it, under the projection's lock, so
it never touches a slot in use; a kill in the middle leaves some unused slots unzeroed, nothing worse.

A collection that cannot be written, opened or queried (e.g. files damaged by a kill mid-write) is rebuilt
from the canonical store (`rebuild`): SQLite holds every vector, so a collection is never the only copy.
Until the rebuild succeeds the partition is listed in `broken` and its reads are answered exactly from
SQLite (`store/dense.py`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import shutil
import sqlite3
import struct
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlparse

import numpy as np

from ..records import MemoryRecord, Status
from .exact import Row
from .projection import Projection

# HNSW settings of new collections. Chroma 1.5's defaults (M 16, ef_construction 100, ef_search 100) lose
# recall@5 on large partitions (see evals/large_partition.py and evals/report.md for the figures).
HNSW = {"space": "cosine", "max_neighbors": 32, "ef_construction": 200, "ef_search": 800}
log = logging.getLogger(__name__)


def collection_name(partition: str) -> str:
    """Stable, opaque collection name for a partition (ids never appear in Chroma)."""
    return "lm_" + hashlib.sha256(partition.encode()).hexdigest()[:40]


def make_client(path: str | Path | None = None, url: str | None = None) -> Any:
    import chromadb
    from chromadb.config import Settings

    settings = Settings(anonymized_telemetry=False, allow_reset=False)
    if url:
        u = urlparse(url)
        if not u.hostname:
            raise ValueError(f"chroma url needs a host: {url!r}")
        return chromadb.HttpClient(host=u.hostname, port=u.port or 8000, ssl=u.scheme == "https", settings=settings)
    if path is None:
        raise ValueError("a chroma path or url is required")
    return chromadb.PersistentClient(path=str(path), settings=settings)


def open_embedded_client(path: str | Path) -> tuple[Any, Path | None]:
    """The embedded client of `path`, and None; or, when Chroma cannot open its files there (damaged, e.g.
    "file is not a database"), a client on a fresh directory and where the damaged one was moved
    (`chroma.damaged-<UTC time>`, never deleted). Chroma is a projection: SQLite holds every vector, so the
    store rebuilds what the fresh directory needs. A lock, a permission or a missing package raises as is."""
    path = Path(path)
    try:
        return make_client(path=path), None
    except Exception as exc:  # noqa: BLE001 - chromadb raises its own types (InternalError) for damaged files
        if isinstance(exc, ImportError | PermissionError) or not path.is_dir() or _transient(exc):
            raise
        reason = f"{type(exc).__name__}: {exc}"
    _forget_failed_system(path)
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}")
    n = 1
    while aside.exists():
        n += 1
        aside = aside.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}-{n}")
    path.rename(aside)
    log.warning("Chroma could not open %s (%s): moved it aside to %s (not deleted); the dense index is rebuilt "
                "from memory.sqlite3, which holds every memory and vector", path, reason, aside.name)
    return make_client(path=path), aside


def _transient(exc: BaseException) -> bool:
    """A failure that says nothing about the files being damaged (another process holds a lock)."""
    text = str(exc).lower()
    return any(word in text for word in ("locked", "busy", "timeout", "timed out"))


def absent(exc: BaseException) -> bool:
    """Chroma answered that the collection does not exist (never created, dropped by a rebuild in another
    process, or a stale handle), as opposed to a failure to ask at all (server down, timeout): only the
    former may be read as "nothing stored there"."""
    try:
        from chromadb.errors import NotFoundError

        if isinstance(exc, NotFoundError):
            return True
    except ImportError:  # pragma: no cover - chromadb is a dependency
        pass
    return "does not exist" in str(exc).lower()


def _forget_failed_system(path: Path) -> None:
    """chromadb caches a client's system per directory before starting it, so a failed start would be
    handed out again: drop that one entry (only this path's; other homes' clients stay)."""
    try:
        from chromadb.api.shared_system_client import SharedSystemClient

        SharedSystemClient._identifier_to_system.pop(str(path), None)
    except Exception:  # noqa: BLE001 - another chromadb layout: the retry then fails loudly by itself
        log.debug("could not drop chromadb's cached system for %s", path, exc_info=True)


class ChromaProjection(Projection):
    """The dense projection. With `min_rows` > 0 (embedded mode, `chroma_mirror="large"`), a partition gets a
    collection only once it holds more than `min_rows` memories: smaller ones are searched exactly in process
    (`ExactDense`), and an embedded Chroma upsert costs ~15 ms whatever its size (measured), so mirroring
    every small partition would cost every write that much for vectors no query reads. The commit that
    takes a partition past `min_rows` backfills its collection from the canonical store (`rows_of`); a
    compaction that leaves it at or under `min_rows` drops the collection.

    Args:
        client: a chromadb client (`make_client`).
        path: the embedded client's directory (for file scrubbing); None for a server.
        min_rows: 0 mirrors every partition; else the size a partition must exceed to be mirrored.
        size_of / rows_of: partition → row count / `(id, status, vector)` rows, from the canonical store
            (required when `min_rows` > 0).
    """

    name = "chroma"
    shared = True  # its files (or its server) are every process's: another's forget already reached them

    def __init__(self, client: Any, path: str | Path | None = None, *, min_rows: int = 0,
                 size_of: Callable[[str], int] | None = None,
                 rows_of: Callable[[str], Sequence[Row]] | None = None) -> None:
        if min_rows < 0:
            raise ValueError(f"min_rows must be >= 0, got {min_rows}")
        if min_rows and (size_of is None or rows_of is None):
            raise ValueError("min_rows > 0 needs size_of and rows_of (the canonical store's partition readers)")
        self.min_rows, self._size_of, self._rows_of = min_rows, size_of, rows_of
        self.client = client
        self.path = Path(path) if path is not None else None  # embedded client's directory, for file scrubbing
        self._collections: dict[str, Any] = {}
        # Partitions with no collection (e.g. `org/default` for most users) would otherwise cost a failing
        # get_collection round trip on every query; remembered for `miss_ttl` s so that a collection created
        # by another process sharing a Chroma server still shows up quickly.
        self._missing: dict[str, float] = {}
        self.miss_ttl = 2.0
        self._lock = threading.RLock()
        self.hnsw = dict(HNSW)
        # nearest neighbours fetched per query before the status filter (see `search_partition`)
        self.candidates, self.max_candidates = 50, 800
        # partition -> why its collection is not trusted; persisted so a rebuild is retried after a restart
        self.broken: dict[str, str] = self._load_broken()
        self.rebuilds = 0  # collections rebuilt from the canonical store after a failure (since open)

    # -- broken collections ----------------------------------------------------------------------
    def _broken_file(self) -> Path | None:
        return self.path / "langmem-rebuild.json" if self.path is not None else None

    def _load_broken(self) -> dict[str, str]:
        f = self._broken_file()
        try:
            data = json.loads(f.read_text()) if f is not None and f.exists() else {}
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def _save_broken(self) -> None:
        f = self._broken_file()
        if f is None:
            return
        if not self.broken:
            f.unlink(missing_ok=True)
            return
        tmp = f.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.broken))
        tmp.replace(f)

    def mark_broken(self, partition: str, reason: str) -> None:
        """Stop trusting `partition`'s collection: reads go to SQLite until `rebuild` succeeds."""
        with self._lock:
            if self.broken.get(partition) == reason:
                return
            self.broken[partition] = reason
            self._collections.pop(partition, None)
            self._save_broken()
        log.warning("chroma collection of partition %s marked for rebuild: %s", partition, reason)

    def mark_many_broken(self, partitions: Sequence[str], reason: str) -> None:
        """`mark_broken` for many partitions at once (one file write, one log line)."""
        with self._lock:
            for part in partitions:
                self.broken[part] = reason
                self._collections.pop(part, None)
            self._save_broken()
        if partitions:
            log.warning("%d chroma collection(s) marked for rebuild: %s", len(partitions), reason)

    def rebuild(self, partition: str) -> None:
        """Drop `partition`'s collection and write it again from the canonical store (`rows_of`)."""
        if self._rows_of is None:
            raise RuntimeError("rebuild needs rows_of (the canonical store's partition reader)")
        rows = list(self._rows_of(partition))
        self._replace(partition, [r[0] for r in rows], [r[2] for r in rows], [r[1] for r in rows])

    def rebuild_broken(self) -> dict[str, str]:
        """Rebuild every collection marked broken; returns {partition: "rebuilt" | "failed: ..."}."""
        report = {}
        for part in list(self.broken):
            try:
                self.rebuild(part)
                report[part] = "rebuilt"
            except Exception as exc:  # noqa: BLE001 - stays broken: reads keep going to SQLite
                log.exception("rebuilding the chroma collection of partition %s failed", part)
                report[part] = f"failed: {type(exc).__name__}: {exc}"
        return report

    def _healing(self, partition: str, op: Callable[[], None]) -> None:
        """Run a write `op` on `partition`; if it fails (or the collection is already broken), rebuild the
        collection from the canonical store instead, which already holds the change being projected."""
        if partition not in self.broken:
            try:
                op()
                return
            except Exception as exc:  # noqa: BLE001 - any Chroma failure: the canonical store can repair it
                if self._rows_of is None:
                    raise
                self.mark_broken(partition, f"write failed: {type(exc).__name__}: {exc}")
        self.rebuild(partition)

    def _collection(self, partition: str, *, create: bool) -> Any | None:
        col = self._collections.get(partition)
        if col is not None:
            return col
        if not create and time.monotonic() - self._missing.get(partition, float("-inf")) < self.miss_ttl:
            return None
        with self._lock:
            col = self._collections.get(partition)
            if col is None:
                name = collection_name(partition)
                if create:
                    col = self._get_or_create(name)
                else:
                    try:
                        col = self.client.get_collection(name, embedding_function=None)
                    except Exception as exc:  # noqa: BLE001 - chroma raises different types across versions
                        if not absent(exc):  # unreachable, not empty: the caller must not take it as "no vectors"
                            raise
                        self._missing[partition] = time.monotonic()
                        return None
                self._tune(col)
                self._collections[partition] = col
                self._missing.pop(partition, None)
        return col

    def _get_or_create(self, name: str) -> Any:
        """The collection `name`, created if missing. Idempotent across processes sharing a server: when
        another one creates it at the same moment (a unique-name clash), the one it created is used."""
        try:
            return self.client.get_or_create_collection(
                name, embedding_function=None, configuration={"hnsw": dict(self.hnsw)})
        except Exception:  # noqa: BLE001 - chroma raises different types across versions
            try:
                return self.client.get_collection(name, embedding_function=None)
            except Exception:  # noqa: BLE001 - the first failure is the one to report
                pass
            raise

    def _tune(self, col: Any) -> None:
        """Raise a collection's ef_search to ours (collections made before it was tuned; M is fixed at build)."""
        want = int(cast(int, self.hnsw.get("ef_search") or 0))
        try:
            have = (col.configuration or {}).get("hnsw", {}).get("ef_search")
            if have is not None and int(have) < want:
                col.modify(configuration={"hnsw": {"ef_search": want}})
        except Exception:  # noqa: BLE001 - a tuning failure must not fail the read or write it serves
            log.exception("could not raise ef_search of chroma collection %s", getattr(col, "name", "?"))

    def _retry(self, partition: str, create: bool, op: Any, default: Any = None) -> Any:
        """op(collection), once more with a fresh handle if another process rebuilt the collection;
        `default` when the partition has no collection."""
        col = self._collection(partition, create=create)
        if col is None:
            return default
        try:
            return op(col)
        except Exception:  # noqa: BLE001 - a stale handle raises NotFound; anything else raises again below
            self._collections.pop(partition, None)
            col = self._collection(partition, create=create)
            return default if col is None else op(col)

    def upsert(self, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:
        by_part: dict[str, list[int]] = {}
        for i, r in enumerate(records):
            by_part.setdefault(r.scope.partition, []).append(i)
        for part, idx in by_part.items():
            if self.min_rows:
                assert self._size_of is not None and self._rows_of is not None
                if self._size_of(part) <= self.min_rows:  # the exact index serves it (no Chroma call at all)
                    if part in self.broken:
                        self._healing(part, lambda: None)  # shrank meanwhile: drop the damaged collection
                    continue
            self._healing(part, functools.partial(self._upsert_part, part, [records[i] for i in idx],
                                                  [vectors[i] for i in idx]))

    def _upsert_part(self, part: str, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:
        if self.min_rows:
            assert self._size_of is not None and self._rows_of is not None
            size = self._size_of(part)
            mirrored = self._retry(part, False, lambda col: col.count(), default=-1)  # -1: no collection
            # SQLite already holds this batch, Chroma not yet: only a shortfall beyond it is a lag
            if mirrored < 0 or mirrored + len(records) < size:  # just outgrew the exact index (or lags it): backfill it whole
                rows_all = list(self._rows_of(part))
                self._add(part, [r[0] for r in rows_all], [r[2] for r in rows_all], [r[1] for r in rows_all])
                return
        rows = dict(
            ids=[r.id for r in records],
            embeddings=[np.asarray(v, np.float32).tolist() for v in vectors],
            metadatas=[{"status": r.status.value} for r in records],
        )
        self._retry(part, True, lambda col: col.upsert(**rows))

    def _add(self, partition: str, ids: Sequence[str], vectors: Sequence[np.ndarray], statuses: Sequence[str]) -> None:
        """Upsert these rows; if another process drops the collection meanwhile (its own rebuild or
        compaction of the partition on a shared server), write them again into the one that replaced it."""
        for attempt in range(3):
            col = self._collection(partition, create=True)
            assert col is not None  # create=True always returns one
            try:
                for i in range(0, len(ids), 1000):
                    col.upsert(
                        ids=list(ids[i : i + 1000]),
                        embeddings=[np.asarray(v, np.float32).tolist() for v in vectors[i : i + 1000]],
                        metadatas=[{"status": st} for st in statuses[i : i + 1000]],
                    )
                return
            except Exception as exc:  # noqa: BLE001 - chroma raises different types across versions
                self._collections.pop(partition, None)
                if attempt == 2 or not absent(exc):
                    raise

    def delete(self, memory_id: str, partition: str) -> None:
        self._healing(partition, lambda: self._retry(partition, False, lambda col: col.delete(ids=[memory_id])))

    def compact(self, partition: str, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:
        """Rebuild the partition's collection with exactly `records`, then scrub Chroma's files."""
        self._replace(partition, [r.id for r in records], vectors, [r.status.value for r in records])
        self.scrub_files()

    def compacts(self, partition: str) -> bool:
        """Whether `partition` has (or should have) a collection: only then has a forget anything to compact.
        Asked of Chroma itself, not of the `_missing` cache (another process may have just created it)."""
        if not self.min_rows or partition in self.broken or partition in self._collections:
            return True
        assert self._size_of is not None
        if self._size_of(partition) > self.min_rows:
            return True
        try:
            self.client.get_collection(collection_name(partition), embedding_function=None)
        except Exception as exc:  # noqa: BLE001 - chroma raises different types across versions
            return "does not exist" not in str(exc)  # any other failure: compact (rebuild) to be safe
        return True

    def _replace(self, partition: str, ids: Sequence[str], vectors: Sequence[np.ndarray], statuses: Sequence[str]) -> None:
        """Drop the partition's collection and, if it is past `min_rows`, write a new one with exactly these rows."""
        with self._lock:
            self._collections.pop(partition, None)
            try:
                self.client.delete_collection(collection_name(partition))
            except Exception as exc:  # noqa: BLE001 - absent already is fine; unreachable is not
                if not absent(exc):
                    raise
            if ids and len(ids) > self.min_rows:  # at or under min_rows the exact index serves it
                self._add(partition, ids, vectors, statuses)
            if self.broken.pop(partition, None) is not None:
                self.rebuilds += 1
                self._save_broken()
                log.warning("chroma collection of partition %s rebuilt from the canonical store", partition)

    def scrub_files(self) -> None:
        """Delete unreferenced HNSW segment directories and VACUUM chroma.sqlite3 (embedded client only)."""
        if self.path is None or not (self.path / "chroma.sqlite3").exists():
            return
        conn = sqlite3.connect(self.path / "chroma.sqlite3", timeout=30.0, isolation_level=None)
        try:
            live = {r[0] for r in conn.execute("SELECT id FROM segments")}
            for d in self.path.iterdir():
                if d.is_dir() and _is_uuid(d.name) and d.name not in live:
                    shutil.rmtree(d, ignore_errors=True)
            conn.execute("VACUUM")
        finally:
            conn.close()
        with self._lock:  # no write of this projection runs between reading a header and zeroing past it
            for header in self.path.glob("*/header.bin"):
                _zero_unused_hnsw_slots(header.parent)

    def close(self) -> None:
        try:
            self.scrub_files()
        except Exception:  # noqa: BLE001 - best effort at shutdown; compaction already scrubbed
            pass

    def contains(self, memory_id: str, partition: str) -> bool:
        return bool(self._retry(partition, False, lambda col: col.get(ids=[memory_id])["ids"], default=[]))

    def ids(self, partition: str) -> list[str]:
        return list(self._retry(partition, False, lambda col: col.get(include=[])["ids"], default=[]))

    def search(
        self, partitions: Sequence[str], vector: np.ndarray, k: int, statuses: Sequence[Status | str] = (Status.ACTIVE,)
    ) -> list[tuple[str, float]]:
        """(id, cosine similarity) best first, from the given partitions' collections only (no fallback:
        `MemoryStore.dense_search` routes each partition to the index that holds it)."""
        hits: list[tuple[str, float]] = []
        for part in partitions:
            hits += self.search_partition(part, vector, k, statuses) or []
        hits.sort(key=lambda h: -h[1])
        return hits[:k]

    def search_partition(
        self, partition: str, vector: np.ndarray, k: int, statuses: Sequence[Status | str] = (Status.ACTIVE,)
    ) -> list[tuple[str, float]] | None:
        """(id, cosine) best first from one partition's collection; None if it has no collection.

        The status filter is applied to the nearest `candidates` (more if too few pass), not given to Chroma
        as `where`: a filtered query costs a metadata scan of the whole collection (measured ~200 ms at 20k
        memories, against ~3 ms unfiltered); only when most candidates fail the filter does Chroma filter."""
        sts = {Status(s).value for s in statuses}
        q = [np.asarray(vector, np.float32).tolist()]
        n = max(k, self.candidates)
        while n <= self.max_candidates:
            # no count() round trip first: Chroma clamps n_results to what the collection holds
            res = self._retry(partition, False, lambda col, n=n: col.query(
                query_embeddings=q, n_results=n, include=["distances", "metadatas"]))
            if res is None:
                return None
            ids, dists, metas = res["ids"][0], res["distances"][0], res["metadatas"][0]
            hits = [(i, 1.0 - float(d)) for i, d, m in zip(ids, dists, metas, strict=True) if (m or {}).get("status") in sts]
            if len(hits) >= k or len(ids) < n:  # enough, or the whole collection was ranked
                return hits[:k]
            n *= 4
        where = {"status": next(iter(sts))} if len(sts) == 1 else {"status": {"$in": sorted(sts)}}
        res = self._retry(partition, False, lambda col: col.query(
            query_embeddings=q, n_results=k, where=where, include=["distances"]))
        if res is None:
            return None
        return [(i, 1.0 - float(d)) for i, d in zip(res["ids"][0], res["distances"][0], strict=True)]


def _is_uuid(name: str) -> bool:
    parts = name.split("-")
    return [len(p) for p in parts] == [8, 4, 4, 4, 12] and all(c in "0123456789abcdef" for c in name.replace("-", ""))


_HNSW_HEADER = struct.Struct("<I6Q")  # version, offsetLevel0, max_elements, cur_count, size_per_element, ...


def _zero_unused_hnsw_slots(segment: Path) -> None:
    """Overwrite data_level0.bin/length.bin beyond the element count (uninitialised memory) with zeros."""
    raw = (segment / "header.bin").read_bytes()
    if len(raw) < _HNSW_HEADER.size:
        return
    version, _off, max_el, cur, per_el, _lbl, _data = _HNSW_HEADER.unpack_from(raw)
    if version != 1 or not 0 <= cur <= max_el:
        return  # an unknown layout: leave it alone rather than corrupt it
    for name, width in (("data_level0.bin", per_el), ("length.bin", 4)):
        f = segment / name
        if not f.exists():
            continue
        start, size = cur * width, f.stat().st_size
        if size != max_el * width:
            continue  # the file does not match its header (a write in flight or cut by a kill): never guess
        if start < size:
            with f.open("r+b") as fh:
                fh.seek(start)
                fh.write(b"\0" * (size - start))
