"""A life event that names someone new says a lasting fact: "We adopted a cat named Miso" says the user's cat is
Miso, "Our daughter Ava was born yesterday" that their daughter is Ava, "我和小雨结婚了" that their partner is 小雨.
Told as events they were skipped as past episodes; here each is said again as the name statement the grammar reads
("We got a cat named Miso", "我女儿叫朵朵。"). An event with no name ("we got married") stays as it was.

Example:
    >>> said_as_names("We adopted a kitten last week, her name is Luna. Any tips?")
    'We got a kitten, her name is Luna. Any tips?'
    >>> said_as_names("Our son Leo was born on Monday!")
    'My son is called Leo!'
    >>> said_as_names("我女儿昨天出生了，取名叫朵朵。")
    '我女儿叫朵朵。'
    >>> said_as_names("We adopted Scrum last year.")
    'We adopted Scrum last year.'
"""

from __future__ import annotations

import re

from .grammar import PET_EN

_I = re.IGNORECASE
_WHEN_EN = r"(?:\s+(?:last|this|on|in|yesterday|today|over|a\s+few|two|three|\d+)\b[^,.;:!?—–-]{0,24})?"
_NAME_EN = r"(?P<o>(?-i:[A-Z])[\w-]+)"
_HOME_EN = (r"(?:we|i|my\s+(?:partner|wife|husband|girlfriend|boyfriend|fianc[eé]e?|family|kids)\s+and\s+i)\s+"
            r"(?:just\s+|finally\s+|recently\s+|have\s+|'ve\s+)?")
# "We adopted a kitten last week, her name is Luna", "I rescued a greyhound — we call him Bolt"
_PET_THEN_NAME = re.compile(
    rf"\b{_HOME_EN}(?P<v>adopted)\s+(?:a|an)\s+(?:(?:new|little|tiny|sweet|rescue|young|"
    rf"[a-z]+-?(?:year|month|week)-?old)\s+)*(?P<k>{PET_EN})(?:\s+(?:puppy|kitten))?(?P<when>{_WHEN_EN})"
    rf"(?:\s+(?:named|called)\s+|\s*[,;—–-]\s*(?:and\s+)?(?:(?:his|her|its|their)\s+name(?:'s|\s+is)\s+|(?:he|she|it)(?:'s|\s+is)\s+called\s+|"
    rf"(?:we|i)\s+(?:named|call|called)\s+(?:him|her|it)\s+)){_NAME_EN}\b", _I)
# "Our daughter Ava was born yesterday", "my son was born last week, we named him Leo", "We had a baby girl, Mia"
_BORN = re.compile(
    rf"\b(?:our|my)\s+(?:new\s+|newborn\s+|baby\s+|little\s+)*(?P<k>daughter|son|baby\s+(?:girl|boy)|twins?)\s+{_NAME_EN}\s+(?:was|were)\s+born\b"
    rf"{_WHEN_EN}|"
    rf"\b(?:our|my)\s+(?:baby\s+)?(?P<k2>daughter|son|baby\s+(?:girl|boy))\s+was\s+born{_WHEN_EN}\s*[,;—–-]\s*(?:and\s+)?"
    rf"(?:(?:we|i)\s+(?:named|called)\s+(?:him|her)\s+|(?:his|her)\s+name(?:'s|\s+is)\s+|(?:he|she)(?:'s|\s+is)\s+called\s+)(?P<o2>(?-i:[A-Z])[\w-]+)\b|"
    rf"\b(?:we|i)\s+(?:just\s+)?(?:had|welcomed)\s+(?:a|our)\s+(?:baby\s+|little\s+)*(?P<k3>girl|boy|daughter|son){_WHEN_EN}"
    rf"(?:\s+(?:named|called)\s+|\s*[,—–-]\s*)(?P<o3>(?-i:[A-Z])[\w-]+)\b", _I)
# "I married Sarah", "Sarah and I got married", "I'm now married to Tom"
_MARRIED = re.compile(
    rf"^(?:so\s+|well\s+|guess\s+what[,!]?\s+)?(?:i(?:\s+(?:just\s+|finally\s+)?(?:married|got\s+married\s+to)|\s+am\s+(?:now\s+)?married\s+to|'m\s+(?:now\s+)?married\s+to)\s+{_NAME_EN}|"
    rf"(?P<o2>(?-i:[A-Z])[\w-]+)\s+and\s+i\s+(?:just\s+|finally\s+)?got\s+married){_WHEN_EN}\s*(?P<end>[.!,;]|$)", _I | re.M)

_KIDS_ZH = r"儿子|女儿|闺女|宝宝|二胎|老二|孩子"
_NAME_ZH = r"(?P<o>[\u4e00-\u9fff]{2,3}|[A-Z][a-z]+)"
_WHEN_ZH = r"(?:昨天|前天|今天|上周|上个月|上礼拜|这周|刚刚?|终于|顺利)*"
# "我女儿昨天出生了，取名叫朵朵", "我们家生了个儿子，叫乐乐", "我家宝宝出生啦，名字叫小满"
_BORN_ZH = re.compile(
    rf"我(?:们)?(?:家)?(?:的)?(?:(?P<k>{_KIDS_ZH}){_WHEN_ZH}(?:出生|出世|降生)了?啦?|{_WHEN_ZH}(?:生了|添了)(?:一个|个)?(?P<k2>儿子|女儿|闺女|宝宝))"
    rf"[，,!！~～]*(?:我们)?(?:给(?:他|她|它))?(?:取名|起名|名字)?(?:叫|为|是){_NAME_ZH}(?=[。！!，,~～]|$)")
# "我和小雨结婚了", "我跟 Tom 领证了"
_MARRIED_ZH = re.compile(rf"^我(?:和|跟|与)\s*{_NAME_ZH}\s*(?:{_WHEN_ZH})(?:结婚|领证|成家)了")
_NOT_NAMES_ZH = re.compile(r"^(?:他|她|它|我们|对象|老婆|老公|女朋友|男朋友|家里|朋友|同事)")


def _got(m: re.Match[str]) -> str:
    """"adopted" said as "got", which the grammar reads with the name after it ("adopted" alone names no pet); when
    it happened is left out ("a kitten on Saturday" is no kind of pet)."""
    said, at = m.group(0), m.start()
    return (said[:m.start("v") - at] + "got" + said[m.end("v") - at:m.start("when") - at] + said[m.end("when") - at:])


def _kid_en(kind: str) -> str:
    kind = re.sub(r"^baby\s+", "", kind.lower())
    return {"girl": "daughter", "boy": "son", "twin": "twins"}.get(kind, kind)


def _born(m: re.Match[str]) -> str:
    kind = m.group("k") or m.group("k2") or m.group("k3")
    return f"My {_kid_en(kind)} is called {m.group('o') or m.group('o2') or m.group('o3')}"


def _married(m: re.Match[str]) -> str:
    return f"My partner is called {m.group('o') or m.group('o2')}{m.group('end')}"


def _born_zh(m: re.Match[str]) -> str:
    kind = m.group("k") or m.group("k2")
    return f"我{'孩子' if kind in ('二胎', '老二') else kind}叫{m.group('o')}"


def _married_zh(m: re.Match[str]) -> str:
    return m.group(0) if _NOT_NAMES_ZH.match(m.group("o")) else f"我伴侣叫{m.group('o')}"


def said_as_names(text: str) -> str:
    """`text` with each naming life event said as the statement of the name it gives (other text unchanged)."""
    if re.search(r"adopt|got|rescued|took in|brought home|born|had|welcomed|married", text, _I):
        text = _PET_THEN_NAME.sub(_got, text)
        text = _BORN.sub(_born, text)
        text = _MARRIED.sub(_married, text)
    if re.search(r"出生|出世|降生|生了|添了", text):
        text = _BORN_ZH.sub(_born_zh, text)
    if re.search(r"结婚|领证|成家", text):
        text = _MARRIED_ZH.sub(_married_zh, text)
    return text


__all__ = ["said_as_names"]
