"""When a change happened, as the user said it: "I moved to Denver last month", "我两周前换到了字节".

`since` reads the time a clause gives (en + zh) as a date relative to the turn; the write side keeps it as the
new value's `metadata["since"]` (when it began to hold, apart from `created_at`, when it was said) and the
read side shows both ("since about 30 days ago (\"last month\")"; the replaced value "replaced 30 days ago").
Vague times take the start of the period they name ("last month" → the same day a month back; "in March" → the
1st of the latest March; "去年" → a year back); a time after the turn or none at all gives nothing (today, as
before). `unlead` moves a leading time of a change to the end ("Last month I moved to Denver" → "I moved to
Denver last month"), so the clause parses like the usual order; a leading time of a state stays ("Last year I
lived in Berlin" is a past value, not the current one).

    >>> from datetime import datetime, UTC
    >>> now = datetime(2026, 12, 7, tzinfo=UTC)
    >>> [(d.date().isoformat(), said) for d, said in [since("I moved to Denver last month", now), since("我两周前换到了字节", now)]]
    [('2026-11-07', 'last month'), ('2026-11-23', '两周前')]
    >>> since("I live in Denver", now) is None, since("I moved in March", now)[0].date().isoformat()
    (True, '2026-03-01')
    >>> unlead("Last month I moved to Denver")
    'I moved to Denver last month'
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

_I = re.IGNORECASE

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_NUM_EN = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a few": 3, "several": 3}
_NUM_ZH = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
           "十一": 11, "十二": 12, "半": 0.5, "几": 3}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365, "天": 1, "周": 7, "星期": 7, "个星期": 7, "月": 30, "个月": 30,
              "年": 365}

_EN = re.compile(
    r"\b(?:(?P<last>last|this past)\s+(?P<lu>week|month|year|spring|summer|autumn|fall|winter)|(?P<yday>yesterday|the other day)|"
    r"(?P<n>\d+|a couple of|a few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
    r"(?P<u>day|week|month|year)s?\s+(?:ago|back)|"
    r"(?:back\s+)?in\s+(?:early\s+|late\s+|mid[- ])?(?P<m>" + "|".join(_MONTHS) + r")(?:\s+(?P<my>(?:19|20)\d\d))?|"
    r"(?:back\s+)?in\s+(?P<y>(?:19|20)\d\d)|since\s+(?:(?P<sm>" + "|".join(_MONTHS) + r")|(?P<sy>(?:19|20)\d\d)))\b", _I)
_ZH = re.compile(
    r"(?P<yday>昨天|前天|前几天)|(?P<lw>上周|上个?星期|上礼拜)|(?P<lm>上个?月)|(?P<ly>去年|前年)(?:(?P<lym>[一二三四五六七八九十]{1,2}|\d{1,2})月份?)?|"
    r"(?P<n>\d+|[一两二三四五六七八九十半几]{1,2})(?P<u>天|周|个?星期|个?月|年)(?:前|之前|以前)|"
    r"(?P<y>(?:19|20)\d\d)年(?:(?P<ym>\d{1,2}|[一二三四五六七八九十]{1,2})月)?|"
    r"(?<![上下这本每])(?P<m>\d{1,2}|[一二三四五六七八九十]{1,3})月份?(?!\d*[日号])")
_CHANGE_EN = re.compile(r"^i\s+(?:just\s+|finally\s+)?(?:moved|relocated|started|switched|joined|began|changed|got|became|"
                        r"quit|left|adopted|picked up|took up|went)\b", _I)
_LEAD_EN = re.compile(r"^\s*(?P<t>(?:last (?:week|month|year)|yesterday|(?:\w+|a couple of|a few) (?:days|weeks|months|years) ago|"
                      r"in (?:" + "|".join(_MONTHS) + r")|back in (?:" + "|".join(_MONTHS) + r"|\d{4}))),?\s+(?P<rest>.+)$", _I)


def _zh_num(text: str) -> float:
    if text.isdigit():
        return int(text)
    if text in _NUM_ZH:
        return _NUM_ZH[text]
    if text.startswith("十"):  # 十一, 十二
        return 10 + _NUM_ZH.get(text[1:], 0)
    if len(text) == 2 and text[1] == "十":  # 二十
        return _NUM_ZH.get(text[0], 1) * 10
    return 0


def _latest_month(month: int, now: datetime, year: int | None = None) -> datetime | None:
    if not 1 <= month <= 12:
        return None
    year = year or (now.year if month <= now.month else now.year - 1)
    return now.replace(year=year, month=month, day=1, hour=0, minute=0, second=0, microsecond=0)


def _en(m: re.Match[str], now: datetime) -> datetime | None:
    if m.group("last"):
        unit = m.group("lu").casefold()
        days = {"week": 7, "month": 30, "year": 365}.get(unit, 182)  # a season: about half a year back
        return now - timedelta(days=days)
    if m.group("yday"):
        return now - timedelta(days=1 if m.group("yday").casefold() == "yesterday" else 3)
    if m.group("n"):
        n = m.group("n").casefold()
        return now - timedelta(days=(int(n) if n.isdigit() else _NUM_EN[n]) * _UNIT_DAYS[m.group("u").casefold()])
    if m.group("m") or m.group("sm"):
        month = _MONTHS.index((m.group("m") or m.group("sm")).casefold()) + 1
        return _latest_month(month, now, int(m.group("my")) if m.group("my") else None)
    year = int(m.group("y") or m.group("sy"))
    return now.replace(year=year, month=1, day=1) if year <= now.year else None


def _zh(m: re.Match[str], now: datetime) -> datetime | None:
    if m.group("yday"):
        return now - timedelta(days={"昨天": 1, "前天": 2}.get(m.group("yday"), 4))
    if m.group("lw"):
        return now - timedelta(days=7)
    if m.group("lm"):
        return now - timedelta(days=30)
    if m.group("ly"):
        back = 1 if m.group("ly") == "去年" else 2
        if m.group("lym"):
            return _latest_month(int(_zh_num(m.group("lym"))), now, now.year - back)
        return now - timedelta(days=365 * back)
    if m.group("n"):
        return now - timedelta(days=_zh_num(m.group("n")) * _UNIT_DAYS[m.group("u")])
    if m.group("y"):
        year = int(m.group("y"))
        if year > now.year:
            return None
        return _latest_month(int(_zh_num(m.group("ym"))), now, year) if m.group("ym") else now.replace(year=year, month=1, day=1)
    return _latest_month(int(_zh_num(m.group("m"))), now)


def since(text: str, now: datetime) -> tuple[datetime, str] | None:
    """(when the stated change happened, the words that said it), or None when the text states no past time."""
    for pattern, read in ((_EN, _en), (_ZH, _zh)):
        for m in pattern.finditer(text):
            try:
                when = read(m, now)
            except (ValueError, KeyError, OverflowError):
                when = None
            if when is not None and when < now:
                return when, m.group(0).strip()
    return None


def unlead(sentence: str) -> str:
    """A leading time of a change moved to the end ("Last month I moved to Denver" → "I moved to Denver last
    month"); any other sentence as it is."""
    m = _LEAD_EN.match(sentence)
    if m and _CHANGE_EN.match(m.group("rest")):
        rest = m.group("rest").rstrip()
        end = rest[-1] if rest[-1] in ".!" else ""
        return f"{rest.rstrip('.!')} {m.group('t')[0].lower()}{m.group('t')[1:]}{end}"
    return sentence
