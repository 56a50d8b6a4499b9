"""Exact dense search over small partitions, in process, from the canonical vectors.

A user's partition holds tens to a few thousand memories: an exact cosine over them is a small matrix
product, while the first Chroma query of a partition loads its segment and each open collection costs
memory (figures: docs/figures.md, "Measurements behind the defaults"). So reads over partitions up to
`max_partition` rows are answered here, exactly (never worse than HNSW), and Chroma stays the projection
for larger partitions and for processes sharing a Chroma server. Partitions are built lazily from SQLite
and kept in an LRU bounded by `max_vectors` in total.

Example:
    >>> import numpy as np
    >>> rows = {"p": [("a", "active", np.array([1, 0], np.float32)), ("b", "active", np.array([0, 1], np.float32))]}
    >>> ex = ExactDense(lambda part: rows.get(part, []))
    >>> [(i, round(s, 2)) for i, s in ex.search(["p"], np.array([0.6, 0.8], np.float32), 2)]
    [('b', 0.8), ('a', 0.6)]
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np

from ..records import MemoryRecord, Status
from .projection import Projection

Row = tuple[str, str, np.ndarray]  # (id, status, unit vector)


class _Part:
    __slots__ = ("ids", "status", "mat", "row")

    def __init__(self, rows: Sequence[Row], dim: int | None) -> None:
        self.ids = [r[0] for r in rows]
        self.status = [r[1] for r in rows]
        d = len(rows[0][2]) if rows else (dim or 0)
        self.mat = np.vstack([r[2] for r in rows]).astype(np.float32) if rows else np.zeros((0, d), np.float32)
        self.row = {mid: i for i, mid in enumerate(self.ids)}

    def put_many(self, rows: Sequence[Row]) -> None:
        """Update known ids in place; append new ones with ONE matrix copy (not one per row)."""
        new: list[np.ndarray] = []
        for mid, status, vec in rows:
            i = self.row.get(mid)
            if i is not None and i < self.mat.shape[0]:
                self.status[i] = status
                self.mat[i] = vec
            elif i is not None:  # repeated within this batch: replace the pending row
                self.status[i] = status
                new[i - self.mat.shape[0]] = np.asarray(vec, np.float32)
            else:
                self.row[mid] = len(self.ids)
                self.ids.append(mid)
                self.status.append(status)
                new.append(np.asarray(vec, np.float32))
        if new:  # np.vstack copies: vectors read from SQLite are read-only views
            add = np.vstack(new).astype(np.float32)
            self.mat = add if self.mat.shape[0] == 0 else np.vstack([self.mat, add])

    def remove(self, mid: str) -> None:
        i = self.row.pop(mid, None)
        if i is None:
            return
        self.ids.pop(i)
        self.status.pop(i)
        self.mat = np.delete(self.mat, i, axis=0)
        self.row = {m: j for j, m in enumerate(self.ids)}


class ExactDense(Projection):
    """In-process exact cosine search per partition (see module docstring).

    Args:
        loader: partition -> rows `(id, status, vector)` from the canonical store.
        max_partition: partitions with more rows are left to Chroma (`search` returns None for them).
        max_vectors: total rows kept in memory; least recently used partitions are dropped beyond it.
    """

    name = "exact"

    def __init__(self, loader: Callable[[str], Sequence[Row]], *, max_partition: int = 5000,
                 max_vectors: int = 250_000) -> None:
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
            part = _Part(rows, None) if len(rows) <= self.max_partition else None
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
            if part is None:
                return None
            if not part.ids:
                return []
            sims = part.mat @ q
            hits = [(part.ids[i], float(sims[i])) for i, s in enumerate(part.status) if s in sts]
        hits.sort(key=lambda h: (-h[1], h[0]))
        return hits[:k]

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
