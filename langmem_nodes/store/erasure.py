"""Account erasure records: what stays of an erased user, and the check that makes an erasure final.

Erasing a user (`MemoryAdmin.delete_all(user_id=U, project_id="*", session_id="*")`) leaves ONE content-free
row in `erasures`: a keyed hash of (org, user) — HMAC-SHA256 under a random per-home salt kept in `meta` —
the erase time and how many in-flight writes it turned away. Their ledger entries and tombstones keep their
op, time and memory ids, with the user id replaced by a pseudonym derived from that hash (`erased-<hex>`).

A write whose turn started before the erasure and commits after it writes nothing (`erased_since`, read
inside the commit's transaction, so an erase and a commit are ordered by the database); a turn started
after it writes again. The table is created by each backend's schema; the SQL here runs on both (`?` becomes
`%s` on PostgreSQL).

Example:
    >>> k = erase_key("salt", "default", "kim@example.com")
    >>> len(k), k == erase_key("salt", "default", "kim@example.com"), k == erase_key("salt", "acme", "kim@example.com")
    (32, True, False)
    >>> pseudonymised("session/default/kim@example.com/shop/s1", "kim@example.com", "erased-1")
    'session/default/erased-1/shop/s1'
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from .sqlite import _scope_of_partition

SALT_KEY = "erase_salt"
ANY_ORG = "*"

def erase_key(salt: str, org_id: str, user_id: str) -> str:
    """The keyed hash naming (org, user) in `erasures` (`org_id="*"`: the user in every org)."""
    return hmac.new(salt.encode(), f"{org_id}\x00{user_id}".encode(), hashlib.sha256).hexdigest()[:32]


def pseudonymised(partition: str, user_id: str, pseudonym: str) -> str:
    """`partition` with its user id segment replaced (user and session keys hold it third)."""
    parts = partition.split("/")
    if len(parts) >= 3 and parts[0] in ("user", "session") and parts[2] == user_id:
        parts[2] = pseudonym
    return "/".join(parts)


def _sql(conn: Any, text: str) -> str:
    return text if conn.__class__.__module__.startswith("sqlite3") else text.replace("?", "%s")


def _salt(conn: Any, create: bool) -> str | None:
    row = conn.execute(_sql(conn, "SELECT value FROM meta WHERE key=?"), (SALT_KEY,)).fetchone()
    if row is not None or not create:
        return row[0] if row else None
    salt = secrets.token_hex(16)
    conn.execute(_sql(conn, "INSERT INTO meta(key, value) VALUES (?, ?)"), (SALT_KEY, salt))
    return salt


def erased_since(conn: Any, org_id: str, user_id: str, started: float) -> bool:
    """Inside a write transaction: was (org, user) — or the user in every org — erased at or after `started`
    (epoch seconds)? If so the turn's write is dropped and counted on the erase record."""
    salt = _salt(conn, create=False)
    if salt is None:
        return False  # no erasure ever on this home
    keys = [erase_key(salt, org_id, user_id), erase_key(salt, ANY_ORG, user_id)]
    hits = [k for k, at in conn.execute(_sql(conn, "SELECT key, erased_at FROM erasures WHERE key IN (?, ?)"), keys).fetchall()
            if at >= started]
    for k in hits:
        conn.execute(_sql(conn, "UPDATE erasures SET dropped = dropped + 1 WHERE key=?"), (k,))
    return bool(hits)


def mark_erased(conn: Any, org_id: str, user_id: str, at: float) -> str:
    """Inside a transaction: record the erasure (epoch seconds `at`); returns the user's pseudonym."""
    key = erase_key(_salt(conn, create=True) or "", org_id, user_id)
    conn.execute(_sql(conn, "INSERT INTO erasures(key, erased_at) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET "
                            "erased_at = excluded.erased_at"), (key, at))
    return f"erased-{key[:16]}"


def _belongs(partition: str | None, org_id: str, user_id: str) -> bool:
    scope = _scope_of_partition(partition or "")
    return bool(scope and scope["user_id"] == user_id and org_id in (ANY_ORG, scope["org_id"]))


def actor_pseudonymised(actor: str, user_id: str, pseudonym: str) -> str:
    """`actor` ("user:kim@example.com", who asked for a forget) with the user id replaced.

    >>> actor_pseudonymised("user:kim@example.com", "kim@example.com", "erased-1"), actor_pseudonymised("admin", "kim", "e")
    ('user:erased-1', 'admin')
    """
    head, sep, tail = actor.rpartition(":")
    return f"{head}{sep}{pseudonym}" if sep and tail == user_id else actor


#: the keys of a ledger body whose string value is a user id ("user_id" of a scope, "owner")
_USER_KEYS = frozenset({"user_id", "owner", "owner_id"})


def _swap(value: Any, user_id: str, pseudonym: str, key: str | None = None) -> Any:
    """`value` (a ledger body, or part of one under `key`) with the user id pseudonymised where it names the
    user: a user-id field equal to it, an actor naming it ("user:<id>"), a partition key holding it. Other strings
    equal to it are left alone: another user's session "1", a level "user" or an org "default" are not this id."""
    if isinstance(value, str):
        if key in _USER_KEYS:
            return pseudonym if value == user_id else value
        if key == "actor":
            return actor_pseudonymised(value, user_id, pseudonym)
        return pseudonymised(value, user_id, pseudonym)
    if isinstance(value, list):
        return [_swap(v, user_id, pseudonym, key) for v in value]
    if isinstance(value, dict):
        return {k: _swap(v, user_id, pseudonym, k) for k, v in value.items()}
    return value


def ledger_rows(rows: Iterable[tuple[int, str | None, str]], org_id: str, user_id: str,
                pseudonym: str) -> list[tuple[int, str | None, str]]:
    """(seq, new partition, new body) for the ledger rows (seq, partition, body) naming the user: in one of
    their partitions, or an entry elsewhere (a project fact they stated) whose body holds their id."""
    out = []
    for seq, partition, body in rows:
        entry = json.loads(body)
        theirs = _belongs(partition, org_id, user_id)
        if not theirs and org_id != ANY_ORG and partition and (_scope_of_partition(partition) or {}).get("org_id") != org_id:
            continue
        new = _swap(entry, user_id, pseudonym)
        if theirs or new != entry:
            out.append((seq, pseudonymised(partition, user_id, pseudonym) if partition else partition, json.dumps(new)))
    return out


def pseudonymise(conn: Any, org_id: str, user_id: str, pseudonym: str) -> dict[str, int]:
    """Inside a transaction: the user's id replaced by `pseudonym` in the ledger (partition and body; the
    entry is marked scrubbed, which the append-only guard allows) and in tombstones. Returns the counts."""
    postgres = not conn.__class__.__module__.startswith("sqlite3")
    find = "strpos" if postgres else "instr"
    # the id as a whole JSON string, or closing one ("user:<id>", an actor), escaped either way
    needles = (f"/{user_id}", json.dumps(user_id)[1:], json.dumps(user_id, ensure_ascii=False)[1:])
    rows = conn.execute(_sql(conn, f"SELECT seq, partition, body FROM ledger WHERE {find}(COALESCE(partition, ''), ?) > 0 "
                                   f"OR {find}(body, ?) > 0 OR {find}(body, ?) > 0 OR {find}(body, ?) > 0"),
                        (needles[0], *needles)).fetchall()
    changes = ledger_rows(rows, org_id, user_id, pseudonym)
    if postgres and changes:
        conn.execute("SELECT set_config('langmem.scrub', 'on', true)")
    for seq, partition, body in changes:
        conn.execute(_sql(conn, "UPDATE ledger SET partition=?, body=?, scrubbed=1 WHERE seq=?"), (partition, body, seq))
    if postgres and changes:
        conn.execute("SELECT set_config('langmem.scrub', 'off', true)")
    tombs = conn.execute(_sql(conn, f"SELECT memory_id, partition, actor FROM tombstones WHERE {find}(partition, ?) > 0 "
                                    f"OR {find}(actor, ?) > 0"), (needles[0], f":{user_id}")).fetchall()
    # theirs: in one of their partitions, or a memory elsewhere whose forget they asked for (the actor)
    tombs = [(mid, part, actor) for mid, part, actor in tombs
             if _belongs(part, org_id, user_id) or (actor_pseudonymised(actor, user_id, pseudonym) != actor and
                                                    org_id in (ANY_ORG, (_scope_of_partition(part) or {}).get("org_id")))]
    for mid, part, actor in tombs:
        new_part = pseudonymised(part, user_id, pseudonym) if _belongs(part, org_id, user_id) else part
        conn.execute(_sql(conn, "UPDATE tombstones SET partition=?, actor=? WHERE memory_id=?"),
                     (new_part, actor_pseudonymised(actor, user_id, pseudonym), mid))
    return {"ledger_entries": len(changes), "tombstones": len(tombs)}


def their_partitions(partitions: Sequence[str], org_id: str, user_id: str) -> list[str]:
    """The user and session partition keys of (org, user) among `partitions`."""
    return [p for p in partitions if _belongs(p, org_id, user_id)]


__all__ = ["ANY_ORG", "erase_key", "erased_since", "ledger_rows", "mark_erased",
           "pseudonymise", "pseudonymised", "their_partitions"]
