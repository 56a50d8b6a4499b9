"""Leaving a job is no tool given up: "I quit my job at Netflix", "I resigned from Stripe", "我从腾讯辞职了" say the
user no longer works there (`works_at`, negative); "I quit Spotify" does too when the user said they worked at
Spotify earlier in the thread — otherwise it stays an app given up ("I quit Instagram").

    >>> [(c.predicate, c.object, c.polarity) for c in read("I quit my job at Netflix last week")]
    [('works_at', 'Netflix', 'negative')]
    >>> [(c.predicate, c.object) for c in read("我从腾讯辞职了")], read("I quit Instagram")
    ([('works_at', '腾讯')], [])
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..records import normalize_text
from .rules import Claim, clean_object

_I = re.IGNORECASE
_ORG_EN = r"(?P<o>(?-i:[A-Z])[\w.&+-]*(?:\s+(?-i:[A-Z])[\w.&+-]*){0,2})"
_LEFT_EN = re.compile(r"^i(?:'ve| have)?\s+(?:just\s+|recently\s+|finally\s+|officially\s+)*(?:"
                      r"(?:quit|left)\s+(?:my\s+)?(?:job|position|role|post)\s+(?:at|with)\s+|resigned\s+from\s+(?:my\s+(?:job|position|role)\s+at\s+)?|"
                      r"stopped\s+working\s+(?:at|for)\s+)" + _ORG_EN + r"(?=$|\s+(?:last|this|in|a|about|after|back|because|since|and|but|so)\b|[,.!])", _I)
_LEFT_ZH = re.compile(r"^我(?:已经|刚刚?|上个?月|上周|去年|今年|前段时间|最近)*(?:从|在)\s*(?P<z>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 ]{0,10}?)\s*"
                      r"(?:辞职|离职|裸辞)了?$|"
                      r"^我(?:已经|刚刚?|上个?月|上周|去年|今年|最近)*(?:辞掉|辞去|辞了)了?\s*(?P<z2>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 ]{0,10}?)的工作了?$")


def read(clause: str) -> list[Claim]:
    """The employer the clause says the user left, as a negative `works_at`; [] when it names none."""
    m = _LEFT_EN.match(clause.strip()) or _LEFT_ZH.match(clause.strip())
    if not m:
        return []
    org = clean_object(next(g for g in m.groups() if g))
    return [Claim("user", "works_at", org, "negative", "identity")] if org else []


def employer(found: list[tuple[Claim, str, Any, bool]], said_before: Callable[[], list[Claim]]) -> None:
    """"I quit Spotify" after "I work at Spotify": the app given up is the user's employer left (in place)."""
    quits = [c for c, *_ in found if c.subject == "user" and c.predicate == "uses" and c.polarity == "negative"]
    if not quits:
        return
    employers = {normalize_text(c.object) for c in said_before() if c.subject == "user" and c.predicate == "works_at"}
    for c in quits:
        if normalize_text(c.object) in employers:
            c.predicate, c.kind = "works_at", "identity"


__all__ = ["employer", "read"]
