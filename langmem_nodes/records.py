"""Records: one row of memory, its scope, and the ledger entry that explains every decision.

Example:
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> scope = Scope(user_id="alice", level="user")
    >>> rec = MemoryRecord(text="User prefers TypeScript", subject="user", predicate="prefers",
    ...                    object="TypeScript", scope=scope)
    >>> rec.status.value, rec.polarity.value, scope.partition
    ('active', 'positive', 'user/default/alice')
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
import uuid
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .text import strip_controls

#: the longest day count `stale_days` (and the CLI's `--since`) accepts: a century; more is a typo
MAX_DAYS = 36500

MAX_TEXT_CHARS = 4000
MAX_COUNT = 2**63 - 1  # a version or recurrence count: what a SQLite / PostgreSQL BIGINT column holds
MAX_ID_CHARS = 128
_BAD_ID = re.compile(r"[/\\\x00-\x1f\x7f]")  # refused in every id, stored ones included
WILDCARD = "*"
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})  # controls, invisible formatting, surrogates, U+2028/9
STORED: dict[str, Any] = {"stored": True}  # validation context of a record read back from a home
_SURROGATE = re.compile(r"[\ud800-\udfff]")


class Level(StrEnum):
    SESSION = "session"
    USER = "user"
    PROJECT = "project"
    ORG = "org"


class Polarity(StrEnum):
    POSITIVE = "positive"
    NEGATIVE = "negative"


class Kind(StrEnum):
    PREFERENCE = "preference"
    FACT = "fact"
    IDENTITY = "identity"
    RULE = "rule"
    PROCEDURE = "procedure"
    WARNING = "warning"
    TASK_STATE = "task_state"
    REFERENCE = "reference"


class Tier(StrEnum):
    STABLE = "stable"
    SEMI = "semi"
    VOLATILE = "volatile"


class Source(StrEnum):
    EXPLICIT_CORRECTION = "explicit_correction"
    EXPLICIT = "explicit"
    USER_EDITED = "user_edited"
    INFERRED = "inferred"
    DERIVED = "derived"
    IMPORTED = "imported"


class Status(StrEnum):
    CANDIDATE = "candidate"
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    EXPIRED = "expired"
    DELETED = "deleted"
    ARCHIVED = "archived"


class Drift(StrEnum):
    CODE = "code"
    CONFIG = "config"
    PREFERENCE = "preference"
    EXTERNAL = "external"


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_id(prefix: str = "mem") -> str:
    return f"{prefix}_{uuid.uuid4().hex[:16]}"


@functools.lru_cache(maxsize=65536)
def _id_problem(value: str, stored: bool) -> str | None:
    """What is wrong with an id, or None. `stored`: only the rules every stored record was written under."""
    if not value.strip():
        return "must not be empty or whitespace"
    if value != value.strip():
        return f"must not have leading or trailing whitespace: {value!r}"
    if len(value) > MAX_ID_CHARS:
        return f"is longer than {MAX_ID_CHARS} characters"
    if _BAD_ID.search(value):
        return f"contains a path separator or control character: {value!r}"
    if stored:
        return None
    if value == WILDCARD:
        return "must not be '*': it means 'any' to MemoryAdmin.delete_all"
    if not value.isascii():
        for ch in value:
            cat = unicodedata.category(ch)
            if cat in _UNSAFE_CATEGORIES:
                return f"contains an invisible, line-breaking or unencodable character U+{ord(ch):04X} ({cat})"
        return _ambiguous(value)
    return None


def _ambiguous(value: str) -> str | None:
    """Why `value` could name the same person as another id, or None. One form per id is accepted, so two
    spellings of one id never open two scopes (one user split in two) and are never merged into one (two
    people sharing one): the NFKC form ("é" composed, "ada" for full-width "ａｄａ"), and no letter of another
    script standing for a Latin one ("аda" with a Cyrillic а)."""
    from .safety.lookalike import latin_lookalikes  # safety builds on this module

    canonical = unicodedata.normalize("NFKC", value)
    if canonical != value:
        return (f"is not in its canonical Unicode form (NFKC), {canonical!r}, so one person could get two scopes: "
                f"send {ascii(canonical)}, not {ascii(value)}")
    if (latin := latin_lookalikes(value)) != value:
        return (f"uses letters of another script that look Latin: {value!r} reads as {latin!r}, so two people "
                f"could appear as one; send {latin!r} or an id in one script")
    return None


def check_id(value: str | None, field: str, *, required: bool = False, stored: bool = False) -> str | None:
    """Validate an identifier: non-blank, bounded, no path separator, no control, format, separator or
    surrogate character, and not the wildcard `'*'`. The ValueError names `field`.

    `stored=True` (a record read back from a home) applies only the rules of older versions, so a memory
    stored before a rule existed stays readable; new scopes and contexts get every rule.

    >>> check_id("*", "user_id")
    Traceback (most recent call last):
    ValueError: user_id must not be '*': it means 'any' to MemoryAdmin.delete_all
    """
    if type(value) is str:
        problem = _id_problem(value, stored)  # ids repeat on every parse: the answer is cached
        if problem is None:
            return value
        raise ValueError(f"{field} {problem}")
    if value is None:
        if required:
            raise ValueError(f"{field} is required")
        return None
    raise ValueError(f"{field} must be a string, got {type(value).__name__}")


def stored_context(info: Any) -> bool:
    """True inside a validation of a stored record (`model_validate_json(body, context=STORED)`)."""
    ctx = getattr(info, "context", None)
    return bool(ctx and ctx.get("stored"))


def as_utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


#: How far ahead of the clock a time said to have passed may be (clock skew) before it is refused.
CLOCK_SKEW = timedelta(minutes=5)


def parse_said_at(raw: object, where: str) -> datetime | None:
    """When something was said, from None, a datetime or an ISO string (in UTC); ValueError naming `where` else."""
    if raw is None:
        return None
    if isinstance(raw, str):
        try:
            raw = datetime.fromisoformat(raw)
        except ValueError:
            raise ValueError(f"{where}: 'at' must be an ISO date-time, got {raw!r}") from None
    if not isinstance(raw, datetime):
        raise ValueError(f"{where}: 'at' must be a datetime or an ISO date-time, got {type(raw).__name__}")
    return as_utc(raw)


def said_at(raw: object, where: str, now: datetime | None = None) -> datetime | None:
    """`parse_said_at`, refusing a time after `now` (default the clock) by more than `CLOCK_SKEW`.

    >>> said_at("2026-01-10T09:00:00+00:00", "item 0").isoformat(), said_at(None, "item 0")
    ('2026-01-10T09:00:00+00:00', None)
    """
    at = parse_said_at(raw, where)
    if at is not None and at > (as_utc(now) if now else utcnow()) + CLOCK_SKEW:
        raise ValueError(f"{where}: 'at' {at.isoformat()} is in the future")
    return at


def normalize_text(text: str) -> str:
    """Case-, width- and whitespace-insensitive form used for exact-duplicate hashing."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"[\s\u3000]+", " ", text)
    return re.sub(r"[\s.,;:!?。，；：！？、\"'“”‘’()（）]+$", "", text.strip())


def text_hash(text: str) -> str:
    return hashlib.sha256(normalize_text(text).encode()).hexdigest()[:32]


class Scope(BaseModel):
    """Where a memory lives. `level` picks the partition; the ids say whose it is.

    Partitions: `org/{org}`, `project/{org}/{project}`, `user/{org}/{user}`,
    `session/{org}/{user}/{project}/{session}` (the project segment is empty without a project). A project
    fact is shared by the project's users and never visible in another project; a session memory belongs
    to one project (or to none) and is never visible outside it; user and session memories are never
    visible to another user. User and org memories are the same in every project.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    org_id: str = "default"
    project_id: str | None = None
    user_id: str | None = None
    session_id: str | None = None
    level: Level = Level.USER

    @field_validator("org_id", "project_id", "user_id", "session_id", mode="before")  # before: no bytes coerced to an id
    @classmethod
    def _ids(cls, v: str | None, info: Any) -> str | None:
        return check_id(v, info.field_name, stored=stored_context(info))

    @model_validator(mode="after")
    def _level_needs_ids(self) -> Scope:
        needs = {
            Level.SESSION: ("user_id", "session_id"),
            Level.USER: ("user_id",),
            Level.PROJECT: ("project_id",),
            Level.ORG: (),
        }[self.level]
        for name in needs:
            if getattr(self, name) is None:
                raise ValueError(f"scope level {self.level.value!r} requires {name}")
        return self

    @property
    def partition(self) -> str:
        return _join_key(self.level, self.org_id, self.project_id, self.user_id, self.session_id)  # ids validated

    def at(self, level: Level | str) -> Scope:
        """The same ids at another level (e.g. promote session → user)."""
        return self.model_copy(update={"level": Level(level)})


def partition_key(
    level: Level | str,
    org_id: str = "default",
    project_id: str | None = None,
    user_id: str | None = None,
    session_id: str | None = None,
) -> str:
    """The partition key of a level; ValueError if an id that level needs is missing or malformed.

    >>> partition_key("session", user_id="ann", session_id="s1")
    'session/default/ann//s1'
    >>> partition_key("session", project_id="shop", user_id="ann", session_id="s1")
    'session/default/ann/shop/s1'
    """
    level = Level(level)
    check_id(org_id, "org_id", required=True)
    need = {Level.PROJECT: ("project_id",), Level.USER: ("user_id",), Level.SESSION: ("user_id", "session_id")}
    given = {"project_id": project_id, "user_id": user_id, "session_id": session_id}
    for field in need.get(level, ()):  # a missing or crafted id must not yield a key like "user/default/None"
        check_id(given[field], f"{field} (needed for a {level.value} partition)", required=True)
    return _join_key(level, org_id, project_id, user_id, session_id)


def check_partition(key: object, what: str = "partition") -> str:
    """`key` if it is a well-formed partition key (as `partition_key` builds one); ValueError otherwise.

    >>> check_partition("session/default/ann/shop/s1")
    'session/default/ann/shop/s1'
    """
    parts = key.split("/") if isinstance(key, str) else []
    shapes = {"org": ("org_id",), "project": ("org_id", "project_id"), "user": ("org_id", "user_id"),
              "session": ("org_id", "user_id", "project_id", "session_id")}
    names = shapes.get(parts[0]) if parts else None
    if not names or len(parts) != len(names) + 1:
        raise ValueError(f"{what} is not a partition key")
    ids: dict[str, Any] = {n: v or None for n, v in zip(names, parts[1:], strict=True)}
    if partition_key(parts[0], **ids) != key:  # each id checked as an id ("ann/../x", a space, a newline)
        raise ValueError(f"{what} is not a partition key")
    return key


def _join_key(level: Level, org_id: str, project_id: str | None, user_id: str | None, session_id: str | None) -> str:
    if level is Level.ORG:
        return f"org/{org_id}"
    if level is Level.PROJECT:
        return f"project/{org_id}/{project_id}"
    if level is Level.USER:
        return f"user/{org_id}/{user_id}"
    return f"{session_prefix(org_id, user_id or '', project_id)}{session_id}"  # partition_key checked user_id


_ANY: Any = object()


def session_prefix(org_id: str, user_id: str, project_id: str | None = _ANY) -> str:
    """The key prefix shared by a user's session partitions in one project (`project_id=None`: the
    sessions held outside any project); without `project_id`, by all of their sessions in every project
    (and, in a home written before projects were part of session keys, the old `session/{org}/{user}/{session}`).

    >>> session_prefix("default", "ann", "shop"), session_prefix("default", "ann", None)
    ('session/default/ann/shop/', 'session/default/ann//')
    >>> session_prefix("default", "ann")
    'session/default/ann/'
    """
    if project_id is _ANY:
        return f"session/{org_id}/{user_id}/"
    return f"session/{org_id}/{user_id}/{project_id or ''}/"


class MemoryContext(BaseModel):
    """Who is asking: the runtime context of a graph run (`context_schema`).

    `user_id` is mandatory — there is no anonymous recall. `incognito` turns every write off.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    user_id: str
    project_id: str | None = None
    org_id: str = "default"
    session_id: str | None = None
    incognito: bool = False

    def __init__(self, **data: Any) -> None:
        if data.get("user_id") is None:  # e.g. a server's context dict without it: the documented error, not pydantic's
            from .context import NO_SCOPE, MissingScopeError

            raise MissingScopeError(NO_SCOPE)
        super().__init__(**data)

    @field_validator("user_id", "project_id", "org_id", "session_id", mode="before")  # before: b"ada" is no user id
    @classmethod
    def _ids(cls, v: str | None, info: Any) -> str | None:
        return check_id(v, info.field_name, required=info.field_name == "user_id")

    def scope(self, level: Level | str) -> Scope:
        return Scope(
            org_id=self.org_id,
            project_id=self.project_id,
            user_id=self.user_id,
            session_id=self.session_id,
            level=Level(level),
        )

    def visible_partitions(self) -> list[str]:
        """Every partition this request may read: the org, its project, the user, this session of this project.

        With project P: `org`, `project/P`, `user`, and the session held in P. Without a project: `org`,
        `user`, and the session held outside any project. So a session memory (and a project fact) never
        shows in another project or outside its project, nor a project-less session memory inside one, even
        when the session id repeats; user and org memories show in every project.

        >>> MemoryContext(user_id="ann", project_id="shop", session_id="s1").visible_partitions()
        ['org/default', 'project/default/shop', 'user/default/ann', 'session/default/ann/shop/s1']
        >>> MemoryContext(user_id="ann", session_id="s1").visible_partitions()[-1]
        'session/default/ann//s1'
        """
        parts = [partition_key(Level.ORG, self.org_id)]
        if self.project_id:
            parts.append(partition_key(Level.PROJECT, self.org_id, self.project_id))
        parts.append(partition_key(Level.USER, self.org_id, user_id=self.user_id))
        if self.session_id:
            parts.append(partition_key(Level.SESSION, self.org_id, self.project_id, self.user_id, self.session_id))
        return parts

    def session_prefix(self) -> str:
        """The prefix of this user's session partitions in this context's project (or outside any)."""
        return session_prefix(self.org_id, self.user_id, self.project_id)


class MemoryRecord(BaseModel):
    """One memory: a structured claim with provenance, lifetime and lineage."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    id: str = Field(default_factory=new_id)
    text: str
    subject: str = "user"
    predicate: str = "states"
    object: str = ""
    polarity: Polarity = Polarity.POSITIVE
    kind: Kind = Kind.FACT
    tier: Tier = Tier.SEMI
    scope: Scope
    source: Source = Source.INFERRED
    confidence: float = Field(default=0.6, ge=0.0, le=1.0)
    created_at: datetime = Field(default_factory=utcnow)
    verified_at: datetime | None = None
    accessed_at: datetime | None = None
    expires_at: datetime | None = None
    status: Status = Status.ACTIVE
    supersedes: list[str] = Field(default_factory=list)
    superseded_by: str | None = None
    source_turn_ids: list[str] = Field(default_factory=list)
    source_memory_ids: list[str] = Field(default_factory=list)
    read_only: bool = False
    version: int = Field(default=1, ge=0, le=MAX_COUNT)
    recurrence: int = Field(default=1, ge=0, le=MAX_COUNT)
    sessions_seen: list[str] = Field(default_factory=list)
    drift: Drift = Drift.PREFERENCE
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("id")
    @classmethod
    def _id(cls, v: str, info: Any) -> str:
        return check_id(v, "id", required=True, stored=stored_context(info))  # type: ignore[return-value]

    @field_validator("text")
    @classmethod
    def _text(cls, v: str) -> str:
        v = strip_controls(v) if isinstance(v, str) else v  # the write boundary: no escapes or bidi controls stored
        if not v or not v.strip():
            raise ValueError("text must not be empty or whitespace")
        if len(v) > MAX_TEXT_CHARS:
            raise ValueError(f"text is longer than {MAX_TEXT_CHARS} characters ({len(v)})")
        if _SURROGATE.search(v):
            raise ValueError("text is not valid Unicode: it holds a lone surrogate (cannot be stored as UTF-8)")
        return v

    @field_validator("object")
    @classmethod
    def _object(cls, v: str) -> str:
        return strip_controls(v) if isinstance(v, str) else v

    @field_validator("subject", "predicate")
    @classmethod
    def _key_part(cls, v: str, info: Any) -> str:
        v = strip_controls(v) if isinstance(v, str) else v  # as text and object: no escapes or bidi controls stored
        if not v or not v.strip():
            raise ValueError(f"{info.field_name} must not be empty or whitespace")
        if len(v) > MAX_TEXT_CHARS and not stored_context(info):  # a name or a relation, never a document
            raise ValueError(f"{info.field_name} is longer than {MAX_TEXT_CHARS} characters ({len(v)})")
        return v

    @field_validator("created_at", "verified_at", "accessed_at", "expires_at")
    @classmethod
    def _tz(cls, v: datetime | None) -> datetime | None:
        return None if v is None else as_utc(v)

    @property
    def key(self) -> tuple[str, str, str]:
        """(partition, subject, predicate): the attribute a conflict is about."""
        return (self.scope.partition, self.subject.casefold(), self.predicate.casefold())

    @property
    def fact_key(self) -> tuple[str, str, str, str, str]:
        return (*self.key, normalize_text(self.object), self.polarity.value)

    @property
    def text_hash(self) -> str:
        return text_hash(self.text)

    def is_expired(self, now: datetime | None = None) -> bool:
        return self.expires_at is not None and self.expires_at <= as_utc(now or utcnow())

    @property
    def said_end(self) -> datetime | None:
        """When the user said the fact stops holding (`metadata["until"]`, "I'm in Tokyo until Friday"), if they did."""
        try:
            return as_utc(datetime.fromisoformat(str(self.metadata["until"]))) if self.metadata.get("until") else None
        except ValueError:
            return None

    def has_ended(self, now: datetime | None = None) -> bool:
        """The end the user said has passed (and they have not confirmed the fact since)."""
        end = self.said_end
        return end is not None and end <= as_utc(now or utcnow()) and not (self.verified_at and self.verified_at > end)


class LedgerOp(StrEnum):
    WRITE = "write"
    SKIP_DUPLICATE = "skip_duplicate"
    MERGE = "merge"
    REJECT = "reject"
    DOWNGRADE = "downgrade"
    SUPERSEDE = "supersede"
    PROMOTE = "promote"
    EXPIRE = "expire"
    ARCHIVE = "archive"
    EDIT = "edit"
    FORGET = "forget"
    SKIP_INCOGNITO = "skip_incognito"
    IMPORT = "import"
    MODEL_ERROR = "model_error"
    WRITE_ERROR = "write_error"


class LedgerEntry(BaseModel):
    """An immutable record of one write-side decision. `payload` may hold memory text; a forget scrubs it."""

    model_config = ConfigDict(extra="forbid")

    ledger_id: str = Field(default_factory=lambda: new_id("led"))
    ts: datetime = Field(default_factory=utcnow)
    op: LedgerOp
    memory_id: str | None = None
    partition: str | None = None
    trigger: str = ""
    reason: str = ""
    evidence_turn_ids: list[str] = Field(default_factory=list)
    supersedes: list[str] = Field(default_factory=list)
    from_scope: str | None = None
    to_scope: str | None = None
    decision_trace: str = ""
    actor: str = "system"
    payload: dict[str, Any] = Field(default_factory=dict)

    @field_validator("ts")
    @classmethod
    def _tz(cls, v: datetime) -> datetime:
        return as_utc(v)
