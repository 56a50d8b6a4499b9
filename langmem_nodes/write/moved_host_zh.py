"""A move the team makes is the project's host changing, not the user's home: after "我们的后端部署在 Heroku", the
correction "更正一下，我们上个月已经搬到 Render 了" says where the project runs now (Render, in place of Heroku).

Read only when the move is said with "我们" as its holder, what the thread said just before is a project's host
(a 部署 / 托管 / 跑在 clause that read as the project's tool) and the new value is no place: "我住在杭州" …
"我们搬到苏州了" stays the user's home.

    >>> from .rules import Claim
    >>> moved = [Claim("user", "lives_in", "Render", "positive", "identity")]
    >>> before = [Claim("project", "uses", "Heroku", "positive", "fact")]
    >>> [(c.subject, c.predicate, c.object, c.replaces) for c in retarget(moved, "我们上个月已经搬到 Render 了", before, ["我们的后端部署在 Heroku"])]
    [('project', 'uses', 'Render', ['Heroku'])]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import places
from .rules import Claim

_WE_MOVED = re.compile(r"(?:我们|我們|咱们|咱們)[^，,。！!？?；;]{0,8}?(?:搬到|搬去|搬家到|迁到|遷到|迁移到|遷移到)")
_HOSTED = re.compile(r"部署|托管|託管|跑在|架在|放在|host|deploy", re.IGNORECASE)


def retarget(found: Sequence[Claim], message: str, before: Sequence[Claim], texts: Sequence[str]) -> list[Claim]:
    """`found` with a home move the team made read as the project's new host, replacing the host said before."""
    hosts = [c for c in before if c.subject == "project" and c.predicate == "uses" and c.polarity == "positive"]
    if not (hosts and _WE_MOVED.search(message) and any(_HOSTED.search(t) for t in texts)):
        return list(found)
    if any(c.subject == "user" and c.predicate == "lives_in" for c in before):
        return list(found)
    out = []
    for c in found:
        if c.subject == "user" and c.predicate == "lives_in" and not places.is_place(c.object):
            c = Claim("project", "uses", c.object, c.polarity, "fact", [hosts[-1].object])
        out.append(c)
    return out


__all__ = ["retarget"]
