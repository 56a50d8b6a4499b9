"""One item per fact: copies of the same memory in several scopes reach the selector once.

An org memory promoted from a project keeps its project copy, and a home written before org promotions merged
may hold two org copies of one rule; each is a separate hit with the same score. `one_per_fact` keeps the best
of each group (ties: the narrower scope, whose provenance is the user's own turn), so the ≤ 5 slots hold five
facts. A team fact (project or org) and a user's own fact are different items even with the same words.

Example:
    >>> from langmem_nodes.records import Level, MemoryRecord, Scope
    >>> from langmem_nodes.state import ScoredMemory
    >>> def hit(level, subject):
    ...     scope = Scope(user_id=None, project_id="web" if level == "project" else None, level=level, org_id="acme")
    ...     return ScoredMemory(record=MemoryRecord(text="Project rule: never commit to main", subject=subject,
    ...                         predicate="rule", object="commit to main", polarity="negative", scope=scope), score=0.9)
    >>> [h.record.scope.level.value for h in one_per_fact([hit("org", "org"), hit("org", "org"), hit("project", "project")])]
    ['project']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..records import Level, MemoryRecord, normalize_text
from ..state import ScoredMemory

_TEAM = frozenset({"project", "org"})
_NARROW = {Level.SESSION: 0, Level.USER: 1, Level.PROJECT: 2, Level.ORG: 3}


def fact_key(rec: MemoryRecord) -> tuple[str, ...]:
    """What makes two records the same fact: holder (a project's and the org's count as one), predicate,
    normalised object and polarity; a record without an object is its normalised text."""
    holder = "team" if rec.subject in _TEAM else rec.subject
    if rec.object:
        return (holder, rec.predicate.casefold(), normalize_text(rec.object), rec.polarity)
    return (holder, normalize_text(rec.text))


def one_per_fact(hits: Sequence[ScoredMemory]) -> list[ScoredMemory]:
    """`hits` with one hit per `fact_key`, in their order: the best-scored, a tie going to the narrower scope."""
    best: dict[tuple[str, ...], ScoredMemory] = {}
    for h in hits:
        key = fact_key(h.record)
        kept = best.get(key)
        if kept is None or (h.score, -_NARROW[h.record.scope.level]) > (kept.score, -_NARROW[kept.record.scope.level]):
            best[key] = h
    chosen = {id(h) for h in best.values()}
    return [h for h in hits if id(h) in chosen]


__all__ = ["fact_key", "one_per_fact"]
