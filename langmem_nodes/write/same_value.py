"""Two values of one slot that name the same thing in the two languages ("peanuts" / "花生", by the value glossary
forget uses). Dedup reads such a statement as
a repeat of the memory, not a new one: "I'm allergic to peanuts." then "我对花生过敏。" is one memory, said twice."""

from __future__ import annotations

import re

_JOINERS = re.compile(r"\b(?:and|or|the|a|an)\b|[和与及或、,，/&\s]+", re.I)


def _glossary_only(value: str) -> frozenset[int]:
    """The glossary rows `value` names when it names nothing else, else an empty set."""
    from ..governance.value_glossary import (  # governance imports the write path
        _en_pattern,
        _rows,
        value_concepts,
    )

    concepts = value_concepts(value)
    if not concepts:
        return frozenset()
    rest = _en_pattern().sub(" ", value)
    for word in sorted({w for _, zh in _rows() for w in zh}, key=len, reverse=True):
        rest = rest.replace(word, " ")
    return concepts if not _JOINERS.sub("", rest).strip() else frozenset()


def same_value(a: str, b: str) -> bool:
    """`a` and `b`, one English and one Chinese, name the same glossary values and nothing else."""
    if a.isascii() == b.isascii():
        return False  # within one language the key and semantic layers decide
    ca, cb = _glossary_only(a), _glossary_only(b)
    return bool(ca) and ca == cb


__all__ = ["same_value"]
