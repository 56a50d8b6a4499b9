"""A change, then its new value in the next clause: "我换工作了，现在在腾讯", "I changed jobs last month, now at Stripe",
"我们搬家了，现在在杭州", "We moved recently, now in Leeds". The value clause alone ("现在在腾讯") names no relation and
the change alone has no value (`unsaid_change`); together they are the change's plain statement, which the sentence
is read as ("我现在在腾讯上班", "I work at Stripe now").

Example:
    >>> restated("我上个月换工作了，现在在腾讯。"), restated("We moved recently, now in Leeds.")
    ('我现在在腾讯上班。', 'I live in Leeds now.')
    >>> restated("我换工作了，现在在家休息。"), restated("I moved, now in a bigger flat.")
    (None, None)
    >>> leading_change("我换工作了，现在在家休息。")["confirm_attribute"]
    [['user', 'works_at']]
"""

from __future__ import annotations

import re

from . import unsaid_change

_I = re.IGNORECASE
_SPLIT = re.compile(r"\s*(?:[,，;；]|\s[—–-]\s|—)\s*")
_ZH_VALUE = re.compile(r"(?:所以|然后|于是)?(?:现在|目前|如今)?(?:人)?(?:就)?在(?P<x>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fff\w&. -]{1,11}?)"
                       r"(?:了|呢|啦|哈|哦|嘛)?")
# where the user is, not what they are doing: "在家休息", "在找房子", "在收拾东西"
_DOING_ZH = re.compile(r"^(?:家|找|收拾|休息|适应|忙|等|学|准备|考虑|看|弄|搞|整理|装修|上班|培训|试用|交接|面试|路上|外面|公司|单位|这边|"
                       r"那边|附近|老家|网上|线上|远程|新公司|一家|一个|某)")
_EN_VALUE = re.compile(r"(?:and\s+|so\s+)?(?:(?:i'?m|i\s+am)\s+)?(?:now|currently)\s+(?:(?:i'?m|i\s+am)\s+)?"
                       r"(?:working\s+|based\s+|living\s+)?(?P<prep>at|in)\s+(?P<x>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*){0,3})|"
                       r"(?:and\s+|so\s+)?(?:i'?m|i\s+am)\s+(?P<prep2>at|in)\s+(?P<x2>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*){0,3})"
                       r"\s+now", _I)
_SAY = {("works_at", "zh"): "我现在在{}上班", ("lives_in", "zh"): "我现在住在{}",
        ("works_at", "en"): "I work at {} now", ("lives_in", "en"): "I live in {} now"}
_PREP = {"works_at": "at", "lives_in": "in"}


def restated(sentence: str) -> str | None:
    """`sentence` said as the change's plain statement when it is a change without a value ("I moved") followed
    by a clause naming only where ("now in Leeds", "现在在杭州"); else None."""
    body = sentence.strip()
    if not body:
        return None
    end = body[-1] if body[-1] in ".。!！" else ""
    parts = _SPLIT.split(body.rstrip(".。!！").strip(), maxsplit=1)
    if len(parts) != 2 or not (change := unsaid_change.read(parts[0])):
        return None
    predicates = [p for _, p in change["confirm_attribute"]]
    if len(predicates) != 1 or predicates[0] not in _PREP:
        return None
    predicate, value = predicates[0], parts[1].strip()
    if (m := _ZH_VALUE.fullmatch(value)) and not _DOING_ZH.match(m.group("x")):
        return _SAY[predicate, "zh"].format(m.group("x").strip()) + (end or "。")
    if (m := _EN_VALUE.fullmatch(value)) and (m.group("prep") or m.group("prep2")).lower() == _PREP[predicate]:
        return _SAY[predicate, "en"].format(m.group("x") or m.group("x2")) + (end or ".")
    return None


def leading_change(sentence: str) -> dict | None:
    """The `unsaid_change` skip of a sentence's first clause when the rest does not give the new value ("I moved,
    now in a bigger flat", "我换工作了，现在在家休息"): the current value still needs confirmation."""
    parts = _SPLIT.split(sentence.strip().rstrip(".。!！").strip(), maxsplit=1)
    return unsaid_change.read(parts[0]) if len(parts) == 2 and parts[1] else None


__all__ = ["leading_change", "restated"]
