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
    """

    def __init__(self, exact: ExactDense | None, chroma: ChromaProjection,
                 rows_of: Callable[[str], Sequence[Row]], size_of: Callable[[str], int]) -> None:
        self.exact, self.chroma = exact, chroma
        self._rows_of, self._size_of = rows_of, size_of
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
            log.warning("dense search of partition %s answered exactly from SQLite: Chroma %s", part, reason)
        return scan(self._rows_of(part), vector, k, statuses)
