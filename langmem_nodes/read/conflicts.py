"""ConflictNode: exclusive memories (same subject + predicate, different object or polarity) are never
injected together; parallel memories (different predicates, or another object of a parallel predicate such
as `uses`) all stay.

Only structured claims take part: a record with an empty `object` or the generic predicate "states" is
free text and never conflicts. In each exclusive group the winner is the one `facts.winner` picks — the
rule the write side and the stable block use: the higher source authority, then the newer. The win is clear
when the winner outranks every rival's source, or (at equal authority) also leads the best rival's score by
at least `margin` (relative); otherwise the winner is kept with the flag `needs_confirmation` (the agent
should ask). The losers are dropped either way and listed in the winner's `breakdown` count and `flags`.

Example:
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.state import ScoredMemory
    >>> s = Scope(user_id="ada")
    >>> a = MemoryRecord(text="prefers tea", predicate="prefers_drink", object="tea", scope=s, source="explicit")
    >>> b = MemoryRecord(text="prefers coffee", predicate="prefers_drink", object="coffee", scope=s)
    >>> hits = [ScoredMemory(record=a, score=0.5), ScoredMemory(record=b, score=0.8)]
    >>> [h.record.object for h in ConflictNode().run({"memory_hits": hits}, MemoryContext(user_id="ada"), None)["memory_hits"]]
    ['tea']
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from ..facts import attribute_key, authority, value_key, winner_index  # noqa: F401 - attribute_key re-exported
from ..node import MemoryNode
from ..records import MemoryContext
from ..slots import slot_keys
from ..state import ScoredMemory

NEEDS_CONFIRMATION = "needs_confirmation"


def resolve_conflicts(
    hits: Sequence[ScoredMemory], *, margin: float = 0.15, policy: Literal["winner", "confirm"] = "winner"
) -> list[ScoredMemory]:
    """Keep one memory per exclusive group (order of `hits` preserved). See the module docstring.

    `policy="confirm"` flags every winner of a contested group `needs_confirmation`, whatever the margin.
    """
    groups: dict[tuple[str, ...], list[int]] = {}
    for i, key in enumerate(slot_keys([h.record for h in hits])):  # a supersede chain's values are one slot
        if key is not None:
            groups.setdefault(key, []).append(i)
    drop: set[int] = set()
    update: dict[int, ScoredMemory] = {}
    for key, idxs in groups.items():
        values = {value_key(hits[i].record) for i in idxs}
        if len(values) < 2:
            continue  # same value repeated: parallel duplicates, not a conflict
        win = idxs[winner_index([hits[i].record for i in idxs])]
        rivals = [i for i in idxs if value_key(hits[i].record) != value_key(hits[win].record)]
        rank = authority(hits[win].record.source)
        top, best_rival = hits[win].score, max(hits[i].score for i in rivals)
        clear = rank > max(authority(hits[i].record.source) for i in rivals) or (
            top > 0 and (top - best_rival) / top >= margin
        )
        flags = list(hits[win].flags) + [f"beat:{hits[i].record.id}" for i in rivals]
        if policy == "confirm" or not clear:
            flags.append(NEEDS_CONFIRMATION)
        extra: dict[str, Any] = {}
        if key[0] == "slot":  # two active values of one supersede chain: say which one holds, and over what
            said = "; ".join(f"\"{hits[i].record.text}\"" for i in rivals[:2])
            why = "said outright" if rank > max(authority(hits[i].record.source) for i in rivals) else "said later"
            extra["note"] = "; ".join(x for x in (hits[win].note, f"{why}, holds over {said}") if x)
        update[win] = hits[win].model_copy(
            update={"flags": flags, "breakdown": {**hits[win].breakdown, "conflicts": float(len(rivals))}, **extra}
        )
        drop.update(i for i in idxs if i != win)
    return [update.get(i, h) for i, h in enumerate(hits) if i not in drop]


class ConflictNode(MemoryNode):
    """Resolve exclusive memories in `memory_hits` (see module docstring).

    Args:
        margin: relative score lead that makes a win at equal source authority clear.
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
