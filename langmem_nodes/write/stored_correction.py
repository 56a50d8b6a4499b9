"""A correction with nothing earlier in its conversation to correct ("Actually Zed, not Emacs." said in a new
session, "不对，是 VS Code，不是 PyCharm。") lands on the stored active fact it names.

The rule extractor leaves such a correction as a skip carrying `stored_correction` (the new values it parsed,
the old values it named). `land_stored_corrections` looks those up among the user's own active memories —
the user and project partitions and this user's sessions of the same project (or of none), never another
user's, another project's or the org's; the partitions come from the context, never from the text:

- a new value and a named stored fact: a correction (`explicit_correction`) of that fact's attribute, which
  `ResolveNode` then lets supersede it;
- a new value and no name ("不对，改成 Neovim。"): a correction of the memory shown to the model this turn
  (`memory_injected_ids`) of the same kind (a place corrects a place); nothing shown, nothing stored;
- a named fact and no new value ("Actually no, not Emacs."): that fact is flagged needs-confirmation (the
  skip's `confirm`, applied by `CommitNode`).

Example:
    >>> import tempfile
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes import MemoryStore
    >>> from langmem_nodes.embeddings import HashingEmbedder
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord
    >>> store, ctx, now = MemoryStore(tempfile.mkdtemp(), embedder=HashingEmbedder()), MemoryContext(user_id="ada"), datetime.now(UTC)
    >>> _ = store.commit(add=[MemoryRecord(text="User uses Emacs", predicate="uses", object="Emacs", scope=ctx.scope("user"))])
    >>> turns = [{"role": "user", "content": "Actually Zed, not Emacs."}]
    >>> pending, skips = RuleExtractor().extract_explained(turns, ctx, now)
    >>> pending, skips = land_stored_corrections(store, pending, skips, turns, ctx, now)
    >>> [(p.record.text, p.record.source.value, p.replaces) for p in pending], skips
    ([('User uses Zed', 'explicit_correction', ['Emacs'])], [])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..records import MemoryContext, MemoryRecord, Source, Status, normalize_text
from ..safety import find_injection
from ..state import PendingWrite
from .extractor import RuleExtractor, Turn, latest_user_turns, turn_id
from .places import is_place
from .rules import Claim, clean_object

KEY = "stored_correction"
_PLACE_PREDICATES = frozenset({"lives_in", "works_in", "from"})


def correction_partitions(store: Any, ctx: MemoryContext) -> list[str]:
    """The partitions a correction may reach: this user's and project's, and this user's sessions of the same
    project (or of none). Never the org's, another user's or another project's."""
    own = [p for p in ctx.visible_partitions() if not p.startswith("org/")]
    return list(dict.fromkeys([*own, *store.partitions(prefix=ctx.session_prefix())]))


def _names(named: str, obj: str) -> bool:
    """Does the named old value name this stored object ("Firefox" names "Firefox for browsing")?"""
    n, o = normalize_text(named), normalize_text(obj)
    if not n or not o:
        return False
    if n == o:
        return True
    words = set(re.findall(r"\w+", n))
    return bool(words) and len(n) >= 2 and words <= set(re.findall(r"\w+", o))


def land_stored_corrections(store: Any, pending: list[PendingWrite], skips: list[dict[str, Any]],
                            turns: Sequence[Turn], ctx: MemoryContext, now: datetime,
                            shown: Sequence[str] = ()) -> tuple[list[PendingWrite], list[dict[str, Any]]]:
    """(`pending` with the corrections that found their stored fact, `skips` without the clauses they
    explain). `shown`: the ids of the memories injected this turn."""
    hints = [s for s in skips if s.get(KEY)]
    if not hints or store is None:
        return pending, skips
    held = sorted(store.find(correction_partitions(store, ctx), statuses=(Status.ACTIVE,)), key=lambda r: r.created_at)
    latest, earlier = latest_user_turns(turns)
    tid = turn_id(latest[-1], len(earlier) + len(latest) - 1) if latest else "turn-0"
    smuggled = any(find_injection(str(t.get("content") or "")) for t in latest)
    out_pending, out_skips = list(pending), []
    answered: set[int] = set()  # the hints acted on
    landed: set[str] = set()  # the clauses a landed correction explains
    for hint in hints:
        spec = hint[KEY]
        targets = [r for r in held if any(_names(n, r.object) for n in spec.get("named") or [])]
        values = [v for v in spec.get("values") or [] if clean_object(v)]
        if values:
            writes = [_correction(target, v, hint["text"], ctx, now, tid, smuggled)
                      for v in values[-1:] if (target := _target(targets, held, shown, v)) is not None]
            if writes:
                out_pending += writes
                landed.update(spec.get("clauses") or [])
                answered.add(id(hint))
                continue
            out_skips.append({"text": hint["text"], "reason": "correction: no stored memory named or shown to correct"})
        elif targets:
            out_skips.append({"text": hint["text"], "reason": "correction not understood",
                              "confirm": [[r.subject, r.predicate, r.object] for r in targets]})
        else:
            out_skips.append({"text": hint["text"], "reason": "correction: no stored memory named or shown to correct"})
        answered.add(id(hint))
    rest = [s for s in skips if id(s) not in answered and not (s.get("reason") == "no parse" and s.get("text") in landed)]
    return out_pending, [*rest, *out_skips]


def _target(named: list[MemoryRecord], held: list[MemoryRecord], shown: Sequence[str], value: str) -> MemoryRecord | None:
    """The named fact (the newest), else the newest shown memory of the value's kind."""
    if named:
        return named[-1]
    place = is_place(clean_object(value))
    seen = [r for r in held if r.id in set(shown) and r.object.strip()]
    return next((r for r in reversed(seen) if (r.predicate in _PLACE_PREDICATES) == place), None)


def _correction(target: MemoryRecord, value: str, quote: str, ctx: MemoryContext, now: datetime, tid: str,
                smuggled: bool) -> PendingWrite:
    claim = Claim(target.subject, target.predicate, clean_object(value), target.polarity.value, target.kind.value,
                  [target.object])
    p = RuleExtractor()._pending(claim, quote, Source.EXPLICIT_CORRECTION, False, ctx, now, tid)
    if smuggled:
        p.flags = ["injection"]
    return p.note("extract", f"correction of stored {target.id} (named or shown; nothing earlier in the thread)")


__all__ = ["correction_partitions", "land_stored_corrections"]
