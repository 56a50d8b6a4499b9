"""Where the user works, said through the job rather than the verb: "My new job is at ByteDance", "My current
role is with Stripe", "I've been at ByteDance since October", "我新工作在字节", "我现在的工作在腾讯". Each is read
as the plain statement of the employer ("I work at ByteDance now", "我现在在字节上班"), so it is the one-value
`works_at` that "Where do I work?" finds and that replaces the employer held before. A visit is not a job: "I've
been at Starbucks since 9" (a time of day), "I've been at home since Monday" (no name).

Example:
    >>> restated("My new job is at ByteDance."), restated("我新工作在字节。")
    ('I work at ByteDance now.', '我现在在字节上班。')
    >>> restated("I've been at ByteDance since October."), restated("I've been at Starbucks since 9am.")
    ('I work at ByteDance since October.', None)
"""

from __future__ import annotations

import re

_NAME = r"(?P<x>(?-i:[A-Z0-9])[\w&.'-]*(?:\s+(?-i:[A-Z0-9])[\w&.'-]*){0,3})"
# "my new job is at X", "my current role's with X", "our new gig is at X now"
_JOB_EN = re.compile(r"^(?:so\s+|and\s+|btw,?\s+)?my\s+(?P<new>(?:new|current|present|latest|next)\s+)?"
                     r"(?:job|work|position|role|gig|workplace|employer)\s*(?:is|'s)\s+(?:now\s+)?(?:at|with)\s+"
                     + _NAME + r"(?P<now>\s+now)?\s*[.!]?$", re.I)
# "I've been at X since October / 2024 / last spring": a stretch of months, not of hours
_SINCE = (r"since\s+(?:(?:early|mid|late)[- ])?(?:january|february|march|april|may|june|july|august|september|october|"
          r"november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|spring|summer|autumn|fall|winter|"
          r"last\s+(?:year|month|spring|summer|autumn|fall|winter)|(?:19|20)\d\d)\b[\w\s,]*")
_BEEN_EN = re.compile(r"^i(?:'ve|\s+have)\s+been\s+(?:working\s+)?at\s+" + _NAME + r"\s+(?P<since>" + _SINCE + r")\s*[.!]?$", re.I)
# "我新工作在字节", "我现在的工作在腾讯", "我的新单位在华为"
_JOB_ZH = re.compile(r"^我(?:的)?(?:新|现在的?|目前的?|如今的?)(?:工作|单位|东家)(?:是)?在\s*(?P<x>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fff\w&. -]{0,15}?)"
                     r"\s*(?:上班|工作)?(?:了|呢|啦)?[。！!.]?$")
# what follows 在 in a job clause that is no employer: "在家", "在找", "在路上"
_NOT_EMPLOYER_ZH = re.compile(r"^(?:家|找|路上|外地|国外|这边|那边|附近|一家|一个|某)")


def restated(sentence: str) -> str | None:
    """`sentence` said as the plain statement of where the user works, when it names the employer through the job
    ("My new job is at X", "我新工作在X") or a stay of months ("I've been at X since October"); else None."""
    body = sentence.strip().rstrip(".!。！ ")  # a name may hold a dot ("Fly.io"), never a final one
    if m := _JOB_EN.match(body):
        return f"I work at {m.group('x')}{' now' if m.group('new') or m.group('now') else ''}."
    if m := _BEEN_EN.match(body):
        return f"I work at {m.group('x')} {m.group('since').strip()}."
    if (m := _JOB_ZH.match(body)) and not _NOT_EMPLOYER_ZH.match(m.group("x")):
        return f"我现在在{m.group('x').strip()}上班。"
    return None


__all__ = ["restated"]
