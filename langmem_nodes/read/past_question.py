"""Is a query a question about the past ("where did I live before?", "我以前住在哪儿？")? zh + en, no model.

FreshnessNode shows such a question the value each selected memory replaced. Words with another sense are
read in context: "before I go to bed, remind me …", "before training", "last time I checked", "how old",
"I'm used to tabs", "睡觉之前提醒我…", "原来如此", "发过去" ask nothing about the past.

Example:
    >>> asks_about_the_past("Where did I use to live?"), asks_about_the_past("上个月我说我住哪？")
    (True, True)
    >>> asks_about_the_past("Before I go to bed, remind me to call Mum."), asks_about_the_past("我住在哪？")
    (False, False)
"""

from __future__ import annotations

import re

_PERIOD = r"(?:week|month|year|night|weekend|summer|winter|spring|fall|autumn|time|session|conversation|chat)"
_EN_PAST = re.compile(
    r"\b(?:previous(?:ly)?|formerly|originally|earlier|at\s+first|in\s+the\s+past|back\s+then|when\s+did|former|"
    r"prior|ago)\b|"
    rf"\blast\s+{_PERIOD}\b(?!\s+of\b)(?!\s+(?:I|we)\s+(?:checked|looked|heard)\b)|"
    r"\b(?:my|our|your|his|her|their|the)\s+old\b|"  # "my old job", not "how old" / "5 years old"
    r"(?:\b(?:I|we|you|he|she|they|my\s+\w+)\s+|(?:我|我们|你|他|她|他们)\s*)(?:always\s+|never\s+)?used\s+to\b|"  # not "I'm used to", "a tool used to"; "我 used to"
    r"\bdid\s+(?:[\w']+\s+){1,3}?(?:ever\s+)?used?\s+to\b|"
    r"\bhave\s+(?:I|we)\s+(?:ever\s+|already\s+)?(?:been|had|done|gone|worked|lived|used|owned|driven|studied|[a-z]+ed)\b",  # "which cities have I lived in?"
    re.I)
_BEFORE = re.compile(r"\bbefore\b", re.I)
_PRONOUN_CLAUSE = re.compile(r"\s*(?:I|we|you|he|she|they|it)\s+([a-z']+)", re.I)
_GERUND = re.compile(r"\s*[a-z]+ing\b", re.I)
_PAST_FORMS = frozenset(
    "was were had did went got left came took made became began quit met found moved lived worked said told".split())
_PAST_TENSE = re.compile(r"\b(?:did|was|were|had|used)\b", re.I)

_ZH_PAST = re.compile(
    r"以前(?![，,\s]*[你就再]?(?:提醒|记得|请|帮|先|别|不要|务必|一定))|"
    r"之前(?![，,\s]*[你就再]?(?:提醒|记得|请|帮|先|别|不要|务必|一定))|"
    r"原来(?!如此|是这样)|(?<![走跑飞开发传寄送拿搬带转递推拉扔跳游爬冲赶回])过去(?!找|看|一趟|一下)|"
    r"从前|曾经|当初|去年|前年|最早|本来|原先|先前|早先|以往|上次|上回|上一次|上个?(?:周|星期|礼拜|月)|"
    r"(?:\d+|[几两一二三四五六七八九十半]+)(?:天|周|个?星期|个?月|年)(?:以|之)?前|"
    r"(?![不太超经通难错])[\u4e00-\u9fff]过(?:的|了)?(?:哪|什么|几|多少)")  # "我住过哪些城市", "用过什么编辑器": 过 of experience


def asks_about_the_past(text: str) -> bool:
    """True when `text` asks what used to hold, so the values memories replaced belong in the answer."""
    if _EN_PAST.search(text) or _ZH_PAST.search(text):
        return True
    return any(_before_points_back(text, m.end()) for m in _BEFORE.finditer(text))


def _before_points_back(text: str, end: int) -> bool:
    """ "before" as "earlier" ("… before?", "before I moved", "did I work before Globex"), not as a
    conjunction of something still to come ("before I go to bed", "before training", "before lunch")."""
    rest = text[end:]
    if not re.match(r"\s*[A-Za-z]", rest):  # "before?", "before, …", "我 before 在哪"
        return True
    if _GERUND.match(rest):
        return False
    clause = _PRONOUN_CLAUSE.match(rest)
    if clause:
        verb = clause.group(1).casefold()
        return verb in _PAST_FORMS or verb.endswith("ed")
    if re.match(r"\s*(?:that|then|now)\b", rest, re.I):
        return True
    return bool(_PAST_TENSE.search(text))  # "where did I work before Globex?", not "remind me before lunch"
