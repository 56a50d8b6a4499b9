"""How old the user's child, relative or pet is (zh + en): "my son is 10", "我家狗三岁了", "我女儿今年五岁".

The age is an attribute of whom it is said of (`attr:son_age`, `attr:狗年龄`), never the user's own age. Said in
passing it is context, not stored (labelled sets keep "my daughter just turned 6, write her a story" out); a
correction stores it ("I misspoke, my son is 10, not 12") and replaces an age said before ("我家狗三岁了" …
"哦不对，是四岁").

Example:
    >>> [(c.predicate, c.object) for c in parse("my son is 10 years old") + parse("我家狗三岁了")]
    [('attr:son_age', '10'), ('attr:狗年龄', '三岁')]
    >>> parse("my son is 10 minutes late"), parse("我儿子三岁的时候")
    ([], [])
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .rules import Claim

_I = re.IGNORECASE
_KIN_EN = (r"son|daughter|kid|child|baby|boy|girl|brother|sister|mom|mum|mother|dad|father|grandson|granddaughter|niece|nephew|"
           r"grandma|grandpa|grandmother|grandfather|dog|cat|puppy|kitten|parrot|rabbit|bunny|hamster|horse|pony|turtle|tortoise")
_KIN_ZH = (r"儿子|女儿|闺女|孩子|小孩|宝宝|老大|老二|大宝|二宝|哥哥|姐姐|弟弟|妹妹|妈妈|爸爸|老妈|老爸|爷爷|奶奶|外公|外婆|"
           r"狗狗|小狗|猫咪|小猫|兔子|鹦鹉|乌龟|猫|狗")
_SAME = {"mum": "mom", "mother": "mom", "father": "dad", "child": "kid", "puppy": "dog", "kitten": "cat", "bunny": "rabbit",
         "狗狗": "狗", "小狗": "狗", "猫咪": "猫", "小猫": "猫", "闺女": "女儿", "小孩": "孩子", "老妈": "妈妈", "老爸": "爸爸"}
_NUM_ZH = r"(?:\d{1,3}|[一二两三四五六七八九十]{1,3})"
_EN = re.compile(
    rf"^(?:my|our)\s+(?:(?:little|baby|youngest|oldest|eldest|older|younger|big|twin|old|new)\s+)?(?P<k>{_KIN_EN})"
    r"(?:\s+(?P<n>(?-i:[A-Z])[\w-]+))?\s+(?:is|'s|just turned|turned|has turned|is turning)\s+(?:now\s+|actually\s+|only\s+|just\s+|already\s+)*"
    r"(?P<o>[1-9]\d?)(?:\s*(?P<u>months?|weeks?))?(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*(?:yo|y/o)|\s+old)?"
    r"(?:\s+(?:now|already|actually|this year))?(?:\s+(?:and|but|so|who)\s+.*)?$", _I)
_ZH = re.compile(
    rf"^我(?:的|家)?(?:的)?(?P<k>{_KIN_ZH})(?:[\u4e00-\u9fffA-Za-z]{{1,4}}?)??(?:今年|现在|已经|都|才|刚|刚刚|快|马上|也)*(?:满)?"
    rf"(?P<o>{_NUM_ZH}(?:周岁|岁|个月)(?:半)?)(?:大)?了?$")
# the age said again of whom the conversation named ("记错了，他六岁了", "sorry, she's 7"): a corrected value
AGE_AGAIN = re.compile(rf"^(?:他|她|它)(?:今年|现在|已经|都|才|其实)*(?:满)?(?P<z>{_NUM_ZH}(?:周岁|岁|个月)(?:半)?)(?:大)?了?$|"
                       r"^(?:he|she|it)(?:'s|\s+is)\s+(?:actually\s+|only\s+|now\s+|just\s+)*(?P<e>[1-9]\d?)"
                       r"(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*(?:yo|y/o))?(?:\s+(?:now|actually))?$", _I)
# an age as a value ("10 years old", "四岁", "6岁"), and the attributes that hold one
# (a bare number is no age: "I meant 15" may be a version)
_AGE_VALUE = re.compile(rf"^(?:[1-9]\d?(?:\s*(?:years?|yrs?)\s+old|\s*(?:yo|y/o)|\s*months?(?:\s+old)?)|{_NUM_ZH}(?:周岁|岁|个月)(?:半)?)$", _I)


def parse(clause: str) -> list[Claim]:
    """The age of a relative or pet said in one clause; [] for anything else."""
    clause = clause.strip(" \t.,;:!?。，；：！？")
    if m := _EN.match(clause):
        kin = _SAME.get(m.group("k").lower(), m.group("k").lower())
        unit = f" {m.group('u').lower().rstrip('s')}s" if m.group("u") else ""
        named = [Claim("user", f"attr:{kin}_name", m.group("n"), "positive", "fact")] if m.group("n") else []
        return [*named, Claim("user", f"attr:{kin}_age", m.group("o") + unit, "positive", "fact")]
    if m := _ZH.match(clause):
        kin = _SAME.get(m.group("k"), m.group("k"))
        return [Claim("user", f"attr:{kin}年龄", m.group("o"), "positive", "fact")]
    return []


def mentions(text: str) -> list[Claim]:
    """The ages a message gives in any of its clauses ("周末想出去玩，孩子三岁" reads 孩子 as the user's)."""
    out: list[Claim] = []
    for clause in re.split(r"[,，.。!！?？;；]\s*|\s+and\s+", text):
        clause = clause.strip()
        out += parse(clause) or (parse("我" + clause) if re.match(rf"(?:{_KIN_ZH})", clause) else [])
    return out


def replacing(ages: list[Claim], earlier: Sequence[Mapping[str, Any]]) -> list[Claim]:
    """`ages` said in a correction, each replacing the age the user gave that relative or pet before."""
    before = [c for t in earlier if t.get("role") in ("user", "human") for c in mentions(str(t.get("content", "")))]
    for age in ages:
        old = next((o.object for o in reversed(before) if o.predicate == age.predicate and o.object != age.object), "")
        if old and not age.replaces:
            age.replaces.append(old)
    return ages


def said(clause: str) -> bool:
    """The clause states a relative's or pet's age: the user's own fact, not what the relative said."""
    return bool(parse(clause))


def is_age(value: str) -> bool:
    return bool(_AGE_VALUE.match(value.strip()))


def holds_age(predicate: str) -> bool:
    return predicate.endswith(("_age", "年龄")) or predicate == "attr:age"


def again(clause: str) -> str:
    """The age in "他六岁了" / "she's 7": the corrected value of an age said before; "" when the clause is none."""
    m = AGE_AGAIN.match(clause.strip(" \t.,;:!?。，；：！？"))
    return (m.group("z") or m.group("e")) if m else ""

