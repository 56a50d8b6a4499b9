"""Whether memory helped: the usage ledger, citations of used memories and the five retrieval metrics.

Every recalled turn appends a content-free `inject` event (the injected ids, their sizes, the recall's
latency); with citations on, the model ends its reply with `<memory-used>ID, ID</memory-used>` (asked for by
`CITE_INSTRUCTION`), `cite.CiteNode` strips that trailer from the visible reply, keeps only ids injected this
turn, appends one `used` event per cited memory and sets its `accessed_at`. The write side appends a
`restatement` event when the user states a fact an active memory already held. `usage_metrics` turns the
events of ONE user (optionally one project) into the read-side article's measures; a measure that cannot be
known (no citations asked for) is `None`, never 0.

The events live in their own append-only SQLite file (`usage.sqlite3` in the memory home), not in
`memory.sqlite3`: a per-turn write there would tell every other process sharing the home that memories
changed (SQLite's data_version) and make it drop its indexes and cached blocks on every turn.

Example:
    >>> strip_citations("Green tea.\\n<memory-used>mem_1, mem_2</memory-used>")
    ('Green tea.', ['mem_1', 'mem_2'])
    >>> strip_citations("没有引用。")
    ('没有引用。', [])
"""

from __future__ import annotations

import json
import logging
import math
import re
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from .records import Level, MemoryContext, as_utc, new_id
from .store.sqlite import DamagedFile

log = logging.getLogger(__name__)

CITE_INSTRUCTION = (
    "When a remembered memory helps your answer, end the reply with one line "
    "<memory-used>ID, ID</memory-used> naming the ids (mem_…) of the memories you used, as listed in the "
    "memory index; leave the line out when you used none. It is removed before the user sees the reply."
)
_TRAILER = re.compile(r"\s*<memory-used>(.*?)</memory-used>\s*", re.S | re.I)
_SPLIT = re.compile(r"[\s,，、;；]+")
#: what makes a citation stale when it happens to the cited memory within `stale_days` of the citation
STALE_OPS = ("supersede", "edit", "forget")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS usage(
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL, op TEXT NOT NULL, partition TEXT NOT NULL, project TEXT,
    turn TEXT, memory_id TEXT, body TEXT NOT NULL DEFAULT '{}');
CREATE INDEX IF NOT EXISTS usage_scope ON usage(partition, ts);
CREATE TABLE IF NOT EXISTS usage_purge(active INTEGER NOT NULL);
DROP TRIGGER IF EXISTS usage_no_delete;
DROP TRIGGER IF EXISTS usage_no_update;
CREATE TRIGGER IF NOT EXISTS usage_append_only_delete BEFORE DELETE ON usage
WHEN NOT EXISTS (SELECT 1 FROM usage_purge)
BEGIN SELECT RAISE(ABORT, 'the usage ledger is append-only'); END;
CREATE TRIGGER IF NOT EXISTS usage_append_only_update BEFORE UPDATE ON usage
WHEN NOT EXISTS (SELECT 1 FROM usage_purge)
BEGIN SELECT RAISE(ABORT, 'the usage ledger is append-only'); END;
"""
_CHUNK = 500


def _ts(at: datetime) -> str:
    """A fixed-width UTC timestamp, so text order is time order."""
    return as_utc(at).strftime("%Y-%m-%dT%H:%M:%S.%f+0000")


class UsageLogDamaged(DamagedFile):
    """`usage.sqlite3` is damaged. It holds usage statistics only (what `stats` reads), never a memory: the
    message names the file and says it can be set aside (a new, empty log is then started)."""

    def __init__(self, path: Path, cause: sqlite3.DatabaseError) -> None:
        super().__init__(
            f"the usage log {path} is damaged ({cause}). It holds only usage statistics (what `stats` reads), "
            f"no memories: move it aside (e.g. rename it to {path.name}.damaged) and a new, empty one is started; "
            f"the memories in memory.sqlite3 are not affected")
        self.path = path


# SQLITE_CORRUPT, SQLITE_NOTADB: the file is damaged (a lock or a full disk is not)
_DAMAGE_CODES = (11, 26)


@contextmanager
def _named_damage(path: Path) -> Iterator[None]:
    try:
        yield
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) in _DAMAGE_CODES or type(exc) is sqlite3.DatabaseError:
            raise UsageLogDamaged(path, exc) from exc
        raise


class UsageLog:
    """The append-only usage events of one memory home (`store.usage`). Content-free: ids, sizes, times.
    A damaged file raises `UsageLogDamaged` (naming it) on open or on the read or write that meets it."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30.0, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock, _named_damage(self.path):
            try:
                self._conn.execute("PRAGMA journal_mode=WAL")
                self._conn.execute("PRAGMA synchronous=NORMAL")
                self._conn.execute("PRAGMA secure_delete=ON")  # an erased user's events leave no free-page copy
                self._conn.executescript(_SCHEMA)
            except BaseException:
                self._conn.close()
                raise

    def append(self, ctx: MemoryContext, at: datetime, events: Iterable[tuple[str, str | None, str | None, dict]]) -> None:
        """Append `(op, turn, memory_id, body)` events in `ctx`'s user partition, in one transaction."""
        part, project, ts = ctx.scope(Level.USER).partition, ctx.project_id, _ts(at)
        rows = [(ts, op, part, project, turn, mid, json.dumps(body, separators=(",", ":"))) for op, turn, mid, body in events]
        if not rows:
            return
        with self._lock, _named_damage(self.path):
            self._conn.executemany(
                "INSERT INTO usage(ts, op, partition, project, turn, memory_id, body) VALUES (?,?,?,?,?,?,?)", rows)

    def events(self, ctx: MemoryContext, since: datetime | None = None, until: datetime | None = None) -> list[dict[str, Any]]:
        """`ctx`'s user's events (only that project's with a project), oldest first."""
        sql = "SELECT ts, op, turn, memory_id, body FROM usage WHERE partition=?"
        args: list[Any] = [ctx.scope(Level.USER).partition]
        if ctx.project_id:
            sql += " AND project=?"
            args.append(ctx.project_id)
        if since is not None:
            sql += " AND ts>=?"
            args.append(_ts(since))
        if until is not None:
            sql += " AND ts<?"
            args.append(_ts(until))
        with self._lock, _named_damage(self.path):
            rows = self._conn.execute(sql + " ORDER BY seq", args).fetchall()
        return [{"ts": datetime.strptime(ts, "%Y-%m-%dT%H:%M:%S.%f%z"), "op": op, "turn": turn, "memory_id": mid,
                 **json.loads(body)} for ts, op, turn, mid, body in rows]

    def last_injected(self, ids: Iterable[str], since: datetime) -> dict[str, datetime]:
        """When each of `ids` was last injected into a turn at or after `since` (ids never injected since are
        absent): what `ExpirySweeper` counts as use. One pass over the `inject` events since then."""
        wanted = set(ids)
        if not wanted:
            return {}
        with self._lock, _named_damage(self.path):
            rows = self._conn.execute(
                "SELECT j.value, MAX(u.ts) FROM usage u, json_each(u.body, '$.ids') j WHERE u.op='inject' "
                "AND u.ts>=? GROUP BY j.value", (_ts(since),)).fetchall()
        return {mid: datetime.strptime(ts, "%Y-%m-%dT%H:%M:%S.%f%z") for mid, ts in rows if mid in wanted}

    def purge(self, ids: Iterable[str]) -> int:
        """Remove every trace of the memories `ids` (a bulk delete): their `used` / `restatement` events are
        deleted and their ids and sizes taken out of `inject` events (the turn, its latency and the other
        memories stay). The one way past the append-only triggers, in one transaction. Returns how many
        events were deleted or rewritten."""
        gone = set(ids)
        if not gone:
            return 0
        with self._lock, _named_damage(self.path):
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("INSERT INTO usage_purge(active) VALUES (1)")
                ordered, changed = sorted(gone), 0
                for i in range(0, len(ordered), _CHUNK):
                    part = ordered[i:i + _CHUNK]
                    changed += conn.execute(
                        f"DELETE FROM usage WHERE memory_id IN ({','.join('?' * len(part))})", part).rowcount
                rewrites = []
                for seq, body in conn.execute("SELECT seq, body FROM usage WHERE op='inject'"):
                    event = json.loads(body)
                    ids = list(event.get("ids", []))
                    keep = [n for n, i in enumerate(ids) if i not in gone]
                    if len(keep) != len(ids):
                        for key in _PER_ID:  # every per-id list loses the same entries: parts stay with their id
                            if isinstance(event.get(key), list):
                                event[key] = [event[key][n] for n in keep if n < len(event[key])]
                        rewrites.append((json.dumps(event, separators=(",", ":")), seq))
                conn.executemany("UPDATE usage SET body=? WHERE seq=?", rewrites)
                conn.execute("DELETE FROM usage_purge")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        return changed + len(rewrites)

    def erase(self, org_id: str, user_id: str) -> int:
        """Delete every event of the user (`org_id="*"`: in every org), past the append-only triggers in one
        transaction, then truncate the WAL. Returns how many were deleted."""
        from .store.erasure import their_partitions

        with self._lock, _named_damage(self.path):
            conn = self._conn
            parts = their_partitions([r[0] for r in conn.execute("SELECT DISTINCT partition FROM usage")], org_id, user_id)
            if not parts:
                return 0
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("INSERT INTO usage_purge(active) VALUES (1)")
                n = conn.execute(f"DELETE FROM usage WHERE partition IN ({','.join('?' * len(parts))})", parts).rowcount
                conn.execute("DELETE FROM usage_purge")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return n

    def close(self) -> None:
        with self._lock:
            self._conn.close()


#: the lists of an `inject` event that hold one entry per injected id, in the order of `ids`
_PER_ID = ("ids", "sizes", "scores")


def usage_log(store: Any) -> UsageLog:
    """The store's usage log (`MemoryStore.usage_log`), opened on first use and closed with the store."""
    return store.usage_log()


def purge_usage(store: Any, ids: Sequence[str]) -> int:
    """`UsageLog.purge` on the store's usage log (nothing to do when the home has none yet)."""
    if not ids or not store.has_usage_log():
        return 0
    return usage_log(store).purge(ids)


def last_injected(store: Any, ids: Sequence[str], since: datetime) -> dict[str, datetime]:
    """`UsageLog.last_injected` on the store's usage log ({} when the home has none yet)."""
    if not ids or not store.has_usage_log():
        return {}
    return usage_log(store).last_injected(ids, since)


def strip_citations(text: str) -> tuple[str, list[str]]:
    """(the reply without its `<memory-used>` trailers, the ids they named in order, without repeats)."""
    ids: list[str] = []
    for m in _TRAILER.finditer(text):
        ids += [i for i in _SPLIT.split(m.group(1).strip()) if i]
    if not ids and "<memory-used>" not in text.lower():
        return text, []
    return _TRAILER.sub("\n", text).strip(), list(dict.fromkeys(ids))


def erased_during(store: Any, ctx: MemoryContext, started: float | None) -> bool:
    """Whether `ctx`'s user was erased after their turn started (epoch seconds; None: not known, so no):
    that turn's usage events are then not written, so no event brings an erased id back."""
    check = getattr(store, "erased_since", None)
    if started is None or check is None:
        return False
    from .store.memory_store import Writer

    return bool(check(Writer(ctx.org_id, ctx.user_id, started)))


def record_injection(store: Any, ctx: MemoryContext, at: datetime, *, ids: Sequence[str], sizes: Sequence[int],
                     block_bytes: int, latency_ms: float | None, started: float | None = None,
                     scores: Sequence[Mapping[str, float]] | None = None) -> str:
    """Append one turn's `inject` event; returns the turn's recall id (what `CiteNode` and the write join on).
    `started`: the turn's start (epoch seconds); nothing is appended if the user was erased since. `scores`: per
    id, the parts of its score (numbers only, `read.explain.score_parts`), read back by `MemoryAdmin.injections`."""
    turn = new_id("rcl")
    latency = None if latency_ms is None else round(latency_ms, 3)  # None: the read's start was not known
    body = {"ids": list(ids), "sizes": list(sizes), "bytes": block_bytes, "latency_ms": latency}
    if scores is not None:
        body["scores"] = [{str(k): float(v) for k, v in s.items()} for s in scores]
    if not erased_during(store, ctx, started):
        usage_log(store).append(ctx, at, [("inject", turn, None, body)])
    return turn


def record_citations(store: Any, ctx: MemoryContext, at: datetime, turn: str | None, cited: Sequence[str],
                     ignored: int, started: float | None = None) -> None:
    """A turn's citations (possibly none) and one `used` event per cited memory; sets their `accessed_at`.
    `started`: as for `record_injection`."""
    if erased_during(store, ctx, started):
        return
    events: list[tuple[str, str | None, str | None, dict]] = [("citations", turn, None, {"cited": len(cited), "ignored": ignored})]
    events += [("used", turn, mid, {}) for mid in cited]
    usage_log(store).append(ctx, at, events)
    if cited:
        touch(store, ctx, cited, at)


def record_restatements(store: Any, ctx: MemoryContext, at: datetime, turn: str | None,
                        restated: Mapping[str, bool]) -> None:
    """One `restatement` event per memory the user stated again (`True`: it was injected this turn)."""
    usage_log(store).append(ctx, at, [("restatement", turn, mid, {"injected": bool(inj)}) for mid, inj in restated.items()])


def touch(store: Any, ctx: MemoryContext, ids: Sequence[str], at: datetime) -> int:
    """Set `accessed_at` on memories `ctx` may see, without a new version (usage is not a change of content:
    the stable block and caches keyed by version stay valid). Returns how many were updated."""
    return store.touch(ids, at, ctx.visible_partitions(), ctx.session_prefix())


def _rank(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile (p50 of [1, 2, 3, 4] is 2)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _ratio(num: float, den: float) -> float | None:
    return None if not den else round(num / den, 4)


def usage_metrics(store: Any, ctx: MemoryContext, *, since: datetime | None = None, until: datetime | None = None,
                  stale_days: float = 30.0) -> dict[str, Any]:
    """The five retrieval measures of one user (one project with `ctx.project_id`) from their events alone.

    - `restatements`: facts the user stated again while an active memory held them (`missed`: not injected
      that turn, a retrieval miss the user paid for; `injected`: injected and still restated).
    - `hit_rate`: of the turns that needed memory (a memory was cited, or a held fact had to be restated
      without having been injected), the share where an injected memory was cited. Only turns with
      citations count; `None` without any.
    - `unused_injection_ratio`: `items` / `bytes` injected but never cited, over turns with citations.
    - `injection_latency_ms`: `p50` / `p95` of the recall (query → rendered block), nearest rank.
    - `stale_citation_rate`: cited memories superseded, edited or forgotten within `stale_days` after the
      citation, over all citations.
    """
    events = usage_log(store).events(ctx, since, until)
    inject = {e["turn"]: e for e in events if e["op"] == "inject"}
    cited_turns = {e["turn"] for e in events if e["op"] == "citations"}
    used = [e for e in events if e["op"] == "used"]
    used_by_turn: dict[str, set[str]] = {}
    for e in used:
        used_by_turn.setdefault(e["turn"], set()).add(e["memory_id"])
    restated = [e for e in events if e["op"] == "restatement"]
    missed_turns = {e["turn"] for e in restated if not e["injected"]}

    items = cited_items = 0
    size = cited_size = 0
    for turn, e in inject.items():
        if turn not in cited_turns:
            continue
        got = used_by_turn.get(turn, set())
        items += len(e["ids"])
        size += sum(e["sizes"])
        cited_items += sum(1 for i in e["ids"] if i in got)
        cited_size += sum(s for i, s in zip(e["ids"], e["sizes"], strict=False) if i in got)
    hits = sum(1 for t in cited_turns if used_by_turn.get(t))
    misses = sum(1 for t in missed_turns if t in cited_turns and not used_by_turn.get(t))
    stale = _stale(store, used, timedelta(days=stale_days))
    latencies = [e["latency_ms"] for e in inject.values() if e.get("latency_ms") is not None]
    ignored = sum(e["ignored"] for e in events if e["op"] == "citations")
    return {
        "scope": {"org_id": ctx.org_id, "user_id": ctx.user_id, "project_id": ctx.project_id},
        "since": since.isoformat() if since else None,
        "until": until.isoformat() if until else None,
        "restatements": {"total": len(restated), "missed": sum(1 for e in restated if not e["injected"]),
                         "injected": sum(1 for e in restated if e["injected"])},
        "hit_rate": _ratio(hits, hits + misses) if cited_turns else None,
        "unused_injection_ratio": {
            "items": _ratio(items - cited_items, items) if cited_turns else None,
            "bytes": _ratio(size - cited_size, size) if cited_turns else None,
        },
        "injection_latency_ms": {"p50": _rank(latencies, 0.5), "p95": _rank(latencies, 0.95)},
        "stale_citation_rate": _ratio(stale, len(used)) if cited_turns else None,
        "counts": {
            "turns": len(inject), "turns_with_citations": len(cited_turns & set(inject)) if inject else len(cited_turns),
            "needed": hits + misses, "hits": hits,
            "injected": {"items": sum(len(e["ids"]) for e in inject.values()),
                         "bytes": sum(sum(e["sizes"]) for e in inject.values())},
            "injected_with_citations": {"items": items, "bytes": size},
            "cited": {"items": cited_items, "bytes": cited_size, "events": len(used)},
            "ignored_citations": ignored,
            "stale_citations": stale,
        },
        "stale_days": stale_days,
    }


def _stale(store: Any, used: Sequence[dict[str, Any]], window: timedelta) -> int:
    """How many `used` events were followed, within `window`, by a supersede, edit or forget of their memory."""
    ids = sorted({e["memory_id"] for e in used})
    if not ids:
        return 0
    changes: dict[str, list[datetime]] = {}
    for mid, ts in store.change_times(ids, STALE_OPS):
        changes.setdefault(mid, []).append(ts)
    return sum(1 for e in used if any(e["ts"] < t <= e["ts"] + window for t in changes.get(e["memory_id"], ())))


__all__ = ["CITE_INSTRUCTION", "UsageLog", "UsageLogDamaged", "last_injected", "purge_usage", "record_citations", "record_injection",
           "record_restatements", "strip_citations", "touch", "usage_log", "usage_metrics"]
