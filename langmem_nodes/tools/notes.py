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
        parsed = self.rules.extract([{"role": "user", "content": first_person(note), "id": tid}], ctx, now)
        if not parsed:
            parsed = [self._as_written(note, ctx, now, tid)]
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
