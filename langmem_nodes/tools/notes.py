"""`NoteExtractor`: a memory the agent asks to store, as candidate memories — the same records automatic
extraction makes, so the write graph (gate, dedup, resolver, ledger) treats both alike.

The agent writes notes about the user in the third person ("User lives in Oslo", "用户住在上海"); they are
read as the user's own first-person statement ("I live in Oslo") by `RuleExtractor`, so known attributes
get their predicate (and a later "User lives in Bergen" supersedes). A note no pattern parses is kept as
written, as a generic `states` fact.

Example:
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryContext
    >>> out = NoteExtractor().extract([{"role": "user", "content": "User lives in Oslo"}],
    ...                               MemoryContext(user_id="ada"), datetime.now(UTC))
    >>> [(p.record.predicate, p.record.object, p.trigger) for p in out]
    [('lives_in', 'Oslo', 'agent_tool')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from ..records import Kind, Level, MemoryContext, MemoryRecord, Source, Tier
from ..safety import find_injection
from ..state import PendingWrite
from ..text import detect_lang
from ..write.extractor import CONFIDENCE, Extractor, RuleExtractor, Turn, latest_user_turns, turn_id

_EN_SUBJECT = re.compile(r"^(?:the\s+)?user(?P<possessive>'s)?\s+(?P<rest>\S.*)$", re.I)
_IRREGULAR = {"is": "am", "has": "have", "does": "do", "doesn't": "don't", "isn't": "am not", "was": "was"}


def first_person(note: str) -> str:
    """"User prefers tea" → "I prefer tea"; "用户的名字是王芳" → "我的名字是王芳"; anything else unchanged.

    >>> first_person("The user is allergic to peanuts"), first_person("User's name is Ada"), first_person("用户住在上海")
    ('I am allergic to peanuts', 'My name is Ada', '我住在上海')
    """
    text = note.strip()
    if text.startswith("用户"):
        return "我" + text[2:]
    m = _EN_SUBJECT.match(text)
    if not m:
        return text
    if m.group("possessive"):
        return "My " + m.group("rest")
    verb, _, rest = m.group("rest").partition(" ")
    low = verb.casefold()
    if low in _IRREGULAR:
        verb = _IRREGULAR[low]
    elif low.endswith("ies"):
        verb = verb[:-3] + "y"
    elif re.search(r"(?:ss|sh|ch|x|o)es$", low):
        verb = verb[:-2]
    elif low.endswith("s") and not low.endswith("ss"):
        verb = verb[:-1]
    return f"I {verb} {rest}".strip()


_NEXT_NOTE = re.compile(
    r"(?<=[.;!?])\s+(?=(?:the\s+)?user(?:'s)?\b)"  # "… Oslo. User has two cats"
    r"|\s*[;；。！？]\s*(?=用户)"  # "用户住在上海。用户养了两只猫"
    r"|,?\s+and\s+(?=(?:is|has|does|works|lives|likes|loves|prefers|uses|hates|dislikes|owns|speaks|plays|"
    r"drives|studies|teaches|wants|needs|enjoys|avoids|writes|reads|codes|runs|eats|drinks)\b)",  # "… and works at Acme"
    re.I,
)


def note_parts(note: str) -> list[str]:
    """A note of several statements about the user, one statement each ("User lives in Oslo. User has two
    cats." → two); a subjectless conjunct ("… and works at Acme") gets the subject back.

    >>> note_parts("User is vegetarian and works at Acme. The user's dog is Rex")
    ['User is vegetarian', 'User works at Acme.', "The user's dog is Rex"]
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
        if part and out and not re.match(r"(?:the\s+)?user\b|用户", part, re.I):
            part = "User " + part  # a conjunct after "and": its subject is the note's
        if part:
            out.append(part)
    return out or [note]


class NoteExtractor(Extractor):
    """Extractor for notes the agent stores through a memory tool (the latest "user" turn is the note)."""

    name = "agent_tool"

    def __init__(self) -> None:
        self.rules = RuleExtractor()

    def extract(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime) -> list[PendingWrite]:
        latest, earlier = latest_user_turns(turns)
        if not latest or not str(latest[-1].get("content", "")).strip():
            return []
        note = " ".join(str(latest[-1]["content"]).split())
        tid = turn_id(latest[-1], len(earlier) + len(latest) - 1)
        parsed = []
        for part in note_parts(note):  # each note of several is stored, none dropped silently
            found = self.rules.extract([{"role": "user", "content": first_person(part), "id": tid}], ctx, now)
            parsed.extend(found or [self._as_written(part, ctx, now, tid)])
        for p in parsed:
            p.trigger = "agent_tool"
            p.record.metadata = {**p.record.metadata, "extractor": self.name, "note": note}
            if find_injection(note):
                p.flags = ["injection"]
            p.note("extract", "stored by the agent through a memory tool")
        return parsed

    @staticmethod
    def _as_written(note: str, ctx: MemoryContext, now: datetime, tid: str) -> PendingWrite:
        record = MemoryRecord(
            text=note, subject="user", predicate="states", object=note[:200], kind=Kind.FACT, tier=Tier.SEMI,
            scope=ctx.scope(Level.SESSION if ctx.session_id else Level.USER), source=Source.INFERRED,
            confidence=CONFIDENCE[Source.INFERRED], created_at=now, verified_at=now, source_turn_ids=[tid],
            sessions_seen=[ctx.session_id] if ctx.session_id else [],
            metadata={"lang": detect_lang(note)},
        )
        return PendingWrite(record=record, quote=note).note("extract", "agent_tool: a note no pattern parses, kept as written")
