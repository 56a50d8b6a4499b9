"""A security question written out and the answer given to it (en + zh): the answer resets an account, so it is a
credential whatever it says.

The question is one of two things: a quoted prompt about the user's own past ("the answer to 'what was your first
car' is 'blue Nissan Micra'", "For 'what was your childhood nickname' I always put Sprout", "“你出生的城市”那个问题
我的答案是 洛阳"), or the question after its label ("Security question: What was the name of your first pet? Answer:
Biscuit", "安全问题：我最喜欢的老师？答案：王老师"). Then a link that gives it an answer ("is", "Answer:", "I put / told
them / always use", "答案是", "我填的是") and the answer itself. A fact said plainly ("my first pet's name was Pickles")
is no question written out, and stays a fact.
"""

from __future__ import annotations

import re

from .credentials import _EN_NON_VALUE, Finding
from .dismissed import _QUOTED

_I = re.IGNORECASE

# what a security question asks about: the user's own past
_PERSONAL = re.compile(r"\b(?:your|you)\b[^'\"”’」]{0,60}?\b(?:first|favou?rite|childhood|maiden|born|grew\s+up|pet|teacher|"
                       r"school|street|car|nickname|best\s+friend|mother|father|mum|mom|dad|grand\w+|hometown|city|town|"
                       r"honeymoon|wedding|elder|oldest|youngest|sibling|brother|sister|spouse|hospital|employer|boss)\b|"
                       r"\b(?:name\s+of\s+your|mother'?s\s+maiden|city\s+of\s+birth|place\s+of\s+birth)\b|"
                       r"你.{0,12}?(?:第一|最喜欢|最爱|小学|中学|初中|高中|出生|宠物|小名|乳名|昵称|母亲|父亲|妈妈|爸爸|老师|"
                       r"偶像|家乡|故乡|童年|老家|配偶|好朋友|街道|车)|"
                       r"(?:我|本人).{0,6}?(?:第一|最喜欢|小学|出生|宠物|小名|乳名)", _I)
# any question to the user ("'what is your …'", "“你…叫什么”"), in a sentence about an account's checks
_ASKS_USER = re.compile(r"\b(?:what|where|who|which|when|how)\b[^'\"”’」]{0,40}?\byour?\b|[你您][^”」]{0,20}?(?:什么|哪|谁|几|多少|[?？])", _I)
_ACCOUNT_CHECK = re.compile(r"\b(?:security|secret|bank|banking|account|verification|verify|reset|recovery|recover|login|sign[- ]?in|"
                            r"password|support|helpdesk|hmrc|irs|paypal|apple\s+id)\b|密保|安全|验证|银行|账号|帐号|账户|找回|重置|登录|客服", _I)
# a question someone asks for another reason: an interview, a survey, a quiz
_OTHER_ASKING = re.compile(r"\b(?:interview\w*|survey|questionnaire|quiz|poll|icebreaker|exam|homework|dating|tutorial|"
                           r"game|trivia)\b|面试|问卷|调查|测验|考试|作业|游戏|破冰|相亲", _I)
# a quoted prompt named a question: "the answer to my bank's 'favourite food' question"
_NAMED_QUESTION = re.compile(r"\s*(?:security\s+)?question\b|\s*(?:那个|这个|的)?(?:密保)?问题", _I)
# a question after its label: "Security question: What was …?", "密保问题：…？"
_LABELLED = re.compile(r"\b(?:security|secret|verification|challenge)\s+question\s*\d*\s*[:：-]\s*(?P<q>[^?？\n]{3,100}[?？])|"
                       r"(?:密保|安全|验证)问题\s*\d*\s*(?:是|[:：])\s*(?P<z>[^?？\n]{2,50}[?？])", _I)
# a question and an answer label right after it: "What was your first pet? Answer: Biscuit"
_ASKED = re.compile(r"(?P<q>[^.!?\n。！？]{3,100}[?？])(?=\s*(?:answer|ans|A|答案|答)\s*[:：])", _I)
_LINK = re.compile(
    r"(?:\s*[,，]?\s*(?:(?:那个|这个|的)?问题)?[^.!?\n。！？]{0,24}?)"
    r"(?:\b(?:answer|ans|A)\s*[:：=]|\banswer\s+(?:is|was)\b|\b(?:is|was)\b|"
    r"\bI\s+(?:\w+\s+)?(?:put|puts|use|used|typed|entered|wrote|gave|chose|picked|answered|said|set|told\s+(?:them|him|her|it|the\s+\w+))\b|"
    r"答案\s*(?:是|为|[:：])|答\s*[:：]|(?:我|都|就)?(?:填|写|选|答|用|设)(?:的|了)?(?:是|成)?)\s*", _I)
_EN_VALUE = re.compile(r"[\"'“‘](?P<q>[^\"'”’\n]{2,40})[\"'”’]|(?P<v>[A-Za-z0-9][\w'-]*(?:\s+(?!(?:and|but|so|because|since|"
                       r"though|which|that|for|if|when|in|on|at|to|as|on)\b)[A-Za-z0-9][\w'-]*){0,3})", _I)
_ZH_VALUE = re.compile(r"[\"“‘「](?P<q>[^\"”’」\n]{1,30})[\"”’」]|(?P<v>[^\s，,。；;！!？?、」”\"']{1,20})")


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    left = max(text.rfind(c, 0, start) for c in ".!?。！？\n") + 1
    right = min([i for i in (text.find(c, end) for c in ".!?。！？\n") if i >= 0] or [len(text)])
    return left, right


def _answer(text: str, q_end: int) -> Finding | None:
    link = _LINK.match(text, q_end)
    if not link:
        return None
    zh = re.search(r"[\u4e00-\u9fff]", link.group(0)) or re.match(r"[\u4e00-\u9fff]", text[link.end():link.end() + 1])
    m = (_ZH_VALUE if zh else _EN_VALUE).match(text, link.end())
    if not m:
        return None
    group = "q" if m.group("q") is not None else "v"
    value = m.group(group).strip()
    first = value.split()[0].casefold() if value.split() else ""
    if len(value) < 2 or first in _EN_NON_VALUE or first in ("them", "him", "her", "it", "yes", "no", "什么", "啥"):
        return None
    start = m.start(group) + (len(m.group(group)) - len(m.group(group).lstrip()))
    return Finding("security answer", "secret", start, start + len(value), value)


def find_questioned(text: str) -> list[Finding]:
    """Answers given to a security question written out in `text`.

    Example:
        >>> [f.value for f in find_questioned("Note that the answer to 'what was your first car' is 'blue Nissan Micra'.")]
        ['blue Nissan Micra']
        >>> find_questioned("my first pet's name was Pickles")
        []
    """
    ends = []
    for m in _QUOTED.finditer(text):
        left, right = _sentence(text, m.start(), m.end())
        if _OTHER_ASKING.search(text, left, right):
            continue
        checked = _ACCOUNT_CHECK.search(text, left, right)
        if _PERSONAL.search(m.group(0)) or (checked and _ASKS_USER.search(m.group(0))):
            ends.append(m.end())
        elif checked and (q := _NAMED_QUESTION.match(text, m.end())):
            ends.append(q.end())
    ends += [m.end() for m in _LABELLED.finditer(text)]
    ends += [m.end() for m in _ASKED.finditer(text) if _PERSONAL.search(m.group("q"))]
    found = [_answer(text, end) for end in sorted(set(ends))]
    return [f for f in found if f is not None]
