"""Dense search routing: which index answers for a partition, and what answers when that index cannot.

Embedded mode: a partition of up to `ExactDense.max_partition` memories (200,000 by default, so a busy
project too: HNSW loses recall on large partitions, see store/exact.py) is answered by the exact in-process
index, a larger one by its Chroma collection (`ChromaProjection` mirrors exactly those). With a Chroma
server every partition is answered by Chroma. A request over several partitions asks each one's own
index and merges the hits, so a large visible partition (say a busy project) never hides a user's small one.

When Chroma cannot answer a partition it should hold (no collection although SQLite has rows, or opening
or querying the collection raises, e.g. after a crash damaged its files), that partition is searched
exactly from the canonical vectors in SQLite: slower, never wrong. The event is logged, kept in
`degraded`, and the collection is marked for a rebuild from the canonical store (`ChromaProjection.rebuild`).

Example:
    >>> import tempfile
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> rec = MemoryRecord(text="User prefers green tea", scope=Scope(user_id="ada"))
    >>> _ = store.commit(add=[rec])
    >>> store.dense.owner(rec.scope.partition)
    'exact'
    >>> store.dense.search([rec.scope.partition], store.embedder.embed_query("green tea"), 1)[0][0] == rec.id
    True
    >>> store.close()
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

import numpy as np

from ..records import Status
from .chroma import ChromaProjection
from .exact import ExactDense, Row

log = logging.getLogger(__name__)

Hits = list[tuple[str, float]]


def scan(rows: Sequence[Row], vector: np.ndarray, k: int, statuses: Sequence[Status | str]) -> Hits:
    """Exact top-k over `(id, status, vector)` rows: the degraded path, straight from the canonical vectors.

    >>> rows = [("a", "active", np.array([1, 0], np.float32)), ("b", "superseded", np.array([0, 1], np.float32))]
    >>> scan(rows, np.array([0.6, 0.8], np.float32), 5, ["active"])
    [('a', 0.6000000238418579)]
    """
    sts = {Status(s).value for s in statuses}
    keep = [r for r in rows if r[1] in sts]
    if not keep or k <= 0:
        return []
    sims = np.vstack([r[2] for r in keep]).astype(np.float32) @ np.asarray(vector, np.float32)
    top = np.argsort(-sims, kind="stable")[:k]
    return [(keep[i][0], float(sims[i])) for i in top]


class DenseRouter:
    """The one object that decides which dense index answers for a partition (see module docstring).

    Args:
        exact: the in-process exact index (None with a Chroma server).
        chroma: the Chroma projection.
        rows_of: partition -> `(id, status, vector)` rows from the canonical store (the degraded path).
        size_of: partition -> row count in the canonical store.
        vectors_of: (ids, partitions) -> {id: canonical vector} (cosines the exact index does not hold).
    """

    def __init__(self, exact: ExactDense | None, chroma: ChromaProjection,
                 rows_of: Callable[[str], Sequence[Row]], size_of: Callable[[str], int],
                 vectors_of: Callable[[Sequence[str], Sequence[str]], dict[str, np.ndarray]]) -> None:
        self.exact, self.chroma = exact, chroma
        self._rows_of, self._size_of, self._vectors_of = rows_of, size_of, vectors_of
        # partition -> (monotonic time, reason) of the latest read answered from SQLite instead of Chroma
        self.degraded: dict[str, tuple[float, str]] = {}
        self._lock = threading.Lock()

    def owner(self, partition: str) -> str:
        """"exact" or "chroma": the index that answers dense queries over `partition`."""
        if self.exact is not None and self.exact.holds(partition):
            return "exact"
        return "chroma"

    def search(self, partitions: Sequence[str], vector: np.ndarray, k: int,
               statuses: Sequence[Status | str] = (Status.ACTIVE,)) -> Hits:
        """(id, cosine) best first over `partitions`, each partition answered by its own index."""
        hits: Hits = []
        for part in dict.fromkeys(partitions):
            got = self.exact.search_partition(part, vector, k, statuses) if self.exact is not None else None
            hits += got if got is not None else self._chroma(part, vector, k, statuses)
        hits.sort(key=lambda h: (-h[1], h[0]))
        return hits[:k]

    def cosines(self, partitions: Sequence[str], ids: Sequence[str], vector: np.ndarray) -> dict[str, float]:
        """{id: cosine of its stored vector to `vector`} for those `ids` that have one in `partitions`: from
        the exact index where it holds them (no query), the rest from the canonical vectors (one query)."""
        out = self.exact.cosines(partitions, ids, vector) if self.exact is not None else {}
        rest = [i for i in ids if i not in out]
        if rest:
            vecs = self._vectors_of(rest, partitions)
            have = [i for i in rest if i in vecs]
            if have:
                sims = np.vstack([vecs[i] for i in have]) @ np.asarray(vector, np.float32)
                out.update({i: float(s) for i, s in zip(have, sims, strict=True)})
        return out

    def warm(self, sizes: Sequence[tuple[str, int]]) -> set[str]:
        """Load into the exact index those of `sizes` (`(partition, rows)`, oldest first) that it answers
        (at most `max_partition` rows: larger ones stay in Chroma) and that fit in its spare room, the
        newest first, so warming never evicts. Returns the partitions warmed (none with a Chroma server)."""
        if self.exact is None:
            return set()
        room = self.exact.max_vectors - self.exact.loaded_rows
        chosen: set[str] = set()
        for partition, rows in reversed(sizes):
            if rows <= self.exact.max_partition and rows <= room:
                chosen.add(partition)
                room -= rows
        for partition, _ in sizes:  # oldest first, so the newest end up most recently used
            if partition in chosen:
                self.exact.warm(partition)
        return chosen

    def _chroma(self, part: str, vector: np.ndarray, k: int, statuses: Sequence[Status | str]) -> Hits:
        reason = self.chroma.broken.get(part)
        if reason is None:
            try:
                got = self.chroma.search_partition(part, vector, k, statuses)
            except Exception as exc:  # noqa: BLE001 - a damaged collection must not fail the read
                reason = f"query failed: {type(exc).__name__}: {exc}"
                self.chroma.mark_broken(part, reason)
            else:
                if got is not None:
                    return got
                if self._size_of(part) == 0:
                    return []  # nothing stored: no collection is the right answer
                reason = "no collection for a partition that has memories"
                self.chroma.mark_broken(part, reason)
        with self._lock:
            first = part not in self.degraded
            self.degraded[part] = (time.monotonic(), reason)
        if first:
            log.warning("dense search of partition %s answered exactly from the canonical store's vectors: Chroma %s", part, reason)
        return scan(self._rows_of(part), vector, k, statuses)
