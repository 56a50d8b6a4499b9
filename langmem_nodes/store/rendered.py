"""Rendered-text cache: injections, summaries or indexes rendered from memories, as a fan-out projection.

Anything that renders memory text into a reusable string (an injection block, a topic summary, an index
page) must register the ids it was built from. A forget or an edit of any of those ids drops the rendered
text, so a deleted fact can never survive inside a cached summary. Held in memory only: nothing on disk.

Example:
    >>> cache = RenderedCache()
    >>> cache.put("summary:alice", "Alice likes tea.", ["mem_1", "mem_2"])
    >>> cache.get("summary:alice")
    'Alice likes tea.'
    >>> cache.delete("mem_1", "user/default/alice")
    >>> cache.get("summary:alice") is None, cache.contains("mem_1", "user/default/alice")
    (True, False)
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence

import numpy as np

from ..records import MemoryRecord
from .projection import Projection


class RenderedCache(Projection):
    """Key → rendered text, invalidated whenever a memory it was built from changes or is forgotten."""

    name = "rendered"

    def __init__(self) -> None:
        self._texts: dict[str, tuple[str, tuple[str, ...]]] = {}  # key → (text, ids), untracked by the GC
        # memory id → keys rendered from it, as a tuple of strings: the collector stops tracking those, so
        # a warm cache over 100k memories adds no tracked objects (a set per memory would add 100k)
        self._by_memory: dict[str, tuple[str, ...]] = {}
        self._lock = threading.Lock()

    def put(self, key: str, text: str, memory_ids: Iterable[str]) -> None:
        ids = tuple(dict.fromkeys(memory_ids))
        with self._lock:
            self._drop(key)
            self._texts[key] = (text, ids)
            for mid in ids:
                keys = self._by_memory.get(mid, ())
                if key not in keys:
                    self._by_memory[mid] = (*keys, key)

    def get(self, key: str) -> str | None:
        hit = self._texts.get(key)
        return hit[0] if hit else None

    def discard(self, key: str) -> None:
        """Drop one rendered text (e.g. replaced by a newer rendering under another key)."""
        with self._lock:
            self._drop(key)

    def _drop(self, key: str) -> None:
        old = self._texts.pop(key, None)
        for mid in old[1] if old else ():
            rest = tuple(k for k in self._by_memory.get(mid, ()) if k != key)
            if rest:
                self._by_memory[mid] = rest
            else:
                self._by_memory.pop(mid, None)

    def _invalidate(self, memory_id: str) -> None:
        with self._lock:
            for key in list(self._by_memory.get(memory_id, ())):
                self._drop(key)

    def upsert(self, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:
        for r in records:  # a changed memory makes every text rendered from it stale
            self._invalidate(r.id)

    def delete(self, memory_id: str, partition: str) -> None:
        self._invalidate(memory_id)

    def contains(self, memory_id: str, partition: str) -> bool:
        return memory_id in self._by_memory

    def __len__(self) -> int:
        return len(self._texts)
