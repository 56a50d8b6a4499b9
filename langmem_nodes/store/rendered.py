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
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import numpy as np

from ..records import MemoryRecord
from .projection import Projection


class RenderedCache(Projection):
    """Key → rendered text, invalidated whenever a memory it was built from changes or is forgotten."""

    name = "rendered"

    def __init__(self) -> None:
        # key → (text, ids it was built from, ids it carries in full), untracked by the GC
        self._texts: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {}
        # memory id → keys rendered from it, as a tuple of strings: the collector stops tracking those, so
        # a warm cache over 100k memories adds no tracked objects (a set per memory would add 100k)
        self._by_memory: dict[str, tuple[str, ...]] = {}
        self._slots: dict[str, str] = {}  # slot → the newest key put under it (see `put`)
        self._memo: dict[Hashable, Any] = {}  # see `remember`
        self._lock = threading.Lock()

    def put(self, key: str, text: str, memory_ids: Iterable[str], *, carried: Iterable[str] = (),
            slot: str | None = None) -> None:
        """Keep `text` under `key`, dropped when any of `memory_ids` changes or is forgotten. `carried`: the
        ids whose whole text it holds (`carried(key)`). `slot`: what the text renders (e.g. one user's
        stable block in one mode); a newer rendering put under the same slot replaces the older one."""
        ids, full = tuple(dict.fromkeys(memory_ids)), tuple(dict.fromkeys(carried))
        with self._lock:
            if slot is not None:
                old = self._slots.get(slot)
                if old is not None and old != key:
                    self._drop(old)
                self._slots[slot] = key
            self._drop(key)
            self._texts[key] = (text, ids, full)
            for mid in ids:
                keys = self._by_memory.get(mid, ())
                if key not in keys:
                    self._by_memory[mid] = (*keys, key)

    def get(self, key: str) -> str | None:
        hit = self._texts.get(key)
        return hit[0] if hit else None

    def carried(self, key: str) -> list[str]:
        """The ids whose whole text the rendering under `key` holds ([] if none, or no such rendering)."""
        hit = self._texts.get(key)
        return list(hit[2]) if hit else []

    def holds_text(self, text: str) -> bool:
        """Whether any cached rendering quotes `text` (a check that a forgotten memory left no copy)."""
        with self._lock:
            return any(text in t for t, _, _ in self._texts.values())

    def recall(self, name: Hashable) -> Any:
        """What `remember` kept under `name`, or None."""
        return self._memo.get(name)

    def remember(self, name: Hashable, value: Any) -> None:
        """Keep a small content-free value beside the renderings (e.g. a rendering's key and the change
        token it holds for), so every node on this store shares it."""
        self._memo[name] = value

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
