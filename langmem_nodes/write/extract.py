"""`ExtractNode`: the write graph's first stage — the conversation → `memory_pending` via an `Extractor`.

The extractors themselves (`RuleExtractor`, the default) are in `extractor.py`; `LLMExtractor` and
`FunctionExtractor` in their modules.

Example:
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryContext
    >>> state = {"messages": [{"role": "user", "content": "Remember that I prefer green tea."}]}
    >>> out = ExtractNode().run(state, MemoryContext(user_id="u1"), datetime.now(UTC))
    >>> [p.record.object for p in out["memory_pending"]]
    ['green tea']
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from ..degrade import ModelFailure
from ..facts import identity
from ..messages import messages_to_turns
from ..node import MemoryNode
from ..records import MemoryContext
from ..refused import suspects, without_unscoped
from ..safety import MAX_CLAUSES_PER_TURN, MAX_TURN_CHARS, TurnScreen, clean_turn_text
from ..state import PendingWrite
from . import unsaid_change
from .back_to import land_returns
from .extractor import Extractor, RuleExtractor, Turn, latest_user_turns
from .stored_correction import land_stored_corrections
from .thread_secrets import refused_earlier

log = logging.getLogger(__name__)


class ExtractNode(MemoryNode):
    """Graph node: reads `messages`, writes `memory_pending` and `memory_extract_error`. Incognito turns
    extract nothing.

    When the extractor raises (an LLM whose replies never validated, a model outage), the node runs the
    extractor's `fallback` instead, logs one warning and sets `memory_extract_error` (a content-free
    `ModelFailure` dict) — `CommitNode` turns it into a ledger entry and a `memory_skipped` reason.
    The user's turn goes on.

    Hostile text is repaired at the door, never raised on (a turn must not fail): lone surrogates become
    U+FFFD, a message is read up to `safety.MAX_TURN_CHARS` characters, and at most
    `safety.MAX_CLAUSES_PER_TURN` claims are kept per turn, so cost stays linear in the message's length.

    Args:
        extractor: any `Extractor` (default `RuleExtractor()`) or a function `fn(text) -> list[str | dict]`
            (see `FunctionExtractor`).
        store: the MemoryStore; with it, a correction with nothing earlier in its thread to correct lands
            on the user's stored fact it names (`stored_correction`). `write_nodes` passes it.
        messages_key / pending_key: state keys, for users whose state uses other names.
    """

    name = "extract"
    error_key = "memory_extract_error"

    def __init__(
        self,
        extractor: Extractor | Callable[..., Any] | None = None,
        *,
        store: Any = None,
        messages_key: str = "messages",
        pending_key: str = "memory_pending",
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        if extractor is not None and not isinstance(extractor, Extractor):
            from .function_extractor import as_extractor  # a plain function, or a TypeError saying what fits

            extractor = as_extractor(extractor)
        self.extractor = extractor or RuleExtractor()
        self.messages_key, self.pending_key, self.store = messages_key, pending_key, store

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        if ctx.incognito:
            return {self.pending_key: [], self.error_key: None, SKIPS_KEY: []}
        turns, refused = self._turns(state)
        try:
            pending, skips = self.extractor.extract_explained(turns, ctx, now)
        except Exception as e:  # memory never takes the turn down: degrade, record, say so
            return self._degraded(e, state, refused, turns, ctx, now)
        return self._done(state, pending, [*refused, *skips], turns, ctx, now)

    async def arun(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        if ctx.incognito:
            return {self.pending_key: [], self.error_key: None, SKIPS_KEY: []}
        turns, refused = await self._aturns(state)
        try:
            pending, skips = await self.extractor.aextract_explained(turns, ctx, now)
        except Exception as e:
            return self._degraded(e, state, refused, turns, ctx, now)
        return self._done(state, pending, [*refused, *skips], turns, ctx, now)

    def _done(self, state: dict[str, Any], pending: list[PendingWrite], skips: list[dict[str, Any]],
              turns: list[dict[str, Any]], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        if self.store is not None and any(s.get("stored_correction") for s in skips):
            try:
                pending, skips = land_stored_corrections(self.store, pending, skips, turns, ctx, now,
                                                         shown=[*(state.get("memory_injected_ids") or ()),
                                                                *(state.get("memory_shown_ids") or ())])
            except Exception:  # noqa: BLE001 - the lookup failing leaves the turn as the extractor saw it
                log.warning("looking up the stored fact a correction names failed", exc_info=True)
        if self.store is not None and any(s.get("confirm_attribute") for s in skips):  # "I moved.": the value it doubts
            skips = unsaid_change.with_held_values(self.store, skips=skips, ctx=ctx)
        if self.store is not None:
            try:
                pending, skips = land_returns(self.store, pending, skips, turns, ctx, now)
            except Exception:  # noqa: BLE001 - the lookup failing leaves the turn as the extractor saw it
                log.warning("looking up the value a return names failed", exc_info=True)
        pending, over = _capped(pending)
        skips = [*skips, *over, *self._unread(state)]
        return {self.pending_key: pending, self.error_key: None, SKIPS_KEY: _screened(_capped_skips(skips), turns)}

    def _unread(self, state: dict[str, Any]) -> list[dict[str, str]]:
        """A skip per latest user message cut at `MAX_TURN_CHARS`: its end was not read, and the user is told."""
        latest, _ = latest_user_turns(messages_to_turns(state.get(self.messages_key) or []))
        return [{"text": "", "reason": f"not read: {note}"} for t in latest if isinstance(t.get("content"), str)
                and len(t["content"]) > MAX_TURN_CHARS for note in clean_turn_text(t["content"])[1] if "not read" in note]

    async def _aturns(self, state: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
        """`_turns` with the home's lookups off the event loop (only needed when a refused run may have left one)."""
        raw = messages_to_turns(state.get(self.messages_key) or [])
        if self.store is not None and suspects(raw):
            return await asyncio.to_thread(self._clean, raw)
        return self._clean(raw)

    def _turns(self, state: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
        return self._clean(messages_to_turns(state.get(self.messages_key) or []))

    def _clean(self, raw: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
        """The conversation with each message's text repaired at the door (`safety.clean_turn_text`), without
        the messages a run without a user scope left in the thread (`refused`), and a skip for each of those."""
        turns, refused = without_unscoped(self.store, raw)
        return [{**t, "content": clean_turn_text(t["content"])[0]} if isinstance(t.get("content"), str) else dict(t)
                for t in turns], refused

    def _degraded(self, e: Exception, state: dict[str, Any], refused: list[dict[str, str]],
                  turns: list[dict[str, Any]], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        """The fallback's writes and its own per-clause reasons ("secret", "question"), through the same
        steps as a normal turn (corrections of stored facts, returns, "I moved."), plus the failure."""
        fallback = self.extractor.fallback
        pending: list[PendingWrite] = []
        skips: list[dict[str, Any]] = []
        if fallback is not None:
            try:
                pending, skips = fallback.extract_explained(turns, ctx, now)
            except Exception:  # the fallback failed too: nothing stored from this turn, still recorded
                fallback, pending, skips = None, [], []
        culprit = "" if getattr(self.extractor, "uses_model", False) else f"extractor {self.extractor.name!r}"
        failure = ModelFailure.of("extract", e, fallback=fallback.name if fallback else "none", incognito=ctx.incognito,
                                  culprit=culprit)
        failure.log()
        for p in pending:
            p.note("extract", f"fallback after {self.extractor.name} failure")
        return {**self._done(state, pending, [*refused, *skips], turns, ctx, now), self.error_key: failure.as_dict()}


SKIPS_KEY = "memory_extract_skips"
MAX_SKIPS_SHOWN = 20  # skip reasons kept per turn; the rest are counted in one summary entry


def _capped_skips(skips: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first `MAX_SKIPS_SHOWN` skip reasons plus one summary entry counting the rest by reason, so a 100 KB
    message does not put thousands of entries in graph state and checkpoints. A skip carrying `confirm`
    (an old value to flag) is always kept: `CommitNode` acts on it.

    >>> out = _capped_skips([{"text": f"c{i}", "reason": "no parse"} for i in range(25)])
    >>> len(out), out[-1]["reason"]
    (21, '… and 5 more clauses not stored (no parse: 5)')
    """
    if len(skips) <= MAX_SKIPS_SHOWN:
        return skips
    rest = skips[MAX_SKIPS_SHOWN:]
    acted = [s for s in rest if s.get("confirm")]
    counted = [s for s in rest if not s.get("confirm")]
    if not counted:
        return skips
    reasons: dict[str, int] = {}
    for s in counted:
        reason = str(s.get("reason") or "no parse")
        reasons[reason] = reasons.get(reason, 0) + 1
    by_reason = ", ".join(f"{r}: {n}" for r, n in sorted(reasons.items(), key=lambda kv: -kv[1]))
    summary = {"text": "", "reason": f"… and {len(counted)} more clauses not stored ({by_reason})"}
    return [*skips[:MAX_SKIPS_SHOWN], *acted, summary]


def _screened(skips: list[dict[str, str]], turns: Sequence[Turn]) -> list[dict[str, str]]:
    """Skip reasons safe to show: a clause next to a credential or identifier says "secret" and shows nothing."""
    if not skips:
        return []
    latest, _ = latest_user_turns(turns)
    screen = TurnScreen.of("\n".join(str(t.get("content") or "") for t in latest),  # the text VerifyNode screens
                           earlier=refused_earlier(turns))
    out = []
    for s in skips:
        if screen.findings_for(s["text"]):
            out.append({"text": "", "reason": "secret"})
        else:
            out.append({**s, "text": screen.redact_report(s["text"])})
    return out


def _capped(pending: list[PendingWrite]) -> tuple[list[PendingWrite], list[dict[str, str]]]:
    """At most `MAX_CLAUSES_PER_TURN` claims per turn (dedup, the gate and the resolver stay linear in its
    length), and a skip for each claim left out. A fact said again in the turn counts once, so a long message
    that repeats one fact still keeps the others; the repeats are what `DedupNode` would skip."""
    if len(pending) <= MAX_CLAUSES_PER_TURN:
        return pending, []
    kept: list[PendingWrite] = []
    seen: set[tuple[str, ...]] = set()
    skips: list[dict[str, str]] = []
    for p in pending:
        key = identity(p.record) if p.action == "write" else None
        if key is not None and key in seen:
            skips.append({"text": p.record.text, "reason": "repeated within the same turn"})
        elif len(kept) < MAX_CLAUSES_PER_TURN:
            kept.append(p)
            if key is not None:
                seen.add(key)
        else:
            skips.append({"text": p.quote or p.record.text,
                          "reason": f"over the limit: at most {MAX_CLAUSES_PER_TURN} claims are kept per turn"})
    return kept, skips
