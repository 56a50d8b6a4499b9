"""A value the assistant read back, corrected by a bare new value (zh + en).

"whats our python version" → "Your project uses Python 3.10." → "3.12 now"; "我们 Python 版本是多少来着" → "之前你说是
Python 3.8。" → "现在 3.11 了": the user's message is only a value and a word saying it changed or was wrong (now,
actually, already, no, 现在, 已经, 其实, 不对, 了); the assistant's last turn told the user a value of theirs of the
same shape. The correction is the assistant's sentence said back in the first person ("Our project uses Python
3.12"), or, when that sentence names no attribute ("之前你说是 Python 3.8"), the user's question answered with the
new value ("我们 Python 版本是 3.11"). `restated` gives those statements; the extractor reads their claims.

    >>> restated("3.12 now", [{"role": "user", "content": "whats our python version"},
    ...                        {"role": "assistant", "content": "Your project uses Python 3.10, according to earlier."}])
    [('Our project uses Python 3.12', '3.12 now')]
    >>> restated("现在 3.11 了", [{"role": "user", "content": "我们 Python 版本是多少来着"},
    ...                           {"role": "assistant", "content": "之前你说是 Python 3.8。"}])
    [('我们 Python 版本是 3.11', '现在 3.11 了')]
    >>> restated("3.11", [{"role": "assistant", "content": "Do you want 3.10 or 3.11?"}])
    []
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import correction_swap

_I = re.IGNORECASE
_CJK = re.compile(r"[\u4e00-\u9fff]")
# the words around a bare value that say it changed or was wrong
_LEAD = re.compile(r"^(?:(?:no|nope|nah|oh|ah|hm+|well|actually|wait|sorry|it'?s|its|we'?re on|it is|now|already|"
                   r"现在|目前|已经|其实|不对|不是|哦|啊|嗯|早就|是|都)[\s,，!！—-]*)+", _I)
_TAIL = re.compile(r"(?:[\s,，]*(?:now|already|actually|these days|anymore|了|啦|呢|吧|哈|啊|早就升了|已经))+$", _I)
_CUE = re.compile(r"\b(?:now|actually|already|these days|no|nope|nah)\b|现在|目前|已经|其实|不对|不是|了$", _I)
_CLAUSE = re.compile(r"[,，.。!！;；?？\n]+(?!\d)")
# the assistant telling the user what the user has or said ("Your project uses …", "之前你说是 …")
_TOLD = re.compile(r"\b(?:your|you'?re|you are|you said|you mentioned|you told me|you use|you have)\b|你们|你的|你说|你提到|你用", _I)
_REPORTED = re.compile(r"^(?:之前|上次|刚才|以前)?你(?:们)?(?:说|提到|讲)(?:过)?(?:的)?(?:是)?|^(?:earlier\s+)?you\s+(?:said|mentioned|told me)\s+(?:that\s+)?", _I)
_AFTER = re.compile(r",?\s*(?:according to (?:earlier|what you said|my notes|memory)|as you said|if i remember)\b.*$", _I)
_PERSON_EN = [(r"\byour\b", "our"), (r"\byou'?re\b", "we're"), (r"\byou are\b", "we are"), (r"\byou\b", "we")]
_PERSON_ZH = [("你们", "我们"), ("你的", "我的"), ("你", "我")]
_ASKED_ZH = re.compile(r"^(?P<t>.+?(?:是|用的是|用))(?:多少|什么|哪个|哪一个|几)(?:版本|号)?(?:来着|呢|啊|吗)?[?？]?$")
_ASKED_EN = re.compile(r"^(?:what'?s|whats|what is|which is)\s+(?P<t>(?:our|my)\s+.+?)[?]?$", _I)


def _value(message: str) -> tuple[str, str]:
    """(value, clause): the message's first clause as a bare value with a word that says it changed, else ("", "")."""
    clause = next((c.strip() for c in _CLAUSE.split(message.strip()) if c.strip()), "")
    if not clause or not _CUE.search(clause):
        return "", ""
    value = _TAIL.sub("", _LEAD.sub("", clause)).strip()
    short = len(value) <= 12 if _CJK.search(value) else len(value.split()) <= 3
    if not value or not short or not re.search(r"[\dA-Za-z\u4e00-\u9fff]", value):
        return "", ""
    return value, clause


def _first_person(sentence: str) -> str:
    pairs = _PERSON_ZH if _CJK.search(sentence) else _PERSON_EN
    for old, new in pairs:
        sentence = re.sub(old, new, sentence, flags=_I) if old.startswith("\\b") else sentence.replace(old, new)
    return sentence[:1].upper() + sentence[1:]


def _asked(question: str, value: str) -> str:
    """The user's question about their value, answered with `value` ("我们 Python 版本是多少来着" → "…是 3.11")."""
    q = question.strip()
    if m := _ASKED_ZH.match(q):
        return f"{m.group('t')} {value}"
    if m := _ASKED_EN.match(q):
        return f"{m.group('t')} is {value}"
    return ""


def restated(message: str, earlier: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(statement, quote) pairs: the value the assistant's last turn read back to the user, said with the new value
    the message gives; [] when the message is no such correction."""
    if not earlier or earlier[-1].get("role") in ("user", "human"):
        return []
    value, clause = _value(message)
    if not value:
        return []
    told = str(earlier[-1].get("content", ""))
    users = [str(t.get("content", "")) for t in earlier if t.get("role") in ("user", "human")]
    for sentence in re.split(r"(?<=[.!])(?!\d)\s*|(?<=[。！])|\n+", told):
        sentence = _AFTER.sub("", sentence.strip().rstrip(".。!！"))
        if not sentence or sentence.endswith(("?", "？")) or not _TOLD.search(sentence):
            continue
        said = _REPORTED.sub("", sentence).strip()
        old = correction_swap.old_span(value, said)
        if not old or old.casefold() == value.casefold() or value.casefold() in said.casefold():
            continue
        if said != sentence or not _TOLD.search(said):  # "之前你说是 Python 3.8": no attribute of its own
            statement = _asked(users[-1], value) if users else ""
        else:
            statement = _first_person(said.replace(old, value, 1))
        if statement:
            return [(statement, clause)]
    return []
