"""A plain function as the write graph's extractor: `fn(text) -> list[str | dict]`.

The function sees the text of each latest user turn and returns the memories to propose: a string (the
memory's text) or a dict of record fields (`text` required; also `subject`, `predicate`, `object`,
`polarity`, `kind`, `tier`, `drift`, `source` = inferred | explicit | explicit_correction, `confidence`,
`metadata`). Scope, ids, status and times are set here from the run's `MemoryContext`, never by the function,
and every proposal still goes through dedup, the gate (secrets, smuggled instructions), resolve and promote.
A proposal without an `object` has its text as the object: notes with different text are different memories
(the same note twice is a duplicate), and a newer value of one attribute ("lives in Bergen" after "lives in
Oslo") supersedes the old only when the function gives both `predicate` and `object`.

Example:
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryContext
    >>> def notes(text):
    ...     return [text.removeprefix("note:").strip()] if text.startswith("note:") else []
    >>> out = FunctionExtractor(notes).extract([{"role": "user", "content": "note: 周五发布"}],
    ...                                       MemoryContext(user_id="ada"), datetime.now(UTC))
    >>> [(p.record.text, p.record.scope.partition) for p in out]
    [('周五发布', 'user/default/ada')]
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from ..node import accepts_positional
from ..records import Level, MemoryContext, MemoryRecord, Source
from ..state import PendingWrite
from .extractor import CONFIDENCE, Extractor, Turn, latest_user_turns, turn_id

EXTRACTOR_SIGNATURE = "(text: str) -> list[str | dict]"
FIELDS = frozenset({"text", "subject", "predicate", "object", "polarity", "kind", "tier", "drift", "source",
                    "confidence", "metadata"})
SOURCES = (Source.INFERRED, Source.EXPLICIT, Source.EXPLICIT_CORRECTION)
_TRIGGER = {Source.EXPLICIT_CORRECTION: "explicit_correction", Source.EXPLICIT: "explicit_request"}


class FunctionExtractor(Extractor):
    """Wraps `fn(text: str) -> list[str | dict]` (see the module docstring) as an `Extractor`."""

    def __init__(self, fn: Any) -> None:
        if isinstance(fn, Extractor) or not callable(fn) or not accepts_positional(fn, 1):
            raise TypeError(f"an extractor function must have the signature {EXTRACTOR_SIGNATURE}, got {fn!r}")
        self.fn = fn
        self.name = getattr(fn, "__name__", type(fn).__name__)

    def extract(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime) -> list[PendingWrite]:
        latest, earlier = latest_user_turns(turns)
        out: list[PendingWrite] = []
        for i, turn in enumerate(latest, start=len(earlier)):
            text = str(turn.get("content") or "")
            proposals = self.fn(text)
            if proposals is None or isinstance(proposals, str | dict) or not hasattr(proposals, "__iter__"):
                raise TypeError(f"extractor {self.name!r} must return a list of str or dict, got {proposals!r}")
            out.extend(self._pending(p, text, ctx, now, turn_id(turn, i)) for p in proposals)
        return out

    def _pending(self, proposal: Any, quote: str, ctx: MemoryContext, now: datetime, tid: str) -> PendingWrite:
        fields = {"text": proposal} if isinstance(proposal, str) else proposal
        if not isinstance(fields, dict):
            raise TypeError(f"extractor {self.name!r} must return str or dict items, got {type(proposal).__name__}")
        unknown = set(fields) - FIELDS
        if unknown:  # told briefly: the turn's error report cuts long messages
            raise ValueError(f"extractor {self.name!r} returned unknown field {', '.join(map(repr, sorted(unknown)))} "
                             f"(allowed: {', '.join(sorted(FIELDS))}; scope, ids and times come from the run)")
        allowed = [s.value for s in SOURCES]
        raw_source = fields.get("source", Source.INFERRED)
        if getattr(raw_source, "value", raw_source) not in allowed:
            raise ValueError(f"extractor {self.name!r}: source must be one of {', '.join(allowed)}, got {raw_source!r}")
        source = Source(raw_source)
        if isinstance(fields.get("text"), str) and not str(fields.get("object") or "").strip():
            fields = {**fields, "object": fields["text"]}  # no object: the note itself is the claim (see the module)
        try:
            record = MemoryRecord(
                **{"confidence": CONFIDENCE[source], **fields, "source": source},
                scope=ctx.scope(Level.SESSION if ctx.session_id else Level.USER),
                created_at=now, verified_at=now, source_turn_ids=[tid],
                sessions_seen=[ctx.session_id] if ctx.session_id else [],
            )
        except ValidationError as exc:  # one line naming the field, not pydantic's dump
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err.get("loc", ())) or "record"
            raise ValueError(f"extractor {self.name!r} returned a bad {field}: {err.get('msg', 'invalid').lower()}, "
                             f"got {str(err.get('input'))[:40]!r}") from None
        record.metadata = {**record.metadata, "extractor": self.name}
        return PendingWrite(record=record, trigger=_TRIGGER.get(source, "extracted"), quote=quote).note(
            "extract", f"{self.name}: {record.text!r} ({source.value})")


def as_extractor(value: Any) -> Extractor:
    """An `Extractor` as is; a plain function wrapped in `FunctionExtractor`; anything else → TypeError."""
    if isinstance(value, Extractor):
        return value
    if callable(value):
        return FunctionExtractor(value)
    raise TypeError(f"extractor must be an Extractor (RuleExtractor, LLMExtractor) or a function "
                    f"{EXTRACTOR_SIGNATURE}, got {type(value).__name__}")
