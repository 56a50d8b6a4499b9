"""A current value said after a past one without its verb takes the past clause's relation: "我以前在腾讯上班，
现在在华为" is "我现在在华为上班", "I used to work at IBM, now at Oracle" is "I work at Oracle now" (and it
replaces the past value, as a full "now I work at Oracle" would).

    >>> from langmem_nodes.write.rules import Claim
    >>> past = Claim("user", "works_at", "腾讯", kind="identity")
    >>> [(c.predicate, c.object, c.replaces) for c in after_past("现在在华为", past)]
    [('works_at', '华为', ['腾讯'])]
    >>> [c.object for c in after_past("now at Oracle", Claim("user", "works_at", "IBM"))], after_past("现在很忙", past)
    (['Oracle'], [])
"""

from __future__ import annotations

import re

from .places import is_place
from .rules import Claim, clean_object

_NOW_ZH = re.compile(r"^(?:但是?|而|不过)?(?:我)?(?:现在|目前|如今|后来)(?:已经|则|就|又)?(?:在|是|去了|到了|换到了?|跳到了?|回到?了?|搬回了?|搬到了?)\s*"
                     r"(?P<o>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 .&+-]{0,14}?)(?:了|呢|啦)?$")
_NOW_EN = re.compile(r"^(?:but\s+|and\s+)?(?:now|nowadays|these days|today)\s*,?\s*(?:(?:i'?m|i am)\s+)?(?:at|in|with|for|on)\s+"
                     r"(?P<o>(?-i:[A-Z])[\w.&+-]*(?:\s+(?-i:[A-Z])[\w.&+-]*){0,2})$", re.I)
# what a verbless "现在在 X" can continue: where the user works, studies or lives
_CARRIED = ("works_at", "works_in", "lives_in", "studies_at")
# a state, not a value: "现在很忙", "现在在家", "现在在路上"
_NOT_A_VALUE = re.compile(r"^(?:很|挺|太|非常|比较|有点|家|路上|休息|上班|忙|这|那|哪|去|来)")
# a step said with 后来 is itself past when a later clause of the sentence gives the value of now
_THEN = re.compile(r"^\s*(?:但是?|而|不过)?(?:我)?后来")
_NOW_LEAD = re.compile(r"^\s*(?:但是?|而|不过)?(?:我)?(?:现在|目前|如今)")


def after_past(clause: str, past: Claim) -> list[Claim]:
    """The clause's value under the past claim's relation, replacing the past value; [] when it names none."""
    if past.predicate not in _CARRIED or past.polarity != "positive":
        return []
    m = _NOW_ZH.match(clause.strip()) or _NOW_EN.match(clause.strip())
    if not m:
        return []
    value = clean_object(m.group("o"))
    if not value or _NOT_A_VALUE.match(value) or value == past.object:
        return []
    predicate = past.predicate
    if predicate in ("works_at", "works_in"):  # "在杭州上班" is where, "在华为上班" for whom
        predicate = "works_in" if is_place(value) else "works_at"
    return [Claim(past.subject, predicate, value, "positive", past.kind, [past.object])]


def passed_step(clause: str, later: list[str]) -> bool:
    """"后来去了深圳" before "现在又回北京了": a step on the way, not the value of now.

    >>> passed_step("后来去了深圳", ["现在又回北京了"]), passed_step("后来去了深圳", [])
    (True, False)
    """
    return bool(_THEN.match(clause)) and any(_NOW_LEAD.match(r) for r in later)


__all__ = ["after_past", "passed_step"]
