"""Scope promotion: session → user / project on recurrence or an explicit trigger; org only by confirmation.

The wider a scope's fan-out, the more evidence it needs: a user memory needs the fact in `user_sessions`
distinct sessions (default 2), a project fact `project_sessions` (default 3, it reaches every project member),
an org memory an explicit confirmation *and* the same fact held by `org_users` distinct users (default 3) — or,
for a project fact (a team convention: "never commit to main"), by `org_projects` distinct projects (default 2).
An explicit request ("remember …", "以后…", a correction) promotes at once, and so does an allergy said once (what a
forgotten allergy costs is not a wasted token: "I'm allergic to peanuts" in one session holds in the next), and a restatement made
with no session (a session-less write lives at the user level, or the project's for a project fact, so the
session memory it repeats moves there rather than being skipped as a duplicate the caller cannot see). A project fact is only ever
promoted to its own project's partition — never to the user level, which other projects can see. Evidence
counts within one project: a session partition belongs to one project (or none), dedup merges only into
sessions of the caller's project, and a merge into another project's session never promotes.

Example:
    >>> from langmem_nodes.records import Level
    >>> PromoteNode(None).target_level("user", explicit=True, recurrence=1, has_project=True)
    <Level.USER: 'user'>
    >>> PromoteNode(None).target_level("project", explicit=False, recurrence=2, has_project=True) is None
    True
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..facts import EXPLICIT_SOURCES
from ..node import MemoryNode
from ..records import (
    Kind,
    LedgerEntry,
    LedgerOp,
    Level,
    MemoryContext,
    MemoryRecord,
    Source,
    Status,
    new_id,
    normalize_text,
)
from .verify import personal_fact

#: metadata holding what one user said (a clause; a whole note, in homes written before notes were split):
#: never copied to the org
_USERS_WORDS = frozenset({"quote", "note"})


class PromoteNode(MemoryNode):
    """Graph node: sets the scope level of new writes and `promote_to` on merges that crossed a threshold.

    Args:
        store: the MemoryStore (used by `promote_to_org`).
        user_sessions: distinct sessions before a user fact leaves the session (default 2).
        project_sessions: distinct sessions before a project fact reaches the project (default 3).
        org_users: distinct users holding the same fact before a confirmed org promotion (default 3).
        org_projects: distinct projects holding the same project fact (a team convention) before a confirmed org
            promotion (default 2).
    """

    name = "promote"

    def __init__(
        self,
        store: Any,
        *,
        user_sessions: int = 2,
        project_sessions: int = 3,
        org_users: int = 3,
        org_projects: int = 2,
        pending_key: str = "memory_pending",
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        if not 1 <= user_sessions <= project_sessions:
            raise ValueError(f"need 1 <= user_sessions <= project_sessions, got {user_sessions}, {project_sessions}")
        if org_users < 2:
            raise ValueError(f"org_users must be >= 2 (org promotion needs recurrence across users), got {org_users}")
        if org_projects < 2:
            raise ValueError(f"org_projects must be >= 2 (org promotion needs recurrence across projects), got {org_projects}")
        self.store, self.user_sessions, self.project_sessions, self.org_users = store, user_sessions, project_sessions, org_users
        self.org_projects = org_projects
        self.pending_key = pending_key

    def target_level(self, subject: str, *, explicit: bool, recurrence: int, has_project: bool) -> Level | None:
        """The level a fact has earned, or None to stay in the session."""
        if subject == "project":
            if not has_project:
                return None  # no project to hold it: never widen a project fact to the user level
            return Level.PROJECT if explicit or recurrence >= self.project_sessions else None
        return Level.USER if explicit or recurrence >= self.user_sessions else None

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        pending = [p.model_copy(deep=True) for p in state.get(self.pending_key) or []]  # never the input's
        existing = self.store.get_many([p.merge_into for p in pending if p.action == "merge" and p.merge_into]) if self.store else {}
        for p in pending:
            r = p.record
            if p.action in ("write", "downgrade"):
                safety = _safety_fact(r)
                explicit = r.source in EXPLICIT_SOURCES or safety
                level = self.target_level(r.subject, explicit=explicit, recurrence=r.recurrence,
                                          has_project=ctx.project_id is not None)
                held_by_project = False  # promoted because nothing else can hold it, not because it recurred
                if level is None and r.subject == "project" and ctx.project_id and not ctx.session_id:
                    level = Level.PROJECT  # no session to hold it, and the user level would leak across projects
                    held_by_project = True
                if level is None and r.subject == "project" and r.scope.level is not Level.SESSION:
                    p.action = "reject"  # no project and no session: the user level would show it in every project
                    p.reason = "a project fact needs a project_id or a session_id to hold it"
                    p.note("promote", "reject (project fact without a project or session)")
                    continue
                if level is not None and level is not r.scope.level:
                    p.trigger = ("safety" if safety and r.source not in EXPLICIT_SOURCES else "explicit" if explicit
                                 else "project fact without a session" if held_by_project else "recurrence")
                    r.scope = ctx.scope(level)
                    p.note("promote", f"stored at {level.value} level ({p.trigger})")
                else:
                    p.note("promote", f"stays at {r.scope.level.value} level")
            elif p.action == "merge" and p.merge_into in existing:
                old = existing[p.merge_into]
                sessions = set(old.sessions_seen) | ({ctx.session_id} if ctx.session_id else set())
                recurrence = old.recurrence if r.source is Source.DERIVED else max(old.recurrence, len(sessions))
                if old.scope.level is not Level.SESSION:
                    continue
                if old.scope.project_id != ctx.project_id:  # evidence counts within one project only
                    p.note("promote", f"{old.id}: held in another project's session, not promoted from here")
                    continue
                level = self.target_level(old.subject, explicit=r.source in EXPLICIT_SOURCES, recurrence=recurrence,
                                          has_project=old.scope.project_id is not None)
                sessionless = level is None and not ctx.session_id
                if sessionless:  # restated outside any session: lift it to where a session-less write lives
                    level = self._sessionless_level(old.subject, ctx)
                if level is not None:
                    p.promote_to = level.value
                    p.trigger = ("explicit" if r.source in EXPLICIT_SOURCES else "restated outside any session" if sessionless
                                 else f"recurrence in {recurrence} sessions")
                    p.note("promote", f"{old.id}: session → {level.value} ({p.trigger})")
        return {self.pending_key: pending}

    @staticmethod
    def _sessionless_level(subject: str, ctx: MemoryContext) -> Level | None:
        """The level a write with no session is stored at: the project for a project fact (None without a
        project: such a write is rejected), else the user."""
        if subject == "project":
            return Level.PROJECT if ctx.project_id else None
        return Level.USER

    def promote_to_org(self, memory_id: str, *, confirmed_by: str, now: datetime, reason: str = "") -> MemoryRecord:
        """Copy a confirmed memory to the org level once `org_users` distinct users (a project fact: `org_projects`
        distinct projects) hold the same fact.

        The copy drops the user's verbatim quote and turn ids; it links back through `source_memory_ids`.

        A user's personal fact (`verify.personal_fact`: identity, health, home, family, money) is refused: at org level
        «User is allergic to peanuts» would read as every member's own.

        Raises KeyError for an unknown id and ValueError when confirmation or recurrence is missing or the fact is
        personal.
        """
        if not confirmed_by or not confirmed_by.strip():
            raise ValueError("org promotion needs an explicit confirmation: confirmed_by must name who confirmed")
        rec = self.store.get(memory_id)
        if rec is None:
            raise KeyError(f"no memory with id {memory_id!r}")
        if rec.subject == "user" and (rec.kind is Kind.IDENTITY or personal_fact(rec, rec.text)):
            # «User is allergic to peanuts» at org level reads as every member's own allergy: never the org's
            raise ValueError(f"org promotion refused: {rec.id} is a personal fact of its user (identity, health, home, "
                             "family, money); each user keeps their own, the org never holds it")
        by_project = rec.subject == "project"  # a team convention: held by projects, not by users
        holders = {
            m.scope.project_id if by_project else m.scope.user_id
            for m in self.store.find(None, subject=rec.subject, predicate=rec.predicate)
            if m.scope.org_id == rec.scope.org_id and (m.scope.project_id if by_project else m.scope.user_id)
            and m.polarity == rec.polarity and normalize_text(m.object) == normalize_text(rec.object)
        }
        need, who = (self.org_projects, "projects") if by_project else (self.org_users, "users")
        if len(holders) < need:
            raise ValueError(f"org promotion needs the fact held by >= {need} {who}, found {len(holders)}")
        org_part = rec.scope.model_copy(update={"level": Level.ORG, "user_id": None, "session_id": None,
                                                "project_id": None}).partition
        held = self._org_copy(rec, org_part)
        if held is not None:
            return self._merge_into_org(held, rec, confirmed_by=confirmed_by, now=now, reason=reason,
                                        trace=f"promote_to_org: {who}={len(holders)} >= {need}")
        org = rec.model_copy(update={
            "id": new_id(), "scope": rec.scope.model_copy(update={"level": Level.ORG, "user_id": None,
                                                                  "session_id": None, "project_id": None}),
            "subject": "org", "supersedes": [], "superseded_by": None, "version": 1, "status": Status.ACTIVE,
            "sessions_seen": [], "created_at": now, "verified_at": now, "source_memory_ids": [rec.id],
            "text": org_label(rec.text),
            # the whole org reads this copy: no trace of the one user's own words or turns
            "source_turn_ids": [], "metadata": {k: v for k, v in rec.metadata.items() if k not in _USERS_WORDS},
        })
        entry = LedgerEntry(
            op=LedgerOp.PROMOTE, memory_id=org.id, partition=org.scope.partition, ts=now, actor=confirmed_by,
            trigger="explicit_confirmation", reason=reason or f"confirmed by {confirmed_by}; held by {len(holders)} {who}",
            from_scope=rec.scope.partition, to_scope=org.scope.partition,
            decision_trace=f"promote_to_org: {who}={len(holders)} >= {need}",
        )
        return self.store.commit(add=[org], ledger=[entry])[0]

    def _org_copy(self, rec: MemoryRecord, org_part: str) -> MemoryRecord | None:
        """The active org memory already holding `rec`'s fact (same predicate, object and polarity), if any."""
        for m in self.store.find([org_part], predicate=rec.predicate):
            if m.status is Status.ACTIVE and m.polarity == rec.polarity and \
                    normalize_text(m.object) == normalize_text(rec.object):
                return m
        return None

    def _merge_into_org(self, held: MemoryRecord, rec: MemoryRecord, *, confirmed_by: str, now: datetime,
                        reason: str, trace: str) -> MemoryRecord:
        """A second promotion of a fact the org already holds: its source joins the org record's provenance
        (one org memory, one thing to retract) and the ledger says it merged; a source already listed changes nothing."""
        if rec.id in held.source_memory_ids:
            return held
        merged = held.model_copy(update={"source_memory_ids": [*held.source_memory_ids, rec.id], "verified_at": now})
        entry = LedgerEntry(
            op=LedgerOp.PROMOTE, memory_id=held.id, partition=held.scope.partition, ts=now, actor=confirmed_by,
            trigger="explicit_confirmation",
            reason=(f"{reason}; " if reason else "") + f"merged into the org memory already holding it (from {rec.id})",
            from_scope=rec.scope.partition, to_scope=held.scope.partition, decision_trace=f"{trace}; merged into {held.id}",
        )
        return self.store.commit(update=[merged], ledger=[entry])[0]


def org_label(text: str) -> str:
    """An org copy's text names the org, not the project it came from: "Project rule: …" → "Org rule: …",
    "项目规则：…" → "组织规则：…"; any other text is kept."""
    if text.startswith("Project "):
        return "Org " + text[len("Project "):]
    if text.startswith("项目"):
        return "组织" + text[2:]
    return text

def _safety_fact(r: MemoryRecord) -> bool:
    """A fact whose loss harms the user, not just costs a repeat: the user's allergies (either polarity)."""
    return r.subject == "user" and r.predicate == "allergy"
