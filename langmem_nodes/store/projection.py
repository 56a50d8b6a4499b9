"""Projections: derived copies of the canonical store, all reached through one fan-out registry.

A projection holds no truth of its own: it can be rebuilt from SQLite. Every write and every forget
passes through `FanOut`, which records an intent before touching projections and clears it only when
each one has confirmed; an intent left behind by a crash or a failing projection is retried at open, while
the store runs (store/catch_up.py) and at close.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Sequence

import numpy as np

from ..records import MemoryRecord

log = logging.getLogger(__name__)


class Projection(ABC):
    """A derived view of memories. `upsert`/`delete` must be idempotent; `contains` answers verify_gone."""

    name: str = "projection"
    #: True for a projection every process shares (on disk or on a server, like Chroma): another process's
    #: forget has already reached it. False for an in-process copy, told of such forgets by the registry.
    shared: bool = False

    @abstractmethod
    def upsert(self, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None: ...

    @abstractmethod
    def delete(self, memory_id: str, partition: str) -> None: ...

    @abstractmethod
    def contains(self, memory_id: str, partition: str) -> bool: ...

    def compact(self, partition: str, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:  # noqa: B027
        """After deletes: make the partition's copy hold exactly `records` and no physical remnant of
        anything forgotten (on-disk projections rewrite their files). In-memory projections need nothing."""

    def compacts(self, partition: str) -> bool:
        """True if `compact(partition, ...)` has work to do, so the store reads the partition for it (at 100k
        memories that read costs seconds). Default: whether the class overrides `compact`."""
        return type(self).compact is not Projection.compact

    def invalidate(self, partition: str | None = None) -> None:  # noqa: B027 - optional hook
        """Another process committed to the canonical store: drop what may now be stale (every partition,
        or one), to be rebuilt from the canonical store on demand. Called by the registry (`FanOut`).
        Default: nothing, for a projection kept by every process alike (Chroma) or keyed by content."""

    def scrub_texts(self, texts: Sequence[str]) -> None:  # noqa: B027 - optional hook
        """Drop every copy of these texts kept by text rather than by memory id (a forgotten memory's
        earlier texts, a forgotten turn's). Default: nothing is kept by text."""

    def close(self) -> None:  # noqa: B027 - optional hook
        pass


class FanOut:
    """The single path from the canonical store to every projection."""

    def __init__(self, projections: Sequence[Projection]) -> None:
        names = [p.name for p in projections]
        if len(set(names)) != len(names):
            raise ValueError(f"projection names must be unique, got {names}")
        self.projections = list(projections)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.projections]

    def get(self, name: str) -> Projection:
        for p in self.projections:
            if p.name == name:
                return p
        raise KeyError(f"no projection named {name!r}")

    def upsert(self, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray], only: Sequence[str] | None = None) -> list[str]:
        """Project records; returns the names of projections that failed (their intent stays pending)."""
        failed = []
        for p in self.projections:
            if only is not None and p.name not in only:
                continue
            try:
                p.upsert(records, vectors)
            except Exception:  # noqa: BLE001 - a failing projection must not lose the canonical write
                log.exception("projection %s failed to upsert", p.name)
                failed.append(p.name)
        return failed

    def delete(self, memory_id: str, partition: str, only: Sequence[str] | None = None) -> dict[str, str]:
        report = {}
        for p in self.projections:
            if only is not None and p.name not in only:
                continue
            try:
                p.delete(memory_id, partition)
                report[p.name] = "gone"
            except Exception as exc:  # noqa: BLE001
                log.exception("projection %s failed to delete %s", p.name, memory_id)
                report[p.name] = f"pending: {type(exc).__name__}: {exc}"
        return report

    def compact(
        self, partition: str, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray], only: Sequence[str] | None = None
    ) -> dict[str, str]:
        """Compact one partition in every projection; returns {name: "gone" | "pending: ..."}."""
        report = {}
        for p in self.projections:
            if only is not None and p.name not in only:
                continue
            try:
                p.compact(partition, records, vectors)
                report[p.name] = "gone"
            except Exception as exc:  # noqa: BLE001
                log.exception("projection %s failed to compact %s", p.name, partition)
                report[p.name] = f"pending: {type(exc).__name__}: {exc}"
        return report

    def invalidate(self, forgotten: Sequence[tuple[str, str]] = ()) -> None:
        """Another process committed: call every projection's `invalidate`, then take the memories it
        forgot, `(memory_id, partition)`, out of every in-process (not `shared`) projection."""
        for p in self.projections:
            try:
                p.invalidate()
                if not p.shared:
                    for memory_id, partition in forgotten:
                        p.delete(memory_id, partition)
            except Exception:  # noqa: BLE001 - a failing projection must not fail the read that noticed
                log.exception("projection %s failed to invalidate", p.name)

    def scrub_texts(self, texts: Sequence[str]) -> dict[str, str]:
        """Scrub texts from every projection; returns {name: "gone" | "pending: ..."}."""
        report = {}
        for p in self.projections:
            try:
                p.scrub_texts(texts)
                report[p.name] = "gone"
            except Exception as exc:  # noqa: BLE001
                log.exception("projection %s failed to scrub texts", p.name)
                report[p.name] = f"pending: {type(exc).__name__}: {exc}"
        return report

    def verify_gone(self, memory_id: str, partition: str) -> dict[str, bool]:
        """{name: True when the projection answered that it no longer holds the memory}; one that cannot
        answer (a Chroma server that is down) is not verified gone: False."""
        out = {}
        for p in self.projections:
            try:
                out[p.name] = not p.contains(memory_id, partition)
            except Exception:  # noqa: BLE001 - no answer is no proof
                log.warning("projection %s could not say whether it still holds %s", p.name, memory_id, exc_info=True)
                out[p.name] = False
        return out

    def close(self) -> None:
        for p in self.projections:
            p.close()
