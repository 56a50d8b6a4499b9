"""The new value of a correction, said as its own clause (zh + en).

- `untimed`: the clause without the time it took effect ("I'm 35 as of last week" → "I'm 35", "we deploy on fly.io
  starting this month" → "we deploy on fly.io"): a correction dates its value, the date is no part of it.
- `left`: the old value a clause says the user or team left ("we moved off heroku last month", "我们上个月从 heroku
  迁走了"): what the correction's new value replaces.
- `moved_onto`: the project's new home said as a move ("the app is going on fly.io now", "改成部署到 fly.io 了").
- `without_reason`: a bare value without the reason said after it in the same clause ("3.12 we bumped it last
  sprint" → "3.12").
- `versioned`: a bare number said again for a value with one number ("3.12" for "python 3.10" → "python 3.12").
- `substituted`: a rule with its value replaced ("回答我用繁体" + "简体" → "回答我用简体").
- `again`: the bare value of a clause that says the withdrawn value again with a pronoun ("she's 7" after "my
  daughter is 6", "他7岁" after "我儿子6岁"): the age, else "".

Example:
    >>> untimed("I'm 35 as of last week"), untimed("我住杭州从上个月开始"), untimed("I live in York")
    ("I'm 35", '我住杭州', 'I live in York')
    >>> left("we moved off heroku last month"), moved_onto("the app is going on fly.io now"), moved_onto("改成部署到fly.io了")
    ('heroku', 'fly.io', 'fly.io')
"""

from __future__ import annotations

import re

from . import kin_age

_I = re.IGNORECASE
_WHEN_EN = (r"(?:last|this|next)\s+(?:week|month|year|weekend|spring|summer|fall|autumn|winter|quarter|sprint)|today|yesterday|"
            r"now|recently|(?:a|one|two|three|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|(?:january|february|march|april|may|june|"
            r"july|august|september|october|november|december)(?:\s+\d{1,2})?|\d{4}|my (?:last )?birthday")
_TAIL_EN = re.compile(rf"\s*,?\s+(?:as of|since|starting(?: from)?|effective|from)\s+(?:{_WHEN_EN})(?:'s\s+[a-z]+)?(?:\s+(?:actually|now|lol|haha|tbh))*$", _I)
_TAIL_ZH = re.compile(r"(?:从|自)?(?:上个?月|上周|上星期|去年|今年|这个月|本月|前几天|最近)(?:开始|起)(?:的|了)?$")
# the same said before the verb: "我从去年开始吃素", "从上个月起我是组长了"
_HEAD_ZH = re.compile(r"(?:从|自)(?:上个?月|上周|上星期|去年|今年|这个月|本月|前几天)(?:开始|起)[，,]?\s*")


_VALUE_EN = r"(?!(?:the|a|an|my|our|it|there|here)\b)(?P<v>[A-Za-z][A-Za-z0-9.+#-]*(?:\s+[A-Z0-9][A-Za-z0-9.+#-]*)?)"
_VALUE_ZH = r"(?P<z>[A-Za-z][A-Za-z0-9.+#-]*(?:\s+[A-Za-z0-9][A-Za-z0-9.+#-]*)?|[\u4e00-\u9fff]{2,6}?)"
_WHEN_BARE = re.compile(rf"\s+(?:{_WHEN_EN})$|(?:上个?月|上周|上星期|去年|今年|前几天|最近|刚刚?)", _I)
_LEFT = re.compile(
    rf"^(?:we(?:'ve|\s+have)?|(?:the|our)\s+(?:app|site|service|project|repo|team|backend|frontend|api)(?:'s|\s+has)?)\s+"
    rf"(?:already\s+|actually\s+|just\s+)*(?:moved|migrated|switched)\s+(?:away\s+from|off(?:\s+of)?)\s+"
    rf"{_VALUE_EN.replace('?P<v>', '?P<o>')}$|"
    rf"^(?:我们?|咱们|项目|应用)?(?:已经|早就|其实)*从\s*{_VALUE_ZH.replace('?P<z>', '?P<oz>')}\s*(?:迁|搬|换|撤)(?:走|出来|出去|掉)了?$", _I)
_ONTO = re.compile(
    rf"^(?:(?:we|it|the\s+(?:app|site|service|project|backend|frontend|api)|our\s+(?:app|site|service|project|backend|frontend|api))"
    rf"(?:'re|'s|\s+are|\s+is)\s+(?:now\s+)?(?:going|moving|deploying|deployed|heading|migrating|switching|living|hosted|running)\s+"
    rf"(?:it\s+)?(?:on|to|onto|over\s+to|at)\s+{_VALUE_EN})$|"
    rf"^(?:我们?|咱们|项目|应用|app|服务)?(?:现在|已经|其实)*(?:改成|换成|改为)?(?:部署|迁|搬|挪|放)(?:到|在)\s*{_VALUE_ZH}\s*(?:上面?)?了?$", _I)


def left(clause: str) -> str:
    """The value a clause says was left behind ("we moved off heroku last month"); "" when it says none."""
    m = _LEFT.match(_WHEN_BARE.sub("", untimed(clause)))
    return (m.group("o") or m.group("oz") or "").strip() if m else ""


def moved_onto(clause: str) -> str:
    """Where a clause says the project now goes ("the app is going on fly.io now"); "" when it says none."""
    m = _ONTO.match(re.sub(r"\s+(?:now|instead|these days)$", "", untimed(clause), flags=_I))
    return (m.group("v") or m.group("z") or "").strip() if m else ""


# "the city my sister moved to", "the one I told you about", "我姐住的那个城市": a value described, not named
_DESCRIBED = re.compile(
    r"^(?:(?:the|that|this)\s+)?(?:(?:same|other|new|old)\s+)?(?:city|town|place|one|company|job|school|area|neighbou?rhood|country|"
    r"state|team|thing|editor|language|tool|app|firm|office|guy|name)\s+(?:(?:that|which|where|who)\s+)?"
    r"(?:i|we|you|he|she|they|(?:my|our|your|his|her|their)\s+[a-z]+)\s+[a-z]+|"
    r"^(?:我|他|她|我们|他们)\S{0,8}的(?:那个|那家|那边|那座)?(?:城市|地方|公司|学校|那个|那家)$", _I)


def described(value: str) -> bool:
    """The value describes what it stands for instead of naming it ("the city my sister moved to"): no value."""
    return bool(_DESCRIBED.match(value.strip()))


def untimed(clause: str) -> str:
    """`clause` without the "as of / since / starting <when>" ("从上个月开始") it took effect; itself when it has none."""
    text = clause.strip(" \t.,;:!?。，；：！？")
    out = _TAIL_EN.sub("", text)
    out = _TAIL_ZH.sub("", out) if out == text else out
    out = _HEAD_ZH.sub("", out, count=1) if out == text else out
    return out.strip() or clause


# "七点四十五的那班", "the 7:45 one": the value, then a word pointing at the thing it picks out
_POINTER_TAIL = re.compile(r"\s*(?:的)?(?:那|这)(?:一)?(?:班|趟|个|家|只|辆|次|款|种|部|台|条)$|(?<=\S)\s+(?:one|ones)$", _I)


def pointed(value: str) -> str:
    """`value` without a word that points at what it picks out ("七点四十五的那班" → "七点四十五", "the 7:45 one" →
    "the 7:45"); itself when it has none."""
    out = _POINTER_TAIL.sub("", value.strip())
    return out if out.strip() else value


def again(clause: str) -> str:
    """The age a pronoun clause says again ("she's 7", "他7岁了"); "" when it says none."""
    return kin_age.again(untimed(clause))


# "3.12 we bumped it last sprint", "Boulder i moved last spring": the value, then why, with no comma between
_REASON_EN = re.compile(r"^(?P<v>[\w.'+#-]+(?:\s+[\w.'+#-]+){0,2}?)\s+(?:we|i|they|he|she)(?:'ve|'d|'re)?\s+"
                        r"(?:just\s+|only\s+|finally\s+|recently\s+)?[a-z]+ed\b.*$", _I)


def without_reason(clause: str) -> str:
    """`clause` without a reason said after its bare value ("3.12 we bumped it last sprint" → "3.12")."""
    m = _REASON_EN.match(clause.strip())
    return m.group("v") if m and m.group("v").casefold() not in ("i", "we", "and", "but", "so") else clause


_NUMBER = re.compile(r"(?<![\w.])v?\d+(?:\.\d+)*[a-z]?(?![\w.])", _I)


def versioned(old: str, value: str) -> str:
    """The old value with its one number replaced, when the correction said only the number again ("python 3.10"
    + "3.12" → "python 3.12", "20 km a week" + "30" → "30 km a week"); `value` otherwise."""
    value = value.strip()
    numbers = list(_NUMBER.finditer(old))
    if not _NUMBER.fullmatch(value) or len(numbers) != 1 or _NUMBER.fullmatch(old.strip()):
        return value
    n = numbers[0]
    return f"{old[:n.start()]}{value}{old[n.end():]}".strip()


# "回答我用繁体", "answer me in Spanish": a rule whose last word is the value it is about (a language, a tool, a unit)
_RULE_TAIL = re.compile(r"^(?P<head>.*?(?:用|说|写|讲|以|按|\bin|\bwith|\busing|\buse))\s*(?P<tail>[^\s，,。]{1,12}|[A-Za-z][\w.+#-]*)$", _I)


def substituted(old: str, value: str, named: list[str] | tuple[str, ...] = ()) -> str:
    """A rule or a statement with its value replaced ("回答我用繁体" + "简体" → "回答我用简体", "answer me in Spanish" +
    "Portuguese" → "answer me in Portuguese"): the old value the correction named, else the rule's last word.
    `value` when the old text holds no such value or already says the new one."""
    value = value.strip()
    if not value or value.casefold() in old.casefold() or len(value) > 24:
        return value
    for n in sorted((n for n in named if n), key=len, reverse=True):
        at = old.casefold().find(n.casefold())
        if at >= 0 and len(n) < len(old):
            return f"{old[:at]}{value}{old[at + len(n):]}"
    m = _RULE_TAIL.match(old.strip())
    if m and len(m.group("head").strip()) >= 2:
        head = m.group("head")
        return f"{head}{' ' if head[-1].isascii() and head[-1].isalnum() else ''}{value}"
    return value


__all__ = ["again", "described", "left", "moved_onto", "pointed", "substituted", "untimed", "versioned", "without_reason"]
