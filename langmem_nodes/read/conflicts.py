"""ConflictNode: exclusive memories (same subject + predicate, different object or polarity) are never
injected together; parallel memories (different predicates, or another object of a parallel predicate such
as `uses`) all stay.

Only structured claims take part: a record with an empty `object` or the generic predicate "states" is
free text and never conflicts. In each exclusive group the best-scored memory wins when it leads the
runner-up by at least `margin` (relative); an explicit correction always wins. Otherwise the winner is
kept with the flag `needs_confirmation` (the agent should ask) — the losers are dropped either way and
listed in the winner's `breakdown` count and `flags`.

Example:
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.state import ScoredMemory
    >>> s = Scope(user_id="ada")
    >>> a = MemoryRecord(text="prefers tea", predicate="prefers_drink", object="tea", scope=s)
    >>> b = MemoryRecord(text="prefers coffee", predicate="prefers_drink", object="coffee", scope=s)
    >>> hits = [ScoredMemory(record=a, score=0.8), ScoredMemory(record=b, score=0.5)]
    >>> [h.record.object for h in ConflictNode().run({"memory_hits": hits}, MemoryContext(user_id="ada"), None)["memory_hits"]]
    ['tea']
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from ..node import MemoryNode
from ..records import MemoryContext, MemoryRecord, Source, normalize_text
from ..state import ScoredMemory
from ..write.resolver import is_exclusive
from ..write.rules import PREDICATES

GENERIC_PREDICATES = frozenset({"states", "said", "says", "mentions", ""})
NEEDS_CONFIRMATION = "needs_confirmation"


def attribute_key(rec: MemoryRecord) -> tuple[str, ...] | None:
    """What a claim can contradict, or None for free text that cannot conflict.

    An exclusive attribute (one value at a time: `lives_in`, `attr:shell`, any predicate the write side does
    not know) is keyed by (subject, predicate), so another value contradicts it. A parallel one the write side
    knows (`uses`, `prefers`, `diet`, ...: a user uses Vim and Python at once) is keyed by its object too, so
    only the same object with the other polarity contradicts it ("likes tea" vs "dislikes tea").
    """
    pred = rec.predicate.strip().casefold()
    if pred in GENERIC_PREDICATES or not rec.object.strip():
        return None
    subject = rec.subject.strip().casefold()
    if pred in PREDICATES and not is_exclusive(pred):
        return (subject, pred, normalize_text(rec.object))
    return (subject, pred)


def value_key(rec: MemoryRecord) -> tuple[str, str]:
    return (normalize_text(rec.object), rec.polarity.value)


def resolve_conflicts(
    hits: Sequence[ScoredMemory], *, margin: float = 0.15, policy: Literal["winner", "confirm"] = "winner"
) -> list[ScoredMemory]:
    """Keep one memory per exclusive group (order of `hits` preserved). See the module docstring.

    `policy="confirm"` flags every winner of a contested group `needs_confirmation`, whatever the margin.
    """
    groups: dict[tuple[str, ...], list[int]] = {}
    for i, h in enumerate(hits):
        key = attribute_key(h.record)
        if key is not None:
            groups.setdefault(key, []).append(i)
    drop: set[int] = set()
    update: dict[int, ScoredMemory] = {}
    for idxs in groups.values():
        values = {value_key(hits[i].record) for i in idxs}
        if len(values) < 2:
            continue  # same value repeated: parallel duplicates, not a conflict
        ranked = sorted(idxs, key=lambda i: (hits[i].record.source is not Source.EXPLICIT_CORRECTION, -hits[i].score, i))
        win = ranked[0]
        rivals = [i for i in ranked[1:] if value_key(hits[i].record) != value_key(hits[win].record)]
        best_rival = max(hits[i].score for i in rivals)
        top = hits[win].score
        clear = hits[win].record.source is Source.EXPLICIT_CORRECTION or (
            top > 0 and (top - best_rival) / top >= margin
        )
        flags = list(hits[win].flags) + [f"beat:{hits[i].record.id}" for i in rivals]
        if policy == "confirm" or not clear:
            flags.append(NEEDS_CONFIRMATION)
        update[win] = hits[win].model_copy(
            update={"flags": flags, "breakdown": {**hits[win].breakdown, "conflicts": float(len(rivals))}}
        )
        drop.update(i for i in idxs if i != win)
    return [update.get(i, h) for i, h in enumerate(hits) if i not in drop]


class ConflictNode(MemoryNode):
    """Resolve exclusive memories in `memory_hits` (see module docstring).

    Args:
        margin: relative score lead needed for a clear winner.
        policy: "winner" (flag only close calls) or "confirm" (flag every contested winner).
    """

    name = "conflicts"

    def __init__(self, *, margin: float = 0.15, policy: Literal["winner", "confirm"] = "winner", **kw: Any) -> None:
        super().__init__(**kw)
        if policy not in ("winner", "confirm"):
            raise ValueError(f"policy must be 'winner' or 'confirm', got {policy!r}")
        if not 0.0 <= margin < 1.0:
            raise ValueError(f"margin must be in [0, 1), got {margin!r}")
        self.margin, self.policy = margin, policy

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        return {"memory_hits": resolve_conflicts(state.get("memory_hits") or [], margin=self.margin, policy=self.policy)}
