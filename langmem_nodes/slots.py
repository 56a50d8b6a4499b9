"""A value's slot beyond its predicate: the values one memory replaced (its supersede chain) are other values of
the same slot, even for a predicate that holds several values at once (`uses`, `likes`). "I use Vim" →
"Actually Helix, not Vim" makes {Vim, Helix} one slot, so a later active Vim and Helix contradict each other
like two places one lives in. The write side stamps the replaced values on the winner (`SLOT_KEY`); the read
side groups by `slot_keys`, so two active values of one slot are never shown together.

Example:
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> s = Scope(user_id="u")
    >>> helix = MemoryRecord(text="User uses Helix", predicate="uses", object="Helix", scope=s, metadata={SLOT_KEY: ["vim"]})
    >>> vim = MemoryRecord(text="User uses Vim", predicate="uses", object="Vim", scope=s)
    >>> py = MemoryRecord(text="User uses Python", predicate="uses", object="Python", scope=s)
    >>> k = slot_keys([helix, vim, py]); k[0] == k[1], k[0] == k[2]
    (True, False)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .facts import attribute_key, is_exclusive
from .records import MemoryRecord, normalize_text

#: metadata key: the normalised values this memory replaced, followed back (its slot's other values)
SLOT_KEY = "slot_values"


def replaced_values(losers: Sequence[MemoryRecord], own: str) -> list[str]:
    """The values to stamp on a winner that replaced `losers`: theirs and those they had replaced."""
    vals = {normalize_text(m.object) for m in losers if m.object.strip()}
    for m in losers:
        vals.update(str(v) for v in m.metadata.get(SLOT_KEY) or [])
    vals.discard(normalize_text(own))
    return sorted(v for v in vals if v)


def _latin_terms(value: str) -> set[str]:
    words = re.findall(r"[a-z0-9][a-z0-9.+#-]*", normalize_text(value))
    return {w[:-1] if w.isalpha() and len(w) > 3 and w.endswith("s") else w for w in words if w not in _FILLER}


_FILLER = frozenset("a an the my for of in on with to and or".split())


def in_slot(value: str, slot: Sequence[str]) -> bool:
    """Is `value` one of a slot's values: equal once normalised, or its words inside one value's words or the
    other way round ("tab 缩进" is "tabs for indentation" said in Chinese)?"""
    own = normalize_text(value)
    if not own:
        return False
    if own in slot:
        return True
    mine = _latin_terms(own)
    return bool(mine) and any((t := _latin_terms(v)) and (mine <= t or t <= mine) for v in slot)


def _root(parent: dict[int, int], i: int) -> int:
    while parent[i] != i:
        i = parent[i]
    return i


def slot_keys(records: Sequence[MemoryRecord]) -> list[tuple[str, ...] | None]:
    """`facts.attribute_key` of each record, with a parallel predicate's values that one record's chain links
    (`SLOT_KEY`) given one key (the chain holder's)."""
    keys = [attribute_key(r) for r in records]
    by_attr: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(records):
        if keys[i] is not None and not is_exclusive(r.predicate):
            by_attr.setdefault((r.subject.strip().casefold(), r.predicate.strip().casefold()), []).append(i)
    for idxs in by_attr.values():
        if len(idxs) < 2:
            continue
        parent = {i: i for i in idxs}

        for i in idxs:
            linked = set(records[i].metadata.get(SLOT_KEY) or [])
            if not linked:
                continue
            for j in idxs:
                if j != i and in_slot(records[j].object, sorted(linked)):
                    parent[_root(parent, j)] = _root(parent, i)
        roots = {i: _root(parent, i) for i in idxs}
        sizes = Counter(roots.values())
        base = {i: keys[i] for i in idxs}
        for i in idxs:
            if sizes[roots[i]] > 1:
                keys[i] = ("slot", *(base[roots[i]] or ()))
    return keys


__all__ = ["SLOT_KEY", "in_slot", "replaced_values", "slot_keys"]
