"""The single write entry: every decision of a turn applied in ONE `store.commit` call, each with a ledger entry.

Returns `memory_written` (record dicts), `memory_skipped` (`{"text", "action", "reason"}`; a degraded
extractor call appears as `action="model_error"` with empty text) and `memory_superseded` (ids). Secrets never reach the ledger: a rejected secret is logged without content.
In incognito mode nothing is written; the ledger only records that a turn was skipped, without content.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..degrade import ModelFailure
from ..messages import messages_to_turns
from ..node import MemoryNode
from ..records import (
    LedgerEntry,
    LedgerOp,
    Level,
    MemoryContext,
    MemoryRecord,
    Status,
    new_id,
    normalize_text,
)
from ..state import PendingWrite
from ..store import KeyConflict, VersionConflict
from ..store.memory_store import UserErased
from ..store.sqlite import RivalRead
from . import rule_release
from .dedup import DedupNode, merged
from .extractor import latest_user_turns, turn_id
from .promote import PromoteNode
from .resolve import ResolveNode, is_exclusive, reaches_other_sessions, rival_read
from .stored_correction import correction_partitions
from .ttl import TTLPolicy
from .turn_start import turn_writer
from .verify import VerifyNode

REDACTED = "[redacted: secret]"
#: what a turn reports when its user was erased while it was in flight (content-free)
ERASED = {"text": "", "action": "erased", "reason": "the user's memories were erased after this turn started: nothing written"}
log = logging.getLogger(__name__)


class CommitNode(MemoryNode):
    """Graph node: applies `memory_pending` to the store.

    Concurrent writers (threads, processes) meet in the store's write transaction, where the commit checks
    that it leaves at most one ACTIVE record per fact key and per exclusive attribute (`is_exclusive`). When
    another writer got there first (`VersionConflict`: a record changed or was forgotten; `KeyConflict`: the
    same fact or another value of the attribute was stored), the turn is planned again on fresh state: the
    colliding new facts go through `replan` (dedup → verify → resolve → promote) again, so they merge into
    or supersede what the other writer stored. A conflict never reaches the user's turn: if writers keep
    colliding for `retries` attempts, the turn's facts are reported in `memory_skipped` with action
    "conflict" (and logged) instead.

    Args:
        store: the MemoryStore.
        ttl: a `TTLPolicy` (default tiered 3650/180/21 days) that sets `expires_at` on writes and merges.
        retries: attempts after the first when another writer changed a record meanwhile.
        replan: the decision nodes a colliding fact goes through again (default: dedup, verify, resolve
            and promote with their default options; `write_nodes` gives a commit without one the graph's own).
    """

    name = "commit"

    def __init__(self, store: Any, *, ttl: TTLPolicy | None = None, pending_key: str = "memory_pending",
                 messages_key: str = "messages", retries: int = 8, replan: Sequence[MemoryNode] | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.store, self.ttl, self.retries = store, ttl or TTLPolicy(), retries
        self.pending_key, self.messages_key = pending_key, messages_key
        self.replan_given = replan is not None
        self.replan = list(replan) if replan is not None else [
            DedupNode(store), VerifyNode(store), ResolveNode(store), PromoteNode(store)]

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        if ctx.incognito:
            return self._incognito(state, ctx, now)
        pending = [p.model_copy(deep=True) for p in state.get(self.pending_key) or []]
        writer = turn_writer(self.store, state, ctx)
        # a rule taken back first: what its sentence would otherwise say is not written
        try:
            skips, released, said = rule_release.carry_out(self.store, state.get("memory_extract_skips") or [], ctx, now,
                                                           writer=writer)
        except UserErased:
            return {"memory_written": [], "memory_skipped": [dict(ERASED)], "memory_superseded": []}
        pending = [p for p in pending if not rule_release.read_from(p.quote, said)]
        for attempt in range(self.retries + 1):
            # the plan re-reads every record it updates, so a retry works on fresh versions
            plan = _Plan(self.store, self.ttl, ctx, now)
            for p in pending:
                plan.apply(p.model_copy(deep=True))
            if state.get("memory_extract_error"):
                plan.model_failure(ModelFailure.from_dict(state["memory_extract_error"]), state, self.messages_key)
            try:
                stored = self.store.commit(add=plan.add, update=list(plan.updates.values()), ledger=plan.ledger,
                                           exclusive=is_exclusive, rivals=plan.rivals, writer=writer)
                break
            except UserErased:
                log.info("commit: the user was erased after this turn started: nothing written")
                return {"memory_written": [], "memory_skipped": [dict(ERASED)], "memory_superseded": []}
            except VersionConflict as exc:
                if attempt == self.retries:
                    return self._gave_up(pending, exc)
                if isinstance(exc, KeyConflict):
                    self._replan(pending, set(exc.ids), state, ctx, now)
                time.sleep(random.uniform(0, 0.005 * (attempt + 1)))  # let the colliding writer finish
        self._restatements(pending, state, ctx, now)
        by_id = {r.id: r for r in stored}
        not_stored = [{"text": s.get("text", ""), "action": "not_stored", "reason": s.get("reason", "no parse")}
                      for s in skips]
        for skip in state.get("memory_extract_skips") or []:
            if skip.get("confirm"):
                self._doubt([tuple(c) for c in skip["confirm"]], ctx, now, said=str(skip.get("reason", "")))
        return {
            "memory_written": [by_id.get(r.id, r).model_dump(mode="json") for r in plan.add],
            "memory_skipped": plan.skipped + not_stored,
            "memory_superseded": plan.superseded + released,
        }

    def _restatements(self, pending: Sequence[PendingWrite], state: dict[str, Any], ctx: MemoryContext,
                      now: datetime) -> None:
        """A usage `restatement` event per stored memory the user stated again this turn (dedup matched it),
        marked with whether it had been injected this turn (see `langmem_nodes.usage`)."""
        matched = [p.merge_into for p in pending if p.action in ("skip_duplicate", "merge") and p.merge_into]
        if not matched:
            return
        injected = set(state.get("memory_injected_ids") or [])
        held = self.store.get_many(list(dict.fromkeys(matched)))
        restated = {mid: mid in injected for mid in dict.fromkeys(matched) if mid in held and held[mid].created_at < now}
        if not restated:
            return
        from ..usage import record_restatements

        try:
            record_restatements(self.store, ctx, now, state.get("memory_recall_id") or None, restated)
        except Exception:  # noqa: BLE001 - bookkeeping never takes the turn down
            log.warning("recording restatements failed for user %s", ctx.user_id, exc_info=True)

    def _replan(self, pending: list[PendingWrite], ids: set[str], state: dict[str, Any], ctx: MemoryContext,
                now: datetime) -> None:
        """Send the new facts that collided back through the decision nodes, on fresh state (replacing them
        in `pending`): a write, or a merge whose target was forgotten and so was written as new. A collided
        promotion copy (a new id) needs nothing: the next plan reads the wider partition afresh."""
        where = [i for i, p in enumerate(pending) if p.record.id in ids]
        again = []
        for i in where:
            p = pending[i].model_copy(deep=True)
            p.action, p.reason, p.merge_into, p.promote_to, p.supersede = "write", "", None, None, []
            p.rivals_seen = None
            p.record.supersedes, p.record.superseded_by = [], None
            again.append(p.note("commit", "another writer stored this attribute or fact meanwhile: decided again"))
        sub = {**state, self.pending_key: again}
        for node in self.replan:
            sub = {**sub, **node.run(sub, ctx, now)}
        for i, p in zip(where, sub[self.pending_key], strict=True):
            pending[i] = p

    def _gave_up(self, pending: list[PendingWrite], exc: VersionConflict) -> dict[str, Any]:
        log.warning("commit: gave up after %d attempts, other writers kept changing these memories: %s",
                    self.retries + 1, exc)
        reason = f"other writers kept changing these memories ({self.retries + 1} attempts): not written"
        skipped = [{"text": REDACTED if p.reason.startswith("secret") else p.record.text, "action": "conflict",
                    "reason": reason} for p in pending]
        return {"memory_written": [], "memory_skipped": skipped, "memory_superseded": []}

    def _doubt(self, claims: list[tuple[str, ...]], ctx: MemoryContext, now: datetime, *, said: str = "") -> None:
        """A correction whose new value did not parse, or a change said without its value ("I moved."): the values
        it concerns are flagged `needs_confirmation` (recall shows them with "confirm with the user") instead of
        staying silently active."""
        keys = {(subj, pred, normalize_text(obj)) for subj, pred, obj in claims}
        found = self.store.find(correction_partitions(self.store, ctx), statuses=(Status.ACTIVE,))
        hits = [r for r in found if (r.subject, r.predicate, normalize_text(r.object)) in keys and not r.read_only
                and not r.metadata.get("needs_confirmation")]
        if not hits:
            return
        changed = said.startswith("a change without its new value")
        reason = ("the user said this changed, without the new value: needs confirmation" if changed
                  else "a correction followed that could not be parsed: needs confirmation")
        updates = [r.model_copy(update={"metadata": {**r.metadata, "needs_confirmation": reason}}) for r in hits]
        ledger = [LedgerEntry(op=LedgerOp.EDIT, memory_id=r.id, ts=now, partition=r.scope.partition, trigger="correction",
                              reason=reason, decision_trace="commit: needs confirmation") for r in hits]
        try:
            self.store.commit(update=updates, ledger=ledger)
        except VersionConflict:  # another writer changed it meanwhile: its new version stands
            log.info("commit: needs-confirmation flag skipped, the memory changed meanwhile")

    def _incognito(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        turns = messages_to_turns(state.get(self.messages_key) or [])
        latest, earlier = latest_user_turns(turns)
        ids = [turn_id(t, len(earlier) + i) for i, t in enumerate(latest)]
        entry = LedgerEntry(op=LedgerOp.SKIP_INCOGNITO, ts=now, partition=ctx.scope(Level.USER).partition,
                            trigger="incognito", reason="incognito turn: nothing extracted or stored",
                            evidence_turn_ids=ids, decision_trace="commit: incognito")
        self.store.commit(ledger=[entry])
        return {"memory_written": [], "memory_skipped": [], "memory_superseded": []}


def _held_reason(new: MemoryRecord, held: MemoryRecord) -> str:
    """Why `new` was stored for history only. A value stated at the same time or later (another run of
    this user committed first) holds because it is newer; asking to say it explicitly would be wrong."""
    kept = f"{held.text!r} ({held.source.value}, {held.id})"
    if held.created_at >= new.created_at:
        return (f"stored for history, not active: a newer value {kept}, stored by a concurrent write, "
                "replaced it")
    return (f"stored for history, not active: {kept} outranks it; "
            "say it explicitly (\"actually …\", \"remember …\", \"… now\") to change it")


class _Plan:
    """Accumulates one turn's adds, updates and ledger entries."""

    def __init__(self, store: Any, ttl: TTLPolicy, ctx: MemoryContext, now: datetime) -> None:
        self.store, self.ttl, self.ctx, self.now = store, ttl, ctx, now
        self.add: list[MemoryRecord] = []
        self.updates: dict[str, MemoryRecord] = {}
        self.ledger: list[LedgerEntry] = []
        self.skipped: list[dict[str, Any]] = []
        self.superseded: list[str] = []
        self.rivals: dict[str, RivalRead] = {}  # new record id → the partitions its decision read

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
        # the turn's scope travels with its text, so `MemoryAdmin.delete_all` finds it (e.g. a rejected turn)
        payload = {} if secret else {"text": p.record.text, "object": p.record.object,
                                     "scope": p.record.scope.model_dump(mode="json")}
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
        if (read := rival_read(p, self.ctx)) is not None:
            self.rivals[r.id] = read
        held = self._current(r.superseded_by) if r.status is Status.SUPERSEDED and r.superseded_by else None
        if held is not None:  # stored for history only: the turn says which value stays, and why
            self.skipped.append({"text": r.text, "action": "not_active", "reason": _held_reason(r, held)})
        op = LedgerOp.DOWNGRADE if p.action == "downgrade" else LedgerOp.WRITE
        self.ledger.append(self._entry(p, op, r.id, supersedes=list(p.supersede)))
        origin = self.ctx.scope(Level.SESSION).partition if self.ctx.session_id else None
        if origin and r.scope.level is not Level.SESSION:
            self.ledger.append(self._entry(p, LedgerOp.PROMOTE, r.id, from_scope=origin, to_scope=r.scope.partition,
                                           reason=f"stored at {r.scope.level.value} level: {p.trigger}"))
        self._replaced_by(p, r.id)

    def _replaced_by(self, p: PendingWrite, winner: str) -> None:
        """The values `p` replaces (`p.supersede`) superseded by `winner`: the record written, or the one a
        correction's value merged into ("we killed the Heroku apps, staging's on Fly.io" with Fly.io held)."""
        for old_id in p.supersede:
            old = self._current(old_id)
            if old is None or old.read_only or old_id == winner:
                continue
            self.updates[old_id] = old.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": winner})
            self.superseded.append(old_id)
            self.ledger.append(self._entry(p, LedgerOp.SUPERSEDE, old_id, partition=old.scope.partition,
                                           supersedes=[old_id], reason=f"superseded by {winner}: {p.reason}"))

    def _merge(self, p: PendingWrite) -> None:
        old = self._current(p.merge_into or "")
        if old is None:  # vanished (forgotten) since dedup looked: write it as new instead
            return self._as_new(p, "merge target gone; written as new")
        upd = merged(old, p.record, self.now, self.ctx.session_id)
        upd = upd.model_copy(update={"expires_at": self.ttl.expires_at(upd, self.now)})
        self.skipped.append({"text": p.record.text, "action": "merge", "reason": p.reason})
        if not p.promote_to:
            self.updates[old.id] = upd
            self.ledger.append(self._entry(p, LedgerOp.MERGE, old.id, partition=old.scope.partition,
                                           reason=f"{p.reason}; recurrence {old.recurrence} → {upd.recurrence}"))
            self._replaced_by(p, old.id)
            return None
        level = Level(p.promote_to)
        rivals = self._active_at(old, old.scope.at(level).partition)
        twin = next((m for m in rivals if _same_value(m, old)), None)
        if twin is not None:  # the wider level holds this fact already (another writer promoted it): join it
            return self._fold_into(p, old, upd, twin)
        if old.status is not Status.ACTIVE:  # another writer's value replaced it since dedup looked
            self.skipped.pop()
            return self._as_new(p, "merge target replaced meanwhile; written as new")
        wide = upd.model_copy(update={"id": new_id(), "scope": old.scope.at(level), "version": 1,
                                      "supersedes": [old.id], "status": Status.ACTIVE, "created_at": self.now})
        wide = MemoryRecord.model_validate(wide.model_dump())
        self.add.append(wide)
        if is_exclusive(old.predicate):  # one value at a time at the wider level too: the promoted one wins
            # also over the user's other sessions' values, which would now see it beside their own
            sessions = [x for x in self.store.partitions(prefix=self.ctx.session_prefix())
                        if x != old.scope.partition]
            found = self._active_at(old, *sessions) if sessions else []
            elsewhere = [m for m in found if not _same_value(m, old)]
            self.rivals[wide.id] = RivalRead((wide.scope.partition,), self.ctx.session_prefix(),
                                             frozenset(m.id for m in [*rivals, *found]))
            for m in [*rivals, *elsewhere]:
                if m.read_only:
                    continue
                self.updates[m.id] = m.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": wide.id})
                self.superseded.append(m.id)
                wide.supersedes.append(m.id)
                self.ledger.append(self._entry(p, LedgerOp.SUPERSEDE, m.id, partition=m.scope.partition,
                                               supersedes=[m.id], reason=f"superseded by promoted {wide.id}"))
        self.updates[old.id] = upd.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": wide.id})
        self.superseded.append(old.id)
        self.ledger.append(self._entry(p, LedgerOp.PROMOTE, wide.id, partition=wide.scope.partition,
                                       from_scope=old.scope.partition, to_scope=wide.scope.partition,
                                       supersedes=[old.id], reason=f"promoted to {level.value}: {p.trigger}"))
        return None

    def _as_new(self, p: PendingWrite, why: str) -> None:
        """A merge whose target is gone, written as a new record having seen no rival: if the attribute holds
        another value where it will be read, the commit's check sends it back through resolve. A merge that was
        to be promoted for an outright statement is written at the promoted level (it never stays in its session);
        one promoted on recurrence stays in its session: the record whose sessions made the recurrence was replaced,
        and at the user level it would sit beside the value that replaced it, unseen (two values in that session)."""
        if p.promote_to and p.record.scope.level is Level.SESSION and reaches_other_sessions(p.record, self.ctx):
            p.record.scope = self.ctx.scope(Level(p.promote_to))
            p.trigger = p.trigger or "explicit"
        p.action, p.merge_into, p.promote_to, p.rivals_seen = "write", None, None, []
        self._write(p.note("commit", why))

    def _active_at(self, old: MemoryRecord, *partitions: str) -> list[MemoryRecord]:
        """Active records of `old`'s attribute in other partitions, as this plan will leave them."""
        found = self.store.find(list(partitions), subject=old.subject, predicate=old.predicate)
        return [m for m in (self.updates.get(m.id, m) for m in found) if m.status is Status.ACTIVE]

    def _fold_into(self, p: PendingWrite, old: MemoryRecord, upd: MemoryRecord, twin: MemoryRecord) -> None:
        """Promotion whose target already exists: the wider record absorbs the evidence, the session one
        is superseded by it."""
        if not twin.read_only:  # automatic writes never touch a read-only record, not even its counters
            self.updates[twin.id] = merged(twin, p.record, self.now, self.ctx.session_id)
        self.updates[old.id] = upd.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": twin.id})
        self.superseded.append(old.id)
        self.ledger.append(self._entry(p, LedgerOp.MERGE, twin.id, partition=twin.scope.partition,
                                       reason=f"promotion of {old.id} joins {twin.id}, already at that level"))
        self.ledger.append(self._entry(p, LedgerOp.SUPERSEDE, old.id, partition=old.scope.partition,
                                       supersedes=[old.id], reason=f"superseded by {twin.id} (same fact, wider level)"))


def _same_value(a: MemoryRecord, b: MemoryRecord) -> bool:
    return a.polarity == b.polarity and normalize_text(a.object) == normalize_text(b.object)
