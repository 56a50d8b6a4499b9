"""When a stated fact stops holding, as the user said it: "I'm in Tokyo until Friday", "on vacation until December
20", "我在东京待到周五", "my exam is tomorrow". `until` reads the end (en + zh) as a date relative to the turn; the
write side keeps it as `metadata["until"]` and the TTL ends the memory there (it is hidden from then on, never
deleted), so a trip that ended is no longer injected as the present (newcomer22 M2: such facts were kept for ten
years). A day is kept to its end; a weekday is the next one (today included); a month and day without a year is the
next such date; a year said in the message after a comma ("until March 1, 2027") is read with it.

    >>> from datetime import datetime, UTC
    >>> now = datetime(2026, 12, 7, 15, tzinfo=UTC)  # a Monday
    >>> [(d.date().isoformat(), said) for d, said in [until("I'm in Tokyo until Friday", now), until("我在东京待到周五", now)]]
    [('2026-12-12', 'until Friday'), ('2026-12-12', '待到周五')]
    >>> until("on vacation until March 1", now, message="on vacation until March 1, 2028.")[0].date().isoformat()
    '2028-03-02'
    >>> until("I live in Tokyo", now) is None
    True
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from .stated_time import _MONTHS

_MON = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_EN = re.compile(
    r"\b(?:until|till|'til|til|through|thru|up to)\s+(?:the\s+end\s+of\s+(?P<endof>(?:this|next|the)\s+(?:week|month|year))|"
    r"(?:next\s+)?(?P<wd>mon|tues|tue|wednes|wed|thurs|thu|fri|satur|sat|sun)(?:day)?|(?P<tmr>tomorrow|tonight|today)|"
    r"(?P<m1>" + _MON + r")\.?\s+(?P<d1>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?P<y1>(?:19|20)\d\d))?|"
    r"(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>" + _MON + r")(?:,?\s+(?P<y2>(?:19|20)\d\d))?|"
    r"(?:the\s+)?(?P<wknd>weekend)|(?P<nw>next\s+(?:week|month)))\b|"
    r"\b(?P<tmr2>tomorrow|tonight)\b", re.I)
_WD_ZH = "一二三四五六日天"
_ZH = re.compile(
    r"(?:到|待到|住到|呆到|截止到|截至|直到|一直到)\s*(?:(?P<nx>下)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天末])|(?P<eom>月底|月末)|(?P<eoy>年底|年末)|"
    r"(?P<tmr>明天|今天|今晚)|(?P<m>\d{1,2}|[一二三四五六七八九十]{1,3})月(?P<d>\d{1,2}|[一二三四五六七八九十]{1,3})[日号])|"
    r"(?P<tmr2>明天|今晚)")
_FROM_THEN = re.compile(r"\b(?:starting|from|beginning|as of|after)\s+(?:tomorrow|tonight)\b|明天(?:开始|起)|从明天", re.I)
_ZH_NUM = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def _num(text: str) -> int:
    if text.isdigit():
        return int(text)
    if len(text) == 1:
        return _ZH_NUM.get(text, 0)
    if text[0] == "十":
        return 10 + _ZH_NUM.get(text[1], 0)
    return _ZH_NUM.get(text[0], 0) * 10 + (_ZH_NUM.get(text[2], 0) if len(text) == 3 else 0)


def _day_end(day: datetime) -> datetime:
    return day.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)


def _weekday(index: int, now: datetime, next_week: bool = False) -> datetime:
    ahead = (index - now.weekday()) % 7 + (7 if next_week else 0)
    return _day_end(now + timedelta(days=ahead))


def _month_day(month: int, day: int, now: datetime, year: int | None) -> datetime | None:
    try:
        when = now.replace(year=year or now.year, month=month, day=day)
    except ValueError:
        return None
    if year is None and _day_end(when) <= now:
        when = when.replace(year=now.year + 1)
    return _day_end(when)


def _month_end(now: datetime, months: int = 0) -> datetime:
    first = now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    for _ in range(months + 1):
        first = (first + timedelta(days=32)).replace(day=1)
    return first


def _en(m: re.Match[str], now: datetime, message: str) -> datetime | None:
    if m.group("endof"):
        unit = m.group("endof").split()[-1].casefold()
        nxt = m.group("endof").casefold().startswith("next")
        if unit == "week":
            return _weekday(6, now, nxt)
        if unit == "month":
            return _month_end(now, int(nxt))
        return now.replace(year=now.year + 1 + int(nxt), month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    if m.group("wd"):
        index = next(i for i, d in enumerate(_DAYS) if d.startswith(m.group("wd").casefold()[:3]))
        return _weekday(index, now, m.group(0).casefold().split()[1] == "next")
    if m.group("tmr") or m.group("tmr2"):
        return _day_end(now + timedelta(days=0 if (m.group("tmr") or m.group("tmr2")).casefold() in ("today", "tonight") else 1))
    if m.group("m1") or m.group("m2"):
        month = next(i for i, name in enumerate(_MONTHS, 1) if name.startswith((m.group("m1") or m.group("m2")).casefold()[:3]))
        year = m.group("y1") or m.group("y2")
        if not year and (later := re.search(re.escape(m.group(0)) + r"\s*,\s*((?:19|20)\d\d)\b", message)):
            year = later.group(1)  # "until March 1, 2027": the clause ended at the comma
        return _month_day(month, int(m.group("d1") or m.group("d2")), now, int(year) if year else None)
    if m.group("wknd"):
        return _weekday(6, now)
    return _month_end(now) if m.group("nw").casefold().endswith("month") else _weekday(6, now, True)


def _zh(m: re.Match[str], now: datetime) -> datetime | None:
    if m.group("wd"):
        return _weekday(6 if m.group("wd") in "日天末" else _WD_ZH.index(m.group("wd")), now, bool(m.group("nx")))
    if m.group("eom"):
        return _month_end(now)
    if m.group("eoy"):
        return now.replace(year=now.year + 1, month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    if m.group("tmr") or m.group("tmr2"):
        return _day_end(now + timedelta(days=1 if (m.group("tmr") or m.group("tmr2")) == "明天" else 0))
    return _month_day(_num(m.group("m")), _num(m.group("d")), now, None)


def until(text: str, now: datetime, *, message: str = "") -> tuple[datetime, str] | None:
    """(when the stated fact stops holding, the words that said it), or None when the text states no end."""
    for pattern in (_EN, _ZH):
        m = pattern.search(text)
        if m is not None and (m.group("tmr2") and _FROM_THEN.search(text)):
            continue  # "starting tomorrow I'm vegetarian": a beginning, not an end
        if m is None:
            continue
        try:
            end = _en(m, now, message or text) if pattern is _EN else _zh(m, now)
        except (ValueError, StopIteration, IndexError):
            end = None
        if end is not None and end > now:
            return end, m.group(0).strip()
    return None


__all__ = ["until"]
