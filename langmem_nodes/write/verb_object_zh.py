"""A one-character Chinese object keeps its verb: "我不抽烟" stores 抽烟, "我不喝酒" 喝酒, "我在学车" 学车, "我不开车"
开车, "我喜欢看球" 看球. Alone, 烟 / 酒 / 车 name a thing, not the habit the user told (driving, not "a car"); with
the verb the object says what was said and the stored text says the verb once ("用户不抽烟", "用户在学车").
"我戒烟了" keeps 烟: its text says "用户已戒烟".

    >>> from .rules import Claim
    >>> c = whole(Claim("user", "uses", "烟", "negative", verb="不抽"))
    >>> (c.object, c.verb)
    ('抽烟', '不')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .rules import Claim

_LIGHT = "抽喝吃开骑坐学打玩弹看听"
_ONE = re.compile(r"^[\u4e00-\u9fff]$")


_ALSO = re.compile(r"^(?P<a>[\u4e00-\u9fff]{1,6})也(?P<b>(?:不|没|从不|很少|基本不)[\u4e00-\u9fff]{1,8})$")


def also_not(c: Claim, parse: Callable[[str], list[Claim]]) -> list[Claim]:
    """"(我不抽)烟也不喝酒": the object before 也 and the user's second habit after it, else [c]."""
    m = _ALSO.match(c.object.strip()) if c.subject == "user" and c.polarity == "negative" else None
    if not m or not (second := [d for d in parse("我" + m.group("b")) if d.subject == "user"]):
        return [c]
    return [replace(c, object=m.group("a")), *second]


def whole(c: Claim, said: str = "") -> Claim:
    """The claim with its verb in a one-character object, else the claim as it was. `said` is the clause read: a
    verb the rule left out of the claim ("我喜欢看书" → 书) is found before the object there."""
    obj, verb = c.object.strip(), c.verb or ""
    if not _ONE.match(obj):
        return c
    if not verb and c.predicate == "prefers" and (m := re.search(f"([{_LIGHT.replace('喝', '').replace('吃', '')}]){obj}", said)):
        # "我喜欢看球": 看球; a food or drink liked is itself ("我喜欢喝茶": 茶, as "我喜欢茶" — one fact, one record)
        return replace(c, object=m.group(1) + obj)
    if verb and verb[-1] in _LIGHT:
        return replace(c, object=verb[-1] + obj, verb=verb[:-1])
    if c.predicate == "learning" and not verb:  # "我在学车": learning to drive
        return replace(c, object="学" + obj, verb="在")
    return c
