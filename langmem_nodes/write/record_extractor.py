"""`RecordExtractor`: text that is already a memory — a record migrated from another memory system (a Mem0 or
LangMem dump), or the note an agent stores through `manage_memory` — as candidate memories.

Such text is written in the third person ("User is allergic to peanuts", "Project uses pnpm", "用户住在杭州",
"项目使用 pnpm"): its holder is the word at the start (`third_person`), and it is read as the holder's own
words by `RuleExtractor`, so known attributes get their predicate (a later "User lives in Bergen"
supersedes). A record no pattern parses is kept as written, as a generic `states` fact of its holder: a
project's at the project level, never the user's. The gate, dedup, resolver and promoter then decide as for
any write (secrets are refused; a project fact with no project in the context is refused). Each memory keeps
none of the note's text but its own statement's claim: no sibling's words (a refused credential, a personal
fact in a project fact's note, a statement forgotten later) ride along in its metadata.

Example:
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryContext
    >>> out = RecordExtractor().extract([{"role": "user", "content": "Project uses pnpm. 用户对花生过敏"}],
    ...                                 MemoryContext(user_id="ada", project_id="shop"), datetime.now(UTC))
    >>> [(p.record.subject, p.record.predicate, p.record.object) for p in out]
    [('project', 'package_manager', 'pnpm'), ('user', 'allergy', '花生')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from ..records import Kind, Level, MemoryContext, MemoryRecord, Source, Tier
from ..safety import find_injection
from ..state import PendingWrite
from ..text import detect_lang
from .extractor import CONFIDENCE, Extractor, RuleExtractor, Turn, latest_user_turns, turn_id
from .third_person import first_person, holder_of

_HOLDER = r"(?:the\s+)?(?:user|project)(?:'s)?\b"
_NEXT_NOTE = re.compile(
    rf"(?<=[.;!?])\s+(?={_HOLDER})"  # "… Oslo. User has two cats" / "… pnpm. Project targets Node 20"
    r"|\s*[;；。！？.!?]\s*(?=用户|项目)"  # "用户住在上海。用户养了两只猫"
    r"|,?\s+and\s+(?=(?:is|has|does|works|lives|likes|loves|prefers|uses|hates|dislikes|owns|speaks|plays|"
    r"drives|studies|teaches|wants|needs|enjoys|avoids|writes|reads|codes|runs|eats|drinks|targets|deploys)\b)",
    re.I,
)


def note_parts(note: str) -> list[str]:
    """A note of several statements, one statement each ("User lives in Oslo. User has two cats." → two); a
    subjectless conjunct ("… and works at Acme") gets its holder back from the statement before it.

    >>> note_parts("User is vegetarian and works at Acme. The user's dog is Rex")
    ['User is vegetarian', 'User works at Acme.', "The user's dog is Rex"]
    >>> note_parts("Project uses pnpm and targets Node 20")
    ['Project uses pnpm', 'Project targets Node 20']
    >>> note_parts("用户住在上海。用户养了两只猫。")
    ['用户住在上海', '用户养了两只猫。']
    """
    parts, start = [], 0
    for m in _NEXT_NOTE.finditer(note):
        parts.append(note[start:m.start()])
        start = m.end()
    parts.append(note[start:])
    out: list[str] = []
    for part in (p.strip().rstrip(";；").strip() for p in parts):
        if part and out and holder_of(part) is None:
            part = ("Project " if holder_of(out[-1]) == "project" else "User ") + part  # the note's holder
        if part:
            out.append(part)
    return out or [note]


class RecordExtractor(Extractor):
    """Extractor for text that is already a memory (the latest "user" turn is the record); see the module."""

    name = "record"
    trigger = "import"
    described = "a record from another memory system, read by its holder"

    def __init__(self) -> None:
        self.rules = RuleExtractor()

    def extract(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime) -> list[PendingWrite]:
        latest, earlier = latest_user_turns(turns)
        if not latest or not str(latest[-1].get("content", "")).strip():
            return []
        note = " ".join(str(latest[-1]["content"]).split())
        tid = turn_id(latest[-1], len(earlier) + len(latest) - 1)
        parsed = []
        for part in note_parts(note):  # each statement of several is stored, none dropped silently
            found = self.rules.extract([{"role": "user", "content": first_person(part), "id": tid}], ctx, now)
            parsed.extend(found or [self._as_written(part, ctx, now, tid)])
        for p in parsed:
            p.trigger = self.trigger
            # the whole note is never kept: its other statements may be refused, personal or forgotten later
            p.record.metadata = {**p.record.metadata, "extractor": self.name}
            if find_injection(note):
                p.flags = ["injection"]
            p.note("extract", self.described)
        return parsed

    def _as_written(self, note: str, ctx: MemoryContext, now: datetime, tid: str) -> PendingWrite:
        record = MemoryRecord(
            text=note, subject=holder_of(note) or "user", predicate="states", object=note[:200], kind=Kind.FACT,
            tier=Tier.SEMI, scope=ctx.scope(Level.SESSION if ctx.session_id else Level.USER), source=Source.INFERRED,
            confidence=CONFIDENCE[Source.INFERRED], created_at=now, verified_at=now, source_turn_ids=[tid],
            sessions_seen=[ctx.session_id] if ctx.session_id else [],
            metadata={"lang": detect_lang(note)},
        )
        return PendingWrite(record=record, quote=note).note("extract", f"{self.name}: no pattern parses it, kept as written")
