"""The single write entry: every decision of a turn applied in ONE `store.commit` call, each with a ledger entry.

Returns `memory_written` (record dicts), `memory_skipped` (`{"text", "action", "reason"}`; a degraded
extractor call appears as `action="model_error"` with empty text) and `memory_superseded` (ids). Secrets never reach the ledger: a rejected secret is logged without content.
In incognito mode nothing is written; the ledger only records that a turn was skipped, without content.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..degrade import ModelFailure
from ..node import MemoryNode
from ..records import LedgerEntry, LedgerOp, Level, MemoryContext, MemoryRecord, Status, new_id
from ..state import PendingWrite
from ..store import VersionConflict
from .dedup import merged
from .extractor import latest_user_turns, messages_to_turns, turn_id
from .ttl import TTLPolicy

REDACTED = "[redacted: secret]"


class CommitNode(MemoryNode):
    """Graph node: applies `memory_pending` to the store.

    Args:
        store: the MemoryStore.
        ttl: a `TTLPolicy` (default tiered 3650/180/21 days) that sets `expires_at` on writes and merges.
        retries: re-plan on fresh versions this many times when another writer changed a record meanwhile
            (optimistic versioning: no lost updates); the last `VersionConflict` is raised.
    """

    name = "commit"

    def __init__(self, store: Any, *, ttl: TTLPolicy | None = None, pending_key: str = "memory_pending",
                 messages_key: str = "messages", retries: int = 2, **kw: Any) -> None:
        super().__init__(**kw)
        self.store, self.ttl, self.retries = store, ttl or TTLPolicy(), retries
        self.pending_key, self.messages_key = pending_key, messages_key

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        if ctx.incognito:
            return self._incognito(state, ctx, now)
        for attempt in range(self.retries + 1):
            # the plan re-reads every record it updates, so a retry works on fresh versions
            plan = _Plan(self.store, self.ttl, ctx, now)
            for p in state.get(self.pending_key) or []:
                plan.apply(p.model_copy(deep=True))
            if state.get("memory_extract_error"):
                plan.model_failure(ModelFailure.from_dict(state["memory_extract_error"]), state, self.messages_key)
            try:
                stored = self.store.commit(add=plan.add, update=list(plan.updates.values()), ledger=plan.ledger)
                break
            except VersionConflict:
                if attempt == self.retries:
                    raise
        by_id = {r.id: r for r in stored}
        return {
            "memory_written": [by_id.get(r.id, r).model_dump(mode="json") for r in plan.add],
            "memory_skipped": plan.skipped,
            "memory_superseded": plan.superseded,
        }

    def _incognito(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        turns = messages_to_turns(state.get(self.messages_key) or [])
        latest, earlier = latest_user_turns(turns)
        ids = [turn_id(t, len(earlier) + i) for i, t in enumerate(latest)]
        entry = LedgerEntry(op=LedgerOp.SKIP_INCOGNITO, ts=now, partition=ctx.scope(Level.USER).partition,
                            trigger="incognito", reason="incognito turn: nothing extracted or stored",
                            evidence_turn_ids=ids, decision_trace="commit: incognito")
        self.store.commit(ledger=[entry])
        return {"memory_written": [], "memory_skipped": [], "memory_superseded": []}


class _Plan:
    """Accumulates one turn's adds, updates and ledger entries."""

    def __init__(self, store: Any, ttl: TTLPolicy, ctx: MemoryContext, now: datetime) -> None:
        self.store, self.ttl, self.ctx, self.now = store, ttl, ctx, now
        self.add: list[MemoryRecord] = []
        self.updates: dict[str, MemoryRecord] = {}
        self.ledger: list[LedgerEntry] = []
        self.skipped: list[dict[str, Any]] = []
        self.superseded: list[str] = []

    def model_failure(self, failure: ModelFailure, state: dict[str, Any], messages_key: str) -> None:
        """A degraded extractor call: a content-free ledger entry and a `memory_skipped` reason."""
        latest, earlier = latest_user_turns(messages_to_turns(state.get(messages_key) or []))
        ids = [turn_id(t, len(earlier) + i) for i, t in enumerate(latest)]
        self.ledger.append(failure.ledger_entry(self.ctx, self.now, ids))
        self.skipped.append({"text": "", "action": "model_error", "reason": failure.reason})

    def _current(self, mid: str) -> MemoryRecord | None:
        return self.updates.get(mid) or self.store.get(mid)

    def _entry(self, p: PendingWrite, op: LedgerOp, memory_id: str | None, **kw: Any) -> LedgerEntry:
        secret = p.reason.startswith("secret")
        payload = {} if secret else {"text": p.record.text, "object": p.record.object}
        return LedgerEntry(
            op=op, memory_id=memory_id, ts=self.now, trigger=p.trigger, reason=kw.pop("reason", p.reason),
            evidence_turn_ids=list(p.record.source_turn_ids), decision_trace="\n".join(p.trace),
            partition=kw.pop("partition", p.record.scope.partition), payload=payload, **kw,
        )

    def apply(self, p: PendingWrite) -> None:
        r = p.record
        if p.action == "reject":
            self.ledger.append(self._entry(p, LedgerOp.REJECT, None))
            text = REDACTED if p.reason.startswith("secret") else r.text
            self.skipped.append({"text": text, "action": "reject", "reason": p.reason})
        elif p.action == "skip_duplicate":
            self.ledger.append(self._entry(p, LedgerOp.SKIP_DUPLICATE, p.merge_into))
            self.skipped.append({"text": r.text, "action": "skip_duplicate", "reason": p.reason})
        elif p.action == "merge":
            self._merge(p)
        else:
            self._write(p)

    def _write(self, p: PendingWrite) -> None:
        r = p.record
        r.expires_at = self.ttl.expires_at(r, self.now)
        self.add.append(r)
        op = LedgerOp.DOWNGRADE if p.action == "downgrade" else LedgerOp.WRITE
        self.ledger.append(self._entry(p, op, r.id, supersedes=list(p.supersede)))
        origin = self.ctx.scope(Level.SESSION).partition if self.ctx.session_id else None
        if origin and r.scope.level is not Level.SESSION:
            self.ledger.append(self._entry(p, LedgerOp.PROMOTE, r.id, from_scope=origin, to_scope=r.scope.partition,
                                           reason=f"stored at {r.scope.level.value} level: {p.trigger}"))
        for old_id in p.supersede:
            old = self._current(old_id)
            if old is None or old.read_only:
                continue
            self.updates[old_id] = old.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": r.id})
            self.superseded.append(old_id)
            self.ledger.append(self._entry(p, LedgerOp.SUPERSEDE, old_id, partition=old.scope.partition,
                                           supersedes=[old_id], reason=f"superseded by {r.id}: {p.reason}"))

    def _merge(self, p: PendingWrite) -> None:
        old = self._current(p.merge_into or "")
        if old is None:  # vanished (forgotten) since dedup looked: write it as new instead
            p.action, p.merge_into = "write", None
            return self._write(p.note("commit", "merge target gone; written as new"))
        upd = merged(old, p.record, self.now, self.ctx.session_id)
        upd = upd.model_copy(update={"expires_at": self.ttl.expires_at(upd, self.now)})
        self.skipped.append({"text": p.record.text, "action": "merge", "reason": p.reason})
        if not p.promote_to:
            self.updates[old.id] = upd
            self.ledger.append(self._entry(p, LedgerOp.MERGE, old.id, partition=old.scope.partition,
                                           reason=f"{p.reason}; recurrence {old.recurrence} → {upd.recurrence}"))
            return None
        level = Level(p.promote_to)
        wide = upd.model_copy(update={"id": new_id(), "scope": old.scope.at(level), "version": 1,
                                      "supersedes": [old.id], "status": Status.ACTIVE, "created_at": self.now})
        wide = MemoryRecord.model_validate(wide.model_dump())
        self.add.append(wide)
        self.updates[old.id] = upd.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": wide.id})
        self.superseded.append(old.id)
        self.ledger.append(self._entry(p, LedgerOp.PROMOTE, wide.id, partition=wide.scope.partition,
                                       from_scope=old.scope.partition, to_scope=wide.scope.partition,
                                       supersedes=[old.id], reason=f"promoted to {level.value}: {p.trigger}"))
        return None
