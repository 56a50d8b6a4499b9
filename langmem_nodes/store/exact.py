"""Exact dense search in process, from the canonical vectors: every partition up to `MAX_PARTITION` rows.

A user's partition holds tens to a few thousand memories: an exact cosine over them is a small matrix
product, while the first Chroma query of a partition loads its segment and each open collection costs
memory. A large partition (a busy project) is answered here too, because Chroma's HNSW misses memories
isolated among near-duplicates, whatever its ef_search, while an exact product over 100k × 384 float32
(154 MB; an HNSW index holds the same float32 vectors plus its graph) stays in tens of ms (figures:
docs/figures.md, evals/report.md "Large partitions"). So reads over partitions up to `max_partition` rows
are answered here, exactly, and Chroma is the projection only for partitions beyond it and for processes
sharing a Chroma server. Partitions are built lazily from SQLite and kept in an LRU bounded by
`max_vectors` in total; a write or forget updates a loaded partition in place (appends go to spare rows,
a removal moves the last row into the freed one and zeroes the old last row).

Example:
    >>> import numpy as np
    >>> rows = {"p": [("a", "active", np.array([1, 0], np.float32)), ("b", "active", np.array([0, 1], np.float32))]}
    >>> ex = ExactDense(lambda part: rows.get(part, []))
    >>> [(i, round(s, 2)) for i, s in ex.search(["p"], np.array([0.6, 0.8], np.float32), 2)]
    [('b', 0.8), ('a', 0.6)]
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..records import MemoryRecord, Status
from .projection import Projection

Row = tuple[str, str, np.ndarray]  # (id, status, unit vector)
MAX_PARTITION = 200_000  # the largest partition searched here; larger ones are mirrored to and read from Chroma
MAX_VECTORS = 250_000  # vectors held over all loaded partitions (384 MB of float32 at 384 dimensions)


@functools.cache
def _blas() -> Any:
    from threadpoolctl import ThreadpoolController  # created after numpy is loaded, so it sees its BLAS

    return ThreadpoolController()


def _one_blas_thread(rows: int) -> Any:
    """A large partition's product on one BLAS thread: on a machine whose cores are busy (a server's),
    OpenBLAS's threaded gemv waits on its other threads (figures: evals/report.md, "Large partitions"); the
    product is memory-bound, so one thread loses little on idle cores. Small products are left alone (the
    switch costs microseconds; BLAS does not thread them anyway)."""
    return _blas().limit(limits=1, user_api="blas") if rows >= 4096 else contextlib.nullcontext()


_CODE = {s.value: i for i, s in enumerate(Status)}  # status -> small int, so the filter is one numpy op


class _Part:
    """One partition's rows: `mat[:n]` holds the vectors, with spare rows so an append rarely copies."""

    __slots__ = ("ids", "codes", "mat", "n", "row")

    def __init__(self, rows: Sequence[Row]) -> None:
        self.ids = [r[0] for r in rows]
        self.n = len(rows)
        self.row = {mid: i for i, mid in enumerate(self.ids)}
        self.codes = np.fromiter((_CODE[r[1]] for r in rows), np.int8, self.n)
        self.mat = np.vstack([r[2] for r in rows]).astype(np.float32) if rows else np.zeros((0, 0), np.float32)

    def _reserve(self, extra: int, dim: int) -> None:
        need = self.n + extra
        if self.mat.shape[0] >= need and self.mat.shape[1] == dim:
            return
        cap = max(need, self.n + self.n // 8, 64)  # +12.5 %: appends are amortised O(1), little idle memory
        mat, codes = np.zeros((cap, dim), np.float32), np.zeros(cap, np.int8)
        if self.n:
            mat[: self.n], codes[: self.n] = self.mat[: self.n], self.codes[: self.n]
        self.mat, self.codes = mat, codes

    def put_many(self, rows: Sequence[Row]) -> None:
        """Update known ids in place, append new ones (into spare rows: no copy of the matrix as a rule)."""
        fresh = [r for r in dict((r[0], r) for r in rows).values() if r[0] not in self.row]
        if fresh:
            self._reserve(len(fresh), len(fresh[0][2]))
        for mid, status, vec in rows:
            i = self.row.get(mid)
            if i is None:
                i = self.row[mid] = self.n
                self.ids.append(mid)
                self.n += 1
            self.codes[i] = _CODE[status]
            self.mat[i] = vec

    def remove(self, mid: str) -> None:
        """O(1): the last row moves into the freed slot, which is then zeroed (no copy of the vector stays)."""
        i = self.row.pop(mid, None)
        if i is None:
            return
        last = self.n - 1
        if i != last:
            moved = self.ids[last]
            self.ids[i], self.row[moved] = moved, i
            self.mat[i], self.codes[i] = self.mat[last], self.codes[last]
        self.ids.pop()
        self.mat[last] = 0.0
        self.n = last

    def top(self, q: np.ndarray, k: int, statuses: set[str]) -> list[tuple[str, float]]:
        """Exact (id, cosine) top k among rows of `statuses`; ties ordered by id."""
        if self.n == 0 or k <= 0:
            return []
        with _one_blas_thread(self.n):
            sims = self.mat[: self.n] @ q
        codes = self.codes[: self.n]
        wanted = [_CODE[s] for s in statuses]
        keep = codes == wanted[0] if len(wanted) == 1 else np.isin(codes, wanted)
        idx = np.flatnonzero(keep) if not keep.all() else None
        if idx is not None:
            if idx.size == 0:
                return []
            sims = sims[idx]
        rows = np.arange(sims.size) if idx is None else idx
        if sims.size <= k:
            hits = [(self.ids[r], float(s)) for r, s in zip(rows.tolist(), sims.tolist(), strict=True)]
        else:
            kth = np.partition(sims, sims.size - k)[sims.size - k]
            above = np.flatnonzero(sims > kth)
            hits = [(self.ids[r], float(s)) for r, s in zip(rows[above].tolist(), sims[above].tolist(), strict=True)]
            # rows tied with the k-th score (thousands, for a query far from everything): the smallest ids
            tied = rows[sims == kth].tolist()
            hits += [(mid, float(kth)) for mid in heapq.nsmallest(k - len(hits), (self.ids[r] for r in tied))]
        hits.sort(key=lambda h: (-h[1], h[0]))
        return hits[:k]


class ExactDense(Projection):
    """In-process exact cosine search per partition (see module docstring).

    Args:
        loader: partition -> rows `(id, status, vector)` from the canonical store.
        max_partition: partitions with more rows are left to Chroma (`search` returns None for them).
        max_vectors: total rows kept in memory; least recently used partitions are dropped beyond it.
    """

    name = "exact"

    def __init__(self, loader: Callable[[str], Sequence[Row]], *, max_partition: int = MAX_PARTITION,
                 max_vectors: int = MAX_VECTORS) -> None:
        if max_partition < 1 or max_vectors < 1:
            raise ValueError("max_partition and max_vectors must be positive")
        self._loader = loader
        self.max_partition, self.max_vectors = max_partition, max_vectors
        self._parts: OrderedDict[str, _Part | None] = OrderedDict()  # None: too big, ask Chroma
        self._rows = 0
        self._lock = threading.RLock()

    def _part(self, partition: str) -> _Part | None:
        with self._lock:
            if partition in self._parts:
                self._parts.move_to_end(partition)
                return self._parts[partition]
            rows = list(self._loader(partition))
            part = _Part(rows) if len(rows) <= self.max_partition else None
            self._parts[partition] = part
            self._rows += len(rows) if part is not None else 0
            while self._rows > self.max_vectors and len(self._parts) > 1:
                _, old = self._parts.popitem(last=False)
                self._rows -= len(old.ids) if old is not None else 0
            return part

    def holds(self, partition: str) -> bool:
        """True if `partition` is small enough to be answered here (loads it if it is not loaded)."""
        with self._lock:
            return self._part(partition) is not None

    def search_partition(self, partition: str, vector: np.ndarray, k: int,
                         statuses: Sequence[Status | str] = (Status.ACTIVE,)) -> list[tuple[str, float]] | None:
        """(id, cosine) best first within one partition, or None if it is too large to be searched here."""
        sts = {Status(s).value for s in statuses}
        q = np.asarray(vector, np.float32)
        with self._lock:
            part = self._part(partition)
            return None if part is None else part.top(q, k, sts)

    def search(self, partitions: Sequence[str], vector: np.ndarray, k: int,
               statuses: Sequence[Status | str] = (Status.ACTIVE,)) -> list[tuple[str, float]] | None:
        """(id, cosine) best first, or None if a partition is too large to be searched here (the store's
        `DenseRouter` then asks Chroma for that partition only)."""
        hits: list[tuple[str, float]] = []
        for p in dict.fromkeys(partitions):
            got = self.search_partition(p, vector, k, statuses)
            if got is None:
                return None
            hits += got
        hits.sort(key=lambda h: (-h[1], h[0]))
        return hits[:k]

    @property
    def loaded_rows(self) -> int:
        """Vectors held in memory now, over all loaded partitions."""
        return self._rows

    def warm(self, partition: str) -> None:
        """Load `partition`'s vectors now if they are not loaded (see `MemoryStore.warm`)."""
        with self._lock:
            self._part(partition)

    def cosines(self, partitions: Sequence[str], ids: Sequence[str], vector: np.ndarray) -> dict[str, float]:
        """{id: cosine to `vector`} for those `ids` held in an already loaded partition (nothing is loaded
        here; ids it does not hold are simply absent)."""
        q = np.asarray(vector, np.float32)
        out: dict[str, float] = {}
        with self._lock:
            for p in dict.fromkeys(partitions):
                part = self._parts.get(p)
                if part is None:
                    continue
                rows = [(mid, i) for mid in ids if (i := part.row.get(mid)) is not None]
                if rows:
                    sims = part.mat[[i for _, i in rows]] @ q
                    out.update({mid: float(s) for (mid, _), s in zip(rows, sims, strict=True)})
        return out

    def upsert(self, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:
        by_part: dict[str, list[Row]] = {}
        for r, v in zip(records, vectors, strict=True):
            by_part.setdefault(r.scope.partition, []).append((r.id, r.status.value, v))
        with self._lock:
            for partition, rows in by_part.items():
                part = self._parts.get(partition)
                if part is None:  # unloaded partitions are built from SQLite when first searched
                    continue
                before = len(part.ids)
                part.put_many(rows)
                self._rows += len(part.ids) - before
                if len(part.ids) > self.max_partition:
                    self._parts[partition] = None
                    self._rows -= len(part.ids)

    def delete(self, memory_id: str, partition: str) -> None:
        with self._lock:
            part = self._parts.get(partition)
            if part is None and partition in self._parts:  # was too big: it may fit again, re-measure it
                del self._parts[partition]
            elif part is not None and memory_id in part.row:
                part.remove(memory_id)
                self._rows -= 1

    def contains(self, memory_id: str, partition: str) -> bool:
        with self._lock:
            part = self._parts.get(partition)
            return part is not None and memory_id in part.row

    def invalidate(self, partition: str | None = None) -> None:
        with self._lock:
            if partition is None:
                self._parts.clear()
                self._rows = 0
            else:
                old = self._parts.pop(partition, None)
                self._rows -= len(old.ids) if old is not None else 0
