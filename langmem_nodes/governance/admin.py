"""MemoryAdmin: see, edit, forget, explain, export and import memories. Every method returns plain
JSON-serialisable dicts, so each CLI command (`list/show/edit/forget/export/import`) is one call.

Example:
    >>> import tempfile
    >>> from langmem_nodes.embeddings import HashingEmbedder
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder=HashingEmbedder())
    >>> rec = MemoryRecord(text="User drinks coffee", object="coffee", scope=Scope(user_id="ann"))
    >>> _ = store.commit(add=[rec])
    >>> admin = MemoryAdmin(store)
    >>> [r["text"] for r in admin.list(MemoryContext(user_id="ann"), text="coffee")]
    ['User drinks coffee']
    >>> admin.edit(rec.id, "User drinks green tea")["version"]
    2
    >>> admin.forget(rec.id)["places"]["chroma"]
    'gone'
    >>> store.close()
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from ..facts import is_exclusive
from ..json_input import MAX_DEPTH, too_deep
from ..records import (
    MAX_TEXT_CHARS,
    STORED,
    WILDCARD,
    Kind,
    LedgerEntry,
    LedgerOp,
    Level,
    MemoryContext,
    MemoryRecord,
    Scope,
    Source,
    Status,
    check_id,
    check_partition,
    normalize_text,
    partition_key,
    session_prefix,
    utcnow,
)
from ..safety import PII_POLICIES, PiiPolicy, check_text, control_reason, find_pii, find_secret, redact
from ..safety.fields import entry_secret, field_pii, field_secret
from ..store import KeyConflict, MemoryStore, VersionConflict
from ..store.memory_store import is_user_actor
from ..store.sqlite import ReadOnlyViolation
from ..text import with_article
from .export_view import as_exported

EXPORT_FORMAT = "langmem-nodes/export"
EXPORT_VERSION = 1
_MISSING: Any = object()
#: attempts after the first when another writer stores a value of an edit's attribute meanwhile
EDIT_RETRIES = 3


def _rec_json(r: MemoryRecord) -> dict[str, Any]:
    return r.model_dump(mode="json")


def derived_fields(rec: MemoryRecord, text: str) -> dict[str, Any]:
    """The predicate, object and polarity an edit's `text` states, read as the user's own statement about
    `rec`'s holder ("User is allergic to peanuts and cashews" → allergy, «peanuts and cashews»); when it
    states no single such claim, or one that leaves part of the text out ("User lives in Paris, Texas"
    reads as «Paris»), `rec`'s predicate with the whole text as its object.

    >>> old = MemoryRecord(text="用户对花生过敏", predicate="allergy", object="花生", scope=Scope(user_id="ada"))
    >>> derived_fields(old, "用户对花生和腰果过敏")["object"], derived_fields(old, "花生，还有腰果")["object"]
    ('花生和腰果', '花生，还有腰果')
    """
    from ..write.extractor import RuleExtractor
    from ..write.third_person import first_person  # the write side, loaded only when an edit needs it

    ctx = MemoryContext(user_id=rec.scope.user_id or "user")
    claims = [p.record for p in RuleExtractor().extract([{"role": "user", "content": first_person(text)}], ctx, utcnow())]
    whole = len(claims) == 1 and normalize_text(first_person(claims[0].text)) == normalize_text(first_person(text))
    if whole and claims[0].subject == rec.subject and claims[0].object:
        c = claims[0]
        return {"predicate": c.predicate, "object": c.object, "polarity": c.polarity}
    return {"object": text}


class MemoryAdmin:
    """Governance over one memory home. Not a node: the CLI and admin tools call it directly.

    Args:
        store: the `MemoryStore` to govern.
        pii: an edit holding a card number, national ID number, SSN or IBAN is refused ("refuse", the
            default, as in the write graph) or stored with the number redacted ("redact").
    """

    def __init__(self, store: MemoryStore, *, pii: PiiPolicy = "refuse") -> None:
        if pii not in PII_POLICIES:
            raise ValueError(f"pii must be one of {PII_POLICIES}, got {pii!r}")
        self.store, self.pii = store, pii

    # -- see ------------------------------------------------------------------------------------
    def partitions_for(self, who: MemoryContext | Mapping[str, Any] | Sequence[str] | None) -> list[str] | None:
        """Partitions named by a context (what that request may see), a filter dict, or a partition list.

        A filter dict takes `org_id` (default "default"), `user_id`, `project_id`, `session_id` and
        `level`; without a user it names the shared memories: the org's (`{"org_id": "acme"}`), with
        `project_id` that project's too; `None` means every partition (operator use)."""
        if who is None:
            return None
        if isinstance(who, MemoryContext):
            return who.visible_partitions()
        if isinstance(who, Mapping):
            unknown = set(who) - {"org_id", "user_id", "project_id", "session_id", "level"}
            if unknown:
                raise ValueError(f"unknown list filter(s): {sorted(unknown)}")
            if who.get("user_id") == "*":
                raise ValueError("list takes one user, not '*': name the user, or list the shared memories with "
                                 "{'org_id': ..., 'level': 'org'} (or {'org_id': ..., 'project_id': ...} for a "
                                 "project's and the org's); every partition at once is list_all()")
            if "level" in who:
                return [partition_key(**{k: v for k, v in who.items()})]
            if not who.get("user_id") and not who.get("session_id"):  # no user: the shared memories an admin sees
                org = who.get("org_id") or "default"
                project = [partition_key("project", org_id=org, project_id=who["project_id"])] if who.get("project_id") else []
                return [*project, partition_key("org", org_id=org)]
            return MemoryContext(**who).visible_partitions()
        if isinstance(who, str):
            raise ValueError("pass partitions as a list, e.g. ['user/default/alice']")
        return list(who)

    def _with_sessions(self, who: Any, parts: list[str] | None) -> list[str] | None:
        """A user named without a session: their session partitions too (in the project, or in every project
        without one) — what `export` calls theirs; a named session or level, or a partition list, stays as is."""
        if isinstance(who, Mapping) and "level" not in who and who.get("user_id") and not who.get("session_id"):
            who = MemoryContext(**who)
        if parts is None or not isinstance(who, MemoryContext) or who.session_id:
            return parts
        prefix = session_prefix(who.org_id, who.user_id, who.project_id) if who.project_id else \
            session_prefix(who.org_id, who.user_id)
        return list(dict.fromkeys([*parts, *self.store.partitions(prefix=prefix)]))

    def list(
        self,
        who: MemoryContext | Mapping[str, Any] | Sequence[str] | None,
        *,
        kind: Kind | str | None = None,
        status: Status | str | Sequence[Status | str] | None = None,
        text: str | None = None,
        all_statuses: bool = False,
    ) -> list[dict[str, Any]]:
        """Memories in the given scope, oldest first. Default status filter: active only. A user named without a
        session gets their session memories too (each record's `scope` says which session).

        `text` keeps memories whose normalised text contains it (works for Chinese and English). A scope is
        required (`None` is a ValueError): every user's memories at once is `list_all` (operator use)."""
        if who is None:
            raise ValueError("MemoryAdmin.list needs a scope: a MemoryContext, a filter dict such as "
                             "{'user_id': 'ada'}, or a list of partitions; every user's memories at once is "
                             "MemoryAdmin.list_all() (operator use)")
        return self._list(who, kind=kind, status=status, text=text, all_statuses=all_statuses)

    def list_all(
        self,
        *,
        kind: Kind | str | None = None,
        status: Status | str | Sequence[Status | str] | None = None,
        text: str | None = None,
        all_statuses: bool = False,
    ) -> builtins.list[dict[str, Any]]:
        """Every user's memories, every partition, oldest first (operator use: an export or an audit of the whole
        home); the filters are `list`'s. Never call it on behalf of one user."""
        return self._list(None, kind=kind, status=status, text=text, all_statuses=all_statuses)

    def _list(self, who: Any, *, kind: Kind | str | None, status: Status | str | Sequence[Status | str] | None,
              text: str | None, all_statuses: bool) -> builtins.list[dict[str, Any]]:
        if all_statuses and status is not None:
            raise ValueError("give either status= or all_statuses=True, not both")
        statuses: list[Status] | None
        if all_statuses:
            statuses = None
        elif status is None:
            statuses = [Status.ACTIVE]
        else:
            statuses = [Status(status)] if isinstance(status, str) else [Status(s) for s in status]
        recs = self.store.find(self._with_sessions(who, self.partitions_for(who)), statuses=statuses)
        if kind is not None:
            recs = [r for r in recs if r.kind is Kind(kind)]
        if text is not None:
            check_text(text, "text filter")
            needle = normalize_text(text)
            recs = [r for r in recs if needle in normalize_text(r.text)]
        return [_rec_json(r) for r in recs]

    def show(self, memory_id: str) -> dict[str, Any]:
        """The record, its supersede chain in both directions and its ledger history.

        `chain.older` lists what this memory replaced (nearest first), `chain.newer` what replaced it.
        A forgotten memory returns only its content-free tombstone."""
        check_id(memory_id, "memory_id", required=True)
        rec = self.store.get(memory_id)
        if rec is None:
            tomb = self.store.tombstone(memory_id)
            if tomb is None:
                raise KeyError(f"no memory with id {memory_id!r}")
            return {"id": memory_id, "forgotten": tomb, "history": self._history(memory_id)}
        return {
            "id": memory_id,
            "record": _rec_json(rec),
            "chain": {"older": self._walk(rec, older=True), "newer": self._walk(rec, older=False)},
            "history": self._history(memory_id),
            "why": self._why(rec),
            "sources": self._sources(rec),
        }

    def _walk(self, rec: MemoryRecord, *, older: bool) -> builtins.list[dict[str, Any]]:
        out, seen, frontier = [], {rec.id}, [rec]
        while frontier:
            nxt = []
            for r in frontier:
                ids = r.supersedes if older else ([r.superseded_by] if r.superseded_by else [])
                for mid in ids:
                    if mid in seen:
                        continue
                    seen.add(mid)
                    found = self.store.get(mid)
                    if found is None:
                        out.append({"id": mid, "forgotten": self.store.tombstone(mid) is not None})
                    else:
                        out.append(_rec_json(found))
                        nxt.append(found)
            frontier = nxt
        return out

    def _sources(self, rec: MemoryRecord) -> builtins.list[dict[str, Any]]:
        """The memories `rec` was derived from (an org memory's project or user copies): each record, or its
        id and whether it was forgotten."""
        found = self.store.get_many(rec.source_memory_ids) if rec.source_memory_ids else {}
        return [_rec_json(found[m]) if m in found else {"id": m, "forgotten": self.store.tombstone(m) is not None}
                for m in rec.source_memory_ids]

    def _history(self, memory_id: str) -> builtins.list[dict[str, Any]]:
        return [e.model_dump(mode="json") for e in self.store.history(memory_id)]

    @staticmethod
    def _why(rec: MemoryRecord) -> str:
        turns = (", ".join(rec.source_turn_ids) + " (turn ids: the turns' words are not stored, only this memory)"
                 if rec.source_turn_ids else "no recorded turn")
        return (
            f"source={rec.source.value}, confidence={rec.confidence:.2f}, created {rec.created_at.isoformat()}, "
            f"verified {rec.verified_at.isoformat() if rec.verified_at else 'never'}, evidence: {turns}"
            + (f", derived from {', '.join(rec.source_memory_ids)}" if rec.source_memory_ids else "")
        )

    # -- measure --------------------------------------------------------------------------------
    def metrics(
        self,
        scope: MemoryContext | Mapping[str, Any],
        *,
        since: datetime | None = None,
        until: datetime | None = None,
        stale_days: float = 30.0,
    ) -> dict[str, Any]:
        """The read-side measures of one user (one project with `project_id`) over `[since, until)`: restatements,
        hit rate, unused injection share (items, bytes), injection latency p50/p95, stale-citation rate, and
        the counts behind them; `None` where a measure cannot be known. Only that user's usage events are read
        (see `langmem_nodes.usage.usage_metrics` for the definitions).

        `scope` is a `MemoryContext` or a dict with `user_id` (required), `org_id`, `project_id`."""
        from ..records import MAX_DAYS
        from ..usage import usage_metrics

        scope = _user_scope(scope, "metrics")
        if isinstance(stale_days, bool) or not isinstance(stale_days, int | float) or not 0 < stale_days <= MAX_DAYS:
            raise ValueError(f"stale_days must be a number of days above 0 and at most {MAX_DAYS}, got {stale_days!r}")
        for name, value in (("since", since), ("until", until)):
            if value is not None and not isinstance(value, datetime):
                raise TypeError(f"{name} must be a datetime, got {type(value).__name__}")
        return usage_metrics(self.store, scope, since=since, until=until, stale_days=float(stale_days))

    def injections(self, scope: MemoryContext | Mapping[str, Any], *, recall_id: str | None = None,
                   last: int = 20) -> builtins.list[dict[str, Any]]:
        """Which memories were injected into one user's turns (one project's with `project_id`), newest first, each
        with its score parts: the last `last` turns, or the one turn `recall_id` names (`memory_recall_id`).
        See `governance.injections`. `scope` is a `MemoryContext` or a dict with `user_id` (required)."""
        from .injections import injections

        scope = _user_scope(scope, "injections")
        if recall_id is not None:
            check_id(recall_id, "recall_id", required=True)
        return injections(self.store, scope, recall_id=recall_id, last=last)

    # -- edit -----------------------------------------------------------------------------------
    def _holder(self, rec: MemoryRecord) -> MemoryRecord | None:
        """The memory holding the value now in `rec`'s chain of replacements (None when it ends elsewhere)."""
        seen = {rec.id}
        while rec.status is Status.SUPERSEDED and rec.superseded_by and rec.superseded_by not in seen:
            seen.add(rec.superseded_by)
            nxt = self.store.get(rec.superseded_by)
            if nxt is None:
                return None
            rec = nxt
        return rec if rec.status is Status.ACTIVE else None

    def edit(
        self,
        memory_id: str,
        text: str,
        *,
        actor: str = "user",
        expected_version: int | None = None,
        object: str | None = None,  # noqa: A002 - the record's field name
    ) -> dict[str, Any]:
        """Replace a memory's text as the user: source `user_edited`, confidence ≥ 0.95, verified now,
        a new version and an `edit` ledger entry. read_only records accept only a user actor. Text that
        looks like a credential is refused (ValueError): secrets are never stored, not even by the user;
        a personal identifier follows the `pii` policy; lone surrogates or over-long text are refused.

        The structured fields follow the new text (`derived_fields`): the predicate, object and polarity the
        rule reading finds in it (one claim about the same holder), else the old predicate with the whole
        text as object, so the object never disagrees with the text; `object` given sets it instead.
        Like a write, the edit leaves one active value per one-value attribute and per fact: the memories its
        new text contradicts are superseded by it (`supersede` ledger entries); a read-only one refuses it.
        Raises `VersionConflict` if `expected_version` is given and the record moved on."""
        check_id(memory_id, "memory_id", required=True)
        check_text(text, "edit text", max_chars=MAX_TEXT_CHARS)
        if object is not None:
            check_text(object, "edit object", max_chars=MAX_TEXT_CHARS)
        secret = find_secret(" ".join([text, object or ""]))
        if secret:
            raise ValueError(f"edit text looks like {with_article(secret)}: credentials are never stored")
        if why := control_reason(text) or (control_reason(object) if object is not None else None):
            raise ValueError(f"edit text is an instruction to the assistant ({why}): memory holds facts and "
                             "preferences, never such orders")
        pii = find_pii(" ".join([text, object or ""]))
        if pii and self.pii == "refuse":
            raise ValueError(f"edit text holds {with_article(pii[0].kind)}: personal identifiers are not stored (pii='refuse')")
        if pii:
            values = [f.value for f in pii]
            text, object = redact(text, *values), (redact(object, *values) if object is not None else None)  # noqa: A001
        if not is_user_actor(actor):
            raise ReadOnlyViolation(f"edit is the explicit user path: actor must be 'user' or 'user:<name>', got {actor!r}")
        if expected_version is not None and (isinstance(expected_version, bool) or not isinstance(expected_version, int)):
            raise TypeError(f"expected_version must be an integer, got {type(expected_version).__name__}")
        for attempt in range(EDIT_RETRIES + 1):
            try:
                return self._edit_once(memory_id, text, object, actor, expected_version)
            except KeyConflict:  # another writer stored a value of the new attribute meanwhile: look again
                if attempt == EDIT_RETRIES:
                    raise
        raise AssertionError("unreachable")

    def _edit_once(self, memory_id: str, text: str, object: str | None, actor: str,  # noqa: A002
                   expected_version: int | None) -> dict[str, Any]:
        """One attempt of `edit` on the stored record as it is now: the memories the new text contradicts (another
        value of a one-value attribute, the same fact) are superseded by it (`edit_conflicts`), in one commit that
        re-checks the attribute in its transaction (`KeyConflict` when another writer got there first)."""
        from .edit_conflicts import contradicted, edit_reach, superseded_by_edit

        rec = self.store.get(memory_id)
        if rec is None:
            raise KeyError(f"no memory with id {memory_id!r}")
        if rec.status is Status.SUPERSEDED:  # history: an edit there would never be recalled
            held = self._holder(rec)
            instead = f"edit {held.id} («{held.text}») instead" if held is not None else "nothing holds its value now"
            raise ValueError(f"memory {memory_id} was replaced and is kept as history: {instead}")
        if expected_version is not None and rec.version != expected_version:
            raise VersionConflict(f"memory {memory_id!r} is at version {rec.version}, not {expected_version}")
        fields = derived_fields(rec, text) if object is None else {"object": object}
        now = utcnow()
        new = rec.model_copy(
            update={
                **fields,
                "text": text,
                "source": Source.USER_EDITED,
                "confidence": max(rec.confidence, 0.95),
                "verified_at": now,
            }
        )
        new = MemoryRecord.model_validate(new.model_dump(), context=STORED)  # re-run validators on the edited text
        losers, reach = contradicted(self.store, new, edit_reach(self.store, new))
        if locked := next((m for m in losers if m.read_only), None):
            raise ValueError(f"edit of {memory_id} contradicts read-only memory {locked.id} («{locked.text}»): "
                             "edit or forget that one first")
        if losers:
            new.supersedes = list(dict.fromkeys([*new.supersedes, *(m.id for m in losers)]))
        replaced, entries = superseded_by_edit(new, losers, actor=actor, now=now)
        entry = LedgerEntry(
            op=LedgerOp.EDIT,
            memory_id=memory_id,
            partition=rec.scope.partition,
            ts=now,
            trigger="user edit",
            actor=actor,
            payload={"old_text": rec.text, "new_text": text, "from_version": rec.version},
        )
        stored = self.store.commit(update=[new, *replaced], ledger=[entry, *entries], actor=actor,
                                   exclusive=is_exclusive, rivals={new.id: reach}, rekeyed=[new.id])
        return _rec_json(stored[0])

    # -- forget ---------------------------------------------------------------------------------
    def forget(self, memory_id: str, *, actor: str = "user") -> dict[str, Any]:
        """Forget one memory everywhere: `{"id", "places": {name: "gone" | "pending: ..."}}`."""
        check_id(memory_id, "memory_id", required=True)
        return self.store.forget(memory_id, actor=actor)

    def verify_gone(self, memory_id: str) -> dict[str, bool]:
        return self.store.verify_gone(memory_id)

    def delete_all(
        self,
        *,
        org_id: str = _MISSING,
        project_id: str = _MISSING,
        user_id: str = _MISSING,
        session_id: str = _MISSING,
        dry_run: bool = False,
        actor: str = "user",
        written_in_project: bool = False,
    ) -> dict[str, Any]:
        """Bulk forget, guarded: all four scope dimensions must be given, each an id or "*" (any).

        A record matches when every non-"*" dimension equals its scope id. A specific `project_id` matches
        only the memories that project narrows — its project-level facts and its sessions' memories — not
        user-level memories that were merely written while in it (they follow the user into every project);
        `written_in_project=True` selects those too. A specific `session_id` matches only session-level
        memories (promoted memories keep their origin session id). A specific `user_id` matches everything
        that user wrote, the project facts they stated included. The ledger entries quoting a matching turn
        that no forgotten memory owns (rejected turns, duplicates of a memory that stays) are scrubbed too
        (`scrubbed_entries`), and so are the usage events naming a forgotten id (`usage_events`: deleted, or
        the id taken out of a turn's injected list). Nothing runs unless every argument is valid.

        A specific `user_id` with `project_id="*"` and `session_id="*"` erases the account: besides the
        memories, their usage events go, their id is replaced by a pseudonym in the ledger and tombstones,
        and a content-free erase record (a keyed hash) makes a turn of theirs still in flight write nothing
        (`MemoryStore.erase_user`; `erased` reports the counts, None for any other delete). Returns
        `{"filters", "count", "ids", "reports", "scrubbed_entries", "usage_events", "erased"}`.
        """
        filters = {"org_id": org_id, "project_id": project_id, "user_id": user_id, "session_id": session_id}
        missing = [k for k, v in filters.items() if v is _MISSING]
        if len(missing) == len(filters):
            raise ValueError("delete_all needs filters: give org_id, project_id, user_id and session_id ('*' for all)")
        if missing:
            raise ValueError(f"delete_all: every scope dimension must be explicit ('*' for all); missing {missing}")
        for k, v in filters.items():
            if v != WILDCARD:
                check_id(v, k, required=True)
        if written_in_project and project_id == WILDCARD:
            raise ValueError("delete_all: written_in_project=True needs a specific project_id, not '*'")
        recs = [r for r in self.store.find(None, statuses=None) if self._matches(r.scope, filters, written_in_project)]
        ids = [r.id for r in recs]
        reports = [] if dry_run or not ids else self.store.forget_many(ids, actor=actor, reason="bulk delete")
        # after the forgets, which read their memories' own entries to find every text to redact
        def turn(scope: Scope) -> bool:
            return self._matches(scope, filters, written_in_project)

        turns = (sum(1 for _, scope, _ in self.store.turn_entries() if turn(Scope.model_construct(**scope)))
                 if dry_run else self.store.forget_turns(turn))
        from ..usage import purge_usage

        usage = 0 if dry_run else purge_usage(self.store, ids)
        erased = None
        if not dry_run and user_id != WILDCARD and project_id == WILDCARD and session_id == WILDCARD:
            erased = self.store.erase_user(org_id, user_id)  # the account itself (docs/governance.md "Erasure")
            usage += erased["usage_events"]
        return {"filters": filters, "dry_run": dry_run, "count": len(ids), "ids": ids, "reports": reports,
                "scrubbed_entries": turns, "usage_events": usage, "erased": erased}

    @staticmethod
    def _matches(scope: Scope, filters: Mapping[str, str], written_in_project: bool = False) -> bool:
        for k, v in filters.items():
            if v != WILDCARD and getattr(scope, k) != v:
                return False
        level = Level(scope.level)  # a scope read back from a ledger payload is not validated
        if filters["session_id"] != WILDCARD and level is not Level.SESSION:
            return False
        if filters["project_id"] != WILDCARD and level not in (Level.PROJECT, Level.SESSION):
            return written_in_project and level is Level.USER
        return True

    # -- export / import ------------------------------------------------------------------------
    def export(self, user_id: str, *, org_id: str = "default") -> dict[str, Any]:
        """Everything a user owns: their user- and session-level memories plus the project- and
        org-level memories they wrote (whose scope carries their `user_id`), the ledger entries about
        those memories or the user's partitions, and the content-free tombstones in their partitions. An entry another
        user's turn made about one of those memories (bob replacing the project fact ada stated) is exported
        content-free: what happened to the memory, not the other user's words (`export_view`)."""
        check_id(user_id, "user_id", required=True)
        check_id(org_id, "org_id", required=True)
        recs = [r for r in self.store.find(None, statuses=None) if r.scope.user_id == user_id and r.scope.org_id == org_id]
        ids = {r.id for r in recs}
        parts = {r.scope.partition for r in recs if r.scope.level in (Level.USER, Level.SESSION)}
        parts.add(partition_key(Level.USER, org_id, user_id=user_id))
        own = session_prefix(org_id, user_id)  # every project's sessions, and the pre-project layout's
        entries = [
            e for e in self.store.ledger()
            if e.memory_id in ids or (e.partition is not None and (e.partition in parts or e.partition.startswith(own)))
        ]
        tombs = [t for t in self.store.tombstones() if t["partition"] in parts or t["partition"].startswith(own)]
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "user_id": user_id,
            "org_id": org_id,
            "exported_at": utcnow().isoformat(),
            "records": [_rec_json(r) for r in recs],
            "ledger": [as_exported(e, user_id).model_dump(mode="json") for e in entries],
            "tombstones": tombs,
        }

    def export_home(self) -> dict[str, Any]:
        """The whole home — every user's and org's records (any status), the ledger and the tombstones — in
        `export`'s format with `user_id` and `org_id` "*": what `import_` loads into a new, empty home (to move a
        home to another embedder or disk). An operator's tool: it holds every user's memories."""
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "user_id": "*",
            "org_id": "*",
            "exported_at": utcnow().isoformat(),
            "records": [_rec_json(r) for r in self.store.find(None, statuses=None)],
            "ledger": [e.model_dump(mode="json") for e in self.store.ledger()],
            "tombstones": list(self.store.tombstones()),
        }

    def _admissible(self, index: int, rec: MemoryRecord) -> MemoryRecord:
        """An imported record as it may be stored: a credential or an instruction to the assistant refuses the
        import (ValueError naming the record); a personal identifier follows the `pii` policy."""
        text = " ".join([rec.text, rec.object, str(rec.metadata.get("quote", ""))])
        # every other string of the record too: its names, turn ids and metadata (nested, keys included)
        fields = [rec.subject, rec.predicate, rec.source_turn_ids, rec.metadata]
        secret = find_secret(text) or field_secret(fields)
        if secret:
            raise ValueError(f"records[{index}] ({rec.id}) holds {with_article(secret)}: credentials are never stored")
        if why := control_reason(rec.text) or control_reason(rec.object):
            raise ValueError(f"records[{index}] ({rec.id}) is an instruction to the assistant ({why}): never stored as memory")
        pii = [*find_pii(text), *field_pii(fields)]
        if pii and self.pii == "refuse":
            raise ValueError(f"records[{index}] ({rec.id}) holds {with_article(pii[0].kind)}: personal identifiers are not "
                             "stored (pii='refuse')")
        if not pii:
            return rec
        values = [f.value for f in pii]
        meta = json.loads(redact(json.dumps({k: v for k, v in rec.metadata.items() if k != "quote"}, ensure_ascii=False),
                                  *values))
        return rec.model_copy(update={"text": redact(rec.text, *values), "object": redact(rec.object, *values),
                                      "predicate": redact(rec.predicate, *values), "subject": redact(rec.subject, *values),
                                      "metadata": meta})

    def import_(self, data: Mapping[str, Any], *, actor: str = "user") -> dict[str, Any]:
        """Load an `export()` into an EMPTY memory home: same ids, versions, timestamps and ledger, plus
        one `import` ledger entry. Returns the counts loaded from `data` (`{"records", "ledger", "tombstones"}`, as
        `export` reported them; the import's own entry is not counted). A record or ledger
        payload holding a credential refuses the whole import (nothing is written); personal identifiers
        follow the `pii` policy. Two ACTIVE records of one one-value attribute (or of one fact) in a partition, which
        only a hand-edited or damaged export holds, load as one: the other is superseded by it (`import_keys`)."""
        if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
            raise ValueError(f"not a langmem-nodes export (format must be {EXPORT_FORMAT!r})")
        if data.get("version") != EXPORT_VERSION:
            raise ValueError(f"unsupported export version {data.get('version')!r} (expected {EXPORT_VERSION})")
        if self.store.count() or self.store.ledger_count():  # checked again inside the import's transaction
            raise ValueError("import needs an empty memory home (it already holds records or ledger entries)")
        for part in ("records", "ledger", "tombstones"):
            if not isinstance(data.get(part, []), list):
                raise ValueError(f"{part} must be a JSON list, got {type(data.get(part)).__name__}")
        recs = [self._admissible(i, _parsed(MemoryRecord, r, f"records[{i}]"))
                for i, r in enumerate(data.get("records", []))]
        entries = [_parsed(LedgerEntry, e, f"ledger[{i}]") for i, e in enumerate(data.get("ledger", []))]
        for where, value in [*((f"records[{i}] metadata", r.metadata) for i, r in enumerate(recs)),
                             *((f"ledger[{i}] payload", e.payload) for i, e in enumerate(entries))]:
            if too_deep(value):
                raise ValueError(f"{where} is nested deeper than {MAX_DEPTH} levels")
        for i, e in enumerate(entries):
            secret = find_secret(json.dumps(e.payload, ensure_ascii=False)) or entry_secret(e)
            if secret:
                raise ValueError(f"ledger[{i}] holds {with_article(secret)}: credentials are never stored")
        tombs = list(data.get("tombstones", []))  # their shape is checked by import_home
        for i, t in enumerate(tombs):
            if isinstance(t, Mapping):
                _check_tombstone(i, t)
        from .import_keys import one_active_per_key

        loaded = len(entries)
        recs, settled = one_active_per_key(recs, actor=actor)  # a hand-edited export may hold two active values
        entries += settled
        entries.append(
            LedgerEntry(op=LedgerOp.IMPORT, actor=actor, reason="import",
                        payload={"records": len(recs), "user_id": data.get("user_id"), "org_id": data.get("org_id")})
        )
        self.store.import_home(recs, entries, tombs)
        return {"records": len(recs), "ledger": loaded, "tombstones": len(tombs)}


def _check_tombstone(index: int, tomb: Mapping[str, Any]) -> None:
    """A tombstone's partition is a partition key, and none of its strings holds a credential (not echoed)."""
    where = f"tombstones[{index}]"
    if secret := field_secret([v for v in tomb.values() if isinstance(v, str)]):
        raise ValueError(f"{where} holds {with_article(secret)}: credentials are never stored")
    check_partition(tomb.get("partition"), f"{where} partition")


def _parsed(model: Any, raw: Any, where: str) -> Any:
    """`model.model_validate(raw)`, its errors told in one line naming the entry and each bad field
    ("records[0]: confidence: should be a number, got 'high'") instead of pydantic's multi-line dump."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where} must be a JSON object, got {type(raw).__name__}")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors()[:5]:
            field = ".".join(str(p) for p in err.get("loc", ())) or "entry"
            got = err.get("input")
            shown = "" if isinstance(got, Mapping) else f", got {str(got)[:40]!r}"
            problems.append(f"{field}: {err.get('msg', 'invalid').lower()}{shown}")
        more = f" (and {len(exc.errors()) - 5} more)" if len(exc.errors()) > 5 else ""
        rid = raw.get("id")
        label = f"{where} (id {str(rid)[:40]!r})" if isinstance(rid, str) else where
        raise ValueError(f"{label}: " + "; ".join(problems) + more) from None


def _user_scope(scope: MemoryContext | Mapping[str, Any], what: str) -> MemoryContext:
    """`scope` as a MemoryContext of one user (a dict may hold `user_id`, `org_id`, `project_id`)."""
    if isinstance(scope, Mapping):
        unknown = set(scope) - {"org_id", "user_id", "project_id"}
        if unknown:
            raise ValueError(f"unknown {what} scope field(s): {sorted(unknown)}")
        if not scope.get("user_id"):
            raise ValueError(f"user_id is required: {what} are per user")
        scope = MemoryContext(**scope)
    if not isinstance(scope, MemoryContext):
        raise TypeError(f"scope must be a MemoryContext or a dict, got {type(scope).__name__}")
    return scope
