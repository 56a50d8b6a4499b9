"""A one-character Chinese object keeps its verb: "我不抽烟" stores 抽烟, "我不喝酒" 喝酒, "我在学车" 学车, "我不开车"
开车. Alone, 烟 / 酒 / 车 name a thing, not the habit the user told (driving, not "a car"); with the verb the
object says what was said and the stored text says the verb once ("用户不抽烟", "用户在学车").

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

_LIGHT = "抽喝吃开骑坐学打玩弹"
_ONE = re.compile(r"^[\u4e00-\u9fff]$")
_QUIT = {"烟": "抽", "菸": "抽", "酒": "喝"}  # "已戒" 烟: the habit given up


_ALSO = re.compile(r"^(?P<a>[\u4e00-\u9fff]{1,6})也(?P<b>(?:不|没|从不|很少|基本不)[\u4e00-\u9fff]{1,8})$")


def also_not(c: Claim, parse: Callable[[str], list[Claim]]) -> list[Claim]:
    """"(我不抽)烟也不喝酒": the object before 也 and the user's second habit after it, else [c]."""
    m = _ALSO.match(c.object.strip()) if c.subject == "user" and c.polarity == "negative" else None
    if not m or not (second := [d for d in parse("我" + m.group("b")) if d.subject == "user"]):
        return [c]
    return [replace(c, object=m.group("a")), *second]


def whole(c: Claim) -> Claim:
    """The claim with its verb in a one-character object, else the claim as it was."""
    obj, verb = c.object.strip(), c.verb or ""
    if not _ONE.match(obj):
        return c
    if verb and verb[-1] in _LIGHT:
        return replace(c, object=verb[-1] + obj, verb=verb[:-1])
    if verb.endswith("戒") and obj in _QUIT:  # "我戒酒了": no more drinking
        return replace(c, object=_QUIT[obj] + obj, verb=verb[:-1] + "不再" if verb[:-1] else "不再")
    if c.predicate == "learning" and not verb:  # "我在学车": learning to drive
        return replace(c, object="学" + obj, verb="在")
    return c
