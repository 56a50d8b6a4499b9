"""Three-layer dedup inside the write path: exact text hash → fact key → semantic cosine with a fact guard.

A match in a *new* session becomes a `merge` (the existing row's recurrence grows; no new row); a match in
a session that already counted is a `skip_duplicate`. Only a memory the writer can see is a plain duplicate:
with no session, a match held in one of the user's sessions is a `merge` (`PromoteNode` lifts it to the
level session-less writes live at). The semantic layer only merges when the structured
facts agree (`facts.same_fact`: same subject, predicate, polarity and overlapping object), so "在北京工作" and
"上个月在北京出差" stay apart however close their vectors are: merging must never reduce the number of
distinct facts.

Example:
    >>> import numpy as np
    >>> v = np.array([[1.0, 0.0], [0.99, 0.14], [0.0, 1.0]])
    >>> cluster(v / np.linalg.norm(v, axis=1, keepdims=True), 0.9)
    [0, 0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np

from ..equivalents import related_predicates
from ..facts import authority, identity, same_fact
from ..node import MemoryNode
from ..records import MemoryContext, MemoryRecord, Source, Status, normalize_text
from ..state import PendingWrite
from .same_value import same_value

_LIVE = (Status.ACTIVE, Status.CANDIDATE)


def cluster(vectors: Any, threshold: float) -> list[int]:
    """Greedy clustering: each row joins the first cluster whose (re-normalized mean) centroid has cosine
    ≥ `threshold`, else starts a new one. Rows should be unit vectors. Returns one label per row."""
    vecs = np.asarray(vectors, dtype=np.float64)
    if vecs.ndim != 2:
        raise ValueError(f"vectors must be a 2-D array, got shape {vecs.shape}")
    if not -1.0 <= threshold <= 1.0:
        raise ValueError(f"threshold must be in [-1, 1], got {threshold}")
    sums: list[np.ndarray] = []
    labels: list[int] = []
    for v in vecs:
        best, best_sim = -1, threshold
        for i, s in enumerate(sums):
            sim = float(v @ s / (np.linalg.norm(s) or 1.0))
            if sim >= best_sim:
                best, best_sim = i, sim
        if best < 0:
            sums.append(v.copy())
            labels.append(len(sums) - 1)
        else:
            sums[best] += v
            labels.append(best)
    return labels


class DedupNode(MemoryNode):
    """Graph node: marks each pending write `merge` / `skip_duplicate` (with `merge_into`) or leaves it `write`.

    Args:
        store: the MemoryStore to compare against.
        threshold: cosine similarity at which the semantic layer considers two memories near-duplicates
            (default 0.88; see `evals` dedup simulation for how to pick it).
    """

    name = "dedup"

    def __init__(self, store: Any, *, threshold: float = 0.88, pending_key: str = "memory_pending", **kw: Any) -> None:
        super().__init__(**kw)
        if not 0.0 < threshold <= 1.0:
            raise ValueError(f"threshold must be in (0, 1], got {threshold}")
        self.store, self.threshold, self.pending_key = store, threshold, pending_key

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        pending = [p.model_copy(deep=True) for p in state.get(self.pending_key) or []]  # never the input's
        batch: dict[tuple[str, ...], PendingWrite] = {}
        parts = self.search_partitions(ctx) if any(p.action == "write" for p in pending) else []
        for p in pending:
            if p.action != "write":
                continue
            r = p.record
            key = identity(r)
            if key in batch:
                p.action, p.reason = "skip_duplicate", "repeated within the same turn"
                p.note("dedup", "batch duplicate")
                continue
            batch[key] = p
            match, layer = self.find_match(r, ctx, parts)
            if match is not None:
                self._decide(p, match, layer, ctx)
            else:
                p.note("dedup", "new fact")
        return {self.pending_key: pending}

    def search_partitions(self, ctx: MemoryContext) -> list[str]:
        """What a new fact is compared with: everything the user sees plus their other sessions in the same
        project (or, without a project, outside any): recurrence never counts another project's sessions."""
        visible = ctx.visible_partitions()
        return [*visible, *(p for p in self.store.partitions(prefix=ctx.session_prefix()) if p not in visible)]

    def find_match(
        self, r: MemoryRecord, ctx: MemoryContext, parts: list[str] | None = None
    ) -> tuple[MemoryRecord | None, str]:
        """The existing record `r` duplicates and the layer that found it ("exact" | "key" | "semantic")."""
        parts = parts if parts is not None else self.search_partitions(ctx)
        for m in self.store.find(parts, statuses=_LIVE, text_hash=r.text_hash):
            if m.subject.casefold() == r.subject.casefold():
                return m, "exact"
        obj = normalize_text(r.object)
        # the attribute's own predicate, then its names in the other language ("attr:狗名字" / "attr:dog_name",
        # "attr:姐姐名字" / "attr:sister_name")
        for predicate in related_predicates(r.predicate):
            for ref in self.store.find_refs(parts, statuses=_LIVE, subject=r.subject, predicate=predicate):
                if ref.polarity == r.polarity.value and (normalize_text(ref.object) == obj or same_value(ref.object, r.object)):
                    m = self.store.get(ref.id)  # "peanuts" and "花生" in one slot: the same value said another way
                    if m is not None and m.status in _LIVE:
                        return m, "key"
        vec = self.store.embedder.embed([r.text])[0]
        hits = self.store.dense_search(parts, vec, 5, statuses=_LIVE)
        near = [(i, s) for i, s in hits if s >= self.threshold]
        for mid, _sim in near:
            m = self.store.get(mid)  # the canonical record: a projection may not know yet it was superseded
            if m is not None and m.status in _LIVE and same_fact(r, m):
                return m, "semantic"
        return None, ""

    def _decide(self, p: PendingWrite, m: MemoryRecord, layer: str, ctx: MemoryContext) -> None:
        r = p.record
        p.merge_into = m.id
        if m.read_only:  # automatic nodes never change a read-only memory, not even its counters
            p.action, p.reason = "skip_duplicate", f"{layer} duplicate of read-only {m.id}"
            p.note("dedup", p.reason)
            return
        new_session = bool(ctx.session_id) and ctx.session_id not in m.sessions_seen
        # no session, and the match sits in a session this context cannot see: a recurrence, never a skip
        unseen = not ctx.session_id and m.scope.partition not in ctx.visible_partitions()
        stronger = authority(r.source) > authority(m.source)
        if new_session or unseen or stronger:
            p.action = "merge"
            p.reason = f"{layer} duplicate of {m.id}" + (" seen in a new session" if new_session else
                                                          " restated outside any session" if unseen else ", stronger source")
        else:
            p.action, p.reason = "skip_duplicate", f"{layer} duplicate of {m.id}"
        p.note("dedup", p.reason)


def merged(existing: MemoryRecord, incoming: MemoryRecord, now: datetime, session_id: str | None) -> MemoryRecord:
    """`existing` after absorbing `incoming`: one more distinct session, fresher, stronger source kept."""
    sessions = list(existing.sessions_seen)
    if session_id and session_id not in sessions and incoming.source is not Source.DERIVED:
        sessions.append(session_id)
    upd: dict[str, Any] = {
        "sessions_seen": sessions,
        "recurrence": max(existing.recurrence, len(sessions), 1),
        "verified_at": now,
        "source_turn_ids": list(dict.fromkeys([*existing.source_turn_ids, *incoming.source_turn_ids])),
        "confidence": max(existing.confidence, incoming.confidence),
    }
    if authority(incoming.source) > authority(existing.source):
        upd["source"] = incoming.source
    return existing.model_copy(update=upd)


def texts_cluster(texts: Sequence[str], embedder: Any, threshold: float) -> list[int]:
    """`cluster` over texts embedded with `embedder` (convenience for evals)."""
    return cluster(embedder.embed(list(texts)), threshold)
