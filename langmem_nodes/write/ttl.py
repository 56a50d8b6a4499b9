"""Lifetimes: tiered TTL (stable 3650 d / semi 180 d / volatile 21 d), a uniform baseline, and the sweeper.

Expiry hides a memory (`status=expired`: recall skips it, `MemoryAdmin.list(status="expired")` still lists it)
and archival parks one not used for a long time (`status=archived`); neither deletes anything, and each
writes a ledger entry. Use is a citation (`accessed_at`) or an injection into a turn: the sweeper reads the
usage log's `inject` events, so a turn pays no extra write for it.

Example:
    >>> from datetime import UTC, datetime
    >>> TTLPolicy().ttl_days("volatile"), UniformTTL(90).ttl_days("stable")
    (21, 90)
    >>> TTLPolicy().expires_at("semi", datetime(2026, 1, 1, tzinfo=UTC)).date().isoformat()
    '2026-06-30'
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from ..records import LedgerEntry, LedgerOp, MemoryRecord, Status, Tier, as_utc


def _tier(value: MemoryRecord | Tier | str) -> Tier:
    if isinstance(value, MemoryRecord):
        return value.tier
    try:
        return Tier(value)
    except ValueError:
        raise ValueError(f"unknown tier {value!r}; expected one of {[t.value for t in Tier]}") from None


def _positive(name: str, days: float) -> float:
    if not isinstance(days, int | float) or days <= 0:
        raise ValueError(f"{name} must be a positive number of days, got {days!r}")
    return days


class TTLPolicy:
    """Tiered time-to-live: how long a memory lives without being re-verified, by tier."""

    def __init__(self, *, stable_days: float = 3650, semi_days: float = 180, volatile_days: float = 21) -> None:
        self.days = {
            Tier.STABLE: _positive("stable_days", stable_days),
            Tier.SEMI: _positive("semi_days", semi_days),
            Tier.VOLATILE: _positive("volatile_days", volatile_days),
        }

    def ttl_days(self, tier: MemoryRecord | Tier | str) -> float:
        return self.days[_tier(tier)]

    def expires_at(self, record_or_tier: MemoryRecord | Tier | str, now: datetime) -> datetime:
        """`now` + the tier's TTL (for a record: from its last verification if later than `now`)."""
        start = as_utc(now)
        if isinstance(record_or_tier, MemoryRecord) and record_or_tier.verified_at and record_or_tier.verified_at > start:
            start = record_or_tier.verified_at
        ends = start + timedelta(days=self.ttl_days(record_or_tier))
        said_end = record_or_tier.said_end if isinstance(record_or_tier, MemoryRecord) else None
        return min(ends, said_end) if said_end is not None else ends  # "until Friday": the fact ends when the user said

    def __repr__(self) -> str:
        d = self.days
        return f"TTLPolicy(stable_days={d[Tier.STABLE]}, semi_days={d[Tier.SEMI]}, volatile_days={d[Tier.VOLATILE]})"


class UniformTTL(TTLPolicy):
    """One TTL for every tier (the baseline the article compares tiered TTL against)."""

    def __init__(self, days: float) -> None:
        super().__init__(stable_days=days, semi_days=days, volatile_days=days)

    def __repr__(self) -> str:
        return f"UniformTTL({self.days[Tier.STABLE]})"


class ExpirySweeper:
    """Marks expired memories `expired` and long-unused ones `archived`, with a ledger entry each.

    Args:
        store: the MemoryStore.
        policy: used to give records without `expires_at` one (from their `verified_at`/`created_at`).
        archive_after_days: archive active memories not used — cited, injected into a turn (the usage log's
            `inject` events) or verified — for this long; None = never.
    """

    def __init__(self, store: Any, policy: TTLPolicy | None = None, *, archive_after_days: float | None = 365) -> None:
        self.store, self.policy = store, policy or TTLPolicy()
        self.archive_after_days = None if archive_after_days is None else _positive("archive_after_days", archive_after_days)

    def sweep(self, now: datetime, partitions: list[str] | None = None) -> dict[str, list[str]]:
        """One pass over active memories (all partitions unless given). Returns `{"expired": ids, "archived": ids}`."""
        now = as_utc(now)
        expired, archived, updates, ledger = [], [], [], []
        records = [r for r in self.store.find(partitions, statuses=(Status.ACTIVE,)) if not r.read_only]
        injected = self._injected(records, now)  # read-only memories are changed by explicit user edits only
        for r in records:
            expires = r.expires_at or self.policy.expires_at(r.tier, r.verified_at or r.created_at)
            last_use = max(t for t in (r.accessed_at, injected.get(r.id), r.verified_at or r.created_at) if t)
            if expires <= now:
                op, status, why = LedgerOp.EXPIRE, Status.EXPIRED, f"{r.tier.value} TTL passed at {expires.isoformat()}"
                expired.append(r.id)
            elif self.archive_after_days is not None and now - last_use >= timedelta(days=self.archive_after_days):
                op, status, why = LedgerOp.ARCHIVE, Status.ARCHIVED, f"not accessed since {last_use.isoformat()}"
                archived.append(r.id)
            else:
                continue
            updates.append(r.model_copy(update={"status": status}))
            ledger.append(LedgerEntry(op=op, memory_id=r.id, partition=r.scope.partition, ts=now, trigger="sweep",
                                      reason=why, decision_trace=f"sweeper: {op.value}"))
        if updates:
            self.store.commit(update=updates, ledger=ledger)
        self._fold(records, injected, set(expired))
        return {"expired": expired, "archived": archived}

    def _injected(self, records: list[MemoryRecord], now: datetime) -> dict[str, datetime]:
        """When the memories that would otherwise be archived were last injected into a turn (within the window)."""
        if self.archive_after_days is None:
            return {}
        from ..usage import last_injected

        cutoff = now - timedelta(days=self.archive_after_days)
        stale = [r.id for r in records if (r.accessed_at or r.verified_at or r.created_at) <= cutoff]
        return last_injected(self.store, stale, cutoff)

    def _fold(self, records: list[MemoryRecord], injected: dict[str, datetime], expired: set[str]) -> None:
        """Set `accessed_at` of the memories kept because they were injected (in place, no new version), so
        `list` and the next sweep see the use without reading the usage log."""
        by_partition: dict[tuple[str, datetime], list[str]] = {}
        for r in records:
            if r.id in injected and r.id not in expired and (r.accessed_at is None or r.accessed_at < injected[r.id]):
                by_partition.setdefault((r.scope.partition, injected[r.id]), []).append(r.id)
        for (part, at), ids in by_partition.items():
            self.store.touch(ids, at, [part], part)
