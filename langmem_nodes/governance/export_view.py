"""A ledger entry as one user's export shows it. A shared memory a user wrote (a project fact) may later be merged
into or replaced by another user's turn: that entry belongs in the writer's export — it says what happened to their
memory — but the other user's words, scope, turn ids and decision trace are theirs. It is exported content-free:
its op, time, memory ids, partition and trigger, and a reason saying the rest was withheld.

Example:
    >>> from langmem_nodes.records import LedgerEntry
    >>> e = LedgerEntry(op="supersede", memory_id="mem_1", supersedes=["mem_1"], evidence_turn_ids=["t9"],
    ...                 payload={"text": "Project uses yarn", "scope": {"user_id": "bob", "level": "project"}})
    >>> shown = as_exported(e, "ada")
    >>> shown.payload, shown.evidence_turn_ids, shown.supersedes
    ({}, [], ['mem_1'])
    >>> as_exported(e, "bob") is e
    True
"""

from __future__ import annotations

from ..records import LedgerEntry

WITHHELD = "made by another user's turn: their words, scope, turn ids and trace are not part of this export"


def entry_user(entry: LedgerEntry) -> str | None:
    """The user whose turn or action made `entry`: its payload's scope, else an actor `user:<id>` / `agent:<id>`."""
    scope = entry.payload.get("scope")
    if isinstance(scope, dict) and isinstance(scope.get("user_id"), str):
        return scope["user_id"]
    kind, _, who = entry.actor.partition(":")
    return who if kind in ("user", "agent") and who else None


def as_exported(entry: LedgerEntry, user_id: str) -> LedgerEntry:
    """`entry` itself when `user_id` (or no one in particular) made it, else its content-free copy."""
    who = entry_user(entry)
    if who is None or who == user_id:
        return entry
    return entry.model_copy(update={"reason": WITHHELD, "evidence_turn_ids": [], "decision_trace": "", "payload": {},
                                    "from_scope": None, "to_scope": None, "actor": "another user"})
