"""A daily routine said with a number (zh + en): the time of a habit, or how much of an activity per period.

    "I usually start work at 9"      → attr:work_start_time "9"
    "I get up at 6:30 on weekdays"   → attr:wake_up_time "6:30"
    "i do about 20k a week"          → attr:weekly_distance "20k a week"
    "我每天 7 点起床"                  → attr:起床时间 "7 点"
    "我每天跑5公里"                    → attr:每天跑步距离 "5公里"

Read by parts: the habit's verb (start work / get up / go to bed / 上班 / 起床 / 睡觉, or run / swim / 跑 / 游),
the time or the amount (with its unit), and the period. The attribute comes from the verb, so a correction
that says the habit again ("correction, I start at 8:30 these days", "我一般 6 点就起了") holds the same
attribute as the value it corrects. The extractor reads routines only as what a correction corrects.

Example:
    >>> [(c.predicate, c.object) for c in read("I usually start work at 9 so block the morning")]
    [('attr:work_start_time', '9')]
    >>> [(c.predicate, c.object) for c in read("我每天跑5公里")]
    [('attr:每天跑步距离', '5公里')]
"""

from __future__ import annotations

import re

from .rules import Claim

_I = re.IGNORECASE

_HOW_OFTEN_EN = r"(?:(?:usually|normally|typically|generally|always|mostly|often|now|currently|actually|only|just)\s+)*"
_TIME_EN = r"(?P<t>\d{1,2}(?::\d\d)?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|noon|midnight)"
#: the habits a time is said for, and the attribute each holds
_AT_EN = (
    (r"(?:start|begin)(?:\s+(?:work|working|my\s+(?:day|shift|workday)))?|get\s+to\s+(?:work|the\s+office)|clock\s+in", "work_start_time"),
    (r"(?:finish|leave|get\s+off)(?:\s+(?:work|the\s+office))?|clock\s+out", "work_end_time"),
    (r"wake(?:\s+up)?|get\s+up|(?:am|'m)\s+up|rise", "wake_up_time"),
    (r"go\s+to\s+(?:bed|sleep)|(?:fall\s+a)?sleep|turn\s+in|hit\s+the\s+(?:sack|hay)", "bedtime"),
)
_AT_EN_RE = [(re.compile(rf"^(?:i|i'?m)\s+{_HOW_OFTEN_EN}(?:{verb})\s+(?:at\s+|around\s+|by\s+|about\s+)+(?:like\s+)?{_TIME_EN}"
                         rf"(?![\w:])", _I), key) for verb, key in _AT_EN]

_AMOUNT_EN = (r"(?P<n>\d+(?:\.\d+)?\s*(?:k|km|kms|kilomet(?:er|re)s?|miles?|mi|laps?|times|minutes|mins|hours?|hrs?|steps|sessions?)\b)")
_PERIOD_EN = r"(?P<p>(?:a|per|each|every)\s+(?:day|week|month))"
_DISTANCE = re.compile(r"k|km|kms|kilomet|mile|mi\b|公里|千米|里", _I)
_DURATION = re.compile(r"minute|min|hour|hr|分钟|小时", _I)
_AMOUNT_EN_RE = re.compile(rf"^(?:i|i'?m)\s+{_HOW_OFTEN_EN}(?P<v>run|do|swim|cycle|bike|ride|walk|hike|row|train|work\s+out|lift|"
                           rf"practi[cs]e|study|read|sleep|work)\s+(?:(?:about|around|roughly|like|maybe|over|under|up\s+to)\s+)*"
                           rf"{_AMOUNT_EN}\s+{_PERIOD_EN}\b", _I)

_TIME_ZH = r"(?P<t>(?:早上|上午|中午|下午|晚上|凌晨|夜里)?\s*[\d零一二两三四五六七八九十]{1,3}\s*点(?:半|\s*\d{1,2}\s*分?|[一二三]刻)?)"
_HOW_OFTEN_ZH = r"(?:一般|通常|平时|每天|每日|工作日|平常|基本上?|都|现在|其实|大概|差不多|最近|早上|晚上|\s)*"
_AT_ZH = (("起床|起来|起|醒", "起床时间"), ("睡觉|睡|上床", "睡觉时间"), ("上班|开工|到公司", "上班时间"), ("下班|收工", "下班时间"))
_AT_ZH_RE = [(re.compile(rf"^我{_HOW_OFTEN_ZH}{_TIME_ZH}\s*(?:左右|前后)?\s*(?:就|才|准时|就要|得)?(?:{verb})", _I), key)
             for verb, key in _AT_ZH]
_ZH_VERBS = {"跑": "跑步", "跑步": "跑步", "游": "游泳", "游泳": "游泳", "骑": "骑行", "骑车": "骑行", "走": "走路", "走路": "走路"}
_AMOUNT_ZH_RE = re.compile(r"^我?(?P<p>每天|每周|一周|每个?月|一个月|每次)(?:都|大概|差不多|基本)*(?P<v>跑步?|游泳?|骑车?|走路?)(?:了)?"
                           r"(?:大概|差不多|约|大约|至少)?\s*(?P<n>[\d.零一二两三四五六七八九十百千]+\s*(?:公里|千米|km|圈|分钟|小时|步|次|趟))")


def read(clause: str) -> list[Claim]:
    """The routine a first-person clause states ([] when it states none)."""
    text = clause.strip(" \t.,;:!?。，；：！？")
    for rx, key in _AT_EN_RE:
        if m := rx.match(text):
            return [Claim("user", f"attr:{key}", m.group("t").strip(), "positive", "fact")]
    if m := _AMOUNT_EN_RE.match(text):
        amount, period = m.group("n").strip(), m.group("p").split()[-1].lower()
        what = "distance" if _DISTANCE.match(re.sub(r"^[\d.\s]+", "", amount)) else re.sub(r"\s+", "_", m.group("v").lower())
        per = {"day": "daily", "week": "weekly", "month": "monthly"}[period]
        return [Claim("user", f"attr:{per}_{what}", f"{amount} a {period}", "positive", "fact")]
    for rx, key in _AT_ZH_RE:
        if m := rx.match(text):
            return [Claim("user", f"attr:{key}", m.group("t").strip(), "positive", "fact")]
    if m := _AMOUNT_ZH_RE.match(text):
        amount = m.group("n").strip()
        what = "距离" if _DISTANCE.search(amount) else "时长" if _DURATION.search(amount) else "量"
        period = {"一周": "每周", "一个月": "每月", "每个月": "每月", "每月": "每月"}.get(m.group("p"), m.group("p"))
        return [Claim("user", f"attr:{period}{_ZH_VERBS.get(m.group('v'), m.group('v'))}{what}", amount, "positive", "fact")]
    return []


__all__ = ["read"]
