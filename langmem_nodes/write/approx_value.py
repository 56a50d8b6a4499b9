"""A corrected value said as an estimate or as what holds lately: "these days it's more like 25 km a week",
"closer to 300 a month", "nowadays it's more like Ted Chiang", "最近更像是陈奕迅", "更接近一个小时". The lead
("these days", "more like", "最近更像是") only frames the value; without it the clause is the bare value a
correction reads ("it's 25 km a week", "是陈奕迅").

Example:
    >>> plain("these days it's more like 25 km a week"), plain("closer to 300 a month"), plain("最近更像是陈奕迅")
    ("it's 25 km a week", "it's 300 a month", '是陈奕迅')
    >>> opens("eh, these days it's more like Phoebe Bridgers"), opens("最近更像是陈奕迅"), opens("it's more like a hobby")
    (True, True, False)
    >>> plain("more like an hour"), plain("it's more like a hobby"), plain("更像是个爱好吧")
    ("it's an hour", "it's more like a hobby", '更像是个爱好吧')
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_LATELY_EN = r"(?:(?:these\s+days|nowadays|lately|now|honestly|really)\s*,?\s+)*"
_EN = re.compile(rf"^{_LATELY_EN}(?:(?:it'?s|it\s+is|that'?s|that\s+is)\s+)?(?:(?:probably|actually|really)\s+)?"
                 r"(?:more\s+like|closer\s+to|nearer\s+to|nearer)\s+(?=\S)", _I)
_ZH = re.compile(r"^(?:现在|最近|如今|这阵子|这段时间|其实|实际上)*(?:更像是|更接近于?|更像)(?=\S)")
# what follows says a kind of thing, not a value: "more like a hobby", "更像是个爱好"
_KIND_AFTER = re.compile(r"^(?:an?\s+(?!(?:hour|minute|day|week|month|year|mile|half|couple|few|dozen|hundred|thousand)s?\b)|the\s+kind\s+of\s+)|^(?:个|一种|一个)(?![\d零一二两三四五六七八九十百千]+\s*(?:小时|分钟|公里|次))")


def plain(clause: str) -> str:
    """`clause` said as the bare value it estimates ("it's 25 km a week", "是陈奕迅"); itself when it is no estimate."""
    text = clause.strip()
    if (m := _EN.match(text)) and not _KIND_AFTER.match(text[m.end():]):
        return "it's " + text[m.end():]
    if (m := _ZH.match(text)) and not _KIND_AFTER.match(text[m.end():]):
        return "是" + text[m.end():]
    return clause


_FILLER = re.compile(r"^(?:(?:oh|ah|eh|hmm+|um+|well|wait|ok(?:ay)?|哦|嗯|呃|啊)\s*[,，]?\s*)+", _I)


def opens(message: str) -> bool:
    """A clause of `message` says a value as the estimate of what holds: after an earlier value of the same thing,
    a correction of it ("eh, these days it's more like Phoebe Bridgers", "嗯，最近更像是陈奕迅")."""
    clauses = (_FILLER.sub("", c) for c in re.split(r"[,，.。!！;；]+", message))
    return any(c and plain(c) != c for c in clauses)


__all__ = ["opens", "plain"]
