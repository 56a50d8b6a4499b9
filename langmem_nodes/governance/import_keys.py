"""One active record per key in what an import loads: the store keeps one ACTIVE record per one-value attribute
(partition, subject, predicate) and per fact (… object, polarity) of a partition, which an export of a sound
home satisfies, but a hand-edited or damaged one may not. Of each group of active records sharing a key, the
one the precedence rule picks (`facts.winner`: the higher source authority, then the newer; a read-only record
before any other) stays active; the others are loaded superseded by it, each with a `supersede` ledger entry.

Example:
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> at = lambda day: datetime(2026, 1, day, tzinfo=UTC)
    >>> paris = MemoryRecord(text="User lives in Paris", predicate="lives_in", object="Paris", scope=Scope(user_id="ada"), created_at=at(1))
    >>> rome = MemoryRecord(text="User lives in Rome", predicate="lives_in", object="Rome", scope=Scope(user_id="ada"), created_at=at(2))
    >>> recs, entries = one_active_per_key([paris, rome], actor="user")
    >>> [(r.object, r.status.value) for r in recs], [e.memory_id == paris.id for e in entries]
    ([('Paris', 'superseded'), ('Rome', 'active')], [True])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..facts import is_exclusive, winner_index
from ..records import LedgerEntry, LedgerOp, MemoryRecord, Status, normalize_text


def _key(r: MemoryRecord) -> tuple[str, ...] | None:
    """The key the store keeps one active record of (the commit's check), or None (several values allowed)."""
    base = (r.scope.partition, r.subject.casefold(), r.predicate.casefold())
    if is_exclusive(r.predicate):
        return base
    obj = normalize_text(r.object)
    return (*base, obj, r.polarity.value) if obj else None


def one_active_per_key(records: Sequence[MemoryRecord], *, actor: str) -> tuple[list[MemoryRecord], list[LedgerEntry]]:
    """`records` (same order) with every active record that shares its key with a winning one superseded by it,
    and the `supersede` ledger entries saying so."""
    groups: dict[tuple[str, ...], list[int]] = {}
    for i, r in enumerate(records):
        if r.status is Status.ACTIVE and (key := _key(r)) is not None:
            groups.setdefault(key, []).append(i)
    out, entries = list(records), []
    for members in (g for g in groups.values() if len(g) > 1):
        pool = [i for i in members if records[i].read_only] or members
        best = pool[winner_index([records[i] for i in pool])]
        keep = records[best]
        losers = [records[i] for i in members if i != best]
        for i in members:
            if i != best:
                out[i] = records[i].model_copy(update={"status": Status.SUPERSEDED, "superseded_by": keep.id})
        out[best] = keep.model_copy(update={"supersedes": list(dict.fromkeys([*keep.supersedes, *(m.id for m in losers)]))})
        entries += [LedgerEntry(op=LedgerOp.SUPERSEDE, memory_id=m.id, partition=m.scope.partition, actor=actor,
                                trigger="import", supersedes=[m.id],
                                reason=f"superseded by {keep.id} on import: the export held both active for "
                                       f"{m.predicate} in {m.scope.partition}")
                    for m in losers]
    return out, entries
