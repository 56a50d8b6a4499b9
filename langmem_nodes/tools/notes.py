"""`NoteExtractor`: a memory the agent asks to store, as candidate memories — the same records automatic
extraction makes, so the write graph (gate, dedup, resolver, ledger) treats both alike.

The agent writes notes in the third person ("User lives in Oslo", "Project uses pnpm", "用户住在上海"); they
are read by their holder (`write.record_extractor.RecordExtractor`, whose reading this is): the user's notes
as the user's own words, the project's as the run's project's (never another project named in the note).
A note no pattern parses is kept as written, as a generic `states` fact of its holder.

Example:
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryContext
    >>> out = NoteExtractor().extract([{"role": "user", "content": "User lives in Oslo"}],
    ...                               MemoryContext(user_id="ada"), datetime.now(UTC))
    >>> [(p.record.predicate, p.record.object, p.trigger) for p in out]
    [('lives_in', 'Oslo', 'agent_tool')]
"""

from __future__ import annotations

from ..write.record_extractor import RecordExtractor, note_parts
from ..write.third_person import first_person

__all__ = ["NoteExtractor", "first_person", "note_parts"]


class NoteExtractor(RecordExtractor):
    """Extractor for notes the agent stores through a memory tool (the latest "user" turn is the note)."""

    name = "agent_tool"
    trigger = "agent_tool"
    described = "stored by the agent through a memory tool"
