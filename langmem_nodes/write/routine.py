"""A routine said with a number (zh + en): the time of a habit, how much of an activity or money per period, a
team's fixed time or day, the user's height.

    "I usually start work at 9"      → attr:work_start_time "9"
    "I get up at 6:30 on weekdays"   → attr:wake_up_time "6:30"
    "i do about 20k a week"          → attr:weekly_distance "20k a week"
    "我每天 7 点起床"                  → attr:起床时间 "7 点"
    "我每天跑5公里"                    → attr:每天跑步距离 "5公里"
    "we deploy every friday"         → project attr:deploy_day "Friday"
    "我们每天10点站会"                 → project attr:站会时间 "10点"
    "我每个月伙食费2000"               → attr:每月伙食费 "2000"

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


_DAYS_EN = r"(?P<d>(?:mon|tues|wednes|thurs|fri|satur|sun)days?)"
_EVENT_EN = r"(?P<e>stand-?ups?|retros?|retrospectives?|syncs?|planning|demos?|all-hands|team meetings?|meetings?)"
_TEAM_EN = r"^(?:we|our team|the team)\s+(?:(?:usually|always|normally|typically|only|now)\s+)*"
_EVENT_AT_EN = re.compile(rf"{_TEAM_EN}(?:have|hold|do|run)\s+(?:(?:our|the|a)\s+)?(?:daily\s+)?{_EVENT_EN}\s+(?:at|around)\s+{_TIME_EN}(?![\w:])", _I)
_DAY_EN = re.compile(rf"{_TEAM_EN}(?P<v>deploy|release|ship|merge|meet|demo|plan)\s+(?:(?:every|on|each)\s+)+{_DAYS_EN}\b", _I)
_MONEY = r"(?P<n>[$€£¥]\s?\d[\d,.]*k?|\d[\d,.]*k?\s*(?:dollars|bucks|euros|pounds|usd|eur|gbp|rmb|yuan))"
_MONEY_EN = re.compile(rf"^i\s+{_HOW_OFTEN_EN}(?P<v>budget|spend|pay|save|put aside)\s+(?:(?:about|around|roughly|like|maybe)\s+)*{_MONEY}\s+"
                       rf"(?:a|per|each|every)\s+(?P<p>month|week|year)(?:\s+(?:on|for)\s+(?P<w>[a-z]+(?:\s+[a-z]+)?))?", _I)
_HEIGHT_EN = re.compile(r"^(?:i'?m|i am|my height is)\s+(?:about\s+|around\s+|like\s+)?(?P<h>[4-7]'\s?\d{1,2}\"?|[4-7]\s*(?:foot|feet|ft)(?:\s*\d{1,2})?"
                        r"|1[.,]\d{1,2}\s*m|1\d\d\s*cm)(?![\w'])", _I)
_DAYS_ZH = r"(?P<d>(?:周|星期|礼拜)[一二三四五六日天])"
_EVENT_AT_ZH = re.compile(rf"^我们(?:团队|组|部门)?(?:每天|一般|通常|都|固定|平时)*{_TIME_ZH}\s*(?:开|有)?(?P<e>站会|晨会|例会|周会|早会|日会|会)")
_DAY_ZH = re.compile(rf"^我们(?:团队|组|部门)?(?:一般|通常|都|固定|平时)*(?:每(?=(?:周|星期|礼拜)[一二三四五六日天])|每个?(?=(?:星期|礼拜)[一二三四五六日天]))?{_DAYS_ZH}(?:下午|上午|晚上)?"
                     r"(?:开|做)?(?P<v>发版|上线|发布|部署|例会|周会|站会|开会|评审)")
_MONEY_ZH = re.compile(r"^我(?P<p>每个?月|每周|每年|一个月)(?:的)?(?P<w>[\u4e00-\u9fff]{1,4}?(?:费|开销|预算|支出|花销|房租|工资|收入|开支))"
                       r"(?:大概|差不多|是|要|有|在|大约|约)*\s*(?P<n>\d[\d,.]*\s*(?:块钱?|元|万|k|K)?)")


def _project_or_money(text: str) -> list[Claim]:
    """A team's fixed time or day ("we have standup at 10", "我们周五发版") or what the user spends per period."""
    if m := _EVENT_AT_EN.match(text):
        event = re.sub(r"[\s-]+", "_", m.group("e").lower()).rstrip("s")
        return [Claim("project", f"attr:{event}_time", m.group("t").strip(), "positive", "fact")]
    if m := _DAY_EN.match(text):
        return [Claim("project", f"attr:{m.group('v').lower()}_day", m.group("d").capitalize(), "positive", "fact")]
    if m := _MONEY_EN.match(text):
        what = "_".join(filter(None, [m.group("v").lower().replace(" ", "_"), (m.group("w") or "").lower().replace(" ", "_")]))
        per = {"month": "monthly", "week": "weekly", "year": "yearly"}[m.group("p").lower()]
        return [Claim("user", f"attr:{per}_{what}", f"{m.group('n').strip()} a {m.group('p').lower()}", "positive", "fact")]
    if m := _HEIGHT_EN.match(text):
        return [Claim("user", "attr:height", m.group("h").strip(), "positive", "fact")]
    if m := _EVENT_AT_ZH.match(text):
        return [Claim("project", f"attr:{m.group('e')}时间", m.group("t").strip(), "positive", "fact")]
    if m := _DAY_ZH.match(text):
        return [Claim("project", f"attr:{m.group('v')}日", m.group("d"), "positive", "fact")]
    if m := _MONEY_ZH.match(text):
        period = {"一个月": "每月", "每个月": "每月"}.get(m.group("p"), m.group("p"))
        return [Claim("user", f"attr:{period}{m.group('w')}", m.group("n").strip(), "positive", "fact")]
    return []


def read(clause: str) -> list[Claim]:
    """The routine a first-person clause states ([] when it states none)."""
    text = clause.strip(" \t.,;:!?。，；：！？")
    if found := _project_or_money(text):
        return found
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


_HEIGHT_BARE = re.compile(r"(?<![\w'])(?P<h>[4-7]'\s?\d{1,2}\"?|[4-7]\s*(?:foot|feet|ft)(?:\s*\d{1,2})?|1[.,]\d{1,2}\s*m|1\d\d\s*cm)(?![\w'])", _I)
_TIME_ANY = re.compile(rf"(?<![\w:.]){_TIME_EN}(?![\w:])|{_TIME_ZH.replace('?P<t>', '?P<tz>')}", _I)
_DAY_ANY = re.compile(rf"\b{_DAYS_EN}\b|{_DAYS_ZH.replace('?P<d>', '?P<dz>')}", _I)


def again(predicate: str, clause: str) -> str:
    """The value a correction says again for a routine attribute ("it's at 9:45, not 10" → "9:45" for a time,
    "5'11" for a height, "thursdays" → "Thursday" for a day); "" when the clause holds none."""
    if predicate.endswith(("_time", "时间", "bedtime")):
        m = _TIME_ANY.search(clause)
        return (m.group("t") or m.group("tz") or "").strip() if m else ""
    if predicate == "attr:height":
        m = _HEIGHT_BARE.search(clause)
        return m.group("h").strip() if m else ""
    if predicate.endswith(("_day", "日")):
        m = _DAY_ANY.search(clause)
        return (m.group("d").capitalize() if m.group("d") else m.group("dz")) if m else ""
    return ""


__all__ = ["again", "read"]
