"""What an edit's new text contradicts: an edit is the user's explicit statement, so, like a write, it leaves one
active value per one-value attribute and per fact. The memories its new claim contradicts (another value of
`lives_in`, the same object negated) or repeats in its own partition are superseded by the edited memory, each
with a `supersede` ledger entry; a read-only one refuses the edit. It looks where the write path's resolver looks:
the partitions the memory is seen from (never the org's) and, for a memory kept beyond one session, the user's
sessions of the same project (or of none).

Example:
    >>> import tempfile
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> paris = MemoryRecord(text="User lives in Paris", predicate="lives_in", object="Paris", scope=Scope(user_id="ada"))
    >>> rome = MemoryRecord(text="User lives in Rome", predicate="lives_in", object="Rome", scope=Scope(user_id="ada"))
    >>> _ = store.commit(add=[paris])
    >>> [r.object for r in contradicted(store, rome, edit_reach(store, rome))[0]]
    ['Paris']
    >>> store.close()
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..equivalents import predicate_family
from ..facts import is_exclusive
from ..records import LedgerEntry, LedgerOp, Level, MemoryContext, MemoryRecord, Status, normalize_text
from ..store.sqlite import RivalRead
from ..write.resolve import conflicts_with


def edit_reach(store: Any, rec: MemoryRecord) -> RivalRead:
    """The partitions an edit of `rec` compares with (and the prefix of the user's sessions it also reaches)."""
    scope = rec.scope
    if scope.level is Level.ORG or scope.user_id is None:
        return RivalRead((scope.partition,), None, frozenset())
    ctx = MemoryContext(user_id=scope.user_id, org_id=scope.org_id, project_id=scope.project_id,
                        session_id=scope.session_id if scope.level is Level.SESSION else None)
    seen = tuple(dict.fromkeys([scope.partition, *(p for p in ctx.visible_partitions() if not p.startswith("org/"))]))
    return RivalRead(seen, None if scope.level is Level.SESSION else ctx.session_prefix(), frozenset())


def contradicted(store: Any, new: MemoryRecord, reach: RivalRead) -> tuple[list[MemoryRecord], RivalRead]:
    """The active memories other than `new` it contradicts where `reach` looks, or that hold its fact (or, for a
    one-value attribute, any value) in its own partition, where the store keeps one active record per key; and
    `reach` with every memory of the attribute it saw (for the commit to re-check in its transaction)."""
    one_value = is_exclusive(new.predicate)
    if new.status is not Status.ACTIVE or not (one_value or normalize_text(new.object)):
        return [], reach  # no object and several values allowed: no key to keep, nothing to contradict
    parts = [*reach.partitions, *(store.partitions(prefix=reach.prefix) if reach.prefix else [])]
    found = {m.id: m for pred in predicate_family(new.predicate)
             for m in store.find(list(dict.fromkeys(parts)), subject=new.subject, predicate=pred)}

    def same_key(m: MemoryRecord) -> bool:
        return m.scope.partition == new.scope.partition and m.predicate.casefold() == new.predicate.casefold() and (
            one_value or (m.polarity == new.polarity and normalize_text(m.object) == normalize_text(new.object)))

    losers = [m for m in found.values() if m.id != new.id and m.status is Status.ACTIVE
              and (same_key(m) or conflicts_with(new, m))]
    return losers, reach._replace(seen=frozenset(found))


def superseded_by_edit(new: MemoryRecord, losers: list[MemoryRecord], *, actor: str,
                       now: datetime) -> tuple[list[MemoryRecord], list[LedgerEntry]]:
    """The losers marked superseded by `new`, and one content-free `supersede` ledger entry each."""
    updates = [m.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": new.id}) for m in losers]
    entries = [LedgerEntry(op=LedgerOp.SUPERSEDE, memory_id=m.id, partition=m.scope.partition, ts=now,
                           trigger="user edit", actor=actor, supersedes=[m.id],
                           reason=f"superseded by {new.id}: the user's edit states another value of {m.predicate}"
                           if m.object != new.object or m.polarity != new.polarity else
                           f"superseded by {new.id}: the user's edit states the same fact")
               for m in losers]
    return updates, entries
