"""A liking narrowed in the next clause is one fact: "我喜欢喝奶茶，尤其是芋泥波波", "我很喜欢看电影，特别是科幻片" store
one record, "奶茶，尤其是芋泥波波", not one for the drink and another for the kind — and not the broad one alone.

    >>> from .rules import Claim
    >>> liked = Claim("user", "prefers", "奶茶")
    >>> narrow = narrowing(liked, "尤其是芋泥波波")
    >>> [(c.object) for c, *_ in fold([(liked, "我喜欢喝奶茶", None, False), (narrow[0], "尤其是芋泥波波", None, False)])]
    ['奶茶，尤其是芋泥波波']
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .rules import Claim

_NARROW = re.compile(r"^(?P<lead>尤其是|特别是|尤其|最喜欢的是|最爱的是)\s*(?P<o>\S.{0,24}?)\s*[哈啊呀吧嘛]*$")
_LIKING = ("prefers",)


def narrowing(prev: Claim | None, clause: str) -> list[Claim]:
    """The narrower value of the liking before, as a claim of its own kind, or []."""
    if prev is None or prev.subject != "user" or prev.polarity != "positive" or prev.predicate not in _LIKING:
        return []
    m = _NARROW.match(clause.strip())
    return [replace(prev, object=m.group("o"), replaces=[])] if m else []


def fold(found: list[tuple[Claim, str, Any, bool]]) -> list[tuple[Claim, str, Any, bool]]:
    """Each narrowing folded into the liking just before it."""
    out: list[tuple[Claim, str, Any, bool]] = []
    for c, q, s, h in found:
        m = _NARROW.match(q.strip())
        if m and out and (last := out[-1][0]).predicate == c.predicate and last.subject == c.subject \
                and last.polarity == c.polarity and not last.object.endswith(c.object):
            lead = m.group("lead") if m.group("lead") in ("尤其是", "特别是") else "尤其是"
            out[-1] = (replace(last, object=f"{last.object}，{lead}{c.object}"), *out[-1][1:])
            continue
        out.append((c, q, s, h))
    return out
